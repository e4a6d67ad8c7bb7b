"""ESP32-2432S028R, the "Cheap Yellow Display" (ESP32): ILI9341 320x240 over
SPI (an ST7789 on the unit with two USB ports: told apart by its ID), held
landscape, and an XPT2046 resistive touch panel on pins of its
own (SoftSPI: the SD card has VSPI). No buttons: every key is a tap
(ui/touch.py); the touch panel is calibrated at the first start.
Pins and sources: docs/BOARDS.md. This file is the only place they are written.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: esp32
usb: micro-USB (the board with two ports: either), a CH340 USB serial chip
  (Windows and older macOS need WCH's driver:
  https://www.wch-ic.com/downloads/CH341SER_ZIP.html)
boot: hold BOOT (beside the USB port), tap RST, let go
port: /dev/ttyUSB0 on Linux, /dev/cu.wchusbserial* or /dev/cu.usbserial-* on
  macOS; in WSL on Windows, attach it with usbipd first
answer: 17 ms a step, 93 ms a new screen (on stock MicroPython, counted: docs/SPEED.md)
"""

ID = "cyd"
NAME = "ESP32-2432S028R (Cheap Yellow Display)"
PANEL = ("ili9341", 1)  # driver, rotation (quarter turns): landscape
BAND = 15  # the frame in 16 bands of 15 rows: a 2.3 KB buffer, not 38 KB (docs/MEMORY.md) ...
WIFI_BAND = 12  # ... and in 20 bands of 12 rows while the phones are served: 0.5 KB more for them
WIFI_NEED = 64_960  # bytes (63.4 KB): the heaviest game, Wi-Fi, 4 phones, from files
# (measured: SuitUP Crazy 9's, 8 players, 64,816 B; test_budgets holds it; the check asks 8 KB more:
# docs/PHONES.md; with the CYD's boot, 224 B of issue 60's 96 KB are left, the least of any board)
INPUT = "touch"  # what the screens are driven with (buttons where not said): ui/touch.py
BUTTONS = ()  # no buttons: taps
# The touch calibration until the first start's (ui/calibrate.py saves its
# own): (raw at screen x 0, at x 319, raw at y 0, at y 239, swap), as
# witnessmenow's LVGL8 example calibrates the CYD held as here, through
# PaulStoffregen's XPT2046_Touchscreen at rotation 1: the 90h channel along x,
# 200 to 3700, the D0h channel along y, 240 to 3800 (docs/BOARDS.md).
TOUCH_CAL = (200, 3700, 240, 3800, True)

WATCHDOG = (0, 10000)  # hardware timer id, and how long a hang lasts before a restart (ms)


