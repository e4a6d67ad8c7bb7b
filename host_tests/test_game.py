# A whole game: options, players, holes, ender rules, totals, ties, playoff,
# editing and the document form (docs/RULES.md "The game").
from engine.errors import ScoreError
from engine.edit import set_hole, undoes
from engine.doc import from_doc, result, to_doc
from engine.game import GAMES, Game, rules_for
from support import grid, raises

# play-nine grids with no matching column, by score
P28 = grid("0 1 2 3 / 4 5 6 7")
P36 = grid("1 2 3 4 / 5 6 7 8")
P44 = grid("2 3 4 5 / 6 7 8 9")
P20 = grid("0 1 2 3 / 4 5 HIO 10")


def test_default_options_per_game():
    for gid, rule in (("play-nine", "none"), ("suitup-crazy-9s", "double"),
                      ("crazy-nines", "penalty-per-lower"), ("suitup-original", "none")):
        o = Game(gid, ["A", "B"]).opts
        assert o["ender_rule"] == rule and o["holes"] == 9 and o["ties"] == "playoff"
        assert o["ender_penalty_points"] == 20
    assert Game("play-nine", ["A", "B"]).opts["bonus_any_pairs"] is False
    o = Game("suitup-crazy-9s", ["A", "B"]).opts
    assert o["wild_value"] == 20 and not o["wild_completes_sets"] and not o["column_sets"]
    o = Game("crazy-nines", ["A", "B"]).opts
    assert o["negative_pairs_cancel"] is True and o["queen_of_spades_penalty"] == 25
    assert Game("suitup-original", ["A", "B"]).opts["action_value"] == 20


def test_option_errors():
    cases = (
        ("play-nine", {"wild_value": 10}, "unknown option 'wild_value'"),
        ("suitup-original", {"column_sets": True}, "unknown option 'column_sets'"),
        ("play-nine", {"holes": 0}, "holes must be from 1 to 18"),
        ("play-nine", {"holes": 19}, "holes must be from 1 to 18"),
        ("play-nine", {"holes": True}, "holes must be a whole number"),
        ("play-nine", {"holes": 9.0}, "holes must be a whole number"),
        ("play-nine", {"holes": "9"}, "holes must be a whole number"),
        ("play-nine", {"bonus_any_pairs": 1}, "bonus_any_pairs must be true or false"),
        ("suitup-crazy-9s", {"wild_value": 101}, "from 0 to 100"),
        ("suitup-crazy-9s", {"wild_value": -1}, "from 0 to 100"),
        ("crazy-nines", {"queen_of_spades_penalty": False}, "whole number"),
        ("crazy-nines", {"ender_penalty_points": 200}, "from 0 to 100"),
        ("suitup-original", {"action_value": None}, "whole number"),
        ("crazy-nines", {"ender_rule": "triple"}, "ender_rule must be one of none, double"),
        ("crazy-nines", {"ties": "coin"}, "ties must be one of playoff, share"),
        ("crazy-nines", {"ties": 1}, "ties must be one of"),
        ("crazy-nines", [1], "options must be an object"),
    )
    for gid, opts, msg in cases:
        with raises(ScoreError, msg):
            Game(gid, ["A", "B"], opts)


def test_option_bounds_accepted():
    g = Game("suitup-crazy-9s", ["A", "B"], {"holes": 18, "wild_value": 0, "ender_penalty_points": 100})
    assert g.opts["holes"] == 18 and g.opts["wild_value"] == 0


def test_player_counts_and_names():
    names = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    Game("play-nine", names[:6])
    with raises(ScoreError, "play-nine is for 2 to 6 players, not 7"):
        Game("play-nine", names[:7])
    Game("crazy-nines", names[:8])
    with raises(ScoreError, "2 to 8 players, not 9"):
        Game("crazy-nines", names[:9])
    with raises(ScoreError, "not 1"):
        Game("suitup-original", ["A"])
    with raises(ScoreError, "player 2 needs a name"):
        Game("play-nine", ["A", 7])
    with raises(ScoreError, "player 1 needs a name"):
        Game("play-nine", ["  ", "B"])
    with raises(ScoreError, "unknown game 'golf'"):
        Game("golf", ["A", "B"])
    with raises(ScoreError, "players 1 and 3 are both 'A': each needs a name of their own"):
        Game("play-nine", ["A", "B", "A"])  # (the history's stats are by name; the device refuses it too)
    Game("play-nine", ["A", "a"])  # two names, told apart


