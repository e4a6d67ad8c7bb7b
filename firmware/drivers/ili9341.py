# ILI9341, as on the ESP32-2432S028R "Cheap Yellow Display": a 240x320 TN
# glass (portrait natively) filling the controller's RAM, colours in BGR
# order, not inverted (INVOFF). Its reset line is the board's own (None: a
# software reset). The values are TFT_eSPI's with the CYD's own set-up
# (witnessmenow's DisplayConfig/User_Setup.h: ILI9341_2_DRIVER), docs/BOARDS.md.
from drivers.dcs import BGR, MV, MX, MY, DCSPanel

# By rotation (quarter turns), TFT_eSPI TFT_Drivers/ILI9341_Rotation.h: 0
# portrait, 1 landscape (the CYD's examples: setRotation(1)), 2, 3.
_ROT = (MX, MV, MY, MX | MY | MV)


class ILI9341(DCSPanel):
    # Power, VCOM, frame rate and gamma: TFT_eSPI TFT_Drivers/ILI9341_Init.h,
    # its ILI9341_2_DRIVER sequence (the CYD's): command, length, data.
    seq = (b"\xcf\x03\x00\xc1\x30"  # power control B
            b"\xed\x04\x64\x03\x12\x81"  # power on sequence
            b"\xe8\x03\x85\x00\x78"  # driver timing A
            b"\xcb\x05\x39\x2c\x00\x34\x02"  # power control A
            b"\xf7\x01\x20"  # pump ratio
            b"\xea\x02\x00\x00"  # driver timing B
            b"\xc0\x01\x10"  # PWCTR1
            b"\xc1\x01\x00"  # PWCTR2
            b"\xc5\x02\x30\x30"  # VMCTR1
            b"\xc7\x01\xb7"  # VMCTR2
            b"\xb1\x02\x00\x1a"  # FRMCTR1
            b"\xb6\x03\x08\x82\x27"  # DFUNCTR
            b"\xf2\x01\x00"  # 3-gamma off
            b"\x26\x01\x01"  # gamma curve
            b"\xe0\x0f\x0f\x2a\x28\x08\x0e\x08\x54\xa9\x43\x0a\x0f\x00\x00\x00\x00"  # gamma +
            b"\xe1\x0f\x00\x15\x17\x07\x11\x06\x2b\x56\x3c\x05\x10\x0f\x3f\x3f\x0f")  # gamma -

    def __init__(self, spi, dc, cs, rst=None, rotation=1, bl=None, band=0):
        super().__init__(spi, dc, cs, rst, (0, 0, 240, 320, 240, 320), BGR | _ROT[rotation & 3],
                         invert=False, bl=bl, band=band)
