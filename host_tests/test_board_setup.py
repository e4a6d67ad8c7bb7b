# Every board file's setup() run on the host, with a stand-in `machine`
# module (host_tests/fakemachine.py: pins and buses cannot run here): it
# builds the display and the keys the firmware expects, on the pins
# docs/BOARDS.md gives (MicroPython only: the panel drivers draw on framebuf).
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

import fakemachine  # noqa: E402
from common import boards  # noqa: E402

BOARDS = [boards.MODULES[b] for b in boards.REAL]  # the board files' modules (tools/common/boards.py)


def build(name, devices=None, pulled_up=()):
    """setup() of boards/<name>.py with the stand-in machine; (hardware, pins made)."""
    sys.modules["machine"] = fakemachine
    fakemachine.reset_record()
    fakemachine.devices.update(devices or {})
    fakemachine.pulled_up.update(pulled_up)
    try:
        mod = __import__(name)
        hw = mod.setup()
    finally:
        del sys.modules["machine"]
    pins = [m for m in fakemachine.made if m[0] == "pin"]
    return mod, hw, pins, list(fakemachine.made)


class IP5306:
    """The M5Stack Core's power chip at 0x75, as M5Unified drives it
    (src/utility/power/IP5306_Class.cpp): SYS_CTL0 (0x00) is read and written
    back; its bit 1 (BOOST_OUT_BIT) keeps the boost on under a light load,
    without which the chip cuts the power some 32 s after the load turns
    light (reg 0x02's light-load shutdown time, src/utility/Power_Class.cpp);
    0x78 (READ4) is the battery level (0x00 in its top nibble: full)."""

    def __init__(self, sys_ctl0=0x31):
        self.regs = {0x00: sys_ctl0, 0x78: 0x00}
        self.writes: list = []  # (register, value), in order

    def readfrom_mem_into(self, addr, reg, buf):
        buf[0] = self.regs.get(reg, 0)

    def writeto_mem(self, addr, reg, buf):
        self.writes.append((reg, buf[0]))
        self.regs[reg] = buf[0]

    def cuts_a_light_load(self):
        return not self.regs[0x00] & 0x02


def test_every_board_builds_its_display_and_keys():
    for name in BOARDS:
        devices = {0x75: IP5306()} if name == "m5stack_core" else None
        mod, hw, _pins, _made = build(name, devices)
        assert hw.board == mod.ID, name
        w, h = hw.display.width, hw.display.height
        assert (w, h) == {"ttgo_t_display": (240, 135), "m5stack_core": (320, 240), "devkit_oled": (128, 64),
                          "cardputer": (240, 135), "cyd": (320, 240)}[name], (name, w, h)
        assert hw.keys.poll(0) == [], name  # nothing pressed
        assert hw.watchdog is not None, name
        hw.watchdog.stop()


def test_the_cardputer_on_its_pins_and_either_keyboard():
    from simulator.keyboard import KeyChip

    mod, hw, pins, made = build("cardputer")
    assert type(hw.keys.kb).__name__ == "KeyMatrix"  # no key chip answered: the original
    outs = [n for _, n, mode in pins if mode == fakemachine.Pin.OUT]
    ins = [n for _, n, mode in pins if mode == fakemachine.Pin.IN]
    assert [8, 9, 11] == [n for n in outs if n in (8, 9, 11)]  # the decoder's address lines
    assert ins == [8, 13, 15, 3, 4, 5, 6, 7]  # G8 read first (M5GFX's test: low, no ADV), then its inputs
    # G8/G9 low with pull-downs: the original, told without an I2C scan of its decoder's lines (M5GFX
    # src/M5GFX.cpp reads them so; a scan there took seconds)
    assert not [m for m in made if m[0] == "SoftI2C"]
    assert {34, 37, 33, 38} <= set(outs)  # DC, CS, RST, backlight
    spi = [m for m in made if m[0] == "SPI"][0]
    assert dict(spi[2])["sck"] == 36 and dict(spi[2])["mosi"] == 35
    assert ("adc", 10, 3) in made and hw.battery.percent() == 55
    assert hw.display.madctl & 0x08  # BGR
    # the ADV: its key chip answers at 0x34 on G8/G9
    chip = KeyChip()
    mod, hw, pins, made = build("cardputer", {0x34: chip}, pulled_up=(8, 9))
    assert type(hw.keys.kb).__name__ == "TCA8418"
    i2c = [m for m in made if m[0] == "SoftI2C"][0]
    assert dict(i2c[2])["sda"] == 8 and dict(i2c[2])["scl"] == 9
    chip.press("5")
    chip.release("5")
    assert hw.keys.poll(0) == ["5"]


