# The hole being entered, without a screen (engine/hole.py): its players and
# label, each grid's cursor (a card stepped and taken, put and moved on,
# moved, back), the deck checked as a card goes in, and a phone's entry taken
# when its player's turn comes. ui/entry.py's GridEntry maps keys onto this.
from engine.errors import ScoreError
from engine.game import Game
from engine.hole import TOTAL, Draft, flat
from support import grid, raises


def test_a_new_hole_its_players_and_cards():
    g = Game("play-nine", ["ANN", "BOB", "CY"])
    d = Draft(g, None)
    assert d.label == "Hole 1" and d.players == [0, 1, 2] and d.entries == [None, None, None]
    assert d.name(2) == "CY" and not d.out_known and not d.ender_known and d.phone == []
    assert d.order == (0, 4, 1, 5, 2, 6, 3, 7)  # play nine: column by column, a pair is one press
    assert d.cycle[0] == "HIO" and d.cycle[-1] == TOTAL and "." not in d.cycle
    c = Draft(Game("crazy-nines", ["A", "B"]), None)
    assert c.order == tuple(range(9)) and c.cycle[-2:] == (".", TOTAL)  # row by row; dots allowed


def test_an_edit_holds_the_hole_as_entered():
    g = Game("play-nine", ["ANN", "BOB"])
    g.add_hole([grid("1 2 3 4 / 5 6 7 8"), 12], ender=1)
    d = Draft(g, 0)
    assert d.label == "Hole 1" and d.entries == [grid("1 2 3 4 / 5 6 7 8"), 12]
    assert d.ender == 1 and d.out_known and d.ender_known
    assert d.open(0, True) == ["1", "2", "3", "4", "5", "6", "7", "8"] and d.cell() == 0


def test_buttons_step_a_card_and_ok_takes_it_with_a_guess_for_the_next():
    d = Draft(Game("play-nine", ["ANN", "BOB"]), None)
    cells = d.open(0, True)
    assert d.k == 0 and cells[0] == "0" and cells.count(None) == 7  # the card holes most often end with
    d.step(1)
    assert cells[0] == "1"
    d.step(-1)
    d.step(-1)
    assert cells[0] == "HIO"
    d.step(-1)
    assert cells[0] == TOTAL  # the cycle wraps: the total alone is last
    d.step(1)
    d.step(1)
    d.step(1)
    d.step(1)
    d.step(1)
    assert cells[0] == "3"
    assert d.ok() is False and d.cell() == 4 and cells[4] == "3"  # below: the card above it
    assert d.ok() is False and d.cell() == 1 and cells[1] == "0"  # a new column: not its left
    for _ in range(5):
        assert d.ok() is False
    assert d.cell() == 7 and d.entries[0] is None
    assert d.ok() is True  # the last cell: the grid is the player's entry, as rows
    assert d.entries[0] == [["3", "0", "0", "0"], ["3", "0", "0", "0"]]


def test_row_by_row_the_guess_is_the_card_to_the_left():
    d = Draft(Game("crazy-nines", ["ANN", "BOB"]), None)
    cells = d.open(0, True)
    assert cells[0] == "K"
    d.step(2)
    assert cells[0] == "3"
    d.ok()
    assert cells[1] == "3"  # its left
    d.ok()
    d.ok()
    assert d.cell() == 3 and cells[3] == "3"  # a new row: the card above


def test_put_goes_on_to_the_next_empty_cell_and_completes():
    d = Draft(Game("play-nine", ["ANN", "BOB"]), None)
    cells = d.open(0, False)
    assert cells == [None] * 8  # typed or tapped: no guess
    assert d.put("5") is False and d.cell() == 4
    d.move(-1, 1)  # a row up and a column along: cell 1
    assert d.cell() == 1 and d.put("HIO") is False and d.cell() == 5
    d.move(-1, 0)  # a row up, wrapping: cell 1 again
    assert d.cell() == 1
    d.move(1, -2)  # a row down, two columns left, wrapping: cell 7
    assert d.cell() == 7
    assert d.put("9") is False and d.cell() == 4  # wraps round to the first empty cell
    for tok in "1234":
        assert d.put(tok) is False
    assert d.cell() == 3 and cells == ["5", "HIO", "3", None, "1", "2", "4", "9"]
    assert d.put("0") is True and d.entries[0] == grid("5 HIO 3 0 / 1 2 4 9")
    assert d.k == 0 and d.cells[0] is cells


