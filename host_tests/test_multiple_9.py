# multiple-9: discards and the showdown (docs/RULES.md "multiple-9").
from engine import multiple_9
from engine.errors import ScoreError
from support import raises


def legal(cards, final=False):
    return multiple_9.check_discard(cards, final)[0]


def valid_split(cards, groups):
    """The groups use exactly the cards, each group has at most two ranks
    and adds up to a multiple of 9."""
    flat = [c for g in groups for c in g]
    if sorted(flat) != sorted(str(c).upper() for c in cards):
        return False
    for g in groups:
        vals = [multiple_9.rank(c) + 1 for c in g]
        if len(set(g)) > 2 or sum(vals) % 9 or not g:
            return False
    return True


def test_seed_one_and_two_set_melds():
    for cards in (
        ["6", "6", "6"], ["Q", "Q", "Q"], ["9", "9", "9", "9"],
        ["8", "8", "A", "A"], ["8", "8", "2"], ["8", "8", "8", "3"], ["8", "8", "8", "Q"],
        ["8", "8", "8", "8", "4"], ["8", "8", "8", "8", "K"], ["8", "8", "8", "8", "J", "J"],
        ["K", "K", "K", "K", "10", "10"], ["Q", "Q", "Q", "Q", "J", "J", "J"],
    ):
        ok, groups, why = multiple_9.check_discard(cards)
        assert ok, (cards, why)
        assert valid_split(cards, groups)


def test_seed_nines_alone_only_as_the_final_play():
    for cards in (["3", "3", "3"], ["8", "A"], ["6", "3"], ["9"]):
        ok, groups, why = multiple_9.check_discard(cards)
        assert not ok and groups == [] and "at least 18" in why
        assert legal(cards, final=True)


def test_seed_nines_with_another_nine():
    assert legal(["6", "3", "9"]) and legal(["6", "3", "K", "5"])


def test_seed_three_ranks_in_one_group_is_not_a_meld():
    assert not legal(["3", "3", "5", "7"])
    assert not legal(["8", "4", "4", "2"])
    assert not legal(["8", "4", "4", "2"], final=True)


def test_seed_split_across_groups():
    ok, groups, _ = multiple_9.check_discard(["8", "4", "4", "A", "A"])
    assert ok and valid_split(["8", "4", "4", "A", "A"], groups)
    ok, groups, _ = multiple_9.check_discard(["A", "6", "8", "Q"])
    assert ok and valid_split(["A", "6", "8", "Q"], groups)


def test_seed_example_game_discards():
    assert legal(["Q", "Q", "3"]) and legal(["8", "10"])
    assert legal(["7", "10", "10"]) and legal(["8", "A", "9"])
    assert not legal(["6", "3"]) and legal(["K", "5"])
    assert legal(["5", "K", "6", "3"]) and legal(["J", "J", "J", "3"], final=True)


def test_five_card_deal_that_is_a_meld_wins():
    # docs/RULES.md: a deal that is a meld wins at once; the device checks it as the last cards
    assert legal(["Q", "Q", "3", "8", "10"], final=True)
    assert not legal(["7", "K", "J", "10", "10"], final=True)


def test_discard_errors():
    with raises(ScoreError, "discard", "card 2", "'Z'"):
        multiple_9.check_discard(["9", "Z"])
    with raises(ScoreError, "5 cards 'K'", "holds 4"):
        multiple_9.check_discard(["K"] * 5)
    with raises(ScoreError, "at least one card"):
        multiple_9.check_discard([])
    with raises(ScoreError, "final"):
        multiple_9.check_discard(["9", "9"], final="yes")
    with raises(ScoreError, "list of cards"):
        multiple_9.check_discard("9 9")


TEN = [["Q", "5"], ["K", "A"], ["A", "2"], ["10", "2"], ["6", "9"],
       ["4", "4"], ["8", "2"], ["10", "7"], ["8", "7"], ["K", "K"]]
