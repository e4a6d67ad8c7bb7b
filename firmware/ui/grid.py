# A player's grid on the screen while a hole is entered (ui/entry.py's Flow
# makes one a player): the keys mapped onto the hole's cursor, and what it
# shows drawn. Apart from ui/entry.py so that a hand game (SuitUP Original,
# ui/cardlist.py's HandEntry) never loads it: loaded by Flow.screen for a grid
# game, let go with ui/entry.py (ui/finish.py) (docs/MEMORY.md, "A hand's entry").
from array import array

from hardware import BACK, DOWN, OK, UP
from os import remove

from engine.errors import ScoreError
from storage.log import JOURNAL
from engine.hole import TOTAL
from engine.rules import CANCEL, GONE, MATCH, REMOVED
from ui.draw import ACCENT, BAD, DIM, FG, GOOD, SEL_FG
from ui.widgets import Message, Screen, confirm, wrap


class Looks:
    """What a grid shows, worked out once a change (GridEntry.look) and kept
    on the flow (each grid stays on the stack), then only what differs
    drawn: docs/SPEED.md, "Draw what changed"."""

    def __init__(self, n, box):
        self.codes = [0] * n  # each cell's state * 32 + its colour's role
        self.labels = [None] * n  # each cell's text
        self.cells = [None] * n  # the cards they are of
        self.was_codes = [0] * n  # the codes and labels on the screen before
        self.was_labels = [None] * n
        self.rects = array("h", [0] * 16)  # Pen.frame's rectangles, four numbers each
        self.score = None  # the grid's score (None: not complete)
        self.extras: list | tuple = ()  # its bonuses and penalties, short
        self.hint = None  # the line under the grid
        self.of = None  # the screen they were worked out for (None: to work out again) ...
        self.pos = 0  # ... its cursor and
        self.note = None  # its note then
        self.box = box  # grid_box()'s
        self.keep = [None] * 5  # title_and_score()'s


def _rect(r, k, x, y, w, h):
    """Rectangle k // 4 of an array("h") of them (Pen.frame's): set one at a time, as an
    assignment of four builds a tuple."""
    r[k] = x
    r[k + 1] = y
    r[k + 2] = w
    r[k + 3] = h


