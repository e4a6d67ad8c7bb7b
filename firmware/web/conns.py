# The phones' connections while Wi-Fi is on: bounded in number and in time
# (Server, web/http.py's App with handle_request bounded), and the two requests
# every phone makes at once answered here, beside the routes: a long poll of
# the state, a grid's score as it is typed (each some 1.5 KB less than
# through a request and a response object). web/server.py has the routes;
# docs/PHONES.md the API.
import asyncio
import json

from compat import ticks_ms
from engine.errors import ScoreError
from web.http import App
from web.reader import LENGTH_MAX, Bounded
from web.state import Net

# Connections at once: MicroPython's ESP32 build has ESP-IDF's 10 sockets in
# all (CONFIG_LWIP_MAX_SOCKETS), one of them listening. A page holds one open
# (its poll); one more waits for a moment while the polls held open answer
# and free theirs, and is closed if none does.
MAX_CONN = 8
# a grid's JSON is some 100 bytes: nothing asks for more
App.max_content_length = LENGTH_MAX
JSON_TYPE = b"application/json"
# what a request that finds no place is told (_poll): come back in a second (the page does so by itself)
BUSY = b'{"error": "The device is busy with the other phones: try again in a second.", "retry_after": 1}'
SLOW = b'{"error": "The request came too slowly, or its place was needed: try again in a second.", ' \
    b'"retry_after": 1}'  # (one begun whose time is up, or whose place a newcomer took: no phones to blame)
BUSY_PAGE = (b'<!DOCTYPE html><meta http-equiv="refresh" content="1"><meta name="viewport" '
             b'content="width=device-width"><p>The device is busy with the other phones: this page asks '
             b'again in a second.')


def loads(body):
    try:
        b = json.loads(body.decode())
    except (ValueError, UnicodeError):
        return None
    return b if type(b) is dict else None


def scored(game, body):
    """POST /score's answer to body (a JSON object or None) in the game:
    (the object, its status). The /score route's too (web/server.py)."""
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


class Server(App):
    """web/http.py's App with every connection bounded: in number and in time."""

    net: Net

    async def handle_request(self, reader, writer):
        net = self.net
        r = Bounded(reader)
        over = False  # no place of its own: answered at once, and told to come back if it must wait
        # every one taken, or the one coming free kept for a newcomer waiting for it: a newcomer that
        # says nothing at once is no phone
        if net.conns + net.wait >= MAX_CONN:
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
                    # the place the poll frees is this one's: kept from whoever comes meanwhile (a
                    # probe: 9 pollers that polled again at once took it every time, and no grid came)
                    net.wait += 1
                    try:
                        net.wake_one()
                        for _ in range(20):
                            await asyncio.sleep(0.05)
                            if net.conns < MAX_CONN or net.shed():
                                over = False
                                break
                    finally:
                        net.wait -= 1
        if not over:  # (one answered at once holds no place)
            net.conns += 1
        me = [ticks_ms(), asyncio.current_task(), r]  # Net.expire() cancels it in time
        net.live.append(me)
        held = False  # a poll held: its connection is the Net's now (Net.hold)
        try:
            line = await r.first()
            try:
                if over or line.startswith(b"GET /state?v=%d " % net.v):
                    held = await _poll(net, r, writer, line if over else None, me)
                elif line.startswith(b"POST /score "):
                    await _score(net, r, writer)
                else:  # read as a stream: the App asks for no more of it
                    await super().handle_request(r, writer)  # type: ignore[arg-type]
            except ValueError:  # past web/reader.py's bounds (a line too long, too many): answered
                await _answer(writer, b"400 Bad Request", JSON_TYPE, MALFORMED)
        except (Exception, asyncio.CancelledError):  # its time up, a phone gone: closed, nothing else changes
            # a request begun, its place given to a newcomer (Net.shed) or its time up: answered,
            # come back in a second (issue 57, 10: it was closed unanswered)
            if (r.lines or r.buf) and not r.done:
                try:
                    await _answer(writer, b"503 Service Unavailable", JSON_TYPE, SLOW, b"Retry-After: 1\r\n")
                except (Exception, asyncio.CancelledError):
                    pass
            await _close(writer)
        finally:
            if not held:
                if not over:
                    net.conns -= 1
                net.live.remove(me)


