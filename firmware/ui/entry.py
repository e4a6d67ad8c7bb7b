# Entering a hole: each player's grid (or hand) in turn, then who went out
# and who ended it, then the result. Each player's entry is a screen given
# the hole's Draft: GridEntry here, HandEntry (a SuitUP Original hand, in
# ui/cardlist.py); it calls d.done(k) when its player's entry is complete,
# d.leave() to leave the hole. Then the hole is added, saved and its result
# shown.
#
# A grid's card is picked by stepping through the game's cards (DOWN next,
# UP back; held, they repeat) and taken with OK; each new cell starts on the
# card above it, else the one to its left, else the card the game's holes
# most often end with: a match costs one press. The score and what cancels,
# is removed or earns a bonus show while entering. Choosing "#" instead of a
# card enters that player's total alone.
#
# Nothing entered is lost by going back: BACK steps back a cell, then to the
# previous player; leaving the hole asks first.
from array import array

from hardware import BACK, DOWN, OK, UP
from engine.errors import ScoreError
from engine.game import TOTAL_HIGH, TOTAL_LOW
from engine.rules import CANCEL, GONE, MATCH, REMOVED
from ui.draw import ACCENT, BAD, DIM, FG, GOOD, SEL_FG
from ui.widgets import Message, Number, Screen, confirm, header, wrap

TOTAL = "#"  # in the card list: enter the player's total instead


def flat(e, rules):
    """An entry as a flat card list (a grid's rows joined), or the total."""
    if type(e) is int or rules.hand:
        return e
    return [t for row in e for t in row]


class Draft:
    """A hole being entered (or edited): the entries survive going back."""

    def __init__(self, app, target, anchor):
        g = app.game
        self.app = app
        self.game = g
        self.rules = g.rules
        self.target = target  # None: the next hole; an int: edit that hole; "playoff"
        self.anchor = anchor  # the screen to come back to: the game's hub
        if target == "playoff":
            self.players = g.playoff_players()
            self.label = "Playoff %d" % (len(g.playoff) + 1)
        else:
            self.players = list(range(len(g.names)))
            self.label = "Hole %d" % ((len(g.holes) if target is None else target) + 1)
        self.entries: list = [None] * len(self.players)
        self.ender = self.out = None
        self.blitz = False
        # who went out and who ended are answered already: an edit, or asked before
        self.out_known = self.ender_known = type(target) is int
        self.fix = False  # one player's entry fixed in a past hole: the rest stands
        self.phone: list = []  # the players whose entry came from their phone (ui/phones.py)
        if type(target) is int:
            h = g.holes[target]
            # grids as rows (as the engine reads them), hands as lists
            self.entries = [c if type(c) is int else self.rules.grid_of(c) for c in h.cards]
            self.ender, self.out, self.blitz = h.ender, h.out, h.blitz

    def name(self, player):
        return self.game.names[self.players[player]]

    def title(self, pen, player, score):
        """The player's top line (a hand's screen, ui/cardlist.py, draws it so: it imports nothing here)."""
        return title_and_score(pen, self.name(player), self.label, score)

    # what an entry screen calls: its player's entry is complete; leave the hole
    def done(self, player):
        return player_done(self, player)

    def leave(self):
        leave(self)

    def reopen(self):
        """Every player's screen again, the last in front (a new hole the
        engine refused when it was scored: ui/finish.py had let them go)."""
        for player in range(len(self.players)):
            if self.rules.hand:
                from ui.cardlist import HandEntry

                self.app.push(HandEntry(self, player))
            else:
                self.app.push(GridEntry(self, player))

    def ask_total(self, player, start, low=TOTAL_LOW, high=TOTAL_HIGH, title=None, then=None):
        """The player's total alone, from start (the cards gone; or the total
        a phone sent); then() first when it is taken (the screen's tidying)."""

        def done(n):
            self.entries[player] = n
            self.app.pop()
            if then is not None:
                then()
            self.done(player)

        self.app.push(Number(self.app, title or "%s total" % self.name(player), low, high, start, done))


def start(app, target, anchor):
    """Enter the next hole (target None), the next playoff hole ("playoff")
    or past hole `target` again; back to `anchor` when done or left."""
    open_player(Draft(app, target, anchor), 0)


