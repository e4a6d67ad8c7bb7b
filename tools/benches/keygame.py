# The firmware alone, pressed K times with one kind of key (step, move, screen; idle, gc), for the
# speed figures: tools/benches/keycost.py counts its instructions under callgrind (docs/SPEED.md says
# each kind and what it prints). The hardware's stand-ins are machine code (viper), as machine.SPI's
# and machine.Pin's methods are C on the board.
#   micropython keygame.py FIRMWARE BOARDS TOOLS BOARD KIND K [SLOTS [SHIFT]]
import sys

import micropython

src, boards, tools, board_id, kind, count = sys.argv[1:7]
count = int(count)
slots = int(sys.argv[7]) if len(sys.argv) > 7 else count  # presses, the rest of them no key
marked = len(sys.argv) > 9 and sys.argv[9] == "marked"
sys.path[:0] = [src, boards, tools]


class _Shift:
    pass


for _i in range(int(sys.argv[8]) if len(sys.argv) > 8 else 0):  # an attribute's name is made a qstr
    setattr(_Shift, "shift%d" % _i, 0)

STEP_MS = 5
GAP_MS = 40  # between presses: longer than the debounce
HOLD_MS = 80  # a short press
# while a key is held (longer than every debounce: buttons 25 ms, the touch panel 20 and 3 readings)
HELD_STEP_MS = 20
LONG_STEP_MS = 100  # a long press (0.7 s): the long press comes at 0.6 s all the same
WARM = 1  # presses before the counted ones: what the first loads or makes once


# the stand-ins' counts: bytes sent, transactions, touch readings
COUNTS = bytearray(12)
# the touch controller's 12-bit answer to each command byte (2 bytes each), for the finger where it is
REPLY = None


@micropython.viper
def _add(i: int, n: int):
    c = ptr32(COUNTS)  # noqa: F821  (viper's own types)
    c[i] = c[i] + n


@micropython.viper
def write(buf):
    _add(0, int(len(buf)))
    _add(1, 1)


@micropython.viper
def writeto(addr, buf):
    _add(0, int(len(buf)))
    _add(1, 1)


@micropython.viper
def writevto(addr, vec):
    for b in vec:
        _add(0, int(len(b)))
    _add(1, 1)


@micropython.viper
def pin(v):
    pass


@micropython.viper
def write_readinto(tx: ptr8, rx: ptr8):  # noqa: F821
    r = ptr8(REPLY)  # noqa: F821
    c = tx[0] << 1
    rx[0] = 0
    rx[1] = r[c]
    rx[2] = r[c + 1]
    _add(2, 1)


class Pin:
    """A pin whose value() is machine code."""

    def __init__(self):
        self.value = pin


# the keyboard matrix's (the Cardputer's): the keys held on each line (the model's own bytearray,
# simulator/keyboard.py's Matrix), and the line the address pins select
LINES = bytearray(8)
SELECTED = bytearray(1)


@micropython.viper
def _address(self, v: int):
    bit = int(self.bit)
    sel = ptr8(SELECTED)  # noqa: F821
    sel[0] = (sel[0] & (0xFF ^ (1 << bit))) | ((v & 1) << bit)


@micropython.viper
def _key_in(self) -> int:
    lines = ptr8(LINES)  # noqa: F821
    sel = ptr8(SELECTED)  # noqa: F821
    return 0 if lines[sel[0]] >> int(self.bit) & 1 else 1  # pulled up: a held key reads 0


class AddressPin:
    value = _address

    def __init__(self, bit):
        self.bit = bit


class KeyPin:
    value = _key_in

    def __init__(self, bit):
        self.bit = bit


def tally(i):
    return int.from_bytes(COUNTS[4 * i : 4 * i + 4], "little")


_REPLIES = {}  # the answers for each place a finger has been: worked out once, as a press's cost


def touch_at(panel, at):
    """The finger at (x, y), or lifted: the panel model's answer to each command."""
    global REPLY
    REPLY = _REPLIES.get(at)
    if REPLY is None:
        REPLY = _REPLIES[at] = bytearray(512)
        panel.finger = at
        for cmd in (0xB0, 0xC0, 0xD0, 0x90):
            v = panel.value_for(cmd) << 3
            REPLY[2 * cmd] = v >> 8 & 0xFF
            REPLY[2 * cmd + 1] = v & 0xFF


