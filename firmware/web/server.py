# The device's web side while Wi-Fi is on (issue 17): the one page every
# phone at the table opens, the scoreboard's state it polls, each player's
# grid sent from their phone, and the game's export. Served by microdot on
# asyncio; the device's own loop runs as a task beside it (run()), so its
# keys work the same. Loaded only while Wi-Fi is on: guard.py drops this
# module, microdot and asyncio's tasks when it is turned off.
#
# The device stays the authority. A phone's grid goes through the engine's
# checks and waits in the hole's inbox (Net.sent); it becomes the player's
# entry only when the person at the device goes through the hole and
# accepts it (ui/entry.py). A resend replaces it; a hole once entered takes
# no more. The API, and what a phone can and cannot do: docs/PHONES.md.
import asyncio
import gc
import json
import os

from compat import ticks_add, ticks_diff, ticks_ms
from engine.errors import ScoreError, show
from microdot import Microdot, Request, Response
from microdot import microdot as _md

POLL_MS = 15000  # a long poll waits this long for a change ...
REQUEST_MS = 20000  # ... and a connection is closed after this long, whatever it does
# Connections at once: MicroPython's ESP32 build has ESP-IDF's 10 sockets in
# all (CONFIG_LWIP_MAX_SOCKETS), one of them listening. A page holds one open
# (its poll); one more waits for a moment while the polls held open answer
# and free theirs, and is closed if none does.
MAX_CONN = 8
TRIES = 3  # wrong PINs from one phone before each next try waits ...
WAIT_S = 5  # ... this long, doubled at each wrong one up to MAX_WAIT_S
MAX_WAIT_S = 120
MISSES = 10  # wrong PINs from all phones together (since a right one) before each next try waits WAIT_S
# a grid's JSON is some 100 bytes: nothing asks for more
Request.max_content_length = Request.max_body_length = 1024  # (LENGTH_MAX)
Request.max_readline = 512
JSON = {"Content-Type": "application/json; charset=UTF-8", "Cache-Control": "no-store"}
LENGTH_MAX = 1024  # a body longer (or a length below 0) is not read


def _quiet(exc):
    pass


# A request microdot cannot read (a broken request line, a header without a
# colon, a line too long) is answered 400; microdot would print each to the
# console: a stranger's junk must not fill it (nor block on it).
_md.print_exception = _quiet  # type: ignore[attr-defined]  # (its stub leaves it out)


LINE_MAX = 512  # bytes a line of the request (its first line, a header) may take ...
LINES_MAX = 32  # ... and lines it may have


class _Bounded:
    """A connection's reader that holds no more than a line's bytes (the
    stream's readline, and microdot's check after it, would hold a line of
    any length first), reads no more lines than a request has, and no body
    of a length out of bounds (microdot reads what Content-Length says).
    Of the headers it passes on only the one this server reads, the body's
    length: a phone's browser sends some 500 bytes of others, which microdot
    would keep with the request for as long as it is held (a long poll)."""

    def __init__(self, r):
        self.r = r
        self.buf = b""
        self.lines = 0

    async def _more(self, n):
        got = await self.r.read(n)
        if not got:
            raise EOFError()
        self.buf += got

    async def readline(self):
        while True:
            line = await self._line()
            # the request line, the end of the headers (an empty line, or none: the end), the length,
            # and a line that is no header (microdot answers it 400)
            if self.lines == 1 or b":" not in line or line[:15].lower() == b"content-length:":
                return line

    async def _line(self):
        self.lines += 1
        if self.lines > LINES_MAX:
            raise ValueError("too many lines")
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                line, self.buf = self.buf[: i + 1], self.buf[i + 1 :]
                return line
            if len(self.buf) > LINE_MAX:
                raise ValueError("a line too long")
            try:
                await self._more(128)
            except EOFError:
                line, self.buf = self.buf, b""
                return line

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
        return out


def _here():
    f = globals().get("__file__", "")
    return f[: f.rfind("/")] if "/" in f else "web"


def new_pin():
    """Four digits from the chip's random numbers."""
    b = os.urandom(2)
    return "%04d" % ((b[0] << 8 | b[1]) % 10000)


def _json(obj, status=200):
    return Response(json.dumps(obj), status, JSON)


def _error(text, status=400):
    return _json({"error": text}, status)


