# ST7789V, as on the LilyGO TTGO T-Display and the M5Stack Cardputer (a
# 135x240 IPS glass at column 52, row 40 of its 240x320 RAM), and on the
# Cheap Yellow Display with two USB ports (a 240x320 glass, the whole RAM).
# The values are the makers' (docs/BOARDS.md, "The panels, from their
# makers"): TFT_eSPI's ST7789 driver, which LilyGO ships, and M5GFX's.
from micropython import const

from drivers.dcs import BGR, MV, MX, MY, DCSPanel

# By rotation (quarter turns): MADCTL, as TFT_eSPI's ST7789_Rotation.h
# (and M5GFX's Panel_LCD table): 0 portrait, 1 and 3 landscape.
_ROT = (0, MX | MV, MX | MY, MV | MY)
_NARROW = const(135)  # the 135x240 glass


class ST7789(DCSPanel):
    # Power, VCOM and gamma: TFT_eSPI TFT_Drivers/ST7789_Init.h (B2-E1 also
    # M5GFX Panel_ST7789.hpp's list; its RAMCTRL ends C0, the red and blue
    # low bits, not E0): command, length, data.
    seq = (b"\xb0\x02\x00\xe0"  # RAMCTRL
            b"\xb2\x05\x0c\x0c\x00\x33\x33"  # PORCTRL
            b"\xb7\x01\x35"  # GCTRL
            b"\xbb\x01\x28"  # VCOMS
            b"\xc0\x01\x0c"  # LCMCTRL
            b"\xc2\x02\x01\xff"  # VDVVRHEN
            b"\xc3\x01\x10"  # VRHS
            b"\xc4\x01\x20"  # VDVSET
            b"\xc6\x01\x0f"  # FRCTR2: 60 Hz
            b"\xd0\x02\xa4\xa1"  # PWCTRL1
            b"\xe0\x0e\xd0\x00\x02\x07\x0a\x28\x32\x44\x42\x06\x0e\x12\x14\x17"  # gamma +
            b"\xe1\x0e\xd0\x00\x02\x07\x0a\x28\x31\x54\x47\x0e\x1c\x17\x1b\x1e")  # gamma -

    def __init__(self, spi, dc, cs, rst, width=135, height=240, rotation=0, bl=None, band=0, bgr=True,
                 invert=True):
        """width, height: the glass, portrait. bgr: its colours in BGR order
        (TFT_eSPI's for a 135x240 glass, M5GFX's for the Cardputer);
        invert: an IPS glass (INVON), not the CYD's."""
        glass = (52, 40, 135, 240, 240, 320) if width == _NARROW else (0, 0, width, height, 240, 320)
        madctl = _ROT[rotation & 3] | (BGR if bgr else 0)
        super().__init__(spi, dc, cs, rst, glass, madctl, invert=invert, bl=bl, band=band)
