# A phone's request, read with bounds (web/conns.py hands web/http.py this
# reader in place of the connection's stream): no line longer than LINE_MAX,
# no more than LINES_MAX lines, no body out of bounds, and of the headers only
# the one the server reads. A stranger's junk costs the device no more than
# a line's bytes, and a phone's browser's 500 bytes of headers are not kept
# with a request held open (a long poll).
LINE_MAX = 512  # bytes a line of the request (its first line, a header) may take ...
LINES_MAX = 32  # ... and lines it may have
LENGTH_MAX = 1024  # a body longer (or a length below 0) is not read


class Bounded:
    """A connection's reader that holds no more than a line's bytes (the
    stream's readline, and a check after it, would hold a line of
    any length first), reads no more lines than a request has, and no body
    of a length out of bounds (a reader takes what Content-Length says).
    Of the headers it passes on only the one this server reads, the body's
    length: a phone's browser sends some 500 bytes of others, which would be
    kept with the request for as long as it is held (a long poll)."""

    def __init__(self, stream):
        self.r = stream
        self.buf = b""
        self.lines = 0
        self.done = False  # the request read whole (its body too): no longer one that may be idle or slow
        self.length = 0  # its body's, as its Content-Length says

    async def _more(self, n):
        got = await self.r.read(n)
        if not got:
            raise EOFError()
        self.buf += got

    async def readline(self):
        while True:
            self.lines += 1
            if self.lines > LINES_MAX:
                raise ValueError("too many lines")
            line = self._line()
            while line is None:  # (read here, not in a coroutine of its own: a frame less in the heap
                got = await self.r.read(128)  # while a request is read, docs/MEMORY.md)
                if not got:  # the end: the line is what there is
                    line, self.buf = self.buf, b""
                    break
                self.buf += got
                line = self._line()
            # the request line, the end of the headers (an empty line, or none: the end), the length,
            # and a line that is no header (web/http.py answers it 400)
            if self.lines == 1 or b":" not in line or line[:15].lower() == b"content-length:":
                if self.lines > 1 and len(line) <= 2:  # the headers' end: done, unless a body comes
                    self.done = not 0 < self.length <= LENGTH_MAX
                elif self.lines > 1 and b":" in line:
                    try:
                        self.length = int(line[15:])
                    except ValueError:
                        self.length = -1
                return line

    def _line(self):
        """The buffer's next line, or None: more to read first."""
        i = self.buf.find(b"\n")
        if i > LINE_MAX + 1:  # (its bytes and "\r\n": a chunk may bring more than the bound)
            raise ValueError("a line too long")
        if i >= 0:
            line, self.buf = self.buf[: i + 1], self.buf[i + 1 :]
            return line
        if len(self.buf) > LINE_MAX:
            raise ValueError("a line too long")
        return None

    async def first(self):
        """The request's first line, left to be read (b"" if it has none)."""
        while b"\n" not in self.buf and len(self.buf) <= LINE_MAX:
            try:
                await self._more(128)
            except EOFError:
                break
        return self.buf[: self.buf.find(b"\n") + 1]

    async def read(self, n=-1):
        if not self.buf:
            await self._more(min(n, LENGTH_MAX) if n >= 0 else LENGTH_MAX)
        n = len(self.buf) if n < 0 else n
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    async def readexactly(self, n):
        if not 0 <= n <= LENGTH_MAX:
            raise ValueError("a body of %d bytes" % n)
        while len(self.buf) < n:
            await self._more(n - len(self.buf))
        out, self.buf = self.buf[:n], self.buf[n:]
        self.done = True
        return out