class Net:
    """What the web side knows between requests: the inbox of phones'
    grids, the PIN, the state's version, the wrong PINs per phone."""

    def __init__(self, runner, wifi):
        self.runner = runner
        self.wifi = wifi  # web/wifi.py's: the address, and what the screen shows
        self.pin = new_pin()
        self.pin_for = None  # the game the PIN is for: (id, names, first dealer)
        self.sent: dict = {}  # seat -> the entry a phone sent for the hole self.sent_for
        self.sent_for = None  # (game, label)
        self.sends = 0  # grids taken, ever: part of the version
        self.v = 0  # the state's version: it changes whenever the page's state does
        self.key = None
        self.cache = None  # (v, the state's JSON)
        self.conns = 0
        self.wrong: dict = {}  # phone's address -> [wrong PINs in a row, ms when it may try again]
        self.misses = 0  # wrong PINs from all phones since the last right one
        self.all_wait = None  # ms when any phone may try again (after MISSES of them)
        self.polls: list = []  # the polls held open, oldest first: [their Event, ms when it answers anyway]
        self.live: list = []  # the connections open: [ms when it is closed, its task]
        self.retry = False  # Settings > Wi-Fi chose the mode it is in, after it failed: start it again

    def app(self):
        return self.runner.app

    def game(self):
        a = self.runner.app
        return a.game if a is not None else None

    # --- what the page shows -------------------------------------------------------
    def entering(self, g):
        """(label, players, dealer) of the hole to enter next, or None."""
        if not g.complete():
            n = len(g.holes)
            return "Hole %d" % (n + 1), list(range(len(g.names))), g.dealer(n)
        players = g.playoff_players()
        if players:
            return "Playoff %d" % (len(g.playoff) + 1), players, None
        return None

    def refresh(self):
        """After each turn of the device's loop: a new version if anything
        shown changed (a save, a game opened or closed, a phone's grid)."""
        a = self.runner.app
        if a is None:
            return  # the error screen: the app restarts into the game, what the phones sent is kept
        g = a.game
        sig = None if g is None else (g.id, tuple(g.names), g.first_dealer)
        if sig != self.pin_for:  # a new game (a rematch too: between them there is none): a new PIN
            self.pin_for = sig
            if sig is not None:
                self.pin = new_pin()
        e = self.entering(g) if g is not None else None
        # the hole, and who plays it (an edit may change a playoff's players under the same label)
        hole = None if e is None else (sig, e[0], tuple(e[1]))
        if hole != self.sent_for:  # the hole was entered (or the game changed): its inbox is done
            self.sent_for = hole
            self.sent = {}
        w = self.wifi
        key = (a.state["seq"], sig, hole, self.sends, self.pin, w.ip, w.error)
        if key != self.key:
            a.stack[-1].dirty = True  # who has sent, the address: the device's screen shows it
            self.key = key
            self.v += 1
            self.cache = None
            polls, self.polls = self.polls, []
            for p in polls:
                p[0].set()

    async def held(self):
        """A long poll: wait until the state changes (refresh()), its time is
        up (expire()), or its connection is wanted (wake_one())."""
        ev = asyncio.Event()
        p = [ev, ticks_add(ticks_ms(), POLL_MS)]
        self.polls.append(p)
        try:
            await ev.wait()
        finally:
            for i in range(len(self.polls)):
                if self.polls[i] is p:
                    self.polls.pop(i)
                    break

    def wake_one(self):
        """Answer the oldest poll held open (with the state as it is): its
        connection is free for a newcomer."""
        if self.polls:
            self.polls.pop(0)[0].set()

    def expire(self):
        """At each turn of the loop: a long poll held POLL_MS answers with
        the state as it is, and a connection open REQUEST_MS is closed (its
        task cancelled). One clock for all of them: asyncio's wait_for would
        hold two more tasks for each connection."""
        now = ticks_ms()
        for p in self.polls:
            if ticks_diff(now, p[1]) >= 0:
                p[0].set()
        for c in self.live:
            if ticks_diff(now, c[0]) >= 0:
                c[0] = ticks_add(now, REQUEST_MS)  # (not again at once, while it closes)
                c[1].cancel()

    def state(self):
        """The page's state as JSON (bytes: docs/PHONES.md), made once per version."""
        if self.cache is not None and self.cache[0] == self.v:
            return self.cache[1]
        a = self.runner.app
        g = a.game if a is not None else None
        out: dict = {"v": self.v, "board": a.hw.board if a is not None else "", "game": None}
        if g is not None:
            from engine.game import TOTAL_HIGH, TOTAL_LOW  # (loaded with the game: not at the main menu)
            from ui.labels import title

            r = g.rules
            e = self.entering(g)
            out["game"] = {
                "id": g.id, "title": title(g.id), "players": g.names, "holes": g.opts["holes"],
                "scores": [h.scores for h in g.holes],
                "playoff": [{"players": h.players, "scores": h.scores} for h in g.playoff],
                "totals": g.totals(), "standings": g.standings(),
                "over": e is None, "winner": g.winner(), "tied": g.tied(),
                "entering": None if e is None else {
                    "label": e[0], "hole": int(e[0].split()[1]), "playoff": e[0][0] == "P",
                    "players": e[1], "dealer": e[2], "sent": sorted(self.sent)},
                "rules": {"rows": 0 if r.hand else r.rows, "cols": 0 if r.hand else r.cols, "hand": r.hand,
                          "cards": r.tokens, "dots": r.dots,
                          "total_low": TOTAL_LOW, "total_high": TOTAL_HIGH},
            }
        text = json.dumps(out).encode()  # (bytes: each answer sends it as it is, no copy)
        self.cache = (self.v, text)
        return text

    # --- a phone's entry ---------------------------------------------------------------
    def entry(self, g, body):
        """The entry a request holds, checked as the device checks one:
        a total, a hand's list, or a grid (flat, in row order, or rows)."""
        from engine.game import TOTAL_HIGH, TOTAL_LOW

        r = g.rules
        if "total" in body:
            t = body["total"]
            if type(t) is not int or not TOTAL_LOW <= t <= TOTAL_HIGH:
                raise ScoreError("a total must be a whole number from %d to %d, not %s"
                                 % (TOTAL_LOW, TOTAL_HIGH, show(t)))
            return t
        cards = body.get("cards")
        if type(cards) is not list:
            raise ScoreError("the cards must be a list, not %s" % show(cards))
        if not r.hand:
            if len(cards) == r.rows * r.cols and all(type(c) is not list for c in cards):
                cards = r.grid_of(cards)
        got = r.read(cards, g.opts)  # raises with the device's message; the cards as the device names them
        return got if r.hand else r.grid_of(got)

    def check(self, g, seat, e):
        """The deck: this entry alone, then with the ones the other phones
        sent (a grid that overflows it only with theirs is refused saying so)."""
        r = g.rules
        flat = [] if type(e) is int else [r.read(e, g.opts)]
        g.check_deck(flat)
        others = [s for s in self.sent if s != seat and type(self.sent[s]) is not int]
        for s in others:
            flat.append(r.read(self.sent[s], g.opts))
        try:
            g.check_deck(flat)
        except ScoreError as err:
            names = ", ".join(g.names[s] for s in sorted(others))
            raise ScoreError("%s, with what %s sent" % (err.msg, names))

    # --- at the device (ui/entry.py) -------------------------------------------------
    def open(self, d, k):
        """Hole draft d comes to player k: their entry as their phone sent it
        for this hole, if it did and nothing is entered for them there yet.
        A total opens as a number OK takes (True: opened here); a grid or a
        hand is left to its screen, complete (ui/entry.py's phone_grid)."""
        if d.entries[k] is None and type(d.target) is not int and self.sent_for is not None \
                and self.sent_for[1] == d.label:
            e = self.sent.get(d.players[k])
            if e is not None:
                d.entries[k] = e if type(e) is int else list(e) if d.rules.hand else [list(r) for r in e]
                d.phone.append(k)
        if k not in d.phone or type(d.entries[k]) is not int:
            return False
        from ui.widgets import Number
        from engine.game import TOTAL_HIGH, TOTAL_LOW

        def done(n):
            d.entries[k] = n
            d.app.pop()
            d.done(k)

        title = ("%s total (phone)" % d.name(k), "%s total" % d.name(k))  # the long one where it fits
        d.app.push(Number(d.app, title, TOTAL_LOW, TOTAL_HIGH, d.entries[k], done))
        return True

    def on_device(self, label, seat):
        """Whether the device has the seat's entry for the hole labelled
        label already, or has it open now: a phone's would not reach it
        (ui/entry.py takes a phone's entry when the player's turn comes)."""
        a = self.runner.app
        for s in a.stack if a is not None else ():
            d = getattr(s, "d", None)
            if d is None or type(d.target) is int or d.label != label or seat not in d.players:
                continue
            k = d.players.index(seat)
            if d.entries[k] is not None or getattr(s, "k", None) == k:
                return True
        return False

    def pin_ok(self, req, pin):
        """None if the PIN is right; else the response refusing it."""
        who = _address(req.client_addr)
        now = ticks_ms()
        w = self.wrong.get(who)
        until = w[1] if w is not None and w[0] >= TRIES else None
        if self.all_wait is not None and (until is None or ticks_diff(self.all_wait, until) > 0):
            until = self.all_wait  # too many from all the phones together: every one waits
        if until is not None and ticks_diff(until, now) > 0:
            wait = ticks_diff(until, now) // 1000 + 1
            said = "Too many wrong PINs: try again in %d s." % wait
            return _json({"error": said, "retry_after": wait}, 429)
        if pin == self.pin:
            self.wrong.pop(who, None)
            self.misses = 0
            self.all_wait = None
            return None
        if w is None:
            if len(self.wrong) >= 16:  # phones come and go: keep the table small, but never let one
                for k in [k for k, v in self.wrong.items() if v[0] < TRIES]:  # that must wait go
                    del self.wrong[k]
            w = self.wrong[who] = [0, now]
        w[0] += 1
        if w[0] >= TRIES:
            w[1] = ticks_add(now, 1000 * min(MAX_WAIT_S, WAIT_S << (w[0] - TRIES)))
        self.misses += 1
        if self.misses >= MISSES:  # from many addresses: each next try, by anyone, waits
            self.all_wait = ticks_add(now, 1000 * WAIT_S)
        return _error("Wrong PIN: the PIN is on the device (Phones).", 403)


