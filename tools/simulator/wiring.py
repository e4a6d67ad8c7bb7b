# The board's copper on the stand-in port (simulator/port.py): a board
# file's panel() wired to the emulated glass of one unit (simulator/glass.py)
# by the maker's pin numbers, on the chip the board file names. The
# simulator and the first-flash tests run the board's own panel() (its pins,
# its SPI host and clock, its reads) on it. A pin or a bus the maker does not
# wire to the panel goes nowhere, so a wrong pin shows as a dark glass, not
# as a right picture; a call the port refuses or the chip fails on raises
# (port.PortFault names the rule).
#
# panel(mod, emu) runs mod.panel() on it (mod.setup() with whole=True). The
# OLED board's panel() gets an I2C bus with its emulated SSD1306 or SH1106
# on it instead (glass None).
from simulator import port

OLED_BUS = (21, 22)  # SDA, SCL: the OLED board's wiring (docs/BOARDS.md: any DevKit, these pins)

made = port.made  # every part made, in order (tests read it)
Pin = port.Pin


def wire(glass, emu, chip="esp32"):
    """A fresh stand-in port for chip, with emu (a panel.DCSPanel showing
    glass) on the maker's pins, or with glass None an OLED emulator on the
    I2C bus."""
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

        size = glass.size
        if touch["chip"] in ("cst820", "gt911"):
            emu.touch = models.CST820(size[0], size[1]) if touch["chip"] == "cst820" else \
                models.GT911(size[0], size[1], addr=touch["addr"])
            port.attach_i2c(touch["sda"], touch["scl"], touch["addr"], emu.touch)
            port.attach_line(touch["rst"], emu.touch.rst)
        else:  # an XPT2046 on pins of its own, or beside the display on its bus (host)
            emu.touch = models.BusPanel(size[0], size[1], raw=(210, 3870, 3790, 180, False))
            port.attach_spi(touch["sck"], touch["mosi"], touch["miso"], emu.touch, host=touch.get("host"))
            port.attach_line(touch["cs"], emu.touch.cs)
            port.attach_line(touch["irq"], emu.touch.irq)


def panel(mod, emu, whole=False):
    """mod.panel() (a board file's) run on the stand-in wired to emu's glass:
    the display it builds. whole: mod.setup() instead, the Hardware it builds."""
    from common import boards  # the chip the board file's docstring names

    wire(getattr(emu, "spec", None), emu, boards.chip(mod.ID))
    undo = port.install()
    try:
        return mod.setup() if whole else mod.panel()
    finally:
        undo()
