# Panel emulators: buses that decode what a driver sends into the picture the glass would show, so a
# wrong command, offset, rotation or colour order shows in it. The controllers are from their
# datasheets, each glass from its maker's driver alone (simulator/glass.py), never from our drivers.
from simulator import port

try:
    import framebuf  # MicroPython's: a RAM column copied in C (_down)
except ImportError:
    framebuf = None

_ARGS = {0x2A: 4, 0x2B: 4, 0x36: 1, 0x3A: 1}
# SLPOUT, SLPIN, DISPON, DISPOFF, INVON, INVOFF: a state each sets
_SETS = {0x11: ("awake", True), 0x10: ("awake", False), 0x29: ("on", True), 0x28: ("on", False),
         0x21: ("inv", True), 0x20: ("inv", False)}


class DCSPanel:
    """A DCS controller (ST7789, ILI9341, ILI9342C) behind one unit's glass: its RAM, its commands,
    and the picture seen, the maker's driver's (x, y) in the maker's colours and inversion: other
    MADCTL bits, offsets, colour order or inversion show mirrored, turned, shifted or negative."""

    def __init__(self, glass):
        self.spec = glass
        self.ram_w, self.ram_h = glass.ram
        self.ram = bytearray(self.ram_w * self.ram_h * 2)
        self._fb = None  # framebuf's view of the RAM, for _down
        self.dc = port.Line()
        self.cs = port.Line()
        self.rst = port.Line(self._reset)
        self.bl = port.Line(level=0)
        self.commands = []  # every command byte, in order (for tests)
        self.log = []  # (command, bytearray of its data) for every command but the pixels' (for tests)
        self.data_bytes = 0  # pixel bytes written
        self._reset_state()

    def _reset_state(self):
        self.madctl = 0
        self.colmod = 0x66
        self.inv = self.on = self.awake = False
        self.cmd = self.half = None
        self.args = bytearray()
        self.cols = [0, self.ram_w - 1]
        self.rows = [0, self.ram_h - 1]
        self.col = self.row = 0

    def _reset(self, level):
        if level == 0:
            self._reset_state()

    # the SPI bus
    def write(self, buf):
        if self.cs.level:
            return  # not selected
        if self.dc.level == 0:
            for b in buf:
                self._command(b)
            return
        if self.cmd == 0x2C:
            self._pixels(buf)
            return
        if self.log:
            self.log[-1][1].extend(buf)
        for b in buf:
            self.args.append(b)
            if len(self.args) == _ARGS.get(self.cmd, -1):
                self._apply()

    def readinto(self, buf, write=0):
        """On MISO after RDDID: a dummy bit, then its three ID bytes (M5GFX's _read_panel_id)."""
        v = 0
        if not self.cs.level and self.dc.level and self.cmd == 0x04:
            i1, i2, i3 = self.spec.ident
            v = ((i1 << 24) | (i2 << 16) | (i3 << 8)) << (8 * len(buf) - 33)
        buf[:] = v.to_bytes(len(buf), "big")

    def _command(self, c):
        self.commands.append(c)
        self.log.append((c, bytearray()))
        self.cmd = c
        self.args = bytearray()
        if c == 0x01:
            self._reset_state()
            self.cmd = c
        elif c in _SETS:
            setattr(self, *_SETS[c])
        elif c == 0x2C:
            self.col, self.row = self.cols[0], self.rows[0]
            self.half = None

    def _apply(self):
        a = self.args
        if len(a) == 4:  # CASET, RASET
            setattr(self, "cols" if self.cmd == 0x2A else "rows", [(a[0] << 8) | a[1], (a[2] << 8) | a[3]])
        else:
            setattr(self, "madctl" if self.cmd == 0x36 else "colmod", a[0])

    def _pixels(self, buf):
        buf = self._runs(buf)
        for b in buf:
            if self.half is None:
                self.half = b
                continue
            hi, self.half = self.half, None
            i = self._where(self.madctl, self.col, self.row)
            if i >= 0:
                self.ram[i] = hi
                self.ram[i + 1] = b
            self.data_bytes += 2
            self._step(1)

    def _step(self, n):
        self.col += n
        if self.col > self.cols[1]:
            self.col = self.cols[0]
            self.row += 1
            if self.row > self.rows[1]:
                self.row = self.rows[0]

    def _runs(self, buf):
        """Copy buf's whole pixels into RAM a run at a time, as _pixels would one by one (a frame is
        150 KB on the M5Stack); returns what is left for _pixels (a half pixel, a run out of RAM
        or against MX/MY). A run goes along a RAM row, or with MV down a column (framebuf's blit)."""
        j, n, m = 0, len(buf), self.madctl
        while self.half is None and n - j >= 2:
            run = min((n - j) // 2, self.cols[1] - self.col + 1)
            if run <= 0:
                break
            if m & 0x20:  # MV: the column address walks down RAM column pc
                pc = self.ram_w - 1 - self.row if m & 0x40 else self.row
                inside = 0 <= pc < self.ram_w and 0 <= self.col and self.col + run <= self.ram_h
                if m & 0x80 or not framebuf or not inside:
                    break  # MY walks up it: one by one
                self._down(pc, self.col, buf, j, run)
            else:
                pr = self.ram_h - 1 - self.row if m & 0x80 else self.row
                if m & 0x40 or not (0 <= pr < self.ram_h and 0 <= self.col and self.col + run <= self.ram_w):
                    break  # MX walks back along it: one by one
                i = (pr * self.ram_w + self.col) * 2
                self.ram[i:i + 2 * run] = buf[j:j + 2 * run]
            j += 2 * run
            self.data_bytes += 2 * run
            self._step(run)
        return buf[j:] if j else buf

    def _down(self, pc, pr, buf, j, run):
        """run pixels of buf from j into RAM column pc, from row pr down."""
        if self._fb is None:
            self._fb = framebuf.FrameBuffer(self.ram, self.ram_w, self.ram_h, framebuf.RGB565)
        strip = bytearray(buf[j:j + 2 * run])  # (framebuf wants a buffer it may write)
        self._fb.blit(framebuf.FrameBuffer(strip, 1, run, framebuf.RGB565), pc, pr)

    def _where(self, m, a, b):
        """The RAM index column a, row b reach under MADCTL m (MV swaps them, MX and MY count from
        the far end); -1 outside the RAM."""
        pc, pr = (b, a) if m & 0x20 else (a, b)
        if m & 0x40:
            pc = self.ram_w - 1 - pc
        if m & 0x80:
            pr = self.ram_h - 1 - pr
        if 0 <= pc < self.ram_w and 0 <= pr < self.ram_h:
            return (pr * self.ram_w + pc) * 2
        return -1

    def size(self):
        """(width, height) of the picture as the user sees it."""
        return self.spec.size

    def pixel(self, x, y):
        """The (r, g, b) seen at (x, y): the maker's driver's pixel (x, y), its colour order and inversion."""
        g = self.spec
        if not (self.on and self.awake and self.colmod & 0x0F == 5):
            return (0, 0, 0)
        i = self._where(g.madctl, x + g.start[0], y + g.start[1])
        c = (self.ram[i] << 8) | self.ram[i + 1]
        if self.inv != g.invert:
            c ^= 0xFFFF
        r, gr, b = (c >> 11) << 3, ((c >> 5) & 0x3F) << 2, (c & 0x1F) << 3
        if (self.madctl ^ g.madctl) & 0x08:
            r, b = b, r
        return (r | r >> 5, gr | gr >> 6, b | b >> 5)


def build(mod, unit=None):
    """(emulator, display): board file mod's panel() on its unit's emulated glass (its usual one by
    default), wired as the board is (simulator/wiring.py); the OLED board's on an SSD1306 or SH1106.
    A unit with another touch controller: (emulator, mod.setup()'s Hardware), its model emulator.touch."""
    from simulator import glass, wiring

    if mod.PANEL[0] == "ssd1306":
        _, chip, addr = glass.pick(mod.ID, unit, oled_units(mod.ID), lambda u: u[0])
        emu = chip(mod.PANEL[1], mod.PANEL[2], addr)
        return emu, wiring.panel(mod, emu)
    emu = DCSPanel(glass.unit(mod.ID, unit))
    touch = emu.spec.touch  # a look-alike's own: the board's setup() finds it, the Hardware it builds
    return emu, wiring.panel(mod, emu, whole=bool(touch) and touch != glass.unit(mod.ID).touch)


def bus(mod):
    """("spi" or "i2c", Hz): the bus mod's panel() drives its display on, at the clock the port
    makes after any SPI.init (tools/benches/keycost.py's bus time)."""
    from simulator import wiring

    build(mod)
    for spi in port.buses():
        if spi.device is not None:
            return "spi", spi.baudrate
    for what, _id, args in port.made:
        if what in ("I2C", "SoftI2C") and (args["sda"], args["scl"]) == wiring.OLED_BUS:
            return "i2c", args["freq"]
    raise ValueError("%s: no bus reached its display" % mod.ID)


_SSD_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
             0xDB: 1, 0x8D: 1}
