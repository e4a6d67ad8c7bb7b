# A whole game entered through a board's keys on the simulator (the unix
# port), as the keys, taps and buttons it took: what the web page's test
# (test_web_page.py) then does on the page's own keys, taps and buttons, to
# meet the same screens and end with the same game. The cards are dealt from
# a shuffled deck (tools/simulator/dealing.py); the engine scores the same holes apart.
#
#   micropython host_tests/pagegame.py BOARD SEED HOLES RELOAD_AFTER
#
# Prints one JSON object: "parts", the input events of each part of the
# game (a part ends where the page is reloaded: the sim boots again on its
# flash; the last part finishes the game), and "game", the game as
# tools/score.py reads it, with the engine's "totals" and "winner". An event
# is ["tap", x, y], ["key", legend, ...] (held together: "fn", ";") or
# ["press", [button, ...], ms]. No key is held to repeat (a page's timers
# are not the sim's clock): every step is a press of its own.
import json
import os
import random
import sys

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
if not HERE.startswith("/"):  # absolute: the sim's flash is another directory
    HERE = os.getcwd() + "/" + HERE
sys.path.insert(0, HERE + "/../firmware")
sys.path.insert(0, HERE + "/../tools")
sys.path.append(HERE + "/../boards")

from engine.game import Game  # noqa: E402
from engine.doc import to_doc  # noqa: E402
from simulator.dealing import deal  # noqa: E402
from simulator.driver import Driver, fresh_dir  # noqa: E402

GID = "play-nine"
NAMES = ["ANN", "BOB", "CY", "DI"]


def holes_without_a_tie(seed, holes):
    """The holes dealt from seed (the next seed while the game would tie:
    a playoff is another test's), and the engine's game of them."""
    while True:
        random.seed(seed)
        rng = random
        dealt = []
        ref = Game(GID, list(NAMES), {"holes": holes})
        for _ in range(holes):
            grids = deal(GID, len(NAMES), rng)
            ender = rng.randrange(len(NAMES))
            ref.add_hole(grids, ender=ender)
            dealt.append((grids, ender))
        if not ref.tied():
            return dealt, ref
        seed += 1


def recorded(d, parts):
    """Every input the driver gives its sim, kept in the last of parts as well."""
    sim = d.sim
    tap, type_key, press = sim.tap, sim.type_key, sim.press

    def rec_tap(x, y, *a):
        parts[-1].append(["tap", x, y])
        tap(x, y, *a)

    def rec_type(legend, *a):
        keys = legend.split("+") if len(legend) > 1 and "+" in legend else [legend]
        parts[-1].append(["key"] + keys)
        type_key(legend, *a)

    def rec_press(button, ms):
        parts[-1].append(["press", list(button) if type(button) is tuple else [button], ms])
        press(button, ms)

    sim.tap, sim.type_key, sim.press = rec_tap, rec_type, rec_press
    d.hold_button = {}  # no held repeats: each step a press
    return d


def main(argv):
    board, seed, holes, reload_after = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    dealt, ref = holes_without_a_tie(seed, holes)
    fresh_dir("pagegame-" + board)
    parts = [[]]
    # a touch board's first start: its crosses tapped, not recorded (the page asks for none: exact pointer)
    d = recorded(Driver(board), parts)
    d.new_game("Play Nine", NAMES, holes=holes)
    for k, (grids, ender) in enumerate(dealt):
        if k == reload_after:  # the page reloaded: the board boots again on its flash
            parts.append([])
            d = recorded(Driver(board, calibrate=False), parts)
            assert d.screen() == "Play", d.screen()
        d.hole(grids, ender=ender)
    assert d.app.game.totals() == ref.totals(), (d.app.game.totals(), ref.totals())
    parts.append([])
    d.choose("Finish game")
    assert d.top().title == "Game over", d.top().title
    print(json.dumps({"parts": parts, "game": to_doc(ref), "totals": ref.totals(), "winner": ref.winner()}))


if __name__ == "__main__":
    main(sys.argv[1:])
