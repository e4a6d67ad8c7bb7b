# Calibrating a touch panel (the CYD's): tap three crosses; from the
# controller's readings there, which way its axes run and where they end.
# At the first start, with a finger on the panel at power-on, or from the
# settings (app.App, ui/settings.py); saved with the settings. Only then
# loaded (app.LEAVES).
from ui.draw import ACCENT, FG, SEL_FG
from ui.widgets import Screen, header


class Calibrate(Screen):
    """Tap three crosses (top left, top right, bottom left): from the
    controller's readings there, which way its axes run and their ends.
    Saved with the settings; the board's own guess is used until then."""

    M = 30  # the crosses' distance from the edges (below the title)

    def __init__(self, app):
        super().__init__(app)
        self.raw: list = []
        self.note = None
        w, h = app.pen.d.width, app.pen.d.height
        self.points = ((self.M, self.M), (w - 1 - self.M, self.M), (self.M, h - 1 - self.M))

    def tap(self):
        t = self.app.hw.keys.touch
        self.raw.append((t.raw_x, t.raw_y))
        self.dirty = True
        if len(self.raw) < 3:
            return
        cal = solve(self.raw, self.points, t.w, t.h)
        self.raw = []
        if cal is None:
            self.note = "Those taps were too close: again, on each cross."
            return
        t.cal = cal
        self.app.state["settings"]["touch"] = list(cal)
        self.app.save()
        self.app.pop()

    def draw(self, pen):
        header(pen, "Calibrate touch")
        x, y = self.points[len(self.raw)]
        pen.fill(x - 10, y, 21, 1, ACCENT)
        pen.fill(x, y - 10, 1, 21, ACCENT)
        pen.centred("Tap the cross (%d/3)" % (len(self.raw) + 1), pen.d.height // 2 - pen.line_h, FG)
        if self.note:
            pen.centred(self.note[:30], pen.d.height // 2 + 4, SEL_FG, 1)


def solve(raw, points, w, h):
    """The calibration (touch driver's cal) from the raw readings at three
    points: top left, top right, bottom left. None if the taps cannot tell
    the axes apart."""
    (ax, ay), (bx, by), (cx, cy) = raw
    swap = abs(by - ay) > abs(bx - ax)  # across the screen, the controller's y changed: swapped
    if swap:
        ax, ay, bx, by, cx, cy = ay, ax, by, bx, cy, cx
    (px, py), (qx, _), (_, ry) = points
    if abs(bx - ax) < 300 or abs(cy - ay) < 300:
        return None
    # extend each axis from the crosses to the screen's edges
    sx = (bx - ax) / (qx - px)
    sy = (cy - ay) / (ry - py)
    return (round(ax - px * sx), round(ax + (w - 1 - px) * sx), round(ay - py * sy),
            round(ay + (h - 1 - py) * sy), swap)
