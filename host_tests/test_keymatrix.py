# The Cardputer's keyboard drivers against models of the hardware
# (tools/simulator/keyboard.py; the ADV's chip in host_tests/chipmodels.py),
# under both runtimes: the original's 74HC138 matrix (drivers/keymatrix.py:
# every key by its legend, debounce, keys held together, nothing allocated
# per scan) and the ADV's TCA8418 (drivers/tca8418.py: its key events, by
# the same legends).
from drivers.keymatrix import KeyMatrix
from drivers.tca8418 import TCA8418
from chipmodels import CARDPUTER_ADV, KeyChip
from simulator.keyboard import CARDPUTER, Matrix
from support import allocates

STEP = 5  # ms between polls, the firmware's loop


def rig():
    m = Matrix()
    return m, KeyMatrix(m.addr, m.ins, CARDPUTER)


def run(k, now, ms):
    """Poll for ms; (the keys that came, now)."""
    got = []
    for _ in range(ms // STEP):
        got += k.poll(now)
        now += STEP
    return got, now


def test_every_key_reads_as_its_legend_once_per_press():
    m, k = rig()
    now = 0
    for line in CARDPUTER:
        for legend in line:
            m.press(legend)
            got, now = run(k, now, 60)
            assert got == [legend], (legend, got)
            got, now = run(k, now, 300)  # held: still one press
            assert got == [], (legend, got)
            m.release(legend)
            got, now = run(k, now, 60)
            assert got == [], (legend, got)
    assert len([x for line in CARDPUTER for x in line]) == 56


def test_the_cardputer_keys_are_where_m5stack_says():
    # (address, input bit) of keys named in docs/BOARDS.md: 1 (3,0), q (2,0),
    # enter (1,6), backspace (3,6), fn (5,0), and the arrows' ; , . /
    m = Matrix()
    assert [m.where(x) for x in ("1", "q", "enter", "bksp", "fn", ";", ",", ".", "/")] == [
        (3, 0), (2, 0), (1, 6), (3, 6), (5, 0), (1, 5), (4, 5), (0, 5), (4, 6)]


def test_bouncing_contacts_give_one_press_and_a_glitch_none():
    m, k = rig()
    m.press("5", chatter=5)  # flips for a few scans, then held
    got, now = run(k, 0, 200)
    assert got == ["5"]
    m.release("5", chatter=5)
    got, now = run(k, now, 200)
    assert got == []
    # one scan's worth of a key that was never pressed: shorter than the debounce
    line, bit = m.where("7")
    m.flips[line * 8 + bit] = 1
    got, now = run(k, now, 100)
    assert got == []


def test_a_bounce_that_lasts_several_scans_is_still_one_press():
    # contacts can bounce for milliseconds, not a read at a time (Jack Ganssle, "A Guide to
    # Debouncing", 2004: 1.6 ms on average over 18 switches, some over 6 ms): each level held for 3
    # scans (15 ms), under the 20 ms debounce. A count of equal scans, not time, would take each
    # level held that long as a key.
    m, k = rig()
    m.press("5", chatter=4, hold=3)
    got, now = run(k, 0, 200)
    assert got == ["5"], got
    m.release("5", chatter=4, hold=3)
    got, now = run(k, now, 200)
    assert got == [], got
    m.press("5", chatter=4, hold=3)  # and again: a new press after the bouncy release
    got, now = run(k, now, 200)
    assert got == ["5"], got
    m.release("5")
    run(k, now, 100)
    # a glitch of 3 scans on a key never pressed: no key
    m.release("7", chatter=1, hold=3)
    got, now = run(k, now, 200)
    assert got == [], got


def test_keys_held_together_and_a_modifier():
    m, k = rig()
    m.press("fn")
    got, now = run(k, 0, 60)
    assert got == ["fn"] and k.down("fn") and not k.down(";")
    m.press(";")  # fn + ; : up, as the board will read it
    got, now = run(k, now, 60)
    assert got == [";"] and k.down("fn") and k.down(";")
    m.press("q")
    m.press("w")  # two keys on different lines in one poll's window
    got, now = run(k, now, 60)
    assert sorted(got) == ["q", "w"]
    for x in ("fn", ";", "q", "w"):
        m.release(x)
    got, now = run(k, now, 60)
    assert got == [] and not k.down("fn")


def test_a_scan_allocates_nothing():
    m, k = rig()
    m.press("a")
    run(k, 0, 100)  # settle: the result list has grown to its size
    assert allocates(lambda: k.poll(500)) == 0


def chip():
    c = KeyChip()
    return c, TCA8418(c, CARDPUTER_ADV)


def test_the_adv_chip_is_set_up_for_its_7_rows_and_8_columns():
    c, k = chip()
    assert (c.regs[0x1D], c.regs[0x1E], c.regs[0x1F]) == (0x7F, 0xFF, 0x00)
    assert c.regs[0x01] & 0x01  # key events raise the interrupt
    # the same 56 keys as the original's, by the same names
    assert sorted(x for x in CARDPUTER_ADV if x) == sorted(x for line in CARDPUTER for x in line)
    # the chip's codes as uiflow and MicroHydra give them: ` 1, tab 2, fn 3, 1 5, q 6, space 68
    assert [c.code(x) for x in ("`", "tab", "fn", "1", "q", "space")] == [1, 2, 3, 5, 6, 68]


def test_the_adv_reports_each_press_once_by_legend():
    c, k = chip()
    now = 0
    for legend in [x for x in CARDPUTER_ADV if x]:
        c.press(legend)
        assert k.poll(now) == [legend] and k.down(legend), legend
        assert k.poll(now + 5) == []  # held: no more
        c.release(legend)
        assert k.poll(now + 10) == [] and not k.down(legend), legend
        now += 15
    # fn held, then ; (up on this keyboard); two at once; a release and a press in one poll
    c.press("fn")
    c.press(";")
    assert k.poll(now) == ["fn", ";"] and k.down("fn")
    c.release(";")
    c.press("q")
    assert k.poll(now + 5) == ["q"] and not k.down(";") and k.down("fn")
    c.release("fn")
    c.release("q")
    assert k.poll(now + 10) == [] and not k.down("fn")


def test_the_adv_poll_allocates_nothing():
    c, k = chip()
    c.press("a")
    k.poll(0)
    assert allocates(lambda: k.poll(5)) == 0  # held, nothing new


def test_a_keyboard_gives_the_apps_keys_and_the_characters_it_types():
    from hardware import BACK, DOWN, OK, UP
    from drivers.keyboard import KeyboardKeys

    keymap = {"enter": OK, "bksp": BACK}
    fn_map = {";": UP, ".": DOWN}  # the Cardputer's arrows, printed on those keys
    m, matrix = rig()
    c, chipkb = chip()
    for model, kb in ((m, matrix), (c, chipkb)):
        keys = KeyboardKeys(kb, keymap, fn_map)
        now = [0]

        def tap(*legends, model=model, keys=keys, now=now):
            got = []
            for x in legends:
                model.press(x)
            for _ in range(12):
                got += keys.poll(now[0])
                now[0] += STEP
            for x in reversed(legends):
                model.release(x)
            for _ in range(12):
                got += keys.poll(now[0])
                now[0] += STEP
            return got

        assert tap("enter") == [OK] and tap("bksp") == [BACK]
        assert tap("5") == ["5"] and tap("k") == ["k"] and tap(".") == ["."] and tap(";") == [";"]
        assert tap("space") == [] and tap("fn") == []  # named, but nothing the app takes
        # fn held, then the key: up and down
        model.press("fn")
        for _ in range(12):
            keys.poll(now[0])
            now[0] += STEP
        assert tap(";") == [UP] and tap(".") == [DOWN] and tap("5") == ["5"]
        model.release("fn")
        assert tap(";") == [";"]
        assert allocates(lambda keys=keys, now=now: keys.poll(now[0])) == 0
