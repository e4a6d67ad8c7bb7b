# The web side's parts in-process, under both runtimes (the whole of it, as
# phones use it, is test_web.py's): the reader that holds a request to its
# bounds (web/reader.py), the PIN's slowing down and a phone's entry checked
# as the device checks one (web/state.py), and the routes (web/server.py)
# through microdot's own test client. The app is a stand-in holding a real engine Game and state:
# the real App draws on framebuf, which CPython has not.
import asyncio
import json

from engine.errors import ScoreError
from engine.game import Game
from support import fresh_dir
from web import reader, server, state

ANN = ["5", "HIO", "10", "3", "5", "7", "0", "3"]


class Stream:
    """A connection's bytes, a few at a time, as a socket gives them."""

    def __init__(self, data, step=7):
        self.data, self.step = data, step

    async def read(self, n):
        n = min(n, self.step)
        out, self.data = self.data[:n], self.data[n:]
        return out


def run(coro):
    return asyncio.run(coro)


def test_the_reader_gives_lines_and_the_body_and_holds_no_more_than_a_line():
    async def go():
        r = reader.Bounded(Stream(b"POST /grid HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"))
        assert await r.readline() == b"POST /grid HTTP/1.1\r\n"
        assert await r.readline() == b"Content-Length: 5\r\n"
        assert await r.readline() == b"\r\n"
        assert await r.readexactly(5) == b"hello"
        r = reader.Bounded(Stream(b"GET /" + b"a" * 5000))
        try:
            await r.readline()
            raise AssertionError("a line without end was read whole")
        except ValueError:
            assert len(r.buf) <= reader.LINE_MAX + 128  # held: a line's bytes, not 5000
        r = reader.Bounded(Stream(b"x\n" * 40))
        for _ in range(reader.LINES_MAX):
            await r.readline()
        try:
            await r.readline()
            raise AssertionError("more lines than a request has")
        except ValueError:
            pass
        for n in (-5, reader.LENGTH_MAX + 1):
            try:
                await reader.Bounded(Stream(b"")).readexactly(n)
                raise AssertionError(n)
            except ValueError:
                pass

    run(go())


def Req(ip):
    """A phone's address as microdot has it (client_addr)."""
    return (ip, 50000)


class Hw:
    board = "ttgo-t-display"


class App:
    hw = Hw()

    def __init__(self, game):
        self.game = game
        self.state = {"seq": 1, "settings": {}, "history": []}
        self.stack = [self]
        self.dirty = False


class Runner:
    def __init__(self, game):
        self.app = App(game)


class Wifi:
    ip = error = key = None


def net():
    g = Game("play-nine", ["ANN", "BOB", "CY"])

    async def make():
        n = state.Net(Runner(g), Wifi())
        n.refresh()
        return n

    return run(make()), g


class Clock:
    """state's ticks_ms, moved by hand (ms)."""

    def __init__(self):
        self.now = 0
        self.was = state.ticks_ms
        state.ticks_ms = lambda: self.now

    def close(self):
        state.ticks_ms = self.was


def guess(n, k):
    """The k-th wrong PIN a guesser tries."""
    g = "%04d" % (k % 10000)
    return g if g != n.pin else "x"


