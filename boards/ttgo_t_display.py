"""LilyGO TTGO T-Display (ESP32): ST7789V 135x240 IPS over SPI, two buttons.
Held landscape (240x135) with the buttons on the right.
Pins: BOARDS.md. This file is the only place they are written.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: esp32
usb: USB-C; a CP2104 USB serial chip, or on newer batches a CH9102 (a CH9102
  needs WCH's driver on macOS and Windows, a CP2104 Silicon Labs' CP210x
  driver on Windows and older macOS; make flash-help PORT=... names the chip
  on your port and its driver)
boot: hold the GPIO 0 button (the top one when the screen is landscape with
  the buttons on the right, as the scorekeeper is held), tap RST on the
  side, let go
port: /dev/ttyACM0 or /dev/ttyUSB0 on Linux, /dev/cu.wchusbserial* or
  /dev/cu.usbserial-* on macOS; in WSL on Windows, attach it with usbipd
  first
answer: 12 ms a step, 46 ms a new screen (on stock MicroPython, counted: docs/SPEED.md)
"""
from hardware import BACK, DOWN, HOLD, LONG, OK, SHORT, UP

ID = "ttgo-t-display"
NAME = "LilyGO TTGO T-Display"
PANEL = ("st7789", 1)  # driver, rotation (quarter turns)
BAND = 27  # the frame is drawn in 5 bands of 27 rows: a 3.2 KB buffer, not 16 KB (docs/MEMORY.md) ...
WIFI_BAND = 14  # ... and in 10 bands of 14 rows while the phones are served: 1.6 KB more for them
WIFI_NEED = 63_232  # bytes (61.75 KB): the heaviest game, Wi-Fi, 4 phones, from files
# (measured: Crazy Nines, 8 players, 62,944 B; the check asks 8 KB more: docs/PHONES.md)
BUTTONS = ("top", "bottom")  # GPIO 0, GPIO 35, as the board is held
# Two buttons do everything, and every key but back is a short press: the
# top button is down (held on, it repeats), the two together are up (held
# on, it repeats), the bottom one is ok, held it is back.
KEYMAP = {(0, SHORT): DOWN, (0, HOLD): DOWN, ((0, 1), SHORT): UP, ((0, 1), HOLD): UP,
          (1, SHORT): OK, (1, LONG): BACK}

WATCHDOG = (0, 10000)  # hardware timer id, and how long a hang lasts before a restart (ms)


def panel():
    """The display as LilyGO's TFT_eSPI set-up has it (Setup25_TTGO_T_Display.h):
    VSPI (MicroPython's SPI(2)), no MISO (miso=None: else the port's default pin
    is taken), BGR (docs/BOARDS.md). At 80 MHz / 3, not TFT_eSPI's 40: MOSI on
    GPIO 19 is not VSPI's IO_MUX pin (23), and on the GPIO matrix ESP-IDF refuses
    a full-duplex bus over 26.67 MHz, which MicroPython's port does not report
    (a crash at the first write: docs/BOARDS.md, "What the port accepts")."""
    from machine import Pin, SPI

    from drivers.st7789 import ST7789

    spi = SPI(2, baudrate=26_666_666, sck=Pin(18), mosi=Pin(19), miso=None)
    d = ST7789(spi, dc=Pin(16, Pin.OUT), cs=Pin(5, Pin.OUT, value=1), rst=Pin(23, Pin.OUT),
               rotation=PANEL[1], bl=Pin(4, Pin.OUT), band=BAND)
    d.wifi_band = WIFI_BAND
    return d


def setup():
    from machine import ADC, Pin, Timer, reset

    from drivers.battery import ADCBattery
    from drivers.buttons import Button, Keys
    from hardware import Hardware
    from watchdog import Watchdog

    display = panel()
    b0 = Pin(0, Pin.IN, Pin.PULL_UP)  # also the boot strap; pressed reads 0
    b35 = Pin(35, Pin.IN)  # input-only; the board has a pull-up
    keys = Keys([Button(lambda: b0.value() == 0), Button(lambda: b35.value() == 0)], KEYMAP)
    adc = ADC(Pin(34), atten=ADC.ATTN_11DB)
    battery = ADCBattery(adc, divider=2.0, enable=Pin(14, Pin.OUT))
    return Hardware(ID, display, keys, BUTTONS, battery,
                    Watchdog(WATCHDOG[1], reset, Timer(WATCHDOG[0])), WIFI_NEED)
