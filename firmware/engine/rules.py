# What the scored games share: cell states, the Breakdown of one scored grid
# or hand, options and their checks, card reading. Each game's own rules are
# in a module named after its id (play_nine.py, ...) that builds on these;
# game.py's table, GAMES, names them, and rules_for loads one when first
# asked for, so the board holds only the rules of the game being played.
# multiple-9 is multiple_9.py.
# The specification is docs/RULES.md.

from engine.errors import ScoreError, show

# Cell states in a Breakdown.
COUNT = 0  # scores its value
CANCEL = 1  # part of a matching pair/column: scores 0
MATCH = 2  # matched, but keeps its value (HIO columns, JK pairs kept)
REMOVED = 3  # in a removed set or line of three: scores 0
GONE = 4  # "." a position emptied during play: scores 0


# Ender rules.
NONE = "none"
DOUBLE = "double"
PER_LOWER = "penalty-per-lower"
ENDER_RULES = (NONE, DOUBLE, PER_LOWER)
TIES = ("playoff", "share")

NUMS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
RANKS = ("A",) + NUMS + ("J", "Q", "K")
ACTIONS = ("X", "R", "S", "T")

# An option: (name, kind, default, low, high). kind is "int", "bool" or a
# tuple of allowed strings.
_COMMON = (
    ("holes", "int", 9, 1, 18),
    ("ties", TIES, "playoff", 0, 0),
    ("ender_penalty_points", "int", 20, 0, 100),
)


class Breakdown:
    """The scoring of one grid or hand, cell by cell.

    cards, points and state are flat lists, row by row (rows x cols).
    lines lists removed lines as ("row"|"column", index).
    extras lists (label, points) for bonuses and penalties.
    notes lists (label) for things worth showing that score nothing extra.
    """

    def __init__(self, cards, rows, cols):
        self.cards = cards
        self.rows = rows
        self.cols = cols
        self.points = [0] * len(cards)
        self.state = [COUNT] * len(cards)
        self.lines = []
        self.extras = []
        self.notes = []

    def total(self):
        t = 0
        for p in self.points:
            t += p
        for e in self.extras:
            t += e[1]
        return t


def table(tokens, fn):
    out = {}
    for t in tokens:
        out[t] = fn(t)
    return out


def face_value(tok, special, face, action):
    """A card's value: special ones first, 2-10 at face, A J Q K as face."""
    if tok in special:
        return special[tok]
    if tok in NUMS:
        return int(tok)
    if tok in ACTIONS:
        return action
    return face


def plural(tok):
    return tok + "s"


