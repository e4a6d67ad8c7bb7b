# The QR encoder (ui/qr.py), checked by a decoder written here from the
# standard: the patterns in place, the format and version info, every
# block's Reed-Solomon syndromes zero, the byte segment the text given. On
# CPython also module for module against segno (make setup installs it).
import sys

from support import skip
from ui import qr

# Level M, versions 1 to 10 (ISO/IEC 18004 table 9): error correction
# codewords a block, then (blocks, data codewords a block) groups.
BLOCKS = (
    (10, ((1, 16),)),
    (16, ((1, 28),)),
    (26, ((1, 44),)),
    (18, ((2, 32),)),
    (24, ((2, 43),)),
    (16, ((4, 27),)),
    (18, ((4, 31),)),
    (22, ((2, 38), (2, 39))),
    (22, ((3, 36), (2, 37))),
    (26, ((4, 43), (1, 44))),
)
# Alignment pattern centres (annex E).
ALIGN = ((), (6, 18), (6, 22), (6, 26), (6, 30), (6, 34), (6, 22, 38), (6, 24, 42), (6, 26, 46), (6, 28, 50))
# The byte capacity at level M (table 7).
CAPACITY = (14, 26, 42, 62, 84, 106, 122, 152, 180, 213)
MASKS = (
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
)

# GF(256) by tables, a different road from the encoder's shift-and-add.
EXP = bytearray(512)
LOG = bytearray(256)
_x = 1
for _i in range(255):
    EXP[_i] = _x
    LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    EXP[_i] = EXP[_i - 255]


def gmul(a, b):
    return EXP[LOG[a] + LOG[b]] if a and b else 0


def poly_mod(d, g, n):
    """The remainder of the n-bit-shifted d by g (bit polynomials)."""
    d <<= n
    top = 0
    while g >> (top + 1):
        top += 1
    for i in range(top + 20, top - 1, -1):
        if d >> i & 1:
            d ^= g << (i - top)
    return d


def format_word(ec, mask):
    d = ec << 3 | mask
    return (d << 10 | poly_mod(d, 0x537, 10)) ^ 0x5412


def version_word(v):
    return v << 12 | poly_mod(v, 0x1F25, 12)