def main():
    from simulator import board as simboard

    name = simboard.BOARDS[board_id]
    if name not in sys.modules:  # the board's file as the board has it
        sys.modules[name] = __import__("board")
    hw, bus, fingers, mod = simboard.build(board_id, emulate=False)
    bus.write, bus.writeto, bus.writevto = write, writeto, writevto
    if hasattr(hw.display, "dc"):
        hw.display.dc = hw.display.cs = pin
    inp = getattr(mod, "INPUT", "buttons")
    if inp == "touch":
        fingers.write_readinto = write_readinto
        hw.keys.touch.cs = Pin()
        touch_at(fingers, None)
    elif inp == "keyboard":
        global LINES
        LINES = fingers.lines  # pressed and released by the model (no chatter here)
        kb = hw.keys.kb
        kb.addr = [AddressPin(i) for i in range(len(kb.addr))]
        kb.ins = [KeyPin(j) for j in range(len(kb.ins))]
    from guard import Runner

    r = Runner(hw, 0, strict=True)
    ticks = [0, 0]  # the clock (ms), the turns counted

    def tick(ms, step=STEP_MS):
        for _ in range(ms // step):
            r.step(ticks[0])
            ticks[0] += step
            ticks[1] += 1

    def held(ms):
        """A key held ms: the loop turning every HELD_STEP_MS (each turn of a
        held key polls it: at 5 ms a 0.7 s long press counted 140 such turns,
        some 2M instructions on the TTGO, as the key's own: not what the
        screen waits for)."""
        tick(ms, HELD_STEP_MS if ms < 200 else LONG_STEP_MS)

    tick(GAP_MS)
    app = r.app
    if inp == "touch":  # calibrated already (the simulated panel's wiring): no calibration screen
        hw.keys.touch.cal = (210, 3870, 3790, 180, False)
        del app.stack[1:]
    from engine.game import Game
    from ui import entry
    from ui.play import Play

    app.game = Game("play-nine", ["ANN", "BOB", "CY", "DI"])
    app.push(Play(app))
    entry.start(app, None, app.stack[-1])  # (no screen held here: the app lets the game's menu go
    del Play  # while the hole is entered, as on a board, and a key's frames find the heap so)
    tick(GAP_MS)
    grid = app.stack[-1]

    # What a press does is worked out before the presses are counted (plan()): the harness's own
    # lists, strings and tuples (a chord's buttons, a tap's place) are not the firmware's garbage,
    # nor its instructions. Each is called f(a, b): a call with *args allocates.
    def button(down, ms):
        for sw in down:
            sw.held = True
        held(ms)
        for sw in down:
            sw.held = False
        tick(GAP_MS)

    def typed(keys, _):
        """keys: each key's (line, bit) in the matrix (the model's where(), asked before the count:
        a tuple each)."""
        for line, bit in keys:
            LINES[line] |= 1 << bit
            tick(2 * STEP_MS)
        held(HOLD_MS)
        for line, bit in keys:
            LINES[line] &= ~(1 << bit) & 0xFF
            tick(2 * STEP_MS)
        tick(GAP_MS)

    def tap(at, _):
        touch_at(fingers, at)
        held(HOLD_MS)
        touch_at(fingers, None)
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

    def plan(i):
        """The i-th press of the kind: (f, a, b), pressed as f(a, b)."""
        if kind == "idle":
            return tick, HOLD_MS + GAP_MS, STEP_MS
        if inp == "buttons":
            if kind == "screen":
                k = BACK if i % 2 == 0 else OK  # "Leave hole?", then its first item: Stay
            else:
                k = DOWN if kind == "step" else OK
            b, ms = logical(k)
            return button, [fingers[int(x)] for x in str(b).split("+")], ms
        if inp == "keyboard":
            if kind == "step":
                legends = "5"
            elif kind == "move":
                legends = "fn+/"
            else:
                legends = "`" if i % 2 == 0 else "enter"
            return typed, [fingers.where(k) for k in legends.split("+")], None
        from ui import touch

        pen = app.pen
        if kind == "step":
            labels = touch.keys_of(grid)
            y0 = touch.layout(pen, labels)
            per = pen.d.width // touch.KEY  # keys a row
            j = labels.index("5")
            at = (j % per * touch.KEY + touch.KEY // 2, y0 + j // per * touch.KEY + touch.KEY // 2)
        elif kind == "move":
            x0, y, cw, rh, _ = entry.grid_box(pen, grid.hole.rules.cols)
            at = (x0 + cw * (1 + i % 2) + cw // 2, y + rh // 2)
        elif i % 2 == 0:  # the pad's Back, at the first cell: "Leave hole?"
            labels = touch.keys_of(grid)
            y0 = touch.layout(pen, labels)
            per = pen.d.width // touch.KEY  # keys a row
            j = labels.index("Back")
            at = (j % per * touch.KEY + touch.KEY // 2, y0 + j // per * touch.KEY + touch.KEY // 2)
        else:  # the bar's OK: its first item, Stay
            at = (pen.d.width - 10, pen.d.height - 10)
        return tap, at, None

    plans = [plan(0), plan(1)] if kind != "gc" else []

    def press(i):
        """The i-th press of the kind."""
        if plans:
            f, a, b = plans[i % 2]
            f(a, b)

    for _ in range(WARM):
        press(n)
        n += 1
    if kind == "screen" and n % 2:
        press(n)
        n += 1
    import gc

    def measure():
        gc.collect()
        threshold = (gc.mem_free() + gc.mem_alloc()) // GC_EVERY
        t0, c0 = ticks[1], [tally(i) for i in range(3)]
        if kind == "gc":
            for _ in range(count):
                gc.collect()
        gc.disable()
        a0 = gc.mem_alloc()
        at = n
        for _ in range(count if kind != "gc" else 0):
            press(at)
            at += 1
        if count and slots > count:  # the loop turning as long again without a key: every run turns as often
            tick((ticks[1] - t0) * STEP_MS * (slots - count) // count)
        allocated = gc.mem_alloc() - a0
        gc.enable()
        return at, threshold, t0, c0, allocated

    if marked:
        # counted alone (keycost.py): the run so far went uninstrumented; keycost switches
        # callgrind's instruments on once this is printed, then sends a byte
        print("READY")
        sys.stdin.read(1)
    # only what runs inside exec() is counted (callgrind's --toggle-collect), so a run's boot
    # goes uncounted; every run takes this way, counted or not, so that its heap is the same
    scope = {"measure": measure}
    exec("got = measure()", scope)
    n, threshold, t0, c0, allocated = scope["got"]
    if kind not in ("idle", "gc"):
        want = grid if kind != "screen" or n % 2 == 0 else None
        assert want is None or app.stack[-1] is want, "the presses went astray: %r" % app.stack[-1]
        assert r.app is app, "the app restarted"
    sent, writes, reads = (tally(i) - c0[i] for i in range(3))
    print("KEYS", kind, count, ticks[1] - t0, sent, writes, allocated, threshold, reads)


main()
