# A stand-in for MicroPython's `machine` module that wires a board file's
# panel() to the emulated glass of one unit (simulator/glass.py) by the
# maker's pin numbers, as the board's copper would: the simulator and the
# first-flash tests run the board's own panel() (its pins, its SPI host, its
# reads) on it. A pin or a bus the maker does not wire to the panel goes
# nowhere, so a wrong pin shows as a dark glass, not as a right picture.
#
# wire(glass, emu) connects it; panel(mod, emu) runs mod.panel() on it. The
# OLED board's panel() gets an I2C bus with its emulated SSD1306 or SH1106
# on it instead (glass None).
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
        if _glass is None:  # an OLED: only its I2C bus
            return None
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


OLED_BUS = (21, 22)  # SDA, SCL: the OLED board's wiring (docs/BOARDS.md: any DevKit, these pins)


class I2C:
    """The I2C bus: the OLED's (a panel.SSD1306 or panel.SH1106 at its
    address) on the OLED board's SDA and SCL; elsewhere nothing answers."""

    def __init__(self, id, sda=None, scl=None, freq=400_000, **kw):
        self.to_panel = _glass is None and (_num(sda), _num(scl)) == OLED_BUS
        made.append(("I2C", id, (("sda", _num(sda)), ("scl", _num(scl)), ("freq", freq))))

    def scan(self):
        return [_emu.addr] if self.to_panel else []

    def _chip(self, addr):
        if not self.to_panel or addr != _emu.addr:
            raise OSError(19)  # ENODEV, as MicroPython's I2C says
        return _emu

    def writeto(self, addr, buf):
        self._chip(addr).writeto(addr, buf)

    def writevto(self, addr, vector):
        self._chip(addr).writevto(addr, vector)

    def readfrom_mem_into(self, addr, reg, buf):
        self._chip(addr).readfrom_mem_into(addr, reg, buf)

    def writeto_mem(self, addr, reg, buf):
        self._chip(addr).writeto_mem(addr, reg, buf)

    def readfrom_mem(self, addr, reg, n):
        buf = bytearray(n)
        self.readfrom_mem_into(addr, reg, buf)
        return buf


class SoftI2C(I2C):
    def __init__(self, sda=None, scl=None, freq=400_000, **kw):
        super().__init__(-1, sda, scl, freq)


def wire(glass, emu):
    """Connect the stand-in to glass, shown by emu (a panel.DCSPanel), or
    with glass None to an OLED emulator on the I2C bus."""
    global _glass, _emu
    _glass, _emu = glass, emu
    del made[:]


def panel(mod, emu, whole=False):
    """mod.panel() (a board file's) run on the stand-in wired to emu's glass:
    the display it builds. whole: mod.setup() instead, the Hardware it builds."""
    wire(getattr(emu, "spec", None), emu)
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
