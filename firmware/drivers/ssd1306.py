# SSD1306 monochrome OLED over I2C (128x64 or 128x32), and the SH1106 sold
# as one (most 1.3-inch modules). The frame is the panel's own layout
# (MONO_VLSB: a byte is 8 pixels down a page), so show() sends the changed
# columns of the changed pages as they are.
#
# The SH1106 (its datasheet's command set; bitbank2/ss_oled src/ss_oled.cpp
# drives it so, as does robert-hh/SH1106 sh1106.py) has 132 columns of RAM
# with the 128 of the glass from column 2, and page addressing only: no
# horizontal mode (20h), no column or page window (21h, 22h), no charge pump
# (8Dh; its DC-DC is ADh). A page is set with B0h-B7h, the column with
# 00h-0Fh (low nibble) and 10h-1Fh (high), then the page's bytes. An SSD1306's
# bytes on it give noise, a picture that flashes and goes, or a 2-column shift.
import framebuf
from micropython import const

from drivers.dirty import Dirty

_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_COLUMNS = const(0x21)
_PAGES = const(0x22)
_PAGE = const(0xB0)  # page addressing: B0h + the page (SSD1306 and SH1106)
_SH_OFFSET = const(2)  # the SH1106's glass starts at column 2 of its 132
_AS_SSD1306 = const(16)  # fix() bits kept in the settings ("glass"): Settings > OLED chip
_AS_SH1106 = const(32)


