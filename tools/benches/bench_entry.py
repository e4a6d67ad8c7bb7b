# Entry speed on real holes: enters holes through the real firmware in the
# simulator with the fewest presses the UI allows (the test driver,
# tools/simulator/driver.py), checks that every grid entered is the one wanted,
# and prints what it cost. Runs under the MicroPython unix port.
#
#   micropython tools/benches/bench_entry.py --board ID --holes FILE [--json] [--seed N] [--trace FILE]
#                                            [--reaction S]
#
# FILE: JSON lines, one a hole, as tools/benches/realholes.py writes them:
#   {"game": "play-nine", "players": 4, "ender": 1, "grids": [...]}
# (grids as tools/score.py reads them; Play Nine, Crazy Nines and SuitUP
# Crazy 9's). Holes are entered game by game, in the order given.
#
# Each hole is entered twice: by the ideal user, who lets go of a held
# button exactly halfway to the value kept changing, and by a person, who
# lets go a reaction time after the value wanted shows (Normal(0.25, 0.05)
# s, at least 0.1 s, seeded: --seed; --reaction S another mean, the SD
# kept), sees the value the firmware kept and
# corrects it the quickest way (tools/simulator/driver.py). A value shows once
# the board has drawn it, and a new screen slower than a keystroke is
# waited for: each board's likely ESP32 time (its board file's "answer:").
#
# Prints, per game: presses per card (the OK that takes each card counts;
# a hold that repeats a key is one press), long presses and holds per card,
# and the estimated seconds per 4-player hole: every press of the hole (from
# the game's menu to its result, the ender's question included) timed by
# Card, Moran and Newell's keystroke-level model: K (0.28 s) a press or a
# keyboard's key, two K two buttons (or fn and a key) together, K and the
# time held a long press or a hold; a tap on the CYD by Fitts' law
# (the driver's figures and sources), scaled to 4 players; then the
# person's mean and 90th percentile. --json: one JSON line a game instead.
# --trace FILE: the person's every press and hold as a JSON line (board,
# key, kind, steps wanted, ms held, value kept, seconds), to re-time them.
import json
import sys

sys.path.insert(0, (__file__[: __file__.rfind("/")] if "/" in __file__ else ".") + "/..")  # tools/
from common import paths  # noqa: E402,F401  (tools/, firmware/ on sys.path)

from common import args  # noqa: E402
from engine.game import GAME_IDS, rules_for  # noqa: E402
from ui.labels import title  # noqa: E402
from simulator.driver import WAYS, Driver, fresh_dir  # noqa: E402
from simulator import board as simboard, inputs  # noqa: E402  (after the driver: the board files on the path)
TITLES = {}  # the grid games (tools/benches/realholes.py's) by their names on the device's menu
for _g in GAME_IDS:
    if not rules_for(_g).hand:
        TITLES[_g] = title(_g)
MAX_HOLES = 18  # a game's most; more holes go into the next game


class Wrong(Exception):
    pass


def read_holes(path):
    holes = []
    with open(path) as f:
        n = 0
        for line in f:
            n += 1
            if not line.strip():
                continue
            try:
                h = json.loads(line)
            except ValueError:
                raise Wrong("%s, line %d: not JSON" % (path, n))
            if type(h) is not dict or h.get("game") not in TITLES:
                raise Wrong("%s, line %d: a hole of %s is needed" % (path, n, ", ".join(TITLES)))
            grids, players = h.get("grids"), h.get("players")
            if type(grids) is not list or type(players) is not int or len(grids) != players:
                raise Wrong("%s, line %d: players must be the number of grids" % (path, n))
            holes.append(h)
    return holes


def runs(holes):
    """Consecutive holes of one game and player count, at most MAX_HOLES."""
    out: list = []
    for h in holes:
        if out and out[-1][0]["game"] == h["game"] and out[-1][0]["players"] == h["players"] \
                and len(out[-1]) < MAX_HOLES:
            out[-1].append(h)
        else:
            out.append([h])
    return out