class Symbol:
    """A matrix (size, bits) read back as a QR code reader would."""

    def __init__(self, size, bits):
        assert len(bits) == size * size and (size - 17) % 4 == 0
        self.n = size
        self.bits = bits
        self.v = (size - 17) // 4
        assert 1 <= self.v <= 10

    def at(self, x, y):
        return self.bits[y * self.n + x]

    def function_map(self):
        """1 for every module that is not data."""
        n = self.n
        f = bytearray(n * n)

        def mark(x, y):
            f[y * n + x] = 1

        # finders, separators, format info
        for x0, x1, y0, y1 in ((0, 9, 0, 9), (n - 8, n, 0, 9), (0, 9, n - 8, n)):
            for y in range(y0, y1):
                for x in range(x0, x1):
                    mark(x, y)
        for i in range(n):
            mark(6, i)
            mark(i, 6)
        centres = ALIGN[self.v - 1]
        for cx in centres:
            for cy in centres:
                if (cx, cy) in ((6, 6), (6, n - 7), (n - 7, 6)):
                    continue  # a finder's place
                for y in range(cy - 2, cy + 3):
                    for x in range(cx - 2, cx + 3):
                        mark(x, y)
        if self.v >= 7:
            for a in range(6):
                for b in range(n - 11, n - 8):
                    mark(a, b)
                    mark(b, a)
        return f

    def check_patterns(self):
        n = self.n
        for ox, oy in ((0, 0), (n - 7, 0), (0, n - 7)):
            for y in range(-1, 8):
                for x in range(-1, 8):
                    if 0 <= ox + x < n and 0 <= oy + y < n:
                        d = max(abs(x - 3), abs(y - 3))
                        assert self.at(ox + x, oy + y) == (d not in (2, 4)), (ox, oy, x, y)
        for i in range(8, n - 8):
            assert self.at(i, 6) == (i % 2 == 0) and self.at(6, i) == (i % 2 == 0), i
        centres = ALIGN[self.v - 1]
        for cx in centres:
            for cy in centres:
                if (cx, cy) in ((6, 6), (6, n - 7), (n - 7, 6)):
                    continue
                for y in range(-2, 3):
                    for x in range(-2, 3):
                        assert self.at(cx + x, cy + y) == (max(abs(x), abs(y)) != 1), (cx, cy)
        assert self.at(8, n - 8) == 1  # the dark module

    def format(self):
        """(error level bits, mask), both copies agreeing, no bit wrong."""
        n = self.n
        a = b = 0
        # copy 1, most significant first: row 8 left to right, then up column 8
        for x in (0, 1, 2, 3, 4, 5, 7, 8):
            a = a << 1 | self.at(x, 8)
        for y in (7, 5, 4, 3, 2, 1, 0):
            a = a << 1 | self.at(8, y)
        # copy 2: up column 8 from the bottom, then row 8 left to right
        for y in range(n - 1, n - 8, -1):
            b = b << 1 | self.at(8, y)
        for x in range(n - 8, n):
            b = b << 1 | self.at(x, 8)
        assert a == b, (bin(a), bin(b))
        found = [(ec, m) for ec in range(4) for m in range(8) if format_word(ec, m) == a]
        assert len(found) == 1, bin(a)
        return found[0]

    def version_info(self):
        n = self.n
        a = b = 0
        for i in range(17, -1, -1):
            a = a << 1 | self.at(i // 3, n - 11 + i % 3)
            b = b << 1 | self.at(n - 11 + i % 3, i // 3)
        assert a == b
        return a

    def codewords(self, mask):
        n = self.n
        f = self.function_map()
        out = bytearray()
        acc = count = 0
        col = n - 1
        pairs = 0
        while col >= 0:
            if col == 6:
                col -= 1  # the timing column: the pairs shift left past it
            rows = range(n - 1, -1, -1) if pairs % 2 == 0 else range(n)
            for y in rows:
                for x in (col, col - 1):
                    if not f[y * n + x]:
                        bit = self.at(x, y) ^ MASKS[mask](y, x)
                        acc = acc << 1 | bit
                        count += 1
                        if count % 8 == 0:
                            out.append(acc)
                            acc = 0
            col -= 2
            pairs += 1
        return out, count % 8, acc

    def data(self):
        """The data codewords, the blocks joined, every check on the way
        passed: the patterns, format and version info, the syndromes."""
        self.check_patterns()
        ec_bits, mask = self.format()
        assert ec_bits == 0  # level M
        if self.v >= 7:
            assert self.version_info() == version_word(self.v)
        words, rem_bits, rem = self.codewords(mask)
        ec, groups = BLOCKS[self.v - 1]
        total = sum(k * (d + ec) for k, d in groups)
        assert len(words) == total, (len(words), total)
        assert rem_bits in (0, 3, 4, 7) and rem == 0  # remainder bits, light
        sizes = [d for k, d in groups for _ in range(k)]
        blocks = [bytearray() for _ in sizes]
        i = 0
        for j in range(max(sizes)):
            for b, d in enumerate(sizes):
                if j < d:
                    blocks[b].append(words[i])
                    i += 1
        for _ in range(ec):
            for b in range(len(sizes)):
                blocks[b].append(words[i])
                i += 1
        data = bytearray()
        for blk in blocks:
            for r in range(ec):  # syndromes: the block at a^r, r < ec, is 0
                s = 0
                for c in blk:
                    s = gmul(s, EXP[r]) ^ c
                assert s == 0, r
            data += blk[: len(blk) - ec]
        return data

    def decode(self):
        """(the byte-mode text, the mask)."""
        return self.segment(self.data()), self.format()[1]

    def segment(self, data):
        bitpos = [0]

        def read(k):
            v = 0
            for _ in range(k):
                p = bitpos[0]
                v = v << 1 | (data[p >> 3] >> (7 - (p & 7)) & 1)
                bitpos[0] = p + 1
            return v

        assert read(4) == 0b0100  # byte mode
        length = read(8 if self.v < 10 else 16)
        text = bytes(read(8) for _ in range(length))
        left = len(data) * 8 - bitpos[0]
        if left:
            assert read(min(4, left)) == 0  # the terminator
        while bitpos[0] % 8:
            assert read(1) == 0
        k = 0
        while bitpos[0] < len(data) * 8:
            assert read(8) == (0xEC, 0x11)[k % 2]
            k += 1
        return text


def roundtrip(text):
    size, bits = qr.matrix(text)
    got, mask = Symbol(size, bits).decode()
    want = text.encode() if isinstance(text, str) else text
    assert got == want, (text, got)
    return size, mask


def samples():
    out = [
        "WIFI:T:WPA;S:Scorekeeper-1234;P:abcd2345;;",
        "WIFI:T:WPA;S:Golf scores \\;2;P:p\\:a\\\\ss;;",
        "WIFI:T:nopass;S:Scorekeeper;;",
        "http://192.168.4.1/",
        "http://192.168.4.1/game",
        "http://scorekeeper.local/",
        "",
        "A",
        b"\x00\xff\x80\x7f",
        "caf\u00e9 \u2665",
    ]
    # every length up to the largest, in a mix of bytes
    for n in range(0, CAPACITY[-1] + 1, 3):
        out.append(bytes((i * 37 + n * 11) & 0xFF for i in range(n)))
    for n in CAPACITY:
        out.append("x" * n)
        out.append(bytes(range(256))[:n] if n <= 256 else b"y" * n)
    return out


def test_round_trip_many_strings():
    masks = set()
    for s in samples():
        masks.add(roundtrip(s)[1])
    assert len(masks) >= 5, masks  # the penalty rules pick among all the masks


def test_smallest_version_that_fits():
    for v, cap in enumerate(CAPACITY, 1):
        assert qr.matrix(b"a" * cap)[0] == 17 + 4 * v
        if v < 10:
            assert qr.matrix(b"a" * (cap + 1))[0] == 17 + 4 * (v + 1)
    assert qr.matrix("WIFI:T:WPA;S:Scorekeeper-1234;P:abcd2345;;")[0] == 29  # version 3


def test_version_grows_with_length():
    last = 0
    for n in range(0, 214, 7):
        size = qr.matrix("q" * n)[0]
        assert size >= last
        last = size


def test_too_long():
    for n in (214, 300):
        try:
            qr.matrix("z" * n)
        except ValueError as e:
            assert str(e) == "too long for a QR code"
        else:
            raise AssertionError("no ValueError at %d" % n)


def test_str_is_utf8():
    a = qr.matrix("caf\u00e9")
    assert a == qr.matrix("caf\u00e9".encode())


def test_only_zeros_and_ones():
    size, bits = qr.matrix("http://192.168.4.1/")
    assert size == 25 and all(b in (0, 1) for b in bits)


def test_mask_is_the_lowest_penalty():
    # The score, written again here the plain way, for each mask; the one
    # chosen scores lowest (ties: the first).
    for s in ("WIFI:T:WPA;S:Scorekeeper-1234;P:abcd2345;;", "http://192.168.4.1/", "x" * 100, "A"):
        size, bits = qr.matrix(s)
        sym = Symbol(size, bits)
        _, chosen = sym.format()
        f = sym.function_map()
        scores = []
        for m in range(8):
            other = bytearray(bits)
            for y in range(size):
                for x in range(size):
                    if not f[y * size + x]:
                        other[y * size + x] ^= MASKS[chosen](y, x) ^ MASKS[m](y, x)
            put_format(other, size, format_word(0, m))
            scores.append(penalty(size, other))
        assert scores[chosen] == min(scores) and scores.index(min(scores)) == chosen, (s, scores, chosen)


def put_format(bits, n, word):
    spots1 = [(8, y) for y in (0, 1, 2, 3, 4, 5, 7, 8)] + [(x, 8) for x in (7, 5, 4, 3, 2, 1, 0)]
    spots2 = [(n - 1 - i, 8) for i in range(8)] + [(8, n - 7 + i) for i in range(7)]
    for i in range(15):
        b = word >> i & 1
        for x, y in (spots1[i], spots2[i]):
            bits[y * n + x] = b


def penalty(n, bits):
    def line(cells):
        p = 0
        run = 1
        for i in range(1, len(cells)):
            if cells[i] == cells[i - 1]:
                run += 1
            else:
                if run >= 5:
                    p += run - 2
                run = 1
        if run >= 5:
            p += run - 2
        # each finder-like 1011101 with 4 light on a side, the quiet zone light
        s = "0000" + "".join("1" if c else "0" for c in cells) + "0000"
        i = s.find("1011101")
        while i >= 0:
            if s[i - 4 : i] == "0000" or s[i + 7 : i + 11] == "0000":
                p += 40
            i = s.find("1011101", i + 1)
        return p

    p = 0
    for i in range(n):
        p += line([bits[i * n + x] for x in range(n)])
        p += line([bits[y * n + i] for y in range(n)])
    for y in range(n - 1):
        for x in range(n - 1):
            c = bits[y * n + x]
            if c == bits[y * n + x + 1] == bits[y * n + n + x] == bits[y * n + n + x + 1]:
                p += 3
    dark = sum(bits)
    pct = dark * 100 / (n * n)
    return p + 10 * int(abs(pct - 50) // 5)


def test_fits():
    assert qr.fits(29, 135, 240) == 3  # the TTGO's width: 37 modules of 3 pixels
    assert qr.fits(29, 320, 240) == 6
    assert qr.fits(57, 64, 128) == 0


class FakePen:
    """Pen.fill() only, a byte a pixel: the role + 1, 0 where not drawn."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = bytearray(w * h)
        self.calls = 0

    def fill(self, x, y, w, h, role):
        self.calls += 1
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.px[yy * self.w + xx] = role + 1


def test_draw_dark_on_light_with_quiet_zone():
    if sys.implementation.name != "micropython":
        skip("draw() takes its colour roles from ui.draw, which needs framebuf: MicroPython only")
    from ui.draw import BG, FG

    size, bits = qr.matrix("http://192.168.4.1/")
    scale = qr.fits(size, 135, 240)
    pen = FakePen(135, 240)
    qr.draw(pen, 2, 5, size, bits, scale)
    w = (size + 8) * scale
    for y in range(pen.h):
        for x in range(pen.w):
            got = pen.px[y * pen.w + x]
            if not (2 <= x < 2 + w and 5 <= y < 5 + w):
                assert got == 0
                continue
            mx = (x - 2) // scale - 4
            my = (y - 5) // scale - 4
            dark = 0 <= mx < size and 0 <= my < size and bits[my * size + mx]
            assert got == (BG if dark else FG) + 1, (x, y)
    assert pen.calls < 1 + sum(bits)  # runs, not a fill a module


def test_draw_on_a_mono_panel():
    if sys.implementation.name != "micropython":
        skip("framebuf: MicroPython only")
    import framebuf
    from drivers.dirty import Dirty
    from ui.draw import Pen

    class Display(Dirty, framebuf.FrameBuffer):
        def __init__(self, w, h):
            self.width, self.height, self.mono = w, h, True
            self.buf = bytearray(w * h // 8)
            super().__init__(self.buf, w, h, framebuf.MONO_VLSB)

    d = Display(128, 64)
    size, bits = qr.matrix("WIFI:T:WPA;S:Scorekeeper-1234;P:abcd2345;;")
    assert qr.fits(size, 128, 64) == 1
    qr.draw(Pen(d), 0, 0, size, bits, 1)
    for y in range(size + 8):
        for x in range(size + 8):
            inside = 4 <= x < size + 4 and 4 <= y < size + 4
            dark = inside and bits[(y - 4) * size + x - 4]
            assert d.pixel(x, y) == (0 if dark else 1), (x, y)  # lit: light


def test_same_as_segno():
    # segno 1.6.6 pads a stream that ends on a byte boundary with a zero
    # byte before the pad codewords (its issues 123 and 148; byte mode after
    # the terminator always ends on one), so the whole symbols match only
    # when the data fills the symbol; otherwise the function patterns and
    # the format and version info match, and segno's data codewords are
    # ours with that zero byte let in.
    if sys.implementation.name != "cpython":
        skip("segno: CPython only")
    try:
        import segno  # type: ignore[import-not-found]
    except ImportError:
        skip("segno is not installed: make setup")
    whole = 0
    for s in samples():
        data = s.encode() if isinstance(s, str) else s
        size, bits = qr.matrix(data)
        v = (size - 17) // 4
        ours = Symbol(size, bits)
        _, mask = ours.format()
        q = segno.make(data, error="m", version=v, mask=mask, mode="byte", boost_error=False, micro=False)
        theirs = bytearray(c for row in q.matrix for c in row)
        f = ours.function_map()
        assert all(theirs[i] == bits[i] for i in range(size * size) if f[i]), (s, v, mask)
        mine = ours.data()
        used = len(data) + (2 if v < 10 else 3)  # mode, count, bytes, terminator
        if used == len(mine):
            assert theirs == bits, (s, v, mask)
            whole += 1
        else:
            assert Symbol(size, theirs).data() == mine[:used] + b"\x00" + mine[used:-1], (s, v, mask)
    assert whole >= 10  # every version, full