def test_rules_for_loads_each_game_of_the_table_once():
    """GAMES (engine/game.py) is the games' one list: rules_for imports the
    module a row names and makes its class, the row's id its id; an unknown
    id is named, with the games there are."""
    for gid, module, cls, _, _ in GAMES:
        rules = rules_for(gid)
        assert rules.id == gid and type(rules).__name__ == cls, (gid, module)
        assert rules_for(gid) is rules  # loaded once
        assert to_doc(Game(gid, ["A", "B"]))["game"] == gid  # what a saved game says
    for bad in ("golf", 7, "Play-Nine"):
        with raises(ScoreError, "unknown game"):
            rules_for(bad)
    with raises(ScoreError, "no game given (games: play-nine"):
        rules_for(None)
    try:
        rules_for("golf")
    except ScoreError as e:
        named = str(e).split("(games: ")[1]
    assert named.rstrip(")").split(", ") == [row[0] for row in GAMES] + ["multiple-9"]


def test_totals_and_winner_only_when_all_holes_are_in():
    g = Game("play-nine", ["Ann", "Bob"], {"holes": 2})
    g.add_hole([P28, P36])
    assert g.totals() == [28, 36] and g.winner() is None and g.tied() == []
    g.add_hole([P36, P20])
    assert g.totals() == [64, 56] and g.winner() == 1 and g.tied() == []
    with raises(ScoreError, "hole 3", "only 2 holes"):
        g.add_hole([P28, P36])


def test_wrong_number_of_grids_and_bad_ender():
    g = Game("play-nine", ["Ann", "Bob", "Cy"])
    with raises(ScoreError, "hole 1", "2 grids for 3 players"):
        g.add_hole([P28, P36])
    with raises(ScoreError, "hole 1", "ender 3 is not a player"):
        g.add_hole([P28, P36, P44], ender=3)
    with raises(ScoreError, "ender true"):
        g.add_hole([P28, P36, P44], ender=True)
    with raises(ScoreError, "hole 1", "player 2 (Bob)", "row 1", "column 4", "'Z'"):
        g.add_hole([P28, grid("1 2 3 Z / 5 6 7 8"), P44])
    assert g.holes == []  # nothing half-added


def test_deck_check_over_all_players_names_the_card():
    g = Game("play-nine", ["Ann", "Bob"])
    with raises(ScoreError, "hole 1", "9 cards '5'", "holds 8"):
        g.add_hole([grid("5 5 5 5 / 5 5 5 5"), grid("5 1 2 3 / 4 6 7 8")])
    g.add_hole([grid("5 5 5 5 / 5 5 5 5"), P44 and grid("1 2 3 4 / 6 7 8 9")])
    with raises(ScoreError, "hole 2", "5 cards 'HIO'", "holds 4"):
        g.add_hole([grid("HIO HIO HIO 1 / 2 3 4 5"), grid("HIO HIO 1 2 / 3 4 5 6")])


# suitup-crazy-9s grids, by score
C31 = grid("K K 2 / 3 4 5 / 6 7 8")
C10 = grid("K K 10 / K 2 2 / K 4 K")
C0 = grid(". . . / K K 2 / 2 4 K")
CM8 = grid(". . . / 2 2 K / 2 2 K")
CM2 = grid(". . . / K K 2 / 2 2 4")


