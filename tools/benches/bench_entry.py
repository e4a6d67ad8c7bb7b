# Entry speed on real holes: enters holes through the real firmware in the
# simulator with the fewest presses the UI allows (the test driver,
# host_tests/uidriver.py), checks that every grid entered is the one wanted,
# and prints what it cost. Runs under the MicroPython unix port.
#
#   micropython tools/benches/bench_entry.py --board ID --holes FILE [--json]
#
# FILE: JSON lines, one a hole, as tools/benches/realholes.py writes them:
#   {"game": "play-nine", "players": 4, "ender": 1, "grids": [...]}
# (grids as tools/score.py reads them; Play Nine, Crazy Nines and SuitUP
# Crazy 9's). Holes are entered game by game, in the order given.
#
# Prints, per game: presses per card (the OK that takes each card counts;
# a hold that repeats a key is one press), long presses and holds per card,
# and the estimated seconds per 4-player hole: every press of the hole (from
# the game's menu to its result, the ender's question included) at SHORT_S
# a short press, LONG_S a long one, CHORD_S two buttons pressed together
# and REACH_S plus the time held a hold; TYPE_S a key of the Cardputer's
# keyboard (CHORD_S fn with an arrow's key), TAP_S a tap on the CYD
# (host_tests/uidriver.py), scaled to 4 players. --json: one JSON line a
# game instead.
import json
import sys

sys.path.insert(0, (__file__[: __file__.rfind("/")] if "/" in __file__ else ".") + "/..")  # tools/
from common import paths  # noqa: E402,F401  (tools/, host_tests/, firmware/ on sys.path)

from common import args  # noqa: E402
from engine.game import GAME_IDS, rules_for  # noqa: E402
from ui.labels import title  # noqa: E402
from uidriver import CHORD_S, LONG_S, REACH_S, SHORT_S, TAP_S, TYPE_S, Driver, fresh_dir  # noqa: E402
from simulator import board as simboard  # noqa: E402  (after uidriver: the board files on the path)
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


def enter(board, run, k):
    """Enter a run of holes as one game; (cards, card presses, card longs,
    card holds, seconds per 4-player hole for each hole)."""
    gid, n = run[0]["game"], run[0]["players"]
    fresh_dir("entry-%d" % k)
    d = Driver(board)
    d.new_game(TITLES[gid], ["P%d" % (p + 1) for p in range(n)], holes=len(run))
    g = d.app.game
    r = g.rules
    seconds = []
    for h in run:
        t = d.seconds
        ender = h.get("ender") if g.opts["ender_rule"] != "none" else None
        d.hole(h["grids"], ender=ender)
        want = [r.read(grid, g.opts) for grid in h["grids"]]
        got = g.holes[-1].cards
        if got != want:
            raise Wrong("hole %d of %s: entered %s, not %s" % (len(g.holes), gid, got, want))
        seconds.append((d.seconds - t) * 4 / n)
    return d.cards, d.card_presses, d.card_longs, d.card_holds, seconds


def measure(board, holes):
    """{game: {"cards", "per_card", "long_per_card", "hole_s"}}."""
    tally: dict = {}
    for k, run in enumerate(runs(holes)):
        cards, presses, longs, holds, seconds = enter(board, run, k)
        t = tally.setdefault(run[0]["game"], [0, 0, 0, 0, []])
        t[0] += cards
        t[1] += presses
        t[2] += longs
        t[3] += holds
        t[4] += seconds
    out = {}
    for gid, (cards, presses, longs, holds, seconds) in tally.items():
        out[gid] = {"cards": cards, "per_card": presses / cards, "long_per_card": longs / cards,
                    "hold_per_card": holds / cards, "hole_s": sum(seconds) / len(seconds),
                    "holes": len(seconds)}
    return out


def main(argv):
    opts = args.parse(argv, "usage: bench_entry.py --board ID --holes FILE [--json]",
                      {"--board": None, "--holes": None}, ("--json",), ("--board", "--holes"))
    as_json = opts["--json"]
    import os

    path = opts["--holes"]
    if not path.startswith("/"):
        path = os.getcwd() + "/" + path  # the driver changes into its flash
    try:
        res = measure(opts["--board"], read_holes(path))
    except (Wrong, OSError) as e:
        print("bench_entry: %s" % e)
        return 1
    board = opts["--board"]
    kind = getattr(simboard.board_module(board), "INPUT", "buttons")
    if kind == "keyboard":
        times = "%.1f s a key, %.1f s fn with an arrow's key" % (TYPE_S, CHORD_S)
    elif kind == "touch":
        times = "%.1f s a tap" % TAP_S
    else:
        times = ("%.1f s a short press, %.1f s a long one, %.1f s two buttons together, %.1f s and the "
                 "time held a hold" % (SHORT_S, LONG_S, CHORD_S, REACH_S))
    for gid, f in res.items():
        if as_json:
            f.update(board=board, game=gid)
            print(json.dumps(f))
        else:
            print("%s %s: %d cards in %d holes, %.2f presses a card (%.2f long, %.2f holds); %.1f s a "
                  "4-player hole (%s)" % (board, gid, f["cards"], f["holes"], f["per_card"],
                                          f["long_per_card"], f["hold_per_card"], f["hole_s"], times))
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