def open_player(draft, player):
    net = draft.app.net
    # Wi-Fi on: what the player's phone sent for this hole (web/state.py); a total is asked here
    if net is not None and net.take(draft, player) and type(draft.entries[player]) is int:
        name = draft.name(player)
        draft.ask_total(player, draft.entries[player], title=("%s total (phone)" % name, "%s total" % name))
        return
    if draft.rules.hand:
        from ui.cardlist import HandEntry  # only the hand game's (app.LEAVES)

        draft.app.push(HandEntry(draft, player))
    else:
        draft.app.push(GridEntry(draft, player))


def player_done(draft, player):
    """The player's entry is complete: check the deck so far, then go on."""
    upto = len(draft.entries) if draft.fix else player + 1
    try:
        draft.game.check_deck([flat(e, draft.rules) for e in draft.entries[:upto] if e is not None])
    except ScoreError as e:
        draft.app.push(Message(draft.app, "Too many", [e.msg, "Check %s's cards." % draft.name(player)]))
        return False
    if player + 1 < len(draft.players) and not draft.fix:
        open_player(draft, player + 1)
        return True
    from ui import finish  # the hole's end, loaded only then (app.LEAVES): the game's heap

    if draft.fix:
        finish.commit(draft)  # the other players' entries and who ended stand
    else:
        finish.ask_out(draft)
    return True


def leave(draft):
    # says what leaving costs: the cards entered for this hole
    confirm(draft.app, "Leave hole?", lambda: draft.app.pop_to(draft.anchor), no="Stay", yes="Drop & leave")


def title_and_score(pen, name, label, score, keep=None):
    """The hole's entry screens' top line: the name and hole on the left, the score
    on the right; the name is shortened if both would not fit. keep: a list of
    five, the name, label and score its two texts are of and the texts: made
    again only when one of them changed (not each frame of a key). (Here, not in
    ui/widgets.py: only the entry screens draw it, and widgets is loaded at boot.)"""
    if keep is not None and keep[0] is name and keep[1] is label and keep[2] == score and keep[3]:
        y = header(pen, keep[3])
        s = keep[4]
    else:
        s = "= %d" % score if score is not None else "= ?"
        room = (pen.d.width - 2 - pen.text_width(s) - 8 * pen.scale) // (8 * pen.scale)
        # which hole it is, in words where they fit beside the name: "ANN hole 3",
        # "ANN playoff 1"; else short: "ANN h3", "ANN po1"
        hole = " " + label.lower()
        if len(hole) + min(len(name), 4) > room:
            hole = (" po" if label[0] == "P" else " h") + label.split()[-1]
        left = name[: max(1, room - len(hole))] + hole
        y = header(pen, left)
        if keep is not None:
            keep[0] = name
            keep[1] = label
            keep[2] = score
            keep[3] = left
            keep[4] = s
    pen.text(s, pen.d.width - pen.text_width(s) - 2, 1, FG)
    return y