def test_double_trouble():
    g = Game("suitup-crazy-9s", ["Ann", "Bob"])
    assert g.add_hole([C31, C10], ender=0).scores == [62, 10]  # doubled
    assert g.add_hole([C10, C31], ender=0).scores == [10, 31]  # ender lowest
    assert g.add_hole([C31, C31], ender=1).scores == [31, 31]  # equal is not lower
    assert g.add_hole([C0, CM8], ender=0).scores == [0, -8]  # 0 is not doubled
    assert g.add_hole([CM2, CM8], ender=0).scores == [-2, -8]  # nor a negative
    assert g.add_hole([C31, C10], ender=None).scores == [31, 10]  # nobody ended
    assert g.totals() == [62 + 10 + 31 + 0 - 2 + 31, 10 + 31 + 31 - 8 - 8 + 10]


def test_ender_rule_option_changes_the_rule():
    g = Game("suitup-crazy-9s", ["Ann", "Bob"], {"ender_rule": "none"})
    assert g.add_hole([C31, C10], ender=0).scores == [31, 10]
    opts = {"ender_rule": "penalty-per-lower", "ender_penalty_points": 7}
    g = Game("play-nine", ["Ann", "Bob", "Cy"], opts)
    assert g.add_hole([P44, P28, P36], ender=0).scores == [44 + 14, 28, 36]
    g = Game("play-nine", ["Ann", "Bob"], {"ender_rule": "double"})
    assert g.add_hole([P44, P28], ender=0).scores == [88, 28]


# crazy-nines grids
N44 = grid("A 2 3 / 4 5 6 / 7 8 9")
N62 = grid("10 J 3 / 4 5 6 / 7 8 9")
NQ = grid("QS 2 3 / 4 5 6 / 7 8 A")  # 45 + 25


def test_penalty_per_lower_compares_after_the_queen_penalty():
    g = Game("crazy-nines", ["Ann", "Bob", "Cy"])
    h = g.add_hole([NQ, N44, N62], ender=0)
    assert h.raw == [70, 44, 62] and h.scores == [70 + 40, 44, 62]
    g = Game("crazy-nines", ["Ann", "Bob", "Cy"], {"queen_of_spades_penalty": 0})
    assert g.add_hole([NQ, N44, N62], ender=0).scores == [45 + 20, 44, 62]
    assert g.add_hole([N44, NQ, N62], ender=0).scores == [44, 45, 62]


def test_dealer_rotates_one_seat_each_hole():
    g = Game("play-nine", ["Ann", "Bob", "Cy"], dealer=2)
    assert [g.dealer(h) for h in range(5)] == [2, 0, 1, 2, 0]
    with raises(ScoreError, "first dealer 3"):
        Game("play-nine", ["Ann", "Bob", "Cy"], dealer=3)


def tied_game(ties="playoff"):
    g = Game("play-nine", ["Ann", "Bob", "Cy"], {"holes": 1, "ties": ties})
    g.add_hole([P28, P36, P28])
    return g


def test_tie_after_the_last_hole_needs_a_playoff():
    g = tied_game()
    assert g.winner() is None and g.tied() == [0, 2] and g.playoff_players() == [0, 2]
    with raises(ScoreError, "playoff hole 1", "exactly the tied players [0, 2]"):
        g.add_playoff([0, 1], [P28, P36])
    with raises(ScoreError, "playoff hole 1", "1 grid for 2 players"):
        g.add_playoff([2, 0], [P28])
    g.add_playoff([2, 0], [P28, P28])  # still tied: any order of players
    assert g.tied() == [0, 2] and g.winner() is None
    h = g.add_playoff([0, 2], [P36, P28])
    assert h.scores == [36, 28] and g.winner() == 2 and g.tied() == []
    assert g.totals() == [28, 36, 28]  # playoff scores are not added
    with raises(ScoreError, "playoff hole 3", "not needed", "Cy has already won"):
        g.add_playoff([0, 2], [P36, P28])


def test_playoff_narrows_a_three_way_tie():
    g = Game("play-nine", ["Ann", "Bob", "Cy"], {"holes": 1})
    g.add_hole([P28, P28, P28])
    g.add_playoff([0, 1, 2], [P36, P28, P28])
    assert g.playoff_players() == [1, 2]
    g.add_playoff([1, 2], [P44, P36])
    assert g.winner() == 2
    assert g.standings() == [(1, 2, 28), (2, 1, 28), (3, 0, 28)]


