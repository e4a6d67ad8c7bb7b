# The board's copper on the stand-in port (simulator/port.py): the emulated glass of one unit wired by
# the maker's pin numbers, on the chip the board file names; a pin or bus the maker does not wire goes
# nowhere, so a wrong pin shows a dark glass. The OLED board's: an I2C bus with its SSD1306 or SH1106.
from simulator import port

OLED_BUS = (21, 22)  # SDA, SCL: the OLED board's wiring (docs/BOARDS.md: any DevKit, these pins)

made = port.made  # every part made, in order (tests read it)
Pin = port.Pin


def wire(glass, emu, chip="esp32"):
    """A fresh stand-in port for chip, emu (showing glass) on the maker's pins; glass None: an OLED's."""
    port.use(chip)
    if glass is None:
        port.attach_i2c(OLED_BUS[0], OLED_BUS[1], emu.addr, emu)
        return
    p = glass.pins
    for role in ("dc", "cs", "rst", "bl"):
        if p.get(role) is not None:
            port.attach_line(p[role], getattr(emu, role))
    if glass.rst_pulled_up:  # the reset line read as an input: the glass's pull-up (the M5Stack's IPS)
        port.pulled_up.add(p["rst"])  # beats the chip's pull-down, as M5GFX reads it
    port.attach_spi(p["sck"], p["mosi"], p["miso"], emu, host=glass.host)
    touch = glass.touch
    if touch:  # the unit's touch controller on its pins (simulator/touch.py's models), as emu.touch
        from simulator import cydtouch as models

        if touch["chip"] in ("cst820", "gt911"):
            emu.touch = models.CST820(*glass.size) if touch["chip"] == "cst820" else \
                models.GT911(*glass.size, addr=touch["addr"])
            port.attach_i2c(touch["sda"], touch["scl"], touch["addr"], emu.touch)
            port.attach_line(touch["rst"], emu.touch.rst)
        else:  # an XPT2046 on pins of its own, or beside the display on its bus (host)
            emu.touch = models.BusPanel(*glass.size, raw=(210, 3870, 3790, 180, False))
            port.attach_spi(touch["sck"], touch["mosi"], touch["miso"], emu.touch, host=touch.get("host"))
            port.attach_line(touch["cs"], emu.touch.cs)
            port.attach_line(touch["irq"], emu.touch.irq)


def panel(mod, emu, whole=False):
    """The display mod.panel() builds on the stand-in wired to emu's glass (whole: mod.setup()'s Hardware)."""
    from common import boards  # the chip the board file's docstring names

    wire(getattr(emu, "spec", None), emu, boards.chip(mod.ID))
    undo = port.install()
    try:
        return mod.setup() if whole else mod.panel()
    finally:
        undo()
