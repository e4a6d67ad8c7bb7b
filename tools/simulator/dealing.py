# Hands dealt from real shuffled decks (seeded by the caller, so a failure
# repeats): the tests, the benches and the power-cut report deal from here.
# Plain Python, for the MicroPython unix port too; firmware/ on sys.path.
from engine.game import rules_for

EXTRA = {"suitup-crazy-9s": ["W"] * 4 + ["X", "R", "S", "T"] * 4, "suitup-original": ["X", "R", "S", "T"] * 4}


def shuffled(items, rng):
    items = list(items)
    for i in range(len(items) - 1, 0, -1):  # MicroPython has no shuffle
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def full_deck(gid, players):
    limits = rules_for(gid).deck(players)
    deck = []
    for t in sorted(limits):
        deck += [t] * limits[t]
    return deck + EXTRA.get(gid, [])


def deal(gid, players, rng):
    r = rules_for(gid)
    deck = shuffled(full_deck(gid, players), rng)
    if r.hand:
        return [[deck.pop() for _ in range(rng.randrange(0, 12))] for _ in range(players)]
    return [[[deck.pop() for _ in range(r.cols)] for _ in range(r.rows)] for _ in range(players)]
