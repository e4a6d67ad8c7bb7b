# tools/score.py in-process (run() under both runtimes): the JSON contract,
# the --explain text and every kind of bad input.
import json

from score import run


def score(doc, *args):
    text = json.dumps(doc)
    status, out, err = run(list(args), text)
    assert status == 0, err
    assert err == ""
    return out if "--explain" in args else json.loads(out)


def fails(doc_or_text, *fragments):
    text = doc_or_text if type(doc_or_text) is str else json.dumps(doc_or_text)
    status, out, err = run([], text)
    assert status == 2 and out == "", (status, out, err)
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for f in fragments:
        assert f in err, (f, err)
    return err


P28 = [[0, 1, 2, 3], [4, 5, 6, 7]]
P36 = [[1, 2, 3, 4], [5, 6, 7, 8]]


def game(**kw):
    doc = {"game": "play-nine", "players": ["Ann", "Bob", "Cy"], "options": {"holes": 2}}
    doc.update(kw)
    return doc


def test_contract_grid_game():
    out = score(game(holes=[{"ender": 1, "grids": [P28, P36, P28]},
                            {"ender": None, "grids": [P36, P36, P28]}]))
    assert out == {"hole_scores": [[28, 36, 28], [36, 36, 28]], "totals": [64, 72, 56],
                   "playoff_scores": [], "winner": 2, "tied": []}


def test_contract_in_progress_and_tied():
    out = score(game(holes=[{"grids": [P28, P36, P28]}]))
    assert out["winner"] is None and out["tied"] == []
    out = score(game(holes=[{"grids": [P28, P36, P28]}, {"grids": [P28, P28, P28]}]))
    assert out["winner"] is None and out["tied"] == [0, 2]


def test_contract_playoff():
    doc = game(holes=[{"grids": [P28, P36, P28]}, {"grids": [P28, P28, P28]}],
               playoff=[{"players": [2, 0], "ender": 0, "grids": [P28, P28]},
                        {"players": [0, 2], "ender": None, "grids": [P36, P28]}])
    out = score(doc)
    assert out["playoff_scores"] == [[28, 28], [36, 28]]
    assert out["totals"] == [56, 64, 56] and out["winner"] == 2 and out["tied"] == []


def test_contract_shared_tie():
    doc = game(holes=[{"grids": [P28, P36, P28]}, {"grids": [P28, P28, P28]}])
    doc["options"]["ties"] = "share"
    assert score(doc)["tied"] == [0, 2]


def test_contract_crazy_nines_example_shape():
    doc = {"game": "crazy-nines", "players": ["Ann", "Bob", "Cy"], "options": {"holes": 9},
           "holes": [{"ender": 1, "grids": [
               [["5", "5", "K"], ["QS", "7", "7"], ["2", "2", "2"]],
               [["A", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]],
               [["jk", "jk", 3], [4, 5, 6], [7, 8, 9]]]}]}
    out = score(doc)
    # Bob ended with 44; Ann (36) and Cy (42) are lower: +40
    assert out["hole_scores"] == [[36, 84, 42]]


def test_contract_suitup_original():
    doc = {"game": "suitup-original", "players": ["Ann", "Bob", "Cy"],
           "holes": [{"out": 0, "blitz": False, "hands": [[], ["K", "7"], ["X"]]}]}
    assert score(doc)["hole_scores"] == [[0, 17, 20]]


def test_contract_multiple_9():
    out = score({"game": "multiple-9", "discard": {"cards": ["6", "3", "9"], "final": False}})
    assert out["legal"] is True
    assert sorted(sorted(g) for g in out["groups"]) == [["3", "6"], ["9"]]
    out = score({"game": "multiple-9", "discard": {"cards": ["9"]}})
    assert out == {"legal": False, "groups": []}
    out = score({"game": "multiple-9", "showdown": {"board": ["J", "7", "9", "2", "10"],
                                                    "hands": [["Q", "5"], ["K", "K"]]}})
    assert out == {"nines": [3, 7], "unused": [["Q", "10", "5", "2"], ["2"]], "places": [2, 1]}


def test_output_is_fixed_json_text():
    text = json.dumps({"game": "multiple-9", "discard": {"cards": [9, 9]}})
    status, out, err = run([], text)
    assert out == '{"legal": true, "groups": [["9", "9"]]}\n'


