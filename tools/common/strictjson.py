# A strict JSON reader (RFC 8259) for tools/score.py, the same on CPython
# and MicroPython. MicroPython's json module accepts malformed text (trailing
# commas, missing commas, non-string keys, leading zeros...), and the two
# runtimes' modules differ on huge numbers, deep nesting and bad UTF-8; the
# score tool must reject bad input and answer the same on both, so it reads
# JSON with this instead.
#
# It reads bytes from a stream in small chunks (no whole copy of the text),
# checks UTF-8 itself, and reports errors with their line and column.
# Strings found in `intern` come back as that object (the engine's literal
# card tokens), so a large game does not hold a string per card.
# Numbers with a fraction or exponent come back as Num (score.py never needs
# their value, and printing the text as given keeps messages identical).
# Every empty array comes back as one list, EMPTY, which the caller must not
# change (score.py and the engine only read their input): MicroPython gives
# each list room for 4 items, 64 bytes on a 64-bit build, so 64 KB of empty
# and nested arrays took its whole default 2 MB heap (docs/RULES.md's bound).

MAX_DEPTH = 64  # far deeper than any real input; keeps both runtimes' stacks safe
MAX_NUMBER = 100  # characters in one number
MAX_FRACTIONS = 1000  # numbers with a fraction or an exponent (no score holds one; each is kept as its
# text, which under MicroPython costs some 140 bytes: 64 KB of them would not fit its heap)
_CHUNK = 256
EMPTY: list = []  # every empty array read (above): never to be changed
_WS = b" \t\n\r"
_HEX = b"0123456789abcdef"
# Lead bytes whose first continuation byte has a narrower range (Unicode's well-formed UTF-8
# table): no overlong form, no surrogate (ED), nothing past U+10FFFF (F4)
_FIRST = {0xE0: (0xA0, 0xBF), 0xED: (0x80, 0x9F), 0xF0: (0x90, 0xBF), 0xF4: (0x80, 0x8F)}
_ESC = {0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 8, 0x66: 12, 0x6E: 10, 0x72: 13, 0x74: 9}
_WORDS = {0x74: (b"true", True), 0x66: (b"false", False), 0x6E: (b"null", None)}


def _quote(k):
    """A key as it would be written in JSON, short and on one line."""
    out = []
    for ch in k[:40]:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7F:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    return '"' + "".join(out) + ('..."' if len(k) > 40 else '"')


class JSONError(ValueError):
    def __init__(self, msg, line, col):
        super().__init__(msg)
        self.msg = msg
        self.line = line
        self.col = col

    def text(self):
        return "line %d, column %d: %s" % (self.line, self.col, self.msg)


