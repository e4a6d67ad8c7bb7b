# suitup-original (docs/RULES.md "suitup-original"): the cards left in each hand
# at the end of a round, summed.

from engine.errors import ScoreError, show
from engine.rules import ACTIONS, RANKS, Breakdown, Rules, face_value, table


class SuitupOriginal(Rules):
    hand = True
    dots = False
    rows = 1
    cols = 0
    MAX_HAND = 30
    tokens = RANKS + ACTIONS
    options = (("action_value", "int", 20, 0, 100),)
    values = table(RANKS, lambda t: face_value(t, {}, 10, 0))  # actions: option
    limits = table(RANKS, lambda t: 8)  # action cards are not counted

    def value(self, tok, opts):
        if tok in ACTIONS:
            return opts["action_value"]
        return self.values[tok]

    def read(self, hand, opts):
        if type(hand) is not list:
            raise ScoreError("the hand must be a list of cards, or a whole number (the player's total), "
                             "not %s" % show(hand))
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


