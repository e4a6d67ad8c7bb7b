# The firmware alone, pressed K times with one kind of key, for the speed
# figures (tools/benches/keycost.py runs it under valgrind's callgrind and
# counts instructions: K and 2K presses, the difference a key). Run by a
# MicroPython unix port in an empty folder (the board's flash), as heapgame.py:
#
#   micropython keygame.py FIRMWARE BOARDS TOOLS BOARD KIND K [SLOTS]
#
# Boots the firmware on the board's real display driver (a bus that only
# counts bytes), starts a 4-player Play Nine game and its first hole (the
# first player's grid on screen), presses WARM keys of KIND, then K more
# (and with SLOTS, turns the loop as long again as SLOTS - K of them took,
# with no key: two runs of K and 2K presses in 2K slots turn it as often):
#   step    a card step: the cell's card changed (buttons: down; the
#           Cardputer: a card's key; the CYD: a card's key on the pad)
#   move    the cursor moved (buttons: ok, on to the next cell; the
#           Cardputer: fn+/ (right); the CYD: a tap on a cell, two cells in turn)
#   screen  a new screen: back at the first cell opens "Leave hole?", and
#           its "Stay" brings the grid back: each a whole screen drawn
#   idle    no key: the loop polling for as long as K card steps take
#   gc      no key: K garbage collections of the game's heap
# Prints "KEYS <kind> <presses> <ticks> <bytes sent> <writes> <allocated>
# <threshold>": ticks are the loop's 5 ms turns the presses took (the idle
# cost of each is subtracted by the caller); bytes and writes
# (transactions), what the display sent for the K presses (counting the
# writes costs a call each: some 0.1% of a key); allocated, the bytes the
# presses allocated, with the garbage collector held off while they run (so
# that where a collection falls does not move the count: the caller adds
# the collections' share, a collection every threshold bytes, app.py's).
import sys

src, boards, tools, board_id, kind, count = sys.argv[1:7]
count = int(count)
slots = int(sys.argv[7]) if len(sys.argv) > 7 else count  # presses, the rest of them no key
sys.path[:0] = [src, boards, tools]

STEP_MS = 5
GAP_MS = 40  # between presses: longer than the debounce
HOLD_MS = 80  # a short press
WARM = 1  # presses before the counted ones: what the first loads or makes once


