# The number screen: a whole number stepped with UP and DOWN. A module of its
# own, loaded while a number is asked (app.LEAVES): a hole never asks one
# unless a total is typed, and its code is out of the heap then (docs/MEMORY.md).
from hardware import BACK, DOWN, OK, UP
from ui.draw import DIM, FG
from ui.widgets import Screen, header


class Number(Screen):
    """A whole number from lo to hi: UP adds one, DOWN takes one (both wrap),
    OK gives it to on_done(n), BACK goes back. show(n): how it reads. The input modules know it by
    its `number` (ui/typed.py, ui/touch.py)."""

    number = True

    def __init__(self, app, title, lo, hi, value, on_done, show=str):
        super().__init__(app)
        self.title, self.lo, self.hi, self.n = title, lo, hi, value
        self.on_done = on_done
        self.show = show

    def key(self, key):
        if key == UP:
            self.n = self.lo if self.n >= self.hi else self.n + 1
        elif key == DOWN:
            self.n = self.hi if self.n <= self.lo else self.n - 1
        elif key == OK:
            self.on_done(self.n)
            return
        elif key == BACK:
            self.app.pop()
            return
        self.dirty = True

    def draw(self, pen):
        top = header(pen, self.title)
        pen.centred(self.show(self.n), top + pen.line_h, FG, pen.big)
        pen.centred("%s to %s" % (self.show(self.lo), self.show(self.hi)), pen.h - pen.line_h, DIM)
