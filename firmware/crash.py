# What happens when the app fails (guard.py calls report): the error goes
# to errors.log with its traceback, and the error screen is drawn. Loaded at
# boot and drawn with the guard's Pen, so that handling an error (a
# MemoryError above all) needs no memory to begin with; each step that does
# need some is skipped when there is none: the log first, then the error's
# own text, which gives way to fixed lines.
from app import VERSION
from storage.log import log_error
from ui.draw import BAD, DIM, FG

TIGHT = (("Error", BAD), ("Out of memory;", DIM), ("any key: back", FG), ("to the game", FG))
_shown = [TIGHT]  # the lines _draw draws (set here, so no closure is made)


def report(hw, pen, e, crashes, now):
    try:
        log_error("--- error %d in a row; firmware %s on %s; at %d ms\n%s" % (
            crashes, VERSION, hw.board, now, format_exc(e)))
    except MemoryError:
        pass  # no room to say it in the log: the screen still says it
    try:
        hw.display.sleep(False)
    except Exception:
        pass
    try:
        _shown[0] = lines(pen, e)
    except MemoryError:
        _shown[0] = TIGHT
    try:
        pen.frame(_draw)
    except Exception:
        pass  # the screen is part of the trouble: the log has it


def format_exc(e):
    """An exception and its traceback, as text."""
    import io
    import sys

    out = io.StringIO()
    if hasattr(sys, "print_exception"):  # MicroPython
        sys.print_exception(e, out)  # type: ignore[attr-defined]
    else:
        import traceback  # type: ignore[import-not-found]  # CPython only

        traceback.print_exception(type(e), e, e.__traceback__, file=out)
    return out.getvalue()


def lines(pen, e):
    """The error screen's (text, colour role) lines: what failed, and that a
    key goes back to the saved game; the message fills what room is left."""
    d = pen.d
    cols = (d.width - 4) // (8 * pen.scale)
    room = d.height // (pen.line_h + 2)
    foot = wrap("Any key: back to the game", cols)
    middle = wrap("%s: %s" % (e.__class__.__name__, e), cols)[: max(0, room - 1 - len(foot))]
    return [("Error", BAD)] + [(t, DIM) for t in middle] + [(t, FG) for t in foot]


def _draw(pen):
    lh = pen.line_h + 2
    y = 1
    for text, role in _shown[0]:
        pen.text(text, 2, y, role)
        y += lh


def wrap(text, cols):
    """Lines of at most cols characters, broken at spaces where possible."""
    out: list = []
    for word in text.split():
        while len(word) > cols:
            out.append(word[:cols])
            word = word[cols:]
        if out and len(out[-1]) + 1 + len(word) <= cols:
            out[-1] += " " + word
        elif word:
            out.append(word)
    return out
