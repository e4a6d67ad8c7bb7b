# The device's web side while Wi-Fi is on (issue 17): the one page every
# phone at the table opens, the scoreboard's state it polls, each player's
# grid sent from their phone, and the game's export. Served by web/http.py on
# asyncio (microdot until 30 November 2026: docs/MEMORY.md); the device's own
# loop runs as a task beside it (web/run.py's web_side()), so its keys work the
# same. Loaded only while Wi-Fi is on: guard.py drops this module, web/http.py
# and asyncio's tasks when it is turned off.
#
# Four parts: web/reader.py reads a request with bounds, web/state.py holds
# what the web side knows between requests (Net: the inbox, the PIN, the
# polls), web/conns.py bounds the connections (Server: in number and in
# time; a long poll and a grid's score answered beside the routes), and this
# module has the routes (at module level, on app: each finds the Net as
# req.app.net). The API, and what a phone can and cannot do: docs/PHONES.md.
import json
import os

from engine.errors import ScoreError, show
from web.conns import Server, loads, scored
from web.http import Response

# the page is sent in pieces this big, each a new bytes object: a phone opening it holds one or two
# (1024, microdot's: with 4 phones, the peak in use a KB higher, docs/MEMORY.md)
Response.send_file_buffer_size = 256
JSON = {"Content-Type": "application/json; charset=UTF-8", "Cache-Control": "no-store"}


def _here():
    f = globals().get("__file__", "")
    return f[: f.rfind("/")] if "/" in f else "web"


def _json(obj, status=200):
    return Response(json.dumps(obj), status, JSON)


def _error(text, status=400):
    return _json({"error": text}, status)


def _body(req):
    """The request's JSON object, or None."""
    return loads(req.body)


app = Server()  # its routes, below; make() gives it the Net


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
    return _json(*scored(req.app.net.game(), _body(req)))


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
        return _error("%s's entry for %s is on the device, or being entered there: change it there."
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
    return _json({"ok": True, "message": said, "v": net.v})  # (the page: a state before v may not have it)


@app.get("/game.json")
async def game_json(req):
    g = req.app.net.game()
    if g is None:
        return _error("No game in progress.", 404)
    return _download("game", g)


@app.get("/history.csv")
async def history(req):
    from storage.laid import value  # (a leaf: let go at the device's next hub)

    a = req.app.net.app()
    return _download("history", value(a.state, "history") if a is not None else [])


def _download(what, of):
    """A download's answer (web/download.py's what): its module loaded for
    it and let go at once (its pieces keep what they need)."""
    import sys

    import web.download

    try:
        return getattr(web.download, what)(of)
    finally:  # let go as app.forget does (the web side imports nothing of the app's: CPython's tests)
        sys.modules.pop("web.download", None)
        if hasattr(web, "download"):
            delattr(web, "download")


@app.errorhandler(404)
async def not_found(req):
    return _error("Not found.", 404)


@app.errorhandler(405)
async def not_allowed(req):
    allow = req.app.allowed(req.path)  # the methods the path takes (RFC 9110: a 405 says them; issue 37, 5)
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
    from storage.log import log_error

    log_error("web: %s %s" % (type(exc).__name__, exc))
    return _error("The device could not answer that (%s)." % type(exc).__name__, 500)
