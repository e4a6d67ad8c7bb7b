# What the web side knows between a phone's requests (issue 17): the
# inbox of phones' grids for the hole being entered, the PIN, the state's
# version and its JSON, the long polls held open and the connections' time,
# the wrong PINs per phone. web/server.py's routes read and change it; the
# device's screens read it through app.net (who has sent; ui/entry.py takes
# a phone's entry from it). It imports nothing of web/http.py: its answers are
# data, the routes make the responses.
#
# The device stays the authority. A phone's grid goes through the engine's
# checks and waits in the hole's inbox (Net.sent); it becomes the player's
# entry only when the person at the device goes through the hole and
# accepts it (ui/entry.py). A resend replaces it; a hole once entered takes
# no more. What a phone can and cannot do: docs/PHONES.md.
import json
import os

from compat import ticks_add, ticks_diff, ticks_ms
from engine.errors import ScoreError, show

POLL_MS = 15000  # a long poll waits this long for a change ...
REQUEST_MS = 20000  # ... and a connection is closed after this long, whatever it does ...
HEADER_MS = 5000  # ... or this long if its request has not been read by then (idle, or slow) ...
SHED_MS = 500  # ... or, when a newcomer with a request needs its place, after this long
# The PIN (docs/PHONES.md): six digits, a million PINs. A guesser's wrong PINs are bounded twice:
# per address (TRIES, then a wait doubling from WAIT_S to MAX_WAIT_S: 36 an hour) and from all
# addresses together (MISSES in WINDOW_S: 6000 an hour, 0.6% of the PINs, however many addresses).
# The shared bound is far above what 30 addresses get at their own rate (at most 270 in the first
# 5 minutes, 1080 an hour): a few addresses guessing never trip it, so a phone sending the right PIN
# for the first time is let in at once (issue 37, 4: with four digits the shared bound had to be
# 10, and any four addresses kept every newcomer out).
TRIES = 3  # wrong PINs from one address before each next try waits ...
WAIT_S = 5  # ... this long, doubled at each wrong one up to MAX_WAIT_S
MAX_WAIT_S = 120
MISSES = 500  # wrong PINs from all addresses together in WINDOW_S: past them, only phones that have
WINDOW_S = 300  # sent the right PIN are heard until the window ends
TRUSTED = 16  # phones remembered as having sent the right PIN (for this PIN)
WRONG_MAX = 32  # addresses whose wrong PINs are remembered (the heap, however many addresses)


def new_pin():
    """Six digits from the chip's random numbers, each PIN as likely as
    any other: 24 bits are drawn until they fall below 16000000 (16 x 10^6;
    the 777216 above it would make PINs 000000-777215 likelier)."""
    while True:
        b = os.urandom(3)
        n = b[0] << 16 | b[1] << 8 | b[2]
        if n < 16000000:
            return "%06d" % (n % 1000000)


