"""Any ESP32 DevKit with an SSD1306 128x64 I2C OLED (or the SH1106 sold as
one: told apart at start) and three push buttons to GND (wiring:
docs/BOARDS.md). No battery reading.
Pins: BOARDS.md. This file is the only place they are written.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: esp32
usb: micro-USB or USB-C, with a CP2102 or CH340 chip; use a data cable, not
  a charge-only one
boot: hold BOOT while esptool prints 'Connecting...', let go once it writes
port: /dev/ttyUSB0 on Linux, /dev/cu.usbserial-* or /dev/cu.SLAB_USBtoUART
  on macOS, in WSL on Windows, attach it with usbipd first
"""
from hardware import BACK, DOWN, HOLD, LONG, OK, SHORT, UP

ID = "devkit-oled"
NAME = "ESP32 DevKit + SSD1306 OLED"
PANEL = ("ssd1306", 128, 64)
BUTTONS = ("up", "ok", "down")  # GPIO 32, 33, 25
# up and down repeat while held (a card far off is one press); back is the middle one held
KEYMAP = {(0, SHORT): UP, (0, HOLD): UP, (1, SHORT): OK, (1, LONG): BACK, (2, SHORT): DOWN, (2, HOLD): DOWN}

WATCHDOG = (0, 10000)  # hardware timer id, and how long a hang lasts before a restart (ms)


def panel():
    """The OLED: an SSD1306, or the SH1106 sold as one (most 1.3-inch
    modules), told apart by the status byte read after control byte 00h,
    as bitbank2/ss_oled's oledInit does (src/ss_oled.cpp): its low 4 bits
    are 8 on an SH1106, 3 or 6 on an SSD1306 (anything else, or no answer,
    is driven as an SSD1306). At 0x3C, or 0x3D where nothing answers at
    0x3C (ss_oled tries them in that order). Settings > OLED chip can force
    either (fix()'s bits 16 and 32, applied at every start)."""
    from machine import I2C, Pin

    from drivers.ssd1306 import SH1106, SSD1306

    # Pins passed explicitly: I2C(0)'s defaults differ between ports.
    i2c = I2C(0, sda=Pin(21), scl=Pin(22), freq=400_000)
    there = i2c.scan()
    addr = 0x3D if 0x3D in there and 0x3C not in there else 0x3C
    status = bytearray(1)
    try:
        i2c.readfrom_mem_into(addr, 0x00, status)
    except OSError:
        pass  # no answer: the driver's first write says whether anything is there
    sh = status[0] & 0x0F == 8
    display = (SH1106 if sh else SSD1306)(PANEL[1], PANEL[2], i2c, addr=addr)
    # for the About screen (one line of the OLED's): the controller, and its address if not 0x3C
    name = "SH1106" if sh else "SSD1306"
    setattr(display, "found", name if addr == 0x3C else "%s %02X" % (name, addr))  # noqa: B010
    return display


def setup():
    from machine import Pin, Timer, reset

    from drivers.buttons import Button, Keys
    from hardware import Hardware
    from watchdog import Watchdog

    display = panel()
    pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in (32, 33, 25)]
    keys = Keys([Button(lambda p=p: p.value() == 0) for p in pins], KEYMAP)
    return Hardware(ID, display, keys, BUTTONS,
                    watchdog=Watchdog(WATCHDOG[1], reset, Timer(WATCHDOG[0])))