def test_wrong_pins_slow_a_phone_then_all_but_the_ones_that_sent_the_pin():
    n, _g = net()
    clock = Clock()
    try:
        n.pin_ok(Req("10.0.0.9"), n.pin)  # a phone of the table, earlier
        for k in range(state.TRIES):
            assert n.pin_ok(Req("10.0.0.2"), guess(n, k))[1] == 403
        assert n.pin_ok(Req("10.0.0.2"), n.pin)[1] == 429  # slowed, even when right
        assert n.pin_ok(Req("10.0.0.3"), n.pin) is None  # another phone is not
        # many phones, each under its own limit: together they are slowed too ...
        for i in range(state.MISSES):
            n.pin_ok(Req("10.0.1.%d" % i), guess(n, i))
        refused = n.pin_ok(Req("10.0.2.1"), n.pin)
        assert refused[1] == 429 and refused[0]["retry_after"] == state.WINDOW_S, refused
        # ... but never a phone that has sent the PIN: a right one is never refused (issue 27, 8:
        # wrong PINs from 4 addresses held every phone's right PIN at 429)
        assert n.pin_ok(Req("10.0.0.9"), n.pin) is None and n.pin_ok(Req("10.0.0.3"), n.pin) is None
        assert n.pin_ok(Req("10.0.0.9"), "x")[1] == 403
        clock.now += 1000 * state.WINDOW_S  # the window over: heard again
        assert n.pin_ok(Req("10.0.2.1"), n.pin) is None
        # and a full table of phones forgets none that must wait
        for i in range(40):
            n.pin_ok(Req("10.0.3.%d" % i), n.pin)  # (right or slowed: no new ones kept)
        assert "10.0.0.2" in n.wrong and n.wrong["10.0.0.2"][0] >= state.TRIES
    finally:
        clock.close()


