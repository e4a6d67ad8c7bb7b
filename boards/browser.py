"""The browser board: the firmware in a web page (make web, docs/WEB.md), on
MicroPython's WebAssembly port. The page stands for one of the real boards
(its model, chosen on the page): this file builds that board's own display
driver with a <canvas> for its panel, and that board's keys, pressed from
the page (tools/webpage/webhost.py: its buttons, the computer's keyboard,
taps). The buttons are the virtual board's switches; the Cardputer's
keyboard and the CYD's touch panel are the simulator's models of them
(tools/simulator). The flash is the page's (kept in the browser,
tools/webpage/page.js); the page's event loop runs the firmware's loop
(Hardware.run). No Wi-Fi, no battery, no watchdog.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: webassembly
"""
from binascii import hexlify

import js  # type: ignore[import-not-found]  # the WebAssembly port's bridge to the page

ID = "browser"
NAME = "Web page (MicroPython WebAssembly)"

page = js.skPage  # web/page.js: the canvas, the keys, the loop


def model():
    """The board the page stands for (its picker's choice; the CYD's touch layout by default)."""
    from simulator.board import board_module

    return board_module(str(page.model))


def _text(buf):
    return hexlify(buf).decode()  # (b2a_base64 takes 5 ms for 3 KB on the WebAssembly port, hexlify 33 us)


def canvas(cls):
    """The driver class cls drawing on the page's canvas instead of a bus:
    the same frame buffer, bands, colours and marks, shown by the page."""

    class Canvas(cls):  # type: ignore[valid-type,misc]
        moves = False  # the board check's Mirror and Turn leave the picture, and so the taps, as they are

        def init(self):
            pass  # no controller to wake (its waits would hold the page up)

        def cmd(self, c, data=None):
            pass  # no controller: the canvas shows the frame as it is (the board check's fixes do nothing)

        def sleep(self, asleep):
            page.sleep(asleep)

        def show(self):
            d = self.dirty  # type: ignore[has-type]
            if d is None:
                return 0
            self.dirty = None
            # the bytes go as hex text: the port hands a bytearray to JavaScript as a proxy
            if self.mono:  # MONO_VLSB, the whole frame
                page.mono(_text(self.buf), self.width, self.height)
                return 0
            top = self.top
            y0, y1 = max(d[1], top), min(d[3], top + self.band)
            if y0 < y1:
                half = self.stride >> 1
                rows = memoryview(self.buf)[(y0 - top) * half : (y1 - top) * half]
                page.band(_text(rows), half, d[0], y0, d[2], y1, _text(self.lut))
            return 0

    return Canvas


def display(mod):
    kind = mod.PANEL[0]
    if kind == "st7789":
        from drivers.st7789 import ST7789

        return canvas(ST7789)(None, None, None, None, rotation=mod.PANEL[1], band=mod.BAND)
    if kind == "ili9341":
        from drivers.ili9341 import ILI9341

        return canvas(ILI9341)(None, None, None, None, rotation=mod.PANEL[1], band=mod.BAND)
    if kind == "ili9342":
        from drivers.ili9342 import ILI9342

        return canvas(ILI9342)(None, None, None, None, rotation=mod.PANEL[1], band=mod.BAND)
    from drivers.ssd1306 import SSD1306

    return canvas(SSD1306)(mod.PANEL[1], mod.PANEL[2], None)


# What the page's host (webhost.py: the keys, the game in and out) works with, once set up
hw = None
fingers = None  # what the page presses: a switch a button, the keyboard's matrix, the touch panel
mod = None  # the board it stands for
runner = None  # guard's Runner, once the loop is the page's


def _run(r, every_ms):
    """Hardware.run: the page's event loop calls guard.step(r, every_ms) from now on."""
    global runner
    runner = r
    page.run(every_ms)


def setup():
    global hw, fingers, mod
    from hardware import Hardware
    from simulator.board import inputs

    mod = model()
    d = display(mod)
    fingers, keys = inputs(mod, d)
    hw = Hardware(ID, d, keys, mod.BUTTONS)
    hw.run = _run  # type: ignore[assignment]
    kind = getattr(mod, "INPUT", "buttons")
    page.ready(mod.ID, kind, d.width, d.height, bool(d.mono), ",".join(mod.BUTTONS))
    return hw
