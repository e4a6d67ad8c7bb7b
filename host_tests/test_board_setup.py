# Every board file's setup() run on the host, on the stand-in port of its
# chip (tools/simulator/port.py: MicroPython's esp32 port and ESP-IDF's
# rules; pins and buses cannot run here): it builds the display and the keys
# the firmware expects, on the pins docs/BOARDS.md gives (MicroPython only:
# the panel drivers draw on framebuf).
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

from common import boards  # noqa: E402
from simulator import glass  # noqa: E402
from simulator import port as port  # noqa: E402

BOARDS = [boards.MODULES[b] for b in boards.REAL]  # the board files' modules (tools/common/boards.py)
BATTERY_UV = 1_900_000  # what an ADC pin reads: 3.8 V halved by the boards' dividers
HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
M5_BUS = (21, 22)  # the M5Stack's I2C (SDA, SCL: M5Unified's board_M5Stack), the OLED board's too
ADV_BUS = (8, 9)  # the Cardputer ADV's key chip's (M5GFX's board detection)


def build(name, devices=None, pulled_up=()):
    """setup() of boards/<name>.py on the stand-in port of its chip;
    devices: {(sda, scl, address): chip} wired on the board;
    (module, hardware, pins made, everything made)."""
    mod = __import__(name)
    port.use(boards.chip(mod.ID))
    for (sda, scl, addr), chip in (devices or {}).items():
        port.attach_i2c(sda, scl, addr, chip)
    port.pulled_up.update(pulled_up)
    for n in set(port.chip.adc1) | set(port.chip.adc2):
        port.analog[n] = BATTERY_UV
    undo = port.install()
    try:
        hw = mod.setup()
    finally:
        undo()
    pins = [m for m in port.made if m[0] == "Pin"]
    return mod, hw, pins, list(port.made)


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
        from simulator import panel

        from simulator import wiring

        devices = {"m5stack_core": {M5_BUS + (0x75,): IP5306()}}.get(name)  # its power chip
        if __import__(name).PANEL[0] == "ssd1306":  # an OLED board's module, where the simulator wires it
            devices = {wiring.OLED_BUS + (0x3C,): panel.SSD1306()}
        mod, hw, _pins, _made = build(name, devices)
        assert hw.board == mod.ID, name
        assert hw.wifi_need == getattr(mod, "WIFI_NEED", 0), name  # the Wi-Fi check's (web/wifi.py)
        w, h = hw.display.width, hw.display.height
        # the picture as held: its glass's, with the maker's values (simulator/glass.py), or an OLED's PANEL
        g = glass.unit(mod.ID)
        assert (w, h) == (g.size if g is not None else tuple(mod.PANEL[1:3])), (name, w, h)
        assert hw.keys.poll(0) == [], name  # nothing pressed
        assert hw.watchdog is not None, name
        hw.watchdog.stop()


def test_the_cardputer_on_its_pins_and_either_keyboard():
    from chipmodels import KeyChip

    mod, hw, pins, made = build("cardputer")
    assert type(hw.keys.kb).__name__ == "KeyMatrix"  # no key chip answered: the original
    outs = [n for _, n, mode in pins if mode == port.Pin.OUT]
    ins = [n for _, n, mode in pins if mode == port.Pin.IN]
    assert [8, 9, 11] == [n for n in outs if n in (8, 9, 11)]  # the decoder's address lines
    assert ins == [8, 13, 15, 3, 4, 5, 6, 7]  # G8 read first (M5GFX's test: low, no ADV), then its inputs
    # G8/G9 low with pull-downs: the original, told without an I2C scan of its decoder's lines (M5GFX
    # src/M5GFX.cpp reads them so; a scan there took seconds)
    assert not [m for m in made if m[0] == "SoftI2C"]
    assert {34, 37, 33, 38} <= set(outs)  # DC, CS, RST, backlight
    spi = [m for m in made if m[0] == "SPI"][0]
    assert dict(spi[2])["sck"] == 36 and dict(spi[2])["mosi"] == 35
    assert ("ADC", 10, 3) in made and hw.battery.percent() == 55
    assert hw.display.madctl & 0x08  # BGR
    # the ADV: its key chip answers at 0x34 on G8/G9
    chip = KeyChip()
    mod, hw, pins, made = build("cardputer", {ADV_BUS + (0x34,): chip}, pulled_up=(8, 9))
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
    assert {k: v for k, v in soft[2].items() if k != "baudrate"} == {"sck": 25, "mosi": 32, "miso": 39}
    outs = [n for _, n, mode in pins if mode == port.Pin.OUT]
    assert {2, 15, 21, 27, 33} <= set(outs)  # DC, CS, backlight (21, and 27 for look-alikes), touch CS
    assert port.levels[21] == port.levels[27] == 1  # lit on either
    hw.display.sleep(True)
    assert port.levels[21] == port.levels[27] == 0
    hw.display.sleep(False)
    assert port.levels[21] == port.levels[27] == 1
    assert hw.keys.kind == "touch" and hw.keys.touch.cal == mod.TOUCH_CAL
    assert hw.battery is None


