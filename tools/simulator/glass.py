# Each board's display from its maker's own driver, never ours (docs/BOARDS.md, "The panels, from their
# makers"): the MADCTL and window start the maker sends for the board as held give an upright picture,
# its INVON and BGR bit the inversion and colour order. Repositories (fetched November 2026):
# Bodmer/TFT_eSPI at 83d4d16, m5stack/M5GFX at 7614fa3, witnessmenow/ESP32-Cheap-Yellow-Display at
# e1b20e4, Xinyuan-LilyGO/TTGO-T-Display at 6f89cdd.

MY, MX, MV, BGR = 0x80, 0x40, 0x20, 0x08


class Glass:
    def __init__(self, name, controller, ram, madctl, start, size, invert, ident, pins, host, init,
                 sources, rst_pulled_up=False, init_except=None, board=None, touch=None, needs=None):
        self.name = name  # the unit, as make sim --unit and the tests name it
        self.board = board or name  # the board id it is sold as
        self.controller = controller
        self.ram = ram  # (columns, rows) of the controller's RAM, natively
        self.madctl = madctl  # the maker's, for the board as it is held
        self.start = start  # (colstart, rowstart): the maker's window offset then
        self.size = size  # (width, height) of the picture as held
        self.invert = invert  # the maker sends INVON
        self.ident = ident  # what RDDID (04h) answers: ID1, ID2, ID3
        self.pins = pins  # GPIO numbers: sck, mosi, miso (None: not wired), cs, dc, rst, bl
        self.host = host  # MicroPython's SPI id for the maker's host (1: HSPI/SPI2, 2: VSPI/SPI3)
        self.init = init  # the maker's power/VCOM/gamma commands: ((command, bytes), ...)
        self.sources = sources  # (what, repository file)
        self.rst_pulled_up = rst_pulled_up  # the glass pulls its reset line up (the M5Stack's IPS)
        self.init_except = init_except or {}  # command -> the other maker's bytes, where two disagree
        # its touch controller and the pins it is on (simulator/wiring.py attaches the model):
        # chip "xpt2046" (sck, mosi, miso, cs, irq; host: on the display's hardware bus) "cst820" or "gt911"
        # (sda, scl, rst, int, addr); None: no touch panel
        self.touch = touch
        # the board check's fix this unit needs (nothing tells it from the usual unit: the same ID)
        self.needs = needs

    def like(self, name, **changed):
        """A look-alike sold under this unit's board's name: this glass but what changed says."""
        kw = dict(self.__dict__, **changed)
        del kw["name"]
        return Glass(name, **kw)


def _cmds(*pairs):
    return tuple((c, bytes(d)) for c, d in pairs)


# TFT_eSPI TFT_Drivers/ST7789_Init.h (its power and gamma; M5GFX
# src/lgfx/v1/panel/Panel_ST7789.hpp has the same but RAMCTRL's C0: ST7789_M5)
ST7789_JLX240 = _cmds(
    (0xB0, (0x00, 0xE0)), (0xB2, (0x0C, 0x0C, 0x00, 0x33, 0x33)), (0xB7, (0x35,)), (0xBB, (0x28,)),
    (0xC0, (0x0C,)), (0xC2, (0x01, 0xFF)), (0xC3, (0x10,)), (0xC4, (0x20,)), (0xC6, (0x0F,)),
    (0xD0, (0xA4, 0xA1)),
    (0xE0, (0xD0, 0x00, 0x02, 0x07, 0x0A, 0x28, 0x32, 0x44, 0x42, 0x06, 0x0E, 0x12, 0x14, 0x17)),
    (0xE1, (0xD0, 0x00, 0x02, 0x07, 0x0A, 0x28, 0x31, 0x54, 0x47, 0x0E, 0x1C, 0x17, 0x1B, 0x1E)))

ST7789_M5 = ((0xB0, bytes((0x00, 0xC0))),) + ST7789_JLX240[1:]

