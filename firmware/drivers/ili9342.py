# ILI9342C, as on the M5Stack Core / Basic: 320x240, landscape natively,
# colours in BGR order. The IPS glass of most Cores wants INVON, the older
# TN glass not: the board tells them apart (boards/m5stack_core.py). The
# values are M5GFX's (docs/BOARDS.md).
from drivers.dcs import BGR, MX, MY, DCSPanel


class ILI9342(DCSPanel):
    # Power, VCOM and gamma: M5GFX src/lgfx/v1/panel/Panel_ILI9342.hpp's
    # list: command, length, data.
    seq = (b"\xc8\x03\xff\x93\x42"  # SETEXTC: the extended commands on
            b"\xc0\x02\x12\x12"  # PWCTR1
            b"\xc1\x01\x03"  # PWCTR2
            b"\xc5\x01\xf2"  # VMCTR1
            b"\xb0\x01\xe0"  # RGB interface
            b"\xf6\x03\x01\x00\x00"  # interface control
            b"\xe0\x0f\x00\x0c\x11\x04\x11\x08\x37\x89\x4c\x06\x0c\x0a\x2e\x34\x0f"  # gamma +
            b"\xe1\x0f\x00\x0b\x11\x05\x13\x09\x33\x67\x48\x07\x0e\x0b\x2e\x33\x0f"  # gamma -
            b"\xb6\x04\x08\x82\x1d\x04")  # DFUNCTR

    def __init__(self, spi, dc, cs, rst, rotation=0, bl=None, band=0, invert=True):
        # rotation 0: upright landscape, MADCTL BGR alone (M5GFX: rotation 1
        # with the Core's offset_rotation 3; TFT_eSPI's M5STACK rotation 1);
        # 2: upside down. (1 and 3 would be portrait; no board uses them.)
        madctl = BGR | (MX | MY if rotation == 2 else 0)
        glass = (0, 0, 320, 240, 320, 240)  # the whole RAM
        super().__init__(spi, dc, cs, rst, glass, madctl, invert=invert, bl=bl, band=band)
        self.found = "ILI9342C, %s glass" % ("IPS" if invert else "TN")  # the About screen's
