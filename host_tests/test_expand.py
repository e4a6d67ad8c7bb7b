# The colour panels' line expansion (4-bit pixels through a 16-colour table
# to RGB565), under both runtimes: the viper version on MicroPython, the
# plain one everywhere, against a reference written here.
import random

from drivers import expand as ex


def reference(buf, start, x0, n, lut):
    out = bytearray()
    for x in range(x0, x0 + n):
        b = buf[start + x // 2]
        c = b >> 4 if x % 2 == 0 else b & 15
        out += bytes(lut[2 * c : 2 * c + 2])
    return out


def test_expansion_matches_the_reference():
    random.seed(3)
    lut = bytearray(random.getrandbits(8) for _ in range(32))
    buf = bytearray(random.getrandbits(8) for _ in range(68 * 5))
    for fn in (ex.expand, ex.expand_plain):
        for start, x0, n in ((0, 0, 135), (68, 1, 134), (136, 7, 1), (204, 100, 35), (272, 0, 0)):
            line = bytearray(270)
            fn(buf, start, x0, n, lut, line)
            assert line[: 2 * n] == reference(buf, start, x0, n, lut), (fn, start, x0, n)
            assert line[2 * n :] == bytearray(270 - 2 * n)  # nothing past the end


def test_the_board_gets_the_fast_version():
    import sys

    if sys.implementation.name == "micropython":
        assert ex.expand is not ex.expand_plain
    else:
        assert ex.expand is ex.expand_plain
