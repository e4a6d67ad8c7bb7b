# A QR code encoder, for the Wi-Fi screen (issue 17): a phone joins the
# device's own network by scanning "WIFI:T:WPA;S:<name>;P:<password>;;"
# and opens the scoreboard page by scanning its address
# (http://192.168.4.1/). Written from ISO/IEC 18004: byte mode, error
# correction level M, the smallest of versions 1 to 10 that holds the text
# (up to 213 bytes), the mask the standard's penalty rules score lowest.
#
# The symbol is one bytearray, a byte a module (1 = dark), at most 57 * 57
# at version 10. While it is built, bit 1 of a byte marks a function module
# (finders, timing, alignment, format and version info), which the data
# and the masks skip; matrix() clears it before it returns.
from compat import const

_M = const(0)  # level M's two bits in the format info
_FORMAT_XOR = const(0x5412)
_FORMAT_GEN = const(0x537)  # BCH(15, 5): x^10 + x^8 + x^5 + x^4 + x^2 + x + 1
_VERSION_GEN = const(0x1F25)  # BCH(18, 6): x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1
_GF_POLY = const(0x11D)  # GF(256) of the Reed-Solomon codes: x^8 + x^4 + x^3 + x^2 + 1

# Level M, versions 1 to 10: all the codewords / 2; error correction
# codewords a block; blocks (total % blocks of them one data codeword
# longer, those last).
_TOTAL2 = b"\x0d\x16\x23\x32\x43\x56\x62\x79\x92\xad"
_EC = b"\x0a\x10\x1a\x12\x18\x10\x12\x16\x16\x1a"
_BLOCKS = b"\x01\x01\x01\x02\x02\x04\x04\x04\x05\x05"


def matrix(data):
    """The QR code of data (str or bytes): (size, bits), bits a bytearray
    of size * size, row by row, 1 = dark."""
    if isinstance(data, str):
        data = data.encode()
    n = len(data)
    for v in range(1, 11):
        total = _TOTAL2[v - 1] * 2
        ec = _EC[v - 1]
        blocks = _BLOCKS[v - 1]
        # mode and count (12 bits, 20 from version 10) and terminator: 2 or 3 bytes
        if n + (2 if v < 10 else 3) <= total - ec * blocks:
            break
    else:
        raise ValueError("too long for a QR code")
    size = 17 + 4 * v
    b = bytearray(size * size)
    _functions(b, size, v)
    _place(b, size, _codewords(data, v, total, ec, blocks))
    best = low = -1
    for m in range(8):
        _mask(b, size, m)
        _format(b, size, m)
        p = _penalty(b, size)
        _mask(b, size, m)  # a mask is its own undoing
        if low < 0 or p < low:
            best, low = m, p
    _mask(b, size, best)
    _format(b, size, best)
    for i in range(size * size):
        b[i] &= 1
    return size, b


def fits(size, width, height):
    """The largest whole number of pixels a module at which the code and
    its quiet zone (4 modules each side) fit in width x height; 0: none."""
    return min(width, height) // (size + 8)


def draw(pen, x, y, size, bits, scale):
    """Draw the code with its quiet zone, top left at (x, y): dark modules
    on light, as scanners want, whatever the screen's own colours."""
    from ui.draw import BG, FG  # here: ui.draw needs framebuf

    w = (size + 8) * scale
    pen.fill(x, y, w, w, FG)
    x += 4 * scale
    y += 4 * scale
    for r in range(size):
        run = -1  # a row's dark runs, one fill each
        for c in range(size + 1):
            d = c < size and bits[r * size + c]
            if d and run < 0:
                run = c
            elif not d and run >= 0:
                pen.fill(x + run * scale, y + r * scale, (c - run) * scale, scale, BG)
                run = -1


def _mul(a, b):  # a * b in GF(256)
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a & 0x100:
            a ^= _GF_POLY
    return r


def _codewords(data, v, total, ec, blocks):
    """The codewords in the order the symbol holds them: the blocks' data
    codewords interleaved, then their error correction codewords."""
    n = len(data)
    cap = total - ec * blocks
    buf = bytearray(cap)
    # Mode 0100, the count (1 byte, 2 from version 10), the bytes, the
    # terminator 0000: every byte lands a nibble late.
    head = 1 if v < 10 else 2
    used = head + n + 1
    prev = 4
    for k in range(used - 1):
        c = (n >> 8 * (head - 1 - k)) & 0xFF if k < head else data[k - head]
        buf[k] = (prev & 15) << 4 | c >> 4
        prev = c
    buf[used - 1] = (prev & 15) << 4
    for k in range(used, cap):
        buf[k] = 0x11 if (k - used) & 1 else 0xEC
    # The generator: (x - 1)(x - a)...(x - a^(ec-1)), highest power first.
    g = bytearray(ec + 1)
    g[0] = 1
    r = 1
    for d in range(ec):
        for k in range(d + 1, 0, -1):
            g[k] ^= _mul(r, g[k - 1])
        r = _mul(r, 2)
    out = bytearray(total)
    short = total // blocks - ec  # data codewords of a short block
    longs = total % blocks
    at = 0
    for i in range(blocks):
        length = short + (i >= blocks - longs)
        for j in range(length):
            out[j * blocks + i - (j == short) * (blocks - longs)] = buf[at + j]
        rem = bytearray(ec)
        for j in range(length):  # the remainder of data * x^ec by g
            f = buf[at + j] ^ rem[0]
            for k in range(ec - 1):
                rem[k] = rem[k + 1] ^ _mul(g[k + 1], f)
            rem[ec - 1] = _mul(g[ec], f)
        for k in range(ec):
            out[cap + k * blocks + i] = rem[k]
        at += length
    return out


