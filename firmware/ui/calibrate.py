# Calibrating a touch panel (the CYD's): tap three crosses; from the
# controller's readings there, which way its axes run and where they end.
# At the first start, with a finger on the panel at power-on, or from the
# settings (app.App, ui/settings.py); saved with the settings. Only then
# loaded (app.LEAVES).
from ui.draw import ACCENT, BAD, DIM, FG
from ui.widgets import Screen, header, wrap


class Calibrate(Screen):
    """Tap three crosses (top left, top right, bottom left): from the
    controller's readings there, which way its axes run and their ends.
    Saved with the settings; the board's own guess is used until then.
    cancel: a Back key at the bottom (from the settings, where the panel
    was calibrated before and taps land near enough)."""

    M = 30  # the crosses' distance from the edges (below the title)
    BACK = (120, 200, 80, 40)  # x, y, w, h: between the crosses, at the bottom

    def __init__(self, app, cancel=True):
        super().__init__(app)
        self.raw: list = []
        self.note = None
        self.cancel = cancel
        w, h = app.pen.d.width, app.pen.d.height
        self.points = ((self.M, self.M), (w - 1 - self.M, self.M), (self.M, h - 1 - self.M))

    def pad(self):
        return ()  # the whole screen is the crosses' (no keys along the bottom)

    def tap(self, x, y):
        t = self.app.hw.keys.touch  # its raw readings: what is calibrated
        bx, by, bw, bh = self.BACK
        if self.cancel and bx <= x < bx + bw and by <= y < by + bh:
            self.app.pop()  # as it was
            return
        self.raw.append((t.raw_x, t.raw_y))
        self.dirty = True
        if len(self.raw) < 3:
            return
        cal = solve(self.raw, self.points, t.w, t.h)
        self.raw = []
        if cal is None:
            self.note = "Those taps were too close together: again, on each cross."
            return
        t.cal = cal
        self.app.state["settings"]["touch"] = list(cal)
        self.app.save()
        self.app.pop()

    def draw(self, pen):
        header(pen, "Calibrate touch")
        x, y = self.points[len(self.raw)]
        pen.fill(x - 12, y - 1, 25, 3, ACCENT)
        pen.fill(x - 1, y - 12, 3, 25, ACCENT)
        y = pen.d.height // 2 - 2 * pen.line_h
        pen.centred("Tap the cross (%d/3)" % (len(self.raw) + 1), y, FG)
        for line in wrap(pen, [self.note]) if self.note else ():
            y += pen.line_h
            pen.centred(line, y, BAD)
        if self.cancel:
            bx, by, bw, bh = self.BACK
            pen.box(bx + 1, by + 1, bw - 2, bh - 2, DIM)
            pen.text("Back", bx + (bw - pen.text_width("Back")) // 2, by + (bh - 8 * pen.scale) // 2, FG)


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