def test_the_cyd_on_its_pins():
    mod, hw, pins, made = build("cyd")
    spi = [m for m in made if m[0] == "SPI"][0]
    assert spi[1] == 1 and dict(spi[2]) == {"baudrate": 10_000_000, "sck": 14, "mosi": 13, "miso": 12}
    assert hw.display.found == "ILI9341 (ID FF FF FF)"  # nothing answered here: the usual unit's driver
    soft = [m for m in made if m[0] == "SoftSPI"][0]
    assert {k: v for k, v in soft[2] if k != "baudrate"} == {"sck": 25, "mosi": 32, "miso": 39}
    outs = [n for _, n, mode in pins if mode == fakemachine.Pin.OUT]
    assert {2, 15, 21, 27, 33} <= set(outs)  # DC, CS, backlight (21, and 27 for look-alikes), touch CS
    assert fakemachine.levels[21] == fakemachine.levels[27] == 1  # lit on either
    hw.display.sleep(True)
    assert fakemachine.levels[21] == fakemachine.levels[27] == 0
    hw.display.sleep(False)
    assert fakemachine.levels[21] == fakemachine.levels[27] == 1
    assert hw.keys.kind == "touch" and hw.keys.touch.cal == mod.TOUCH_CAL
    assert hw.battery is None


def test_the_ttgo_reads_its_battery_on_lilygos_pins():
    # LilyGO's FactoryTest.ino: ADC_PIN 34, ADC_EN 14 set high, a divider of 2 (test_battery_reference.py)
    mod, hw, pins, made = build("ttgo_t_display")
    assert ("adc", 34, 3) in made and hw.battery.divider == 2.0
    en = [p for p in made if p[:2] == ("pin", 14)]
    assert en and en[0][2] == fakemachine.Pin.OUT
    assert hw.battery.percent() == 55  # the stand-in's 1.9 V, doubled: 3.8 V of 3.3-4.2
    hw.watchdog.stop()


def test_the_m5stack_keeps_its_power_on_and_its_speaker_quiet():
    # issue 40, 1: on battery the IP5306 switched the Core off some 32 s after start; its
    # boost-keep-on bit, register 0x00 bit 1, set at boot as M5Unified's setPowerBoostKeepOn
    # does it: read, the bit set, written back with the other bits as they were
    for before in (0x31, 0x35, 0x00, 0xFD):
        chip = IP5306(before)
        assert chip.cuts_a_light_load() == (not before & 0x02)
        mod, hw, pins, made = build("m5stack_core", {0x75: chip})
        assert chip.writes == [(0x00, before | 0x02)], (hex(before), chip.writes)
        assert not chip.cuts_a_light_load()
        assert hw.battery.percent() == 100
        hw.watchdog.stop()
    # an older Core without the chip on the bus: nothing to write, and it starts
    mod, hw, pins, made = build("m5stack_core")
    assert hw.battery.percent() is None
    hw.watchdog.stop()
    # issue 40, 2: the speaker's DAC pin, GPIO 25, driven to 0 (M5Unified: gpio_lo, then an
    # output), first, before the panel's pins
    assert pins[0] == ("pin", 25, fakemachine.Pin.OUT), pins[:3]
    assert fakemachine.levels[25] == 0


def test_the_oled_board_tells_an_sh1106_from_an_ssd1306():
    # issue 40, 4: the status byte read at 0x3C (or 0x3D where 0x3C does not answer), low 4 bits
    # 8 an SH1106, 3 or 6 an SSD1306, as bitbank2/ss_oled reads it; the chips are the simulator's
    # emulators (their datasheets' command sets)
    from simulator import panel

    for chip, addr, kind in ((panel.SSD1306(), 0x3C, "SSD1306"), (panel.SH1106(), 0x3C, "SH1106"),
                             (panel.SH1106(addr=0x3D), 0x3D, "SH1106"),
                             (panel.SSD1306(addr=0x3D), 0x3D, "SSD1306")):
        mod, hw, pins, made = build("devkit_oled", {addr: chip})
        d = hw.display
        assert type(d).__name__ == kind and d.addr == addr, (kind, addr)
        assert d.found == (kind if addr == 0x3C else kind + " 3D"), d.found
        assert chip.on  # its set-up reached it
        d.fill(0)
        d.fill_rect(0, 0, 3, 64, 1)
        d.mark_all()
        d.show()
        assert chip.pixel(0, 10) == chip.pixel(2, 10) == (255, 255, 255) and chip.pixel(3, 10) == (0, 0, 0)
        hw.watchdog.stop()
    # nothing answers: driven as an SSD1306 at 0x3C, as before
    mod, hw, pins, made = build("devkit_oled")
    assert type(hw.display).__name__ == "SSD1306" and hw.display.addr == 0x3C
    hw.watchdog.stop()