def _address(addr):
    """A phone's IP address from microdot's client_addr: a tuple on the
    ESP32, a raw sockaddr on the unix port (its bytes 4 to 8: IPv4)."""
    if type(addr) is tuple:
        return addr[0]
    return bytes(addr[4:8]) if addr else b""


def _body(req):
    """The request's JSON object, or None."""
    try:
        b = json.loads(req.body.decode())
    except (ValueError, UnicodeError):
        return None
    return b if type(b) is dict else None


class Server(Microdot):
    """microdot with every connection bounded: in number and in time."""

    net: Net

    async def handle_request(self, reader, writer):
        net = self.net
        if net.conns >= MAX_CONN:
            net.wake_one()  # the oldest poll held open answers now, and its socket is free
            for _ in range(20):
                await asyncio.sleep(0.05)
                if net.conns < MAX_CONN:
                    break
            else:
                await _close(writer)
                return
        net.conns += 1
        me = [ticks_add(ticks_ms(), REQUEST_MS), asyncio.current_task()]  # Net.expire() cancels it in time
        net.live.append(me)
        try:
            r = _Bounded(reader)
            if (await r.first()).startswith(b"GET /state?v=%d " % net.v):
                await _poll(net, r, writer)
            else:  # read as a stream: microdot asks for no more of it
                await super().handle_request(r, writer)  # type: ignore[arg-type]
        except (Exception, asyncio.CancelledError):  # its time up, a phone gone: closed, nothing else changes
            await _close(writer)
        finally:
            net.conns -= 1
            net.live.remove(me)


