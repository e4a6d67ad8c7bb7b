# A touch panel's taps (the CYD's): the app's keys are drawn as keys along
# the bottom (Back, Up, Down, OK) and a tap on one is that key; a tap on a
# menu's row chooses it. In a hole's grid or hand the keys are the game's
# cards, 40x40 px each (ui/pad.py). ui/calibrate.py learns the panel's
# wiring at the first start. Loaded on touch boards only (app.App).
from hardware import BACK, DOWN, OK, UP
from ui.draw import DIM, FG
from ui.widgets import Menu

KEY = 40  # a key's side in px: a finger's
BAR = (("Back", BACK), ("Up", UP), ("Down", DOWN), ("OK", OK))
BAR_LABELS = tuple(b[0] for b in BAR)
OK_KEY, DONE_KEY = "OK", "Done"  # the pad keys that take a grid, a hand (the screens' hints)
ready_pad = True  # a complete grid's pad has OK on it (ui/pad.py): drawn whole as it comes and goes


def keys_of(screen):
    """The keys of the screen's pad (its pad(), the input contract:
    ui/widgets.py), or None: the bar. A number shown as itself takes digits;
    one shown otherwise (the sleep time) steps."""
    if hasattr(screen, "pad"):
        return screen.pad()  # (called, not taken: a method taken is an object made)
    if screen.number and screen.show is str:
        import ui.numpad  # while a number is typed (app.LEAVES)

        return ui.numpad.keys(screen)
    return None


def layout(pen, labels):
    """The top row of a pad of these keys along the bottom, pen.d.width // KEY
    keys a row."""
    per = pen.d.width // KEY
    return pen.d.height - (len(labels) + per - 1) // per * KEY


def hint(grid):
    """Under a grid (its cards are on the pad): the player before's score."""
    import ui.onepress

    return ui.onepress.previous(grid)


_top = _labels = None  # what frame() draws: _draw reads them here (a closure would be made each frame)


def frame(app, top, dirty=True):
    """Draw screen top, and under it its pad or the bar of keys; dirty: what
    changed (Pen.frame)."""
    global _top, _labels
    pen = app.pen
    labels = keys_of(top)
    if labels:
        y0 = layout(pen, labels)
    elif labels is not None:  # no keys: the whole screen is the screen's (the calibration)
        y0 = pen.d.height
    else:
        labels = BAR_LABELS
        y0 = pen.d.height - KEY
    pen.h = y0
    _top, _labels = top, labels
    pen.frame(_draw, dirty)
    _top = _labels = None


def _draw(pen):
    _top.draw(pen)  # type: ignore[union-attr]
    labels = _labels
    y0 = pen.h
    c = pen.clip  # a frame of what changed (Pen.frame): the pad drawn only where it meets it
    if not labels or c and not pen._meets(c, len(c), 0, y0, 999, 999):
        return
    per = len(BAR) if labels is BAR_LABELS else pen.d.width // KEY
    w = pen.d.width // per
    for i in range(len(labels)):
        x, y = i % per * w, y0 + i // per * KEY
        pen.box(x + 1, y + 1, w - 2, KEY - 2, DIM)
        t = labels[i]
        scale = 2 if len(t) * 16 <= w - 6 else 1  # (Pen.text_width: 8 px a character at scale 1)
        pen.text(t, x + (w - len(t) * 8 * scale) // 2, y + (KEY - 8 * scale) // 2, FG, scale)


def key(app, screen, tap):
    """A tap to the screen: the touch panel, its x and y where (drivers/xpt2046.Taps),
    or a logical key (a str)."""
    if type(tap) is str:
        screen.key(tap)  # a logical key (the simulator's own keys)
        return
    x = tap.x
    y = tap.y
    pen = app.pen
    labels = keys_of(screen)
    if labels is not None:  # a pad: a key's tap to the screen's press(), above it its tap()
        y0 = layout(pen, labels)
        i = (y - y0) // KEY * (pen.d.width // KEY) + x // KEY
        if y < y0:
            if hasattr(screen, "tap"):
                screen.tap(x, y)
        elif i < len(labels):
            if hasattr(screen, "press"):
                screen.press(labels[i])
            else:
                import ui.numpad

                ui.numpad.press(screen, labels[i])
        return
    if y >= pen.d.height - KEY:
        screen.key(BAR[min(len(BAR) - 1, x * len(BAR) // pen.d.width)][1])
    elif isinstance(screen, Menu):
        import ui.menutap  # (for the tap alone, let go at once)

        i = ui.menutap.row(screen, pen, y)
        app.forget("ui.menutap")
        if i is not None:
            screen.cursor = i
            screen.key(OK)