class Rules:
    """A grid game. Subclasses set the tables and implement _score."""

    rows = 3
    cols = 3
    min_players = 2
    max_players = 8
    ender_rule = NONE
    tokens: tuple = ()  # every card, in the order a picker shows them
    start = ""  # where a picker starts a cell with nothing near it: the card holes most often end with
    dots = True  # "." (removed during play) allowed
    by_column = False  # a grid is entered column by column (a column's pair is then one press)
    options: tuple = ()  # game-specific options, same form as _COMMON
    hand = False
    values: dict = {}  # token -> points
    limits: dict = {}  # token -> most copies in one hole (deck check)

    def __init__(self, game_id):
        self.id = game_id  # (engine/game.py's GAMES names each game once)
        self.canon: dict = {}
        for t in self.tokens:
            self.canon[t] = t
        if self.dots:
            self.canon["."] = "."

    # --- options -------------------------------------------------------
    def option_specs(self):
        return _COMMON + (("ender_rule", ENDER_RULES, self.ender_rule, 0, 0),) + self.options

    def make_options(self, given=None):
        """Defaults merged with given, every value checked (engine/options.py)."""
        from engine.options import make_options

        return make_options(self, given)

    # --- cards ---------------------------------------------------------
    def card(self, tok, row=None, col=None, card=None):
        """The canonical (shared, upper-case) token for an input token."""
        if type(tok) is int:
            key = str(tok)
        elif type(tok) is str:
            key = tok.upper()
            if key != tok and len(tok.encode()) > len(tok):
                key = tok  # no card: CPython's upper() makes "qſ" QS, MicroPython's only ASCII
        else:
            raise ScoreError("%s is not a card" % show(tok), row, col, card)
        t = self.canon.get(key)
        if t is None:
            raise ScoreError(
                "%s is not a %s card (cards: %s%s)"
                % (show(tok), self.id, " ".join(self.tokens), " ." if self.dots else ""),
                row,
                col,
                card,
            )
        return t

    def value(self, tok, opts):
        return self.values[tok]

    def deck(self, players):
        """{token: most copies in one hole} for the cards the check counts."""
        return self.limits

    def most(self, tok, players):
        """The most copies of tok in one hole, None if uncounted; no table made
        (a hole's check asks late in a full heap)."""
        return self.limits.get(tok)

    def read(self, grid, opts):
        """Validate one entered grid; return its cards as a flat list."""
        R, C = self.rows, self.cols
        need = "%s needs %d rows of %d cards" % (self.id, R, C)
        if type(grid) is not list:
            raise ScoreError("the grid must be a list of rows, or a whole number (the player's total), "
                             "not %s (%s)" % (show(grid), need))
        if len(grid) != R:
            raise ScoreError("the grid has %d row%s; %s" % (len(grid), "" if len(grid) == 1 else "s", need))
        cards = []
        for r in range(R):
            row = grid[r]
            if type(row) is not list:
                raise ScoreError("the row must be a list of cards, not %s" % show(row), r)
            if len(row) != C:
                n = len(row)
                raise ScoreError("the row has %d card%s; %s" % (n, "" if n == 1 else "s", need), r)
            for c in range(C):
                cards.append(self.card(row[c], r, c))
        self.check_dots(cards, opts)
        return cards

    def check_dots(self, cards, opts):
        if "." not in cards:
            return
        C = self.cols
        cols_ok = self.dot_columns(opts)
        for i in range(len(cards)):
            if cards[i] != ".":
                continue
            r, c = i // C, i % C
            if _all_dots(cards, _row(r, C)):
                continue
            if cols_ok and _all_dots(cards, _col(c, self.rows, C)):
                continue
            where = "row or column" if cols_ok else "row"
            raise ScoreError(
                "'.' (a removed card) is allowed only in a %s of %d '.'" % (where, C), r, c
            )

    def dot_columns(self, opts):
        return True

    def grid_of(self, cards):
        """Flat cards back to a list of rows (for saving and printing)."""
        C = self.cols
        return [list(cards[i : i + C]) for i in range(0, len(cards), C)]

    def score(self, cards, opts):
        """A Breakdown of one validated grid."""
        b = Breakdown(cards, self.rows, self.cols)
        for i in range(len(cards)):
            if cards[i] == ".":
                b.state[i] = GONE
            else:
                b.points[i] = self.value(cards[i], opts)
        self._score(b, opts)
        return b

    def _score(self, breakdown, opts):
        pass


def _row(row, cols):
    return range(row * cols, row * cols + cols)


def _col(col, rows, cols):
    return range(col, rows * cols, cols)


def _all_dots(cards, idx):
    for i in idx:
        if cards[i] != ".":
            return False
    return True


def lines_of(rows, cols, columns):
    """Every row (and column) as ("row"|"column", index, cell indices)."""
    out = [("row", r, _row(r, cols)) for r in range(rows)]
    if columns:
        out += [("column", c, _col(c, rows, cols)) for c in range(cols)]
    return out


def remove_lines(breakdown, lines):
    """Mark the cells of the given lines removed (a cell in two, once)."""
    for kind, n, idx in lines:
        breakdown.lines.append((kind, n))
        for i in idx:
            breakdown.state[i] = REMOVED
            breakdown.points[i] = 0


# Every card token of every game, written out once: MicroPython interns
# string literals, and json then hands back these objects instead of
# allocating a new string for each card it reads (tools/score.py).
TOKENS = ("HIO", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
          "A", "J", "Q", "K", "W", "X", "R", "S", "T", "JK", "QS", ".")
