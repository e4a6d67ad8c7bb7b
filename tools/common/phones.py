"""Phones at the table for the Wi-Fi heap runs (heap.py's wifi_run, issue 17), moved by the run's
own clock (common/vclock.py, issue 55): the device stops every STEP_MS, and only then do the phones
act, so a run is the same every time. A phone is as the page is (firmware/web/page.html): a long
poll of /state held open, and beside it every GAP_MS the page now and then and a grid scored (POST
/score); a phone with the wrong PIN also sends grids (POST /grid), which must be refused (403, then
429). Some requests go in two parts a turn apart, a slow phone holds one a while after its connect;
a request is asked again after a 503's Retry-After or a cut (as the page does), ASKS times at most."""
import json
import random
import socket

STEP_MS = 5  # a turn of the device's loop (heapgame.py's STEP_MS): the phones act between turns
GAP_MS = 150  # between a phone's requests, beside its long poll
POLL_WAIT_MS = 20000  # a phone waits this long for a long poll's answer (longer than web/state.py's POLL_MS)
WAIT_MS = 5000  # and for any other
AGAIN_MS = 1000  # after a cut, before asking again; and after an unchanged poll (the page's breath)
ASKS = 5  # times a request is asked before it counts as failed
CONNECTS = 4  # new connections a turn at most: the device's listen backlog is 5 (asyncio's start_server)
SPLIT = 0.3  # the share of requests sent in two parts, a turn apart
WRONG_PIN = "00000"  # never the device's (six digits)

# what a phone's browser sends with each request (the device keeps none of it: web/server.py)
BROWSER = (("User-Agent", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/131.0.0.0 Mobile Safari/537.36"),
           ("Accept", "*/*"), ("Accept-Language", "en-GB,en-US;q=0.9,en;q=0.8"),
           ("Referer", "http://192.168.4.1/"), ("Accept-Encoding", "gzip, deflate"))


def free_port():
    """A port on 127.0.0.1 that nothing listens on now (the server, simulated or not, is put there)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def request_bytes(port, method, path, body=None, headers=()):
    """A request's bytes, as a phone's browser or http.client sends them (here and simulator/websim.py):
    body None, bytes, text, or an object sent as JSON; headers, (name, value) pairs, after Host."""
    headers = list(headers.items() if isinstance(headers, dict) else headers)
    if body is not None and not isinstance(body, (bytes, str)):
        body = json.dumps(body)
        headers.append(("Content-Type", "application/json"))
    data = body.encode() if isinstance(body, str) else body
    head = ["%s %s HTTP/1.1" % (method, path), "Host: 127.0.0.1:%d" % port]
    head += ["%s: %s" % h for h in headers]
    if data is not None:
        head.append("Content-Length: %d" % len(data))
    return ("\r\n".join(head) + "\r\n\r\n").encode() + (data or b"")


def response(raw, eof=False):
    """(status, {header: value}, body) once raw holds a whole response (by its Content-Length, else at
    the connection's end: eof), else None; ("bad status line", raw[:80], b"") for a bad status line."""
    end = raw.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = raw[:end].decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        return ("bad status line", raw[:80], b"")
    heads = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])}
    body = raw[end + 4:]
    n = heads.get("content-length")
    if n is None:
        return (status, heads, body) if eof else None
    return (status, heads, body[:int(n)]) if len(body) >= int(n) else None


