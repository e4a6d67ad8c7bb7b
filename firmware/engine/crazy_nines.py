# crazy-nines (docs/RULES.md "crazy-nines"): a 3x3 grid; lines of three are
# removed, then adjacent pairs cancel; the Queen of Spades costs extra.

from engine.rules import (
    CANCEL,
    COUNT,
    MATCH,
    PER_LOWER,
    RANKS,
    REMOVED,
    Rules,
    face_value,
    lines_of,
    plural,
    remove_lines,
    table,
)


class CrazyNines(Rules):
    ender_rule = PER_LOWER
    tokens = ("JK", "A", "K", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "QS")
    start = "K"
    options = (
        ("negative_pairs_cancel", "bool", True, 0, 0),
        ("queen_of_spades_penalty", "int", 25, 0, 100),
    )
    values = table(tokens, lambda t: face_value(t, {"JK": -2, "A": 0, "K": 1, "QS": 10}, 10, 0))

    def deck(self, players):
        lim = {}
        for t in self.tokens:
            lim[t] = self.most(t, players)
        return lim

    def most(self, tok, players):
        # 2 decks for 2-4 players, one more for every two more. Worked out, not looked up:
        # a table made at each hole's check wanted 0.5 KB unbroken in a full heap.
        n = 2 if players <= 4 else 2 + (players - 3) // 2
        if tok == "JK":
            return 2 * n
        if tok == "Q":
            return 3 * n
        if tok == "QS":
            return n
        return 4 * n if tok in RANKS else None

    def _score(self, breakdown, opts):
        cards = breakdown.cards
        rank = [("Q" if t == "QS" else t) for t in cards]
        found = []
        for line in lines_of(3, 3, True):
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
                breakdown.notes.append("%s %d: three %s removed" % (line[0], line[1] + 1, plural(first)))
        remove_lines(breakdown, found)
        keep_neg = not opts["negative_pairs_cancel"]
        live = [breakdown.state[i] == COUNT for i in range(9)]
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
                    breakdown.state[i] = MATCH
                else:
                    breakdown.state[i] = CANCEL
                    breakdown.points[i] = 0
        pen = opts["queen_of_spades_penalty"]
        for i in range(9):
            if cards[i] == "QS" and breakdown.state[i] != REMOVED and pen:
                breakdown.extras.append(
                    ("Queen of Spades (row %d, column %d)" % (i // 3 + 1, i % 3 + 1), pen)
                )