async def _poll(net, r, writer):
    """A phone's long poll of the state it has (GET /state?v=<the version>):
    held until the state changes, then answered with it, here and not by
    microdot. Every phone's poll is held, and all of them answer at once
    when the state changes: without microdot's request, response and frames
    each costs about 1.5 KB less (on the 32-bit port, the heap's peak with
    4 phones some 4 KB lower). The answer is the /state route's."""
    while len(await r.readline()) > 2:  # the request read to its end (a socket closed unread resets)
        pass
    await net.held()
    text = net.state()
    writer.write(b"HTTP/1.0 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\n"
                 b"Cache-Control: no-store\r\nContent-Length: %d\r\n\r\n" % len(text))  # (JSON's)
    writer.write(text)
    await writer.drain()
    await _close(writer)


async def _close(writer):
    try:
        writer.close()
        await writer.wait_closed()
    except Exception:
        pass


def make(net):
    """The web app for net."""
    web = Server()
    web.net = net

    @web.get("/")
    async def page(req):
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
            return Response(f, 200, headers)
        return _error("The page is missing from the device: deploy again (make deploy).", 500)

    @web.get("/state")
    async def state(req):  # (a poll of the version it has: _poll())
        return Response(net.state(), 200, JSON)

    @web.post("/score")
    async def score(req):
        g = net.game()
        body = _body(req)
        if body is None:
            return _error("The request is not a JSON object.")
        if g is None:
            return _error("No game in progress.", 409)
        r = g.rules
        cards = body.get("cards")
        if type(cards) is not list:
            return _error("The cards must be a list.")
        if not r.hand and len(cards) != r.rows * r.cols:
            return _error("A grid has %d cards, not %d." % (r.rows * r.cols, len(cards)))
        if None in cards:
            return _json({"total": None, "state": [0] * len(cards), "extras": []})
        try:
            got = r.read(cards if r.hand else r.grid_of(cards), g.opts)
            b = r.score(got, g.opts)
        except ScoreError as e:
            return _error(e.text())
        return _json({"total": b.total(), "state": b.state, "extras": b.extras})

    @web.post("/grid")
    async def grid(req):
        body = _body(req)
        if body is None:
            return _error("The request is not a JSON object.")
        g = net.game()
        if g is None:
            return _error("No game in progress.", 409)
        refused = net.pin_ok(req, body.get("pin"))
        if refused is not None:
            return refused
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

    @web.get("/game.json")
    async def game_json(req):
        g = net.game()
        if g is None:
            return _error("No game in progress.", 404)
        return Response(_doc(g), 200, {"Content-Type": "application/json; charset=UTF-8",
                                       "Content-Disposition": "attachment; filename=game.json"})

    @web.get("/history.csv")
    async def history(req):
        from storage.export import history_lines

        a = net.app()
        h = a.state.get("history", []) if a is not None else []
        return Response(_lines(history_lines(h)), 200, {
            "Content-Type": "text/csv; charset=UTF-8",
            "Content-Disposition": "attachment; filename=history.csv"})

    @web.errorhandler(404)
    async def not_found(req):
        return _error("Not found.", 404)

    @web.errorhandler(405)
    async def not_allowed(req):
        return _error("Not allowed here.", 405)

    @web.errorhandler(413)
    async def too_big(req):
        return _error("The request is too big.", 413)

    @web.errorhandler(400)
    async def bad(req):
        return _error("The request is malformed.", 400)

    @web.errorhandler(Exception)
    async def failed(req, exc):
        from storage.savefile import log_error

        log_error("web: %s %s" % (type(exc).__name__, exc))
        return _error("The device could not answer that (%s)." % type(exc).__name__, 500)

    return web


