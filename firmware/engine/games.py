# The rules of the four scored games (play-nine, suitup-crazy-9s,
# crazy-nines, suitup-original): card tokens, values, decks, options and the
# scoring of one grid or hand with a breakdown the screen can show.
# The specification is RULES.md (shared with the project); every decision
# below cites the rule it implements. multiple-9 lives in nines.py.

from engine.errors import ScoreError, show

# Cell states in a Breakdown.
COUNT = 0  # scores its value
CANCEL = 1  # part of a matching pair/column: scores 0
MATCH = 2  # matched, but keeps its value (HIO columns, JK pairs kept)
REMOVED = 3  # in a removed set or line of three: scores 0
GONE = 4  # "." a position emptied during play: scores 0

STATE_NAMES = ("counts", "cancelled", "matched", "removed", "empty")

# Ender rules.
NONE = "none"
DOUBLE = "double"
PER_LOWER = "penalty-per-lower"
ENDER_RULES = (NONE, DOUBLE, PER_LOWER)
TIES = ("playoff", "share")

_NUMS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
RANKS = ("A",) + _NUMS + ("J", "Q", "K")
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

    def describe(self):
        """Readable lines: the grid with each cell's fate, then the items."""
        out = []
        c = self.cols
        for r in range(self.rows):
            cells = []
            for i in range(r * c, r * c + c):
                mark = ("", "=", "~", "x", "")[self.state[i]]
                cells.append("{:>5}".format(self.cards[i] + mark))
            out.append(" ".join(cells))
        for n in self.notes:
            out.append(n)
        for e in self.extras:
            out.append("%s: %+d" % (e[0], e[1]))
        out.append("score: %d" % self.total())
        return out


def _table(tokens, fn):
    out = {}
    for t in tokens:
        out[t] = fn(t)
    return out


def _face(tok, special, face, action):
    """A card's value: special ones first, 2-10 at face, A J Q K as face."""
    if tok in special:
        return special[tok]
    if tok in _NUMS:
        return int(tok)
    if tok in ACTIONS:
        return action
    return face


def _plural(tok):
    return tok + "s"


class Rules:
    """A grid game. Subclasses set the tables and implement _score."""

    id = ""
    title = ""
    rows = 3
    cols = 3
    min_players = 2
    max_players = 8
    ender_rule = NONE
    tokens: tuple = ()  # every card, in the order a picker shows them
    dots = True  # "." (removed during play) allowed
    options: tuple = ()  # game-specific options, same form as _COMMON
    hand = False
    values: dict = {}  # token -> points
    limits: dict = {}  # token -> most copies in one hole (deck check)

    def __init__(self):
        self.canon: dict = {}
        for t in self.tokens:
            self.canon[t] = t
        if self.dots:
            self.canon["."] = "."

    # --- options -------------------------------------------------------
    def option_specs(self):
        return _COMMON + (("ender_rule", ENDER_RULES, self.ender_rule, 0, 0),) + self.options

    def make_options(self, given=None):
        """Defaults merged with given, every value checked."""
        specs = self.option_specs()
        opts = {}
        for s in specs:
            opts[s[0]] = s[2]
        if given is None:
            return opts
        if type(given) is not dict:
            raise ScoreError("options must be an object, not %s" % show(given))
        for key in sorted(given):
            val = given[key]
            spec = None
            for s in specs:
                if s[0] == key:
                    spec = s
            if spec is None:
                names = ", ".join(sorted(s[0] for s in specs))
                raise ScoreError("unknown option '%s' for %s (options: %s)" % (key, self.id, names))
            kind = spec[1]
            if kind == "int":
                if type(val) is not int:
                    raise ScoreError("option %s must be a whole number, not %s" % (key, show(val)))
                if val < spec[3] or val > spec[4]:
                    raise ScoreError(
                        "option %s must be from %d to %d, not %d" % (key, spec[3], spec[4], val)
                    )
            elif kind == "bool":
                if type(val) is not bool:
                    raise ScoreError("option %s must be true or false, not %s" % (key, show(val)))
            elif val not in kind or type(val) is not str:
                raise ScoreError(
                    "option %s must be one of %s, not %s" % (key, ", ".join(kind), show(val))
                )
            opts[key] = val
        return opts

    # --- cards ---------------------------------------------------------
    def card(self, tok, row=None, col=None, card=None):
        """The canonical (shared, upper-case) token for an input token."""
        if type(tok) is int:
            key = str(tok)
        elif type(tok) is str:
            key = tok.upper()
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

    def read(self, grid, opts):
        """Validate one entered grid; return its cards as a flat list."""
        R, C = self.rows, self.cols
        need = "%s needs %d rows of %d cards" % (self.id, R, C)
        if type(grid) is not list:
            raise ScoreError("the grid must be a list of rows, not %s (%s)" % (show(grid), need))
        if len(grid) != R:
            raise ScoreError("the grid has %d rows; %s" % (len(grid), need))
        cards = []
        for r in range(R):
            row = grid[r]
            if type(row) is not list:
                raise ScoreError("the row must be a list of cards, not %s" % show(row), r)
            if len(row) != C:
                raise ScoreError("the row has %d cards; %s" % (len(row), need), r)
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

    def _score(self, b, opts):
        pass