class Ask:
    """One request asked until answered (ASKS times at most)."""

    def __init__(self, lane, method, path, body, wait_ms):
        self.lane, self.method, self.path, self.body, self.wait_ms = lane, method, path, body, wait_ms
        self.key = path.split("?")[0]
        self.tries = 0
        self.sock = None
        self.due = 0  # when to (re)connect

    def start(self, t, now):
        """Connect and send the first part (or hold it: a slow phone)."""
        ph = self.lane.phone
        self.tries += 1
        s = socket.socket()
        s.settimeout(2)
        try:
            s.connect(("127.0.0.1", ph.table.port))
        except OSError as e:
            s.close()
            return self.cut(t, now, type(e).__name__)
        s.setblocking(False)
        self.sock, self.raw = s, b""
        data = request_bytes(ph.table.port, self.method, self.path, self.body, BROWSER)
        k = ph.rng.randint(1, len(data) - 1) if ph.rng.random() < SPLIT else len(data)
        self.parts = [data[:k], data[k:]] if k < len(data) else [data]  # what is still to send, a part a turn
        hold = ph.rng.random() < ph.slow  # a slow phone: the request HOLD_MS after its connect
        self.send_at = now + (HOLD_MS if hold else 0)
        self.deadline = now + self.wait_ms
        return self.turn(t, now)

    def turn(self, t, now):
        """This turn's part of the request sent, and the answer (status, body), or None while under way."""
        s = self.sock
        if self.parts and now >= self.send_at:
            try:
                s.send(self.parts.pop(0))
            except OSError as e:
                return self.cut(t, now, type(e).__name__)
        while True:
            try:
                k = s.recv(65536)
            except BlockingIOError:
                break
            except OSError as e:
                return self.cut(t, now, type(e).__name__)
            if not k:
                got = response(self.raw, eof=True)
                return self.done(t, got) if got else self.cut(t, now, "cut")
            self.raw += k
        got = response(self.raw)
        if got:
            return self.done(t, got)
        if now >= self.deadline:
            return self.cut(t, now, "no answer in %d s" % (self.wait_ms // 1000))
        return None

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def done(self, t, got):
        self.close()
        status, _, data = got
        if status == 503 and self.tries < ASKS:  # asked again after its Retry-After
            t.count(self.key, status, again=True)
            try:
                wait = int(json.loads(data)["retry_after"])
            except (ValueError, KeyError, TypeError):
                wait = 1
            self.due = t.now + 1000 * wait
            return None
        t.count(self.key, status)
        return status, data

    def cut(self, t, now, why):
        """Cut (or never answered): asked again after a breath, as the page does."""
        self.close()
        t.notes.append("%s %s: %s at %.2f s of the phones" % (self.method, self.path, why,
                                                               (now - t.start) / 1000))
        if self.tries < ASKS:
            t.count(self.key, why, again=True)
            self.due = now + AGAIN_MS
            return None
        t.count(self.key, why)
        return (why, None)


HOLD_MS = 700  # a slow phone's request this long after its connect


class Lane:
    """A phone's string of requests, one at a time: its poll, or its acts."""

    def __init__(self, phone):
        self.phone = phone
        self.ask = None  # the request under way
        self.next = 0  # when the next one is due

    def turn(self, t, now):
        a = self.ask
        if a is None:
            if now >= self.next:
                a = self.ask = self.new(now)
            if a is None:
                return
            a.due = now
        if a.sock is None:
            if now < a.due or not t.connect():
                return
            got = a.start(t, now)
        else:
            got = a.turn(t, now)
        if got is not None:
            self.ask = None
            self.answered(a, got, now)

    def stop(self):
        if self.ask is not None:
            self.ask.close()


class Poll(Lane):
    v = None  # the state's version the last answer brought (None: the state asked for at once)

    def new(self, now):
        path = "/state" if self.v is None else "/state?v=%d" % self.v
        return Ask(self, "GET", path, None, POLL_WAIT_MS)

    def answered(self, a, got, now):
        status, data = got
        s = None
        if status == 200:
            try:
                s = json.loads(data)
            except ValueError:
                self.phone.table.tally.count("/state", "not JSON")
                self.phone.table.tally.notes.append("/state answered 200 with %d bytes, not JSON: %r" % (
                    len(data), data[:160]))
        if s is None:
            self.v, self.next = None, now + 500
            return
        same = s["v"] == self.v
        self.v, self.phone.game = s["v"], s["game"]
        self.next = now + (AGAIN_MS if same else 0)  # unchanged: a breath first, as the page takes


class Acts(Lane):
    def __init__(self, phone):
        super().__init__(phone)
        self.i = 0
        self.todo: list = []

    def new(self, now):
        ph = self.phone
        if not self.todo:
            self.i += 1
            i, g = self.i, ph.game
            if i % 20 == 1:
                self.todo.append(("GET", "/", None))
            if g is not None:  # the page scores nothing before a poll has brought it the game's rules
                self.todo.append(("POST", "/score", {"cards": ph.cards(g)}))
                if ph.wrong and i % 4 == 0 and g["entering"] is not None:
                    e = g["entering"]
                    self.todo.append(("POST", "/grid", {"pin": WRONG_PIN, "player": e["players"][0],
                                                        "hole": e["label"], "cards": ph.cards(g)}))
            if not self.todo:
                self.next = now + GAP_MS
                return None
        method, path, body = self.todo.pop(0)
        return Ask(self, method, path, body, WAIT_MS)

    def answered(self, a, got, now):
        if not self.todo:
            self.next = now + GAP_MS


class Phone:
    def __init__(self, table, n, wrong, slow):
        self.table, self.wrong, self.slow = table, wrong, slow
        self.rng = random.Random(n)
        self.game = None  # the state's game, as the last poll had it
        self.lanes = [Poll(self), Acts(self)]

    def cards(self, g):
        r = g["rules"]
        n = self.rng.randint(1, 6) if r["hand"] else r["rows"] * r["cols"]
        return [self.rng.choice(r["cards"]) for _ in range(n)]


class Tally:
    """Answers by request and status (or what a request ended in), and the phones' clock."""

    def __init__(self):
        self.n: dict = {}
        self.again: dict = {}  # answers after which the request was asked again (a 503, a cut): no failure
        self.notes: list = []  # the cuts, what and when (from the phones' start)
        self.start = 0  # the clock's ms at the phones' start
        self.now = 0
        self.took = None  # seconds of the clock from the phones' start to the game's end
        self.connects = 0  # this turn's new connections

    def connect(self):
        """Whether another connection may be made this turn."""
        self.connects += 1
        return self.connects <= CONNECTS

    def count(self, path, status, again=False):
        d = self.again if again else self.n
        d[(path, status)] = d.get((path, status), 0) + 1

    def text(self):
        paths: dict = {}
        for d, again in ((self.n, ""), (self.again, " then again")):
            for (path, status), n in sorted(d.items(), key=str):
                paths.setdefault(path, []).append("%s%s x%d" % (status, again, n))
        return "; ".join("%s %s" % (p, ", ".join(v)) for p, v in paths.items())

    def failed(self):
        """Answers that show something wrong: a server error, a broken connection, a wrong PIN taken."""
        return sum(n for (path, status), n in self.n.items() if not isinstance(status, int) or status >= 500
                   or status == 400 or (path == "/grid" and status == 200))


class Table:
    """The phones at the table, moved a turn at a time."""

    def __init__(self, port, phones, slow=0.0):
        self.port = port
        self.tally = Tally()
        self.phones = [Phone(self, n, n < 2, slow) for n in range(phones)]
        self.started = False

    def start(self, now):
        self.started = True
        self.tally.start = now
        for ph in self.phones:
            ph.lanes[1].next = now + GAP_MS

    def turn(self, now):
        """The phones' acts while the device stands at now."""
        t = self.tally
        t.now, t.connects = now, 0
        for ph in self.phones:
            for lane in ph.lanes:
                lane.turn(t, now)

    def stop(self, now):
        self.tally.took = (now - self.tally.start) / 1000
        for ph in self.phones:
            for lane in ph.lanes:
                lane.stop()

