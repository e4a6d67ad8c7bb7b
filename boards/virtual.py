"""The virtual board: the MicroPython unix port standing in for an ESP32
(tools/vboard.py serves its REPL on a local socket, as a USB serial port
would be). `make deploy BOARD=sim` puts the firmware on it exactly as on a
real board, and it boots it the same way: main.py, then this file's setup().
Headless: a TTGO T-Display's real panel driver on a bus that only counts
bytes, and its key map on buttons nobody presses. No watchdog (the unix
port has no hardware timer); Ctrl-C stops the firmware as on a board.
tools/simulator/board.py builds the simulator's boards from the same bus
and switches. (The file is virtual.py, its id "sim": tools/sim.py is the
simulator.)

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: unix
"""
import ttgo_t_display as model

ID = "sim"
NAME = "Virtual board (MicroPython unix port)"
PANEL = model.PANEL
BAND = model.BAND
WIFI_BAND = model.WIFI_BAND
BUTTONS = model.BUTTONS
KEYMAP = model.KEYMAP


class NullBus:
    """A bus that only counts bytes (SPI write, I2C writeto/writevto), and
    pins that do nothing."""

    def __init__(self):
        self.data_bytes = 0

    def write(self, buf):
        self.data_bytes += len(buf)

    def writeto(self, addr, buf):
        self.data_bytes += len(buf)

    def writevto(self, addr, vec):
        for b in vec:
            self.data_bytes += len(b)

    def __call__(self, v=None):
        return None


class Switch:
    """A button pressed from outside (the simulator): read() is True while held."""

    def __init__(self):
        self.held = False

    def read(self):
        return self.held


def setup():
    from drivers.buttons import Button, Keys
    from drivers.st7789 import ST7789
    from hardware import Hardware

    bus = NullBus()
    display = ST7789(bus, bus, bus, None, rotation=PANEL[1], band=BAND)
    display.wifi_band = WIFI_BAND
    keys = Keys([Button(Switch().read) for _ in BUTTONS], KEYMAP)
    return Hardware(ID, display, keys, BUTTONS)
