# Hands dealt from real shuffled decks (tools/simulator/dealing.py), under
# both runtimes (seeded, so a failure repeats): the deck check accepts
# them, and the scores keep the symmetries of the rules.
import random

from engine.game import Game
from engine.game import GAME_IDS, rules_for
from simulator.dealing import deal


def test_dealt_holes_pass_the_deck_check():
    random.seed(7)
    rng = random
    for gid in GAME_IDS:
        r = rules_for(gid)
        for n in range(r.min_players, r.max_players + 1):
            g = Game(gid, ["P%d" % k for k in range(n)], {"holes": 3})
            for _ in range(3):
                g.add_hole(deal(gid, n, rng), ender=rng.randrange(n))
            assert len(g.holes) == 3
            assert g.totals() == [sum(h.scores[p] for h in g.holes) for p in range(n)]


def transpose(gr):
    return [list(col) for col in zip(*gr)]


def raw(gid, gr, **opts):
    r = rules_for(gid)
    o = r.make_options(opts)
    b = r.score(r.read(gr, o), o)
    assert b.total() == sum(b.points) + sum(e[1] for e in b.extras)
    return b.total()


def test_symmetries_of_dealt_grids():
    random.seed(11)
    for _ in range(150):
        gr = deal("play-nine", 2, random)[0]
        cols = transpose(gr)
        i, j = random.randrange(4), random.randrange(4)
        cols[i], cols[j] = cols[j], cols[i]
        assert raw("play-nine", transpose(cols)) == raw("play-nine", gr)
        assert raw("play-nine", [gr[1], gr[0]]) == raw("play-nine", gr)
        gr = deal("crazy-nines", 2, random)[0]
        assert raw("crazy-nines", transpose(gr)) == raw("crazy-nines", gr)
        rot = [list(r) for r in zip(*gr[::-1])]
        assert raw("crazy-nines", rot) == raw("crazy-nines", gr)
        gr = deal("suitup-crazy-9s", 2, random)[0]
        assert raw("suitup-crazy-9s", [gr[2], gr[0], gr[1]]) == raw("suitup-crazy-9s", gr)
        assert raw("suitup-crazy-9s", transpose(gr), column_sets=True) == raw(
            "suitup-crazy-9s", gr, column_sets=True
        )
