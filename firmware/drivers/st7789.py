# ST7789V, as on the LilyGO TTGO T-Display and the M5Stack Cardputer (135x240
# glass in a 240x320 RAM; the Cardputer's in BGR order).
from drivers.dcs import BGR, MV, MX, MY, DCSPanel

# By rotation (quarter turns): MADCTL, and the glass offset in RAM for a
# 135x240 panel. Rotation 0 is portrait; 1 and 3 are landscape (240x135).
_ROT = (
    (0, 52, 40),
    (MX | MV, 40, 53),
    (MX | MY, 53, 40),
    (MV | MY, 40, 52),
)


class ST7789(DCSPanel):
    def __init__(self, spi, dc, cs, rst, width=135, height=240, rotation=0, bl=None, band=0, bgr=False):
        """bgr: the glass's colours are in BGR order (the Cardputer's)."""
        madctl, xoff, yoff = _ROT[rotation & 3]
        if (width, height) != (135, 240):  # a full 240x320 glass: no offset
            xoff = yoff = 0
        if rotation & 1:
            width, height = height, width
        madctl |= BGR if bgr else 0
        super().__init__(spi, dc, cs, rst, width, height, madctl, xoff, yoff, invert=True, bl=bl, band=band)
