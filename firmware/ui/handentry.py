# Entering a hand (SuitUP Original): the cards left in a player's hand, one
# by one. Only the hand game needs it: its own module, loaded for its holes
# and let go at the game's hub (app.LEAVES); the rest of a hole's entry is
# ui/hole.py's.
from drivers.buttons import BACK, DOWN, OK, UP
from engine.game import TOTAL_HIGH, TOTAL_LOW
from ui.draw import DIM, FG, SEL_FG
from ui.entry import DONE, TOTAL, title_and_score
from ui.widgets import Number, Screen, confirm


class HandEntry(Screen):
    """suitup-original: the cards left in a hand, one by one. The card list
    ends with 'end' (the hand is complete) and '#' (the total alone)."""

    def __init__(self, d, k):
        super().__init__(d.app)
        self.d = d
        self.k = k
        e = d.entries[k]
        self.cards = list(e) if type(e) is list else []
        self.cycle = [DONE] + list(d.rules.tokens) + [TOTAL]
        self.choice = DONE if type(e) is list or d.players[k] == d.out else self.cycle[1]
        self.opts = d.game.opts

    def key(self, k):
        if k in (UP, DOWN):
            j = self.cycle.index(self.choice)
            self.choice = self.cycle[(j + (1 if k == DOWN else -1)) % len(self.cycle)]
        elif k == OK:
            if self.choice == DONE:
                self.d.entries[self.k] = list(self.cards)
                self.d.done(self.k)
                return
            if self.choice == TOTAL:
                if self.cards:  # cards entered: dropped only when the player says so
                    confirm(self.app, "Total only?", self.ask_total, no="Keep cards", yes="Drop cards")
                else:
                    self.ask_total()
                return
            if len(self.cards) < self.d.rules.MAX_HAND:
                self.cards.append(self.choice)
        elif k == BACK:
            if self.cards:
                self.cards.pop()
            elif self.k > 0:
                self.app.pop()
                return
            else:
                self.d.leave()
                return
        self.dirty = True

    def ask_total(self):
        def done(n):
            self.d.entries[self.k] = n
            self.app.pop()
            self.choice = DONE
            self.d.done(self.k)

        # RULES.md's bounds; who went out scored nothing, so only 0
        low, high = (0, 0) if self.d.players[self.k] == self.d.out else (TOTAL_LOW, TOTAL_HIGH)
        self.app.push(Number(self.app, "%s total" % self.d.name(self.k), low, high, 0, done))

    def draw(self, pen):
        d = self.d
        score = d.rules.score(self.cards, self.opts).total()
        y = title_and_score(pen, d.name(self.k), d.label, score)
        per_line = max(1, (pen.d.width - 4) // (3 * 8 * pen.scale))
        shown = self.cards + [None]
        lines = (len(shown) + per_line - 1) // per_line
        room = max(1, (pen.d.height - y) // pen.line_h - 1)
        first = max(0, lines - room)  # keep the newest cards in view
        for i in range(first * per_line, len(shown)):
            row, col = i // per_line - first, i % per_line
            x, yy = 2 + col * 3 * 8 * pen.scale, y + row * pen.line_h
            if shown[i] is None:
                pen.highlight(x, yy - 1, 3 * 8 * pen.scale - 2, pen.line_h)
                pen.text(self.choice, x + 2, yy, SEL_FG)
            else:
                pen.text(shown[i], x + 2, yy, FG)
        hint = "%d cards" % len(self.cards)
        pen.text(hint, 2, pen.d.height - pen.line_h, DIM)
