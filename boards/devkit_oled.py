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
answer: 10 ms a step, 29 ms a new screen (on stock MicroPython, counted: docs/SPEED.md)
"""
from hardware import BACK, DOWN, HOLD, LONG, OK, SHORT, UP

ID = "devkit-oled"
NAME = "ESP32 DevKit + SSD1306 OLED"
PANEL = ("ssd1306", 128, 64)
BUTTONS = ("up", "ok", "down")  # GPIO 32, 33, 25
WIFI_NEED = 65_792  # bytes (64.25 KB): the heaviest game, Wi-Fi, 4 phones, from files
# (measured: SuitUP Crazy 9's, 8 players, 65,296 B; the check asks 8 KB more: docs/PHONES.md)
# up and down repeat while held (a card far off is one press); back is the middle one held
KEYMAP = {(0, SHORT): UP, (0, HOLD): UP, (1, SHORT): OK, (1, LONG): BACK, (2, SHORT): DOWN, (2, HOLD): DOWN}

WATCHDOG = (0, 10000)  # hardware timer id, and how long a hang lasts before a restart (ms)


def reads_back(i2c, addr):
    """Whether the OLED's controller reads its display RAM back over I2C:
    an SH1106 can, an SSD1306 cannot (its reads answer the status byte). A
    byte written at column 0 is read again (after a dummy byte), twice, each
    time a different one: keirf/flashfloppy src/display/lcd.c's
    oled_probe_model. The status byte alone (bitbank2/ss_oled: low bits 8 on
    an SH1106) is not enough: an SH1106 answers 0x06 from a cold power-on
    (meshtastic/firmware #1363). No answer: False."""
    got = bytearray(2)
    last = -1
    try:
        for flip in (0xA5, 0x5A, 0x3C):
            i2c.writeto(addr, b"\x00\x00\x10")  # commands: column 0 (its low and high nibbles)
            i2c.readfrom_mem_into(addr, 0x40, got)  # a data read: a dummy byte, then column 0's
            if last >= 0 and got[1] != last:
                return False
            last = got[1] ^ flip
            i2c.writeto(addr, b"\x00\x00\x10")
            i2c.writeto(addr, bytes((0x40, last)))  # a byte of data there, to be read next time
    except OSError:
        return False
    return True


def panel():
    """The OLED: an SSD1306, or the SH1106 sold as one (most 1.3-inch
    modules), told apart by whether it reads its RAM back (reads_back()).
    At 0x3C, or 0x3D where nothing answers at 0x3C (bitbank2/ss_oled tries
    them in that order). Settings > OLED chip can force either (fix()'s
    bits 16 and 32, applied at every start)."""
    from machine import I2C, Pin

    from drivers.ssd1306 import SH1106, SSD1306

    # Pins passed explicitly: I2C(0)'s defaults differ between ports.
    i2c = I2C(0, sda=Pin(21), scl=Pin(22), freq=400_000)
    there = i2c.scan()
    addr = 0x3D if 0x3D in there and 0x3C not in there else 0x3C
    sh = reads_back(i2c, addr)  # (no answer: an SSD1306; the driver's first write says what is there)
    # UP (the top button) held at power-on: the other chip, whatever was found or chosen in Settings
    # (a way out of a picture too garbled to read: docs/BOARDS.md)
    held = Pin(32, Pin.IN, Pin.PULL_UP).value() == 0
    if held:
        sh = not sh
    display = (SH1106 if sh else SSD1306)(PANEL[1], PANEL[2], i2c, addr=addr)
    # for the About screen (one line of the OLED's): the controller, and its address if not 0x3C
    name = "SH1106" if sh else "SSD1306"
    setattr(display, "found", name if addr == 0x3C else "%s %02X" % (name, addr))  # noqa: B010
    if held:
        setattr(display, "held", True)  # noqa: B010
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
                    watchdog=Watchdog(WATCHDOG[1], reset, Timer(WATCHDOG[0])), wifi_need=WIFI_NEED)
