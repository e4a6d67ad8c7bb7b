# A touch panel's taps (the CYD's): the app's keys are drawn as keys along
# the bottom (Back, Up, Down, OK) and a tap on one is that key; a tap on a
# menu's row chooses it. In a hole's grid or hand the keys are the game's
# cards, 40x40 px each (ui/pad.py). ui/calibrate.py learns the panel's
# wiring at the first start. Loaded on touch boards only (app.App).
from drivers.buttons import BACK, DOWN, OK, UP
from ui.draw import DIM, FG
from ui.widgets import Menu, scroll

KEY = 40  # a key's side in px: a finger's
BAR = (("Back", BACK), ("Up", UP), ("Down", DOWN), ("OK", OK))
BAR_LABELS = tuple(b[0] for b in BAR)
# screens with keys of their own (ui/pad.py): cards, letters, digits
PADS = ("GridEntry", "FixEntry", "HandEntry", "CardList", "NameEntry", "Number")


def has_pad(s):
    """Whether screen s shows a pad (ui/pad.py) instead of the bar: a number
    shown as itself takes digits; one shown otherwise (the sleep time) steps."""
    name = type(s).__name__
    return name in PADS and (name != "Number" or s.show is str)


def layout(pen, labels):
    """(keys a row, the pad's top row) for a pad of these keys along the bottom."""
    per = pen.d.width // KEY
    rows = (len(labels) + per - 1) // per
    return per, pen.d.height - rows * KEY


def hint(g):
    """Under a grid (its cards are on the pad): the player before's score."""
    from ui import direct

    return direct.previous(g)


def calibration(saved):
    """A saved calibration as the touch driver takes it, or None if it is
    not one (five values, four whole numbers whose ends are apart)."""
    if type(saved) is not list or len(saved) != 5:
        return None
    for v in saved[:4]:
        if type(v) is not int:
            return None
    if abs(saved[1] - saved[0]) < 100 or abs(saved[3] - saved[2]) < 100:
        return None
    return tuple(saved[:4]) + (saved[4] is True,)


def frame(app, top):
    """Draw screen top, and under it its pad or the bar of keys."""
    pen = app.pen
    name = type(top).__name__
    if has_pad(top):
        from ui import pad  # while a hole or a name is entered (app.LEAVES)

        labels = pad.labels(top)
        per, y0 = layout(pen, labels)
    elif name == "Calibrate":  # the whole screen
        labels, per, y0 = (), 0, pen.d.height
    else:
        labels = BAR_LABELS
        per, y0 = len(BAR), pen.d.height - KEY
    pen.h = y0
    w = pen.d.width // per if per else 0

    def draw(p):
        top.draw(p)
        for i in range(len(labels)):
            x, y = i % per * w, y0 + i // per * KEY
            p.box(x + 1, y + 1, w - 2, KEY - 2, DIM)
            t = labels[i]
            scale = 2 if p.text_width(t, 2) <= w - 6 else 1
            p.text(t, x + (w - p.text_width(t, scale)) // 2, y + (KEY - 8 * scale) // 2, FG, scale)

    pen.frame(draw)


def key(app, s, k):
    """A tap (x, y) to screen s."""
    if type(k) is not tuple:
        s.key(k)  # a logical key (the simulator's own keys)
        return
    x, y = k
    pen = app.pen
    name = type(s).__name__
    if name == "Calibrate":
        s.tap()
        return
    if has_pad(s):
        from ui import pad

        pad.tap(s, pen, x, y, KEY, *layout(pen, pad.labels(s)))
        return
    if y >= pen.d.height - KEY:
        s.key(BAR[min(len(BAR) - 1, x * len(BAR) // pen.d.width)][1])
    elif isinstance(s, Menu):
        i = menu_row(s, pen, y)
        if i is not None:
            s.cursor = i
            s.key(OK)


def menu_row(m, pen, y):
    """The menu's row at height y, or None: as list_rows lays them out."""
    top = pen.line_h + 3  # header's
    labels = [i[0] for i in m.items]
    vals = [m.value(i) for i in range(len(labels))] if m.value else [""] * len(labels)
    first, tall = scroll(pen, top, labels, m.cursor, vals)
    lh = pen.line_h + 2
    yy = top
    for i in range(first, len(labels)):
        h = lh * (2 if tall[i] else 1)
        if yy + h > pen.h:
            return None  # not drawn: list_rows stops there
        if yy <= y < yy + h:
            return i
        yy += h
    return None
