# UI figures for make bench, under the MicroPython unix port, as JSON lines:
#   presses: key presses per card entered, per game and board (random dealt grids)
#   draw: a redraw of the entry screen in the colour boards' bands against a whole-screen one
#   display: each panel driver's time and bytes for a full frame and a changed row, and its RAM
#   record BOARD FILE: a whole 6-player 9-hole Play Nine game's presses, which heap.py replays
#   keys BOARD N: the longest turn of the loop after each of N keys, ms (tools/benches/webbench.py's)
import json
import random
import sys

sys.path.insert(0, (__file__[: __file__.rfind("/")] if "/" in __file__ else ".") + "/..")  # tools/
from common import paths  # noqa: E402,F401  (tools/, firmware/ on sys.path)

from engine.game import GAME_IDS  # noqa: E402
from engine.doc import to_doc  # noqa: E402
from simulator.dealing import deal  # noqa: E402
from ui import labels  # noqa: E402
from simulator.driver import Driver, fresh_dir  # noqa: E402
from simulator import board as simboard  # noqa: E402  (after the driver: the board files on the path)

TITLES = tuple((g, labels.title(g)) for g in GAME_IDS)  # as the device's menu names them
BOARDS = list(simboard.BOARDS)  # (a dict: the board ids, its keys)


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


def record(board, path, game="play-nine", players=6, holes=9, seed=9):
    """A whole 6-player 9-hole Play Nine game (or another game, by its id, and players: the
    command line's as text) through the keys on the board, its presses written to path for
    tools/benches/heapgame.py to replay with the firmware alone: lines "BUTTON MS", then "= TOTALS";
    and the game's document (as score.py reads it, as it is saved) to path + ".json"."""
    import os

    if not path.startswith("/"):
        path = os.getcwd() + "/" + path  # before fresh_dir changes into the flash
    random.seed(seed)
    fresh_dir("heap-record")
    d = Driver(board, calibrate=False)
    presses = []  # lines of the key file
    sim = d.sim
    press, type_key, tap = sim.press, sim.type_key, sim.tap

    def pressing(button, ms):  # a chord's buttons joined: "0+1 80"
        presses.append("%s %d" % ("+".join(str(i) for i in button) if type(button) is tuple else button, ms))
        press(button, ms)

    def typing(legend, ms=80):  # a keyboard's keys: "k fn+; 80"
        presses.append("k %s %d" % (legend, ms))
        type_key(legend, ms)

    def tapping(x, y, ms=80):  # a tap: "t X Y 80"
        presses.append("t %d %d %d" % (x, y, ms))
        tap(x, y, ms)

    sim.press, sim.type_key, sim.tap = pressing, typing, tapping
    d.calibrate()  # a touch board's first start: in the file too
    from engine.game import GAMES

    names = ["ANN", "BOB", "CY", "DI", "ED", "FAY", "GUS", "HAL"][: int(players)]
    d.new_game([g[3] for g in GAMES if g[0] == game][0], names, holes=holes)
    for _ in range(holes):
        d.hole(deal(game, len(names), random))
    with open(path, "w") as f:
        for line in presses:
            f.write(line + "\n")
        f.write("= %s\n" % json.dumps(d.app.game.totals()))
    with open(path + ".json", "w") as f:  # the game as it must be saved
        f.write(json.dumps(to_doc(d.app.game)))
    print(json.dumps({"board": board, "presses": len(presses), "holes": len(d.app.game.holes)}))


def draw_times(frames=20):
    """Per colour board: one redraw of the entry screen in the board's bands,
    and from a frame buffer of the whole screen (us, this machine)."""
    import time

    from ui.draw import Pen

    # the boards whose panel a whole-screen driver is made for here: an ST7789 (240x135) or an ILI9342
    for board in [b for b in BOARDS if simboard.board_module(b).PANEL[0] in ("st7789", "ili9342")]:
        fresh_dir("bench-draw")
        d = Driver(board)
        d.new_game("Play Nine", ["ANN", "BOB", "CY", "DI"], holes=3)
        d.key("ok")  # the entry screen
        top = d.top()
        banded = d.app.hw.display
        mod = d.sim.board
        whole = panel(mod.PANEL, 0)[0]
        times = [10**9, 10**9]
        pens = (d.app.pen, Pen(whole))
        for _ in range(5):  # the best of five rounds each, taken in turn: less noise
            for i in range(2):
                t = time.ticks_us()
                for _ in range(frames):
                    pens[i].frame(top.draw)
                times[i] = min(times[i], time.ticks_diff(time.ticks_us(), t) / frames)
        print(json.dumps({"board": board, "band": banded.band, "height": banded.height,
                          "band_us": times[0], "whole_us": times[1]}))


