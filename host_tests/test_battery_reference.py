# The battery readings held to the boards' makers (issue 41, 6): the IP5306
# stand-in here answers its register 0x78 with every byte it can hold, and
# the M5Stack's level must be what m5stack/M5Stack's own library makes of
# it (src/utility/Power.cpp, POWER::getBatteryLevel: IP5306_REG_READ3 =
# 0x78 at IP5306_ADDR 0x75; the top four bits 0x00 100%, 0x80 75%, 0xC0
# 50%, 0xE0 25%, anything else 0%; a failed read, none). The TTGO's divider
# and pins are LilyGO's (Xinyuan-LilyGO/TTGO-T-Display
# TFT_eSPI/examples/FactoryTest/FactoryTest.ino: ADC_PIN 34, ADC_EN 14 set
# high first, volts = reading * 2.0 * 3.3 V / 4095, a divider of 2).
from drivers.battery import ADCBattery, IP5306Battery


def m5_level(data):
    """POWER::getBatteryLevel's switch, transcribed."""
    top = data & 0xF0
    return {0x00: 100, 0x80: 75, 0xC0: 50, 0xE0: 25}.get(top, 0)


class IP5306:
    def __init__(self):
        self.value = 0
        self.read = []
        self.there = True

    def readfrom_mem_into(self, addr, reg, buf):
        if not self.there:
            raise OSError(19)  # ENODEV: no chip (an older Core)
        self.read.append((addr, reg))
        buf[0] = self.value

    def writeto_mem(self, addr, reg, buf):
        pass


def test_every_ip5306_reading_is_m5stacks_level():
    chip = IP5306()
    b = IP5306Battery(chip)
    chip.read.clear()  # (its start reads SYS_CTL0 to keep the boost on: test_board_setup.py)
    for v in range(256):
        chip.value = v
        assert b.percent() == m5_level(v), (hex(v), b.percent(), m5_level(v))
    assert set(chip.read) == {(0x75, 0x78)}
    chip.there = False
    assert b.percent() is None  # M5's -1: not known


def test_the_ttgo_reading_is_lilygos_divider():
    class ADC:
        uv = 0

        def read_uv(self):
            return self.uv

    enabled = []
    adc = ADC()
    b = ADCBattery(adc, divider=2.0, enable=enabled.append)
    assert enabled == [1]  # ADC_EN high before any reading
    for raw in (2048, 2300, 2500, 2600):  # readings of a 12-bit ADC, as LilyGO's example reads them
        adc.uv = raw * 3300000 // 4095
        lilygo = raw / 4095 * 2.0 * 3.3
        assert abs(b.volts() - lilygo) < 0.002, (raw, b.volts(), lilygo)
