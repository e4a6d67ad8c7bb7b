# Entering a player's grid, cell by cell (the hole around it: ui/hole.py;
# a hand: ui/cardlist.py). A cell's card is picked by stepping through the
# game's cards (DOWN next, UP back; held, they repeat) and taken with OK;
# each new cell starts on the card above it, else the one to its left, else
# the card the game's holes most often end with: a match costs one press.
# The score and what cancels, is removed or earns a bonus show while
# entering. Choosing "#" instead of a card enters that player's total alone.
#
# Nothing entered is lost by going back: BACK steps back a cell, then to the
# previous player; leaving the hole asks first.
from drivers.buttons import BACK, DOWN, OK, UP
from engine.game import TOTAL_HIGH, TOTAL_LOW
from engine.rules import CANCEL, GONE, MATCH, REMOVED
from ui.draw import ACCENT, BAD, DIM, FG, GOOD, SEL_FG
from ui.widgets import Number, Screen, confirm, header

TOTAL = "#"  # in the card list: enter the player's total instead


def flat(e, rules):
    """An entry as a flat card list (a grid's rows joined), or the total."""
    if type(e) is int or rules.hand:
        return e
    return [t for row in e for t in row]


def title_and_score(pen, name, label, score):
    """The entry screens' top line: the name and hole on the left, the score
    on the right; the name is shortened if both would not fit."""
    s = "= %d" % score if score is not None else "= ?"
    room = (pen.d.width - 2 - pen.text_width(s) - 8 * pen.scale) // (8 * pen.scale)
    # which hole it is, in words where they fit beside the name: "ANN hole 3",
    # "ANN playoff 1"; else short: "ANN h3", "ANN po1"
    n = label.split()[-1]
    hole = " " + label.lower()
    if len(hole) + min(len(name), 4) > room:
        hole = (" po" if label[0] == "P" else " h") + n
    name = name[: max(1, room - len(hole))]
    y = header(pen, name + hole)
    pen.text(s, pen.d.width - pen.text_width(s) - 2, 1, FG)
    return y


class GridEntry(Screen):
    def __init__(self, d, k):
        super().__init__(d.app)
        self.d = d
        self.k = k
        r = d.rules
        self.R, self.C = r.rows, r.cols
        n = self.R * self.C
        if r.id == "play-nine":  # column by column: a column's pair is one press
            self.order = [row * self.C + col for col in range(self.C) for row in range(self.R)]
        else:
            self.order = list(range(n))
        self.cycle = list(r.tokens) + (["."] if r.dots else []) + [TOTAL]
        e = d.entries[k]
        self.pos = 0
        if type(e) is list:
            self.cells = flat(e, r)
        else:
            self.cells = [None] * n
            self.cells[self.order[0]] = self.guess(self.order[0])
        self.total = e if type(e) is int else None
        self.opts = d.game.opts

    def cell(self):
        return self.order[self.pos]

    def guess(self, i):
        """Where cell i starts: on the card above it, else the one to its
        left, else the card this game's holes most often end with. Real
        holes end in matches and low cards (make bench: entry on real holes)."""
        C = self.C
        c = self.cells[i - C] if i >= C else None
        if c is None and i % C:
            c = self.cells[i - 1]
        return c if c is not None and c != TOTAL else self.d.rules.start
    def key(self, k):
        i = self.cell()
        if k in (UP, DOWN):
            j = self.cycle.index(self.cells[i])
            self.cells[i] = self.cycle[(j + (1 if k == DOWN else -1)) % len(self.cycle)]
        elif k == OK:
            if self.cells[i] == TOTAL:
                if self.pos or type(self.d.entries[self.k]) is list:
                    # cards entered: dropped only when the player says so
                    confirm(self.app, "Total only?", self.ask_total, no="Keep cards", yes="Drop cards")
                else:
                    self.ask_total()
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
        self.dirty = True

    def shown(self):
        # back from the next player: stand on the last cell of a complete grid
        if type(self.d.entries[self.k]) is list:
            self.pos = len(self.order) - 1

    def ask_total(self):
        def done(n):
            self.d.entries[self.k] = n
            self.app.pop()
            self.cells[self.cell()] = self.cycle[0]
            self.d.done(self.k)

        start = self.total if self.total is not None else 0
        self.app.push(Number(self.app, "%s total" % self.d.name(self.k), TOTAL_LOW, TOTAL_HIGH, start, done))

    def draw(self, pen):
        d = self.d
        cards = [c if c not in (None, TOTAL) else None for c in self.cells]
        score = None
        b = None
        if None not in cards:
            b = d.rules.score(cards, self.opts)
            score = b.total()
        y = title_and_score(pen, d.name(self.k), d.label, score)
        cw = 3 * 8 * pen.scale + 4  # a cell: 3 characters and a gap
        x0 = max(2, (pen.d.width - cw * self.C) // 2)
        rh = pen.line_h + 1
        for i in range(self.R * self.C):
            r, c = i // self.C, i % self.C
            x, yy = x0 + c * cw, y + r * rh
            t = self.cells[i]
            state = b.state[i] if b else 0
            if i == self.cell():
                pen.highlight(x - 2, yy - 1, cw - 2, rh)
                role = SEL_FG
            elif t is None:
                role = DIM
            elif state == CANCEL:
                role = GOOD
            elif state == MATCH:
                role = ACCENT
            elif state in (REMOVED, GONE):
                role = DIM
            else:
                role = FG
            label = "?" if t is None else t
            pen.text(label, x + (3 - len(label)) * 4 * pen.scale, yy, role)
            if b and i != self.cell() and state in (CANCEL, MATCH, REMOVED) and pen.mono:
                pen.box(x - 2, yy - 1, cw - 2, rh, FG)  # no colours: a box shows it
            if b and state == REMOVED:
                pen.fill(x - 1, yy + rh // 2 - 1, cw - 4, 1, BAD)
        y += self.R * rh + 2
        if b and b.extras:
            # bonuses and penalties, short: "bonus -10  QS +25"
            x = 2
            for label, pts in b.extras:
                item = "%s %+d" % ("QS" if label.startswith("Queen") else label.split(":")[0], pts)
                w = pen.text_width(item)
                if x + w > pen.d.width:
                    x = 2
                    y += pen.line_h
                if y + pen.line_h > pen.d.height:
                    break
                pen.text(item, x, y, ACCENT)
                x += w + 8 * pen.scale
            y += pen.line_h
        hint = self.hint()
        if hint and y + pen.line_h <= pen.d.height:
            pen.text(hint, 2, y, DIM)

    def hint(self):
        """The line under the grid: what OK does, where it is not taking a card."""
        return "OK: total only" if self.cells[self.cell()] == TOTAL else None
