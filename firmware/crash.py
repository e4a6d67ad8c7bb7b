# What happens when the app fails (guard.py calls report): the error goes
# to errors.log with its traceback, and the error screen is drawn. Imported
# only then, so its code takes no heap while all is well.
import store


def report(hw, e, crashes, now):
    from app import VERSION

    store.log_error("--- error %d in a row; firmware %s on %s; at %d ms\n%s" % (
        crashes, VERSION, hw.board, now, format_exc(e)))
    try:
        hw.display.sleep(False)
        draw(hw.display, e)
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


def draw(d, e):
    """The error screen: what failed, and that a key goes back to the saved
    game; the error's message fills what room is left."""
    from ui.draw import BAD, DIM, FG, Pen

    pen = Pen(d)
    lh = pen.line_h + 2
    cols = (d.width - 4) // (8 * pen.scale)
    room = d.height // lh
    foot = wrap("Any key: back to the game", cols)
    middle = wrap("%s: %s" % (e.__class__.__name__, e), cols)[: max(0, room - 1 - len(foot))]

    def lines(pen):
        y = 1
        for part, colour in ((["Error"], BAD), (middle, DIM), (foot, FG)):
            for line in part:
                pen.text(line, 2, y, colour)
                y += lh

    pen.frame(lines)


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