class Net:
    """What the web side knows between requests: the inbox of phones'
    grids, the PIN, the state's version, the wrong PINs per phone."""

    def __init__(self, runner, wifi):
        self.runner = runner
        self.wifi = wifi  # Wifi: the address, and what the screen shows
        self.pin = new_pin()
        self.pin_for = None  # the game the PIN is for: (id, names, first dealer)
        self.sent: dict = {}  # seat -> the entry a phone sent for the hole self.sent_for
        self.sent_for = None  # (game, label)
        self.sends = 0  # grids taken, ever: part of the version
        # the state's version: it changes whenever the page's state does. It starts anywhere at each
        # start: a page that sent a grid sees a version it did not know and says the grid is lost
        # (from 0 each time, a restarted device reached the version of the send again: unsaid)
        b = os.urandom(3)
        self.v = self.boot = b[0] << 16 | b[1] << 8 | b[2]  # (boot: this start's first, the page's
        # sign of a restart: the PIN it kept is an old one, and what it sent is gone)
        self.key = None
        self.cache = None  # (v, the state's JSON)
        self.conns = 0  # connections that hold a place (web/conns.py) ...
        self.wait = 0  # ... and newcomers waiting for one to come free
        self.wrong: dict = {}  # phone's address -> [wrong PINs in a row, ms when it may try again]
        self.trusted: list = []  # the addresses that have sent this PIN: never slowed
        self.misses = 0  # wrong PINs from all phones in the window ...
        self.window = None  # ... that started then (ms)
        self.polls: list = []  # the polls held open, oldest first (hold()): [its writer, ms when it
        # answers anyway, its entry in self.live, what answers it]
        self.live: list = []  # the connections open, oldest first: [ms it opened, its task (None once
        # closing, or held), its reader (Read once held)]
        self.retry = False  # Settings > Wi-Fi chose the mode it is in, after it failed: start it again

    def app(self):
        return self.runner.app

    def game(self):
        a = self.runner.app
        return a.game if a is not None else None

    # --- what the page shows -------------------------------------------------------
    def entering(self, game):
        """(label, players, dealer) of the hole to enter next, or None."""
        if not game.complete():
            n = len(game.holes)
            return "Hole %d" % (n + 1), list(range(len(game.names))), game.dealer(n)
        players = game.playoff_players()
        if players:
            return "Playoff %d" % (len(game.playoff) + 1), players, None
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
                self.trusted = []  # they knew the old one
        e = self.entering(g) if g is not None else None
        # the hole, and who plays it (an edit may change a playoff's players under the same label)
        hole = None if e is None else (sig, e[0], tuple(e[1]))
        if hole != self.sent_for:  # the hole was entered (or the game changed): its inbox is done
            self.sent_for = hole
            self.sent = {}
        w = self.wifi
        key = (a.state["seq"], sig, hole, self.sends, self.pin, w.ip, w.port, w.error)
        if key != self.key:
            a.redraw()  # who has sent, the address: the device's screen shows it
            self.key = key
            self.v += 1
            self.cache = None
            polls, self.polls = self.polls, []
            for p in polls:
                self.answer(p)

    def hold(self, writer, live, answer):
        """A long poll held: its connection (writer, its entry in self.live)
        kept here, with no task of its own, until the state changes
        (refresh()), its time is up (expire()) or its place is wanted
        (wake_one()); then answer(net, the poll) answers it (web/conns.py's)."""
        live[1] = None  # no task to cancel: answered in time (expire)
        live[2] = Read  # its reader let go: its request is read whole
        self.polls.append([writer, ticks_add(ticks_ms(), POLL_MS), live, answer])

    def answer(self, p):
        """A held poll answered with the state, and its connection closed."""
        p[3](self, p)

    def shed(self):
        """A place for a newcomer with a request: the oldest connection
        still without its request SHED_MS after it opened (idle, or sending
        slowly: a phone's arrives at once) is closed, and True: the
        newcomer takes its place at once (a wait would give it to whichever
        newcomer looked first: under a flood of them, seldom a phone)."""
        now = ticks_ms()
        for c in self.live:
            if not c[2].done and c[1] is not None and ticks_diff(now, c[0]) >= SHED_MS:
                c[1].cancel()
                c[1] = None  # closing: not shed again
                return True
        return False

    def wake_one(self):
        """The oldest poll held open answers (with the state as it is): its
        connection is free for a newcomer."""
        if self.polls:
            self.answer(self.polls.pop(0))

    def expire(self):
        """At each turn of the loop: a long poll held POLL_MS answers with
        the state as it is, and a connection open REQUEST_MS is closed (its
        task cancelled). One clock for all of them: asyncio's wait_for would
        hold two more tasks for each connection."""
        now = ticks_ms()
        polls = self.polls
        i = 0
        while i < len(polls):
            if ticks_diff(now, polls[i][1]) >= 0:
                self.answer(polls.pop(i))
            else:
                i += 1
        for c in self.live:
            if c[1] is not None and ticks_diff(now, c[0]) >= (REQUEST_MS if c[2].done else HEADER_MS):
                c[1].cancel()
                c[1] = None  # closing: not again

    def state(self):
        """The page's state as JSON (bytes: docs/PHONES.md), made once per version."""
        if self.cache is not None and self.cache[0] == self.v:
            return self.cache[1]
        a = self.runner.app
        g = a.game if a is not None else None
        out: dict = {"v": self.v, "boot": self.boot, "board": a.hw.board if a is not None else "",
                     "game": None}
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
                          "cards": r.tokens, "dots": r.dots, "by_column": r.by_column,
                          "total_low": TOTAL_LOW, "total_high": TOTAL_HIGH},
            }
        text = json.dumps(out).encode()  # (bytes: each answer sends it as it is, no copy)
        self.cache = (self.v, text)
        return text

    # --- a phone's entry ---------------------------------------------------------------
    def entry(self, game, body):
        """The entry a request holds, checked as the device checks one:
        a total, a hand's list, or a grid (flat, in row order, or rows)."""
        from engine.game import TOTAL_HIGH, TOTAL_LOW

        rules = game.rules
        if "total" in body:
            t = body["total"]
            if type(t) is not int or not TOTAL_LOW <= t <= TOTAL_HIGH:
                raise ScoreError("a total must be a whole number from %d to %d, not %s"
                                 % (TOTAL_LOW, TOTAL_HIGH, show(t)))
            return t
        cards = body.get("cards")
        if type(cards) is not list:
            raise ScoreError("the cards must be a list (or a total given), not %s" % show(cards))
        if not rules.hand and all(type(c) is not list for c in cards):  # flat: so many cards
            n = rules.rows * rules.cols
            if len(cards) != n:  # (a newcomer: read as rows, it said "the grid has 8 rows")
                raise ScoreError("a grid has %d cards, not %d" % (n, len(cards)))
            cards = rules.grid_of(cards)
        got = rules.read(cards, game.opts)  # raises with the device's message; the cards as it names them
        return got if rules.hand else rules.grid_of(got)

    def check(self, game, seat, e):
        """The deck: this entry alone, then with the ones the other phones
        sent (a grid that overflows it only with theirs is refused saying so)."""
        rules = game.rules
        flat = [] if type(e) is int else [rules.read(e, game.opts)]
        game.check_deck(flat)
        others = [s for s in self.sent if s != seat and type(self.sent[s]) is not int]
        for s in others:
            flat.append(rules.read(self.sent[s], game.opts))
        # and the grids entered on the device for this hole (a probe: a grid taken here was then
        # "Too many" there, and its phone could not send it again)
        a = self.runner.app
        hole = a.hole() if a is not None else None
        dev = []
        if hole is not None and type(hole.target) is not int and self.sent_for is not None and \
                hole.label == self.sent_for[1]:
            for i, got in enumerate(hole.entries):
                s = hole.players[i]
                if type(got) is list and s != seat and s not in others:
                    flat.append(rules.read(got, game.opts))
                    dev.append(s)
        try:
            game.check_deck(flat)
        except ScoreError as err:
            said = ["what %s sent" % ", ".join(game.names[s] for s in sorted(others))] if others else []
            if dev:
                said.append("the cards of %s on the device" % ", ".join(game.names[s] for s in sorted(dev)))
            raise ScoreError("%s, with %s" % (err.msg, " and ".join(said)))

    # --- at the device (ui/entry.py) -------------------------------------------------
    def sent_by(self, label, seat):
        """What the seat's phone sent for the hole labelled label, a copy the
        device may change (the inbox keeps its own), or None: the hole on the
        device takes it when the player's turn comes (Hole.take)."""
        e = self.sent.get(seat) if self.sent_for is not None and self.sent_for[1] == label else None
        return e if e is None or type(e) is int else [list(c) if type(c) is list else c for c in e]

    def on_device(self, label, seat):
        """Whether the device has the seat's entry for the hole labelled
        label already, or has it open now: a phone's would not reach it."""
        a = self.runner.app
        hole = a.hole() if a is not None else None  # (engine/hole.py)
        if hole is None or type(hole.target) is int or hole.label != label or seat not in hole.players:
            return False
        player = hole.players.index(seat)
        return hole.entries[player] is not None or player <= hole.at  # entered, or open (Hole.at)

    def pin_ok(self, addr, pin):
        """None if the PIN is right; else the refusal, (its JSON, its
        status). addr: the phone's, as the request has it (client_addr). An
        address waits after its own wrong PINs; past MISSES from all of
        them in the window, every address that has not sent the right PIN
        waits until the window ends (a phone that has is not held by
        others' wrong PINs)."""
        if type(pin) is not str:  # (a probe: a number, 880879, was a wrong PIN, counted) never one
            return {"error": "The PIN is its six digits as text: \"123456\"."}, 400
        who = address(addr)
        now = ticks_ms()
        w = self.wrong.get(who)
        until = w[1] if w is not None and w[0] >= TRIES else None
        if self.window is not None and ticks_diff(now, self.window) >= 1000 * WINDOW_S:
            self.window = None  # a new window: the count starts again
            self.misses = 0
        w0 = self.window
        if self.misses >= MISSES and w0 is not None and who not in self.trusted:
            end = ticks_add(w0, 1000 * WINDOW_S)  # too many from all the addresses together
            if until is None or ticks_diff(end, until) > 0:
                until = end
        if until is not None and ticks_diff(until, now) > 0:
            wait = (ticks_diff(until, now) + 999) // 1000  # (whole seconds, up)
            said = "Too many wrong PINs: try again in %d s." % wait
            return {"error": said, "retry_after": wait}, 429
        if pin == self.pin:
            self.wrong.pop(who, None)
            if who in self.trusted:
                self.trusted.remove(who)  # (to the end: the last to be forgotten)
            elif len(self.trusted) >= TRUSTED:
                self.trusted.pop(0)
            self.trusted.append(who)
            return None
        if w is None:
            if len(self.wrong) >= WRONG_MAX:  # the one whose wait ends first is forgotten
                old = None
                for k in self.wrong:
                    if old is None or ticks_diff(self.wrong[k][1], self.wrong[old][1]) < 0:
                        old = k
                del self.wrong[old]
            w = self.wrong[who] = [0, now]
        w[0] += 1
        if w[0] >= TRIES:
            w[1] = ticks_add(now, 1000 * min(MAX_WAIT_S, WAIT_S << (w[0] - TRIES)))
        if self.window is None:
            self.window = now
        self.misses += 1
        return {"error": "Wrong PIN: the PIN is on the device (Phones)."}, 403


