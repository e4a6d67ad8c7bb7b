# The hot loop of the colour panels: one row of the 4-bit frame buffer
# (GS4_HMSB: two pixels a byte, the left one in the high nibble) expanded
# through a 16-colour table into big-endian RGB565 bytes for the panel.
#
# expand(buf, start, x0, n, lut, line): pixels x0 .. x0+n-1 of the row that
# begins at byte `start` of buf, written to line[0 : 2n]. lut holds 16
# colours as 32 bytes (high byte first). On MicroPython it is compiled by
# the viper emitter (machine code, ~20x faster); on CPython the plain one.
import sys


def expand_plain(buf, start, x0, n, lut, line):
    o = 0
    for x in range(x0, x0 + n):
        b = buf[start + (x >> 1)]
        c = (b & 0x0F) if x & 1 else (b >> 4)
        line[o] = lut[c << 1]
        line[o + 1] = lut[(c << 1) + 1]
        o += 2


expand = expand_plain

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def expand_viper(buf: ptr8, start: int, x0: int, n: int, lut: ptr8, line: ptr8):  # type: ignore[name-defined]  # noqa: F821
        o = 0
        x = x0
        end = x0 + n
        while x < end:
            b = buf[start + (x >> 1)]
            if x & 1:
                c = b & 0x0F
            else:
                c = b >> 4
            line[o] = lut[c << 1]
            line[o + 1] = lut[(c << 1) + 1]
            o += 2
            x += 1

    expand = expand_viper
