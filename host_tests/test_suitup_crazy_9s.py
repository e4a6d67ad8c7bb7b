# suitup-crazy-9s scoring (docs/RULES.md "suitup-crazy-9s").
from engine.errors import ScoreError
from engine.rules import GONE, REMOVED
from engine.game import rules_for
from support import grid, raises

R = rules_for("suitup-crazy-9s")


def score(text, **opts):
    o = R.make_options(opts)
    return R.score(R.read(grid(text), o), o)


def test_card_values():
    # K 0, 2 -2, 3-10 face, A J Q 10, action 20, W 20 by default
    assert score("K 2 3 / 10 A J / Q X W").total() == 0 - 2 + 3 + 10 + 10 + 10 + 10 + 20 + 20
    assert score("R S T / K K 4 / K 5 6").total() == 60 + 4 + 11
    assert score("W K 4 / K 5 6 / 7 8 9", wild_value=0).total() == 4 + 11 + 24


def test_row_set_is_removed():
    b = score("7 7 7 / 5 K 2 / A 3 4")
    assert b.total() == 5 - 2 + 10 + 7
    assert b.state[:3] == [REMOVED] * 3 and b.lines == [("row", 0)]


def test_set_of_twos_loses_the_negative_points():
    assert score("2 2 2 / 2 K K / 5 5 3").total() == -2 + 13


def test_columns_do_not_make_sets_by_default():
    assert score("7 A A / 7 K K / 7 K K").total() == 21 + 20


def test_column_sets_option():
    b = score("7 A 3 / 7 K 4 / 7 Q 5", column_sets=True)
    assert b.total() == 10 + 3 + 4 + 10 + 5 and b.lines == [("column", 0)]


def test_row_and_column_sets_removed_together():
    b = score("7 7 7 / 7 K 4 / 7 Q 5", column_sets=True)
    assert b.total() == 4 + 10 + 5
    assert b.lines == [("row", 0), ("column", 0)]


def test_action_cards_and_wilds_never_make_a_set():
    assert score("X X X / K K 4 / W W W").total() == 60 + 4 + 60


def test_wild_completes_sets_option():
    assert score("W 5 5 / K K 4 / A 3 3", wild_completes_sets=True).total() == 4 + 16
    assert score("W W 5 / K K 4 / A 3 3", wild_completes_sets=True).total() == 4 + 16
    # at least one real card of the rank
    assert score("W W W / K K 4 / A 3 3", wild_completes_sets=True).total() == 60 + 4 + 16
    # an action card is not a rank
    assert score("W X 5 / K K 4 / A 3 3", wild_completes_sets=True).total() == 45 + 4 + 16
    # without the option, a W is just a card
    assert score("W 5 5 / K K 4 / A 3 3").total() == 30 + 4 + 16


def test_removed_rows_of_dots():
    b = score(". . . / K 5 4 / A 3 3")
    assert b.total() == 25 and b.state[0] == GONE


def test_dots_only_in_removed_rows():
    o = R.make_options()
    with raises(ScoreError, "row 1", "column 1", "'.'", "only in a row of 3"):
        R.read(grid(". 5 5 / . K 4 / . 3 3"), o)
    o = R.make_options({"column_sets": True})
    assert R.read(grid(". 5 5 / . K 4 / . 3 3"), o)[0] == "."
    with raises(ScoreError, "row 1", "column 2"):
        R.read(grid("5 . 5 / . K 4 / . 3 3"), o)


def test_unknown_cards():
    o = R.make_options()
    with raises(ScoreError, "row 3", "column 3", "'QS'"):
        R.read(grid("5 5 5 / K K 4 / A 3 QS"), o)
    with raises(ScoreError, "'JK'"):
        R.read(grid("JK 5 5 / K K 4 / A 3 3"), o)