async def _poll(net, reader, writer, over=None, live=None):
    """A phone's long poll of the state it has (GET /state?v=<the version>):
    held until the state changes, then answered with it, here and not by
    the routes. Every phone's poll is held, and all of them answer at once
    when the state changes: without a request, a response and their frames
    each costs about 1.5 KB less (on the 32-bit port, the heap's peak with
    4 phones some 4 KB lower). Nor does a held poll wait in a coroutine:
    once its request is read, its connection is the Net's (Net.hold, True
    returned), with no task, frames or reader of its own, until answer()
    answers it (each some 0.5 KB less a phone, docs/MEMORY.md). The answer
    is the /state route's.
    over: the request line of one that found no place (handle_request),
    answered at once: a state asked for as it is; anything else 503, come
    back in a second (Retry-After; a GET gets a page that asks again by
    itself: the page itself, an export's link)."""
    while len(await reader.readline()) > 2:  # to its body: a socket closed unread resets (no answer
        pass  # seen); here, not in a coroutine of its own: a frame less while a request is read
    n = reader.length  # its Content-Length (web/reader.py's: -1 if that is no number)
    if over is None:
        net.hold(writer, live, answer)
        return True
    if over[:11] not in (b"GET /state ", b"GET /state?"):
        await reader.readexactly(n)  # (its body; past LENGTH_MAX a ValueError: closed)
        get = over[:4] == b"GET "
        await _answer(writer, b"503 Service Unavailable", b"text/html" if get else JSON_TYPE,
                      BUSY_PAGE if get else BUSY, b"Retry-After: 1\r\n")
        return False
    await _answer(writer, b"200 OK", JSON_TYPE, net.state())
    return False


def answer(net, p):
    """A held poll (Net.hold: [its writer, when, its entry in net.live, this])
    answered with the state, in a task of its own while it writes (Net.answer)."""
    asyncio.create_task(_held(net, p))


async def _held(net, p):
    """The answer to a held poll; then its place and its entry in net.live
    are free (handle_request's own, once it held the poll)."""
    try:
        await _answer(p[0], b"200 OK", JSON_TYPE, net.state())
    except (Exception, asyncio.CancelledError):
        await _close(p[0])
    finally:
        net.conns -= 1
        net.live.remove(p[2])


MALFORMED = b'{"error": "The request is malformed."}'


async def _score(net, reader, writer):
    """POST /score, answered here and not by the routes: each phone scores
    its grid as its player taps it, all of them at once at a table, and
    each costs some 1.5 KB less this way (as _poll; the peak with 4 phones
    on the 32-bit port, docs/MEMORY.md). The answer is the /score route's,
    which serves what this does not take (a query string)."""
    while len(await reader.readline()) > 2:  # to its body: a socket closed unread resets (no answer
        pass  # seen); here, not in a coroutine of its own: a frame less while a request is read
    n = reader.length  # its Content-Length (web/reader.py's: -1 if that is no number)
    if n < 0:
        obj, status = {"error": "The request is malformed."}, 400
    elif n > LENGTH_MAX:
        obj, status = {"error": "The request is too big."}, 413
    else:
        obj, status = scored(net.game(), loads(await reader.readexactly(n)))
    await _answer(writer, b"200 OK" if status == 200 else b"409 Conflict" if status == 409 else
                  b"413 Payload Too Large" if status == 413 else b"400 Bad Request", JSON_TYPE,
                  json.dumps(obj).encode())


async def _answer(writer, status, kind, text, more=b""):
    """An answer written here, not by a route: a poll's, a 503."""
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