def test_explain_text():
    doc = {"game": "play-nine", "players": ["Ann", "Bob"], "options": {"holes": 1},
           "holes": [{"ender": 0, "grids": [[[5, 5, 0, 12], [5, 5, 3, 4]], P28]}]}
    text = score(doc, "--explain")
    assert "== hole 1" in text and "-- Ann (ended)" in text
    assert "column 1: pair of 5 cancels" in text and "bonus: 2 columns of 5: -10" in text
    assert "score: 9" in text and "score: 28" in text and "winner: Ann" in text
    text = score({"game": "multiple-9", "discard": {"cards": ["9"]}}, "--explain")
    assert text.startswith("not legal: ") and "at least 18" in text


def test_explain_shows_the_ender_rule():
    doc = {"game": "crazy-nines", "players": ["Ann", "Bob"],
           "holes": [{"ender": 0, "grids": [[["10", "J", 3], [4, 5, 6], [7, 8, 9]],
                                            [["A", 2, 3], [4, 5, 6], [7, 8, 9]]]}]}
    text = score(doc, "--explain")
    assert "ender rule penalty-per-lower: +20 -> 82" in text


def test_arguments():
    assert run(["--help"], "")[0] == 0
    status, out, err = run(["--nope"], "{}")
    assert status == 2 and "unknown argument" in err


def test_a_file_named_is_read_instead_of_standard_input():
    from support import fresh_dir

    folder = fresh_dir("score-file")
    doc = {"game": "crazy-nines", "players": ["Ann", "Bob"],
           "holes": [{"ender": 0, "grids": [[["10", "J", 3], [4, 5, 6], [7, 8, 9]],
                                            [["A", 2, 3], [4, 5, 6], [7, 8, 9]]]}]}
    with open("game.json", "w") as f:
        json.dump(doc, f)
    status, out, err = run(["game.json"], "not JSON: the input is not read")
    assert status == 0 and err == "" and json.loads(out) == score(doc)
    assert run(["--explain", "game.json"], "") == (0, score(doc, "--explain"), "")
    assert run(["gone.json"], "{}") == (2, "", "error: cannot read gone.json (no such file)\n")
    assert run([folder], "{}") == (2, "", "error: cannot read %s (a folder, not a file)\n" % folder)
    status, out, err = run(["game.json", "other.json"], "{}")
    assert status == 2 and out == "" and "one file at most, not game.json and other.json" in err


def test_malformed_json():
    fails("", "malformed JSON", "empty")
    fails("{\"game\": ", "malformed JSON")
    fails("[1, 2", "malformed JSON")


def test_top_level_errors():
    fails([], "must be a JSON object")
    fails({"players": ["A", "B"]}, "no game given (games: play-nine")
    fails({"game": None, "players": ["A", "B"]}, "no game given")
    fails({}, "no game given")
    fails({"game": "play-nine", "players": ["A", "B"], "holes": [{"grids": [5.0, 3]}]},
          "the grid must be a list of rows, or a whole number (the player's total), not 5.0")
    fails({"game": "golf", "players": ["A", "B"]}, "unknown game 'golf'")
    fails({"game": "play-nine"}, "no players")
    fails({"game": "play-nine", "players": "Ann"}, "players must be a list")
    fails({"game": "play-nine", "players": ["A", "B"], "holes": {}}, "holes must be a list")
    fails({"game": "play-nine", "players": ["A", "B"], "playoff": 3}, "playoff must be a list")
    fails({"game": "play-nine", "players": ["A", "B"], "options": {"holes": 0}}, "holes must be from 1 to 18")