def _doc(g):
    """The game's document a piece at a time (the whole of it is never in
    memory): what tools/score.py reads, as the device saves it."""
    head = g.doc_head()
    sep = "{"
    for k in head:
        yield sep + json.dumps(k) + ":" + json.dumps(head[k])
        sep = ","
    for k, holes in g.doc_holes():
        yield "," + json.dumps(k) + ":["
        for i in range(len(holes)):
            yield ("," if i else "") + json.dumps(g.hole_doc(holes[i]))
        yield "]"
    yield "}\n"


def _lines(lines):
    for line in lines:
        yield line + "\r\n"


async def page(web, wifi, port):
    """Serve until shut down; if it cannot (the port taken, no sockets
    left), the Phones screen says why."""
    try:
        await web.start_server(host=wifi.host, port=port)
    except Exception as e:
        wifi.error = "The page could not be served (%s)." % (str(e) or type(e).__name__)


def run(runner, wanted, step, poll_ms=5, port=80):
    """Serve while wanted() is true, calling step() every poll_ms: the
    device's loop (guard.py), the simulator's. Wi-Fi comes up first (web/wifi.py)
    and goes down at the end; what the server held is freed."""
    from web.wifi import Wifi, mode

    async def main():
        a = runner.app
        wifi = Wifi(a.state["settings"] if a is not None else {})
        net = Net(runner, wifi)
        web = make(net)
        server = None
        try:
            up = asyncio.create_task(wifi.up())
            # until Wi-Fi is turned off, or to the other mode, or tried again (guard.py starts it again)
            while wanted() and not net.retry and (
                    runner.app is None or mode(runner.app.state["settings"]) == wifi.mode):
                a = runner.app
                if a is not None:
                    a.net = net
                    if wifi.new_key:  # the own network's password, made now: kept from the start
                        wifi.new_key = False
                        a.save()
                if server is None and wifi.ip:
                    server = asyncio.create_task(page(web, wifi, port))
                    wifi.port = port
                step()
                net.expire()
                net.refresh()
                await asyncio.sleep(poll_ms / 1000)
            up.cancel()
        finally:
            if server is not None and getattr(web, "server", None) is not None:
                web.shutdown()
                try:
                    await asyncio.wait_for(server, 1)
                except Exception:
                    pass
            wifi.down()
            a = runner.app
            if a is not None:
                a.net = None

    asyncio.run(main())
    if hasattr(asyncio, "sleep_ms"):  # MicroPython: the tasks left (polls held open) go with a new loop
        asyncio.new_event_loop()
    gc.collect()