class Read:
    """A held poll's request, read whole (Net.live's entries: what shed() and expire() ask)."""

    done = True


def address(addr):
    """A phone's IP address from the request's client_addr: a tuple on the
    ESP32, a raw sockaddr on the unix port (its bytes 4 to 8: IPv4)."""
    if type(addr) is tuple:
        return addr[0]
    return bytes(addr[4:8]) if addr else b""


OFF, OWN, JOIN = "off", "own", "join"
MODES = (OFF, OWN, JOIN)


def mode(settings):
    m = settings.get("wifi", OFF)
    return m if m in MODES else OFF


class Wifi:
    """The radio, in the mode the settings name (brought up by web/wifi.py's
    up()). ip: the address to serve on once it is up (None before); error:
    why it is not."""

    def __init__(self, settings):
        self.mode = mode(settings)
        self.settings = settings
        self.ip = None
        self.host = "0.0.0.0"
        self.port = None  # the page's, once the server listens there: the address shown from then
        self.ssid = self.key = None  # the network's name and password, to show
        self.error = None
        self.wlan = None
        self.new_key = False  # the own network's password was made now: to be saved
        self.note = None  # a line for the Phones screen (web/wifi.py's own_key: a password made again)

    def url(self):
        if self.ip is None or self.port is None:
            return None
        return "http://%s/" % self.ip if self.port == 80 else "http://%s:%d/" % (self.ip, self.port)

    def down(self):
        if self.wlan is not None:
            try:
                self.wlan.active(False)
            except OSError:
                pass
            self.wlan = None