def test_hole_errors_name_hole_player_row_column():
    fails(game(holes=[{"grids": [P28, P36, [[1, 2, 3, 4], [5, 6, "Z", 8]]]}]),
          "hole 1, player 3 (Cy), row 2, column 3: 'Z' is not a play-nine card")
    fails(game(holes=[{"grids": [P28, P36, P28]}, {"grids": [P28, [[1, 2, 3, 4]], P28]}]),
          "hole 2, player 2 (Bob)", "the grid has 1 row;")
    fails(game(holes=[{"grids": [P28, [[1, 2, 3, 4], [5]], P28]}]), "row 2", "the row has 1 card;")
    fails({"game": "suitup-original", "players": ["Ann", "Bob"],
           "holes": [{"out": 0, "hands": [["5"], []]}]}, "player 1 (Ann)", "(it has 1 card)")
    fails(game(holes=[{"grids": [P28, P36]}]), "hole 1", "2 grids for 3 players")
    fails(game(holes=[{"ender": 5, "grids": [P28, P36, P28]}]), "hole 1", "ender 5")
    fails(game(holes=[{"ender": 0}]), "hole 1", "no grids")
    fails(game(holes=["x"]), "hole 1", "must be an object")
    fails(game(holes=[{"grids": [P28, P36, P28]}] * 3), "3 holes entered but the game has 2")
    fails(game(holes=[{"grids": [[[5] * 4] * 2, [[5, 1, 2, 3], [4, 6, 7, 8]], P28]}]),
          "hole 1", "10 cards '5'", "holds 8")


def test_playoff_errors():
    base = [{"grids": [P28, P36, P28]}, {"grids": [P28, P28, P28]}]
    fails(game(holes=base, playoff=[{"players": [0, 1], "grids": [P28, P36]}]),
          "playoff hole 1", "tied players [0, 2]")
    fails(game(holes=base, playoff=[{"players": [0, 9], "grids": [P28, P36]}]),
          "playoff hole 1", "9 is not a player index")
    fails(game(holes=base, playoff=[{"grids": [P28, P36]}]), "playoff hole 1", "list its players")
    fails(game(holes=base, playoff=[{"players": [0, 2], "grids": [P28, P36]},
                                    {"players": [0, 2], "grids": [P28, P36]}]),
          "playoff hole 2", "not needed")
    fails(game(holes=base[:1], playoff=[{"players": [0, 2], "grids": [P28, P36]}]),
          "playoff hole 1", "not needed")
    fails(game(holes=base, playoff=[{"players": [0, 2], "grids": [P28, [[1]]]}]),
          "playoff hole 1, player 3 (Cy)")


def test_suitup_original_errors():
    doc = {"game": "suitup-original", "players": ["Ann", "Bob"],
           "holes": [{"out": 1, "hands": [["K"], ["Q"]]}]}
    fails(doc, "hole 1, player 2 (Bob)", "went out")
    doc["holes"] = [{"hands": [["K", "W"], []]}]
    fails(doc, "hole 1, player 1 (Ann), card 2", "'W'")
    doc["holes"] = [{"blitz": "yes", "hands": [[], []]}]
    fails(doc, "hole 1", "blitz must be true or false")
    doc["holes"] = [{"out": 3, "hands": [[], []]}]
    fails(doc, "hole 1", "out 3 is not a player")


def test_multiple_9_errors():
    fails({"game": "multiple-9"}, "either discard or showdown")
    fails({"game": "multiple-9", "discard": {"cards": ["9"]}, "showdown": {}}, "either")
    fails({"game": "multiple-9", "options": {"x": 1}, "discard": {"cards": ["9"]}}, "no options")
    fails({"game": "multiple-9", "discard": ["9"]}, "discard must be an object")
    fails({"game": "multiple-9", "discard": {"cards": ["9", "Q", "14"]}}, "discard, card 3", "'14'")
    fails({"game": "multiple-9", "discard": {}}, "discard", "list of cards")
    fails({"game": "multiple-9", "showdown": {"board": ["J", "7", "9", "2"], "hands": []}},
          "board", "exactly 5")
    fails({"game": "multiple-9", "showdown": {"board": ["J", "7", "9", "2", "10"],
                                              "hands": [["Q", "5"], ["K", "K", "K"]]}},
          "hand 2", "exactly 2")


def test_malformed_json_says_where():
    fails('{"game": "multiple-9", "discard": {"cards": ["9", "9",]}}',
          "malformed JSON at line 1, column 55", "trailing comma")
    fails('{"game": "play-nine",\n "players": ["A" "B"]}', "malformed JSON at line 2, column 18")


def test_grid_games_ignore_out_and_blitz():
    doc = game(holes=[{"out": 0, "blitz": 1, "extra": [1], "grids": [P28, P36, P28]}])
    assert score(doc)["hole_scores"] == [[28, 36, 28]]


