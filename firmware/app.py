# The application: a stack of screens fed with logical keys. Each step polls
# the keys, lets the screen in front update, and redraws only when it says
# something changed; the display then pushes only what was marked.
from compat import sleep_ms, ticks_ms
from ui.draw import Pen

VERSION = "0.1.0"


class Screen:
    """A screen: key(k) reacts (and sets self.dirty), draw(pen) draws."""

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def key(self, k):
        pass

    def draw(self, pen):
        pass


class App:
    POLL_MS = 5  # buttons are polled this often

    def __init__(self, hw):
        self.hw = hw
        self.pen = Pen(hw.display)
        self.stack: list = []
        from ui.home import Home

        self.push(Home(self))

    def push(self, screen):
        self.stack.append(screen)
        screen.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.stack[-1].dirty = True

    def step(self, now):
        """One turn of the loop at time now (ms); True if it redrew."""
        for k in self.hw.keys.poll(now):
            self.stack[-1].key(k)
        top = self.stack[-1]
        if not top.dirty:
            return False
        top.dirty = False
        self.pen.clear()
        top.draw(self.pen)
        self.hw.display.show()
        return True

    def run(self):
        while True:
            self.step(ticks_ms())
            sleep_ms(self.POLL_MS)