def main():
    from simulator import board as simboard

    name = simboard.BOARDS[board_id]
    if name not in sys.modules:  # the board's file as the board has it
        sys.modules[name] = __import__("board")
    hw, bus, fingers, mod = simboard.build(board_id, emulate=False)
    from guard import Runner

    r = Runner(hw, 0, strict=True)
    ticks = [0, 0]  # the clock (ms), the turns counted

    def tick(ms):
        for _ in range(ms // STEP_MS):
            r.step(ticks[0])
            ticks[0] += STEP_MS
            ticks[1] += 1

    tick(GAP_MS)
    app = r.app
    inp = getattr(mod, "INPUT", "buttons")
    if inp == "touch":  # calibrated already (the simulated panel's wiring): no calibration screen
        hw.keys.touch.cal = (210, 3870, 3790, 180, False)
        del app.stack[1:]
    from engine.game import Game
    from ui import entry
    from ui.play import Play

    app.game = Game("play-nine", ["ANN", "BOB", "CY", "DI"])
    play = Play(app)
    app.push(play)
    entry.start(app, None, play)
    tick(GAP_MS)
    grid = app.stack[-1]

    def button(i, ms):
        held = [fingers[int(b)] for b in str(i).split("+")]
        for sw in held:
            sw.held = True
        tick(ms)
        for sw in held:
            sw.held = False
        tick(GAP_MS)

    def typed(legends):
        for k in legends.split("+"):
            fingers.press(k)
            tick(2 * STEP_MS)
        tick(HOLD_MS)
        for k in legends.split("+"):
            fingers.release(k)
            tick(2 * STEP_MS)
        tick(GAP_MS)

    def tap(x, y):
        fingers.finger = (x, y)
        tick(HOLD_MS)
        fingers.finger = None
        tick(GAP_MS)

    def logical(k):
        """The button that gives logical key k (a short press, else a long one)."""
        for (b, how), key in mod.KEYMAP.items():
            if key == k and how in (SHORT, LONG):
                ms = HOLD_MS if how == SHORT else 700
                return ("+".join(str(i) for i in b) if type(b) is tuple else b), ms
        raise SystemExit("no button for %s" % k)

    from app import GC_EVERY
    from hardware import BACK, DOWN, LONG, OK, SHORT

    n = 0

    def press(i):
        """The i-th press of the kind."""
        if kind == "idle":
            tick(HOLD_MS + GAP_MS)
        elif kind == "gc":
            pass
        elif inp == "buttons":
            if kind == "screen":
                k = BACK if i % 2 == 0 else OK  # "Leave hole?", then its first item: Stay
            else:
                k = DOWN if kind == "step" else OK
            b, ms = logical(k)
            button(b, ms)
        elif inp == "keyboard":
            if kind == "step":
                typed("5")
            elif kind == "move":
                typed("fn+/")
            else:
                typed("`" if i % 2 == 0 else "enter")
        else:
            from ui import touch

            pen = app.pen
            if kind == "step":
                labels = touch.keys_of(app.stack[-1])
                per, y0 = touch.layout(pen, labels)
                j = labels.index("5")
                tap(j % per * touch.KEY + touch.KEY // 2, y0 + j // per * touch.KEY + touch.KEY // 2)
            elif kind == "move":
                x0, y, cw, rh, _ = entry.grid_box(pen, grid.C)
                tap(x0 + cw * (1 + i % 2) + cw // 2, y + rh // 2)
            elif i % 2 == 0:  # the pad's Back, at the first cell: "Leave hole?"
                labels = touch.keys_of(app.stack[-1])
                per, y0 = touch.layout(pen, labels)
                j = labels.index("Back")
                tap(j % per * touch.KEY + touch.KEY // 2, y0 + j // per * touch.KEY + touch.KEY // 2)
            else:  # the bar's OK: its first item, Stay
                tap(pen.d.width - 10, pen.d.height - 10)

    for _ in range(WARM):
        press(n)
        n += 1
    if kind == "screen" and n % 2:
        press(n)
        n += 1
    writes = [0]  # the bus's transactions (a DCS panel writes a row at a time), counted for the bus time
    spi, i2c, i2cv = bus.write, bus.writeto, bus.writevto

    def write(buf):  # (fixed arguments: a call allocates nothing)
        writes[0] += 1
        spi(buf)

    def writeto(addr, buf):
        writes[0] += 1
        i2c(addr, buf)

    def writevto(addr, vec):
        writes[0] += 1
        i2cv(addr, vec)

    bus.write, bus.writeto, bus.writevto = write, writeto, writevto
    import gc

    gc.collect()
    threshold = (gc.mem_free() + gc.mem_alloc()) // GC_EVERY
    t0, b0 = ticks[1], bus.data_bytes
    if kind == "gc":
        for _ in range(count):
            gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    for _ in range(count if kind != "gc" else 0):
        press(n)
        n += 1
    if count and slots > count:  # the loop turning as long again without a key: every run turns as often
        tick((ticks[1] - t0) * STEP_MS * (slots - count) // count)
    allocated = gc.mem_alloc() - a0
    gc.enable()
    if kind not in ("idle", "gc"):
        want = grid if kind != "screen" or n % 2 == 0 else None
        assert want is None or app.stack[-1] is want, "the presses went astray: %r" % app.stack[-1]
        assert r.app is app, "the app restarted"
    print("KEYS", kind, count, ticks[1] - t0, bus.data_bytes - b0, writes[0], allocated, threshold)


main()