# TFT_eSPI TFT_Drivers/ILI9341_Init.h, the ILI9341_2_DRIVER block (the CYD's set-up picks it)
ILI9341_2 = _cmds(
    (0xCF, (0x00, 0xC1, 0x30)), (0xED, (0x64, 0x03, 0x12, 0x81)), (0xE8, (0x85, 0x00, 0x78)),
    (0xCB, (0x39, 0x2C, 0x00, 0x34, 0x02)), (0xF7, (0x20,)), (0xEA, (0x00, 0x00)), (0xC0, (0x10,)),
    (0xC1, (0x00,)), (0xC5, (0x30, 0x30)), (0xC7, (0xB7,)), (0xB1, (0x00, 0x1A)), (0xB6, (0x08, 0x82, 0x27)),
    (0xF2, (0x00,)), (0x26, (0x01,)),
    (0xE0, (0x0F, 0x2A, 0x28, 0x08, 0x0E, 0x08, 0x54, 0xA9, 0x43, 0x0A, 0x0F, 0x00, 0x00, 0x00, 0x00)),
    (0xE1, (0x00, 0x15, 0x17, 0x07, 0x11, 0x06, 0x2B, 0x56, 0x3C, 0x05, 0x10, 0x0F, 0x3F, 0x3F, 0x0F)))

# M5GFX src/lgfx/v1/panel/Panel_ILI9342.hpp, list0 (before IDMOFF, DISPON, SLPOUT)
ILI9342C_M5 = _cmds(
    (0xC8, (0xFF, 0x93, 0x42)), (0xC0, (0x12, 0x12)), (0xC1, (0x03,)), (0xC5, (0xF2,)), (0xB0, (0xE0,)),
    (0xF6, (0x01, 0x00, 0x00)),
    (0xE0, (0x00, 0x0C, 0x11, 0x04, 0x11, 0x08, 0x37, 0x89, 0x4C, 0x06, 0x0C, 0x0A, 0x2E, 0x34, 0x0F)),
    (0xE1, (0x00, 0x0B, 0x11, 0x05, 0x13, 0x09, 0x33, 0x67, 0x48, 0x07, 0x0E, 0x0B, 0x2E, 0x33, 0x0F)),
    (0xB6, (0x08, 0x82, 0x1D, 0x04)))

ST7789_ID = (0x85, 0x85, 0x52)  # M5GFX src/M5GFX.cpp: an ST7789 is (id & 0xFB) == 0x81, "0x81 or 0x85"
ILI9341_ID = (0x00, 0x00, 0x00)  # not 81h/85h: what an ILI9341 answers is not confirmed from a second source

TTGO = Glass(
    "ttgo-t-display", "ST7789V", (240, 320), MX | MV | BGR, (40, 53), (240, 135), True, ST7789_ID,
    dict(sck=18, mosi=19, miso=None, cs=5, dc=16, rst=23, bl=4), 2, ST7789_JLX240, (
        ("pins, 135x240, CGRAM_OFFSET", "Bodmer/TFT_eSPI User_Setups/Setup25_TTGO_T_Display.h "
                                        "(the same in Xinyuan-LilyGO/TTGO-T-Display TFT_eSPI/)"),
        ("BGR wherever CGRAM_OFFSET is set", "Bodmer/TFT_eSPI TFT_Drivers/ST7789_Defines.h"),
        ("rotation 1: MX|MV, colstart 40, rowstart 53", "Bodmer/TFT_eSPI TFT_Drivers/ST7789_Rotation.h"),
        ("INVON, power and gamma", "Bodmer/TFT_eSPI TFT_Drivers/ST7789_Init.h"),
        ("VSPI when USE_HSPI_PORT is not set", "Bodmer/TFT_eSPI Processors/TFT_eSPI_ESP32.h")))

CARDPUTER = Glass(
    "cardputer", "ST7789V2", (240, 320), MX | MV | BGR, (40, 53), (240, 135), True, ST7789_ID,
    dict(sck=36, mosi=35, miso=None, cs=37, dc=34, rst=33, bl=38), 2, ST7789_M5, (
        ("pins, SPI3_HOST, 135x240 at (52, 40), rotation 1, invert", "m5stack/M5GFX src/M5GFX.cpp"),
        ("rotation 1: MV|MX|MH; rgb_order false sends BGR", "m5stack/M5GFX src/lgfx/v1/panel/Panel_LCD.cpp, "
                                                            "Panel_LCD.hpp getMadCtl"),
        ("power and gamma", "m5stack/M5GFX src/lgfx/v1/panel/Panel_ST7789.hpp")),
    # ours: TFT_eSPI's RAMCTRL (the one ST7789 table), which copies red's and blue's top bit into
    # their lowest of 6 where M5GFX's leaves it 0: a 1/64 step in those colours, nothing else
    init_except={0xB0: bytes((0x00, 0xE0))})

