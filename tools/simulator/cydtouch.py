# The touch controllers of the CYD's look-alikes, from their makers' and public drivers' documents
# (docs/BOARDS.md, "CYD look-alikes"); apart from simulator/touch.py, which the heap harness loads.
from simulator import port
from simulator.touch import Panel


class BusPanel(Panel):
    """An XPT2046 (the 2432S024R's) on a hardware SPI bus beside the display, selected by its CS;
    hz: the bus's clock at a reading (over 2.5 MHz it reads wrong); irq: its PENIRQ line."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.cmd = 0
        self.hz = 0
        self.cs = port.Line()  # (Panel's own CS is the heap harness's: simulator/touch.py)
        # PENIRQ: low while a finger presses the panel (the pull-up on the line beats nothing else)
        self.irq = port.Line(read=lambda pull: 0 if self.finger is not None else 1)

    def value_for(self, cmd):
        if cmd == TEMP0:  # its temperature diode, single-ended: some 0.6 V at 25 C (ADS7846's and its
            # kin's datasheets) of a 3.3 V reference (VREF tied to VCC, as the XPT2046's application has it)
            return 600 * 4096 // 3300 + self._noise()
        return super().value_for(cmd)

    def selected(self):
        return self.cs.level == 0

    def write(self, buf):
        if self.selected() and len(buf):
            self.cmd = buf[0]

    def readinto(self, buf):
        if self.hz > 2_500_000:  # too fast for its conversion: the bits come out wrong
            buf[:] = b"\xff" * len(buf)
            return
        v = self.value_for(self.cmd) << 3
        buf[0] = 0
        if len(buf) > 2:
            buf[1] = v >> 8 & 0xFF
            buf[2] = v & 0xFF


TEMP0 = 0x84


class _I2CTouch:
    """A touch controller on I2C on a w x h glass; raw as Panel's, in its own pixels; clock() gives ms;
    rst: low holds it in reset, high again starts it afresh (_started)."""

    def __init__(self, width, height, raw):
        self.w, self.h, self.raw = width, height, raw
        self.now = 0
        self.clock = lambda: self.now
        self.rst = port.Line(self._reset)
        self.held = False  # in reset

    def _reset(self, level):
        if level and self.held:
            self._started()
        self.held = not level

    def _point(self, at):  # the glass's (x, y) in the controller's own pixels
        x0, x1, y0, y1, swap = self.raw
        sx, sy = at
        px = x0 + (x1 - x0) * sx // (self.w - 1)
        py = y0 + (y1 - y0) * sy // (self.h - 1)
        return (py, px) if swap else (px, py)


class CST820(_I2CTouch):
    """A CST820 at 15h (InfiniTime's Cst816s_registers.h; the vendor's CST820.h): 02h the fingers,
    03h/04h x (03h's low nibble the high bits), 05h/06h y, A7h the ID (B7h: esphome's
    cst816_touchscreen.h), FEh non-zero: auto-sleep off. Asleep (2 s after a reset or a touch unless
    FEh was written: InfiniTime, fbiego/CST816S's README, esphome issue 6293) it answers nothing.
    Its own pixels are 240 x 320, the glass in portrait."""

    AWAKE_MS = 2000

    def __init__(self, width=320, height=240, raw=(0, 319, 239, 0, True)):
        super().__init__(width, height, raw)
        self._finger = None
        self.awake_until = self.AWAKE_MS
        self.sleep_off = False

    def _started(self):  # out of reset it is awake, and has forgotten FEh
        self.sleep_off = False
        self.awake_until = self.clock() + self.AWAKE_MS

    @property
    def finger(self):
        return self._finger

    @finger.setter
    def finger(self, at):
        self._finger = at
        self.awake_until = self.clock() + self.AWAKE_MS  # a touch wakes it

    def _awake(self):
        return self.sleep_off or self._finger is not None or self.clock() < self.awake_until

    def _regs(self):
        regs = bytearray(256)
        regs[0xA7] = 0xB7
        if self._finger is not None:
            x, y = self._point(self._finger)
            regs[0x02] = 1
            regs[0x03], regs[0x04] = x >> 8 & 0x0F, x & 0xFF
            regs[0x05], regs[0x06] = y >> 8 & 0x0F, y & 0xFF
        return regs

    def readfrom_mem_into(self, addr, reg, buf):
        if not self._awake():
            raise OSError(19)  # no acknowledge: MicroPython's ENODEV
        regs = self._regs()
        for i in range(len(buf)):
            buf[i] = regs[(reg + i) & 0xFF]

    def writeto_mem(self, addr, reg, buf):
        if not self._awake():
            raise OSError(19)
        if reg == 0xFE:
            self.sleep_off = bool(buf[0])


class GT911(_I2CTouch):
    """A GT911 at addr (5Dh; 14h if INT was high at reset), as espressif/esp-bsp's esp_lcd_touch_gt911.c
    reads it: 16-bit register addresses (a one-byte one reads 0s); 8140h-8142h "911"; 814Eh the
    status (bit 7 a reading ready, bits 0-3 the points); 8150h-8153h the first point's x, y, low byte
    first, in 240 x 320 (rzeldent/platformio-espressif32-sunton esp32-2432S032C.json). A reading every
    REPORT_MS, once the host has written 0 to the status (the last held until then)."""

    REPORT_MS = 10

    def __init__(self, width=320, height=240, raw=(0, 319, 239, 0, True), addr=0x5D):
        super().__init__(width, height, raw)
        self.addr = addr
        self.finger = None
        self.status = 0
        self.point = (0, 0)
        self.made = -self.REPORT_MS  # when the last reading was made

    def _started(self):  # out of reset: no reading ready
        self.status = 0
        self.made = self.clock()

    def _report(self):
        now = self.clock()
        if not self.status & 0x80 and now - self.made >= self.REPORT_MS:  # a new reading
            self.made = now
            self.status = 0x80 | (1 if self.finger is not None else 0)
            if self.finger is not None:
                self.point = self._point(self.finger)

    def readfrom_mem_into(self, addr, reg, buf, addrsize=8):
        self._report()
        x, y = self.point
        regs = {0x8140: ord("9"), 0x8141: ord("1"), 0x8142: ord("1"), 0x814E: self.status,
                0x8150: x & 0xFF, 0x8151: x >> 8, 0x8152: y & 0xFF, 0x8153: y >> 8}
        for i in range(len(buf)):
            buf[i] = regs.get(reg + i, 0) if addrsize == 16 else 0

    def writeto_mem(self, addr, reg, buf, addrsize=8):
        if addrsize == 16 and reg == 0x814E:
            self.status = buf[0]
