# The colour panels' line expansion (4-bit pixels through a 16-colour table
# to RGB565) and its rows sent, under both runtimes: the viper version on
# MicroPython, the plain one on CPython, against a reference written here.
import random

from drivers import expand as ex


def reference(buf, start, x0, n, lut):
    out = bytearray()
    for x in range(x0, x0 + n):
        b = buf[start + x // 2]
        c = b >> 4 if x % 2 == 0 else b & 15
        out += bytes(lut[2 * c : 2 * c + 2])
    return out


class Spi:
    """What a panel is sent: each write's bytes, kept."""

    def __init__(self):
        self.rows = []

    def write(self, buf):
        self.rows.append(bytes(buf))


def test_expansion_matches_the_reference():
    random.seed(3)
    lut = bytearray(random.getrandbits(8) for _ in range(32))
    buf = bytearray(random.getrandbits(8) for _ in range(68 * 5))
    for fn in (ex.send,):  # (MicroPython's in machine code, CPython's plain)
        for first, end, x0, n in ((0, 5, 0, 135), (1, 2, 1, 134), (2, 3, 7, 1), (3, 5, 100, 35),
                                  (4, 5, 0, 0), (0, 1, 2, 1), (1, 4, 3, 2), (2, 3, 4, 10), (3, 4, 9, 20)):
            line = bytearray(270)
            spi = Spi()
            fn(spi, buf, first, end, 68, x0, n, lut, line)
            assert spi.rows == [reference(buf, y * 68, x0, n, lut) + bytes(270 - 2 * n)
                                for y in range(first, end)], (fn, first, x0, n)  # nothing past 2n
            row = bytearray(270)  # as DCSPanel.show passes a part of its row
            spi = Spi()
            fn(spi, buf, first, end, 68, x0, n, lut, memoryview(row)[: 2 * n])
            want = [reference(buf, y * 68, x0, n, lut) for y in range(first, end)]
            assert spi.rows == want, (fn, first, x0, n)



def test_every_start_and_width_and_alignment():
    # the machine code takes four bytes at a time once the buffer's and the line's words line up
    # (the rest a byte, or a pixel, at a time): every start, width and offset of the buffer and
    # the line (a bytearray's own start is word-aligned)
    random.seed(5)
    lut = bytearray(random.getrandbits(8) for _ in range(32))
    half = 160  # a 320-pixel row
    whole = bytearray(random.getrandbits(8) for _ in range(half * 3 + 8))
    for skew in (0, 1, 2, 3):  # where the rows begin past a word boundary
        buf = memoryview(whole)[skew:]
        for x0 in range(0, 12):
            for n in (0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 64, 320 - x0):
                for lskew in (0, 2):  # a line starting two bytes into a word: no 32-bit stores there
                    row = bytearray(2 * n + 4)
                    spi = Spi()
                    ex.send(spi, buf, 1, 3, half, x0, n, lut, memoryview(row)[lskew : lskew + 2 * n])
                    want = [reference(buf, y * half, x0, n, lut) for y in (1, 2)]
                    assert spi.rows == want, (skew, x0, n, lskew)
