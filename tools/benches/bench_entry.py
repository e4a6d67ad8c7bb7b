# Entry speed on real holes (make bench): enters the holes of FILE (JSON lines, as
# tools/benches/realholes.py writes them) through the firmware in the simulator with the
# fewest presses (tools/simulator/driver.py), by the ideal user and by a seeded person, checks
# every grid kept, and prints a JSON line a game: presses, long presses and holds a card,
# seconds a 4-player hole by the keystroke-level model (docs/USING.md, "Entry speed"); under MicroPython.
import json
import sys

sys.path.insert(0, (__file__[: __file__.rfind("/")] if "/" in __file__ else ".") + "/..")  # tools/
from common import paths  # noqa: E402,F401  (tools/, firmware/ on sys.path)

from common import args  # noqa: E402
from engine.game import GAME_IDS, rules_for  # noqa: E402
from ui.labels import title  # noqa: E402
from simulator.driver import Driver, fresh_dir  # noqa: E402

TITLES = {g: title(g) for g in GAME_IDS if not rules_for(g).hand}  # the grid games, as the menu names them
MAX_HOLES = 18  # a game's most; more holes go into the next game


class Wrong(Exception):
    pass


def read_holes(path):
    holes = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
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
    """Enter a run of holes as one game (by a person: person, a seed); (cards, card presses, card
    longs, card holds, seconds per 4-player hole for each hole)."""
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
    """{game: {"cards", "per_card", "long_per_card", "hold_per_card", "hole_s", "holes"}} for the
    ideal user, and with a person (person: the seed; None: not) "person_s", "person_p90",
    "person_per_card" and "person_hold_per_card" too. trace: a list for the person's presses and holds."""
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
    usage = "usage: bench_entry.py --board ID --holes FILE [--seed N] [--trace FILE] [--reaction S]"
    opts = args.parse(argv, usage, {"--board": None, "--holes": None, "--seed": "1", "--trace": "",
                                    "--reaction": ""}, need=("--board", "--holes"))
    if opts["--reaction"]:
        from simulator import driver

        driver.RT_S = float(opts["--reaction"])
    import os

    cwd = os.getcwd()  # the paths made absolute: the driver changes into its flash
    path, out = (p if p.startswith("/") else cwd + "/" + p for p in (opts["--holes"], opts["--trace"]))
    trace: list = []
    try:
        res = measure(opts["--board"], read_holes(path), int(opts["--seed"]), trace)
    except (Wrong, OSError) as e:
        print("bench_entry: %s" % e)
        return 1
    for gid, f in res.items():
        f.update(board=opts["--board"], game=gid)
        print(json.dumps(f))
    if opts["--trace"]:
        with open(out, "w") as t:
            for ev in trace:
                t.write(json.dumps(ev) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
