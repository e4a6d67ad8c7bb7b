# ILI9341, as on the ESP32-2432S028R "Cheap Yellow Display": a 240x320 TN
# glass (portrait natively) filling the controller's RAM, colours in BGR
# order, not inverted (no INVON). Its reset line is the board's own (None:
# a software reset). Rotation in quarter turns, as drivers/st7789.py's:
# 1 and 3 are landscape (320x240). Which way a given unit's glass is wired
# is checked on the board (docs/BOARDS.md); the MADCTL bits are the DCS
# standard's.
from drivers.dcs import BGR, MV, MX, MY, DCSPanel

_ROT = (0, MX | MV, MX | MY, MV | MY)


class ILI9341(DCSPanel):
    def __init__(self, spi, dc, cs, rst=None, rotation=1, bl=None, band=0):
        width, height = (320, 240) if rotation & 1 else (240, 320)
        super().__init__(spi, dc, cs, rst, width, height, BGR | _ROT[rotation & 3], 0, 0, invert=False,
                         bl=bl, band=band)
