# UI figures for make bench, under the MicroPython unix port:
#   bench_ui.py presses   key presses per card entered, per game and board
#                         (mean over random dealt grids; the ok that takes
#                         each card counts; a long press counts as one)
#   bench_ui.py game      a whole 6-player 9-hole Play Nine game through the
#                         keys (the heap it needs is found by tools/bench.py)
# Prints JSON lines.
import json
import random
import sys

import toolpath  # noqa: E402,F401  (tools/, host_tests/, firmware/ on sys.path)

from test_dealt import deal  # noqa: E402
from uidriver import Driver, fresh_dir  # noqa: E402

TITLES = (("play-nine", "Play Nine"), ("suitup-crazy-9s", "Crazy 9's"), ("crazy-nines", "Crazy Nines"),
          ("suitup-original", "SuitUP"))
BOARDS = ("ttgo-t-display", "m5stack-core", "devkit-oled")


def presses(holes=3):
    random.seed(5)
    for board in BOARDS:
        for gid, title in TITLES:
            fresh_dir("bench")
            d = Driver(board)
            names = ["P%d" % k for k in range(1, 5)]
            d.new_game(title, names, holes=holes)
            for _ in range(holes):
                entries = deal(gid, len(names), random)
                out = None
                if gid == "suitup-original":
                    out = 0
                    entries[0] = []
                d.hole(entries, ender=0 if d.app.game.opts["ender_rule"] != "none" else None, out=out)
            print(json.dumps({"board": board, "game": gid, "cards": d.cards,
                              "per_card": d.card_presses / d.cards}))


def whole_game():
    import gc

    random.seed(9)
    fresh_dir("bench-heap")
    d = Driver("ttgo-t-display")
    names = ["ANN", "BOB", "CY", "DI", "ED", "FAY"]
    d.new_game("Play Nine", names, holes=9)
    for _ in range(9):
        d.hole(deal("play-nine", 6, random))
    gc.collect()
    print(json.dumps({"holes": len(d.app.game.holes), "totals": d.app.game.totals(),
                      "alloc_after": gc.mem_alloc()}))


if __name__ == "__main__":
    if sys.argv[1:] == ["presses"]:
        presses()
    elif sys.argv[1:] == ["game"]:
        whole_game()
    else:
        print("usage: bench_ui.py presses|game")
        sys.exit(2)