CYD = Glass(
    "cyd", "ILI9341", (240, 320), MV | BGR, (0, 0), (320, 240), False, ILI9341_ID,
    dict(sck=14, mosi=13, miso=12, cs=15, dc=2, rst=None, bl=21), 1, ILI9341_2, (
        ("pins, ILI9341_2_DRIVER, HSPI, no reset pin", "witnessmenow/ESP32-Cheap-Yellow-Display "
                                                        "DisplayConfig/User_Setup.h"),
        ("landscape is setRotation(1)", "witnessmenow/ESP32-Cheap-Yellow-Display "
                                         "Examples/Basics/1-HelloWorld/1-HelloWorld.ino"),
        ("rotation 1: MV|BGR", "Bodmer/TFT_eSPI TFT_Drivers/ILI9341_Rotation.h, ILI9341_Defines.h"),
        ("power, VCOM and gamma", "Bodmer/TFT_eSPI TFT_Drivers/ILI9341_Init.h (ILI9341_2_DRIVER)"),
        ("XPT2046 on SPI3_HOST: sclk 25, mosi 32, miso 39, cs 33, int 36", "rzeldent/platformio-espressif32-"
                                                                           "sunton esp32-2432S028R.json")),
    touch=dict(chip="xpt2046", sck=25, mosi=32, miso=39, cs=33, irq=36))

CYD_ST7789 = CYD.like(
    "cyd-st7789", controller="ST7789", madctl=MX | MV | BGR, ident=ST7789_ID, init=ST7789_JLX240, sources=(
        ("ST7789_DRIVER, TFT_BGR, TFT_INVERSION_OFF, pins", "witnessmenow/ESP32-Cheap-Yellow-Display "
                                                             "DisplayConfig/CYD2USB/User_Setup.h"),
        ("rotation 1: MX|MV, no offset for 240x320", "Bodmer/TFT_eSPI TFT_Drivers/ST7789_Rotation.h"),
        ("power and gamma", "Bodmer/TFT_eSPI TFT_Drivers/ST7789_Init.h")))

# A look-alike sold as the CYD whose backlight is on GPIO 27, not 21; the rest as the usual unit's
# (reported in witnessmenow/ESP32-Cheap-Yellow-Display PR #327, a 2.4-inch unit with an
# ESP32-D0WD-V3: "Backlight was enabled with pin 27"; element-software/CYD-ESPHome-HA-Monitor #14:
# "if not on the GPIO27 the screen remain black"). GPIO 27 is free on the usual unit
# (witnessmenow's PINS.md), so the board file drives both.
CYD_BL27 = CYD.like("cyd-bl27", pins=dict(CYD.pins, bl=27), sources=CYD.sources + (
    ("backlight on GPIO 27", "witnessmenow/ESP32-Cheap-Yellow-Display PR #327; "
                             "element-software/CYD-ESPHome-HA-Monitor #14"),))

# The CYD whose glass needs INVON (a negative picture without it): rzeldent/platformio-espressif32-
# sunton esp32-2432S028Rv2.json, whose ILI9341 init sends 21h (INVON) before sleep out; TFT_eSPI
# issue 3401 and rzeldent/esp32-smartdisplay issue 59 report such units. Its own gamma there differs
# from TFT_eSPI's: not modelled (the picture's colours are the question here).
CYD_INVON = CYD.like("cyd-028rv2", invert=True, needs="Invert", sources=CYD.sources + (
    ("INVON (21h) in its init", "rzeldent/platformio-espressif32-sunton esp32-2432S028Rv2.json"),))

