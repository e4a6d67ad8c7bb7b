# A small PNG writer for MicroPython and CPython: palette colour up to 256 colours, else RGB; compressed
# where zlib is (CPython), stored on MicroPython (`python tools/simulator/png.py FILE...` recompresses).
import struct
import sys

try:
    import zlib
except ImportError:
    zlib = None
from binascii import crc32


def _chunk(f, kind, data):
    crc = crc32(data, crc32(kind)) & 0xFFFFFFFF
    f.write(struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc))


class _Stored:
    """zlib's compressobj on MicroPython, whose unix port cannot compress: stored deflate blocks."""

    def __init__(self):
        self.raw = bytearray()

    def compress(self, data):
        self.raw += data
        return b""

    def flush(self):
        raw, a, b = self.raw, 1, 0
        for x in raw:
            a += x
            b += a
            if b > 0x3FFFFFFF:  # keep the sums small ints
                a, b = a % 65521, b % 65521
        out = bytearray(b"\x78\x01")
        for i in range(0, len(raw), 65535):
            n = min(65535, len(raw) - i)
            out += struct.pack("<BHH", i + n == len(raw), n, n ^ 0xFFFF) + raw[i : i + n]
        return bytes(out + struct.pack(">I", (b % 65521) << 16 | a % 65521))


def write_rows(path, w, h, row, scale=1):
    """A w x h picture, row(y) giving each row of (r, g, b) (asked twice: the colours, then the
    pixels); each pixel becomes scale x scale."""
    colours = {}
    for y in range(h):
        for c in row(y):
            if c not in colours and len(colours) <= 256:
                colours[c] = len(colours)
    palette = len(colours) <= 256
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        kind = 3 if palette else 2
        _chunk(f, b"IHDR", struct.pack(">IIBBBBB", w * scale, h * scale, 8, kind, 0, 0, 0))
        if palette:
            order = sorted(colours, key=lambda c: colours[c])
            _chunk(f, b"PLTE", b"".join(bytes(c) for c in order))
        z = _Stored() if zlib is None else zlib.compressobj(9)
        for y in range(h):
            line = bytearray(b"\x00")
            for c in row(y):
                px = bytes((colours[c],)) if palette else bytes(c)
                line += px * scale
            for _ in range(scale):
                d = z.compress(bytes(line))
                if d:
                    _chunk(f, b"IDAT", d)
        _chunk(f, b"IDAT", z.flush())
        _chunk(f, b"IEND", b"")


def read(path):
    """(width, height, rows of (r, g, b)) of a PNG this module wrote (for tests and recompression)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    i, idat, plte = 8, bytearray(), None
    while i < len(data):
        n = struct.unpack(">I", data[i : i + 4])[0]
        kind, body = data[i + 4 : i + 8], data[i + 8 : i + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"PLTE":
            plte = [tuple(body[k : k + 3]) for k in range(0, len(body), 3)]
        elif kind == b"IDAT":
            idat += body
        i += 12 + n
    raw = _inflate(bytes(idat))
    bpp = 1 if ctype == 3 else 3
    rows, stride = [], w * bpp + 1
    for y in range(h):
        line = raw[y * stride + 1 : (y + 1) * stride]
        if ctype == 3:
            rows.append([plte[b] for b in line])
        else:
            rows.append([tuple(line[k : k + 3]) for k in range(0, len(line), 3)])
    return w, h, rows


def _inflate(data):
    if zlib is not None:
        return zlib.decompress(data)
    import deflate
    import io

    return deflate.DeflateIO(io.BytesIO(data), deflate.ZLIB).read()


def main(paths):
    for p in paths:
        w, h, rows = read(p)
        write_rows(p, w, h, rows.__getitem__)
        print("%s: %dx%d recompressed" % (p, w, h))


if __name__ == "__main__":
    main(sys.argv[1:])
