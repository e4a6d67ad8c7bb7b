# Battery level readers. Each has percent() -> 0..100, or None when it
# cannot tell (no battery, or running on USB).


class ADCBattery:
    """A LiPo cell through a divider into an ADC pin (TTGO T-Display:
    GPIO 34 halves the voltage; GPIO 14 must be high to enable it)."""

    EMPTY_V = 3.3
    FULL_V = 4.2
    USB_V = 4.5  # above this, the board runs on USB

    def __init__(self, adc, divider=2.0, enable=None):
        self.adc = adc
        self.divider = divider
        if enable is not None:
            enable(1)

    def volts(self):
        return self.adc.read_uv() * self.divider / 1000000

    def percent(self):
        v = self.volts()
        if v > self.USB_V or v < 1.0:
            return None
        p = int((v - self.EMPTY_V) * 100 / (self.FULL_V - self.EMPTY_V))
        return max(0, min(100, p))


class IP5306Battery:
    """The IP5306 power chip of the M5Stack Core (I2C 0x75): four levels."""

    ADDR = 0x75
    _LEVELS = {0x00: 100, 0x08: 75, 0x0C: 50, 0x0E: 25, 0x0F: 0}

    def __init__(self, i2c):
        self.i2c = i2c
        self._buf = bytearray(1)
        # The IP5306 cuts its 5 V boost about 32 s after the load turns light (on battery: the Core
        # switches itself off; m5stack/M5Stack #148, tuupola/micropython-m5stack #19) unless its
        # boost-keep-on bit is set: register 0x00 (SYS_CTL0), bit 1, read, set and written back as
        # M5Unified's setPowerBoostKeepOn does (src/utility/power/IP5306_Class.cpp). Here, frozen
        # into our image, it costs the heap nothing (board.py stays a file).
        try:
            i2c.readfrom_mem_into(self.ADDR, 0x00, self._buf)
            self._buf[0] |= 0x02
            i2c.writeto_mem(self.ADDR, 0x00, self._buf)
        except OSError:
            pass  # an older Core without the chip on the bus: nothing cuts the power

    def percent(self):
        try:
            self.i2c.readfrom_mem_into(self.ADDR, 0x78, self._buf)
        except OSError:  # an older Core without the chip on the bus
            return None
        return self._LEVELS.get(self._buf[0] >> 4, 0)