def test_the_ttgo_reads_its_battery_on_lilygos_pins():
    # LilyGO's FactoryTest.ino: ADC_PIN 34, ADC_EN 14 set high, a divider of 2 (test_battery_reference.py)
    mod, hw, pins, made = build("ttgo_t_display")
    assert ("ADC", 34, 3) in made and hw.battery.divider == 2.0
    en = [p for p in made if p[:2] == ("Pin", 14)]
    assert en and en[0][2] == port.Pin.OUT
    assert hw.battery.percent() == 55  # the stand-in's 1.9 V, doubled: 3.8 V of 3.3-4.2
    hw.watchdog.stop()


def test_the_m5stack_keeps_its_power_on_and_its_speaker_quiet():
    # issue 40, 1: on battery the IP5306 switched the Core off some 32 s after start; its
    # boost-keep-on bit, register 0x00 bit 1, set at boot as M5Unified's setPowerBoostKeepOn
    # does it: read, the bit set, written back with the other bits as they were
    for before in (0x31, 0x35, 0x00, 0xFD):
        chip = IP5306(before)
        assert chip.cuts_a_light_load() == (not before & 0x02)
        mod, hw, pins, made = build("m5stack_core", {M5_BUS + (0x75,): chip})
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
    assert pins[0] == ("Pin", 25, port.Pin.OUT), pins[:3]
    assert port.levels[25] == 0
    # issue 56, 6: GPIO 15 driven low, as M5Unified's src/M5Unified.cpp does for board_M5Stack
    # ("GPIO15 affects WiFi sensitivity when M5GO bottom is connected": the base's LEDs' data line)
    assert ("Pin", 15, port.Pin.OUT) in pins and port.levels[15] == 0, pins


def test_the_oled_board_tells_an_sh1106_from_an_ssd1306():
    # issue 40, 4, and issue 56, 1: at 0x3C (or 0x3D where 0x3C does not answer), whether the RAM
    # reads back, as keirf/flashfloppy's oled_probe_model tells them (an SH1106 whose status byte
    # reads as an SSD1306's, meshtastic #1363, among them); the chips are the simulator's emulators
    # (their datasheets' command sets)
    from simulator import panel

    for chip, addr, kind in ((panel.SSD1306(), 0x3C, "SSD1306"), (panel.SH1106(), 0x3C, "SH1106"),
                             (panel.ColdSH1106(), 0x3C, "SH1106"),
                             (panel.SH1106(addr=0x3D), 0x3D, "SH1106"),
                             (panel.SSD1306(addr=0x3D), 0x3D, "SSD1306")):
        mod, hw, pins, made = build("devkit_oled", {M5_BUS + (addr,): chip})
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
    # nothing answers: the SSD1306's first write is refused as the port refuses it, OSError ENODEV
    # (MicroPython ports/esp32/machine_i2c.c: ESP_FAIL, a NACK, is -MP_ENODEV)
    try:
        build("devkit_oled")
        raise AssertionError("an OLED board without its OLED built a display")
    except OSError as e:
        assert e.errno == 19, e


def raises(kind, fn, *args):
    try:
        fn(*args)
    except kind as e:
        return e
    raise AssertionError("did not raise %s" % kind.__name__)


def board_source(board_id):
    with open("%s/../boards/%s.py" % (HERE, boards.MODULES[board_id])) as f:
        return f.read()


def test_every_board_file_asks_only_what_the_port_gives():
    # each board's setup() on its chip's port (tools/common/boards.py's chip), with what its makers wire
    # there; any rule broken raises
    from simulator import panel

    for board_id in boards.REAL:
        mod = __import__(boards.MODULES[board_id])
        port.use(boards.chip(board_id))
        port.attach_i2c(21, 22, 0x3C, panel.SSD1306())
        undo = port.install()
        try:
            hw = mod.setup()
        finally:
            undo()
        hw.watchdog.stop()
        hw.display.mark_all()
        hw.display.show()
        spi = [m for m in port.made if m[0] == "SPI"]
        for _, _host, args in spi:
            assert args["sck"] not in port.chip.input_only, (board_id, args)


def test_the_ttgo_at_40_mhz_would_not_start():
    # the board file as it was (TFT_eSPI's 40 MHz on GPIO 18/19): its panel() fails at the first write
    src = board_source("ttgo-t-display")
    assert "baudrate=26_666_666" in src
    ns: dict = {}
    exec(src.replace("baudrate=26_666_666", "baudrate=40_000_000"), ns)
    port.use("esp32")
    undo = port.install()
    try:
        e = raises(port.PortFault, ns["panel"])
    finally:
        undo()
    assert "spi_hal_cal_clock_conf" in str(e), e