# the one-byte commands that set a state, the SSD1306's and the SH1106's alike: display off/on,
# segment remap, inverse (the COM scan's: each class's COMSCAN)
_OLED_SETS = {0xAE: ("on", False), 0xAF: ("on", True), 0xA0: ("remap", False), 0xA1: ("remap", True),
              0xA6: ("invert", False), 0xA7: ("invert", True)}


class SSD1306:
    """An SSD1306 on I2C at addr, from its datasheet: the segment remap (A0/A1) holds for data
    written after it; the COM scan, start line, offset (D3h) and COM pins (DAh) map RAM rows to
    the glass's, wired for the COM pins micropython-lib's and Adafruit's drivers send (micropython-lib
    micropython/drivers/display/ssd1306/ssd1306.py: 0x12 for 64 rows, 0x02 for 32; another interleaves)."""

    ARGS = _SSD_ARGS  # its commands that take bytes after them, and how many
    COMSCAN = (0xC0, 0xC8)  # its COM scan's commands: bit 3, from the last COM
    LOW = 0  # its status's low bits: by its height

    def __init__(self, width=128, height=64, addr=0x3C):
        self.width, self.height, self.addr = width, height, addr
        self.ram = bytearray(128 * 8)
        self.commands = []
        self.on = self.pump = self.remap = self.comscan = self.invert = False  # remap: A1, comscan: C8
        # start (40h-7Fh): the RAM row at COM0; offset (D3h): the vertical shift
        self.data_bytes = self.col = self.page = self.start = self.offset = 0
        self.cols = [0, 127]
        self.pages = [0, 7]
        self.mode = 2  # page addressing after reset
        self.mux = 63
        self.compins = 0x12  # DAh, its reset value
        self.wired = 0x12 if height == 64 else 0x02  # the module's glass (the makers' drivers send it)
        self._pending = None
        self._args = []
        self.unknown: list = []  # bytes sent as commands that are not in its set

    def writeto(self, addr, buf):
        self.writevto(addr, (buf,))

    def status(self):
        """The status byte: bit 6 while off, the low bits LOW, else 6 for a 128x64 SSD1306, 3 for a
        smaller one (bitbank2/ss_oled src/ss_oled.cpp tells the controllers apart so)."""
        return (self.LOW or (0x06 if self.height == 64 else 0x03)) | (0 if self.on else 0x40)

    def readfrom_mem_into(self, addr, reg, buf):
        """Every read answers the status byte, a data read too: its RAM cannot be read back
        (keirf/flashfloppy src/display/lcd.c, oled_probe_model, tells it from an SH1106 so)."""
        if addr != self.addr:
            raise OSError(19)
        buf[:] = bytes((self.status(),)) * len(buf)

    def readfrom_mem(self, addr, reg, n):
        buf = bytearray(n)
        self.readfrom_mem_into(addr, reg, buf)
        return buf

    def writevto(self, addr, vector):
        if addr != self.addr:
            raise OSError(19)  # ENODEV, as the real bus says
        data = b"".join([bytes(part) for part in vector])
        i = 0
        while i < len(data):
            ctrl = data[i]
            i += 1
            rest = data[i:] if not ctrl & 0x80 else data[i : i + 1]  # Co: one byte, then a control byte
            for b in rest:
                (self._data if ctrl & 0x40 else self._command)(b)  # D/C
            i += len(rest)

    def _known(self, c):  # (any byte is, to the SSD1306's model)
        return True

    def _command(self, c):
        if self._pending is not None:
            self._args.append(c)
            if len(self._args) == self.ARGS[self._pending]:
                self._apply(self._pending, self._args)
                self._pending = None
            return
        self.commands.append(c)
        if not self._known(c):
            self.unknown.append(c)
        elif c in self.ARGS:
            self._pending, self._args = c, []
        elif c in _OLED_SETS:
            setattr(self, *_OLED_SETS[c])
        elif c in self.COMSCAN:
            self.comscan = bool(c & 0x08)
        elif 0x40 <= c <= 0x7F:  # the display start line
            self.start = c & 0x3F
        elif self.mode == 2 and 0xB0 <= c <= 0xB7:  # page addressing mode's page
            self.page = c & 7
        elif self.mode == 2 and c <= 0x0F:  # and its column, a nibble at a time
            self.col = (self.col & 0xF0) | c
        elif self.mode == 2 and 0x10 <= c <= 0x1F:
            self.col = (self.col & 0x0F) | (c & 0x0F) << 4

    def _apply(self, c, a):
        if c == 0x20:
            self.mode = a[0]
        elif c == 0x21:
            self.cols = [a[0], a[1]]
            self.col = a[0]
        elif c == 0x22:
            self.pages = [a[0], a[1]]
            self.page = a[0]
        elif c == 0x8D:
            self.pump = bool(a[0] & 0x04)
        elif c == 0xAD:  # the SH1106's DC-DC: on with bit 0 (8Bh)
            self.pump = a[0] & 1 == 1
        elif c == 0xA8:  # the multiplex ratio: N + 1 from A[5:0], in both datasheets
            self.mux = a[0] & 0x3F
        elif c == 0xD3:
            self.offset = a[0] & 0x3F
        elif c == 0xDA:
            self.compins = a[0]

    def _data(self, b):
        self.data_bytes += 1
        seg = 127 - (self.col & 127) if self.remap else self.col & 127  # A0/A1 as it is now, for this byte
        self.ram[self.page * 128 + seg] = b
        self.col += 1
        if self.mode == 2 and self.col > 127:  # page addressing: the next column wraps within the page
            self.col = 0
        elif self.col > self.cols[1]:
            self.col = self.cols[0]
            if self.mode == 0:
                self.page += 1
                if self.page > self.pages[1]:
                    self.page = self.pages[0]

    def size(self):
        return (self.width, self.height)

    def pixel(self, x, y):
        """White where lit, while on and pumped; a multiplex ratio that does not match spreads mux + 1
        RAM rows over the glass."""
        lit = self.on and self.pump and self._lit(x, y * (self.mux + 1) // self.height) ^ self.invert
        return (255, 255, 255) if lit else (0, 0, 0)

    def _lit(self, x, y):
        """A1 and C8 are upright (the left column SEG127, the top row the last COM)."""
        n = self.mux + 1
        com = y if self.comscan else self.mux - y
        wrong = self.compins ^ self.wired
        if wrong & 0x10:  # sequential against alternative pins: every other row from the other half
            com = com // 2 + (n // 2 if com & 1 else 0)
        if wrong & 0x20:  # COM left/right remap: the halves swapped
            com = (com + n // 2) % n
        row = (com + self.start + self.offset) % n
        return (self.ram[(row >> 3) * 128 + 127 - x] >> (row & 7)) & 1


# The SH1106's command set (its datasheet): the commands that take one byte after them; every
# other command is the byte alone. 0x00-0x0F and 0x10-0x1F: the column address's low and high
# nibble; 0x30-0x33 the pump voltage; 0x40-0x7F the start line; 0xB0-0xB7 the page; 0xC0-0xCF
# the COM scan (bit 3); 0xA0/A1, A4/A5, A6/A7, AE/AF; E0 E3 EE (read-modify-write, NOP, end).
_SH_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class SH1106(SSD1306):
    """An SH1106 on I2C: 132 columns of RAM, page addressing only (a column stops at 131), a 128-wide
    glass on segments 2-129 (bitbank2/ss_oled: "SH1106 has 128 pixels centered in 132"). A byte not
    in its set (the SSD1306's 20h, 21h, 22h, 8Dh) goes to `unknown`, their arguments taken as commands."""

    ARGS = _SH_ARGS
    COMSCAN = range(0xC0, 0xD0)  # its COM scan: any of C0h-CFh, bit 3
    LOW = 0x08  # its status's low bits (bitbank2/ss_oled: "0x8 // SH1106")

    def __init__(self, width=128, height=64, addr=0x3C):
        super().__init__(width, height, addr)
        self.ram = bytearray(132 * 8)
        self.pump = True  # its DC-DC is on from reset (ADh 8Bh)

    def _known(self, c):
        return (c <= 0x1F or 0x30 <= c <= 0x7F or 0xB0 <= c <= 0xB7 or 0xC0 <= c <= 0xCF or c in _SH_ARGS
                or c in (0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xE0, 0xE3, 0xEE))

    def readfrom_mem_into(self, addr, reg, buf):
        """A data read (D/C 1): a dummy byte, then the RAM from the column on (its datasheet; keirf/
        flashfloppy's oled_probe_model reads a byte back so). Else the status."""
        if addr != self.addr:
            raise OSError(19)
        if not reg & 0x40:
            super().readfrom_mem_into(addr, reg, buf)
            return
        buf[0] = 0xFF  # the dummy read
        for i in range(1, len(buf)):
            buf[i] = self.ram[self.page * 132 + self.col] if self.col <= 131 else 0
            self.col = min(self.col + 1, 132)

    def _data(self, b):
        self.data_bytes += 1
        if self.col <= 131:
            self.ram[self.page * 132 + self.col] = b
            self.col += 1

    def _lit(self, x, y):
        row = ((y if self.comscan else self.mux - y) + self.start) & 63
        return (self.ram[(row >> 3) * 132 + (x + 2 if self.remap else 129 - x)] >> (row & 7)) & 1


class ColdSH1106(SH1106):
    """An SH1106 whose status reads 0x06 (an SSD1306's) from a cold power-on: meshtastic/firmware
    #1363; the method's own author calls it unreliable (bitbank2/OneBitDisplay #23)."""

    LOW = 0x06


def row(panel, y):
    """One row of the picture as (r, g, b)."""
    return [panel.pixel(x, y) for x in range(panel.size()[0])]


# The modules an OLED board may carry (bought apart from it): (what the unit's name adds to the board's
# id, the emulator, its I2C address); the first is make sim's. Many 1.3-inch "SSD1306"s are SH1106s.
OLED_MODULES = (("", SSD1306, 0x3C), ("-sh1106", SH1106, 0x3C), ("-3d", SSD1306, 0x3D),
                ("-sh1106-cold", ColdSH1106, 0x3C))


def oled_units(board_id):
    """An OLED board's units: (name, the controller's emulator, its I2C address)."""
    return tuple((board_id + suffix, chip, addr) for suffix, chip, addr in OLED_MODULES)