def panel():
    """The display, its controller told by its ID (read over MISO, GPIO 12, at
    10 MHz): the ILI9341 of the usual unit (TFT_eSPI with witnessmenow's
    DisplayConfig/User_Setup.h), or the ST7789 of the unit with two USB ports
    (DisplayConfig/CYD2USB/User_Setup.h: BGR, not inverted). HSPI
    (MicroPython's SPI(1)) as both set-ups (docs/BOARDS.md)."""
    from machine import Pin, SPI

    from drivers.dcs import DCSPanel

    spi = SPI(1, baudrate=10_000_000, sck=Pin(14), mosi=Pin(13), miso=Pin(12))
    dc, cs = Pin(2, Pin.OUT), Pin(15, Pin.OUT, value=1)
    # The backlight (high: on): GPIO 21 on the ESP32-2432S028R, but look-alikes sold under its
    # name light theirs on GPIO 27, a black screen at the first flash (witnessmenow/
    # ESP32-Cheap-Yellow-Display PR #327, element-software/CYD-ESPHome-HA-Monitor #14;
    # issue 40 also names BambuHelper PR #89). 27 is free on the 2432S028R
    # (docs/BOARDS.md): both are driven, on and off together. (A lambda, not a class: a new
    # name here costs the CYD's boot heap, docs/MEMORY.md.)
    lights = (Pin(21, Pin.OUT), Pin(27, Pin.OUT))
    bl = lambda v: (lights[0](v), lights[1](v))  # noqa: E731
    # RDDID (04h): three ID bytes after one dummy bit, as M5GFX's _read_panel_id reads them
    buf = bytearray(5)
    cs(0)
    dc(0)
    spi.write(b"\x04")
    dc(1)
    spi.readinto(buf)
    cs(1)
    v = int.from_bytes(buf, "big") >> 7  # 40 bits: the dummy, 32 of answer, 7 over
    found = ((v >> 24) & 0xFF, (v >> 16) & 0xFF, (v >> 8) & 0xFF)
    spi.init(baudrate=40_000_000)
    display: DCSPanel
    if found[0] & 0xFB == 0x81:  # an ST7789 answers 81h or 85h (M5GFX's test)
        from drivers.st7789 import ST7789

        display = ST7789(spi, dc, cs, None, 240, 320, rotation=PANEL[1], bl=bl, band=BAND, invert=False)
        name = "ST7789"
        # its picture is washed out until the gamma curve is chosen again (witnessmenow/ESP32-Cheap-
        # Yellow-Display cyd.md, "The Display doesn't look as good": GAMMASET 2, 120 ms, GAMMASET 1)
        from time import sleep_ms  # (MicroPython's time)

        display.cmd(0x26, b"\x02")
        sleep_ms(120)
        display.cmd(0x26, b"\x01")
    else:
        from drivers.ili9341 import ILI9341

        display = ILI9341(spi, dc, cs, None, rotation=PANEL[1], bl=bl, band=BAND)
        name = "ILI9341"
    display.wifi_band = WIFI_BAND
    # for the About screen (ui/settings.py reads it where a board set it)
    setattr(display, "found", "%s (ID %02X %02X %02X)" % (name, found[0], found[1], found[2]))  # noqa: B010
    return display


def setup():
    import sys

    from machine import Pin, SoftI2C, SoftSPI, Timer, reset

    from drivers.xpt2046 import Taps, Touch
    from hardware import Hardware
    from watchdog import Watchdog

    display = panel()
    w, h = display.width, display.height
    # the touch controller the unit has (docs/BOARDS.md, "CYD look-alikes"): a 2432S024C's CST820 or a
    # 2432S032C's GT911 (I2C: SDA 33, SCL 32, RST 25), a 2432S024R's XPT2046 on the display's bus (CS
    # 33, IRQ 36), else the usual XPT2046 on pins of its own; the module that asks is let go after
    import drivers
    from drivers import cydtouch

    i2c, rst = SoftI2C(scl=Pin(32), sda=Pin(33), freq=400_000), Pin(25, Pin.OUT)
    touch = cydtouch.cst(i2c, rst, w, h, TOUCH_CAL) or cydtouch.gt911(i2c, rst, w, h, TOUCH_CAL)
    name = touch and touch.chip
    if touch is None:  # (33 is the CST820's SDA: made an output only now)
        cs = Pin(33, Pin.OUT, value=1)
        touch = cydtouch.beside(display.spi, 40_000_000, cs, Pin(36, Pin.IN), w, h, TOUCH_CAL)
        name = "XPT2046 on the display's bus"
        if touch is None:
            spi = SoftSPI(baudrate=1_000_000, sck=Pin(25), mosi=Pin(32), miso=Pin(39))
            touch, name = Touch(spi, cs, w, h, TOUCH_CAL), "XPT2046"
    del sys.modules["drivers.cydtouch"], drivers.cydtouch
    setattr(display, "touch", name)  # noqa: B010  (for the About screen)
    return Hardware(ID, display, Taps(touch), BUTTONS, None,
                    Watchdog(WATCHDOG[1], reset, Timer(WATCHDOG[0])), WIFI_NEED)
