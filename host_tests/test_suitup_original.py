# suitup-original scoring (docs/RULES.md "suitup-original").
from engine.errors import ScoreError
from engine.doc import to_doc
from engine.game import Game
from engine.game import rules_for
from support import raises

R = rules_for("suitup-original")


def score(hand, **opts):
    o = R.make_options(opts)
    return R.score(R.read(hand, o), o).total()


def test_hand_values():
    assert score(["A", "2", "10", "J", "Q", "K"]) == 10 + 2 + 10 + 30
    assert score([]) == 0
    assert score(["X", "r", "S", "T"]) == 80
    assert score(["X", 5], action_value=0) == 5


def test_hand_limits():
    o = R.make_options()
    assert len(R.read(["2"] * 30, o)) == 30
    with raises(ScoreError, "31 cards"):
        R.read(["2"] * 31, o)
    with raises(ScoreError, "card 2", "'W'"):
        R.read(["2", "W"], o)
    with raises(ScoreError, "list of cards"):
        R.read("K 7", o)


def test_round_with_out_and_blitz():
    g = Game("suitup-original", ["Ann", "Bob", "Cy"])
    h = g.add_hole([[], ["K", "7"], ["X"]], out=0, blitz=True)
    assert h.scores == [0, 17, 20] and h.blitz
    with raises(ScoreError, "hole 2", "player 2 (Bob)", "went out"):
        g.add_hole([[], ["K"], []], out=1)


def test_deck_check_counts_ranks_not_actions():
    g = Game("suitup-original", ["Ann", "Bob"])
    g.add_hole([["X"] * 20, ["X"] * 10 + ["5"] * 8])
    with raises(ScoreError, "hole 2", "9 cards '5'", "holds 8"):
        g.add_hole([["5"], ["5"] * 8])


def test_a_total_for_the_player_who_went_out_must_be_0():
    # docs/RULES.md: a total may stand for a hand, but who went out scored nothing
    g = Game("suitup-original", ["Ann", "Bob", "Cy"])
    with raises(ScoreError, "hole 1", "player 1 (Ann)", "went out, so the total must be 0, not 5"):
        g.add_hole([5, ["K"], 12], out=0)
    h = g.add_hole([0, ["K"], 12], out=0)
    assert h.scores == [0, 10, 12] and to_doc(g)["holes"][0]["hands"] == [0, ["K"], 12]
