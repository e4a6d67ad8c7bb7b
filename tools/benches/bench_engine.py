# The engine's speed, for make bench under CPython and the MicroPython unix port: one JSON line,
# microseconds per hole scored and per showdown.
import json
import sys

sys.path.insert(0, __file__[: __file__.rfind("/")] + "/../../firmware")
sys.path.insert(0, __file__[: __file__.rfind("/")] + "/..")  # tools/

from common import args  # noqa: E402

from engine import multiple_9  # noqa: E402
from engine.doc import from_doc  # noqa: E402

try:
    from time import ticks_diff, ticks_us  # MicroPython
except ImportError:
    from time import perf_counter

    ticks_us = lambda: int(perf_counter() * 1000000)
    ticks_diff = lambda a, b: a - b


def per_call(fn, arg, repeat):
    fn(arg)  # warm up (imports, caches)
    t0 = ticks_us()
    for _ in range(repeat):
        fn(arg)
    return ticks_diff(ticks_us(), t0) / repeat


USAGE = "usage: bench_engine.py GAME.json SHOWDOWN.json   (run by make bench: one JSON line of timings)"


def main(argv):
    if len(args.positional(argv, USAGE, 2)) < 2:
        raise args.Usage("%s\nGAME.json and SHOWDOWN.json are needed" % USAGE, 2)
    with open(argv[0]) as f:
        game = json.load(f)
    with open(argv[1]) as f:
        sd = json.load(f)["showdown"]
    holes = len(game["holes"])
    per_game = per_call(from_doc, game, 20)
    per_sd = per_call(lambda s: multiple_9.showdown(s["board"], s["hands"]), sd, 20)
    print(json.dumps({"hole_us": per_game / holes, "showdown_us": per_sd}))
    return 0


sys.exit(args.run(main, sys.argv[1:]))
