# The changed rectangle of a frame, shared by the panel drivers: the UI marks
# what it drew, show() pushes the union and clears it. Marking allocates
# nothing (one list, made by the first mark), so the error screen can be
# drawn with no memory left.


class Dirty:
    dirty = None  # [x0, y0, x1, y1] (x1, y1 exclusive) or None
    _box = None  # the list dirty is, while it is not None
    width: int
    height: int

    def _set(self, x0, y0, x1, y1):
        d = self._box
        if d is None:
            d = self._box = [0, 0, 0, 0]
        d[0] = x0  # one at a time: a 4-way assignment builds a tuple
        d[1] = y0
        d[2] = x1
        d[3] = y1
        self.dirty = d

    def mark(self, x, y, w, h):
        """Note that the rectangle changed; show() pushes the union."""
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        x, y = max(0, x), max(0, y)
        if x >= x1 or y >= y1:
            return
        d = self.dirty
        if d is None:
            self._set(x, y, x1, y1)
        else:
            d[0], d[1] = min(d[0], x), min(d[1], y)
            d[2], d[3] = max(d[2], x1), max(d[3], y1)

    def mark_all(self):
        self._set(0, 0, self.width, self.height)