def _row(r, C):
    return range(r * C, r * C + C)


def _col(c, R, C):
    return range(c, R * C, C)


def _all_dots(cards, idx):
    for i in idx:
        if cards[i] != ".":
            return False
    return True


def _lines(R, C, columns):
    """Every row (and column) as ("row"|"column", index, cell indices)."""
    out = [("row", r, _row(r, C)) for r in range(R)]
    if columns:
        out += [("column", c, _col(c, R, C)) for c in range(C)]
    return out


def _remove(b, lines):
    """Mark the cells of the given lines removed (a cell in two, once)."""
    for kind, n, idx in lines:
        b.lines.append((kind, n))
        for i in idx:
            b.state[i] = REMOVED
            b.points[i] = 0


# ---------------------------------------------------------------------------
class PlayNine(Rules):
    id = "play-nine"
    title = "Play Nine"
    rows = 2
    cols = 4
    max_players = 6
    dots = False
    tokens = ("HIO", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")
    options = (("bonus_any_pairs", "bool", False, 0, 0),)
    values = _table(tokens, lambda t: -5 if t == "HIO" else int(t))
    limits = _table(tokens, lambda t: 4 if t == "HIO" else 8)
    BONUS = (0, 0, -10, -15, -20)  # by number of matched columns

    def _score(self, b, opts):
        cards = b.cards
        matched: dict = {}  # token -> matched columns
        for c in range(4):
            top, bot = cards[c], cards[c + 4]
            if top != bot:
                continue
            matched[top] = matched.get(top, 0) + 1
            if top == "HIO":
                # Two Hole-in-Ones do not cancel: -5 each still counts.
                b.state[c] = b.state[c + 4] = MATCH
                b.notes.append("column %d: pair of HIO keeps -10" % (c + 1))
            else:
                b.state[c] = b.state[c + 4] = CANCEL
                b.points[c] = b.points[c + 4] = 0
                b.notes.append("column %d: pair of %s cancels" % (c + 1, top))
        if opts["bonus_any_pairs"]:
            k = 0
            for t in matched:
                k += matched[t]
            if k >= 2:
                b.extras.append(("bonus: %d matched columns" % k, self.BONUS[k]))
        else:
            for t in self.tokens:  # token order keeps the output stable
                k = matched.get(t, 0)
                if k >= 2:
                    b.extras.append(("bonus: %d columns of %s" % (k, t), self.BONUS[k]))


# ---------------------------------------------------------------------------
class Crazy9s(Rules):
    id = "suitup-crazy-9s"
    title = "SuitUP Crazy 9's"
    ender_rule = DOUBLE
    tokens = ("K", "2", "3", "4", "5", "6", "7", "8", "9", "10", "A", "J", "Q", "W") + ACTIONS
    options = (
        ("wild_value", "int", 20, 0, 100),
        ("wild_completes_sets", "bool", False, 0, 0),
        ("column_sets", "bool", False, 0, 0),
    )
    # K 0, 2 -2, 3-10 face, A J Q 10, action cards 20 (W: option).
    values = _table(RANKS + ACTIONS, lambda t: _face(t, {"K": 0, "2": -2}, 10, 20))
    limits = _table(RANKS, lambda t: 8)  # W and action cards are not counted

    def value(self, tok, opts):
        if tok == "W":
            return opts["wild_value"]
        return self.values[tok]

    def dot_columns(self, opts):
        return opts["column_sets"]

    def _score(self, b, opts):
        wild = opts["wild_completes_sets"]
        found = []
        for line in _lines(3, 3, opts["column_sets"]):
            rank = _set_rank([b.cards[i] for i in line[2]], wild)
            if rank is not None:
                found.append(line)
                b.notes.append("%s %d: set of %s removed" % (line[0], line[1] + 1, _plural(rank)))
        _remove(b, found)


def _set_rank(line, wild):
    """The rank of a set of three in a line (suitup-crazy-9s), or None."""
    rank = None
    wilds = 0
    for t in line:
        if t == "W" and wild:
            wilds += 1
        elif t in RANKS and (rank is None or rank == t):
            rank = t
        else:
            return None
    return rank


# ---------------------------------------------------------------------------
class CrazyNines(Rules):
    id = "crazy-nines"
    title = "Crazy Nines"
    ender_rule = PER_LOWER
    tokens = ("JK", "A", "K", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "QS")
    options = (
        ("negative_pairs_cancel", "bool", True, 0, 0),
        ("queen_of_spades_penalty", "int", 25, 0, 100),
    )
    values = _table(tokens, lambda t: _face(t, {"JK": -2, "A": 0, "K": 1, "QS": 10}, 10, 0))

    def deck(self, players):
        # 2 decks for 2-4 players, one more for every two more.
        n = 2 if players <= 4 else 2 + (players - 3) // 2
        lim = {"JK": 2 * n, "Q": 3 * n, "QS": n}
        for t in RANKS:
            if t != "Q":
                lim[t] = 4 * n
        return lim

    def _score(self, b, opts):
        cards = b.cards
        rank = [("Q" if t == "QS" else t) for t in cards]
        found = []
        for line in _lines(3, 3, True):
            idx = line[2]
            first = rank[idx[0]]
            if first == ".":
                continue
            same = True
            for i in idx:
                if rank[i] != first:
                    same = False
            if same:
                found.append(line)
                b.notes.append("%s %d: three %s removed" % (line[0], line[1] + 1, _plural(first)))
        _remove(b, found)
        keep_neg = not opts["negative_pairs_cancel"]
        live = [b.state[i] == COUNT for i in range(9)]
        for i in range(9):
            if not live[i]:
                continue
            r, c = i // 3, i % 3
            paired = False
            for j in (i - 3 if r > 0 else -1, i + 3 if r < 2 else -1,
                      i - 1 if c > 0 else -1, i + 1 if c < 2 else -1):
                if j >= 0 and live[j] and rank[j] == rank[i]:
                    paired = True
            if paired:
                if keep_neg and rank[i] == "JK":
                    b.state[i] = MATCH
                else:
                    b.state[i] = CANCEL
                    b.points[i] = 0
        pen = opts["queen_of_spades_penalty"]
        for i in range(9):
            if cards[i] == "QS" and b.state[i] != REMOVED and pen:
                b.extras.append(
                    ("Queen of Spades (row %d, column %d)" % (i // 3 + 1, i % 3 + 1), pen)
                )


# ---------------------------------------------------------------------------
class SuitupOriginal(Rules):
    id = "suitup-original"
    title = "SuitUP Original"
    hand = True
    dots = False
    rows = 1
    cols = 0
    MAX_HAND = 30
    tokens = RANKS + ACTIONS
    options = (("action_value", "int", 20, 0, 100),)
    values = _table(RANKS, lambda t: _face(t, {}, 10, 0))  # actions: option
    limits = _table(RANKS, lambda t: 8)  # action cards are not counted

    def value(self, tok, opts):
        if tok in ACTIONS:
            return opts["action_value"]
        return self.values[tok]

    def read(self, hand, opts):
        if type(hand) is not list:
            raise ScoreError("the hand must be a list of cards, not %s" % show(hand))
        if len(hand) > self.MAX_HAND:
            raise ScoreError(
                "the hand has %d cards; at most %d can be left" % (len(hand), self.MAX_HAND)
            )
        return [self.card(hand[k], card=k) for k in range(len(hand))]

    def grid_of(self, cards):
        return list(cards)

    def score(self, cards, opts):
        b = Breakdown(cards, 1 if cards else 0, len(cards))
        for i in range(len(cards)):
            b.points[i] = self.value(cards[i], opts)
        return b


GAMES = {}
for _cls in (PlayNine, Crazy9s, CrazyNines, SuitupOriginal):
    GAMES[_cls.id] = _cls()
del _cls

ALL_GAMES = ("play-nine", "suitup-crazy-9s", "crazy-nines", "suitup-original", "multiple-9")


def rules_for(game_id):
    """The Rules of a grid or hand game by id; ScoreError when unknown."""
    r = GAMES.get(game_id) if type(game_id) is str else None
    if r is None:
        raise ScoreError("unknown game %s (games: %s)" % (show(game_id), ", ".join(ALL_GAMES)))
    return r
