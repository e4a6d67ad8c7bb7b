# play-nine scoring (docs/RULES.md "play-nine").
from engine.errors import ScoreError
from engine.rules import CANCEL, COUNT, MATCH
from engine.game import rules_for
from support import grid, raises

R = rules_for("play-nine")


def score(text, **opts):
    o = R.make_options(opts)
    return R.score(R.read(grid(text), o), o)


def test_rules_example_two_pairs_of_fives():
    b = score("5 5 0 12 / 5 5 3 HIO")
    assert b.total() == 0
    assert b.state[:2] == [CANCEL, CANCEL] and b.state[4:6] == [CANCEL, CANCEL]
    assert b.extras == [("bonus: 2 columns of 5", -10)]


def test_rules_example_four_hole_in_ones():
    b = score("HIO HIO 7 1 / HIO HIO 7 2")
    assert b.total() == -27
    assert b.state[0] == MATCH and b.points[0] == -5  # HIO pairs keep their value
    assert b.state[2] == CANCEL and b.points[2] == 0


def test_no_match_is_the_sum_of_the_cards():
    assert score("1 2 3 4 / 5 6 7 HIO").total() == 1 + 2 + 3 + 4 + 5 + 6 + 7 - 5


def test_single_pair_cancels_without_bonus():
    b = score("8 1 2 3 / 8 4 5 6")
    assert b.total() == 21 and b.extras == []


def test_seed_six_and_eight_card_matches():
    assert score("8 8 8 1 / 8 8 8 4").total() == -15 + 5
    assert score("8 8 8 8 / 8 8 8 8").total() == -20


def test_two_hio_in_one_column_do_not_cancel():
    assert score("HIO 1 2 3 / HIO 4 5 6").total() == -10 + 21


def test_pairs_of_different_numbers_earn_no_bonus_by_default():
    b = score("5 7 0 1 / 5 7 2 3")
    assert b.total() == 6 and b.extras == []


def test_two_groups_each_earn_their_bonus():
    b = score("5 5 7 7 / 5 5 7 7")
    assert b.total() == -20
    assert len(b.extras) == 2


def test_zero_pairs_count_for_the_bonus():
    assert score("0 0 1 2 / 0 0 3 4").total() == -10 + 10


def test_bonus_any_pairs_counts_all_matched_columns_once():
    assert score("5 7 0 1 / 5 7 2 3", bonus_any_pairs=True).total() == 6 - 10
    assert score("5 7 9 1 / 5 7 9 3", bonus_any_pairs=True).total() == 4 - 15
    assert score("5 7 9 HIO / 5 7 9 HIO", bonus_any_pairs=True).total() == -10 - 20
    b = score("5 5 7 7 / 5 5 7 7", bonus_any_pairs=True)
    assert b.total() == -20 and len(b.extras) == 1


def test_hio_pair_counts_with_any_pairs():
    assert score("HIO 5 1 2 / HIO 5 3 4", bonus_any_pairs=True).total() == -10 + 10 - 10


def test_tokens_are_case_insensitive_and_numbers_read_as_tokens():
    o = R.make_options()
    cards = R.read([[5, "hio", 0, 12], ["5", "Hio", 3, 4]], o)
    assert cards[:2] == ["5", "HIO"]


def test_bad_cards_name_row_and_column():
    o = R.make_options()
    with raises(ScoreError, "row 2", "column 3", "'13'"):
        R.read(grid("1 2 3 4 / 5 6 13 7"), o)
    with raises(ScoreError, "row 1", "column 1"):
        R.read([[".", 1, 2, 3], [4, 5, 6, 7]], o)  # no removed cards in play-nine
    with raises(ScoreError, "row 1", "column 2", "true"):
        R.read([[1, True, 2, 3], [4, 5, 6, 7]], o)
    with raises(ScoreError, "row 1", "column 2"):
        R.read([[1, 2.5, 2, 3], [4, 5, 6, 7]], o)
    with raises(ScoreError, "row 1", "column 1", "-5"):
        R.read([[-5, 2, 2, 3], [4, 5, 6, 7]], o)


def test_bad_shapes():
    o = R.make_options()
    with raises(ScoreError, "3 rows"):
        R.read(grid("1 2 3 4 / 5 6 7 8 / 1 2 3 4"), o)
    with raises(ScoreError, "row 2", "3 cards"):
        R.read(grid("1 2 3 4 / 5 6 7"), o)
    with raises(ScoreError, "list of rows"):
        R.read("1 2 3 4", o)
    with raises(ScoreError, "row 1", "list of cards"):
        R.read(["1 2 3 4", [1, 2, 3, 4]], o)


def test_cell_states_sum_to_total():
    b = score("3 3 HIO 9 / 3 3 HIO 1")
    assert sum(b.points) + sum(e[1] for e in b.extras) == b.total()
    assert b.state[3] == COUNT