def test_playoff_not_needed():
    g = Game("play-nine", ["Ann", "Bob"], {"holes": 2})
    g.add_hole([P28, P28])
    with raises(ScoreError, "playoff hole 1", "not needed", "only 1 of 2 holes"):
        g.add_playoff([0, 1], [P28, P36])
    g.add_hole([P28, P36])
    with raises(ScoreError, "not needed", "Ann has already won"):
        g.add_playoff([0, 1], [P28, P36])
    with raises(ScoreError, "not needed", "shared"):
        tied_game("share").add_playoff([0, 2], [P28, P36])


def test_shared_ties():
    g = tied_game("share")
    assert g.winner() is None and g.tied() == [0, 2] and g.playoff_players() == []
    assert g.standings() == [(1, 0, 28), (1, 2, 28), (3, 1, 36)]


def test_playoff_ender_rule_among_its_players_only():
    g = Game("play-nine", ["Ann", "Bob", "Cy"], {"holes": 1, "ender_rule": "penalty-per-lower"})
    g.add_hole([P36, P20, P36])
    assert g.winner() == 1
    g = Game("play-nine", ["Ann", "Bob", "Cy"], {"holes": 1, "ender_rule": "penalty-per-lower"})
    g.add_hole([P28, P44, P28])
    # Bob (44) is not in the playoff: Ann is penalised only for Cy
    h = g.add_playoff([0, 2], [P36, P28], ender=0)
    assert h.scores == [56, 28]
    with raises(ScoreError, "playoff hole 2", "not needed"):
        g.add_playoff([0, 2], [P36, P28], ender=1)


def test_playoff_ender_must_play_in_it():
    g = tied_game()
    with raises(ScoreError, "playoff hole 1", "ender 1 is not a player in it"):
        g.add_playoff([0, 2], [P36, P28], ender=1)


def test_playoff_deck_counts_decks_from_the_whole_game():
    g = Game("crazy-nines", ["A", "B", "C", "D", "E"], {"holes": 1, "ender_rule": "none"})
    g.add_hole([N44, N44, N62, N62, NQ])
    assert g.tied() == [0, 1]
    # 2 players but 5 in the game: 3 decks, 12 of each rank
    sixes = grid("6 2 6 / 3 6 4 / 6 5 6")  # no adjacent 6s
    g.add_playoff([0, 1], [sixes, grid("6 2 6 / 3 A 4 / 6 5 6")])
    assert len(g.playoff) == 1


def test_edit_a_past_hole_recomputes():
    g = Game("play-nine", ["Ann", "Bob"], {"holes": 2})
    g.add_hole([P28, P36])
    g.add_hole([P36, P28])
    assert g.tied() == [0, 1]
    g.add_playoff([0, 1], [P28, P36])
    assert g.winner() == 0
    dropped = set_hole(g, 0, [P44, P36])  # Bob now wins outright
    assert dropped == 1 and g.playoff == [] and g.totals() == [80, 64] and g.winner() == 1
    assert set_hole(g, 1, [P36, P36]) == 0 and g.totals() == [80, 72]
    with raises(ScoreError, "hole 1", "player 2 (Bob)"):
        set_hole(g, 0, [P44, grid("1 2 3 / 4 5 6")])
    assert g.totals() == [80, 72]  # a bad edit changes nothing
    with raises(ScoreError, "no hole 3"):
        set_hole(g, 2, [P44, P36])


def test_edit_keeps_a_playoff_that_still_fits():
    g = tied_game()
    g.add_playoff([0, 2], [P36, P28])
    assert set_hole(g, 0, [P36, P44, P36]) == 0 and g.winner() == 2


