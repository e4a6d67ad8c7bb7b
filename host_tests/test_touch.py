# The XPT2046 touch driver (drivers/xpt2046.py) against a model of the
# controller and its panel (tools/simulator/touch.py), under both runtimes:
# a tap lands where the finger is, through the calibration (axes swapped and
# mirrored as the panel is wired); one tap per touch; glitches, light
# brushes and wild readings give nothing wrong; nothing allocated per poll.
from drivers.xpt2046 import Touch
from simulator.touch import Panel
from support import allocates

STEP = 5
CAL = (200, 3700, 240, 3800, True)  # as the model's panel is wired (by default, the usual CYD's)


def rig(**kw):
    p = Panel(**kw)
    return p, Touch(p, p.cs, 320, 240, CAL)


def run(t, now, ms):
    taps = []
    for _ in range(ms // STEP):
        if t.poll(now):
            taps.append((t.x, t.y))
        now += STEP
    return taps, now


def test_a_tap_lands_where_the_finger_is():
    p, t = rig()
    now = 0
    for spot in ((0, 0), (319, 239), (160, 120), (40, 200), (300, 10)):
        p.finger = spot
        taps, now = run(t, now, 100)
        assert len(taps) == 1, (spot, taps)
        (x, y), = taps
        assert abs(x - spot[0]) <= 2 and abs(y - spot[1]) <= 2, (spot, taps)
        p.finger = None
        taps, now = run(t, now, 50)
        assert taps == []


def test_one_tap_per_touch_and_the_next_after_lifting():
    p, t = rig()
    p.finger = (100, 100)
    taps, now = run(t, 0, 1000)  # held a second: one tap
    assert len(taps) == 1
    p.finger = (200, 50)  # sliding while held: still nothing
    taps, now = run(t, now, 200)
    assert taps == []
    p.finger = None
    taps, now = run(t, now, 20)
    p.finger = (200, 50)
    taps, now = run(t, now, 100)
    assert len(taps) == 1 and abs(taps[0][0] - 200) <= 2


def test_a_glitch_or_a_light_brush_is_no_tap():
    p, t = rig()
    p.finger = (50, 50)
    taps, now = run(t, 0, 10)  # shorter than the debounce
    p.finger = None
    more, now = run(t, now, 100)
    assert taps + more == []
    p.z = 200  # below the pressure that counts
    p.finger = (50, 50)
    taps, now = run(t, now, 200)
    assert taps == []


def test_wild_readings_do_not_move_the_tap():
    # a wild reading near either end of the 12 bits, high or low: the middle of the samples wins over
    # both (an average, or a rule that drops only the highest, would not)
    for wild in (4000, 40):
        for every in (3, 5):
            p, t = rig(noise=20, wild_every=every, wild=wild)
            for spot in ((120, 80), (20, 220), (300, 20)):
                p.finger = spot
                taps, now = run(t, 0, 100)
                assert len(taps) == 1, (wild, every, spot, taps)
                (x, y), = taps
                assert abs(x - spot[0]) <= 4 and abs(y - spot[1]) <= 4, (wild, every, spot, taps)
                p.finger = None
                run(t, now, 50)


def test_the_calibration_maps_any_wiring():
    # a panel wired straight (no swap, not mirrored) with its own ends
    raw = (300, 3700, 400, 3600, False)
    p = Panel(raw=raw)
    t = Touch(p, p.cs, 320, 240, raw)
    p.finger = (250, 30)
    taps, now = run(t, 0, 100)
    assert len(taps) == 1 and abs(taps[0][0] - 250) <= 2 and abs(taps[0][1] - 30) <= 2, taps
    t.to_screen(100, 100)
    assert (t.x, t.y) == (0, 0)
    t.to_screen(4000, 4000)
    assert (t.x, t.y) == (319, 239)  # clamped


def test_polling_allocates_nothing():
    p, t = rig()
    now = 0
    for finger in (None, (10, 10)):  # untouched, and held after its tap
        p.finger = finger
        taps, now = run(t, now, 100)
        assert allocates(lambda now=now: t.poll(now)) == 0, finger
