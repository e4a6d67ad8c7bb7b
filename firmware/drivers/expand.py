# The hot loop of the colour panels: one row of the 4-bit frame buffer
# (GS4_HMSB: two pixels a byte, the left one in the high nibble) expanded
# through a 16-colour table into big-endian RGB565 bytes for the panel.
#
# expand(buf, start, x0, n, lut, line): pixels x0 .. x0+n-1 of the row that
# begins at byte `start` of buf, written to line[0 : 2n]. lut holds 16
# colours as 32 bytes (high byte first).
#
# send(spi, buf, first, end, half, x0, n, lut, line): rows first .. end-1 of
# buf (half bytes a row) expanded so, each written to spi in turn. On
# MicroPython it is compiled by the viper emitter (machine code, ~20x
# faster, the loop over the rows too); on CPython the plain one.
#
# glyphs(panel, ...): a line of text scaled into the panel's buffer, the
# pen's hot loop (ui/draw.py), and meets(panel, rects, n, x, y, w, h), the
# pen's test of a drawing call against what changed: on MicroPython only
# (None elsewhere).
import sys

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def send(spi, buf: ptr8, first: int, end: int, half: int, x0: int, n: int, lut: ptr16, line):  # type: ignore[name-defined]  # noqa: F821
        # a byte (two pixels) a turn, a colour a 16-bit store: the table's bytes are copied as they are
        # (high byte first), whatever the CPU's byte order; lut and line are 16-bit aligned (bytearrays)
        out = ptr16(line)  # noqa: F821
        stop = x0 + n
        y = first
        while y < end:
            start = y * half
            o = 0
            x = x0
            if x & 1 and x < stop:  # an odd first pixel: its byte's low nibble
                out[0] = lut[buf[start + (x >> 1)] & 0x0F]
                o = 1
                x += 1
            i = start + (x >> 1)
            last = start + (stop >> 1)  # the bytes wholly inside
            d = int(out) + 2 * o
            if not d & 3:  # the line's words line up: once the buffer's do, four bytes (8 pixels) a turn
                while i < last and (int(buf) + i) & 3:
                    b = buf[i]
                    out[o] = lut[b >> 4]
                    out[o + 1] = lut[b & 0x0F]
                    o += 2
                    i += 1
                a = int(buf) + i
                e = a + ((last - i) >> 2 << 2)
                d = int(out) + 2 * o
                # two colours a 32-bit store, the left one first in memory (ESP32 and x86: little-endian)
                while a < e:
                    b = ptr32(a)[0]  # noqa: F821
                    ptr32(d)[0] = lut[(b >> 4) & 0x0F] | (lut[b & 0x0F] << 16)  # noqa: F821
                    ptr32(d)[1] = lut[(b >> 12) & 0x0F] | (lut[(b >> 8) & 0x0F] << 16)  # noqa: F821
                    ptr32(d)[2] = lut[(b >> 20) & 0x0F] | (lut[(b >> 16) & 0x0F] << 16)  # noqa: F821
                    ptr32(d)[3] = lut[(b >> 28) & 0x0F] | (lut[(b >> 24) & 0x0F] << 16)  # noqa: F821
                    a += 4
                    d += 16
                o += (e - int(buf) - i) * 2
                i = e - int(buf)
            while i < last:
                b = buf[i]
                out[o] = lut[b >> 4]
                out[o + 1] = lut[b & 0x0F]
                o += 2
                i += 1
            if stop & 1 and stop > x:  # an odd last pixel: its byte's high nibble
                out[o] = lut[buf[i] >> 4]
            spi.write(line)
            y += 1


    @micropython.viper
    def glyphs(panel, g: ptr8, gs: int, n: int, x: int, y: int, c: int, k: int):  # type: ignore[name-defined]  # noqa: F821
        # A line of text drawn k times its size (ui/draw.py Pen._scaled; a DCSPanel's method): each lit
        # pixel of g (8 rows of MONO_HLSB glyphs, gs bytes a row, n pixels wide) is a k x k square of
        # colour c at (x, y) of the panel's band (GS4_HMSB), clipped to it, as fill_rect would.
        # A row's lit pixels are taken as runs, and a run is filled a byte (two pixels) at a time.
        buf = ptr8(panel.buf)  # noqa: F821
        stride = int(panel.stride) >> 1
        rows = int(panel.band)
        width = int(panel.width)
        cc = (c << 4) | c
        row = 0
        while row < 8:
            y0 = y + row * k
            y1 = y0 + k
            if y0 < 0:
                y0 = 0
            if y1 > rows:
                y1 = rows
            px = 0
            while y0 < y1 and px < n:
                if g[row * gs + (px >> 3)] == 0 and px & 7 == 0:
                    px += 8  # eight unlit pixels
                    continue
                if not g[row * gs + (px >> 3)] & (0x80 >> (px & 7)):
                    px += 1
                    continue
                run = px  # a run of lit pixels: run .. px - 1
                while px < n and g[row * gs + (px >> 3)] & (0x80 >> (px & 7)):
                    px += 1
                x0 = x + run * k
                x1 = x + px * k
                if x0 < 0:
                    x0 = 0
                if x1 > width:
                    x1 = width
                if x0 >= x1:
                    continue
                yy = y0
                while yy < y1:
                    i = yy * stride
                    a = x0
                    if a & 1:  # the first pixel is its byte's right one
                        j = i + (a >> 1)
                        buf[j] = (buf[j] & 0xF0) | c
                        a += 1
                    j = i + (a >> 1)
                    e = i + (x1 >> 1)
                    while j < e:
                        buf[j] = cc
                        j += 1
                    if x1 & 1 and x1 > a:  # the last pixel is its byte's left one
                        buf[e] = (buf[e] & 0x0F) | (c << 4)
                    yy += 1
            row += 1

    @micropython.viper
    def meets(panel, r: ptr16, n: int, x: int, y: int, w: int, h: int) -> bool:  # type: ignore[name-defined]  # noqa: F821
        # ui/draw.py's _meets in machine code: called for each band and each drawing call of a frame
        # of what changed; r an array("h") (16-bit loads read unsigned: x and y sign-extended)
        i = 0
        while i < n:
            if int(r[i + 3]) > 0:
                rx = int(r[i])
                ry = int(r[i + 1])
                if rx > 32767:
                    rx -= 65536
                if ry > 32767:
                    ry -= 65536
                if rx < x + w and x < rx + int(r[i + 2]) and ry < y + h and y < ry + int(r[i + 3]):
                    return True
            i += 4
        return False

else:  # CPython (the simulator, the tests): the same in plain Python

    def expand(buf, start, x0, n, lut, line):
        o = 0
        for x in range(x0, x0 + n):
            b = buf[start + (x >> 1)]
            c = (b & 0x0F) if x & 1 else (b >> 4)
            line[o] = lut[c << 1]
            line[o + 1] = lut[(c << 1) + 1]
            o += 2

    def send(spi, buf, first, end, half, x0, n, lut, line):
        for y in range(first, end):
            expand(buf, y * half, x0, n, lut, line)
            spi.write(line)

    glyphs = meets = None  # type: ignore[assignment]