def test_undoes_says_what_an_edit_would_undo_and_changes_nothing():
    # (issue 57, 2) the edit asks before undoing a playoff hole: this is what it asks from
    g = tied_game()
    g.add_playoff([0, 2], [P36, P28])
    doc = to_doc(g)
    assert undoes(g, 0, [P28, P44, P36]) == 1  # Ann alone lowest: no tie, the playoff hole not needed
    assert undoes(g, 0, [P36, P44, P36]) == 0  # the same tie: it still fits
    assert to_doc(g) == doc and g.winner() == 2 and len(g.playoff) == 1
    assert set_hole(g, 0, [P28, P44, P36]) == 1 and g.playoff == [] and g.winner() == 0
    for index, said in ((5, "there is no hole 6 to edit"), (-3, "there is no playoff hole 3 to edit")):
        with raises(ScoreError, said):  # (a probe: an IndexError, where set_hole names it)
            undoes(g, index, [P28, P44, P36])


def test_an_undone_playoff_comes_back_with_the_same_tie_and_is_saved():
    # (issue 57, 2) putting the card back brought the tie back but not the playoff hole
    g = tied_game()  # Ann and Cy tied on 28
    g.add_playoff([0, 2], [P36, P28])  # Cy wins it
    assert set_hole(g, 0, [P36, P36, P28]) == 1 and g.playoff == [] and g.winner() == 2  # no tie
    assert [[h.scores for h in r] for r in g.undone] == [[[36, 28]]]
    doc = to_doc(g)
    assert doc["undone_runs"] == [1] and doc["undone"][0]["players"] == [0, 2]
    assert result(from_doc(doc)) == result(g)  # not scored: score.py's answer is the game's
    g = from_doc(doc)  # the device's save read back: the run kept
    assert set_hole(g, 0, [P28, P36, P28]) == 0 and g.back == 1  # the same tie again: the hole back
    assert [h.scores for h in g.playoff] == [[36, 28]] and g.undone == [] and g.winner() == 2
    assert "undone" not in to_doc(g) and "undone_runs" not in to_doc(g)


def test_damaged_undone_runs_in_a_save_cost_nothing_of_the_game():
    g = tied_game()
    g.add_playoff([0, 2], [P36, P28])
    set_hole(g, 0, [P36, P36, P28])
    doc = to_doc(g)
    for key, bad in (("undone_runs", [2]), ("undone_runs", ["1"]), ("undone_runs", [0, 1]),
                     ("undone", "x"), ("undone", [{"players": [0, 9], "grids": [P36, P28]}]),
                     ("undone", [{"players": [0, 2], "grids": [P36]}]), ("undone", [{"grids": [P36, P28]}])):
        d = dict(doc, **{key: bad})
        g2 = from_doc(d)
        assert g2.undone == [] and result(g2) == result(g), (key, bad)


def test_another_tie_keeps_each_undone_run_for_its_own():
    g = tied_game()
    g.add_playoff([0, 2], [P36, P28])  # Ann and Cy's playoff
    set_hole(g, 0, [P36, P28, P36])  # Bob alone lowest: undone
    set_hole(g, 0, [P28, P28, P36])  # now Ann and Bob tie: not that run's tie
    assert g.back == 0 and g.playoff_players() == [0, 1]
    g.add_playoff([0, 1], [P28, P36])  # Ann wins theirs
    assert set_hole(g, 0, [P28, P36, P28]) == 1 and g.back == 1  # Ann and Cy again: theirs back
    assert [h.players for h in g.playoff] == [[0, 2]] and g.winner() == 2
    assert [[h.players for h in r] for r in g.undone] == [[[0, 1]]]
    assert set_hole(g, 0, [P28, P28, P36]) == 1 and g.back == 1 and g.winner() == 0  # and back again


