# The device's web side while Wi-Fi is on (issue 17): the one page every
# phone at the table opens, the scoreboard's state it polls, each player's
# grid sent from their phone, and the game's export. Served by microdot on
# asyncio; the device's own loop runs as a task beside it (web/run.py's
# web_side()), so its keys work the same. Loaded only while Wi-Fi is on: guard.py drops this
# module, microdot and asyncio's tasks when it is turned off.
#
# Three parts: web/reader.py reads a request with bounds, web/state.py holds
# what the web side knows between requests (Net: the inbox, the PIN, the
# polls), and this module serves: the connections (Server: bounded in number
# and in time; a long poll held beside microdot), the routes (at module
# level, on app: each finds the Net as req.app.net). The API, and
# what a phone can and cannot do: docs/PHONES.md.
import asyncio
import json
import os

from compat import ticks_ms
from engine.errors import ScoreError, show
from microdot import Microdot, Request, Response
from microdot import microdot as _md
from web.reader import LENGTH_MAX, Bounded
from web.state import Net

# Connections at once: MicroPython's ESP32 build has ESP-IDF's 10 sockets in
# all (CONFIG_LWIP_MAX_SOCKETS), one of them listening. A page holds one open
# (its poll); one more waits for a moment while the polls held open answer
# and free theirs, and is closed if none does.
MAX_CONN = 8
# a grid's JSON is some 100 bytes: nothing asks for more
Request.max_content_length = Request.max_body_length = LENGTH_MAX
Request.max_readline = 512
# the page is sent in pieces this big, each a new bytes object: a phone opening it holds one or two
# (microdot's 1024: with 4 phones, the peak in use a KB higher, docs/MEMORY.md)
Response.send_file_buffer_size = 256
JSON = {"Content-Type": "application/json; charset=UTF-8", "Cache-Control": "no-store"}
JSON_TYPE = b"application/json"
# what a request that finds no place is told (_poll): come back in a second (the page does so by itself)
BUSY = b'{"error": "The device is busy with the other phones: try again in a second.", "retry_after": 1}'
BUSY_PAGE = (b'<!DOCTYPE html><meta http-equiv="refresh" content="1"><meta name="viewport" '
             b'content="width=device-width"><p>The device is busy with the other phones: this page asks '
             b'again in a second.')


def _quiet(exc):
    pass


# A request microdot cannot read (a broken request line, a header without a
# colon, a line too long) is answered 400; microdot would print each to the
# console: a stranger's junk must not fill it (nor block on it).
_md.print_exception = _quiet  # type: ignore[attr-defined]  # (its stub leaves it out)


def _here():
    f = globals().get("__file__", "")
    return f[: f.rfind("/")] if "/" in f else "web"


def _json(obj, status=200):
    return Response(json.dumps(obj), status, JSON)


def _error(text, status=400):
    return _json({"error": text}, status)


def _body(req):
    """The request's JSON object, or None."""
    return _loads(req.body)


def _loads(body):
    try:
        b = json.loads(body.decode())
    except (ValueError, UnicodeError):
        return None
    return b if type(b) is dict else None


class Server(Microdot):
    """microdot with every connection bounded: in number and in time."""

    net: Net

    async def handle_request(self, reader, writer):
        net = self.net
        r = Bounded(reader)
        over = False  # no place of its own: answered at once, and told to come back if it must wait
        if net.conns >= MAX_CONN:  # every one taken: a newcomer that says nothing at once is no phone
            try:
                said: bytes = await asyncio.wait_for(r.first(), 1)
            except Exception:  # (its time up: cancelled)
                said = b""
            if not said:  # (or it closed)
                await _close(writer)
                return
            # the oldest idle connection closes and this one has its place; a poll of the state is
            # answered at once, with the state as it is (it needs no place: it is not held); anything
            # else waits a moment for the oldest poll to answer and free its socket (or for a
            # connection to be idle long enough), and if none has, is answered 503: come back in a
            # second (issue 37, 5: it was closed unanswered, and the phone saw no answer)
            if not net.shed():
                over = True
                if said[:11] not in (b"GET /state ", b"GET /state?"):
                    net.wake_one()
                    for _ in range(20):
                        await asyncio.sleep(0.05)
                        if net.conns < MAX_CONN or net.shed():
                            over = False
                            break
        net.conns += 1
        me = [ticks_ms(), asyncio.current_task(), r]  # Net.expire() cancels it in time
        net.live.append(me)
        try:
            line = await r.first()
            if over or line.startswith(b"GET /state?v=%d " % net.v):
                await _poll(net, r, writer, line if over else None)
            elif line.startswith(b"POST /score "):
                await _score(net, r, writer)
            else:  # read as a stream: microdot asks for no more of it
                await super().handle_request(r, writer)  # type: ignore[arg-type]
        except (Exception, asyncio.CancelledError):  # its time up, a phone gone: closed, nothing else changes
            await _close(writer)
        finally:
            net.conns -= 1
            net.live.remove(me)


