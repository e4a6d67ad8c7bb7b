# Display figures for make bench, under the MicroPython unix port: for each
# board's panel driver, the time to expand and push a full frame and a
# typical changed window (one list row), the bytes each sends, and the RAM
# the display takes, with the board's bands (BAND rows in the buffer: a
# full frame is pushed a band at a time). The bus is a counting fake, so the time is the
# driver's own work (on the board add the wire: 40 MHz SPI, 400 kHz I2C).
# Prints one line of JSON per board.
import gc
import json
import sys

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware")
sys.path.insert(0, HERE + "/../../boards")

from time import ticks_diff, ticks_us  # noqa: E402

sys.path.insert(0, HERE + "/..")  # tools/
from common import args  # noqa: E402
from virtual import NullBus  # noqa: E402  (boards/virtual.py: a bus that only counts bytes; also a pin)


def build(kind, arg, band):
    import drivers.ili9342  # noqa: F401  (code loaded first: RAM below is the display's own)
    import drivers.ssd1306  # noqa: F401
    import drivers.st7789  # noqa: F401

    bus = NullBus()
    pin = bus
    gc.collect()
    before = gc.mem_alloc()
    if kind == "st7789":
        from drivers.st7789 import ST7789

        d = ST7789(bus, pin, pin, None, rotation=arg[1], band=band)
    elif kind == "ili9342":
        from drivers.ili9342 import ILI9342

        d = ILI9342(bus, pin, pin, None, rotation=arg[1], band=band)
    else:
        from drivers.ssd1306 import SSD1306

        d = SSD1306(arg[1], arg[2], bus)
    gc.collect()
    return d, bus, gc.mem_alloc() - before


def timed(d, bus, x, y, w, h, repeat):
    """Push the window (a band at a time where the display has bands)."""
    rows = getattr(d, "band", d.height)
    bus.data_bytes = 0
    t0 = ticks_us()
    for _ in range(repeat):
        for top in range(y, y + h, rows):
            if rows < d.height:
                d.at(top)
            d.mark(x, top, w, min(rows, y + h - top))
            d.show()
    return ticks_diff(ticks_us(), t0) / repeat, bus.data_bytes // repeat


USAGE = "usage: bench_display.py   (run by make bench: a JSON line a panel, a frame's and a row's redraw)"


def main(argv):
    args.parse(argv, USAGE, {})
    for name in ("ttgo_t_display", "m5stack_core", "devkit_oled"):
        mod = __import__(name)
        d, bus, ram = build(mod.PANEL[0], mod.PANEL, getattr(mod, "BAND", 0))
        d.fill(1)
        row_h = (8 if d.width < 200 else 16) + 4
        full = timed(d, bus, 0, 0, d.width, d.height, 10)
        row = timed(d, bus, 0, 30, d.width, row_h, 50)
        print(json.dumps({"board": mod.ID, "size": "%dx%d" % (d.width, d.height), "ram": ram,
                          "full_us": full[0], "full_bytes": full[1],
                          "row_us": row[0], "row_bytes": row[1], "row_h": row_h}))
        del d
        gc.collect()
    return 0


sys.exit(args.run(main, sys.argv[1:]))
