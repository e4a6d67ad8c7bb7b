# The firmware alone in a heap, for the heap figures (tools/benches/heap.py: make size, make bench):
#   micropython heapgame.py FIRMWARE BOARDS TOOLS BOARD MODE [KEYS]
# run by a unix port in an empty folder (the board's flash); MODE base, boot, game or low. Prints
# "HEAP <mode> <in use after a collection> <free>" (docs/MEMORY.md, "The harnesses", says each mode).
# The harness allocates nothing per key: the key file is read a line at a time.
import gc
import sys

src, boards, tools, board_id, mode = sys.argv[1:6]
sys.path[:0] = [src, boards, tools]
STEP_MS = 5  # the firmware's poll interval
GAP_MS = 40  # between presses: longer than the debounce


def report(what):
    gc.collect()
    print("HEAP", what, gc.mem_alloc(), gc.mem_free())


def press(fingers, line, now, tick):
    """One line of the key file pressed (tools/benches/heap.py's record());
    the clock after it. heapwifi.py presses with this one too."""
    if line[0] == "k":  # a keyboard's key, or keys together: "k fn+; 80"
        _, legends, ms = line.split()
        for k in legends.split("+"):
            fingers.press(k)
            now = tick(2 * STEP_MS, now)
        now = tick(int(ms), now)
        for k in legends.split("+"):
            fingers.release(k)
            now = tick(2 * STEP_MS, now)
    elif line[0] == "t":  # a tap: "t X Y 80"
        _, x, y, ms = line.split()
        fingers.finger = (int(x), int(y))
        now = tick(int(ms), now)
        fingers.finger = None
    else:
        b, ms = line.split()
        held = [fingers[int(i)] for i in b.split("+")]  # "0+1": two buttons together
        for sw in held:
            sw.held = True
        now = tick(int(ms), now)
        for sw in held:
            sw.held = False
    return tick(GAP_MS, now)


def stopped(r):
    """Why the game cannot go on as recorded (memory ran out), or None."""
    if r.app is None:
        return "the error screen: %s" % r.error.__class__.__name__
    top = r.app.stack[-1]
    if getattr(top, "title", None) == "Not saved":
        return "a save failed at hole %d: %s" % (len(r.app.game.holes), top.rows[0])
    return None


def main():
    from simulator import board as simboard  # the harness: with boards/virtual.py and the TTGO's board file

    name = simboard.BOARDS[board_id]
    if name not in sys.modules:  # the board's file as the board has it: board.mpy (no compiling)
        sys.modules[name] = __import__("board")
    if mode == "base":  # with the board's file and the model of its keyboard or touch panel
        mod = simboard.board_module(board_id)
        if getattr(mod, "INPUT", "buttons") == "keyboard":
            import simulator.keyboard  # noqa: F401
        elif getattr(mod, "INPUT", "buttons") == "touch":
            import simulator.touch  # noqa: F401
        report("base")
        return

    hw, _bus, fingers, _mod = simboard.build(board_id, emulate=False)
    from guard import Runner

    r = Runner(hw, 0, strict=mode != "low")
    now = 0

    def tick(ms, now):
        for _ in range(ms // STEP_MS):
            r.step(now)
            now += STEP_MS
        return now

    now = tick(GAP_MS, now)
    if mode == "boot":
        report("boot")
        return
    totals = None
    with open(sys.argv[6]) as f:
        while True:
            line = f.readline()
            if not line:
                break
            if line[0] == "=":
                totals = line[1:].strip()
                break
            now = press(fingers, line, now, tick)
            why = stopped(r)
            if why and mode == "low":
                print("STOPPED", why)
                report(mode)
                return
            if why:  # the firmware coped; the replay cannot
                print(why)  # (the 32-bit port says nothing of an exit's reason)
                raise SystemExit(why)
    import json

    game = r.app.game
    got = json.dumps(game.totals()) if game is not None else "no game"
    if got != totals:
        why = "the replay went astray: totals %s, not %s" % (got, totals)
        print(why)  # (the 32-bit port says nothing of an exit's reason)
        raise SystemExit(why)
    report(mode)


if __name__ == "__main__":  # (heapwifi.py imports press() and stopped())
    main()
