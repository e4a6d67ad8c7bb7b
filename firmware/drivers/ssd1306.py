# SSD1306 monochrome OLED over I2C (128x64 or 128x32). The frame is the
# panel's own layout (MONO_VLSB: a byte is 8 pixels down a page), so show()
# sends the changed columns of the changed pages as they are.
import framebuf
from micropython import const

from drivers.dirty import Dirty

_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_COLUMNS = const(0x21)
_PAGES = const(0x22)


class SSD1306(Dirty, framebuf.FrameBuffer):
    mono = True

    def __init__(self, i2c, width=128, height=64, addr=0x3C, flip=False):
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
        self._whole = (self._data, memoryview(self.buf))  # the whole frame, without allocating
        self.mark_all()
        self.init()

    def cmd(self, c):
        self._cmd[1] = c
        self.i2c.writeto(self.addr, self._cmd)

    def init_commands(self):
        remap = (0xA0, 0xC0) if self.flip else (0xA1, 0xC8)
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
        mv = memoryview(self.buf)
        if x0 == 0 and x1 == w:  # whole rows: one write
            self.i2c.writevto(self.addr, (self._data, mv[p0 * w : (p1 + 1) * w]))
        else:
            for p in range(p0, p1 + 1):
                self.i2c.writevto(self.addr, (self._data, mv[p * w + x0 : p * w + x1]))
        return (x1 - x0) * (p1 - p0 + 1)

    def fix(self, n):
        """The user's corrections n (the board check, kept in the settings):
        1 mirror, 2 turn, 8 invert (no colours to swap); 0 as made. The
        segment remap holds only for what is written after it: all of it."""
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
