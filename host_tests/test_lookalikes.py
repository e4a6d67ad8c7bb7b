# The CYD's look-alikes with the backlight on GPIO 27 (issue 56, 5), modelled
# as their board definitions give them (tools/simulator/glass.py's
# cyd-2432s024r, cyd-2432s024c and cyd-2432s032c, from rzeldent/platformio-espressif32-
# sunton's JSON files; their touch controllers in tools/simulator/cydtouch.py,
# from the makers' and public drivers' documents): the board file's own
# setup() finds each one's touch controller (drivers/cydtouch.py), the first
# start's calibration completes, and a tap then lands where it is aimed.
# docs/BOARDS.md, "CYD look-alikes". (MicroPython only: framebuf.)
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

from simulator import port  # noqa: E402
from simulator.driver import Driver, fresh_dir  # noqa: E402

UNITS = {"cyd": "XPT2046", "cyd-2432s024r": "XPT2046 on the display's bus", "cyd-2432s024c": "CST8xx (ID B7)",
         "cyd-2432s032c": "GT911 (5Dh)"}
KINDS = {"CST": "CapTouch", "GT9": "GTTouch"}


def test_each_unit_finds_its_touch_and_the_first_calibration_completes():
    for unit, chip in UNITS.items():
        fresh_dir("lookalike-" + unit)
        d = Driver("cyd", emulate=True, unit=unit if unit != "cyd" else None, calibrate=False)
        assert getattr(d.app.hw.display, "touch", chip) == chip, (unit, d.app.hw.display.touch)
        assert d.screen() == "Calibrate", (unit, d.screen())
        d.calibrate()  # a tap on each cross, as the screen shows them
        assert d.screen() != "Calibrate", "%s: the calibration did not complete" % unit
        assert d.app.state["settings"].get("touch"), unit  # kept
        d.key("ok")  # a tap on the bar's OK: the Home menu's first item opens
        assert d.screen() == "Menu", (unit, d.screen())
        assert "drivers.cydtouch" not in sys.modules  # the finder let go after the boot


def test_the_board_files_setup_finds_each_units_touch_controller():
    # (the simulator's usual unit takes its taps from the model directly; here every unit's
    # through the board file's own setup() on the stand-in port, wired as the unit is)
    from simulator import glass, panel, wiring
    from simulator.board import board_module

    mod = board_module("cyd")
    for unit, chip in UNITS.items():
        hw = wiring.panel(mod, panel.DCSPanel(glass.unit("cyd", unit)), whole=True)
        assert hw.display.touch == chip, (unit, hw.display.touch)
        assert type(hw.keys.touch).__name__ == KINDS.get(chip[:3], "Touch"), unit


def test_the_xpt2046_beside_the_display_is_read_at_its_own_clock_and_only_when_touched():
    # the vendor's TFT_eSPI set-up for the 2432S024R: "The XPT2046 requires a lower SPI clock rate
    # of 2.5MHz" (the model reads wrong above it); the display gets its 40 MHz back after each
    fresh_dir("lookalike-clock")
    d = Driver("cyd", emulate=True, unit="cyd-2432s024r", calibrate=False)
    chip = d.sim.fingers
    bus = port.buses()[0]
    assert bus.baudrate == 40_000_000
    before = len(port.made)
    d.sim.tick(500)  # nobody touches: PENIRQ high, nothing sent, the clock left alone
    assert len(port.made) == before
    d.calibrate()
    assert d.screen() != "Calibrate"
    assert chip.hz and chip.hz <= 2_500_000, chip.hz
    assert bus.baudrate == 40_000_000, bus.baudrate
    assert [m for m in port.made[before:] if m[0] == "SPI.init"], "no clock change around a reading"


def test_a_cst820_asleep_at_the_start_is_woken_by_its_reset():
    # asleep, a CST816-kind chip answers nothing, not even its address (InfiniTime's
    # Cst816s_registers.h; esphome issue 6293): it is asked right after a reset pulse
    from simulator import cydtouch

    fresh_dir("lookalike-asleep")
    made = cydtouch.CST820.__init__

    def asleep(self, *args, **kw):
        made(self, *args, **kw)
        self.now = 10_000  # booted long after its power-on: asleep

    cydtouch.CST820.__init__ = asleep
    try:
        d = Driver("cyd", emulate=True, unit="cyd-2432s024c", calibrate=False)
    finally:
        cydtouch.CST820.__init__ = made
    assert d.app.hw.display.touch == "CST8xx (ID B7)", d.app.hw.display.touch
    chip = d.sim.fingers
    assert chip.sleep_off  # its auto-sleep put off, as the vendor's CST820.cpp does
    d.sim.tick(5000)  # five seconds untouched: it still answers
    d.calibrate()
    assert d.screen() != "Calibrate"


def test_the_about_screen_names_the_touch_controller():
    fresh_dir("lookalike-about")
    d = Driver("cyd", emulate=True, unit="cyd-2432s024c")
    d.choose("Settings")
    d.choose("About")
    assert ("touch", "CST8xx (ID B7)") in d.top().rows, d.top().rows


def test_a_gt911_is_found_at_either_address_read_as_it_reports_and_cleared():
    # (issue 56, 5: the 2432S032C's GT911 fell through to the usual XPT2046, whose calibration no
    # tap can complete) espressif/esp-bsp's esp_lcd_touch_gt911.c: 5Dh, or 14h where INT was high
    # at the reset; a reading stands until the status is cleared, and the next comes after
    from simulator import cydtouch, glass

    made = glass.CYD_032C.touch
    for addr in (0x5D, 0x14):
        fresh_dir("lookalike-gt911-%x" % addr)
        glass.CYD_032C.touch = dict(made, addr=addr)
        try:
            d = Driver("cyd", emulate=True, unit="cyd-2432s032c", calibrate=False)
        finally:
            glass.CYD_032C.touch = made
        assert d.app.hw.display.touch == "GT911 (%02Xh)" % addr, d.app.hw.display.touch
        chip = d.sim.fingers
        assert type(chip) is cydtouch.GT911
        d.calibrate()
        assert d.screen() != "Calibrate"
        assert chip.status & 0x80 == 0 or chip.finger is None  # each reading cleared once read
        d.key("ok")
        assert d.screen() == "Menu", d.screen()
