# The soak (make bench): 1000 holes over many games through the firmware's own screens, each saved to
# littlefs on flash in RAM, in a fixed heap under the MicroPython unix port: no MemoryError, and the
# heap after collection must not grow from game to game. Prints one JSON line.
import gc
import json
import random
import sys

sys.path.insert(0, (__file__[: __file__.rfind("/")] if "/" in __file__ else ".") + "/..")  # tools/
from common import paths  # noqa: E402,F401  (tools/, firmware/ on sys.path)
from common import args  # noqa: E402

from engine.game import GAME_IDS  # noqa: E402
from simulator import board as simboard  # noqa: E402
from simulator.flash import Flash, Volume  # noqa: E402

GAMES = GAME_IDS
FLASH_BLOCKS = 32  # 128 KB of flash in RAM, part of the heap


def soak(holes_wanted=1000, seed=11):
    from hardware import OK
    from engine.game import rules_for
    from guard import Runner
    from simulator.dealing import deal
    from ui.newgame import Setup, first_dealer

    random.seed(seed)
    flash = Flash(FLASH_BLOCKS)
    vol = Volume(flash, fresh=True)
    hw = simboard.build("devkit-oled", emulate=False)[0]
    runner = Runner(hw, 0, strict=True)
    now = [0]

    def step():
        now[0] += 5
        runner.step(now[0])

    def ok():
        runner.app.stack[-1].key(OK)
        step()

    def hole(app, target):
        from ui.entry import start  # (as the game's menu does: a hole's save lets ui/entry.py go)

        start(app, target, app.stack[-1])  # from the game's hub
        step()  # the entry screen draws
        flow = app.stack[-1].flow  # (ui/entry.py's Flow: the hole and its steps)
        d = flow.hole
        entries = deal(d.rules.id, len(d.players), random)
        if d.rules.hand:
            d.out = random.randrange(len(d.players))
            entries[d.out] = []
        d.entries = entries
        if app.game.opts["ender_rule"] != "none":
            d.ender = random.randrange(len(d.players))
        flow.commit()
        step()  # the result
        if type(app.stack[-1]).__name__ == "Message" and app.stack[-1].title == "Check cards":
            raise AssertionError(app.stack[-1].rows)
        ok()  # back to the game

    holes = games = 0
    heap: list = []
    while holes < holes_wanted:
        app = runner.app
        gid = GAMES[games % len(GAMES)]
        r = rules_for(gid)
        s = Setup(gid)
        n = r.min_players + games % (r.max_players - r.min_players + 1)
        s.names = ["P%d" % ((games + k) % 24) for k in range(n)]
        s.opts = {"holes": 18 if games % 5 == 4 else 9}
        first_dealer(app, s)
        app.stack[-1].items[games % n][1]()  # the first dealer
        step()
        while not app.game.complete():
            hole(app, None)
            holes += 1
        while app.game.playoff_players():
            hole(app, "playoff")
            holes += 1
        app.stack[-1].finish()  # the game's menu as it is now (the app makes it again after each hole)
        step()
        ok()
        games += 1
        gc.collect()
        heap.append(gc.mem_alloc())
    state = runner.app.state
    from storage import laid

    kept = len(laid.value(state, "history"))  # (on the flash: read before it is unmounted)
    vol.close()
    k = max(1, len(heap) // 10)
    return {
        "holes": holes, "games": games, "saves": state["seq"], "history_kept": kept,
        "heap_after_collect_min": min(heap), "heap_after_collect_max": max(heap),
        "heap_first_tenth_mean": sum(heap[:k]) // k, "heap_last_tenth_mean": sum(heap[-k:]) // k,
        "heap_second_half_min": min(heap[len(heap) // 2:]),
        "heap_second_half_max": max(heap[len(heap) // 2:]),
        "flash_bytes_in_heap": FLASH_BLOCKS * 4096,
        "flash_programs": flash.progs, "flash_erases": flash.erases,
    }


USAGE = "usage: soak.py [HOLES]   (1000 holes by default; one JSON line)"


def main(argv):
    a = args.positional(argv, USAGE, 1)
    if a and not a[0].isdigit():
        raise args.Usage("%s\nHOLES is a number, not %s" % (USAGE, a[0]), 2)
    print(json.dumps(soak(int(a[0]) if a else 1000)))
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
