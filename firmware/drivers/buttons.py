# Buttons: polled, debounced, short and long press or hold to repeat,
# mapped to logical keys.
#
# A Button is a small state machine fed with raw readings and the time; it
# never touches a pin itself (the board file passes a function that reads
# one), so tests feed it recorded states, bounce included. Keys polls all the
# buttons of a board and turns presses into the logical keys UP, DOWN, OK,
# BACK (named in hardware.py, with the kinds of press: every board's) through
# the board's key map.

from compat import const, ticks_diff
from hardware import DOWN, HOLD, LONG, SHORT, UP

# On release, the repeats of the last _UNDO_MS are taken back (all but a
# hold's first): a person lets go a reaction time (some 0.25 s) after
# seeing the value wanted, and keeps the value seen (make bench: entry).
_UNDO_MS = const(195)


class Button:
    """One button. update(pressed, now_ms) returns SHORT, LONG, HOLD or None;
    or, on release after repeats, how many to take back (a number).

    A press counts once the reading has been steady for debounce_ms. LONG
    comes while the button is still held, as soon as it has been down for
    long_ms (so the user feels it happen); releasing after a LONG gives
    nothing more. SHORT comes on release of a shorter press. A button that
    repeats (repeat: the key its key map names for HOLD) gives HOLD while it is
    held: at hold_ms, then every every_ms; or, when it has a long press too
    (long_first: its LONG key), LONG at long_ms, then HOLD every every_ms. Let go, it
    takes back the repeats of the last _UNDO_MS but the first (Keys sends
    the other way's key for each): a person's late let-go keeps the value
    seen, a tap is one step, and a hold at least one.
    """

    debounce_ms = 25
    long_ms = 600
    hold_ms = 200  # a tap is over well before (some 150 ms); a slower one is still one step ...
    every_ms = 110  # ... and a card every 110 ms shows for more than a perceptual cycle (100 ms)
    # the logical keys its presses give (Keys sets them from the key map: looked up once, no
    # tuple a key): short, HOLD's (repeat: it repeats) and LONG's (long_first: a long press first)
    short = repeat = long_first = None

    def __init__(self, read, name=""):
        self.read = read  # () -> True while pressed
        self.name = name
        self.raw = False  # last reading
        self.raw_since = 0  # when the reading last changed
        self.down = False  # debounced state
        self.down_at = 0
        self.long_sent = False  # a LONG or a HOLD has come: the release gives no SHORT
        self.next_ms = 0  # held this long (ms): the next HOLD

    def update(self, pressed, now):
        if pressed != self.raw:
            self.raw = pressed
            self.raw_since = now
            return None
        if pressed != self.down and ticks_diff(now, self.raw_since) >= self.debounce_ms:
            self.down = pressed
            if pressed:
                self.down_at = now
                self.long_sent = False
            elif not self.long_sent:
                return SHORT
            elif self.repeat:
                # let go after repeats (at first + k * every ms held, up to next_ms - every): how
                # many came after the release (raw_since) less _UNDO_MS, but the first, to take back
                first = self.long_ms if self.long_first else self.hold_ms
                lo = max(ticks_diff(self.raw_since, self.down_at) - _UNDO_MS, first)
                lo = (lo - first) // self.every_ms  # (no more locals: a frame of 11 slots at most)
                return (self.next_ms - self.every_ms - first) // self.every_ms - lo or None
            return None
        if not self.down:
            return None
        held = ticks_diff(now, self.down_at)
        if not self.long_sent:
            hold = self.repeat and not self.long_first  # the first repeat, or LONG
            first = self.hold_ms if hold else self.long_ms
            if held >= first:
                self.long_sent = True
                self.next_ms = first + self.every_ms
                return HOLD if hold else LONG
        elif self.repeat and held >= self.next_ms:
            self.next_ms += self.every_ms
            return HOLD
        return None

    def poll(self, now):
        return self.update(bool(self.read()), now)


