# The touch controllers of the Cheap Yellow Display's look-alikes, asked
# for at boot by boards/cyd.py's setup() (which makes the buses and pins):
# the 2432S024C's capacitive CST820 (a CST816S's kin) and the 2432S032C's
# GT911 on I2C, and the 2432S024R's (and 032R's) XPT2046 on the display's
# own bus; where none answers, the usual unit's XPT2046 on pins of its own
# (drivers/xpt2046.py).
# Pins and sources: docs/BOARDS.md, "CYD look-alikes". Let go after the
# boot on the usual unit: nothing of it stays in the heap there.
from time import sleep_ms

from drivers.xpt2046 import READ_X, READ_Z1, READ_Z2, Touch

CST = 0x15  # the CST816 family's I2C address
# its chip ID (register A7h): CST816S, CST816T, CST816D, CST820 (esphome's cst816_touchscreen.h)
CST_IDS = (0xB4, 0xB5, 0xB6, 0xB7)
# the GT911's I2C addresses: 5Dh, or 14h where its INT line was high at the reset (espressif/esp-bsp
# esp_lcd_touch_gt911.c: ADDRESS and ADDRESS_BACKUP); its registers have 16-bit addresses
GT = (0x5D, 0x14)
GT_ID = 0x8140  # product ID, "911" in ASCII
GT_STATUS = 0x814E  # bit 7: a reading ready; bits 0-3: the points; written 0 once read
GT_POINT = 0x8150  # the first point: x low, x high, y low, y high
TEMP0 = 0x84  # the XPT2046's temperature diode, single-ended: some 0.6 V, touched or not
TOUCH_HZ = 2_000_000  # the XPT2046's clock on a shared bus (its most: 2.5 MHz)


def cst(i2c, rst, width, height, cal):
    """A CST8xx on i2c, read as an xpt2046.Touch with the calibration cal,
    or None if none answers. Asked right after a pulse on its reset line
    rst (asleep, it answers nothing: docs/BOARDS.md)."""
    rst(0)
    sleep_ms(10)
    rst(1)
    sleep_ms(50)
    try:
        chip = i2c.readfrom_mem(CST, 0xA7, 1)[0]
    except OSError:  # nothing there (on the usual unit those pins are its XPT2046's CS and DIN)
        return None
    if chip not in CST_IDS:
        return None
    i2c.writeto_mem(CST, 0xFE, b"\xff")  # auto-sleep off: the vendor's CST820.cpp
    touch = CapTouch(i2c, rst, width, height, cal)
    touch.chip = "CST8xx (ID %02X)" % chip
    return touch


def gt911(i2c, rst, width, height, cal):
    """A GT911 on i2c (at either of its addresses), read as an xpt2046.Touch
    with the calibration cal, or None if none answers "911". Asked after
    cst()'s reset pulse on rst, its own reset line too."""
    for addr in GT:
        try:
            if i2c.readfrom_mem(addr, GT_ID, 3, addrsize=16) == b"911":
                touch = GTTouch(i2c, addr, rst, width, height, cal)
                touch.chip = "GT911 (%02Xh)" % addr
                return touch
        except OSError:
            pass
    return None


def beside(spi, fast, cs, irq, width, height, cal):
    """An XPT2046 on the display's bus spi (at fast Hz), selected by cs,
    its PENIRQ irq, read as an xpt2046.Touch; None if its temperature
    reading (twice, steady, in range) does not answer: where the display
    alone is on the bus, MISO reads nothing."""
    shared = Shared(spi, fast, irq)
    rx = bytearray(3)
    tx = bytearray((TEMP0, 0, 0))
    temps = []
    for _ in range(2):
        cs(0)
        shared.write_readinto(tx, rx)
        cs(1)
        temps.append(((rx[1] << 8 | rx[2]) >> 3) if not rx[2] & 7 else 0)
    if all(300 <= t <= 1800 for t in temps) and abs(temps[0] - temps[1]) < 64:
        return Touch(shared, cs, width, height, cal)
    return None


class Shared:
    """The display's SPI bus as an XPT2046's (the 2432S024R's): each reading
    at TOUCH_HZ, the display's clock back after. Its PENIRQ (low while
    touched) is read before a pressure reading: untouched, Z1 reads
    0 with nothing sent, so the bus is left alone between taps."""

    def __init__(self, spi, fast, irq):
        self.spi = spi
        self.fast = fast
        self.irq = irq

    def write_readinto(self, tx, rx):
        if tx[0] == READ_Z1 and self.irq.value():
            rx[1] = rx[2] = 0
            return
        self.spi.init(baudrate=TOUCH_HZ)
        self.spi.write_readinto(tx, rx)
        self.spi.init(baudrate=self.fast)


class CapTouch(Touch):
    """A CST8xx capacitive controller as xpt2046.Touch's readings: register
    02h the fingers, 03h-06h the point's 12 bits each (InfiniTime's
    Cst816s_registers.h), in the panel's own pixels, times 16 so that the
    calibration (ui/calibrate.py) tells its taps apart as a resistive
    panel's. A reading it does not answer is no touch."""

    chip = ""  # what it is, by its ID (for the About screen)

    def __init__(self, i2c, rst, width, height, cal):
        self.i2c = i2c
        self.buf = bytearray(5)
        super().__init__(None, rst, width, height, cal)  # its reset as the "CS": kept high

    def _read(self, cmd):
        b = self.buf
        if cmd == READ_Z1:
            try:
                self.i2c.readfrom_mem_into(CST, 0x02, b)
            except OSError:
                b[0] = 0
            return 4095 if b[0] & 0x0F else 0
        if cmd == READ_Z2:
            return 0
        if cmd == READ_X:
            return ((b[1] & 0x0F) << 8 | b[2]) << 4
        return ((b[3] & 0x0F) << 8 | b[4]) << 4


class GTTouch(CapTouch):
    """A GT911 as xpt2046.Touch's readings (espressif/esp-bsp's
    esp_lcd_touch_gt911.c): its status register says when a reading is
    ready, and how many points; the first point's x and y (its own pixels,
    times 16 as CapTouch's) are read, and the status cleared, which lets it
    make the next. Between its readings (every 10 ms or so) the last one
    stands, so a finger held does not read as lifted."""

    ZERO = b"\x00"

    def __init__(self, i2c, addr, rst, width, height, cal):
        super().__init__(i2c, rst, width, height, cal)
        self.addr = addr
        self.status = bytearray(1)
        self.down = False

    def _read(self, cmd):
        b = self.buf
        if cmd == READ_Z1:
            try:
                self.i2c.readfrom_mem_into(self.addr, GT_STATUS, self.status, addrsize=16)
                s = self.status[0]
                if s & 0x80:
                    n = s & 0x0F
                    self.down = 0 < n <= 5
                    if self.down:
                        self.i2c.readfrom_mem_into(self.addr, GT_POINT, b, addrsize=16)
                    self.i2c.writeto_mem(self.addr, GT_STATUS, self.ZERO, addrsize=16)
            except OSError:
                self.down = False
            return 4095 if self.down else 0
        if cmd == READ_Z2:
            return 0
        if cmd == READ_X:
            return (b[1] << 8 | b[0]) << 4
        return (b[3] << 8 | b[2]) << 4
