"""M5Stack Core / Basic (ESP32): ILI9342C 320x240 over SPI, buttons A B C
under the screen, IP5306 power chip on I2C.
Pins: BOARDS.md. This file is the only place they are written.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: esp32
usb: USB-C; a CP2104 USB serial chip, or on newer batches a CH9102 (a CH9102
  needs WCH's driver on macOS and Windows, a CP2104 Silicon Labs' CP210x
  driver on Windows and older macOS; make flash-help PORT=... names the chip
  on your port and its driver)
boot: the board resets into its bootloader by itself; if esptool still
  cannot connect, power it off (tap the red button twice), plug the cable in
  again, retry
port: /dev/ttyUSB0 or /dev/ttyACM0 on Linux, /dev/cu.usbserial-* or
  /dev/cu.wchusbserial* on macOS; in WSL on Windows, attach it with usbipd
  first
answer: 12 ms a step, 79 ms a new screen (on stock MicroPython, counted: docs/SPEED.md)
"""
from hardware import BACK, DOWN, HOLD, LONG, OK, SHORT, UP

ID = "m5stack-core"
NAME = "M5Stack Core"
PANEL = ("ili9342", 0)
BAND = 16  # the frame in 15 bands of 16 rows: a 2.5 KB buffer, not 38 KB (with Wi-Fi: docs/MEMORY.md) ...
WIFI_BAND = 8  # ... and in 30 bands of 8 rows while the phones are served: 1.3 KB more for them
WIFI_NEED = 64_512  # bytes (63 KB): the heaviest game, Wi-Fi, 4 phones, from files
# (measured: SuitUP Crazy 9's, 8 players, 64,256 B; the check asks 8 KB more: docs/PHONES.md)
BUTTONS = ("A", "B", "C")  # left to right under the screen
# up and down repeat while held (a card far off is one press); back is the middle one held
KEYMAP = {(0, SHORT): UP, (0, HOLD): UP, (1, SHORT): OK, (1, LONG): BACK, (2, SHORT): DOWN, (2, HOLD): DOWN}

WATCHDOG = (0, 10000)  # hardware timer id, and how long a hang lasts before a restart (ms)


def panel():
    """The display as M5GFX sets the Core's up (src/M5GFX.cpp, Panel_M5Stack):
    its reset line, GPIO 33, read with a pull-down before it resets the
    panel: the IPS glass pulls it up and wants INVON, the older TN glass
    does not. The SD card on the same bus is put into SPI mode first and its
    select (GPIO 4) held high, so that it ignores the panel's bytes
    (docs/BOARDS.md)."""
    from machine import Pin, SPI

    from drivers.ili9342 import ILI9342

    sd = Pin(4, Pin.OUT, value=1)
    rst = Pin(33, Pin.OUT, value=0)
    rst.init(Pin.IN, Pin.PULL_DOWN)
    ips = rst.value() == 1
    rst.init(Pin.OUT, value=1)
    cs = Pin(14, Pin.OUT, value=1)  # the panel not selected while the card is spoken to
    spi = SPI(2, baudrate=400_000, sck=Pin(18), mosi=Pin(23), miso=Pin(19))
    # The SD card into SPI mode before the panel's first byte, as M5GFX does for the Core
    # (src/M5GFX.cpp, _set_sd_spimode): still in SD mode, a card takes the bus's MOSI for its
    # command line whatever its select says, and can answer on it. At 400 kHz: clocks with its
    # select high, then READ_OCR (CMD58) with it low; no answer (bytes 6 and 7 alike) is a card in
    # SD mode: clocks again, and GO_IDLE_STATE (CMD0), which with its select low puts it in SPI mode.
    ones = b"\xff" * 16
    sd(1)
    spi.write(ones)
    sd(0)
    ocr = bytearray(b"\x7a\x00\x00\x00\x00\xfd\xff\xff")
    spi.write_readinto(ocr, ocr)
    if ocr[6] == ocr[7]:
        sd(1)
        spi.write(ones)
        sd(0)
        spi.write(b"\x40\x00\x00\x00\x00\x95\xff\xff")
    sd(1)
    spi.init(baudrate=40_000_000)
    d = ILI9342(spi, dc=Pin(27, Pin.OUT), cs=cs, rst=rst, rotation=PANEL[1],
                bl=Pin(32, Pin.OUT), band=BAND, invert=ips)
    d.wifi_band = WIFI_BAND
    return d


def setup():
    from machine import I2C, Pin, Timer, reset

    from drivers.battery import IP5306Battery
    from drivers.buttons import Button, Keys
    from hardware import Hardware
    from watchdog import Watchdog

    # The speaker's amplifier takes GPIO 25 (the DAC): left floating it buzzes and clicks
    # (m5stack/M5Stack #159). Driven low, as M5Unified's src/M5Unified.cpp does for the Core
    # (board_M5Stack: gpio_lo(GPIO_NUM_25), then an output), before anything else.
    Pin(25, Pin.OUT, value=0)
    # GPIO 15 low too, as M5Unified does for the Core: with the M5GO base under it (its LEDs' data
    # line) a floating GPIO 15 costs Wi-Fi its sensitivity
    Pin(15, Pin.OUT, value=0)
    display = panel()
    pins = [Pin(n, Pin.IN) for n in (39, 38, 37)]  # input-only, pulled up on the board
    keys = Keys([Button(lambda p=p: p.value() == 0) for p in pins], KEYMAP)
    i2c = I2C(0, sda=Pin(21), scl=Pin(22), freq=400_000)
    # IP5306Battery keeps the chip's boost on (drivers/battery.py: on battery the Core would switch
    # itself off some 32 s after start otherwise)
    return Hardware(ID, display, keys, BUTTONS, IP5306Battery(i2c),
                    Watchdog(WATCHDOG[1], reset, Timer(WATCHDOG[0])), WIFI_NEED)
