# play-nine (docs/RULES.md "play-nine"): a 2x4 grid; matching columns cancel,
# Hole-in-One pairs keep their -5s, bonuses for several matched columns.

from engine.rules import CANCEL, MATCH, Rules, table


class PlayNine(Rules):
    rows = 2
    cols = 4
    max_players = 6
    dots = False
    by_column = True  # columns cancel: each pair entered together
    tokens = ("HIO", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")
    start = "0"
    options = (("bonus_any_pairs", "bool", False, 0, 0),)
    values = table(tokens, lambda t: -5 if t == "HIO" else int(t))
    limits = table(tokens, lambda t: 4 if t == "HIO" else 8)
    BONUS = (0, 0, -10, -15, -20)  # by number of matched columns

    def _score(self, breakdown, opts):
        cards = breakdown.cards
        matched: dict = {}  # token -> matched columns
        for c in range(4):
            top, bot = cards[c], cards[c + 4]
            if top != bot:
                continue
            matched[top] = matched.get(top, 0) + 1
            if top == "HIO":
                # Two Hole-in-Ones do not cancel: -5 each still counts.
                breakdown.state[c] = breakdown.state[c + 4] = MATCH
                breakdown.notes.append("column %d: pair of HIO keeps -10" % (c + 1))
            else:
                breakdown.state[c] = breakdown.state[c + 4] = CANCEL
                breakdown.points[c] = breakdown.points[c + 4] = 0
                breakdown.notes.append("column %d: pair of %s cancels" % (c + 1, top))
        if opts["bonus_any_pairs"]:
            k = 0
            for t in matched:
                k += matched[t]
            if k >= 2:
                breakdown.extras.append(("bonus: %d matched columns" % k, self.BONUS[k]))
        else:
            for t in self.tokens:  # token order keeps the output stable
                k = matched.get(t, 0)
                if k >= 2:
                    breakdown.extras.append(("bonus: %d columns of %s" % (k, t), self.BONUS[k]))


