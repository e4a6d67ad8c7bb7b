# The heap with Wi-Fi on (issue 17): heapgame.py's whole game without Wi-Fi and with the phones' web
# side up, a collection after each key line; a script of its own, so that its compiling is no peak of
# heapgame.py's (docs/MEMORY.md, "The harnesses", says why and each mode: wbase, peak, wifi).
#   micropython heapwifi.py FIRMWARE BOARDS TOOLS BOARD MODE [KEYS [PORT]]
# Each exits 0, or fails as heapgame.py's game does (the guard is strict).
import gc
import sys

src, boards, tools, board_id, mode = sys.argv[1:6]
sys.path[:0] = [src, boards, tools]
if mode == "wifi":
    sys.path.insert(1, src + "/lib" if src else "lib")  # the board's libraries (none now), after the firmware
from heapgame import GAP_MS, STEP_MS, press, stopped  # noqa: E402  (its key-file player)
PHONES = 4  # wifi: connections held before the game starts ...
WAIT_MS = 10000  # ... or after this long, whatever there are

most = [0, 0]  # the most in use after a collection, and the free then


def collect():
    gc.collect()
    used = gc.mem_alloc()
    if used > most[0]:
        most[0] = used
        most[1] = gc.mem_free()


def say(what, *more):
    gc.collect()
    print(what, gc.mem_alloc(), gc.mem_free(), *more)


class Done(KeyboardInterrupt):
    """The key file is done: out of the web side's loop (serve() lets a
    KeyboardInterrupt through, as it does the simulator's quit)."""


def main(argv):
    from simulator import board as simboard  # the harness: with boards/virtual.py and the TTGO's board file

    name = simboard.BOARDS[board_id]
    if name not in sys.modules:  # the board's file as the board has it: board.mpy (no compiling)
        sys.modules[name] = __import__("board")
    if mode == "wbase":  # heapgame.py's base, with this script
        mod = simboard.board_module(board_id)
        if getattr(mod, "INPUT", "buttons") == "keyboard":
            import simulator.keyboard  # noqa: F401
        elif getattr(mod, "INPUT", "buttons") == "touch":
            import simulator.touch  # noqa: F401
        say("HEAP wbase")
        return
    hw, _bus, fingers, _mod = simboard.build(board_id, emulate=False)
    from guard import Runner

    r = Runner(hw, 0, strict=True)

    def tick(ms, now):
        for _ in range(ms // STEP_MS):
            r.step(now)
            now += STEP_MS
        return now

    at = [tick(GAP_MS, 0), None]  # the clock, the totals the key file ends with
    f = open(argv[6])

    def line():
        s = f.readline()
        if not s or s[0] == "=":
            at[1] = s[1:].strip() if s else None
            if mode == "wifi":
                print("DONE")  # the caller's phones stop: the server goes down now
            raise Done()
        at[0] = press(fingers, s, at[0], tick)
        why = stopped(r)
        if why:  # the firmware coped; the replay cannot
            print(why)  # (the 32-bit port says nothing of an exit's reason)
            raise SystemExit(why)
        collect()

    if mode == "peak":
        try:
            while True:
                line()
        except Done:
            pass
    else:
        served(r, tick, at, line, int(argv[7]))
    f.close()
    import json

    game = r.app.game
    got = json.dumps(game.totals()) if game is not None else "no game"
    if got != at[1]:
        why = "the replay went astray: totals %s, not %s" % (got, at[1])
        print(why)  # (the 32-bit port says nothing of an exit's reason)
        raise SystemExit(why)
    print("HEAP", mode, most[0], most[1])


def served(r, tick, at, line, port):
    """wifi: the replay (line(), until Done) inside the web side, once the
    server listens and the phones hold their connections."""
    import time

    from web.run import serve  # the device's loop beside the web side

    phase = [0, 0, 0, 0, 0]  # 0 the server starting, 1 the phones coming, 2 the game; turns in it;
    # the ms the phones' wait began; the most connections at once; when the next key line is due

    def step():
        net = r.app.net if r.app is not None else None
        conns = net.conns if net is not None else 0
        if conns > phase[3]:
            phase[3] = conns
        if phase[0] == 2:
            # a key line when its time has come: the game at the pace its keys were played
            # (the replay's clock), the web side serving the phones between them
            if time.ticks_diff(time.ticks_ms(), phase[4]) >= 0:
                was = at[0]
                line()
                phase[4] = time.ticks_add(phase[4], at[0] - was)
            return
        at[0] = tick(STEP_MS, at[0])
        collect()
        if phase[0] == 0:
            if net is not None and net.wifi.port == port:  # the server listens
                phase[1] += 1
            if phase[1] >= 3:
                say("UP")
                print("READY")
                phase[0], phase[2] = 1, time.ticks_ms()
        elif conns >= PHONES or time.ticks_diff(time.ticks_ms(), phase[2]) > WAIT_MS:
            say("CONNECTED", conns)
            phase[0], phase[4] = 2, time.ticks_ms()

    r.app.state["settings"]["wifi"] = "own"
    try:
        serve(r, step, STEP_MS, port)
    except Done:
        say("END")
        print("CONNS", phase[3])
        return
    try:
        with open("errors.log") as log:
            print(log.read())
    except OSError:
        pass
    raise SystemExit("the web side stopped before the end of the game (errors.log above)")


main(sys.argv)