class SSD1306(Dirty, framebuf.FrameBuffer):
    mono = True
    sh1106 = False  # driven as an SH1106 (class SH1106; fix() can switch it, as Settings asks)
    held = False  # the chip chosen by a button held at power-on (the board file): Settings' choice waits

    def __init__(self, width, height, i2c, addr=0x3C, flip=False):  # micropython-lib's order
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.flip = flip
        self.pages = height // 8
        self.buf = bytearray(width * self.pages)
        super().__init__(self.buf, width, height, framebuf.MONO_VLSB)
        self._cmd = bytearray(2)  # control byte 0x80, then the command
        self._cmd[0] = 0x80
        self._data = b"\x40"
        self._at = bytearray(4)  # control byte 0x00 (commands), then page, column low, column high
        self._whole = (self._data, memoryview(self.buf))  # the whole frame, without allocating
        self._part: list = [self._data, None]  # a part of it (the control byte, then its bytes): reused
        self.mark_all()
        self.init()

    def cmd(self, c):
        self._cmd[1] = c
        self.i2c.writeto(self.addr, self._cmd)

    def init_commands(self):
        remap = (0xA0, 0xC0) if self.flip else (0xA1, 0xC8)
        if self.sh1106:  # each command and value from the SH1106 datasheet's command set
            return (
                _DISPLAY_OFF,
                0xD5, 0x80,  # clock
                0xA8, self.height - 1,  # multiplex
                0xD3, 0x00,  # no vertical offset
                0x40,  # start line 0
                0xAD, 0x8B,  # DC-DC on
                remap[0],  # column 131 is SEG0 (upright)
                remap[1],  # scan COM from the bottom (upright)
                0xDA, 0x12,  # COM pins (alternative)
                _CONTRAST, 0xFF,
                0xD9, 0x22,  # pre-charge (the datasheet's reset value)
                0xDB, 0x35,  # VCOM deselect level (its reset value)
                0x32,  # pump voltage 8 V (its reset value)
                0xA4,  # show RAM
                0xA6,  # not inverted
                _DISPLAY_ON,
            )
        return (
            _DISPLAY_OFF,
            0x20, 0x00,  # horizontal addressing
            0x40,  # start line 0
            remap[0],  # column 127 is SEG0 (upright)
            0xA8, self.height - 1,  # multiplex
            remap[1],  # scan COM from the bottom (upright)
            0xD3, 0x00,  # no vertical offset
            0xDA, 0x12 if self.height == 64 else 0x02,  # COM pins
            0xD5, 0x80,  # clock
            0xD9, 0xF1,  # pre-charge (internal charge pump)
            0xDB, 0x30,  # VCOM level
            _CONTRAST, 0xFF,
            0xA4,  # show RAM
            0xA6,  # not inverted
            0x8D, 0x14,  # charge pump on
            _DISPLAY_ON,
        )

    def init(self):
        for c in self.init_commands():
            self.cmd(c)

    def show(self):
        """Send the changed columns of the changed pages; returns bytes sent."""
        d = self.dirty
        if d is None:
            return 0
        self.dirty = None
        x0, x1 = d[0], d[2]
        p0, p1 = d[1] >> 3, (d[3] - 1) >> 3
        if self.sh1106:
            return self._pages(x0, x1, p0, p1)
        self.cmd(_COLUMNS)
        self.cmd(x0)
        self.cmd(x1 - 1)
        self.cmd(_PAGES)
        self.cmd(p0)
        self.cmd(p1)
        w = self.width
        if x0 == 0 and x1 == w and p0 == 0 and p1 == self.pages - 1:
            self.i2c.writevto(self.addr, self._whole)  # the whole frame (made at start)
            return w * self.pages
        mv = self._whole[1]
        part = self._part  # (a slice of the view is the only thing made: 16 bytes a write)
        if x0 == 0 and x1 == w:  # whole rows: one write
            part[1] = mv[p0 * w : (p1 + 1) * w]
            self.i2c.writevto(self.addr, part)
        else:
            for p in range(p0, p1 + 1):
                part[1] = mv[p * w + x0 : p * w + x1]
                self.i2c.writevto(self.addr, part)
        part[1] = None
        return (x1 - x0) * (p1 - p0 + 1)

    def _pages(self, x0, x1, p0, p1):
        """show() on an SH1106: page by page, each at its page and column
        (the glass's x0 is RAM column x0 + 2) in one command write."""
        at, w = self._at, self.width
        mv = self._whole[1]
        part = self._part
        c = x0 + _SH_OFFSET
        at[2] = c & 0x0F
        at[3] = 0x10 | c >> 4
        for p in range(p0, p1 + 1):
            at[1] = _PAGE | p
            self.i2c.writeto(self.addr, at)
            part[1] = mv[p * w + x0 : p * w + x1]
            self.i2c.writevto(self.addr, part)
        part[1] = None
        return (x1 - x0) * (p1 - p0 + 1)

    def fix(self, n):
        """The user's corrections n (the board check, kept in the settings):
        1 mirror, 2 turn, 8 invert (no colours to swap); 0 as made. And the
        controller Settings > OLED chip chose: 16 SSD1306, 32 SH1106, neither
        the one found at start (the class made), as is the one a button held
        at power-on chose; a change sends its set-up. The segment remap
        holds only for what is written after it: all of it."""
        sh = bool(n & _AS_SH1106) if n & (_AS_SSD1306 | _AS_SH1106) and not self.held else type(self).sh1106
        if sh != self.sh1106:
            self.sh1106 = sh
            self.init()
        turn = self.flip != bool(n & 2)
        self.cmd(0xA0 if turn != bool(n & 1) else 0xA1)
        self.cmd(0xC0 if turn else 0xC8)
        self.cmd(0xA7 if n & 8 else 0xA6)
        self.mark_all()

    def set_colour(self, index, r, g, b):
        pass  # one colour: on or off

    def contrast(self, level):
        self.cmd(_CONTRAST)
        self.cmd(level)

    def sleep(self, asleep):
        self.cmd(_DISPLAY_OFF if asleep else _DISPLAY_ON)


class SH1106(SSD1306):
    """The SH1106 sold as an SSD1306 (the board file tells them apart by
    the status byte, as bitbank2/ss_oled does): page addressing, the glass
    at column 2 of 132."""

    sh1106 = True