def test_null_means_left_out():
    doc = {"game": "suitup-original", "players": ["A", "B"], "options": None, "playoff": None,
           "dealer": None, "holes": [{"out": None, "blitz": None, "ender": None, "hands": [[], ["K"]]}]}
    assert score(doc)["totals"] == [0, 10]
    assert score({"game": "play-nine", "players": ["A", "B"], "holes": None})["totals"] == [0, 0]


def test_error_stays_on_one_line_whatever_the_names():
    bad = [["x\ny", 1, 2, 3], [4, 5, 6, 7]]
    err = fails(game(players=["A\nB", "C\tD", "E"], holes=[{"grids": [bad, P36, P28]}]))
    assert "player 1 (A\\nB)" in err and "'x\\ny'" in err
    fails({"game": "play-nine\nx", "players": ["A", "B"]}, "unknown game 'play-nine\\nx'")
    fails({"game": "play-nine", "players": ["A", "B"], "options": {"a\nb": 1}}, "unknown option 'a\\nb'")


def test_numbers_with_fractions_are_shown_as_written():
    fails({"game": "play-nine", "players": ["A", "B"], "options": {"holes": 1.5}}, "not 1.5")
    fails('{"game": "play-nine", "players": ["A", "B"], "options": {"holes": 5e-324}}', "not 5e-324")


def test_discard_groups_follow_the_cards_given():
    out = score({"game": "multiple-9", "discard": {"cards": ["6", "3", "9"], "final": False}})
    assert out == {"legal": True, "groups": [["6", "3"], ["9"]]}
    out = score({"game": "multiple-9", "discard": {"cards": ["a", 8, 4, "4", "a"]}})
    assert out["legal"] is True and [c for g in out["groups"] for c in g] != []
    assert out["groups"][0][0] == "A"


def test_a_long_playoff_is_decided_a_hole_at_a_time():
    # (issue 27, 11: each playoff hole read decided the playoff from its first hole again: 4,000
    # holes took 14 s.) The ties are counted: linear in the holes, whatever the bound
    from engine import doc as game_doc, game, playoff

    calls = [0]
    lowest, bound = game._lowest, playoff.MAX_PLAYOFF

    def counted(*a):
        calls[0] += 1
        return lowest(*a)

    game._lowest, playoff.MAX_PLAYOFF = counted, 4000
    try:
        for n in (1000, 4000):
            calls[0] = 0
            d = {"game": "play-nine", "players": ["A", "B"], "options": {"holes": 1},
                 "holes": [{"grids": [10, 10]}], "playoff": [{"players": [0, 1], "grids": [5, 5]}] * n}
            g = game_doc.from_doc(d)
            assert g.tied() == [0, 1] and len(g.playoff) == n
            assert calls[0] <= n + 10, (n, calls[0])
    finally:
        game._lowest, playoff.MAX_PLAYOFF = lowest, bound


def test_the_one_empty_array_the_reader_shares_is_never_changed_by_a_score():
    # (tools/common/strictjson.py: every [] read is one list, EMPTY, so 64 KB of empty and nested
    # arrays fit MicroPython's default heap) score.py and the engine only read their input: a game
    # with empty holes, playoff and hands, an edit's undone runs, a multiple-9 discard, each scored
    # (and explained) leaves it empty
    from common import strictjson

    docs = [{"game": "play-nine", "players": ["A", "B"], "holes": [], "playoff": []},
            {"game": "suitup-original", "players": ["A", "B", "C"], "options": {"holes": 1},
             "holes": [{"hands": [[], ["5"], []], "out": 0, "ender": 0}], "playoff": [],
             "undone_runs": [], "undone": []},
            {"game": "multiple-9", "discard": {"cards": [], "final": False}},
            {"game": "multiple-9", "showdown": {"board": ["J", "7", "9", "2", "10"], "hands": [[], []]}}]
    for doc in docs:
        for args in ([], ["--explain"]):
            run(args, json.dumps(doc))
            assert strictjson.EMPTY == [], (doc, strictjson.EMPTY)
    assert strictjson.loads(b"[[], {}, []]")[0] is strictjson.loads(b"[]") is strictjson.EMPTY