def test_an_edit_put_back_brings_back_the_playoff_it_undid_not_an_older_one():
    # (a probe) the oldest run of the same tie came back: a playoff hole played after a tie
    # that an edit had since broken, and the game went to the other player
    g = Game("play-nine", ["Ann", "Bob"], {"holes": 2})
    g.add_hole([P28, P36])
    g.add_hole([P36, P28])  # tied on 64
    g.add_playoff([0, 1], [P28, P28])  # tied again
    g.add_playoff([0, 1], [P28, P36])  # Ann wins
    assert set_hole(g, -1, [P36, P28]) == 1 and g.winner() == 1  # the first fixed: Bob wins, the next undone
    assert set_hole(g, 0, [P36, P36]) == 1 and g.winner() == 1 and g.playoff == []  # Bob outright
    assert set_hole(g, 0, [P28, P36]) == 0 and g.back == 1  # the card put back: the tie, and its hole
    assert [h.scores for h in g.playoff] == [[36, 28]] and g.winner() == 1
    assert [[h.scores for h in r] for r in g.undone] == [[[28, 36]]]
    assert set_hole(g, -1, [P28, P28]) == 0 and g.back == 1 and g.winner() == 0  # and the first fix undone
    assert [h.scores for h in g.playoff] == [[28, 28], [28, 36]] and g.undone == []


def test_a_playoff_hole_is_edited_like_any_other():
    g = Game("play-nine", ["Ann", "Bob", "Cy"], {"holes": 1})
    g.add_hole([P28, P28, P28])  # all three tied
    g.add_playoff([0, 1, 2], [P28, P28, P36])  # Ann and Bob still tied
    g.add_playoff([0, 1], [P36, P28])  # Bob wins
    assert g.winner() == 1
    # playoff hole k is -1 - k (the first -1): asked first, nothing changed
    assert undoes(g, -1, [P28, P36, P28]) == 1 and len(g.playoff) == 2 and g.winner() == 1
    assert set_hole(g, -1, [P28, P36, P28]) == 1  # Ann and Cy tied after it now: Bob's hole undone
    assert [h.scores for h in g.playoff] == [[28, 36, 28]] and g.playoff_players() == [0, 2]
    assert set_hole(g, -1, [P28, P28, P36]) == 0 and g.back == 1 and g.winner() == 1  # as it was
    assert set_hole(g, -2, [P28, P36]) == 0 and g.winner() == 0  # the second playoff hole: Ann wins
    try:
        set_hole(g, -3, [P28, P28])
        raise AssertionError("a playoff hole that is not there was edited")
    except ScoreError as e:
        assert "no playoff hole 3" in str(e)


def test_standings_share_places():
    g = Game("play-nine", ["Ann", "Bob", "Cy", "Di"], {"holes": 1})
    g.add_hole([P36, P28, P36, P44])
    assert g.standings() == [(1, 1, 28), (2, 0, 36), (2, 2, 36), (4, 3, 44)]


def test_document_round_trip():
    g = Game("suitup-original", ["Ann", "Bob", "Cy"], {"holes": 3, "action_value": 15}, dealer=1)
    g.add_hole([[], ["K", "7"], ["X"]], out=0, blitz=True)
    g.add_hole([["2"], [], ["Q"]], out=1, ender=2)
    doc = to_doc(g)
    g2 = from_doc(doc)
    assert result(g2) == result(g) and to_doc(g2) == doc
    assert g2.first_dealer == 1 and g2.holes[0].blitz and g2.holes[1].out == 1
    assert doc["holes"][0]["hands"] == [[], ["K", "7"], ["X"]]


def test_document_round_trip_grid_game_with_playoff():
    g = tied_game()
    g.add_playoff([2, 0], [P28, P36], ender=2)
    g2 = from_doc(to_doc(g))
    assert result(g2) == result(g) and g2.winner() == 2
    assert g2.playoff[0].players == [2, 0]


def test_a_playoff_of_every_player_lists_them_in_the_document():
    # docs/RULES.md: a playoff hole lists its players; when all of them tied, too
    g = Game("play-nine", ["Ann", "Bob"], {"holes": 1})
    g.add_hole([P28, P28])
    assert g.tied() == [0, 1]
    g.add_playoff([0, 1], [P28, P28])  # still tied
    g.add_playoff([1, 0], [P28, P36])
    doc = to_doc(g)
    assert [h["players"] for h in doc["playoff"]] == [[0, 1], [1, 0]] and "players" not in doc["holes"][0]
    g2 = from_doc(doc)
    assert result(g2) == result(g) and g2.winner() == 1


