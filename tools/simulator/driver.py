# Drives the firmware's screens through the simulator as a person would: it looks at the screen and
# presses the board's keys until the card, letter, number or menu item wanted is chosen (the UI tests,
# make bench's presses per card).
from common import paths  # noqa: F401  (firmware/ and boards/ on sys.path, beside tools/)
from common import boards
from simulator import inputs
from common.scratch import fresh_dir as _fresh_dir


_SESSION: list = []  # simulator/session.py once imported (an import statement a key allocates)


def simulator():
    """simulator/session.py, imported when first used (it runs on the MicroPython unix port only)."""
    if not _SESSION:
        from simulator import session

        _SESSION.append(session)
    return _SESSION[0]


# The time a press takes (make bench's seconds a hole): the keystroke-level model, Fitts' law for taps,
# a reaction time for a hold's let-go; their sources and values: docs/USING.md, "Entry speed".
K_S = 0.28  # K, a keystroke: the KLM's average non-secretary typist (a player is no typist)
SHORT_S = K_S
CHORD_S = 2 * K_S  # two buttons pressed together (the TTGO's up), fn with a keyboard's arrow
LONG_S = K_S + 0.625  # held past 25 ms of debounce and the 600 ms of a long press
REACH_S = K_S  # a hold: a keystroke (two together: CHORD_S), and the time held
TYPE_S = K_S  # a keyboard's key (the Cardputer's)
FITTS_B = 1 / 4.9  # s a bit: MT = b log2(D/W + 1), D from the last tap, W the key's side
TAP_S = K_S  # the least a tap takes (Fitts' law is no model of tapping the same key again)
# A hold is let go a reaction time after the value shows, Normal(RT_S, RT_SD) at least RT_MIN (the ideal
# user: halfway to the next value)
RT_S, RT_SD, RT_MIN = 0.25, 0.05, 0.1
UNDO_MS = 195  # drivers/buttons.py's _UNDO_MS: the repeats of the last UNDO_MS are taken back on release


def steps(hole):
    """The cards DOWN steps the cursor's cell through (engine/hole.py's Hole.step): the game's cards,
    the cell's guess moved to just after the start card."""
    c, s, g = list(hole.cycle), hole.rules.start, hole.guess(hole.cell())
    if g != s:
        c.remove(g)
        c.insert(c.index(s) + 1, g)
    return c


