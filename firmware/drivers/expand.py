# The hot loop of the colour panels: one row of the 4-bit frame buffer
# (GS4_HMSB: two pixels a byte, the left one in the high nibble) expanded
# through a 16-colour table into big-endian RGB565 bytes for the panel.
#
# expand(buf, start, x0, n, lut, line): pixels x0 .. x0+n-1 of the row that
# begins at byte `start` of buf, written to line[0 : 2n]. lut holds 16
# colours as 32 bytes (high byte first). On MicroPython it is compiled by
# the viper emitter (machine code, ~20x faster); on CPython the plain one.
#
# glyphs(panel, ...): a line of text scaled into the panel's buffer, the
# pen's hot loop (ui/draw.py), on MicroPython only (None elsewhere).
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

    @micropython.viper
    def glyphs(panel, g: ptr8, gs: int, n: int, x: int, y: int, c: int, k: int):  # type: ignore[name-defined]  # noqa: F821
        # A line of text drawn k times its size (ui/draw.py Pen._scaled; a DCSPanel's method): each lit
        # pixel of g (8 rows of MONO_HLSB glyphs, gs bytes a row, n pixels wide) is a k x k square of
        # colour c at (x, y) of the panel's band (GS4_HMSB), clipped to it, as fill_rect would.
        buf = ptr8(panel.buf)  # noqa: F821
        stride = int(panel.stride) >> 1
        rows = int(panel.band)
        width = int(panel.width)
        row = 0
        while row < 8:
            px = 0
            while px < n:
                if g[row * gs + (px >> 3)] & (0x80 >> (px & 7)):
                    yy = y + row * k
                    y1 = yy + k
                    if yy < 0:
                        yy = 0
                    if y1 > rows:
                        y1 = rows
                    while yy < y1:
                        xx = x + px * k
                        x1 = xx + k
                        if xx < 0:
                            xx = 0
                        if x1 > width:
                            x1 = width
                        i = yy * stride
                        while xx < x1:
                            j = i + (xx >> 1)
                            if xx & 1:
                                buf[j] = (buf[j] & 0xF0) | c
                            else:
                                buf[j] = (buf[j] & 0x0F) | (c << 4)
                            xx += 1
                        yy += 1
                px += 1
            row += 1
else:
    glyphs = None  # type: ignore[assignment]
