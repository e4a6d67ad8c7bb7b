# A hole being entered (or a past one edited) on the device: each player's
# entry (a grid, a hand or a total), who went out and who ended it, and the
# grid being entered now with its cursor. No screen and no key here:
# ui/entry.py maps the keys onto it and draws it, web/state.py gives it
# what a phone sent (app.hole()), ui/finish.py adds it to the game.
TOTAL = "#"  # last in a grid's cards: the player's total instead of cards


def flat(entry, rules):
    """An entry as a flat card list (a grid's rows joined), or the total."""
    if type(entry) is int or rules.hand:
        return entry
    return [t for row in entry for t in row]


class Hole:
    """A hole being entered: the entries survive going back a player."""

    def __init__(self, game, target):
        rules = game.rules
        self.game = game
        self.rules = rules
        # None: the next hole; an int: edit that hole (a negative one: playoff hole -1 - target,
        # as Game.set_hole takes it); "playoff": the next playoff hole
        self.target = target
        if target == "playoff":
            self.players = game.playoff_players()
            self.label = "Playoff %d" % (len(game.playoff) + 1)
        elif type(target) is int and target < 0:
            self.players = list(game.playoff[-1 - target].players)
            self.label = "Playoff %d" % -target
        else:
            self.players = list(range(len(game.names)))
            self.label = "Hole %d" % ((len(game.holes) if target is None else target) + 1)
        self.entries: list = [None] * len(self.players)
        self.ender = self.out = None
        self.blitz = False
        # who went out and who ended are answered already: an edit, or asked before
        self.out_known = self.ender_known = type(target) is int
        self.fix = False  # one player's entry fixed in a past hole: the rest stands
        self.phone: list = []  # the players whose entry came from their phone
        if type(target) is int:
            h = game.holes[target] if target >= 0 else game.playoff[-1 - target]
            # grids as rows (as the engine reads them), hands as lists
            self.entries = [c if type(c) is int else rules.grid_of(c) for c in game.cards(h)]
            self.ender, self.out, self.blitz = h.ender, h.out, h.blitz
        # the grid being entered: its player (-1: none yet), its cards in row order, the
        # cursor (an index into order, the order a grid is entered in: a column's pair
        # one after the other where the game deals by column)
        self.at = -1
        self.cells: list = []
        self.pos = 0
        if not rules.hand:
            R, C = rules.rows, rules.cols
            order = list(range(R * C))
            if rules.by_column:  # (a list sorted: no generator's code loaded)
                order.sort(key=lambda i: i % C * R + i // C)
            self.order = tuple(order)
            self.cycle = tuple(rules.tokens) + ((".",) if rules.dots else ()) + (TOTAL,)

    def name(self, player):
        return self.game.names[self.players[player]]

    # --- what a phone sent (web/state.py) --------------------------------------
    def take(self, player, entry):
        """The player's entry as their phone sent it for this hole (a copy of
        its own, or None), if nothing is entered for them here yet. True if
        the player's entry is their phone's (phone notes whose are)."""
        if entry is not None and self.entries[player] is None and type(self.target) is not int:
            self.entries[player] = entry
            self.phone.append(player)
        return player in self.phone

    # --- the deck ------------------------------------------------------------
    def check(self, player):
        """The deck so far (up to the player; a fix: every player's):
        ScoreError, in the engine's words, if it holds too many of a card."""
        upto = len(self.entries) if self.fix else player + 1
        self.game.check_deck([flat(e, self.rules) for e in self.entries[:upto] if e is not None])

    def check_cell(self, i):
        """The deck as cell i's card is entered, not only once the grid is
        complete: ScoreError if the hole so far holds more of it than the
        game's deck does."""
        tok = self.cells[i]
        most = self.rules.most(tok, len(self.game.names))
        if most is None:
            return
        n = self.cells.count(tok)
        for j in range(len(self.entries)):
            e = self.entries[j]
            if j != self.at and type(e) is list:
                for row in e:
                    n += row.count(tok)
        if n > most:
            self.game.check_deck([[tok] * n])  # (raises: the engine's words for it)

    # --- the grid being entered, and its cursor -------------------------------
    def open(self, player, guess):
        """The player's grid under the cursor: as entered (on its last cell
        where it is their phone's: OK takes it), else empty; guess: its first
        cell starts on a guess (buttons step from it; a keyboard types, a pad
        is tapped)."""
        e = self.entries[player]
        self.at = player
        if type(e) is list:
            self.cells = flat(e, self.rules)
            self.pos = len(self.order) - 1 if player in self.phone else 0
        else:
            self.cells = [None] * len(self.order)
            self.pos = 0
            if guess:
                self.cells[self.order[0]] = self.guess(self.order[0])

    def cell(self):
        return self.order[self.pos]

    def guess(self, i):
        """Where cell i starts: on the card above it, else the one to its
        left (not in a game entered column by column: its columns are dealt
        apart), else the card this game's holes most often end with. Real
        holes end in matches and low cards (make bench: entry on real holes)."""
        C = self.rules.cols
        c = self.cells[i - C] if i >= C else None
        if c is None and i % C and not self.rules.by_column:
            c = self.cells[i - 1]
        return c if c is not None and c != TOTAL else self.rules.start

    def step(self, d):
        """The cursor's card a card along (d: 1, DOWN; -1, UP): the game's
        cards in their order, but the cell's guess (guess()) just after the
        game's start card. A guess that is not the card then goes on as a
        cell with nothing near it would: the cards holes most often end with
        are near, not those beside the guess (make bench: entry on real
        holes). A cell that starts on the start card steps in plain order."""
        i = self.cell()
        s = self.rules.start
        g = self.guess(i)
        v = self.cells[i]
        if g != s and v == (s if d > 0 else g):
            self.cells[i] = g if d > 0 else s
            return
        c = self.cycle
        v = (c.index(s if v == g else v) + d) % len(c)  # (v: now its place; 11 slots of frame at most)
        if c[v] == g and g != s:
            v = (v + d) % len(c)
        self.cells[i] = g if d < 0 and c[v] == s and g != s else c[v]

    def advance(self):
        """The cursor's card taken (the deck checked: ScoreError), then the
        next cell, on a guess where it is empty: True; or, on the last
        cell, the grid complete, the player's entry: False."""
        self.check_cell(self.cell())
        if self.pos + 1 < len(self.order):
            self.pos += 1
            nxt = self.cell()
            if self.cells[nxt] is None:
                self.cells[nxt] = self.guess(nxt)
            return True
        self.entries[self.at] = self.rules.grid_of(self.cells)
        return False

    def put(self, tok):
        """tok into the cursor's cell (the deck checked: ScoreError), then on
        to the next empty cell in the grid's order, wrapping: True; none
        left: the grid complete, the player's entry: False."""
        self.cells[self.cell()] = tok
        self.check_cell(self.cell())
        n = len(self.order)
        for by in range(1, n + 1):
            p = (self.pos + by) % n
            if self.cells[self.order[p]] is None:
                self.pos = p
                return True
        self.pos = n - 1
        self.entries[self.at] = self.rules.grid_of(self.cells)
        return False

    def move(self, dr, dc):
        """The cursor a row (dr) or a column (dc) along, wrapping."""
        C = self.rules.cols
        i = self.cell()
        self.pos = self.order.index((i // C + dr) % self.rules.rows * C + (i % C + dc) % C)

    def phone_grid(self):
        """A complete grid its player's phone sent: taken as it is."""
        return self.at in self.phone and None not in self.cells and TOTAL not in self.cells