class Driver:
    def __init__(self, board, emulate=False, guarded=False, calibrate=True, person=None, trace=None,
                 unit=None):
        """person: a seed (holds let go a reaction time late, then corrected), None: the ideal user.
        trace: a list that gets a dict for every press and hold (make bench's --trace). unit: a
        look-alike's glass (sim.py's --unit)."""
        self.sim = simulator().Sim(board, emulate, guarded=guarded, unit=unit)
        self.board_id = board
        self.person = person
        if person is not None:
            import random

            random.seed(person)
        self.trace = trace
        self.at = None  # where the last tap was (a touch board)
        self.fewest = False  # True: the fewest presses (a hold for 2 steps or more), not the quickest way
        # presses, of them long ones (a key this board has only long) and holds to repeat; the same
        # spent entering cards (make bench)
        self.presses = self.longs = self.holds = self.card_presses = self.card_longs = self.card_holds = 0
        self.cards = 0
        self.seconds = 0.0  # the time they take (SHORT_S, LONG_S, REACH_S)
        self.kind = self.sim.kind  # buttons, keyboard or touch
        # what the device takes to answer a key (ms; docs/SPEED.md): a hold's step is seen once drawn,
        # a new screen waited for where it takes longer than K_S
        said = boards.answer_ms(board)  # its docstring's "answer:" (the virtual board: none)
        self.response = {k: said.get(k, 0) for k in ("step", "screen")}
        self.shown = None  # the screen in front after the last press
        # every key one press (no long ones, no holds) but on buttons, whose way sets these
        self.long_keys = self.chord_keys = []
        self.hold_button = {}
        self.keymap = {}
        self.via = WAYS[self.sim.input.kind](self)  # how this board's input enters each thing (below)
        if calibrate:
            self.calibrate()

    def calibrate(self):
        """A touch board's first start: tap the calibration's crosses (not counted)."""
        self.via.calibrate()

    @property
    def app(self):
        return self.sim.app

    def top(self):
        return self.app.stack[-1]

    def screen(self):
        return "error" if self.app is None else type(self.top()).__name__

    def key(self, k, times=1):
        for _ in range(times):
            self.via.key(k)

    def reaction(self):
        """A person's reaction time (s): Normal(RT_S, RT_SD) by Box-Muller, at least RT_MIN."""
        import math
        import random

        u = random.random() or 1e-9
        z = math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * random.random())
        return max(RT_MIN, RT_S + RT_SD * z)

    def tap_seconds(self, x, y, w):
        """Fitts' law from the last tap to (x, y) on a target w px across."""
        import math

        t = TAP_S
        if self.at is not None:
            d = math.sqrt((x - self.at[0]) ** 2 + (y - self.at[1]) ** 2)
            t = max(TAP_S, FITTS_B * math.log(d / w + 1) / math.log(2))
        self.at = (x, y)
        return t

    def _count(self, seconds, long=False, key=None, kind=None, ms=None, steps=1, kept=None):
        top = self.app.stack[-1] if self.app is not None else None
        wait = 0.0
        if top is not self.shown and self.shown is not None:  # a new screen: seen once drawn
            wait = max(0.0, self.response["screen"] / 1000 - K_S)
        self.shown = top
        if self.trace is not None:
            self.trace.append({"board": self.board_id, "key": key, "kind": kind, "steps": steps,
                               "ms": ms, "kept": kept, "s": round(seconds, 3), "wait": round(wait, 3)})
        self.presses += 1
        self.longs += long
        self.seconds += seconds + wait
        # no screen may cut its text, on any board (a layout bug)
        assert self.app is None or not self.app.pen.cut, (self.screen(), self.app.pen.cut)

    def typed(self, legend):
        """A keyboard's key by its legend."""
        self.sim.type_key(legend)
        self._count(TYPE_S, False, legend, "key", simulator().SHORT_MS)

    def tap(self, x, y, w=None):
        """A tap at the picture's point (x, y) where the glass shows it, on a target w px across."""
        from ui import touch

        self.sim.tap(*self.sim.seen(x, y))
        seconds = self.tap_seconds(x, y, w or touch.KEY)
        self._count(seconds, False, "%d,%d" % (x, y), "tap", simulator().TAP_MS)

    def tap_pad(self, label):
        """Tap a key of the card pad (ui/touch.py) by its label (worked out here, not by
        inputs.Touch.pad_point: test_partial's budget counts what a tap allocates, this too)."""
        from ui import touch

        s = self.top()
        labels = touch.keys_of(s)
        assert label in labels, (label, labels)
        y0 = touch.layout(self.app.pen, labels)
        per = self.app.pen.d.width // touch.KEY  # keys a row
        i = labels.index(label)
        k = touch.KEY
        self.tap(i % per * k + k // 2, y0 + i // per * k + k // 2)

    def key_for(self, token):
        """The keyboard's key that enters this card (ui/direct.py)."""
        from ui import direct

        rules = self.app.game.rules
        for c in [token.lower()][: len(token) == 1] + list("0123456789abcdefghijklmnopqrstuvwxyz.-"):
            if direct.card(c, rules) == token:
                return c
        raise AssertionError("no key enters %s" % token)

    def _row_y(self, m, i):
        """The y of menu m's row i on the screen, or None if scrolled off."""
        from ui.widgets import scroll

        pen = self.app.pen
        top = pen.line_h + 3
        labels = [it[0] for it in m.items]
        vals = [m.value(j) for j in range(len(labels))] if m.value else [""] * len(labels)
        first, tall = scroll(pen, top, labels, m.cursor, vals)
        y = top
        for j in range(first, len(labels)):
            h = (pen.line_h + 2) * (2 if tall[j] else 1)
            if y + h > pen.h:
                return None
            if j == i:
                return y + h // 2
            y += h
        return None

    def _cycle_to(self, get, cycle, target):
        """Step a cyclic choice to target the quickest way (with fewest, the fewest presses): presses,
        or one hold where the key repeats; a person then corrects what the hold kept."""
        n = len(cycle)
        d = (cycle.index(target) - cycle.index(get())) % n
        ways = []
        for key, steps in (("down", d), ("up", n - d)):
            if d == 0:
                break
            one = CHORD_S if key in self.chord_keys else SHORT_S
            ways.append((steps if self.fewest else steps * one, steps, key, False))
            if steps >= 2 and key in self.hold_button:
                ways.append((1 if self.fewest else self.hold_seconds(key, steps), steps, key, True))
        if ways:
            _seconds, steps, key, held = min(ways)  # the quickest, then the fewest steps
            if held:
                self.hold(key, steps, get, target)
                if get() != target:
                    assert self.person is not None, ("the ideal user's hold kept", get(), target)
                    self._cycle_to(get, cycle, target)
            else:
                self.key(key, steps)
        assert get() == target, (get(), target)

    def hold_ms(self, key, steps, late=None):
        """(ms to the steps-th repeat of key's button, ms held on after the value shows: late, else the
        ideal user's) by drivers/buttons.py's timings; the value wanted shows once drawn."""
        from drivers.buttons import Button

        b = Button(None)
        first = b.long_ms if (self.hold_button[key], "long") in self.keymap else b.hold_ms
        late = UNDO_MS + b.every_ms // 2 if late is None else late
        return b.debounce_ms + first + (steps - 1) * b.every_ms, late + self.response["step"]

    def hold_seconds(self, key, steps):
        """What a hold for steps repeats is expected to take."""
        to, late = self.hold_ms(key, steps, None if self.person is None else RT_S * 1000)
        return self.press_s(key) + (to + late) / 1000

    def press_s(self, key):  # pressing a held key's button (or buttons)
        return CHORD_S if key in self.chord_keys else REACH_S

    def hold(self, k, steps, get, target):
        """Hold key k's button to its steps-th repeat (drivers/buttons.py's timings), then let go
        (a person a reaction time late): one sim.press (make bench's heap replay records it)."""
        to, late = self.hold_ms(k, steps, None if self.person is None else self.reaction() * 1000)
        step = simulator().STEP_MS
        ms = to + int(late + step / 2) // step * step
        self.sim.press(self.hold_button[k], ms)
        self.holds += 1
        self._count(self.press_s(k) + ms / 1000, k in self.long_keys, k, "hold", ms, steps, str(get()))

    def choose(self, label):
        """In a menu: move to the item and press OK."""
        m = self.top()
        labels = [i[0] for i in m.items]
        assert label in labels, (label, labels, self.screen())
        self.via.choose(m, labels, labels.index(label))

    def number(self, n):
        self.via.number(self.top(), n)

    def name(self, text):
        self.via.name(self.top(), text)

    def grid(self, rows):
        """Enter one player's grid (a list of rows of tokens), or a total (int)."""
        s = self.top()
        assert self.screen() == "GridEntry", self.screen()
        if type(rows) is int:
            self.via.total(lambda: s.hole.cells[s.hole.cell()], steps(s.hole))
            self.number(rows)
            return
        flat = [str(t).upper() for row in rows for t in row]

        def enter():
            for _ in range(len(s.hole.order)):
                # the player before's grid still on the screen, scored (ui/entry.py's ready): this
                # first card moves on, into the first cell
                t = self.top()
                self.card(flat[t.hole.order[0] if getattr(t, "ready", False) else t.hole.cell()])
        self._cards(len(flat), enter)

    def _cards(self, n, enter):
        """enter() n cards, its presses counted as the cards' (make bench)."""
        before, longs, holds = self.presses, self.longs, self.holds
        enter()
        self.card_presses += self.presses - before
        self.card_longs += self.longs - longs
        self.card_holds += self.holds - holds
        self.cards += n

    def card(self, token):
        """One card into the grid's current cell, as the board enters one."""
        s = self.top()
        i = s.hole.cell()
        self.via.card(lambda: s.hole.cells[i], steps(s.hole), str(token).upper())

    def hand(self, cards):
        s = self.top()
        assert self.screen() == "HandEntry", self.screen()

        def enter():
            for c in cards:
                self.via.card(lambda: s.choice, s.cycle, str(c).upper())
            self.via.done(lambda: s.choice, s.cycle)
        self._cards(len(cards), enter)

    def new_game(self, title, names, holes=9, dealer=0, rules=None):
        """From the main menu to the first hole's screen."""
        self.choose("New game")
        self.choose(title)
        self.number(len(names))
        for n in names:
            if n in [i[0] for i in self.top().items]:
                self.choose(n)
            else:
                self.choose("New name")
                self.name(n)
        self.number(holes)
        for label, value in (rules or {}).items():
            self.choose(label)
            if self.screen() == "Number":
                self.number(value)
            else:
                self.choose(value)
        self.choose("Start")
        self.choose(names[dealer])
        assert self.screen() == "Play", self.screen()

    def hole(self, entries, ender=None, out=None, blitz=False):
        """From the game's hub: enter a whole hole; ends on the result."""
        hub = self.screen()
        self.key("ok")  # the first item: the next hole (or the playoff)
        self.enter(entries, ender, out, blitz)
        assert self.screen() == "Message", self.screen()
        self.key("ok")
        assert self.screen() == hub, self.screen()  # (made again: the app lets it go during the hole)

    def enter(self, entries, ender=None, out=None, blitz=False):
        g = self.app.game
        for e in entries:
            if g.rules.hand and type(e) is not int:
                self.hand(e)
            else:
                self.grid(e) if not g.rules.hand else self._hand_total(e)
        if getattr(self.top(), "ready", False):  # the last grid, scored: on to the hole's end
            self.via.ok()
        if g.rules.hand:
            self.choose("Nobody" if out is None else g.names[out])
            if out is not None:
                self.choose("Yes" if blitz else "No")
        if g.opts["ender_rule"] != "none":
            self.choose("Nobody" if ender is None else g.names[ender])

    def fix(self, name, cell, card):
        """In a past hole's menu: change one card (cell: its index) of a player's grid."""
        self.choose(name)
        s = self.top()
        assert s.pick, "not picking a card"
        self.via.fix(s, cell, str(card).upper())

    def _hand_total(self, n):
        s = self.top()
        self.via.total(lambda: s.choice, s.cycle)
        self.number(n)


# The ways each kind of input (simulator/inputs.py's classes) enters a key, a menu's item, a number, a
# name, a card (as get() reads it, along cycle), a total, a hand's end, a past hole's card (Driver.via).
class _Way:
    """What the ways share unless they say otherwise: nothing to calibrate, OK a key."""

    def __init__(self, d):
        self.d = d

    def calibrate(self):
        pass

    def ok(self):
        self.d.key("ok")


class Buttons(_Way, inputs.Buttons):
    def __init__(self, d):
        from hardware import SHORT

        self.d = d
        d.keymap = keymap = d.sim.board.KEYMAP
        shorts = [k for (_b, kind), k in keymap.items() if kind == SHORT]
        d.long_keys = [k for k in keymap.values() if k not in shorts]
        # keys pressed with two buttons together (a chord), and none alone
        alone = [k for (b, kind), k in keymap.items() if kind == SHORT and type(b) is not tuple]
        d.chord_keys = [k for k in shorts if k not in alone]
        d.hold_button = {k: b for (b, kind), k in keymap.items() if kind == "hold"}  # keys that repeat

    def key(self, k):
        d = self.d
        d.sim.press_key(k)
        kind = "long" if k in d.long_keys else "chord" if k in d.chord_keys else "short"
        ms = simulator().LONG_MS if kind == "long" else simulator().SHORT_MS
        d._count(LONG_S if kind == "long" else CHORD_S if kind == "chord" else SHORT_S,
                 kind == "long", k, kind, ms)

    def card(self, get, cycle, token):  # (and on buttons anything else: stepped to, then OK)
        self.d._cycle_to(get, cycle, token)
        self.d.key("ok")

    def choose(self, m, labels, i):
        self.card(lambda: labels[m.cursor], labels, labels[i])

    def number(self, s, n):
        self.card(lambda: s.n, list(range(s.hi, s.lo - 1, -1)), n)  # DOWN takes one

    def name(self, s, text):
        from ui.names import LETTERS

        cycle = [-1] + list(range(len(LETTERS)))
        for ch in text.upper():
            self.card(lambda: s.choice, cycle, LETTERS.index(ch))
        self.card(lambda: s.choice, cycle, -1)

    def total(self, get, cycle):
        self.card(get, cycle, "#")

    def done(self, get, cycle):
        self.card(get, cycle, "end")

    def fix(self, s, cell, card):
        self.card(lambda: s.hole.cell(), s.hole.order, cell)
        self.card(lambda: s.hole.cells[s.hole.cell()], steps(s.hole), card)


class Keyboard(_Way, inputs.Keyboard):
    def key(self, k):  # a key, or fn with an arrow's key: two together
        d = self.d
        d.sim.press_key(k)
        one = k in d.sim.board.KEYMAP.values()
        d._count(TYPE_S if one else CHORD_S, False, k, "key" if one else "fn", simulator().SHORT_MS)

    def choose(self, m, labels, i):  # to a row by its number (ui/typed.py), then Enter
        d = self.d
        n = i + 1 - (1 if labels[0] == "- choose -" else 0)
        if 1 <= n <= 9 and m.cursor != i:
            d.typed(str(n))
        if m.cursor != i:  # (a row past the ninth: the arrows, as the buttons step)
            d._cycle_to(lambda: labels[m.cursor], labels, labels[i])
        d.key("ok")

    def number(self, s, n):
        self.name(s, str(n))

    def name(self, s, text):
        for c in text:
            self.d.typed("space" if c == " " else c.lower())
        self.d.key("ok")

    def card(self, get, cycle, token):
        self.d.typed(self.d.key_for(token))

    def total(self, get, cycle):
        self.d.typed("=")

    def done(self, get, cycle):
        self.d.key("ok")

    def fix(self, s, cell, card):  # the arrows to the cell, then its card's key
        d = self.d
        C = s.hole.rules.cols
        while s.hole.cell() != cell:
            d.key("down" if s.hole.cell() // C != cell // C else "right")
        d.typed(d.key_for(card))


class Touch(_Way, inputs.Touch):
    def calibrate(self):
        d = self.d
        if d.screen() == "Calibrate":  # the first start: its crosses tapped (not counted)
            for x, y in d.top().points:
                d.sim.tap(*d.sim.seen(x, y))

    def key(self, k):
        self.d.tap(*self.d.sim.key_point(k))

    def ok(self):
        self.d.tap_pad("OK")

    def choose(self, m, labels, i):  # a tap on the row, once it is in view
        d = self.d
        while d._row_y(m, i) is None:
            d.key("down" if i > m.cursor else "up")
        d.tap(d.app.pen.d.width // 2, d._row_y(m, i), d.app.pen.line_h + 2)

    def number(self, s, n):  # the digit pad
        for c in str(n):
            self.d.tap_pad(c)
        self.d.tap_pad("OK")

    def name(self, s, text):  # the letter pad; 123 for the digits, ABC back
        d = self.d
        for c in text.upper():
            digit = c.isdigit()
            if digit != getattr(s, "digits", False):
                d.tap_pad("123" if digit else "ABC")
            d.tap_pad("sp" if c == " " else c)
        d.tap_pad("Done")

    def card(self, get, cycle, token):
        self.d.tap_pad(token)

    def total(self, get, cycle):
        self.d.tap_pad("#")

    def done(self, get, cycle):
        self.d.tap_pad("Done")

    def fix(self, s, cell, card):  # a tap on the cell, a tap on the card
        from ui.entry import grid_box

        d = self.d
        C = s.hole.rules.cols
        x0, y0, cw, rh, tw = grid_box(d.app.pen, C)  # where GridEntry.draw puts the cells
        d.tap(x0 + (cell % C) * cw + cw // 2 - 2, y0 + (cell // C) * rh + 5)
        assert s.hole.cell() == cell
        s.tap(0, 0)  # the screen's corner is no cell: the cursor stays
        assert s.hole.cell() == cell
        d.tap_pad(card)


WAYS = {c.kind: c for c in (Buttons, Keyboard, Touch)}


def fresh_dir(name):
    return _fresh_dir("ui-" + name)
