# The XPT2046 resistive touch controller (the Cheap Yellow Display's), on an
# SPI bus of its own: each reading is a command byte out and a 12-bit value
# back. The driver takes the ready-made bus and pins (the board file makes
# them, SoftSPI on the CYD) and knows nothing of screens.
#
# poll(now) samples the panel; a touch counts once it has been steady for
# debounce_ms, and gives one tap at the middle of its samples, in screen
# pixels through the calibration. The finger must lift before the next tap.
# Nothing is allocated per poll: the bus buffers and the samples are made
# once.
from compat import ticks_diff

# 12-bit, differential reference, power-down between conversions
READ_X = 0xD0
READ_Y = 0x90
READ_Z1 = 0xB0
READ_Z2 = 0xC0


class Touch:
    """poll(now) -> True when a new tap has come: its point is (x, y) in
    screen pixels; raw_x, raw_y: the controller's readings of it (for a
    calibration). cal: (raw x at screen x 0, raw x at screen x width - 1,
    raw y at y 0, raw y at y height - 1, swap), swap: the controller's x
    runs along the screen's y; the ends may be given high to low (a
    mirrored axis)."""

    debounce_ms = 20
    pressure = 300  # the least Z that counts as touching: PaulStoffregen's XPT2046_Touchscreen's Z_THRESHOLD
    SAMPLES = 8  # the readings a tap's point is the middle of

    def __init__(self, spi, cs, width, height, cal=(200, 3800, 200, 3800, False)):
        self.spi = spi
        self.cs = cs
        cs.value(1)
        self.w = width
        self.h = height
        self.cal = cal
        self.tx = bytearray(3)
        self.rx = bytearray(3)
        self.sx = [0] * self.SAMPLES  # the samples of the touch being debounced
        self.sy = [0] * self.SAMPLES
        self.n = 0
        self.since = 0  # when the touch began (ms)
        self.held = False  # a tap has come: nothing more until the finger lifts
        self.x = self.y = self.raw_x = self.raw_y = 0

    def _read(self, cmd):
        self.tx[0] = cmd
        self.cs.value(0)
        self.spi.write_readinto(self.tx, self.rx)
        self.cs.value(1)
        # the 12 bits follow the command byte and one busy clock (the datasheet's 24-clock read;
        # PaulStoffregen's transfer16(...) >> 3); a busy bit read high is no part of the value
        return (((self.rx[1] << 8) | self.rx[2]) >> 3) & 0xFFF

    def touching(self):
        z1 = self._read(READ_Z1)
        return z1 and z1 + 4095 - self._read(READ_Z2) >= self.pressure

    def poll(self, now):
        if not self.touching():
            self.n = 0
            self.held = False
            return False
        if self.held:
            return False
        x, y = self._read(READ_X), self._read(READ_Y)
        if self.n == 0:
            self.since = now
        self.sx[self.n % self.SAMPLES] = x
        self.sy[self.n % self.SAMPLES] = y
        self.n += 1
        if ticks_diff(now, self.since) < self.debounce_ms or self.n < 3:
            return False
        self.held = True
        k = min(self.n, self.SAMPLES)
        self.raw_x = _middle(self.sx, k)
        self.raw_y = _middle(self.sy, k)
        self.to_screen(self.raw_x, self.raw_y)
        return True

    def to_screen(self, rx, ry):
        """The screen's point of a raw reading, to self.x and self.y (no tuple made a tap)."""
        cal = self.cal
        if cal[4]:  # swapped axes
            rx, ry = ry, rx
        self.x = _scale(rx, cal[0], cal[1], self.w)
        self.y = _scale(ry, cal[2], cal[3], self.h)


def _scale(v, lo, hi, size):
    if hi == lo:  # not a calibration: no axis
        return 0
    p = (v - lo) * (size - 1) // (hi - lo)
    return 0 if p < 0 else size - 1 if p > size - 1 else p


def _middle(vals, k):
    """The median of the first k values (sorted in place: the order does not matter after)."""
    for i in range(1, k):  # insertion sort: no allocation
        v = vals[i]
        j = i - 1
        while j >= 0 and vals[j] > v:
            vals[j + 1] = vals[j]
            j -= 1
        vals[j + 1] = v
    return vals[k // 2]


class Taps:
    """A touch panel as the app's keys: poll(now) gives each new tap as the
    touch panel itself, its x and y the tap's point (nothing made a tap: use
    them before the next poll; the list is reused too).
    The same interface as drivers/buttons.Keys; the app takes taps through
    ui/touch.py."""

    kind = "touch"

    def __init__(self, touch):
        self.touch = touch
        self.out: list = []

    def poll(self, now):
        out = self.out
        out.clear()
        if self.touch.poll(now):
            out.append(self.touch)  # the tap: its x and y (no tuple made a tap)
        return out

    def set_timings(self, debounce_ms=None, long_ms=None):
        """A setting for buttons: a tap has no long press."""
