# ILI9342C, as on the M5Stack Core / Basic: 320x240, landscape natively,
# colours in BGR order and shown inverted unless INVON is sent.
from drivers.dcs import BGR, MX, MY, DCSPanel


class ILI9342(DCSPanel):
    def __init__(self, spi, dc, cs, rst, rotation=0, bl=None, band=0):
        # rotation 0: upright landscape; 2: upside down. (1 and 3 would need
        # MV and a 240x320 layout; no board here uses them.)
        madctl = BGR | (MX | MY if rotation == 2 else 0)
        super().__init__(spi, dc, cs, rst, 320, 240, madctl, 0, 0, invert=True, bl=bl, band=band)