def test_put_completes_the_grid_at_its_last_empty_cell():
    d = Draft(Game("play-nine", ["ANN", "BOB"]), None)
    d.open(0, False)
    done = [d.put(t) for t in ("1", "5", "2", "6", "3", "7", "4", "8")]
    assert done == [False] * 7 + [True]
    assert d.entries[0] == grid("1 2 3 4 / 5 6 7 8") and d.cell() == 7


def test_back_a_cell_until_the_first():
    d = Draft(Game("play-nine", ["ANN", "BOB"]), None)
    d.open(0, True)
    d.ok()
    d.ok()
    assert d.back() is True and d.cell() == 4
    assert d.back() is True and d.cell() == 0
    assert d.back() is False and d.cell() == 0  # the first cell: the screen decides (a player back, or leave)


def test_too_many_of_a_card_is_refused_as_it_goes_in():
    g = Game("play-nine", ["ANN", "BOB"])  # four HIO in the deck
    d = Draft(g, None)
    d.open(0, False)
    for _ in range(3):
        d.put("HIO")
    d.put("1")
    for t in ("2", "3", "4", "5"):
        d.put(t)
    assert d.entries[0] is not None and d.k == 0
    cells = d.open(1, False)
    assert d.k == 1 and d.put("HIO") is False
    with raises(ScoreError, "5 cards 'HIO'", "holds 4"):
        d.put("HIO")  # the fifth: the cell keeps it, the cursor stays on it
    assert cells[d.cell()] == "HIO" and d.cell() == 4
    d.put("0")  # changed: on
    assert d.cell() == 1


def test_the_deck_so_far():
    d = Draft(Game("play-nine", ["ANN", "BOB"]), None)
    d.entries = [grid("HIO HIO HIO 1 / 1 1 1 1"), grid("HIO HIO 2 2 / 2 2 2 2")]
    d.check(0)  # ANN's alone: fine
    with raises(ScoreError, "'HIO'"):
        d.check(1)
    d.entries[0] = 12  # a total alone counts no cards
    d.check(1)


def test_a_phones_entry_is_taken_when_its_player_comes():
    g = Game("play-nine", ["ANN", "BOB", "CY"])
    d = Draft(g, None)
    sent = {1: grid("1 2 3 4 / 5 6 7 8"), 2: 17}
    assert d.take(0, sent) is False and d.entries[0] is None  # ANN's phone sent nothing
    assert d.take(1, None) is False  # nothing from the phones for this hole
    assert d.take(1, sent) is True and d.entries[1] == grid("1 2 3 4 / 5 6 7 8") and d.phone == [1]
    assert d.entries[1] is not sent[1] and d.entries[1][0] is not sent[1][0]  # a copy: changed here
    cells = d.open(1, True)
    assert cells == ["1", "2", "3", "4", "5", "6", "7", "8"] and d.cell() == 7  # on its last cell
    assert d.phone_grid() and d.keep() and d.entries[1] == grid("1 2 3 4 / 5 6 7 8")
    assert d.take(2, sent) is True and d.entries[2] == 17  # a total: the screen asks it, from 17
    d.entries[0] = 5
    assert d.take(0, {0: 9}) is False and d.entries[0] == 5  # entered here first: kept
    e = Draft(g, None)
    e.open(0, False)
    e.put("3")
    assert not e.phone_grid()


def test_an_edit_never_takes_a_phones_entry():
    g = Game("play-nine", ["ANN", "BOB"])
    g.add_hole([grid("1 2 3 4 / 5 6 7 8"), 12])
    d = Draft(g, 0)
    d.entries[1] = None
    assert d.take(1, {1: 20}) is False and d.entries[1] is None


def test_a_playoff_hole():
    g = Game("play-nine", ["ANN", "BOB", "CY"], {"holes": 1})
    g.add_hole([12, 12, 30])
    d = Draft(g, "playoff")
    assert d.label == "Playoff 1" and d.players == [0, 1] and d.entries == [None, None]
    assert d.take(1, {0: 3, 1: 4}) is True and d.entries[1] == 4  # seat 1 is player 1 here


def test_a_hand_game_has_no_grid():
    d = Draft(Game("suitup-original", ["ANN", "BOB"]), None)
    assert not hasattr(d, "order")
    assert d.take(0, {0: ["3", "4"]}) is True and d.entries[0] == ["3", "4"]
    assert flat(d.entries[0], d.rules) == ["3", "4"]