def attack(addresses, seconds, every_ms=500):
    """Guessers at every address sending a wrong PIN each every_ms (each
    waiting as told when told), while a phone that sent the PIN before sends
    it every 2 s: (wrong PINs heard, the phone's refusals, its slowest answer
    in s)."""
    n, _g = net()
    clock = Clock()
    try:
        n.pin_ok(Req("10.0.0.9"), n.pin)
        heard = refused = k = 0
        nxt = [0] * addresses
        while clock.now < 1000 * seconds:
            for a in range(addresses):
                if clock.now >= nxt[a]:
                    r = n.pin_ok(Req("10.9.%d.%d" % (a // 200, a % 200)), guess(n, k))
                    k += 1
                    heard += r[1] == 403
                    nxt[a] = clock.now + (1000 * r[0]["retry_after"] if r[1] == 429 else every_ms)
            if clock.now % 2000 == 0:
                refused += n.pin_ok(Req("10.0.0.9"), n.pin) is not None
            clock.now += every_ms
        return heard, refused
    finally:
        clock.close()


def test_a_guesser_gets_few_pins_an_hour_and_the_table_is_never_shut_out():
    for addresses in (1, 4, 30):
        heard, refused = attack(addresses, 3600)
        assert refused == 0, (addresses, refused)  # the right PIN answered at once, each time
        limit = 3600 // state.WINDOW_S * state.MISSES + state.TRIES * addresses
        assert heard <= limit, (addresses, heard, limit)  # 120 an hour and each address's first: 1.2%


def test_a_phones_entry_is_checked_and_named_as_the_device_names_cards():
    n, g = net()
    assert n.entry(g, {"cards": [5, "hio", 10, 3, 5, 7, 0, 3]}) == [ANN[:4], ANN[4:]]
    assert n.entry(g, {"total": 23}) == 23
    for body, said in (({"total": 500}, "from -99 to 199"), ({"cards": ANN[:7]}, "rows"),
                       ({"cards": ANN[:7] + ["13"]}, "'13' is not a play-nine card"),
                       ({"cards": 5}, "a list")):
        try:
            n.entry(g, body)
            raise AssertionError(body)
        except ScoreError as e:
            assert said in e.text(), (said, e.text())
    n.sent[0] = n.entry(g, {"cards": ["12"] * 8})
    try:
        n.check(g, 1, n.entry(g, {"cards": ["12"] + ANN[1:]}))
        raise AssertionError("a ninth 12")
    except ScoreError as e:
        assert "9 cards '12' entered" in e.text() and "with what ANN sent" in e.text()
    n.check(g, 0, n.entry(g, {"cards": ["12"] + ANN[1:]}))  # a resend replaces ANN's: it fits


def test_the_state_names_the_hole_and_who_has_sent_and_a_new_hole_empties_the_inbox():
    n, g = net()
    n.sent[1] = 23
    n.sends += 1
    n.refresh()
    st = json.loads(n.state())
    assert st["game"]["entering"]["label"] == "Hole 1" and st["game"]["entering"]["sent"] == [1]
    v = st["v"]
    g.add_hole([[ANN[:4], ANN[4:]], 23, 5])
    n.runner.app.state["seq"] += 1  # (the app saves: its seq moves)
    n.refresh()
    st = json.loads(n.state())
    assert st["v"] > v and st["game"]["entering"]["label"] == "Hole 2"
    assert st["game"]["entering"]["sent"] == []
    assert st["game"]["scores"][0][1] == 23


def test_the_reader_passes_on_the_request_line_the_length_and_bad_lines_and_drops_other_headers():
    async def go():
        head = (b"POST /grid?x=1 HTTP/1.1\r\nHost: 192.168.4.1\r\nUser-Agent: " + b"M" * 200 +
                b"\r\ncontent-LENGTH: 2\r\nAccept-Language: en\r\nno colon here\r\n\r\nhi")
        r = reader.Bounded(Stream(head))
        got = []
        for _ in range(4):  # (MicroPython has no await in a comprehension)
            got.append(await r.readline())
        assert got == [b"POST /grid?x=1 HTTP/1.1\r\n", b"content-LENGTH: 2\r\n", b"no colon here\r\n",
                       b"\r\n"]
        assert await r.readexactly(2) == b"hi"
        assert r.lines == 7  # every line counts toward LINES_MAX, dropped or not
        r = reader.Bounded(Stream(b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 40))
        await r.readline()
        try:
            await r.readline()  # the dropped headers count too: too many lines
        except ValueError:
            pass
        else:
            raise AssertionError("40 headers taken")

    run(go())


class Read:  # a connection's reader (web/reader.py): done once its request's headers are read
    def __init__(self, done):
        self.done = done


def test_one_clock_answers_polls_and_closes_connections_whose_time_is_up():
    n, g = net()

    async def go():
        now = state.ticks_ms()
        late = [asyncio.Event(), state.ticks_add(now, -1)]
        early = [asyncio.Event(), state.ticks_add(now, 60000)]
        n.polls[:] = [late, early]

        async def hung():
            await asyncio.Event().wait()  # a phone that sends nothing, or a request being answered

        tasks = [asyncio.create_task(hung()) for _ in range(4)]
        await asyncio.sleep(0)
        ago = lambda ms: state.ticks_add(now, -ms)  # noqa: E731
        n.live[:] = [[ago(state.HEADER_MS), tasks[0], Read(False)],  # idle too long (issue 27, 9)
                     [ago(state.HEADER_MS + 1000), tasks[1], Read(True)],  # its request read: in time
                     [ago(state.REQUEST_MS), tasks[2], Read(True)],  # open too long
                     [now, tasks[3], Read(False)]]  # just opened
        n.expire()
        assert late[0].is_set() and not early[0].is_set()
        await asyncio.sleep(0)
        assert [t.done() for t in tasks] == [True, False, True, False]
        for t in tasks:
            t.cancel()

    run(go())


def test_a_newcomer_finding_every_connection_taken_closes_the_oldest_idle_one_first():
    n, g = net()

    async def go():
        async def hung():
            await asyncio.Event().wait()

        tasks = [asyncio.create_task(hung()) for _ in range(4)]
        await asyncio.sleep(0)
        now = state.ticks_ms()
        old = state.ticks_add(now, -state.SHED_MS)
        poll = [asyncio.Event(), state.ticks_add(now, 60000)]
        n.polls[:] = [poll]
        n.live[:] = [[old, tasks[0], Read(True)], [old, tasks[1], Read(False)], [old, tasks[2], Read(False)],
                     [now, tasks[3], Read(False)]]
        assert n.shed() is True  # the oldest idle one goes, not a request, not the phone's poll
        await asyncio.sleep(0)
        assert [t.done() for t in tasks] == [False, True, False, False] and not poll[0].is_set()
        assert n.shed() is True and n.shed() is False  # the next; then only a young one (its request
        await asyncio.sleep(0)  # may be on its way: a phone's)
        assert [t.done() for t in tasks] == [False, True, True, False]
        n.wake_one()  # the oldest poll answers (and frees its socket)
        assert poll[0].is_set() and not tasks[0].done()
        for t in tasks:
            t.cancel()

    run(go())


class Writer:  # a connection's writer: what was written, and whether it was closed
    def __init__(self):
        self.out = b""
        self.closed = False

    def write(self, data):
        self.out += data

    async def drain(self):
        pass

    def close(self):
        self.closed = True

    async def wait_closed(self):
        pass


def test_a_request_that_finds_no_place_is_answered_never_dropped():
    """(issue 37, 5: with more than 8 phones, 12.5% of polls were closed
    unanswered) One that finds every connection taken and none freed in
    time: a state asked for is answered as it is; anything else 503 and
    come back in a second, a GET with a page that asks again by itself,
    its request read to its end first (a socket closed unread resets, and
    the phone sees no answer)."""
    n, _g = net()

    async def go(req):
        stream = Stream(req)
        w = Writer()
        await server._poll(n, reader.Bounded(stream), w, req[: req.find(b"\n") + 1])
        assert w.closed and stream.data == b"", (req, stream.data)
        head, body = w.out.split(b"\r\n\r\n", 1)
        assert int(head.split(b"Content-Length: ")[1]) == len(body), head
        return head, body

    body = b'{"cards": []}'
    for req in (b"POST /score HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body),
                b"POST /grid HTTP/1.1\r\nContent-Length: 0\r\n\r\n"):
        head, said = run(go(req))
        assert head.startswith(b"HTTP/1.0 503 ") and b"\r\nRetry-After: 1\r\n" in head, head
        assert b"application/json" in head and json.loads(said)["retry_after"] == 1, said
    for path in (b"/", b"/game.json"):
        head, said = run(go(b"GET %s HTTP/1.1\r\nAccept: text/html\r\n\r\n" % path))
        assert head.startswith(b"HTTP/1.0 503 ") and b"text/html" in head and b'http-equiv="refresh"' in said
    for path in (b"/state", b"/state?v=%d" % n.v, b"/state?v=1000"):
        head, said = run(go(b"GET %s HTTP/1.1\r\n\r\n" % path))
        assert head.startswith(b"HTTP/1.0 200 ") and json.loads(said)["v"] == n.v, (path, head)


class GET:  # a request as the page's route reads it
    method = "GET"


def test_the_page_is_served_from_beside_the_code_or_from_the_flashs_root_when_the_code_is_frozen():
    import os

    n, g = net()
    server.make(n)
    page = server.index
    here = server._here
    cwd = os.getcwd()
    try:
        fresh_dir("frozen-page")  # the flash: the page at its root
        with open("page.html.gz", "wb") as f:
            f.write(b"\x1f\x8bthe page")
        res = run(page(GET))  # beside the code: firmware/web/page.html (the simulator's, as in the source)
        assert res.status_code == 200 and "Content-Encoding" not in res.headers
        res.body.close()
        server._here = lambda: "web"  # frozen: web/server.py, and no web/ folder on the flash
        res = run(page(GET))
        assert res.status_code == 200 and res.headers["Content-Encoding"] == "gzip"
        assert res.body.read() == b"\x1f\x8bthe page"
        res.body.close()
        os.remove("page.html.gz")
        res = run(page(GET))
        assert res.status_code == 500 and b"deploy again" in res.body
    finally:
        server._here = here
        os.chdir(cwd)


def test_the_routes_answer_as_docs_phones_md_says():
    """Every route through microdot's own test client (no socket): the
    state, a grid scored as it is typed, a grid sent with a wrong PIN and a
    right one, the exports, and what is not there."""
    from microdot.test_client import TestClient

    n, g = net()
    c = TestClient(server.make(n))

    async def go():
        r = await c.get("/state")
        assert r.status_code == 200 and r.headers["Content-Type"].startswith("application/json")
        st = r.json
        assert st["v"] == n.v and st["game"]["players"] == ["ANN", "BOB", "CY"]
        assert st["game"]["entering"]["label"] == "Hole 1"
        r = await c.post("/score", body={"cards": ANN})
        assert r.status_code == 200 and r.json["total"] == g.rules.score(g.rules.read(
            g.rules.grid_of(ANN), g.opts), g.opts).total()
        r = await c.post("/score", body={"cards": ANN[:7]})
        assert r.status_code == 400 and "A grid has 8 cards, not 7." == r.json["error"]
        r = await c.post("/score", body="[1, 2", headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and "not a JSON object" in r.json["error"]
        sent = {"pin": "x", "player": 1, "hole": "Hole 1", "cards": ANN}
        r = await c.post("/grid", body=sent)
        assert r.status_code == 403 and "Wrong PIN" in r.json["error"] and not n.sent
        v = n.v
        r = await c.post("/grid", body=dict(sent, pin=n.pin))
        assert r.status_code == 200 and "BOB's grid for Hole 1 is on the device" in r.json["message"]
        assert n.sent == {1: [ANN[:4], ANN[4:]]} and n.v == v + 1  # a new version: the phones see it
        r = await c.post("/grid", body=dict(sent, pin=n.pin, hole="Hole 2"))
        assert r.status_code == 409 and r.json["error"] == "The device is on Hole 1, not 'Hole 2'."
        r = await c.get("/game.json")
        assert r.status_code == 200 and r.json["game"] == "play-nine" and r.json["holes"] == []
        r = await c.get("/history.csv")
        assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/csv")
        r = await c.get("/nowhere")
        assert r.status_code == 404 and r.json == {"error": "Not found."}
        r = await c.request("DELETE", "/state")
        assert r.status_code == 405 and r.json == {"error": "Not allowed here."}
        # a 405 says what the path takes (issue 37, 5)
        assert r.headers["Allow"] == "GET, HEAD", r.headers
        for method, path, allow in (("POST", "/", "GET, HEAD"), ("GET", "/grid", "POST"),
                                    ("PUT", "/score", "POST"), ("POST", "/history.csv", "GET, HEAD")):
            r = await c.request(method, path)
            assert r.status_code == 405 and r.headers["Allow"] == allow, (method, path, r.headers)
        n.runner.app.game = None
        r = await c.post("/score", body={"cards": ANN})
        assert r.status_code == 409 and r.json["error"] == "No game in progress."

    run(go())


def test_options_head_a_long_header_line_and_the_pin_are_as_docs_phones_md_says():
    """Issue 27: OPTIONS answered 200 on any path, HEAD / kept the page open
    until a collection, a header line of 613 bytes passed the 512, and the
    PIN was 16 bits % 10000 (0000-5535 likelier)."""
    from microdot.test_client import TestClient

    n, _g = net()
    c = TestClient(server.make(n))
    opened = []

    def tracked(name, mode="r"):
        f = open(name, mode)
        opened.append(f)
        return f

    async def go():
        r = await c.request("OPTIONS", "/state")
        assert r.status_code == 405 and r.headers["Allow"] == "GET, HEAD"
        assert (await c.request("OPTIONS", "/nowhere")).status_code == 404
        server.open = tracked  # (the module's open, as the route finds it)
        try:
            r = await c.request("HEAD", "/")
        finally:
            del server.open
        assert r.status_code == 200 and int(r.headers["Content-Length"]) > 1000
        assert len(opened) == 1
        try:
            opened[0].read(1)
            raise AssertionError("HEAD / left the page open")
        except ValueError:  # closed
            pass
        for length, ok in ((512, True), (513, False), (613, False)):
            r = reader.Bounded(Stream(b"X-A: " + b"b" * (length - 5) + b"\r\n\r\n", step=128))
            try:
                got = await r._line()
                assert ok and len(got) == length + 2, length
            except ValueError:
                assert not ok, length

    run(go())
    draws = [bytes([0xFF, 0xFF]), bytes([0xEA, 0x60]), bytes([0xEA, 0x5F])]  # 65535, 60000: again; 59999
    class Chip:  # the chip's random numbers, drawn in this order
        @staticmethod
        def urandom(k):
            return draws.pop(0)

    real = state.os
    state.os = Chip  # (MicroPython's os takes no new attribute: the module's name stands in)
    try:
        assert state.new_pin() == "9999" and not draws
    finally:
        state.os = real