class Chord:
    """Two buttons pressed together: a key of its own (a two-button board's
    third short press). It forms when the second button goes down while the
    first is still down and has given nothing yet; from then on the two
    buttons give nothing of their own until each is let go. SHORT comes when
    either is let go; held together, HOLD at hold_ms, then every every_ms,
    and on release the number of repeats to take back, as a Button's."""

    def __init__(self, a, b, short, repeat):
        self.a = a
        self.b = b  # button indexes
        self.short = short
        self.repeat = repeat  # the keys of its press and of holding it (None: it does not repeat)
        self.on = False  # formed, and not both let go yet
        self.held = False  # it has repeated: letting go gives nothing
        self.done = False  # one let go: nothing more until both are
        self.at = 0
        self.next_ms = 0

    def update(self, ba, bb, mute, now):
        if not self.on:
            if not (ba.down and bb.down) or mute[self.a] or mute[self.b]:
                return None
            mute[self.a] = mute[self.b] = True
            if ba.long_sent or bb.long_sent:
                return None  # one was held alone first (its long press came): the other is ignored
            self.on = True
            self.held = self.done = False
            self.at = now
            self.next_ms = ba.hold_ms
            return None
        mute[self.a] = mute[self.b] = True  # a button pressed again meanwhile gives nothing either
        if not (ba.down or bb.down):
            self.on = False
        if self.done:
            return None
        if not (ba.down and bb.down):
            self.done = True  # one let go: the press; after repeats, those of the last _UNDO_MS to take back
            if not self.held:
                return SHORT
            first = ba.hold_ms  # as Button's
            lo = max(ticks_diff((bb if ba.down else ba).raw_since, self.at) - _UNDO_MS, first)
            return (self.next_ms - ba.every_ms - first) // ba.every_ms - (lo - first) // ba.every_ms or None
        if self.repeat and ticks_diff(now, self.at) >= self.next_ms:
            self.next_ms += ba.every_ms
            self.held = True
            return HOLD
        return None


class Keys:
    """All buttons of a board. poll(now) returns the logical keys pressed
    since the last poll (usually none or one), in button order.

    keymap: {(button index, SHORT, LONG or HOLD): logical key}. A press that
    the map does not name is ignored; a button the map gives HOLD repeats.
    A pair of indexes, as in {((0, 1), SHORT): UP}, is the two buttons
    pressed together (Chord).
    """

    def __init__(self, buttons, keymap):
        self.buttons = buttons
        self.keymap = keymap
        self.out: list = []  # reused: no allocation per poll
        self.kinds: list = [None] * len(buttons)
        self.mute = [False] * len(buttons)  # in a chord: its own presses give nothing until let go
        self.chords = []
        for i in range(len(buttons)):
            buttons[i].short = keymap.get((i, SHORT))
            buttons[i].repeat = keymap.get((i, HOLD))
            buttons[i].long_first = keymap.get((i, LONG))
        for (i, kind) in keymap:
            if type(i) is tuple and kind == SHORT:
                self.chords.append(Chord(i[0], i[1], keymap[(i, SHORT)], keymap.get((i, HOLD))))

    def poll(self, now):
        """The keys pressed since the last poll. The list is reused: use it
        before the next poll."""
        self.out.clear()
        bs = self.buttons
        kinds = self.kinds
        busy = False
        for i in range(len(bs)):
            kinds[i] = bs[i].poll(now)
            if kinds[i] is not None or bs[i].down or self.mute[i]:
                busy = True
        if busy:  # (most turns nothing is: no frame bigger than the C stack takes, docs/SPEED.md)
            self._keys(now)
        return self.out

    def _keys(self, now):
        out = self.out  # (one at a time: a 4-way assignment builds a tuple)
        bs = self.buttons
        kinds = self.kinds
        mute = self.mute
        for c in self.chords:
            kind = c.update(bs[c.a], bs[c.b], mute, now)
            if kind is not None:
                key = c.short if kind == SHORT else c.repeat
                back = DOWN if key == UP else UP if key == DOWN else None
                for _ in range(kind if type(kind) is int and back else 0):
                    out.append(back)  # repeats taken back
                if type(kind) is not int:
                    out.append(key)
        for i in range(len(bs)):
            kind = kinds[i]
            if kind is not None and not mute[i]:
                b = bs[i]
                key = b.short if kind == SHORT else b.long_first if kind == LONG else b.repeat
                back = DOWN if key == UP else UP if key == DOWN else None
                for _ in range(kind if type(kind) is int and back else 0):
                    out.append(back)
                if key is not None and type(kind) is not int:
                    out.append(key)
            if mute[i] and not bs[i].down:
                mute[i] = False
        return out

    def set_timings(self, debounce_ms=None, long_ms=None):
        """Change the press timings of every button (a setting)."""
        for b in self.buttons:
            if debounce_ms is not None:
                b.debounce_ms = debounce_ms
            if long_ms is not None:
                b.long_ms = long_ms


def describe(keymap, names):
    """Lines like 'A short: down' (and 'A+B short: up', the two together)
    for the screen and the docs."""
    lines = []
    for i in range(len(names)):
        for kind in (SHORT, LONG, HOLD):
            key = keymap.get((i, kind))
            if key is not None:
                lines.append("%s %s: %s" % (names[i], kind, key))
    for (i, kind), key in keymap.items():
        if type(i) is tuple:
            lines.append("%s+%s %s: %s" % (names[i[0]], names[i[1]], kind, key))
    return lines