def grid_box(pen, C):
    """Where a grid of C columns is drawn under title_and_score (and where a
    tap finds its cell, ui/pad.py): (x, y) of its first card, a column's
    width (3 characters and a gap: a character's where the panel has room,
    so that two HIO side by side do not read HIOHIO) and a row's height."""
    tw = 24 * pen.scale + 4  # a card's box
    cw = tw + max(0, min(8 * pen.scale, (pen.d.width - 4 - tw * C) // C))
    return max(2, (pen.d.width - cw * (C - 1) - tw) // 2 + 2), pen.line_h + 3, cw, pen.line_h + 1, tw


def _rect(r, k, x, y, w, h):
    """Rectangle k // 4 of an array("h") of them (Pen.frame's): set one at a time, as an
    assignment of four builds a tuple."""
    r[k] = x
    r[k + 1] = y
    r[k + 2] = w
    r[k + 3] = h


class GridEntry(Screen):
    one_card = False  # FixEntry (ui/fix.py): one card changed and saved

    def __init__(self, draft, player):
        super().__init__(draft.app)
        self.d = draft
        self.k = player
        r = draft.rules
        self.R, self.C = R, C = r.rows, r.cols
        n = R * C
        shape: tuple | None = getattr(draft, "shape", None)  # the same for every player: made once a hole (a
        if shape is None:  # grid each, a player at a time, stays on the stack: docs/MEMORY.md)
            if r.by_column:  # a column's pair is one press
                order = tuple(row * C + col for col in range(C) for row in range(R))
            else:
                order = tuple(range(n))
            shape = draft.shape = (order, tuple(r.tokens) + ((".",) if r.dots else ()) + (TOTAL,))
        self.order, self.cycle = shape
        e = draft.entries[player]
        self.pos = 0
        if type(e) is list:
            self.cells = flat(e, r)
        else:
            self.cells = [None] * n
            if draft.app.via is None:  # buttons: start on a guess (a keyboard types, a pad is tapped)
                self.cells[self.order[0]] = self.guess(self.order[0])
        self.total = e if type(e) is int else None
        self.opts = draft.game.opts
        if player in draft.phone and type(e) is list:  # from the phone: on its last cell, OK takes it
            self.pos = n - 1

    def cell(self):
        return self.order[self.pos]

    def guess(self, i):
        """Where cell i starts: on the card above it, else the one to its
        left (not in a game entered column by column: its columns are dealt
        apart), else the card this game's holes most often end with. Real
        holes end in matches and low cards (make bench: entry on real holes)."""
        C = self.C
        c = self.cells[i - C] if i >= C else None
        if c is None and i % C and not self.d.rules.by_column:
            c = self.cells[i - 1]
        return c if c is not None and c != TOTAL else self.d.rules.start

    def key(self, k):
        i = self.cell()
        if k == UP or k == DOWN:  # (no tuple made a key)
            j = self.cycle.index(self.cells[i])
            self.cells[i] = self.cycle[(j + (1 if k == DOWN else -1)) % len(self.cycle)]
        elif k == OK:
            if self.cells[i] == TOTAL:
                if type(self.d.entries[self.k]) is list or self.cells.count(None) < len(self.cells) - 1:
                    # cards entered: dropped only when the player says so
                    confirm(self.app, "Total only?", self.ask_total, no="Keep cards", yes="Drop cards")
                else:
                    self.ask_total()
                return
            if self.too_many(i):
                return
            if self.pos + 1 < len(self.order):
                self.pos += 1
                nxt = self.cell()
                if self.cells[nxt] is None:
                    self.cells[nxt] = self.guess(nxt)
            else:
                self.d.entries[self.k] = self.d.rules.grid_of(self.cells)
                self.d.done(self.k)
                return
        elif k == BACK:
            if self.pos > 0:
                self.pos -= 1
            elif self.k > 0:
                self.app.pop()
            else:
                self.d.leave()
                return
        self.changed()

    # A card a key or a tap names (the keyboard, ui/direct.py; the touch pad, ui/pad.py)
    def put(self, tok):
        """tok into the current cell, then on to the next empty cell (in the
        grid's order, wrapping); none left: the player's grid is complete.
        Fixing a past hole (ui/fix.py's FixEntry): the one card is changed
        and the hole saved."""
        self.cells[self.cell()] = tok
        if self.one_card:
            self.save()  # type: ignore[attr-defined]
            return
        if self.too_many(self.cell()):
            self.dirty = True
            return
        n = len(self.order)
        for step in range(1, n + 1):
            p = (self.pos + step) % n
            if self.cells[self.order[p]] is None:
                self.pos = p
                self.changed()
                return
        self.pos = n - 1
        self.d.entries[self.k] = self.d.rules.grid_of(self.cells)
        self.d.done(self.k)

    def too_many(self, i):
        """The deck checked as cell i's card is entered, not only once the
        grid is complete: the hole so far holding more of it than the
        game's deck says so (the cursor stays on it), and True."""
        d, tok = self.d, self.cells[i]
        most = d.rules.deck(len(d.game.names)).get(tok)
        if most is None:
            return False
        n = self.cells.count(tok)
        for j in range(len(d.entries)):
            e = d.entries[j]
            if j != self.k and type(e) is list:
                for row in e:
                    n += row.count(tok)
        if n <= most:
            return False
        try:  # the engine's words for it
            d.game.check_deck([[tok] * n])
        except ScoreError as e:
            self.app.push(Message(self.app, "Too many", [e.msg, "Change this card."]))
        return True

    def move(self, dr, dc):
        """The cursor a row (dr) or a column (dc) along, wrapping."""
        i = self.cell()
        r, c = (i // self.C + dr) % self.R, (i % self.C + dc) % self.C
        self.pos = self.order.index(r * self.C + c)
        self.changed()

    def total_only(self):
        """The player's total instead of cards: asks first if cards would be
        dropped ("Keep cards" changes nothing)."""
        if type(self.d.entries[self.k]) is list or self.cells.count(None) < len(self.cells):
            confirm(self.app, "Total only?", self.ask_total, no="Keep cards", yes="Drop cards")
        else:
            self.ask_total()

    def back(self):
        """Back: a cell back; from the first cell, to the previous player,
        asking first when this player's cards would go with it (a tap or an
        arrow reaches the first cell at once); from the first player,
        leaving the hole (which asks)."""
        if self.pos == 0 and self.k > 0 and type(self.d.entries[self.k]) is not list and \
                self.cells.count(None) < len(self.cells):
            confirm(self.app, ("Drop %s's cards?" % self.d.name(self.k), "Drop cards?"),
                    lambda: self.key(BACK), no="Keep them", yes="Drop, go back")
        else:
            self.key(BACK)

    # previous()'s line and the entry it is of; the input's hint (hint()) and that line: made again
    # only when what they show changed, not a key
    prev_of: object = 0
    prev_line: object = 0
    hint_of: object = 0
    hint_line: object = 0

    def previous(self):
        """The player before's score ("ANN: 12"), for under the grid: the
        last card of a grid goes straight on to the next player."""
        d, k = self.d, self.k
        e = d.entries[k - 1] if k else None
        if e is None:
            return None
        if e is not self.prev_of:
            score = e if type(e) is int else d.rules.score([t for row in e for t in row], d.game.opts).total()
            self.prev_line = "%s: %d" % (d.name(k - 1), score)
            self.prev_of = e
        return self.prev_line

    def phone_grid(self):
        """A complete grid that came from the player's phone: OK (Enter, the
        pad's OK) takes it as it is."""
        return self.k in self.d.phone and None not in self.cells and TOTAL not in self.cells

    def accept(self):
        if not self.phone_grid():
            return
        self.d.entries[self.k] = self.d.rules.grid_of(self.cells)
        self.d.done(self.k)

    def shown(self):
        L = getattr(self.d, "looks", None)
        if L is not None:
            L[9] = None  # drawn whole: what it shows is worked out again
        # back from the next player: stand on the last cell of a complete grid (not from "Total
        # only?" answered Keep cards: on the "#" still)
        if type(self.d.entries[self.k]) is list and TOTAL not in self.cells:
            self.pos = len(self.order) - 1

    def ask_total(self):
        def then():
            if self.cells[self.cell()] == TOTAL:  # (buttons: "#" was chosen in the cell)
                self.cells[self.cell()] = self.cycle[0]

        self.d.ask_total(self.k, self.total if self.total is not None else 0, then=then)

    # What the grid shows, worked out once a change and kept on the hole's Draft (each grid stays
    # on the stack), then only what differs drawn: docs/SPEED.md, "Draw what changed".
    # looks: [codes, labels, cells, the codes and labels on the screen before, rectangles,
    #         score, extras, hint, the grid it is for, pos, note, grid_box()'s, title_and_score()'s keep]

    def look(self):
        """What the grid shows (Draft.looks), worked out unless it is already."""
        d = self.d
        n = len(self.cells)
        L: list | None = getattr(d, "looks", None)
        if L is None or len(L[0]) != n:
            L = d.looks = [[0] * n, [None] * n, [None] * n, [0] * n, [None] * n, array("h", [0] * 16),  # type: ignore[attr-defined]
                           None, (), None, None, 0, None, grid_box(self.app.pen, self.C), [None] * 5]
        if L[9] is self and L[10] == self.pos and L[11] is self.note and L[2] == self.cells:
            return L
        L[9], L[10], L[11] = self, self.pos, self.note
        cells, codes, labels = L[2], L[0], L[1]
        for i in range(n):
            cells[i] = self.cells[i]
        b = None
        if None not in self.cells and TOTAL not in self.cells:
            b = d.rules.score(self.cells, self.opts)
        L[6] = b.total() if b else None
        cur = self.cell()
        for i in range(n):
            t = self.cells[i]
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
        L[7] = extras
        L[8] = self.hint()
        return L

    def changed(self):
        """After a key: only what differs from the screen is drawn, or the
        whole screen where that is simpler (a frame not yet drawn)."""
        L = getattr(self.d, "looks", None)
        if self.dirty is not False or L is None or L[9] is not self:  # a frame pending: drawn whole
            self.dirty = True
            return
        # (one at a time: an assignment of four or more builds a tuple, a key's garbage)
        codes = L[0]
        labels = L[1]
        was_codes = L[3]
        was_labels = L[4]
        rects = L[5]
        n = len(self.cells)
        for i in range(n):
            was_codes[i], was_labels[i] = codes[i], labels[i]
        was_score, was_extras, was_hints = L[6], L[7], L[8]
        L[9] = None  # worked out again, whatever the state
        self.look()
        score = L[6]
        pen = self.app.pen
        for i in range(3, 16, 4):
            rects[i] = 0
        x0, y0, cw, rh, tw = L[12]
        if score != was_score:
            if was_score is not None and score is not None and len(str(score)) == len(str(was_score)):
                w = pen.text_width(str(score)) + 2  # the score's digits alone
                _rect(rects, 0, pen.d.width - w - 2, 0, w + 2, y0 - 3)
            else:  # the title line: its name may be cut otherwise
                _rect(rects, 0, 0, 0, pen.d.width, y0 - 3)
        if L[7] != was_extras or L[8] != was_hints:
            y = y0 + self.R * rh
            _rect(rects, 4, 0, y, pen.d.width, pen.h - y)
        k = 8
        lo = hi = -1  # the first and last cells that changed, beyond two
        for i in range(n):
            if codes[i] == was_codes[i] and labels[i] is was_labels[i]:
                continue
            x, yy = x0 + i % self.C * cw - 2, y0 + i // self.C * rh - 2
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
        codes, labels = L[0], L[1]
        b = L[6] is not None
        x0, y, cw, rh, tw = L[12]
        # a frame of what changed (Pen.frame) draws what meets it in this band: the rest is skipped
        # (the title's strings, the calls); a whole frame draws all
        clip, top, end = pen.clip, pen.oy, pen.oy + pen.rows
        if clip is None or (top < y - 3 and pen._meets(clip, len(clip), 0, 0, pen.d.width, y - 3)):
            title_and_score(pen, self.d.name(self.k), self.d.label, L[6], L[13])
        else:  # the title's rule, where a cell of the first row changed
            pen.fill(0, y - 2, pen.d.width, 1, DIM)
        C = self.C
        mono = pen.mono
        for i in range(self.R * C):
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
        y += self.R * rh + 2
        if clip is not None and not (y - 2 < end and top < pen.h and pen._meets(
                clip, len(clip), 0, y - 2, pen.d.width, pen.h - y + 2)):
            return  # the lines under the grid (their strings)
        if L[7]:
            x = 2
            for item in L[7]:
                w = pen.text_width(item)
                if x + w > pen.d.width:
                    x = 2
                    y += pen.line_h
                if y + pen.line_h > pen.h:
                    break
                pen.text(item, x, y, ACCENT)
                x += w + 8 * pen.scale
            y += pen.line_h
        hint = L[8]
        for line in wrap(pen, hint.split("\n")) if hint else ():
            if y + pen.line_h <= pen.h:
                pen.text(line, 2, y, DIM)
                y += pen.line_h

    note = None  # a line for the hint's place (a keyboard's key that is no card: ui/typed.py)

    def hint(self):
        """The line under the grid: what OK does, where it is not taking a card."""
        if self.note:
            return self.note
        via = self.d.app.via
        if self.phone_grid() and (via is not None or self.pos == len(self.order) - 1):
            return "From the phone: %s takes it" % getattr(via, "OK_KEY", "OK")
        if via is not None:  # the keys that are not cards' names, the player before's score (ui/typed, touch)
            if not hasattr(via, "hint"):
                return None
            prev = self.previous()
            if self.hint_of is not prev:
                self.hint_line = via.hint(self)
                self.hint_of = prev
            return self.hint_line
        return "OK: total only" if self.cells[self.cell()] == TOTAL else None

    # What a keyboard, a touch pad and a tap ask of a grid (the input contract,
    # ui/widgets.py): the bodies are ui/direct.py's and ui/pad.py's, loaded only on
    # the boards with a keyboard or a touch panel
    def keyboard(self, k):
        import ui.direct

        ui.direct.typed_grid(self, k)

    def pad(self):
        import ui.pad

        return ui.pad.grid_keys(self)

    def press(self, label):
        import ui.pad

        ui.pad.grid_press(self, label)

    def tap(self, x, y):
        """A tap on a cell: the cursor there."""
        x0, y0, cw, rh, tw = self.look()[12]  # grid_box()'s, kept (a tuple made once a hole, not a tap)
        r, c = (y - y0) // rh, (x - x0 + 2 + (cw - tw) // 2) // cw  # (a tap in a gap: the nearer card)
        if 0 <= r < self.R and 0 <= c < self.C and x >= x0 - 2:
            self.pos = self.order.index(r * self.C + c)
            self.changed()