class Num:
    """A JSON number with a fraction or an exponent, kept as its text."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


def loads(data, intern=None):
    """Parse bytes or str."""
    if type(data) is str:
        data = data.encode()
    return _Reader(None, data, intern).document()


def load(stream, intern=None):
    """Parse a binary stream (with read(n) -> bytes)."""
    return _Reader(stream, b"", intern).document()


class _Reader:
    def __init__(self, stream, data, intern):
        self.stream = stream
        self.buf = data
        self.i = 0
        self.line = 1
        self.line_start = 0  # offset of the current line's first byte
        self.offset = 0  # offset of buf[0] in the whole input
        self.intern = intern or {}
        self.depth = 0
        self.fractions = 0

    # --- bytes -----------------------------------------------------------
    def peek(self):
        if self.i >= len(self.buf):
            if self.stream is None:
                return -1
            self.offset += len(self.buf)
            self.buf = self.stream.read(_CHUNK) or b""
            self.i = 0
            if not self.buf:
                self.stream = None
                return -1
        return self.buf[self.i]

    def take(self):
        c = self.peek()
        if c < 0:
            self.fail("unexpected end of input")
        self.i += 1
        return c

    def fail(self, msg):
        col = self.offset + self.i - self.line_start + 1
        raise JSONError(msg, self.line, col)

    def skip_ws(self):
        while True:
            c = self.peek()
            if c < 0 or c not in _WS:
                return c
            self.i += 1
            if c == 10:
                self.line += 1
                self.line_start = self.offset + self.i

    def expect(self, word, why=None):
        for b in word:
            if self.peek() != b:
                self.fail(why or "expected '%s'" % word.decode())
            self.i += 1

    # --- values ----------------------------------------------------------
    def document(self):
        # a UTF-8 byte-order mark (Windows Notepad writes one): RFC 8259, 8.1 lets a parser ignore it
        if self.peek() == 0xEF:
            self.expect(b"\xef\xbb\xbf", "a broken byte-order mark (EF BB BF) at the start")
            self.line_start = self.offset + self.i
        self.skip_ws()
        if self.peek() < 0:
            self.fail("the input is empty")
        v = self.value()
        if self.skip_ws() >= 0:
            self.fail("more text after the JSON document")
        return v

    def value(self):
        c = self.skip_ws()
        if c == 0x7B:  # {
            return self.obj()
        if c == 0x5B:  # [
            return self.arr()
        if c == 0x22:  # "
            return self.string()
        if c in _WORDS:
            self.expect(_WORDS[c][0])
            return _WORDS[c][1]
        if c == 0x2D or 0x30 <= c <= 0x39:
            return self.number()
        if c < 0:
            self.fail("unexpected end of input")
        if 0x20 < c < 0x7F:
            self.fail("unexpected '%s'" % chr(c))
        self.fail("unexpected byte 0x%02x" % c)

    def enter(self, end):
        """Into an object or a list: True if it is empty (its end taken)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail("nested deeper than %d levels" % MAX_DEPTH)
        self.i += 1
        if self.skip_ws() != end:
            return False
        self.i += 1
        self.depth -= 1
        return True

    def more(self, end, what):
        """After an item: False at the end (taken), True past a ','."""
        self.skip_ws()
        c = self.take()
        if c == end:
            self.depth -= 1
            return False
        if c != 0x2C:
            self.i -= 1
            self.fail("expected ',' or '%s' in %s" % (chr(end), what))
        if self.skip_ws() == end:
            self.fail("a ',' before '%s' (trailing comma)" % chr(end))
        return True

    def obj(self):
        d = {}
        if self.enter(0x7D):
            return d
        while True:
            if self.skip_ws() != 0x22:
                self.fail("expected a string key in double quotes")
            line, col = self.line, self.offset + self.i - self.line_start + 1
            k = self.string()
            if k in d:  # docs/RULES.md: malformed, not "the last one wins"
                raise JSONError("the key %s is given twice in one object" % _quote(k), line, col)
            if self.skip_ws() != 0x3A:
                self.fail("expected ':' after a key")
            self.i += 1
            d[k] = self.value()
            if not self.more(0x7D, "an object"):
                return d

    def arr(self):
        if self.enter(0x5D):
            return EMPTY
        a = []
        while True:
            a.append(self.value())
            if not self.more(0x5D, "a list"):
                return a

    def number(self):
        # a whole number is summed as it is read, nothing made (a card: a heap of 64 KB of them was
        # all garbage between the lists kept, and a list's growth found no room: a probe); one with
        # a fraction or an exponent is read as text
        neg = self.peek() == 0x2D
        if neg:
            self.i += 1
        c = self.peek()
        n = k = 0
        if c == 0x30:
            self.i += 1
            if 0x30 <= self.peek() <= 0x39:
                self.fail("a number may not start with 0")
        elif 0x31 <= c <= 0x39:
            while 0x30 <= self.peek() <= 0x39:
                n = n * 10 + self.take() - 0x30
                k += 1
                if k + neg > MAX_NUMBER:
                    self.fail("a number longer than %d characters" % MAX_NUMBER)
        else:
            self.fail("expected a digit")
        c = self.peek()
        if c != 0x2E and c != 0x65 and c != 0x45:
            return -n if neg else n
        out = bytearray(b"-" if neg else b"")
        out.extend(str(n).encode())
        if c == 0x2E:
            out.append(self.take())
            self.digits(out, "after '.'")
        if self.peek() in (0x65, 0x45):
            out.append(self.take())
            if self.peek() in (0x2B, 0x2D):
                out.append(self.take())
            self.digits(out, "in the exponent")
        self.fractions += 1
        if self.fractions > MAX_FRACTIONS:
            self.fail("more than %d numbers with a fraction or an exponent" % MAX_FRACTIONS)
        return Num(bytes(out).decode())

    def digits(self, out, where):
        if not 0x30 <= self.peek() <= 0x39:
            self.fail("expected a digit " + where)
        while 0x30 <= self.peek() <= 0x39:
            out.append(self.take())
            if len(out) > MAX_NUMBER:
                self.fail("a number longer than %d characters" % MAX_NUMBER)

    def string(self):
        self.i += 1  # the opening quote
        # plain ASCII to its closing quote, in this chunk: read at once, no garbage made on the way
        # (as number(): a probe's 64 KB of short strings in lists fragmented MicroPython's heap)
        buf, i = self.buf, self.i
        j = buf.find(b'"', i)
        if j >= 0:
            k = i
            while k < j and 0x20 <= buf[k] < 0x80 and buf[k] != 0x5C:
                k += 1
            if k == j:
                self.i = j + 1
                s = str(memoryview(buf)[i:j], "utf-8")
                return self.intern.get(s, s)
        out = bytearray()
        while True:
            c = self.take()
            if c == 0x22:
                break
            if c == 0x5C:
                self.escape(out)
            elif c < 0x20:
                self.i -= 1
                self.fail("a control character inside a string (write it as an escape)")
            elif c < 0x80:
                out.append(c)
            else:
                self.utf8(c, out)
        s = bytes(out).decode()
        return self.intern.get(s, s)

    def escape(self, out):
        c = self.take()
        if c in _ESC:
            out.append(_ESC[c])
            return
        if c != 0x75:  # u
            self.i -= 1
            self.fail("an unknown escape in a string")
        cp = self.hex4()
        if 0xD800 <= cp < 0xDC00 and self.take() == 0x5C and self.take() == 0x75:  # a surrogate pair
            lo = self.hex4()
            if 0xDC00 <= lo < 0xE000:
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
        if 0xD800 <= cp < 0xE000:  # a surrogate, alone
            self.fail("a lone surrogate \\u escape")
        out.extend(chr(cp).encode())

    def hex4(self):
        v = 0
        for _ in range(4):
            c = self.take()
            d = _HEX.find(c | 0x20 if c > 0x40 else c)  # (a letter in lower case)
            if d < 0:
                self.i -= 1
                self.fail("expected 4 hex digits after \\u")
            v = v * 16 + d
        return v

    def utf8(self, c, out):
        if not 0xC2 <= c <= 0xF4:  # no lead byte
            self.i -= 1
            self.fail("the input is not UTF-8 text")
        n = 1 if c < 0xE0 else 2 if c < 0xF0 else 3  # continuation bytes
        lo, hi = _FIRST.get(c, (0x80, 0xBF))  # the first one's range
        out.append(c)
        for _ in range(n):
            b = self.peek()
            if not lo <= b <= hi:
                self.fail("the input is not UTF-8 text")
            out.append(self.take())
            lo, hi = 0x80, 0xBF
