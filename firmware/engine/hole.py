# The hole being entered (or edited), without a screen: every player's
# entry as it stands, who went out and who ended, and each grid's cursor
# (its cells and where the next card goes). ui/entry.py draws it and maps
# the keys onto it; the web side finds it through App.hole() and hands it
# what a player's phone sent (take). Nothing entered is lost by going back:
# the entries and each player's cells stay until the hole is added.
TOTAL = "#"  # in a grid's cards (and a hand's): the player's total instead


def flat(e, rules):
    """An entry as a flat card list (a grid's rows joined), or the total."""
    if type(e) is int or rules.hand:
        return e
    return [t for row in e for t in row]


class Draft:
    """A hole being entered: target None the next hole, "playoff" the next
    playoff hole, an int that past hole again."""

    def __init__(self, game, target):
        g = self.game = game
        r = self.rules = g.rules
        self.target = target
        if target == "playoff":
            self.players = g.playoff_players()
            self.label = "Playoff %d" % (len(g.playoff) + 1)
        else:
            self.players = list(range(len(g.names)))
            self.label = "Hole %d" % ((len(g.holes) if target is None else target) + 1)
        n = len(self.players)
        self.entries: list = [None] * n
        self.ender = self.out = None
        self.blitz = False
        # who went out and who ended are answered already: an edit, or asked before
        self.out_known = self.ender_known = type(target) is int
        self.fix = False  # one player's entry fixed in a past hole: the rest stands
        self.phone: list = []  # the players whose entry came from their phone (take)
        if type(target) is int:
            h = g.holes[target]
            # grids as rows (as the engine reads them), hands as lists
            self.entries = [c if type(c) is int else r.grid_of(c) for c in h.cards]
            self.ender, self.out, self.blitz = h.ender, h.out, h.blitz
        self.k = 0  # the player whose entry is in front (ui/entry.py sets it)
        self.cells: list = [None] * n  # each player's grid as it is entered, flat (open)
        self.at = [0] * n  # each grid's cursor: its place in order
        if not r.hand:
            C = r.cols
            if r.by_column:  # a column's pair is one press
                self.order = tuple(row * C + col for col in range(C) for row in range(r.rows))
            else:
                self.order = tuple(range(r.rows * C))
            self.cycle = tuple(r.tokens) + ((".",) if r.dots else ()) + (TOTAL,)  # a cell's cards, UP/DOWN

    def name(self, k):
        return self.game.names[self.players[k]]

    def take(self, k, sent):
        """Player k's turn: their entry as their phone sent it (sent: seat ->
        entry, for this hole), if nothing is entered for them here yet. True
        if player k's entry is their phone's."""
        e = sent.get(self.players[k]) if sent else None
        if e is not None and self.entries[k] is None and type(self.target) is not int:
            # a copy: the cards may be changed here
            self.entries[k] = e if type(e) is int else list(e) if self.rules.hand else [list(x) for x in e]
            self.phone.append(k)
        return k in self.phone

    def check(self, k):
        """The deck so far, up to player k (a fix: every player): ScoreError if over."""
        upto = len(self.entries) if self.fix else k + 1
        self.game.check_deck([flat(e, self.rules) for e in self.entries[:upto] if e is not None])

    # --- the grid of the player in front (k): its cursor --------------------
    def open(self, k, guess):
        """Player k's grid in front, its cells from their entry (or empty;
        guess: the first cell starts on a card, the buttons' way)."""
        self.k = k
        e = self.entries[k]
        self.at[k] = 0
        if type(e) is list:
            cells = flat(e, self.rules)
            if k in self.phone:  # from the phone: on its last cell, OK takes it
                self.at[k] = len(cells) - 1
        else:
            cells = [None] * len(self.order)
            if guess:
                cells[self.order[0]] = self.guess(cells, self.order[0])
        self.cells[k] = cells
        return cells

    def cell(self):
        return self.order[self.at[self.k]]

    def guess(self, cells, i):
        """Where cell i starts: on the card above it, else the one to its
        left (not in a game entered column by column: its columns are dealt
        apart), else the card this game's holes most often end with. Real
        holes end in matches and low cards (make bench: entry on real holes)."""
        C = self.rules.cols
        c = cells[i - C] if i >= C else None
        if c is None and i % C and not self.rules.by_column:
            c = cells[i - 1]
        return c if c is not None and c != TOTAL else self.rules.start

    def step(self, by):
        """The cell's card by places along the cycle (UP -1, DOWN 1)."""
        cells, i, cyc = self.cells[self.k], self.cell(), self.cycle
        cells[i] = cyc[(cyc.index(cells[i]) + by) % len(cyc)]

    def ok(self):
        """The cell's card taken: on to the next cell (starting on a guess)
        or, at the last, the grid complete (True). ScoreError: too many."""
        k = self.k
        self.too_many()
        if self.at[k] + 1 < len(self.order):
            self.at[k] += 1
            cells, nxt = self.cells[k], self.cell()
            if cells[nxt] is None:
                cells[nxt] = self.guess(cells, nxt)
            return False
        return self.keep()

    def put(self, tok):
        """tok into the cell, then on to the next empty cell (in the grid's
        order, wrapping); none left: the grid complete (True). ScoreError:
        too many (the cursor stays)."""
        k, cells = self.k, self.cells[self.k]
        cells[self.cell()] = tok
        self.too_many()
        n = len(self.order)
        for step in range(1, n + 1):
            p = (self.at[k] + step) % n
            if cells[self.order[p]] is None:
                self.at[k] = p
                return False
        self.at[k] = n - 1
        return self.keep()

    def keep(self):
        """The grid in front as player k's entry (rows): True."""
        self.entries[self.k] = self.rules.grid_of(self.cells[self.k])
        return True

    def too_many(self):
        """The deck checked as a card is entered, not only once the grid is
        complete: ScoreError if the hole so far holds more of the cell's
        card than the game's deck."""
        k, cells = self.k, self.cells[self.k]
        tok = cells[self.cell()]
        most = self.rules.deck(len(self.game.names)).get(tok)
        if most is None:
            return
        n = cells.count(tok)
        for j in range(len(self.entries)):
            e = self.entries[j]
            if j != k and type(e) is list:
                for row in e:
                    n += row.count(tok)
        if n > most:
            self.game.check_deck([[tok] * n])  # the engine's words for it

    def move(self, dr, dc):
        """The cursor a row (dr) or a column (dc) along, wrapping."""
        r = self.rules
        i = self.cell()
        self.at[self.k] = self.order.index((i // r.cols + dr) % r.rows * r.cols + (i % r.cols + dc) % r.cols)

    def back(self):
        """The cursor a cell back; False at the first cell."""
        if self.at[self.k] == 0:
            return False
        self.at[self.k] -= 1
        return True

    def phone_grid(self):
        """Player k's grid came whole from their phone (OK takes it as it is)."""
        cells = self.cells[self.k]
        return self.k in self.phone and None not in cells and TOTAL not in cells
