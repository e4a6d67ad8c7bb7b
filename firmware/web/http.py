# The phones' HTTP, in place of microdot (issue 60): the few parts of it the
# web side used, a request read from web/reader.py's bounded reader, routes by
# method and path, the answers' errors (400, 404, 405 with Allow, 413, 500)
# and a response whose body is bytes, a file or a generator, written as
# microdot wrote it (HTTP/1.0, Content-Length where the body is bytes, the
# connection closed after). What microdot did and this does not: URL
# patterns with arguments, before/after-request hooks, cookies, sessions,
# query arguments parsed, a body read as a stream, HTTP/1.1 keep-alive
# (microdot answered HTTP/1.0 and closed too); none was used. Its code is
# some 25 KB less in the heap than microdot's (docs/MEMORY.md, "With Wi-Fi on").

# the status lines the routes answer with (RFC 9110's reason phrases)
REASONS = b"|200 OK|400 Bad Request|403 Forbidden|404 Not Found|405 Method Not Allowed|409 Conflict" \
    b"|413 Payload Too Large|429 Too Many Requests|500 Internal Server Error|503 Service Unavailable|"


class Response:
    send_file_buffer_size = 256  # a file goes out this many bytes at a time

    def __init__(self, body=b"", status=200, headers=None):
        self.status_code = status
        self.headers = dict(headers) if headers else {}  # a copy: the routes pass shared dicts
        self.body = body.encode() if type(body) is str else body

    async def write(self, writer, head=False):
        h = self.headers
        body = self.body
        if type(body) is bytes and "Content-Length" not in h:
            h["Content-Length"] = str(len(body))
        if "Content-Type" not in h:
            h["Content-Type"] = "text/plain; charset=UTF-8"
        i = REASONS.find(b"|%d " % self.status_code)  # (its reason phrase: two probes saw "403 N/A")
        writer.write(b"HTTP/1.0 %s\r\n" % (REASONS[i + 1:REASONS.find(b"|", i + 1)] if i >= 0 else
                                            b"%d Error" % self.status_code))
        for k in h:
            writer.write(b"%s: %s\r\n" % (k.encode(), h[k].encode()))
        writer.write(b"\r\n")
        await writer.drain()
        if head or not body:
            if hasattr(body, "close"):
                body.close()  # type: ignore[union-attr]
            return
        if type(body) is bytes:
            writer.write(body)
        elif hasattr(body, "read"):  # a file
            try:
                while True:
                    b = body.read(self.send_file_buffer_size)
                    if not b:
                        break
                    writer.write(b)
                    await writer.drain()
            finally:
                body.close()  # type: ignore[union-attr]
        else:  # a generator of str or bytes
            for piece in body:
                writer.write(piece.encode() if type(piece) is str else piece)
                await writer.drain()
        await writer.drain()


class Request:
    def __init__(self, app, addr, method, path, query, body, length):
        self.app = app
        self.client_addr = addr
        self.method = method
        self.path = path
        self.query_string = query
        self.body = body
        self.content_length = length


class App:
    """Routes by (method, path); errorhandler(status or Exception)."""

    max_content_length = 1024

    def __init__(self):
        self.routes: dict = {}
        self.errors: dict = {}

    def route(self, method, path):
        def add(f):
            self.routes[(method, path)] = f
            return f

        return add

    def get(self, path):
        return self.route("GET", path)

    def post(self, path):
        return self.route("POST", path)

    def errorhandler(self, what):
        def add(f):
            self.errors[what] = f
            return f

        return add

    server = None  # the listening server, while it serves (web/run.py's page() starts it)

    def shutdown(self):
        self.server.close()  # type: ignore[attr-defined]

    def allowed(self, path):
        """The methods a path takes (a 405 says them)."""
        return [m for (m, p) in self.routes if p == path]

    async def _error(self, req, status):
        f = self.errors.get(status)
        return await f(req) if f else Response(b"N/A", status)

    async def handle_request(self, reader, writer):
        req = await self.read(reader, writer)
        if req is None:
            res = await self._error(None, 400)
        elif req.content_length > self.max_content_length:
            res = await self._error(req, 413)
        else:
            method = "GET" if req.method == "HEAD" else req.method
            f = self.routes.get((method, req.path))
            try:
                if f is not None:
                    res = await f(req)
                else:
                    res = await self._error(req, 405 if self.allowed(req.path) else 404)
            except Exception as e:
                h = self.errors.get(Exception)
                res = await h(req, e) if h else Response(b"N/A", 500)
        try:
            await res.write(writer, req is not None and req.method == "HEAD")
        finally:
            writer.close()
            await writer.wait_closed()

    async def read(self, reader, writer):
        """The request (None: one that cannot be read, a 400)."""
        try:
            line = (await reader.readline()).strip().decode()
            method, url, _version = line.split()
            n = 0
            while True:
                h = (await reader.readline()).strip()
                if not h:
                    break
                k, v = h.split(b":", 1)
                if k.strip().lower() == b"content-length":
                    n = int(v)
            body = await reader.readexactly(n) if 0 < n <= self.max_content_length else b""
        except (ValueError, UnicodeError):
            return None
        path, _, query = url.partition("?")
        return Request(self, writer.get_extra_info("peername"), method, path, query, body, n)
