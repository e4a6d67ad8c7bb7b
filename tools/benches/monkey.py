# Random keys on the real firmware, the guard on (make test: a short run a board, test_monkey.py; make
# bench: a long one), from a seed so that a failure replays exactly: short and long presses, holds,
# pauses and contact bounce on the board's own input (docs/TESTING.md). Fails (exit 1, with the seed
# and the line that replays it) at an error screen, cut text, and at each check (every --every events
# and at the end): a bad save, a saved game score.py scores otherwise, a reboot that loses the game.
import os
import sys

HERE = (__file__[: __file__.rfind("/")] if "/" in __file__ else ".") + "/.."  # tools/, absolute: the run
sys.path.insert(0, HERE if HERE.startswith("/") else os.getcwd() + "/" + HERE)  # changes into its flash
from common import paths  # noqa: E402,F401  (firmware/ and boards/ on sys.path too)

import json  # noqa: E402
import random  # noqa: E402

from common import args  # noqa: E402
from simulator import board as simboard, bounce as chatter, inputs  # noqa: E402
from guard import Runner  # noqa: E402

STEP_MS = 5  # the firmware's poll interval
SLEEP_MS = 125000  # past the default 120 s: the screen sleeps, and a key wakes it
USAGE = "usage: monkey.py --board ID --seed N [--events N] [--every N] [--state-dir DIR]"


class Fail(Exception):
    pass


# How each kind of input (simulator/inputs.py) is pressed at random, once: what it did
def press(m, x):
    """A random button pressed (its length: short, long or held), maybe bouncing."""
    c = m.counts
    b = m.button()
    if x < 0.64:
        ms, kind = random.randint(5, 400), "short"
    elif x < 0.9:
        ms, kind = random.randint(550, 1500), "long"
    else:
        ms, kind = random.randint(1500, 6000), "held"
    c[kind] += 1
    bounce = random.random() < 0.2
    c["bounced"] += bounce
    sws = [m.switches[i] for i in b] if type(b) is tuple else [m.switches[b]]
    if bounce:  # the contacts chatter for a few ms each way
        chatter.chatter(sws, m.tick, STEP_MS, chatter.DOWN)
    for sw in sws:  # two together: one finger a little before the other
        sw.held = True
        m.tick(random.randint(0, 2) * STEP_MS)
    m.tick(ms)
    if bounce:
        chatter.chatter(sws, m.tick, STEP_MS, chatter.UP)
    for sw in sws:
        sw.held = False
    return "button %s %d ms%s" % (b, ms, " bouncing" if bounce else "")


def key(m, x):
    """A random key of the keyboard (mostly enter, backspace, a card or digit, fn with an arrow),
    held a random time, maybe chattering; now and then two keys at once."""
    kb = m.switches  # the keyboard's model
    m.moody(lambda: random.choice(("enter", "bksp", "5", "1")))
    y = random.random()
    if m.mood is not None and y < 0.5:
        keys = [m.mood]
    elif y < 0.65:
        keys = ["fn", random.choice(";.,/")]
    elif y < 0.75:
        keys = [random.choice(m.legends), random.choice(m.legends)]
    else:
        keys = [random.choice(m.legends)]
    keys = [k for i, k in enumerate(keys) if k not in keys[:i]]
    ms = m.length(x)
    bounce = random.randint(0, 4) if random.random() < 0.2 else 0
    m.counts["bounced"] += bounce > 0
    for k in keys:
        kb.press(k, chatter=bounce)
        m.tick(random.randint(0, 3) * STEP_MS)
    m.tick(ms)
    for k in keys:
        kb.release(k, chatter=bounce)
    return "keys %s %d ms%s" % ("+".join(keys), ms, " bouncing" if bounce else "")


