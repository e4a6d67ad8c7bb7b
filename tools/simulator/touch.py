# An XPT2046 resistive touch controller and its panel: a finger at a screen point reads back as the raw
# 12-bit values of the given calibration, with noise and now and then a wild reading (write_readinto).


class Pin:  # its CS: simulator/port.py's Line but for the heap harness, which loads this alone
    def __init__(self):
        self.v = 1

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = 1 if v else 0
        return None


class Panel:
    """raw: (raw x at screen x 0, raw x at x width - 1, raw y at y 0, raw y
    at y height - 1, swap) as this panel is wired: the same form as the
    driver's calibration. finger: None, or (x, y) in screen pixels;
    z: how firmly (the controller's Z, about 1200 for a finger)."""

    def __init__(self, width=320, height=240, raw=(200, 3700, 240, 3800, True), noise=6, wild_every=0,
                 wild=4000):
        self.w, self.h, self.raw = width, height, raw
        self.noise = noise
        self.wild_every = wild_every  # every n-th reading is wild (0: never)
        self.wild = wild  # what a wild x or y reads: near either end of the 12 bits
        self.finger = None
        self.z = 1200
        self.cs = Pin()
        self.reads = 0
        self.seed = 1

    def _noise(self):
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        return self.seed % (2 * self.noise + 1) - self.noise if self.noise else 0

    def _axis(self, s, size, lo, hi):
        return lo + (hi - lo) * s // (size - 1)

    def value_for(self, cmd):
        if self.finger is None:
            return 0 if cmd == 0xB0 else 4095 if cmd == 0xC0 else 0
        x0, x1, y0, y1, swap = self.raw
        sx, sy = self.finger
        rx = self._axis(sx, self.w, x0, x1)
        ry = self._axis(sy, self.h, y0, y1)
        if swap:  # the controller's x runs along the screen's y
            rx, ry = ry, rx
        self.reads += 1
        if self.wild_every and self.reads % self.wild_every == 0:
            return self.wild if cmd in (0xD0, 0x90) else (self.z // 2 if cmd == 0xB0 else 4095 - self.z // 2)
        if cmd == 0xD0:
            v = rx + self._noise()
        elif cmd == 0x90:
            v = ry + self._noise()
        elif cmd == 0xB0:  # Z1 + 4095 - Z2 = z
            v = self.z // 2
        else:
            v = 4095 - self.z // 2
        return max(0, min(4095, v))

    def write_readinto(self, tx, rx):
        assert self.cs.v == 0, "read with CS high"
        v = self.value_for(tx[0]) << 3
        rx[0] = 0
        rx[1] = v >> 8 & 0xFF
        rx[2] = v & 0xFF