def test_a_total_stands_for_a_grid():
    # docs/RULES.md: a player's entry may be an integer, the total entered at the table
    g = Game("play-nine", ["Ann", "Bob"], {"holes": 3})
    h = g.add_hole([P28, 17], ender=1)
    assert h.scores == [28, 17] and g.cards(g.holes[0])[1] == 17 and g.holes[0].raw[0] == 28
    h = g.add_hole([-99, 199])
    assert h.scores == [-99, 199] and g.totals() == [-71, 216]
    doc = to_doc(g)
    assert doc["holes"][0]["grids"][1] == 17 and doc["holes"][1]["grids"] == [-99, 199]
    assert result(from_doc(doc)) == result(g)


def test_a_total_is_bounded_and_an_integer():
    g = Game("play-nine", ["Ann", "Bob"])
    for bad in (-100, 200, 10**30):
        with raises(ScoreError, "hole 1, player 2 (Bob)", "a total must be from -99 to 199, not %d" % bad):
            g.add_hole([P28, bad])
    for bad in (True, False):  # a boolean is not an integer
        with raises(ScoreError, "player 1 (Ann)", "list of rows"):
            g.add_hole([bad, P28])
    assert g.holes == []


def test_the_ender_rule_applies_to_a_total():
    g = Game("crazy-nines", ["Ann", "Bob", "Cy"])  # penalty-per-lower, 20 a player lower
    h = g.add_hole([30, 10, 40], ender=0)
    assert h.raw == [30, 10, 40] and h.scores == [50, 10, 40]
    g = Game("play-nine", ["Ann", "Bob"], {"ender_rule": "double"})
    assert g.add_hole([30, 10], ender=0).scores == [60, 10]
    assert g.add_hole([P28, 10], ender=0).scores == [56, 10]


def test_a_total_adds_nothing_to_the_deck_check():
    # Play Nine's deck holds 8 of each card for 2-4 players: 12 "0"s is too many
    zeros = grid("0 0 0 0 / 0 0 0 0")
    g = Game("play-nine", ["Ann", "Bob", "Cy"])
    with raises(ScoreError, "cards '0' entered"):
        g.add_hole([zeros, grid("0 0 0 0 / 1 1 1 1"), P28])
    g.add_hole([zeros, 0, 0])
    assert g.totals() == [g.rules.score(g.cards(g.holes[0])[0], g.opts).total(), 0, 0]


def test_a_holes_cards_come_back_from_their_packed_form():
    # Hole.packed (engine/game.py): one bytearray a hole, a count and the cards' places a player, or
    # a mark and the total; every card of every game, "." after the tokens, the totals' bounds
    g = Game("crazy-nines", ["A", "B", "C", "D"])
    dots = grid(". . . / JK QS 10 / A K 5")
    last = grid("QS Q J / 10 9 8 / 7 JK A")
    g.add_hole([dots, -99, 199, last])
    flat = [[t for row in dots for t in row], -99, 199, [t for row in last for t in row]]
    assert g.cards(g.holes[0]) == flat
    assert len(g.holes[0].packed) == 10 + 3 + 3 + 10  # a byte a card and one a player; a total's three
    assert to_doc(g)["holes"][0]["grids"] == [dots, -99, 199, last]
    h = Game("suitup-original", ["A", "B", "C"])
    every = list(h.rules.tokens)  # 17 ranks and actions, each once
    full = (every + every)[:h.rules.MAX_HAND]
    h.add_hole([[], full, 7], out=0)
    assert h.cards(h.holes[0]) == [[], full, 7]
    assert from_doc(to_doc(h)).cards(h.holes[0]) == [[], full, 7]
    assert [h.holes[0].scores, from_doc(to_doc(h)).holes[0].scores] == [h.holes[0].raw] * 2