class GridEntry(Screen):
    """A player's grid on the screen: the keys mapped onto the hole's cursor
    (engine/hole.py), and what it shows drawn."""

    one_card = False  # FixEntry (ui/fix.py): one card changed and saved

    def __init__(self, flow, player):
        super().__init__(flow.app)
        self.flow = flow
        self.hole = flow.hole
        self.player = player
        # buttons: the first cell starts on a guess (a keyboard types, a pad is tapped)
        flow.hole.open(player, flow.app.via is None)

    def key(self, key):
        h = self.hole
        if key == UP or key == DOWN:  # the cell's card, along the game's cards (no tuple made a key)
            h.step(1 if key == DOWN else -1)
        elif key == OK:
            if h.cells[h.cell()] == TOTAL:
                self.total_only(1)  # (the cell's "#" is not a card)
                return
            try:
                if not self.flow.advance():
                    self.flow.done(self.player)
                    return
            except ScoreError as e:
                self.app.push(Message(self.app, "Too many", [e.msg, "Change this card."]))
                return
        elif key == BACK:
            if h.pos > 0:
                h.pos -= 1
            elif self.player > 0:
                self.to_before()  # (a method: a closure here would make cells at every key)
                return
            else:
                self.flow.leave()
                return
        self.changed()

    def to_before(self):
        """Back from the first cell to the player before; the player's cards go with it, so
        asked first (on buttons the cell after the last card taken holds a guess, not a card)."""
        h, p, f = self.hole, self.player, self.flow

        def drop():  # off the flash too: a restart brings back no card dropped
            if f.log_p == p:
                f.keep(-1, "")  # (its open file closed)
            e = h.entries[p]
            if type(e) is int:  # the total the cards were to replace: it stands, on the flash again
                f.keep(p, "# %d" % e)
            else:
                try:
                    remove("%s.%d" % (JOURNAL, p))
                except OSError:
                    pass
            self.app.pop()

        if type(h.entries[p]) is not list and h.cells.count(None) < len(h.cells) - (self.app.via is None):
            confirm(self.app, ("Drop %s's cards?" % h.name(p), "Drop cards?"), drop,
                    no="Keep them", yes="Drop, go back")
        else:
            self.app.pop()

    # Where a card is one press (a key, a tap: ui/onepress.py), the grid's last card leaves it
    # standing scored (ready) until the next player's first card (or OK) moves on.
    ready = False

    def total_only(self, spare=0):
        """The player's total instead of cards: asks first if cards would be
        dropped (ui/total.py)."""
        from ui.total import instead

        h = self.hole
        instead(self, type(h.entries[self.player]) is list or h.cells.count(None) < len(h.cells) - spare)

    def back(self):
        """Back: a cell back; from the first cell, to the previous player,
        asking first when this player's cards would go with it (a tap or an
        arrow reaches the first cell at once); from the first player,
        leaving the hole (which asks)."""
        if self.ready:  # the complete grid to change: on its last card (a card is one press there)
            import ui.onepress  # (a "from" import in a function allocates: not a key's)

            ui.onepress.set_ready(self, False)
            self.changed()
            return
        self.key(BACK)  # (which asks)

    # ui/onepress.py's: the player before's score and the entry it is of; the input's hint and
    # that line: made again only when what they show changed, not a key
    prev_of: object = 0
    prev_line: object = 0
    hint_of: object = 0
    hint_line: object = 0

    def shown(self):
        h = self.hole
        self.ready = False  # back from the next player (or a message): to change a card
        L = self.flow.looks
        if L is not None:
            L.of = None  # drawn whole: what it shows is worked out again
        if h.at != self.player:  # back from the next player: this one's grid under the cursor again
            h.open(self.player, self.app.via is None)
        # back from the next player: stand on the last cell of a complete grid (not from "Total
        # only?" answered Keep cards: on the "#" still)
        if type(h.entries[self.player]) is list and TOTAL not in h.cells:
            h.pos = len(h.order) - 1

    def look(self):
        """What the grid shows (the flow's Looks), worked out unless it is already."""
        h = self.hole
        now = h.cells
        n = len(now)
        L = self.flow.looks
        if L is None or len(L.codes) != n:
            L = self.flow.looks = Looks(n, self.flow.box(self.app.pen))
        if L.of is self and L.pos == h.pos and L.note is self.note and L.cells == now:
            return L
        L.of = self
        L.pos = h.pos
        L.note = self.note
        cells, codes, labels = L.cells, L.codes, L.labels
        for i in range(n):
            cells[i] = now[i]
        b = None
        if None not in now and TOTAL not in now:
            b = h.rules.score(now, h.game.opts)
        L.score = b.total() if b else None
        cur = -1 if self.ready else h.cell()  # ready: no card under a cursor, the next is the next grid's
        for i in range(n):
            t = now[i]
            state = b.state[i] if b else 0
            if i == cur:
                role = SEL_FG
            elif t is None:
                role = DIM
            elif state == CANCEL:
                role = GOOD
            elif state == MATCH:
                role = ACCENT
            elif state == REMOVED or state == GONE:  # (no tuple made a cell)
                role = DIM
            else:
                role = FG
            codes[i] = state * 32 + role
            labels[i] = "?" if t is None else t
        extras: list | tuple = ()
        if b and b.extras:  # bonuses and penalties, short: "bonus -10  QS +25"
            extras = [("%s %+d" % ("QS" if label.startswith("Queen") else label.split(":")[0], pts))
                      for label, pts in b.extras]
        L.extras = extras
        L.hint = self.hint()
        return L

    def changed(self):
        """After a key: only what differs from the screen is drawn, or the
        whole screen where that is simpler (a frame not yet drawn)."""
        h = self.hole
        L = self.flow.looks
        if self.dirty is not False or L is None or L.of is not self:  # a frame pending: drawn whole
            self.dirty = True
            return
        # (one at a time: an assignment of four or more builds a tuple, a key's garbage)
        codes = L.codes
        labels = L.labels
        was_codes = L.was_codes
        was_labels = L.was_labels
        rects = L.rects
        n = len(h.cells)
        for i in range(n):
            was_codes[i], was_labels[i] = codes[i], labels[i]
        was_score, was_extras, was_hints = L.score, L.extras, L.hint
        L.of = None  # worked out again, whatever the state
        self.look()
        score = L.score
        pen = self.app.pen
        for i in range(3, 16, 4):
            rects[i] = 0
        x0, y0, cw, rh, tw = L.box
        if score != was_score:
            if was_score is not None and score is not None and len(str(score)) == len(str(was_score)):
                w = pen.text_width(str(score)) + 2  # the score's digits alone
                _rect(rects, 0, pen.d.width - w - 2, 0, w + 2, y0 - 3)
            else:  # the title line: its name may be cut otherwise
                _rect(rects, 0, 0, 0, pen.d.width, y0 - 3)
        if L.extras != was_extras or L.hint != was_hints:
            y = y0 + h.rules.rows * rh
            _rect(rects, 4, 0, y, pen.d.width, pen.h - y)
        C = h.rules.cols
        k = 8
        lo = hi = -1  # the first and last cells that changed, beyond two
        for i in range(n):
            if codes[i] == was_codes[i] and labels[i] is was_labels[i]:
                continue
            x, yy = x0 + i % C * cw - 2, y0 + i // C * rh - 2
            if k < 16:
                _rect(rects, k, x, yy, tw - 1, rh + 2)
                k += 4
            else:  # more: the rows from the first to the last
                if lo < 0:
                    lo = rects[9]
                hi = yy + rh + 2
        if hi >= 0:
            _rect(rects, 8, 0, lo, pen.d.width, hi - lo)
            rects[15] = 0
        self.dirty = rects  # type: ignore[assignment]  # Pen.frame: True, or the rectangles

    def draw(self, pen):
        L = self.look()
        h = self.hole
        codes, labels = L.codes, L.labels
        b = L.score is not None
        x0, y, cw, rh, tw = L.box
        # a frame of what changed (Pen.frame) draws what meets it in this band: the rest is skipped
        # (the title's strings, the calls); a whole frame draws all
        clip, top, end = pen.clip, pen.oy, pen.oy + pen.rows
        if clip is None or (top < y - 3 and pen._meets(clip, len(clip), 0, 0, pen.d.width, y - 3)):
            self.flow.title(pen, self.player, L.score, L.keep)
        else:  # the title's rule, where a cell of the first row changed
            pen.fill(0, y - 2, pen.d.width, 1, DIM)
        R, C = h.rules.rows, h.rules.cols
        mono = pen.mono
        for i in range(R * C):
            x, yy = x0 + i % C * cw, y + i // C * rh
            if clip is not None and not (yy - 2 < end and top < yy + rh and pen._meets(
                    clip, len(clip), x - 2, yy - 2, tw - 1, rh + 2)):
                continue  # not this cell
            code = codes[i]
            role, state = code & 31, code >> 5
            if role == SEL_FG:
                pen.highlight(x - 2, yy - 1, tw - 2, rh)
            label = labels[i]
            pen.text(label, x + (3 - len(label)) * 4 * pen.scale, yy, role)
            if mono and b and role != SEL_FG and (state == CANCEL or state == MATCH or state == REMOVED):
                # no colours: a box shows it, a pixel clear of the glyphs (touching, HIO read HIU)
                pen.box(x - 2, yy - 2, tw - 1, rh + 1, FG)
            if b and state == REMOVED:
                pen.fill(x - 1, yy + rh // 2 - 1, tw - 4, 1, BAD)
        y += R * rh + 2
        if clip is not None and not (y - 2 < end and top < pen.h and pen._meets(
                clip, len(clip), 0, y - 2, pen.d.width, pen.h - y + 2)):
            return  # the lines under the grid (their strings)
        if L.extras:
            x = 2
            for item in L.extras:
                w = pen.text_width(item)
                if x + w > pen.d.width:
                    x = 2
                    y += pen.line_h
                if y + pen.line_h > pen.h:
                    break
                pen.text(item, x, y, ACCENT)
                x += w + 8 * pen.scale
            y += pen.line_h
        hint = L.hint
        for line in wrap(pen, hint.split("\n")) if hint else ():
            if y + pen.line_h <= pen.h:
                pen.text(line, 2, y, DIM)
                y += pen.line_h

    note: str | None = None  # a line for the hint's place (a key that is no card: ui/typed.py)

    def hint(self):
        """The line under the grid: what OK does, where it is not taking a card."""
        if self.note:
            return self.note
        via = self.app.via
        h = self.hole
        if via is not None:  # a card is one press (a key, a tap): ui/onepress.py's
            import ui.onepress

            return ui.onepress.hint(self, via)
        if h.phone_grid() and h.pos == len(h.order) - 1:
            return "From the phone: OK takes it"
        return "OK: total only" if h.cells[h.cell()] == TOTAL else None

    # What a keyboard, a touch pad and a tap ask of a grid (the input contract,
    # ui/widgets.py): the bodies are ui/direct.py's and ui/pad.py's, loaded only on
    # the boards with a keyboard or a touch panel
    def keyboard(self, key):
        import ui.direct

        ui.direct.typed_grid(self, key)

    def pad(self):
        import ui.pad

        return ui.pad.grid_keys(self)

    def press(self, label):
        import ui.pad

        ui.pad.grid_press(self, label)

    def tap(self, x, y):
        """A tap on a cell: the cursor there (ui/onepress.py)."""
        import ui.onepress

        ui.onepress.tap(self, x, y)