def panel(spec, band):
    """A board's panel (its PANEL) on a bus that only counts bytes (boards/virtual.py's NullBus,
    also its pins); band 0: a frame buffer of the whole screen. (display, bus, the RAM it took)."""
    import gc

    import drivers.ili9342  # noqa: F401  (code loaded first: RAM below is the display's own)
    import drivers.ssd1306  # noqa: F401
    import drivers.st7789  # noqa: F401
    from virtual import NullBus

    bus = NullBus()
    colour = {"st7789": drivers.st7789.ST7789, "ili9342": drivers.ili9342.ILI9342}.get(spec[0])
    gc.collect()
    before = gc.mem_alloc()
    if colour:
        d = colour(bus, bus, bus, None, rotation=spec[1], band=band)
    else:
        d = drivers.ssd1306.SSD1306(spec[1], spec[2], bus)
    gc.collect()
    return d, bus, gc.mem_alloc() - before


def pushed(d, bus, x, y, w, h, repeat):
    """(us, bytes) of pushing the window (a band at a time where the display has bands)."""
    import time

    rows = getattr(d, "band", d.height)
    bus.data_bytes = 0
    t0 = time.ticks_us()
    for _ in range(repeat):
        for top in range(y, y + h, rows):
            if rows < d.height:
                d.at(top)
            d.mark(x, top, w, min(rows, y + h - top))
            d.show()
    return time.ticks_diff(time.ticks_us(), t0) / repeat, bus.data_bytes // repeat


def display():
    """A line a panel kind: the TTGO's ST7789, the M5Stack's ILI9342, the DevKit's SSD1306."""
    import gc

    for name in ("ttgo_t_display", "m5stack_core", "devkit_oled"):
        mod = __import__(name)
        d, bus, ram = panel(mod.PANEL, getattr(mod, "BAND", 0))
        d.fill(1)
        row_h = (8 if d.width < 200 else 16) + 4
        full = pushed(d, bus, 0, 0, d.width, d.height, 10)
        row = pushed(d, bus, 0, 30, d.width, row_h, 50)
        print(json.dumps({"board": mod.ID, "size": "%dx%d" % (d.width, d.height), "ram": ram,
                          "full_us": full[0], "full_bytes": full[1],
                          "row_us": row[0], "row_bytes": row[1], "row_h": row_h}))
        del d
        gc.collect()


def keys(board, n):
    """The longest turn of the loop after each of n keys (down and up in turn), the key read, the
    screen redrawn and shown on the board's driver (no panel emulated): a line "MS ms ms ..."."""
    import time

    from simulator.session import Sim

    fresh_dir("webbench")
    s = Sim(board, emulate=False, guarded=True)
    top = s.app.stack[-1]
    if type(top).__name__ == "Calibrate":  # a touch board's first start: its crosses tapped
        for x, y in top.points:
            s.tap(x, y)
    step, out = s.runner.step, []
    for i in range(int(n)):
        worst = [0]

        def timed(now, worst=worst):  # each turn of the loop timed, as sim.py presses
            t0 = time.ticks_us()
            r = step(now)
            worst[0] = max(worst[0], time.ticks_diff(time.ticks_us(), t0))
            return r

        s.runner.step = timed
        s.press_key(("down", "up")[i % 2])
        s.runner.step = step
        out.append(worst[0] / 1000)
    print("MS", " ".join("%.2f" % v for v in out))


BENCHES = {"presses": presses, "draw": draw_times, "display": display, "record": record, "keys": keys}

if __name__ == "__main__":
    a = sys.argv[1:]
    if not (a[:1] in (["presses"], ["draw"], ["display"]) and len(a) == 1 or a[:1] in (["record"], ["keys"])
            and len(a) == 3 or a[:1] == ["record"] and len(a) == 5):
        print("usage: bench_ui.py presses | draw | display | record BOARD FILE [GAME PLAYERS] | keys BOARD N")
        sys.exit(0 if a in (["-h"], ["--help"]) else 2)
    if sys.implementation.name != "micropython":  # framebuf (the firmware draws with it), viper, gc.mem_alloc
        sys.exit("bench_ui.py: it runs under the MicroPython unix port, not %s (the firmware draws with its "
                 "framebuf): .venv/bin/micropython -X heapsize=16M tools/benches/bench_ui.py %s (make bench "
                 "runs it so)" % (sys.implementation.name, " ".join(a)))
    BENCHES[a[0]](*a[1:])
