# Colour panels that speak the MIPI DCS command set over SPI (ST7789,
# ILI9341, ILI9342C). The frame is a 4-bit buffer (16 colours through a table), so a
# 320x240 panel needs 38 KB instead of 150 KB for RGB565; show() pushes only
# the rectangle that changed, a row at a time, through expand.py's send.
#
# band: the buffer may hold fewer rows than the screen (a band, as LVGL's
# partial rendering does): the UI then draws the screen band by band
# (ui/draw.py Pen.frame: the screen's code once, what it drew again in
# each band), at(y) moving the band to screen row y before each.
# A 320x240 panel in bands of 16 rows needs 2.5 KB instead of 38 KB; reband()
# makes the band smaller while Wi-Fi is on, on a board whose panel() says so
# (wifi_band: docs/MEMORY.md).
#
# The driver takes a ready SPI bus and Pin objects; pins are numbered only
# in the board files.
import framebuf
from micropython import const

from compat import sleep_ms
from drivers.dirty import Dirty

try:
    from drivers.expand import glyphs, meets, send
except SyntaxError:  # a port without the viper emitter (WebAssembly): the web page's panel never expands rows
    send = glyphs = meets = None  # type: ignore[assignment]

_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)

# MADCTL bits
MY = const(0x80)
MX = const(0x40)
MV = const(0x20)
BGR = const(0x08)


def _setup():
    """drivers/dcsinit.py: the set-up and the board check's corrections."""
    from drivers import dcsinit

    return dcsinit


def _done():
    """drivers/dcsinit.py let go: its code is not kept in the heap."""
    import sys

    import drivers

    sys.modules.pop("drivers.dcsinit", None)
    if hasattr(drivers, "dcsinit"):
        delattr(drivers, "dcsinit")


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


class DCSPanel(Dirty, framebuf.FrameBuffer):
    """A DCS panel as a FrameBuffer with width, height and show().

    glass: (x, y, w, h, ram_w, ram_h): the part of the controller's RAM
    (ram_w columns, ram_h rows, as it is wired natively) that the glass
    shows; madctl: the memory access control for the way the board is held
    (the maker's, see docs/BOARDS.md), from which the size and the glass's
    offset in the window addresses follow; invert: send INVON (else
    INVOFF). The class's seq: the maker's power, VCOM and gamma settings
    as bytes (command, length | 0x80 when a wait in ms follows, data,
    [wait]), sent before ours.
    """

    mono = False
    seq = b""
    wifi_band = 0  # rows a band while the phones are served (web/run.py; a board's panel() sets it)
    _part: "bytes | memoryview" = b""  # show()'s view of the start of its row buffer (its last width)
    # text k times its size, straight into the buffer, in machine code (drivers/expand.py; None where
    # there is no viper, the web page: ui/draw.py's pen then draws it itself)
    scaled = glyphs
    meets = meets  # (ui/draw.py's _meets in machine code, where there is viper)
    # set by drivers/dcsinit.py's fix() (annotations alone: nothing in the heap)
    xoff: int
    yoff: int
    cols: int
    madctl: int
    invert: bool

    def __init__(self, spi, dc, cs, rst, glass, madctl, invert=False, bl=None, band=0):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.bl = bl
        self.glass = glass
        self.base = (madctl, invert)  # the maker's; fix() may change what is sent
        width, height = (glass[3], glass[2]) if madctl & MV else (glass[2], glass[3])
        self.width = width
        self.height = height
        self.stride = (width + 1) & ~1  # rows start on a whole byte
        self.band = min(band, height) if band > 0 else height  # rows in the buffer
        self.top = 0  # the screen row the buffer's first row shows
        self.buf = bytearray(self.stride * self.band // 2)
        super().__init__(self.buf, width, self.band, framebuf.GS4_HMSB, self.stride)
        self.lut = bytearray(32)
        self._row = bytearray(width * 2)  # one expanded row (not self.line: a drawing method)
        self._one = bytearray(1)
        self._four = bytearray(4)
        setup = _setup()  # (the set-up's code, let go once done)
        setup.fix(self, 0, False)
        setup.init(self)
        del setup
        _done()

    # --- the bus ---------------------------------------------------------
    def cmd(self, c, data=None):
        self._one[0] = c
        self.cs(0)
        self.dc(0)
        self.spi.write(self._one)
        if data is not None:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def fix(self, n, send=True):
        """The user's corrections n (the board check, kept in the settings):
        MIRROR left and right, TURN upside down, SWAP red and blue, INVERT
        the colours; 0 is the maker's picture. Sent at once (drivers/dcsinit.py's)."""
        _setup().fix(self, n, send)
        _done()

    # --- colours ---------------------------------------------------------
    def set_colour(self, index, r, g, b):
        """Colour index 0-15 of the frame buffer shows as (r, g, b)."""
        c = rgb565(r, g, b)
        self.lut[index * 2] = c >> 8
        self.lut[index * 2 + 1] = c & 0xFF
        self.mark_all()

    # --- pushing ---------------------------------------------------------
    def _window(self, c, start, end):
        """CASET or RASET: first and last column or row, 16 bits each.
        (Set one byte at a time: a 4-way assignment builds a tuple, and the
        error screen must draw with no memory left.)"""
        w = self._four
        w[0] = start >> 8
        w[1] = start & 0xFF
        w[2] = end >> 8
        w[3] = end & 0xFF
        self.cmd(c, w)

    def at(self, y):
        """Put the band at screen row y: drawing at buffer row 0 then shows there."""
        self.top = y

    def reband(self, rows):
        """Bands of rows from now on, in a buffer made again (MemoryError: as
        they were): fewer rows while the phones are served (web/run.py)."""
        rows = min(rows, self.height)
        buf = bytearray(self.stride * rows // 2)
        self.band = rows
        self.buf = buf
        super().__init__(buf, self.width, rows, framebuf.GS4_HMSB, self.stride)

    def show(self):
        """Push the changed rectangle (the part of it in the band) to the
        panel; returns bytes sent."""
        d = self.dirty
        if d is None:
            return 0
        self.dirty = None
        x0, y0, x1, y1 = d
        top = self.top
        y0, y1 = max(y0, top), min(y1, top + self.band)
        if y0 >= y1:
            return 0
        xs, ys = x0 + self.xoff, y0 + self.yoff
        xe, ye = x1 - 1 + self.xoff, y1 - 1 + self.yoff
        if xs << 16 | xe != self.cols:  # columns stay till the next CASET (MIPI DCS)
            self._window(_CASET, xs, xe)
            self.cols = xs << 16 | xe
        self._window(_RASET, ys, ye)
        n = x1 - x0
        # whole rows: the buffer itself; a partial row: a view, made again only for another width
        line: "bytearray | bytes | memoryview" = self._row if n == self.width else self._part
        if len(line) != n * 2:  # (no garbage a key)
            line = self._part = memoryview(self._row)[: n * 2]
        self._one[0] = _RAMWR
        self.cs(0)
        self.dc(0)
        self.spi.write(self._one)
        self.dc(1)
        send(self.spi, self.buf, y0 - top, y1 - top, self.stride >> 1, x0, n, self.lut, line)  # type: ignore[arg-type]
        self.cs(1)
        return n * 2 * (y1 - y0)

    # --- power -----------------------------------------------------------
    def sleep(self, asleep):
        """Backlight off and the panel asleep, or both back on."""
        if self.bl is not None:
            self.bl(0 if asleep else 1)
        self.cmd(_DISPOFF if asleep else _DISPON)
        self.cmd(_SLPIN if asleep else _SLPOUT)
        if not asleep:
            sleep_ms(120)