BOARD = ["J", "7", "9", "2", "10"]


def test_seed_ten_player_showdown_order():
    n, unused, places = multiple_9.showdown(BOARD, TEN)
    assert n == [3, 3, 3, 4, 4, 5, 5, 6, 6, 7]
    # "From lowest to highest": Q5, KA, A2, 69, 10 2, 44, 82, 10 7, 87, KK
    lowest_to_highest = [0, 1, 2, 4, 3, 5, 6, 7, 8, 9]
    assert [places[p] for p in lowest_to_highest] == list(range(10, 0, -1))
    assert sorted(unused[0]) == sorted(["Q", "10", "5", "2"])
    assert sorted(unused[2]) == sorted(["A", "10", "2", "2"])
    assert unused[8] == [] and unused[9] == ["2"]


def test_showdown_ties_share_a_place():
    n, unused, places = multiple_9.showdown(["9", "9", "9", "2", "3"], [["4", "5"], ["5", "4"], ["K", "J"]])
    assert places[0] == places[1] == 1 and places[2] == 3


def test_unused_ace_is_14_and_unused_ranks_add_up():
    assert multiple_9._unused_values([1] + [0] * 12) == [14]
    assert multiple_9._unused_values([0] * 7 + [2] + [0] * 5) == [16]  # (8, 8)
    assert multiple_9._unused_values([0] * 6 + [2] + [0] * 6) == [14]  # (7, 7) = A
    assert multiple_9._better((5, [16]), (5, [14])) and not multiple_9._better((5, [14]), (5, [14]))
    assert multiple_9._better((5, [2]), (5, [14, 3]))  # fewer unused ranks first
    assert multiple_9._better((6, [13, 12]), (5, []))  # more nines first


def test_showdown_unused_ace_beats_other_single_cards():
    # each hand: its 5 and the board's 4 make a nine, 5 nines in all
    n, unused, places = multiple_9.showdown(["9", "9", "9", "9", "4"], [["5", "8"], ["A", "5"], ["5", "5"]])
    assert n == [5, 5, 5] and unused == [["8"], ["A"], ["5"]]
    assert places == [2, 1, 3]


def test_showdown_errors():
    with raises(ScoreError, "board", "exactly 5"):
        multiple_9.showdown(["9"], TEN)
    with raises(ScoreError, "hand 3", "exactly 2"):
        multiple_9.showdown(BOARD, [["Q", "5"], ["K", "A"], ["A"]])
    with raises(ScoreError, "2 to 10 hands"):
        multiple_9.showdown(BOARD, [["Q", "5"]])
    with raises(ScoreError, "2 to 10 hands"):
        multiple_9.showdown(BOARD, TEN + [["3", "3"]])
    with raises(ScoreError, "5 cards 'K'"):
        multiple_9.showdown(["K", "K", "K", "2", "3"], [["K", "K"], ["4", "5"]])
    with raises(ScoreError, "hand 2", "card 1", "'HIO'"):
        multiple_9.showdown(BOARD, [["Q", "5"], ["HIO", "A"]])


def test_tally_counts_wins():
    t = multiple_9.Tally(["Ann", "Bob", "Cy"])
    t.win(1)
    t.win(1)
    t.win(0)
    assert t.wins == [1, 2, 0]
    with raises(ScoreError, "not a player"):
        t.win(3)
    # undo takes back the latest wins, then nothing; a saved tally is
    # worked on in its own lists
    assert t.undo() and t.wins == [0, 2, 0] and t.undo() and t.wins == [0, 1, 0]
    t.win(2)
    assert t.undo() and t.undo() and not t.undo() and t.wins == [0, 0, 0]
    saved = t.doc()
    again = multiple_9.Tally(saved["players"], saved["wins"])
    again.win(0)
    assert saved == {"players": ["Ann", "Bob", "Cy"], "wins": [1, 0, 0]}
