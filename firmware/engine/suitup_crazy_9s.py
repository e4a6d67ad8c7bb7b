# suitup-crazy-9s (docs/RULES.md "suitup-crazy-9s"): a 3x3 grid; rows (and with
# an option columns) of three equal ranks are removed. Double Trouble is the
# ender rule, applied by game.py.

from engine.rules import ACTIONS, DOUBLE, RANKS, Rules, face_value, lines_of, plural, remove_lines, table


class Crazy9s(Rules):
    ender_rule = DOUBLE
    tokens = ("K", "2", "3", "4", "5", "6", "7", "8", "9", "10", "A", "J", "Q", "W") + ACTIONS
    start = "2"
    options = (
        ("wild_value", "int", 20, 0, 100),
        ("wild_completes_sets", "bool", False, 0, 0),
        ("column_sets", "bool", False, 0, 0),
    )
    # K 0, 2 -2, 3-10 face, A J Q 10, action cards 20 (W: option).
    values = table(RANKS + ACTIONS, lambda t: face_value(t, {"K": 0, "2": -2}, 10, 20))
    limits = table(RANKS, lambda t: 8)  # W and action cards are not counted

    def value(self, tok, opts):
        if tok == "W":
            return opts["wild_value"]
        return self.values[tok]

    def dot_columns(self, opts):
        return opts["column_sets"]

    def _score(self, breakdown, opts):
        wild = opts["wild_completes_sets"]
        found = []
        for line in lines_of(3, 3, opts["column_sets"]):
            rank = _set_rank([breakdown.cards[i] for i in line[2]], wild)
            if rank is not None:
                found.append(line)
                breakdown.notes.append("%s %d: set of %s removed" % (line[0], line[1] + 1, plural(rank)))
        remove_lines(breakdown, found)


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


