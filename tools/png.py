# A small PNG writer that runs under MicroPython as well as CPython (the
# simulator runs on the unix port). Palette colour when the picture has at
# most 256 colours (a panel frame has 16 or 2), RGB otherwise. Compressed
# with zlib where there is one (CPython); stored blocks on MicroPython,
# whose unix port cannot compress: `python tools/png.py FILE...` recompresses.
import struct
import sys

try:
    import zlib
except ImportError:
    zlib = None
from binascii import crc32


def _chunk(f, kind, data):
    f.write(struct.pack(">I", len(data)))
    f.write(kind)
    f.write(data)
    f.write(struct.pack(">I", crc32(data, crc32(kind)) & 0xFFFFFFFF))


class _Stored:
    """zlib stream of stored deflate blocks, fed a line at a time."""

    def __init__(self):
        self.parts = [b"\x78\x01"]
        self.a, self.b = 1, 0
        self.pending = bytearray()

    def feed(self, data):
        a, b = self.a, self.b
        for x in data:
            a += x
            b += a
        self.a, self.b = a % 65521, b % 65521
        self.pending += data
        while len(self.pending) >= 65535:
            self._block(self.pending[:65535], 0)
            self.pending = self.pending[65535:]

    def _block(self, data, final):
        n = len(data)
        self.parts.append(struct.pack("<BHH", final, n, n ^ 0xFFFF))
        self.parts.append(bytes(data))

    def finish(self):
        self._block(self.pending, 1)
        self.parts.append(struct.pack(">I", (self.b << 16) | self.a))
        return b"".join(self.parts)


def write(path, rows, scale=1):
    """rows: a list of rows of (r, g, b); each pixel becomes scale x scale."""
    h = len(rows)
    w = len(rows[0])
    colours = {}
    for row in rows:
        for c in row:
            if c not in colours:
                colours[c] = len(colours)
                if len(colours) > 256:
                    break
    palette = len(colours) <= 256
    z = _Stored() if zlib is None else None
    raw = bytearray()
    for row in rows:
        line = bytearray(b"\x00")
        for c in row:
            px = bytes((colours[c],)) if palette else bytes(c)
            line += px * scale
        for _ in range(scale):
            if z:
                z.feed(line)
            else:
                raw += line
    data = z.finish() if z else zlib.compress(bytes(raw), 9)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        kind = 3 if palette else 2
        _chunk(f, b"IHDR", struct.pack(">IIBBBBB", w * scale, h * scale, 8, kind, 0, 0, 0))
        if palette:
            order = sorted(colours, key=lambda c: colours[c])
            _chunk(f, b"PLTE", b"".join(bytes(c) for c in order))
        _chunk(f, b"IDAT", data)
        _chunk(f, b"IEND", b"")


def read(path):
    """(width, height, rows of (r, g, b)) of a PNG this module wrote
    (8-bit palette or RGB, no interlace). For tests and recompression."""
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
        write(p, rows)
        print("%s: %dx%d recompressed" % (p, w, h))


if __name__ == "__main__":
    main(sys.argv[1:])