def _bch(d, k, gen):  # d, then the k-bit remainder of d * x^k by gen (degree k)
    r = d << k
    for i in range(k + 5, k - 1, -1):
        if r >> i & 1:
            r ^= gen << (i - k)
    return d << k | r


def _functions(b, n, v):
    """The function patterns, the dark module and version info, and room
    kept for the format info."""
    for i in range(n):  # timing: dark on even
        b[6 * n + i] = b[i * n + 6] = 3 - (i & 1)
    for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):  # finders and separators
        for y in range(max(cy - 4, 0), min(cy + 5, n)):
            for x in range(max(cx - 4, 0), min(cx + 5, n)):
                d = max(abs(x - cx), abs(y - cy))
                b[y * n + x] = 2 if d == 2 or d == 4 else 3
    last = n - 7
    if v > 1:  # alignment: centres 6, (the middle from version 7), n - 7
        step = last - 6 if v < 7 else (last - 6) // 2
        for cy in range(6, last + 1, step):
            for cx in range(6, last + 1, step):
                if (cx == 6 and (cy == 6 or cy == last)) or (cy == 6 and cx == last):
                    continue  # a finder's place
                for y in range(cy - 2, cy + 3):
                    for x in range(cx - 2, cx + 3):
                        b[y * n + x] = 2 if max(abs(x - cx), abs(y - cy)) == 1 else 3
    for i in range(9):
        b[8 * n + i] |= 2
        b[i * n + 8] |= 2
    for i in range(n - 8, n):
        b[8 * n + i] |= 2
        b[i * n + 8] |= 2
    b[(n - 8) * n + 8] = 3  # the dark module
    if v >= 7:  # version info: bottom left and, transposed, top right
        bits = _bch(v, 12, _VERSION_GEN)
        for i in range(18):
            a = n - 11 + i % 3
            c = i // 3
            b[a * n + c] = b[c * n + a] = 2 | (bits >> i & 1)


def _format(b, n, m):
    """The format info (level M, mask m), both copies."""
    f = _bch(_M << 3 | m, 10, _FORMAT_GEN) ^ _FORMAT_XOR
    for i in range(15):
        d = 2 | (f >> i & 1)
        if i < 8:  # down column 8 past the timing row; row 8 leftwards from the right edge
            b[(i + (i > 5)) * n + 8] = d
            b[8 * n + n - 1 - i] = d
        else:  # row 8 leftwards past the timing column; column 8 down to the bottom
            b[8 * n + 15 - i - (i > 8)] = d
            b[(n - 15 + i) * n + 8] = d


def _place(b, n, code):
    """The codewords' bits, most significant first, up and down column
    pairs from the bottom right, skipping function modules and column 6."""
    i = 0
    end = len(code) * 8  # past it, the remainder bits: light
    x = n - 1
    up = True
    while x > 0:
        if x == 6:
            x = 5
        for k in range(n):
            y = n - 1 - k if up else k
            for j in range(y * n + x, y * n + x - 2, -1):
                if not b[j] & 2:
                    if i < end and code[i >> 3] >> (7 - (i & 7)) & 1:
                        b[j] = 1
                    i += 1
        up = not up
        x -= 2


def _mask(b, n, m):
    """Flip the data modules under mask m (row y, column x)."""
    j = 0
    for y in range(n):
        for x in range(n):
            if not b[j] & 2:
                if m == 0:
                    f = (y + x) % 2
                elif m == 1:
                    f = y % 2
                elif m == 2:
                    f = x % 3
                elif m == 3:
                    f = (y + x) % 3
                elif m == 4:
                    f = (y // 2 + x // 3) % 2
                elif m == 5:
                    f = y * x % 2 + y * x % 3
                elif m == 6:
                    f = (y * x % 2 + y * x % 3) % 2
                else:
                    f = ((y + x) % 2 + y * x % 3) % 2
                if not f:
                    b[j] ^= 1
            j += 1


def _penalty(b, n):
    """The standard's score of a masked symbol; lower scans better."""
    p = dark = 0
    for a in range(n):
        for across in (True, False):  # row a, then column a
            run = h = 0
            last = 2
            for k in range(n):
                c = b[a * n + k if across else k * n + a] & 1
                if c == last:
                    run += 1
                    if run == 5:  # a run of 5 alike: 3, and 1 for each more
                        p += 3
                    elif run > 5:
                        p += 1
                else:
                    last = c
                    run = 1
                # 1:1:3:1:1 (dark:light:dark:light:dark), 4 light before
                # it or else after it, the quiet zone light: 40 each
                h = (h << 1 | c) & 0x7FFF
                if (h & 0x7FF) == 0x5D or ((h & 0x7FF) == 0x5D0 and h >> 11):
                    p += 40
            for _ in range(4):  # past the end: the quiet zone
                h = h << 1 & 0x7FFF
                if (h & 0x7FF) == 0x5D0 and h >> 11:
                    p += 40
        j = a * n
        for k in range(n):
            c = b[j + k] & 1
            dark += c
            if a < n - 1 and k < n - 1 and c == b[j + k + 1] & 1 == b[j + n + k] & 1 == b[j + n + k + 1] & 1:
                p += 3  # a 2x2 block alike
    total = n * n
    return p + 10 * (abs(20 * dark - 10 * total) // total)  # 10 a 5% step from half dark