async def _poll(net, r, writer, over=None):
    """A phone's long poll of the state it has (GET /state?v=<the version>):
    held until the state changes, then answered with it, here and not by
    microdot. Every phone's poll is held, and all of them answer at once
    when the state changes: without microdot's request, response and frames
    each costs about 1.5 KB less (on the 32-bit port, the heap's peak with
    4 phones some 4 KB lower). The answer is the /state route's.
    over: the request line of one that found no place (handle_request),
    answered at once: a state asked for as it is; anything else 503, come
    back in a second (Retry-After; a GET gets a page that asks again by
    itself: the page itself, an export's link)."""
    n = await _length(r)
    if over is None:
        await net.held()
    elif over[:11] not in (b"GET /state ", b"GET /state?"):
        await r.readexactly(n)  # (its body; past LENGTH_MAX a ValueError: closed)
        get = over[:4] == b"GET "
        await _answer(writer, b"503 Service Unavailable", b"text/html" if get else JSON_TYPE,
                      BUSY_PAGE if get else BUSY, b"Retry-After: 1\r\n")
        return
    await _answer(writer, b"200 OK", JSON_TYPE, net.state())


async def _length(r):
    """The request read to its body (a socket closed unread resets: no
    answer seen): its Content-Length, -1 if that is no number."""
    n = 0
    while True:
        line = await r.readline()
        if len(line) <= 2:
            return n
        if line[:15].lower() == b"content-length:":
            try:
                n = int(line[15:].strip())
            except ValueError:
                n = -1


async def _score(net, r, writer):
    """POST /score, answered here and not by microdot: each phone scores
    its grid as its player taps it, all of them at once at a table, and
    each costs some 1.5 KB less this way (as _poll; the peak with 4 phones
    on the 32-bit port, docs/MEMORY.md). The answer is the /score route's,
    which serves what this does not take (a query string)."""
    n = await _length(r)
    if n < 0:
        obj, status = {"error": "The request is malformed."}, 400
    elif n > LENGTH_MAX:
        obj, status = {"error": "The request is too big."}, 413
    else:
        obj, status = _scored(net.game(), _loads(await r.readexactly(n)))
    await _answer(writer, b"200 OK" if status == 200 else b"409 Conflict" if status == 409 else
                  b"413 Payload Too Large" if status == 413 else b"400 Bad Request", JSON_TYPE,
                  json.dumps(obj).encode())


async def _answer(writer, status, kind, text, more=b""):
    """An answer written here, not by microdot: a poll's, a 503."""
    writer.write(b"HTTP/1.0 %s\r\nContent-Type: %s; charset=UTF-8\r\nCache-Control: no-store\r\n%s"
                 b"Content-Length: %d\r\n\r\n" % (status, kind, more, len(text)))
    writer.write(text)
    await writer.drain()
    await _close(writer)


async def _close(writer):
    try:
        writer.close()
        await writer.wait_closed()
    except Exception:
        pass


app = Server()  # its routes, below; make() gives it the Net
app.options_handler = None  # type: ignore[assignment]  # OPTIONS: 405 on a route, 404 elsewhere (microdot answers 200 anywhere)


def make(net):
    """The web app, for net."""
    app.net = net
    return app


@app.get("/")
async def index(req):
    here = _here() + "/"
    # beside this module (make deploy, the simulator), or at the flash's root when the code is
    # frozen into the image (a web/ folder on the flash would hide the frozen package)
    for name, headers in ((here + "page.html.gz", {"Content-Encoding": "gzip"}), (here + "page.html", {}),
                          ("page.html.gz", {"Content-Encoding": "gzip"})):
        try:
            f = open(name, "rb")
        except OSError:
            continue
        headers["Content-Type"] = "text/html; charset=UTF-8"
        if req.method == "HEAD":  # the headers alone: the file closed now, not at some collection
            f.close()
            headers["Content-Length"] = str(os.stat(name)[6])
            return Response(b"", 200, headers)
        return Response(f, 200, headers)
    return _error("The page is missing from the device: deploy again (make deploy).", 500)


@app.get("/state")
async def state(req):  # (a poll of the version it has: _poll())
    return Response(req.app.net.state(), 200, JSON)


