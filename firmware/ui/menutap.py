# Which row of a menu a tap on the touch panel is on (ui/touch.py's key()),
# as ui/widgets.py's list_rows lays the rows out. Its own module, loaded for
# such a tap and let go at once: its code is not in the heap the rest of the
# time, a hole's grids tapped above all (docs/MEMORY.md).
from ui.widgets import scroll


def row(menu, pen, y):
    """The menu's row at height y, or None."""
    top = pen.line_h + 3  # header's
    labels = [i[0] for i in menu.items]
    vals = [menu.value(i) for i in range(len(labels))] if menu.value else [""] * len(labels)
    first, tall = scroll(pen, top, labels, menu.cursor, vals)
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