# The look-alikes as their board definitions give them (rzeldent/platformio-espressif32-sunton,
# commit 4aa6a15, esp32-2432S024R.json and esp32-2432S024C.json): the usual unit's display, pins and
# host (ILI9341 on SPI2_HOST: sclk 14, mosi 13, miso 12, cs 15, dc 2), the backlight on GPIO 27, and
# the touch controller elsewhere. The 2432S024R: an XPT2046 on the display's own bus, cs 33, int 36
# (the vendor's TFT_eSPI User_Setup.h: TOUCH_CS 33, "The XPT2046 requires a lower SPI clock rate of
# 2.5MHz"). The 2432S024C: a CST820 ("upward compatible with the CST816S", the repository's README) on
# I2C at 15h, sda 33, scl 32, rst 25, int 21 (the vendor's Factory_samples_Capacitive_touch CST820.h).
_LOOKALIKE = CYD.sources + (
    ("backlight 27; touch pins", "rzeldent/platformio-espressif32-sunton esp32-2432S024R.json, "
                                 "esp32-2432S024C.json"),)
CYD_024R = CYD.like("cyd-2432s024r", pins=dict(CYD.pins, bl=27), sources=_LOOKALIKE,
                    touch=dict(chip="xpt2046", sck=14, mosi=13, miso=12, cs=33, irq=36, host=1))
CYD_024C = CYD.like("cyd-2432s024c", pins=dict(CYD.pins, bl=27), sources=_LOOKALIKE,
                    touch=dict(chip="cst820", sda=33, scl=32, rst=25, int=21, addr=0x15))

# The 2432S032C (rzeldent/platformio-espressif32-sunton esp32-2432S032C.json; the same pins in
# spark404/esp32-2432S032C_I-base's README): an ST7789 on the usual unit's display pins, the
# backlight on 27, and a GT911 on I2C at 5Dh, sda 33, scl 32, rst 25, int 21. Its panel is modelled
# as the CYD2USB's ST7789 (its inversion not confirmed from a second source).
CYD_032C = CYD_ST7789.like(
    "cyd-2432s032c", pins=dict(CYD.pins, bl=27), touch=dict(chip="gt911", sda=33, scl=32, rst=25, int=21,
                                                             addr=0x5D),
    sources=CYD_ST7789.sources + (("ST7789, backlight 27, GT911 at 5Dh and its pins",
                                   "rzeldent/platformio-espressif32-sunton esp32-2432S032C.json"),))

M5STACK = Glass(
    "m5stack-core", "ILI9342C", (320, 240), BGR, (0, 0), (320, 240), True, (0xE3, 0x00, 0x00),
    dict(sck=18, mosi=23, miso=19, cs=14, dc=27, rst=33, bl=32), 2, ILI9342C_M5, (
        ("pins, VSPI, the IPS/TN test on GPIO 33", "m5stack/M5GFX src/M5GFX.cpp (Panel_M5Stack, autodetect)"),
        ("rotation 1 + offset_rotation 3 = table[0] = 0, BGR",
         "m5stack/M5GFX src/lgfx/v1/panel/Panel_LCD.cpp"),
        ("the same MADCTL: M5STACK rotation 1 = TFT_MAD_COLOR_ORDER", "Bodmer/TFT_eSPI "
                                                                      "TFT_Drivers/ILI9341_Rotation.h"),
        ("power, VCOM and gamma", "m5stack/M5GFX src/lgfx/v1/panel/Panel_ILI9342.hpp")),
    rst_pulled_up=True)

# The older Core's TN glass: no pull-up on the reset line, no INVON (M5GFX Panel_M5Stack::init)
M5STACK_TN = M5STACK.like("m5stack-core-tn", invert=False, rst_pulled_up=False)

# Each board's units: the first is what make sim shows; the others are look-alikes sold under its name.
UNITS: dict = {}
for _g in (TTGO, CARDPUTER, CYD, CYD_ST7789, CYD_BL27, CYD_INVON, CYD_024R, CYD_024C, CYD_032C, M5STACK,
           M5STACK_TN):
    UNITS[_g.board] = UNITS.get(_g.board, ()) + (_g,)
ALL = {g.name: g for units in UNITS.values() for g in units}


def pick(board_id, name, units, name_of=lambda g: g.name):
    """Of board_id's units the one called name (the first by default); None where it has none."""
    found = [u for u in units if name in (None, name_of(u))]
    if found or not units:
        return found[0] if found else None
    raise ValueError("no unit '%s' of %s (units: %s)" % (name, board_id, ", ".join(map(name_of, units))))


def unit(board_id, name=None):
    """The glass of board_id's unit name (its usual one by default); None: a board without a DCS panel."""
    return pick(board_id, name, UNITS.get(board_id, ()))