@app.post("/score")
async def score(req):  # (most come to _score())
    return _json(*_scored(req.app.net.game(), _body(req)))


def _scored(game, body):
    """POST /score's answer to body (a JSON object or None) in the game:
    (the object, its status)."""
    if body is None:
        return {"error": "The request is not a JSON object."}, 400
    if game is None:
        return {"error": "No game in progress."}, 409
    r = game.rules
    cards = body.get("cards")
    if type(cards) is not list:
        return {"error": "The cards must be a list."}, 400
    if not r.hand and len(cards) != r.rows * r.cols:
        return {"error": "A grid has %d cards, not %d." % (r.rows * r.cols, len(cards))}, 400
    if None in cards:
        return {"total": None, "state": [0] * len(cards), "extras": []}, 200
    try:
        got = r.read(cards if r.hand else r.grid_of(cards), game.opts)
        b = r.score(got, game.opts)
    except ScoreError as e:
        return {"error": e.text()}, 400
    return {"total": b.total(), "state": b.state, "extras": b.extras}, 200


@app.post("/grid")
async def grid(req):
    net = req.app.net
    body = _body(req)
    if body is None:
        return _error("The request is not a JSON object.")
    g = net.game()
    if g is None:
        return _error("No game in progress.", 409)
    refused = net.pin_ok(req.client_addr, body.get("pin"))
    if refused is not None:
        return _json(*refused)
    e = net.entering(g)
    if e is None:
        return _error("The game is over: no hole to enter.", 409)
    if body.get("hole") != e[0]:
        return _error("The device is on %s, not %s." % (e[0], show(body.get("hole"))), 409)
    seat = body.get("player")
    if type(seat) is not int or seat not in e[1]:
        return _error("No such player in %s: %s." % (e[0], show(seat)))
    if net.on_device(e[0], seat):
        return _error("%s's cards for %s are being entered on the device: change them there."
                      % (g.names[seat], e[0]), 409)
    try:
        entry = net.entry(g, body)
        net.check(g, seat, entry)
    except ScoreError as err:
        return _error(err.text())
    net.sent[seat] = entry
    net.sends += 1
    net.refresh()  # a new version now: a /state right after this answer shows it
    what = "total" if type(entry) is int else "hand" if g.rules.hand else "grid"
    said = "%s's %s for %s is on the device: it counts once the hole is accepted there." % (
        g.names[seat], what, e[0])
    return _json({"ok": True, "message": said})


@app.get("/game.json")
async def game_json(req):
    g = req.app.net.game()
    if g is None:
        return _error("No game in progress.", 404)
    return Response(_doc(g), 200, {"Content-Type": "application/json; charset=UTF-8",
                                   "Content-Disposition": "attachment; filename=game.json"})


@app.get("/history.csv")
async def history(req):
    from storage.export import history_lines

    a = req.app.net.app()
    h = a.state.get("history", []) if a is not None else []
    return Response(_lines(history_lines(h)), 200, {
        "Content-Type": "text/csv; charset=UTF-8",
        "Content-Disposition": "attachment; filename=history.csv"})


@app.errorhandler(404)
async def not_found(req):
    return _error("Not found.", 404)


@app.errorhandler(405)
async def not_allowed(req):
    allow = []  # the methods the path takes (RFC 9110: a 405 says them; issue 37, 5)
    for route in req.app.url_map:
        if route[1].match(req.path) is not None:
            allow += route[0]
    if "GET" in allow:
        allow.append("HEAD")
    res = _error("Not allowed here.", 405)
    res.headers["Allow"] = ", ".join(allow)
    return res


@app.errorhandler(413)
async def too_big(req):
    return _error("The request is too big.", 413)


@app.errorhandler(400)
async def bad(req):
    return _error("The request is malformed.", 400)


@app.errorhandler(Exception)
async def failed(req, exc):
    from storage.savefile import log_error

    log_error("web: %s %s" % (type(exc).__name__, exc))
    return _error("The device could not answer that (%s)." % type(exc).__name__, 500)


def _doc(game):
    """The game's document a piece at a time (the whole of it is never in
    memory): what tools/score.py reads, as the device saves it."""
    head = game.doc_head()
    sep = "{"
    for k in head:
        yield sep + json.dumps(k) + ":" + json.dumps(head[k])
        sep = ","
    for k, holes in game.doc_holes():
        yield "," + json.dumps(k) + ":["
        for i in range(len(holes)):
            yield ("," if i else "") + json.dumps(game.hole_doc(holes[i]))
        yield "]"
    yield "}\n"


def _lines(lines):
    for line in lines:
        yield line + "\r\n"