def tap(m, x):
    """A random tap: mostly on the keys along the bottom and the menu rows, else anywhere; now and
    then a light brush, a finger that slides, or one held on."""
    t = m.switches
    w, h = m.hw.display.width, m.hw.display.height
    y = random.random()
    m.moody(lambda: (w - 40, h - 20))  # the OK key, the way forward
    if m.mood is not None and y < 0.4:
        p = m.mood
    elif y < 0.7:
        p = (random.randrange(w), random.randrange(h - 80, h))
    elif y < 0.85:
        p = (random.randrange(w), random.randrange(21, 141))
    else:
        p = (random.randrange(w), random.randrange(h))
    ms = m.length(x)
    t.z = 1200 if random.random() < 0.9 else random.randint(100, 500)  # a light brush: too light
    slide = random.random() < 0.1
    m.counts["bounced"] += slide
    t.finger = p
    m.tick(ms // 2)
    if slide:
        t.finger = (max(0, min(w - 1, p[0] + random.randint(-30, 30))),
                    max(0, min(h - 1, p[1] + random.randint(-30, 30))))
    m.tick(ms - ms // 2)
    t.finger = None
    t.z = 1200
    return "tap %d,%d %d ms%s" % (p[0], p[1], ms, " sliding" if slide else "")


WAYS = {inputs.Buttons.kind: press, inputs.Keyboard.kind: key, inputs.Touch.kind: tap}


class Monkey:
    def __init__(self, board, seed, every):
        self.board = board
        self.every = every
        # spread: the port's generator starts alike for small seeds
        random.seed((seed * 2654435761) & 0x7FFFFFFF)
        self.now = 0
        self.counts = {"short": 0, "long": 0, "held": 0, "pause": 0, "bounced": 0, "reboots": 0,
                       "checks": 0}
        self.screens: dict = {}
        self.recent: list = []  # the last events, for the report
        self.mood = None  # a button favoured for a while, or None
        self.mood_left = 0
        self.holes = 0  # the most holes (playoff too) seen in a game checked
        self.start = prepare()
        self.boot()

    def boot(self):
        self.hw, _bus, self.switches, mod = simboard.build(self.board, emulate=False)
        self.way = WAYS[inputs.of(self.hw.keys).kind]
        keymap = mod.KEYMAP if self.way is press else {}
        self.chords = [b for (b, k) in keymap if type(b) is tuple and k == "short"]  # two buttons, a key
        self.legends = [k for line in getattr(mod, "LEGENDS", ()) for k in line]  # the keyboard's keys
        self.r = Runner(self.hw, self.now, strict=False)
        self.tick(100)
        top = self.r.app.stack[-1]
        if type(top).__name__ == "Calibrate":  # a first start: calibrated right, so taps land
            for x, y in top.points:
                self.tap(x, y, 80)

    def tick(self, ms):
        r = self.r
        for _ in range(ms // STEP_MS):
            r.step(self.now)
            self.now += STEP_MS
            if r.app is None or r.crashes:
                raise Fail("the error screen: %s" % _error(r))
            if r.app.pen.cut:
                raise Fail("text cut on %s: %s" % (self.screen(), r.app.pen.cut))

    def screen(self):
        top = self.r.app.stack[-1]
        return "%s '%s'" % (type(top).__name__, getattr(top, "title", ""))

    def event(self):
        """One random event: the board's input pressed at random (its way, WAYS), then a gap; or a
        pause alone."""
        c = self.counts
        x = random.random()
        if x < 0.04:
            ms = SLEEP_MS if random.random() < 0.1 else random.randint(500, 5000)
            c["pause"] += 1
            what = "pause %d" % ms
            self.tick(ms)
        else:
            what = self.way(self, x)
            self.tick(random.randint(5, 300))
        self.recent.append(what)
        del self.recent[:-12]
        s = self.screen()
        self.screens[s] = self.screens.get(s, 0) + 1

    def length(self, x):
        """A key's or a tap's ms, short or long (counted)."""
        ms, kind = (random.randint(5, 300), "short") if x < 0.85 else (random.randint(550, 3000), "long")
        self.counts[kind] += 1
        return ms

    def tap(self, x, y, ms):
        t = self.switches  # the touch panel's model
        t.finger = (x, y)
        self.tick(ms)
        t.finger = None

    def moody(self, pick):
        """Now and then a mood favours one button, key or place (pick()'s) for a while (mostly OK,
        the way forward), so the walk reaches deep into games, not only the menus near the start; or
        none."""
        self.mood_left -= 1
        if self.mood_left <= 0:
            self.mood_left = random.randint(10, 80)
            self.mood = pick() if random.random() < 0.5 else None

    def button(self):
        """A random button, the mood's most of the time."""
        n = len(self.switches)
        self.moody(lambda: random.randrange(n))
        if self.mood is not None and random.random() < 0.7:
            return self.mood
        if self.chords and random.random() < 0.15:  # two buttons together, where that is a key
            return random.choice(self.chords)
        return random.randrange(n)

    def check(self):
        """The flash, the saved game re-scored against the one in memory, then a reboot that must come
        back to it."""
        from storage import loading, savefile

        self.counts["checks"] += 1
        g = self.r.app.game
        kind, _, state = loading.read(savefile.FILE)
        if kind == "missing":
            if g is not None:
                raise Fail("a game is in memory and nothing is saved")
        elif kind != "ok":
            raise Fail("the save file is %s: %s" % (kind, state))
        else:
            doc = state["game"]
            if g is None and doc is not None:
                raise Fail("a game is saved but none is in memory")
            if g is not None:
                if doc is None:
                    raise Fail("the game in memory is not saved")
                rescored(doc, g)
                self.holes = max(self.holes, len(g.holes) + len(g.playoff))
        before = _shown(g)
        self.counts["reboots"] += 1
        self.boot()
        after = _shown(self.r.app.game)
        if after != before:
            raise Fail("after a reboot the game is %s, not %s" % (after, before))

    def run(self, events):
        for n in range(1, events + 1):
            try:
                self.event()
                if n % self.every == 0 or n == events:
                    self.check()
            except Fail as e:
                e.args = ("at event %d of %d: %s" % (n, events, e.args[0]),)
                raise


NAMES = ("ANN", "BOB", "CY", "DI", "ED", "FLO", "GUS", "HAL")  # as many as a game may have


def prepare():
    """What the flash holds at the start, chosen by the seed: nothing; a game in progress one hole
    from its end; or a game whose last hole is in and ends in a tie (a playoff to play). The holes
    are totals (docs/RULES.md), each within what a total may be."""
    from storage import savefile
    from engine.game import GAME_IDS, rules_for

    x = random.randrange(3)
    if x == 0:
        return "an empty flash"
    gid = random.choice(GAME_IDS)
    r = rules_for(gid)
    n = random.randint(r.min_players, r.max_players)
    names = list(NAMES[:n])
    holes = random.randint(1, 9)
    g = None
    while g is None:  # (a tie out of reach of the totals a hole may have: dealt again)
        g = _dealt(gid, r, names, holes, x == 2)
    st = savefile.defaults()
    st["roster"] = names
    savefile.save(st, g)
    return "a %d-player %s game at hole %d of %d" % (n, gid, len(g.holes), holes)


def _dealt(gid, r, names, holes, tie):
    """A game of holes holes, all in (tie: the last one ties the two lowest totals) or all but the
    last; None if the tie needs a total out of range."""
    from engine.game import TOTAL_HIGH, TOTAL_LOW, Game

    n = len(names)
    g = Game(gid, names, {"holes": holes}, dealer=random.randrange(n))
    for h in range(holes if tie else holes - 1):
        entries = [random.randint(0, 20) for _ in range(n)]
        out = random.randrange(n) if r.hand else None
        ender = random.randrange(n)
        if h == holes - 1:  # the last: the two lowest tie, below every other total
            t = g.totals()
            a, b = sorted(range(n), key=lambda k: t[k])[:2]
            entries = [random.randint(1, 10) for _ in range(n)]  # the others: higher still
            entries[a], entries[b] = t[b] - t[a], 0
            if not TOTAL_LOW <= entries[a] <= TOTAL_HIGH:
                return None
            out = ender = None
        if out is not None:
            entries[out] = 0
        g.add_hole(entries, ender if g.opts["ender_rule"] != "none" else None, out)
    return g


def _error(r):
    from storage import savefile

    e = r.error
    try:
        with open(savefile.LOG) as f:
            log = f.read()
    except OSError:
        log = ""
    return "%s: %s\n%s" % (e.__class__.__name__, e, log[-1500:])


def _shown(g):
    """What a game shows: each hole's and playoff hole's scores, the totals."""
    if g is None:
        return None
    return ([list(h.scores) for h in g.holes], [list(h.scores) for h in g.playoff], g.totals())


def rescored(doc, g):
    """Fail unless tools/score.py answers for doc what the game g shows."""
    import score

    status, out, err = score.run([], json.dumps(doc))
    if status != 0:
        raise Fail("tools/score.py rejects the saved game: %s" % err.strip())
    got = json.loads(out)
    want = {"hole_scores": [list(h.scores) for h in g.holes], "totals": g.totals(),
            "playoff_scores": [list(h.scores) for h in g.playoff], "winner": g.winner(), "tied": g.tied()}
    for k in want:
        if got[k] != want[k]:
            raise Fail("tools/score.py scores the saved game's %s as %s; the device shows %s"
                       % (k, got[k], want[k]))


def main(argv):
    usage = USAGE + "\nboards: " + ", ".join(sorted(simboard.BOARDS))  # (the simulator's boards)
    opts = args.parse(argv, usage, {"--board": None, "--seed": None, "--events": "1000", "--every": "200",
                                    "--state-dir": None}, need=("--board", "--seed"))
    if opts["--board"] not in simboard.BOARDS:
        raise args.Usage("%s\nunknown board: %s" % (usage, opts["--board"]), 2)
    board, seed = opts["--board"], int(opts["--seed"])
    events, every = int(opts["--events"]), max(1, int(opts["--every"]))
    flash = opts["--state-dir"] or "build/monkey-%s-%d" % (board, seed)
    path = ""
    for part in flash.split("/"):  # a fresh flash, its parents made
        path += part + "/"
        try:
            os.mkdir(path)
        except OSError:
            pass
    for name in os.listdir(flash):
        os.remove(flash + "/" + name)
    os.chdir(flash)
    m = Monkey(board, seed, every)
    try:
        m.run(events)
    except Fail as e:
        print("FAIL %s seed %d %s" % (board, seed, e.args[0]))
        print("  the last events: " + "; ".join(m.recent))
        print("  replay: .venv/bin/micropython -X heapsize=4M tools/benches/monkey.py --board %s --seed %d "
              "--events %d --every %d" % (board, seed, events, every))
        return 1
    c = dict(m.counts, events=events, holes=m.holes, screens=len(m.screens))
    print("ok %s seed %d: %d events from %s; COUNTS %s" % (board, seed, events, m.start, json.dumps(c)))
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
