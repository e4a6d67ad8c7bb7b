# crazy-nines scoring (docs/RULES.md "crazy-nines").
from engine.errors import ScoreError
from engine.rules import CANCEL, COUNT, MATCH, REMOVED
from engine.game import rules_for
from support import grid, raises

R = rules_for("crazy-nines")


def score(text, **opts):
    o = R.make_options(opts)
    return R.score(R.read(grid(text), o), o)


def test_card_values():
    b = score("JK A K / 2 3 4 / 10 J Q")
    assert b.total() == -2 + 0 + 1 + 2 + 3 + 4 + 10 + 10 + 10


def test_rules_example_grid():
    # row 3 of 2s removed; 5 5 pair and 7 7 pair cancel; K counts;
    # the QS is cancelled by nothing (its neighbours are 5, 7, and a removed 2)
    b = score("5 5 K / QS 7 7 / 2 2 2")
    assert b.state[6:] == [REMOVED] * 3
    assert b.state[0] == CANCEL and b.state[4] == CANCEL and b.state[2] == COUNT
    assert b.total() == 1 + 10 + 25


def test_lines_rows_and_columns_removed_once():
    b = score("8 8 8 / 8 3 4 / 8 5 6")
    assert b.total() == 3 + 4 + 5 + 6
    assert b.lines == [("row", 0), ("column", 0)]


def test_no_diagonal_lines():
    assert score("8 2 3 / 4 8 5 / 6 7 8").total() == 24 + 2 + 3 + 4 + 5 + 6 + 7


def test_queen_of_spades_is_a_queen_for_lines_and_pairs():
    b = score("Q QS Q / 2 4 6 / 3 5 7")
    assert b.total() == 27 and b.extras == []  # removed QS: no penalty
    b = score("Q QS 2 / 3 4 5 / 6 7 8")
    assert b.state[:2] == [CANCEL, CANCEL]
    assert b.total() == 2 + 3 + 4 + 5 + 6 + 7 + 8 + 25  # penalty even when paired


def test_pairs_after_removal_and_removed_cards_do_not_pair():
    # the 5 under a removed row of 5s pairs with nothing
    assert score("5 5 5 / 5 2 3 / 4 6 7").total() == 5 + 2 + 3 + 4 + 6 + 7


def test_pairs_are_orthogonal_only():
    assert score("4 2 3 / 6 4 5 / 7 8 9").total() == 48
    b = score("4 4 3 / 4 6 5 / 7 8 9")  # an L of three 4s: all cancel
    assert b.total() == 3 + 6 + 5 + 7 + 8 + 9


def test_jokers_pair_and_option_keeps_them():
    assert score("JK JK 3 / 4 5 6 / 7 8 9").total() == 42
    b = score("JK JK 3 / 4 5 6 / 7 8 9", negative_pairs_cancel=False)
    assert b.total() == 42 - 4 and b.state[0] == MATCH


def test_line_of_three_jokers_is_removed():
    assert score("JK JK JK / 4 5 6 / 7 8 9").total() == 39


def test_queen_penalty_option_and_two_queens():
    assert score("QS 2 3 / 4 5 6 / 7 8 QS", queen_of_spades_penalty=0).total() == 55
    assert score("QS 2 3 / 4 5 6 / 7 8 QS").total() == 55 + 50


def test_dots():
    assert score(". 2 3 / . 5 6 / . 8 9").total() == 33
    assert score(". . . / 4 5 6 / 7 8 9").total() == 39
    o = R.make_options()
    with raises(ScoreError, "row 1", "column 2", "'.'"):
        R.read(grid("2 . 3 / 4 5 6 / 7 8 9"), o)


def test_dots_separate_cards_that_are_not_neighbours():
    # 4 . 4 in a row: the "." column is removed, the 4s are not adjacent
    assert score("4 . 4 / 2 . 3 / 5 . 6").total() == 24


def test_deck_size_by_players():
    assert R.deck(2)["A"] == 8 and R.deck(4)["A"] == 8
    assert R.deck(5)["QS"] == 3 and R.deck(6)["JK"] == 6
    assert R.deck(7)["Q"] == 12 and R.deck(8)["K"] == 16