def enter(board, run, k, person=None, trace=None):
    """Enter a run of holes as one game (by a person: person, a seed); (cards,
    card presses, card longs, card holds, seconds per 4-player hole for each
    hole)."""
    gid, n = run[0]["game"], run[0]["players"]
    fresh_dir("entry-%d" % k)
    d = Driver(board, person=None if person is None else person + k, trace=trace)
    d.new_game(TITLES[gid], ["P%d" % (p + 1) for p in range(n)], holes=len(run))
    g = d.app.game
    r = g.rules
    seconds = []
    for h in run:
        t = d.seconds
        ender = h.get("ender") if g.opts["ender_rule"] != "none" else None
        d.hole(h["grids"], ender=ender)
        want = [r.read(grid, g.opts) for grid in h["grids"]]
        got = g.cards(g.holes[-1])
        if got != want:
            raise Wrong("hole %d of %s: entered %s, not %s" % (len(g.holes), gid, got, want))
        seconds.append((d.seconds - t) * 4 / n)
    return d.cards, d.card_presses, d.card_longs, d.card_holds, seconds


def p90(xs):
    """The 90th percentile (nearest rank)."""
    xs = sorted(xs)
    return xs[max(0, -(-9 * len(xs) // 10) - 1)]


def measure(board, holes, person=1, trace=None):
    """{game: {"cards", "per_card", "long_per_card", "hold_per_card", "hole_s",
    "holes"}} for the ideal user, and with a person (person: the seed; None:
    not) "person_s", "person_p90", "person_per_card" and "person_hold_per_card"
    too. trace: a list for the person's presses and holds."""
    tally: dict = {}
    for k, run in enumerate(runs(holes)):
        t = tally.setdefault(run[0]["game"], [0, 0, 0, 0, [], 0, 0, []])
        for i, x in enumerate(enter(board, run, k)):  # cards, presses, longs, holds, seconds
            t[i] += x
        if person is not None:
            _cards, presses, _longs, holds, seconds = enter(board, run, k, person, trace)
            for i, x in ((5, presses), (6, holds), (7, seconds)):
                t[i] += x
    out = {}
    for gid, (cards, presses, longs, holds, seconds, p_presses, p_holds, p_seconds) in tally.items():
        f = {"cards": cards, "per_card": presses / cards, "long_per_card": longs / cards,
             "hold_per_card": holds / cards, "hole_s": sum(seconds) / len(seconds), "holes": len(seconds)}
        if p_seconds:
            f.update(person_s=sum(p_seconds) / len(p_seconds), person_p90=p90(p_seconds),
                     person_per_card=p_presses / cards, person_hold_per_card=p_holds / cards)
        out[gid] = f
    return out


def main(argv):
    usage = "usage: bench_entry.py --board ID --holes FILE [--json] [--seed N] [--trace FILE] [--reaction S]"
    opts = args.parse(argv, usage,
                      {"--board": None, "--holes": None, "--seed": "1", "--trace": "", "--reaction": ""},
                      ("--json",), ("--board", "--holes"))
    if opts["--reaction"]:
        from simulator import driver

        driver.RT_S = float(opts["--reaction"])
    as_json = opts["--json"]
    import os

    path = opts["--holes"]
    cwd = os.getcwd()
    if not path.startswith("/"):
        path = cwd + "/" + path  # the driver changes into its flash
    trace: list = []
    try:
        res = measure(opts["--board"], read_holes(path), int(opts["--seed"]), trace)
    except (Wrong, OSError) as e:
        print("bench_entry: %s" % e)
        return 1
    board = opts["--board"]
    times = WAYS[inputs.of_board(simboard.board_module(board)).kind].timed
    for gid, f in res.items():
        if as_json:
            f.update(board=board, game=gid)
            print(json.dumps(f))
        else:
            print("%s %s: %d cards in %d holes, %.2f presses a card (%.2f long, %.2f holds); %.1f s a "
                  "4-player hole (%s)" % (board, gid, f["cards"], f["holes"], f["per_card"],
                                          f["long_per_card"], f["hold_per_card"], f["hole_s"], times))
            print("%s %s: %.1f s a 4-player hole for a person (p90 %.1f s; %.2f presses a card, %.2f holds)"
                  % (board, gid, f["person_s"], f["person_p90"], f["person_per_card"],
                     f["person_hold_per_card"]))
    if opts["--trace"]:
        out = opts["--trace"]
        with open(out if out.startswith("/") else cwd + "/" + out, "w") as t:
            for ev in trace:
                t.write(json.dumps(ev) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
