"""Any ESP32 DevKit with an SSD1306 128x64 I2C OLED and three push buttons
to GND (wiring: docs/BOARDS.md). No battery reading.
Pins: BOARDS.md. This file is the only place they are written.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: esp32
usb: micro-USB or USB-C, with a CP2102 or CH340 chip; use a data cable, not
  a charge-only one
boot: hold BOOT while esptool prints 'Connecting...', let go once it writes
port: /dev/ttyUSB0 on Linux, /dev/cu.usbserial-* or /dev/cu.SLAB_USBtoUART
  on macOS, in WSL on Windows, attach it with usbipd first
"""
from drivers.buttons import BACK, DOWN, HOLD, LONG, OK, SHORT, UP

ID = "devkit-oled"
NAME = "ESP32 DevKit + SSD1306 OLED"
PANEL = ("ssd1306", 128, 64)
BUTTONS = ("up", "ok", "down")  # GPIO 32, 33, 25
# up and down repeat while held (a card far off is one press); back is the middle one held
KEYMAP = {(0, SHORT): UP, (0, HOLD): UP, (1, SHORT): OK, (1, LONG): BACK, (2, SHORT): DOWN, (2, HOLD): DOWN}

WATCHDOG = (0, 10000)  # hardware timer id, and how long a hang lasts before a restart (ms)


def setup():
    from machine import I2C, Pin, Timer, reset

    from drivers.buttons import Button, Keys
    from drivers.ssd1306 import SSD1306
    from hardware import Hardware
    from watchdog import Watchdog

    # Pins passed explicitly: I2C(0)'s defaults differ between ports.
    i2c = I2C(0, sda=Pin(21), scl=Pin(22), freq=400_000)
    display = SSD1306(i2c, PANEL[1], PANEL[2], addr=0x3C)
    pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in (32, 33, 25)]
    keys = Keys([Button(lambda p=p: p.value() == 0) for p in pins], KEYMAP)
    return Hardware(ID, display, keys, BUTTONS,
                    watchdog=Watchdog(WATCHDOG[1], reset, Timer(WATCHDOG[0])))
