# A stand-in for MicroPython's `machine` module that wires a board file's
# panel() to the emulated glass of one unit (simulator/glass.py) by the
# maker's pin numbers, as the board's copper would: the simulator and the
# first-flash tests run the board's own panel() (its pins, its SPI host, its
# reads) on it. A pin or a bus the maker does not wire to the panel goes
# nowhere, so a wrong pin shows as a dark glass, not as a right picture.
#
# wire(glass, emu) connects it; panel(mod, emu) runs mod.panel() on it.
import sys

_glass = None
_emu = None
made: list = []  # (what, number or bus id, details) for every part made, in order (tests read it)


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 2
    PULL_DOWN = 1

    def __init__(self, n, mode=-1, pull=-1, value=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        self.level = 0
        made.append(("pin", n, mode))
        if value is not None:
            self.value(value)

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self.pull = pull
        made.append(("pin.init", self.n, mode))
        if value is not None:
            self.value(value)

    def _line(self):
        """The emulator's line this GPIO is wired to, by the maker's pins, or None."""
        p = _glass.pins
        for role in ("dc", "cs", "rst", "bl"):
            if p.get(role) == self.n:
                return getattr(_emu, role)
        return None

    def value(self, v=None):
        line = self._line()
        if v is None:
            if self.mode == Pin.IN:  # a pull on the board beats the chip's own (M5GFX reads the M5Stack's so)
                if line is not None and line is _emu.rst and _glass.rst_pulled_up:
                    return 1
                return 1 if self.pull == Pin.PULL_UP else 0
            return self.level
        self.level = 1 if v else 0
        if line is not None and self.mode != Pin.IN:
            line.value(self.level)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


def _num(p):
    return p.n if isinstance(p, Pin) else p


class SPI:
    """The hardware SPI bus: the panel's when the maker's host and pins are
    given (MISO too, for reads); elsewhere nothing listens."""

    def __init__(self, id, baudrate=500_000, sck=None, mosi=None, miso=None, **kw):
        p = _glass.pins
        self.id = id
        self.baudrate = baudrate
        self.pins = (_num(sck), _num(mosi), _num(miso))
        self.to_panel = id == _glass.host and self.pins[:2] == (p["sck"], p["mosi"])
        self.reads = self.to_panel and p["miso"] is not None and self.pins[2] == p["miso"]
        made.append(("SPI", id, (("baudrate", baudrate), ("sck", self.pins[0]), ("mosi", self.pins[1]),
                                 ("miso", self.pins[2]))))

    def init(self, baudrate=None, **kw):
        if baudrate is not None:
            self.baudrate = baudrate
        made.append(("SPI.init", self.id, baudrate))

    def write(self, buf):
        if self.to_panel:
            _emu.write(buf)

    def readinto(self, buf, write=0):
        if self.reads:
            _emu.readinto(buf)
        else:  # MISO not wired: the line floats; read as all ones
            for i in range(len(buf)):
                buf[i] = 0xFF


class SoftSPI:
    """A bus of the board's other parts (the CYD's touch panel): nothing answers."""

    def __init__(self, *args, **kw):
        made.append(("SoftSPI", None, ()))

    def write_readinto(self, tx, rx):
        for i in range(len(rx)):
            rx[i] = 0


class I2C:
    """The board's I2C bus: nothing on it answers (a part that did is another test's)."""

    def __init__(self, *args, **kw):
        made.append(("I2C", args[0] if args else None, ()))

    def scan(self):
        return []

    def readfrom_mem_into(self, addr, reg, buf):
        raise OSError(19)  # ENODEV: nobody at addr

    def writeto_mem(self, addr, reg, buf):
        raise OSError(19)


SoftI2C = I2C


class ADC:
    ATTN_11DB = 3

    def __init__(self, pin, atten=None):
        made.append(("ADC", pin.n, atten))

    def read_uv(self):
        return 0


class Timer:
    PERIODIC = 1

    def __init__(self, n):
        pass

    def init(self, **kw):
        pass

    def deinit(self):
        pass


def reset():
    raise SystemExit("machine.reset")


def wire(glass, emu):
    """Connect the stand-in to glass, shown by emu (a panel.DCSPanel)."""
    global _glass, _emu
    _glass, _emu = glass, emu
    del made[:]


def panel(mod, emu, whole=False):
    """mod.panel() (a board file's) run on the stand-in wired to emu's glass:
    the display it builds. whole: mod.setup() instead, the Hardware it builds."""
    wire(emu.spec, emu)
    me = sys.modules[__name__]
    old = sys.modules.get("machine")
    sys.modules["machine"] = me
    try:
        return mod.setup() if whole else mod.panel()
    finally:
        if old is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = old
