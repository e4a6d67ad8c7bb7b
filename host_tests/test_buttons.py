# Buttons fed with recorded pin states (bounce included), under both runtimes.
from hardware import BACK, DOWN, HOLD, LONG, OK, SHORT, UP

from drivers.buttons import Button, Keys, describe

UNDO_MS = 195  # drivers/buttons.py's _UNDO_MS: on release, the repeats of the last 195 ms are taken back


def trace(button, states, step=5):
    """Feed (pressed, duration_ms) pairs sampled every step ms; return the
    events with the time they came."""
    events = []
    now = 0
    for pressed, dur in states:
        for _ in range(dur // step):
            ev = button.update(pressed, now)
            if ev:
                events.append((ev, now))
            now += step
    return events


BOUNCE = [(True, 5), (False, 5), (True, 5), (False, 5)]  # contacts chattering


def test_clean_short_press():
    ev = trace(Button(None), [(False, 50), (True, 120), (False, 100)])
    assert [e[0] for e in ev] == [SHORT]


def test_bouncy_short_press_counts_once():
    ev = trace(Button(None), [(False, 50)] + BOUNCE + [(True, 150)] + BOUNCE + [(False, 100)])
    assert [e[0] for e in ev] == [SHORT]


def test_glitch_shorter_than_debounce_is_ignored():
    assert trace(Button(None), [(False, 50), (True, 15), (False, 200)]) == []


def test_long_press_fires_while_held_and_once():
    b = Button(None)
    ev = trace(b, [(False, 50), (True, 2000), (False, 100)])
    assert [e[0] for e in ev] == [LONG]
    # it comes about long_ms after the press is recognised, not on release
    assert 50 + b.long_ms <= ev[0][1] <= 50 + b.debounce_ms + b.long_ms + 10


def test_timings_are_settings():
    b = Button(None)
    b.long_ms = 200
    assert [e[0] for e in trace(b, [(False, 20), (True, 300), (False, 50)])] == [LONG]
    b = Button(None)
    b.long_ms = 2000
    assert [e[0] for e in trace(b, [(False, 20), (True, 300), (False, 50)])] == [SHORT]


def test_ticks_wrap_around():
    from compat import ticks_add

    b = Button(None)
    t = ticks_add(0, -30)  # the ms clock wraps within this press (2^30 on the ESP32)
    ev = []
    for k in range(60):
        e = b.update(k >= 2 and k < 30, ticks_add(t, k * 5))
        if e:
            ev.append(e)
    assert ev == [SHORT]


class Script:
    """A pin read function that plays a list of states, one per poll."""

    def __init__(self, states):
        self.states = states
        self.k = 0

    def __call__(self):
        s = self.states[min(self.k, len(self.states) - 1)]
        self.k += 1
        return s


TWO_BUTTONS = {(0, SHORT): DOWN, (0, LONG): UP, (1, SHORT): OK, (1, LONG): BACK}


def press(n_polls):
    return [False] * 4 + [True] * n_polls + [False] * 10


def run_keys(scripts, keymap, polls):
    keys = Keys([Button(s) for s in scripts], keymap)
    got = []
    for k in range(polls):
        got += list(keys.poll(k * 10))
    return got


def test_two_buttons_reach_all_four_keys():
    a = Script(press(10) + press(80) + [False] * 200)  # short, then long
    b = Script([False] * 200 + press(10) + press(80))
    got = run_keys([a, b], TWO_BUTTONS, 400)
    assert got == [DOWN, UP, OK, BACK]


def test_unmapped_press_is_ignored():
    got = run_keys([Script(press(80))], {(0, SHORT): OK}, 100)
    assert got == []


def test_set_timings_and_describe():
    keys = Keys([Button(None), Button(None)], TWO_BUTTONS)
    keys.set_timings(debounce_ms=10, long_ms=900)
    assert [b.long_ms for b in keys.buttons] == [900, 900]
    assert describe(TWO_BUTTONS, ["A", "B"]) == ["A short: down", "A long: up", "B short: ok", "B long: back"]


def repeating(long_first=False):
    b = Button(None)
    b.repeat = True
    b.long_first = long_first
    return b


def taken_back(repeats, let_go):
    """The repeats (times) that came in the last UNDO_MS before let_go, but the first."""
    return len([t for t in repeats[1:] if t > let_go - UNDO_MS])


def test_a_held_button_repeats_at_hold_ms_then_every_every_ms():
    b = repeating()
    ev = trace(b, [(False, 50), (True, 1200), (False, 100)])
    down = 50 + b.debounce_ms
    # held 1200 ms: at hold_ms after the press is recognised, then every every_ms until let go; on
    # release, the number of repeats of the last UNDO_MS to take back
    holds = list(range(down + b.hold_ms, 50 + 1200 + b.debounce_ms, b.every_ms))
    back = taken_back(holds, 1250)
    assert ev == [(HOLD, t) for t in holds] + [(back, 1250 + b.debounce_ms)], ev
    assert len(holds) >= 4 and back >= 1
    # a tap still gives SHORT, on release; a hold gives nothing on release
    assert [e[0] for e in trace(repeating(), [(False, 50), (True, 150), (False, 100)])] == [SHORT]
    once = b.hold_ms + b.every_ms // 2  # held past hold_ms, let go before the next
    assert [e[0] for e in trace(repeating(), [(False, 50)] + BOUNCE + [(True, once)] + BOUNCE
                                + [(False, 100)])] == [HOLD]


def test_a_long_press_that_repeats_gives_long_then_hold():
    b = repeating(long_first=True)
    ev = trace(b, [(False, 50), (True, 1100), (False, 100)])
    down = 50 + b.debounce_ms
    holds = range(down + b.long_ms + b.every_ms, 50 + 1100 + b.debounce_ms, b.every_ms)
    back = taken_back([down + b.long_ms] + list(holds), 1150)
    assert ev == [(LONG, down + b.long_ms)] + [(HOLD, t) for t in holds] + [(back, 1150 + b.debounce_ms)], ev
    assert len(holds) >= 2 and back >= 1


def test_keys_maps_hold_and_knows_which_buttons_repeat():
    held = [False, False]
    k = Keys([Button(lambda: held[0]), Button(lambda: held[1])],
             {(0, SHORT): DOWN, (0, LONG): UP, (0, HOLD): UP, (1, SHORT): OK, (1, HOLD): OK})
    assert k.buttons[0].repeat and k.buttons[0].long_first
    assert k.buttons[1].repeat and not k.buttons[1].long_first
    got = []
    held[1] = True
    for now in range(0, 800, 5):
        got += list(k.poll(now))
    b = k.buttons[1]
    oks = len(range(b.debounce_ms + b.hold_ms, 800, b.every_ms))  # at hold_ms, then every every_ms
    assert got == [OK] * oks and oks >= 2, got
    held[1] = False
    held[0] = True
    for now in range(800, 1900, 5):
        got += list(k.poll(now))
    ups = len(range(800 + b.debounce_ms + b.long_ms, 1900, b.every_ms))  # LONG, then every every_ms
    assert got == [OK] * oks + [UP] * ups and ups >= 3, got
    assert "A hold: up" in describe(k.keymap, ["A", "B"])


CHORDED = {(0, SHORT): DOWN, (0, HOLD): DOWN, ((0, 1), SHORT): UP, ((0, 1), HOLD): UP,
           (1, SHORT): OK, (1, LONG): BACK}  # the TTGO's: the two together are up


def play(keymap, steps, step=5):
    """Feed both buttons (a, b) pairs of states, each for step ms; return
    the keys with the time they came."""
    held = [False, False]
    k = Keys([Button(lambda: held[0]), Button(lambda: held[1])], keymap)
    got = []
    now = 0
    for a, b, ms in steps:
        for _ in range(ms // step):
            held[0], held[1] = a, b
            for key in k.poll(now):
                got.append((key, now))
            now += step
    return got


def test_two_buttons_pressed_together_are_a_key_of_their_own():
    # one finger a little before the other, and let go in any order: UP once,
    # and neither button's own key
    for steps in ([(0, 0, 50), (1, 0, 30), (1, 1, 100), (0, 1, 20), (0, 0, 100)],
                  [(0, 0, 50), (0, 1, 40), (1, 1, 100), (1, 0, 30), (0, 0, 100)],
                  [(0, 0, 50), (1, 1, 120), (0, 0, 100)]):
        assert [k for k, _ in play(CHORDED, steps)] == [UP], steps
    # alone, each is its own key; one after the other are two keys
    assert [k for k, _ in play(CHORDED, [(0, 0, 50), (1, 0, 100), (0, 0, 100), (0, 1, 100), (0, 0, 100)])] \
        == [DOWN, OK]


def test_two_buttons_held_together_repeat_their_key():
    b = Button(None)
    got = play(CHORDED, [(0, 0, 50), (1, 1, 1000), (0, 0, 100)])
    # held 1000 ms: at hold_ms, then every every_ms after both are down; on release, DOWN for each
    # repeat of the last UNDO_MS
    down = 50 + b.debounce_ms
    ups = list(range(down + b.hold_ms, 50 + 1000 + b.debounce_ms, b.every_ms))
    back = taken_back(ups, 1050)
    assert got == [(UP, t) for t in ups] + [(DOWN, 1050 + b.debounce_ms)] * back, got
    assert len(ups) >= 3 and back >= 1


def test_a_button_held_alone_then_the_other_is_not_a_chord():
    # the top held alone repeats DOWN; the bottom pressed then stops it, and
    # neither gives anything more until both are let go
    got = play(CHORDED, [(0, 0, 50), (1, 0, 700), (1, 1, 500), (1, 0, 300), (0, 0, 100)])
    b = Button(None)  # alone until the other's press is recognised: then nothing more
    alone = range(50 + b.debounce_ms + b.hold_ms, 750 + b.debounce_ms, b.every_ms)
    assert got == [(DOWN, t) for t in alone], got
    assert len(got) >= 2
    # after a chord, a button pressed again while the other is still held gives nothing
    got = play(CHORDED, [(0, 0, 50), (1, 1, 100), (0, 1, 100), (1, 1, 100), (0, 1, 100), (0, 0, 100)])
    assert [k for k, _ in got] == [UP], got
    # and afterwards everything is as before
    got = play(CHORDED, [(0, 0, 50), (1, 1, 100), (0, 0, 100), (1, 0, 100), (0, 0, 100), (0, 1, 800),
                         (0, 0, 100)])
    assert [k for k, _ in got] == [UP, DOWN, BACK], got


def test_describe_names_the_chord():
    assert "top+bottom short: up" in describe(CHORDED, ["top", "bottom"])
    assert "top+bottom hold: up" in describe(CHORDED, ["top", "bottom"])


M5 = {(0, SHORT): UP, (0, HOLD): UP, (1, SHORT): OK, (1, LONG): BACK, (2, SHORT): DOWN, (2, HOLD): DOWN}


def steps_kept(keymap, buttons, ms, step=5):
    """Hold buttons (an index, or a pair) for ms, let go: the net steps (DOWN
    +1, UP -1) once everything has come."""
    n = len(set(k[0] for k in keymap if type(k[0]) is int))
    held = [False] * n
    k = Keys([Button(lambda i=i: held[i]) for i in range(n)], keymap)
    net = 0
    now = 0
    for phase in ((), buttons, ()):
        for i in range(n):
            held[i] = i in phase
        for _ in range((ms if phase else 200) // step):
            for key in k.poll(now):
                net += 1 if key == DOWN else -1 if key == UP else 0
            now += step
    return net


def test_a_person_who_lets_go_late_keeps_the_value_seen():
    # (issue 43) a person lets go a reaction time (some 0.25 s) after the value wanted shows: the
    # repeats of the last UNDO_MS are taken back, so the value seen is kept, however late within
    # a repeat's time; on the M5Stack's buttons and the TTGO's (up: the two together)
    b = Button(None)
    first = b.debounce_ms + b.hold_ms  # the first repeat, held this long
    for keymap, buttons, way in ((M5, (2,), 1), (M5, (0,), -1), (CHORDED, (0,), 1), (CHORDED, (0, 1), -1)):
        for wanted in (2, 3, 5, 12):
            shows = first + (wanted - 1) * b.every_ms
            for late in range(UNDO_MS + 5, UNDO_MS + b.every_ms, 10):
                assert steps_kept(keymap, buttons, shows + late) == way * wanted, (buttons, wanted, late)
            # let go sooner than UNDO_MS: the value before it; later than a repeat's time more: after it
            assert steps_kept(keymap, buttons, shows + UNDO_MS - 20) == way * (wanted - 1)
            assert steps_kept(keymap, buttons, shows + UNDO_MS + b.every_ms + 20) == way * (wanted + 1)


def test_a_tap_is_one_step_and_a_hold_at_least_one():
    b = Button(None)
    for keymap, buttons, way in ((M5, (2,), 1), (CHORDED, (0, 1), -1)):
        assert steps_kept(keymap, buttons, 100) == way  # a tap
        # held past the first repeat and let go at once: that one is kept, never taken back
        for ms in range(b.debounce_ms + b.hold_ms + 10, b.debounce_ms + b.hold_ms + b.every_ms, 20):
            assert steps_kept(keymap, buttons, ms) == way, ms
        # a long hold is still fast: some 7 steps a second, less the last UNDO_MS's
        assert steps_kept(keymap, buttons, 3000) == way * ((3000 - UNDO_MS - b.debounce_ms - b.hold_ms)
                                                           // b.every_ms + 1)
