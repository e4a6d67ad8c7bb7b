# The application: a stack of screens fed with logical keys. Each step polls
# the keys, lets the screen in front update, and redraws only when it says
# something changed; the display then pushes only what was marked.
from compat import sleep_ms, ticks_diff, ticks_ms
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

    def shown(self):
        """Called when the screen comes back to the front."""


class App:
    POLL_MS = 5  # buttons are polled this often

    def __init__(self, hw):
        import store

        self.hw = hw
        self.pen = Pen(hw.display)
        self.stack: list = []
        self.state, problem = store.load()
        self.game = None  # the engine Game in progress
        self.last_key = None  # when a key was last pressed (ms)
        self.asleep = False
        hw.keys.set_timings(long_ms=self.state["settings"].get("long_ms", 600))
        from ui.home import Home

        self.push(Home(self))
        if self.state["game"] is not None:
            self.resume()
        if problem:
            from ui.widgets import Message

            self.push(Message(self, "Note", [problem]))

    def resume(self):
        """Open the saved game in progress (at boot, or from the menu)."""
        from engine.errors import ScoreError
        from engine.game import from_doc
        from ui.play import Play

        try:
            self.game = from_doc(self.state["game"], totals_ok=True)
        except ScoreError as e:
            from ui.widgets import Message

            self.state["game"] = None
            self.push(Message(self, "Note", ["The saved game could not be read: " + e.text()]))
            return
        self.push(Play(self))

    def save(self):
        """Save the state, the game in progress included. A failed save is
        shown; the game in memory is kept."""
        import store

        if self.game is not None:
            self.state["game"] = self.game.to_doc()
        try:
            store.save(self.state)
        except OSError as e:
            from ui.widgets import Message

            self.push(Message(self, "Not saved", ["Saving failed (%s). The game is kept in memory." % e]))

    def push(self, screen):
        self.stack.append(screen)
        screen.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.stack[-1].dirty = True
            self.stack[-1].shown()

    def pop_to(self, screen):
        """Go back until screen is in front."""
        while len(self.stack) > 1 and self.stack[-1] is not screen:
            self.stack.pop()
        self.stack[-1].dirty = True
        self.stack[-1].shown()

    def step(self, now):
        """One turn of the loop at time now (ms); True if it redrew."""
        keys = self.hw.keys.poll(now)
        if self.last_key is None:
            self.last_key = now
        if keys:
            self.last_key = now
            if self.asleep:  # any key wakes the screen, and only wakes it
                self.asleep = False
                self.hw.display.sleep(False)
                return False
            for k in keys:
                self.stack[-1].key(k)
        elif not self.asleep:
            after = self.state["settings"]["sleep_s"]
            if after and ticks_diff(now, self.last_key) > after * 1000:
                self.asleep = True
                self.hw.display.sleep(True)
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
