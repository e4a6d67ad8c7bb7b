"""M5Stack Cardputer (ESP32-S3FN8): ST7789V2 240x135 over SPI (the TTGO's
glass in the same landscape window) and a 56-key
keyboard: on the original through a 74HC138 decoder and 7 input pins, on
the ADV through a TCA8418 key chip on I2C (setup() tells them apart).
Pins and sources: docs/BOARDS.md. This file is the only place they are written.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: esp32s3
usb: USB-C, the ESP32-S3's own USB (no driver needed); use a data cable
boot: switch it off, hold the G0 button (top edge), switch it on or plug the
  cable in, let go: it waits in its bootloader
port: /dev/ttyACM0 on Linux, /dev/cu.usbmodem* on macOS; in WSL on Windows,
  attach it with usbipd first. Its bootloader (USB 303a:1001, where esptool
  writes) and MicroPython (USB 303a:4001) are two USB devices: on macOS and
  Windows their ports' names differ
reset: switch it off and on again
answer: 17 ms a step, 43 ms a new screen (on stock MicroPython, counted: docs/SPEED.md)
"""
from hardware import BACK, DOWN, LEFT, OK, RIGHT, UP

ID = "cardputer"
NAME = "M5Stack Cardputer"
PANEL = ("st7789", 1)  # driver, rotation (quarter turns): landscape, the keyboard below
BAND = 27  # the frame in 5 bands of 27 rows, as the TTGO's
INPUT = "keyboard"  # what the screens are driven with (buttons where not said): ui/typed.py
BUTTONS = ()  # no buttons: the keyboard (below)
# The keys the screens know: enter is ok; backspace and esc (`) go back;
# fn with ; . , / are the arrows printed on those keys; space types a space.
# Every other key is the character it types: a card, a digit, a letter
# (ui/typed.py, docs/KEYS.md).
KEYMAP = {"enter": OK, "bksp": BACK, "`": BACK, "space": " "}
FN_MAP = {";": UP, ".": DOWN, ",": LEFT, "/": RIGHT}

# The original's wiring, LEGENDS[address][input bit] (address lines G8 G9
# G11 = A0 A1 A2; inputs G13 G15 G3 G4 G5 G6 G7): M5Cardputer's
# Keyboard.cpp, checked key by key against MicroHydra's (docs/BOARDS.md).
LEGENDS = (
    ("opt", "z", "c", "b", "m", ".", "space"),
    ("shift", "s", "f", "h", "k", ";", "enter"),
    ("q", "e", "t", "u", "o", "[", "\\"),
    ("1", "3", "5", "7", "9", "-", "bksp"),
    ("ctrl", "alt", "x", "v", "n", ",", "/"),
    ("fn", "a", "d", "g", "j", "l", "'"),
    ("tab", "w", "r", "y", "i", "p", "]"),
    ("`", "2", "4", "6", "8", "0", "="),
)
# The ADV's keys as printed, 4 rows of 14. Its TCA8418 scans them as 7 rows
# of 8 columns: chip row r, column c is printed row c % 4, column 2r + (c > 3),
# and the chip's event code is r * 10 + c + 1 (uiflow-micropython, MicroHydra).
PRINTED = (
    ("`", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=", "bksp"),
    ("tab", "q", "w", "e", "r", "t", "y", "u", "i", "o", "p", "[", "]", "\\"),
    ("fn", "shift", "a", "s", "d", "f", "g", "h", "j", "k", "l", ";", "'", "enter"),
    ("ctrl", "opt", "alt", "z", "x", "c", "v", "b", "n", "m", ",", ".", "/", "space"),
)
KEY_CHIP = 0x34  # the ADV's TCA8418 on I2C (SDA G8, SCL G9): found there, the board is an ADV


def adv_legends():
    """The ADV's legends by the chip's event code: LEGENDS[code - 1]."""
    out: list = [None] * 70
    for r in range(7):
        for c in range(8):
            out[r * 10 + c] = PRINTED[c % 4][2 * r + (1 if c > 3 else 0)]
    return out


WATCHDOG = (0, 10000)  # hardware timer id, and how long a hang lasts before a restart (ms)


def keyboard():
    """The ADV's key chip if G8 and G9 are pulled up (its I2C bus's
    resistors: M5GFX's board detection reads them with pull-downs, as here)
    and the chip answers there; else the original's matrix, without an I2C
    scan of its decoder's lines (seconds with nothing pulling them up)."""
    from machine import Pin, SoftI2C

    if Pin(8, Pin.IN, Pin.PULL_DOWN).value() and Pin(9, Pin.IN, Pin.PULL_DOWN).value():
        i2c = SoftI2C(sda=Pin(8), scl=Pin(9), freq=400_000)
        if KEY_CHIP in i2c.scan():
            from drivers.tca8418 import TCA8418

            return TCA8418(i2c, adv_legends(), addr=KEY_CHIP)
    from drivers.keymatrix import KeyMatrix

    addr = [Pin(n, Pin.OUT) for n in (8, 9, 11)]
    ins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in (13, 15, 3, 4, 5, 6, 7)]
    return KeyMatrix(addr, ins, LEGENDS)


def panel():
    """The display as M5GFX sets the Cardputer's up (src/M5GFX.cpp): SPI3_HOST
    (MicroPython's SPI(2)), no MISO (miso=None: the S3 build's default would
    take a pin of ours), BGR, inverted (docs/BOARDS.md)."""
    from machine import Pin, SPI

    from drivers.st7789 import ST7789

    spi = SPI(2, baudrate=40_000_000, sck=Pin(36), mosi=Pin(35), miso=None)
    return ST7789(spi, dc=Pin(34, Pin.OUT), cs=Pin(37, Pin.OUT, value=1), rst=Pin(33, Pin.OUT),
                  rotation=PANEL[1], bl=Pin(38, Pin.OUT), band=BAND)


def setup():
    from machine import ADC, Pin, Timer, reset

    from drivers.battery import ADCBattery
    from drivers.keyboard import KeyboardKeys
    from hardware import Hardware
    from watchdog import Watchdog

    display = panel()
    keys = KeyboardKeys(keyboard(), KEYMAP, FN_MAP)
    battery = ADCBattery(ADC(Pin(10), atten=ADC.ATTN_11DB), divider=2.0)
    return Hardware(ID, display, keys, BUTTONS, battery,
                    Watchdog(WATCHDOG[1], reset, Timer(WATCHDOG[0])))
