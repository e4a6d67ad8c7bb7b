# The changed rectangle of a frame, shared by the panel drivers: the UI marks
# what it drew, show() pushes the union and clears it.


class Dirty:
    dirty = None  # [x0, y0, x1, y1] (x1, y1 exclusive) or None
    width: int
    height: int

    def mark(self, x, y, w, h):
        """Note that the rectangle changed; show() pushes the union."""
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        x, y = max(0, x), max(0, y)
        if x >= x1 or y >= y1:
            return
        d = self.dirty
        if d is None:
            self.dirty = [x, y, x1, y1]
        else:
            d[0], d[1] = min(d[0], x), min(d[1], y)
            d[2], d[3] = max(d[2], x1), max(d[3], y1)

    def mark_all(self):
        self.dirty = [0, 0, self.width, self.height]
