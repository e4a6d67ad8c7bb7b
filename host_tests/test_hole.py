# engine/hole.py: a hole entered without a screen, key by key as a screen
# would (put, advance, move), held to docs/RULES.md: its grids, its
# decks and its scores.
from engine.errors import ScoreError
from engine.game import Game
from engine.hole import TOTAL, Hole
from support import raises


ONE_TO_8 = [["1", "2", "3", "4"], ["5", "6", "7", "8"]]  # 36 (docs/RULES.md: no column cancels)
ZEROS = [["0"] * 4, ["0"] * 4]  # 0
HIGH = [["9"] * 4, ["10"] * 4]  # 76


def play_nine(players=("ANN", "BOB")):
    return Game("play-nine", list(players))


def put_all(hole, flat):
    """Every card of a grid put as a keyboard or a pad does, in the order the
    cursor asks for them; the last one's answer."""
    more = True
    while more:
        more = hole.put(flat[hole.cell()])
    return more


def test_a_grid_put_card_by_card_is_the_players_entry_and_scores_as_rules_md_says():
    g = play_nine()
    h = Hole(g, None)
    assert h.label == "Hole 1" and h.players == [0, 1]
    # docs/RULES.md, play-nine: [["7","7","2","11"],["7","7","2","HIO"]] scores -4
    for player, rows in enumerate([[["7", "7", "2", "11"], ["7", "7", "2", "HIO"]],
                                   [["0", "1", "2", "3"], ["4", "5", "6", "7"]]]):
        h.open(player, False)
        assert h.cells == [None] * 8 and h.at == player
        assert put_all(h, rows[0] + rows[1]) is False  # none left: complete
        assert h.entries[player] == rows
    hole = g.add_hole(h.entries, None, None, False)
    assert hole.raw == [-4, 28]  # docs/RULES.md's table


def test_play_nine_is_entered_column_by_column_and_the_cursor_goes_to_the_next_empty_cell():
    h = Hole(play_nine(), None)
    h.open(0, False)
    # docs/RULES.md: a column's two cards cancel; the game enters a column's pair together
    assert [h.order[p] for p in range(4)] == [0, 4, 1, 5]
    h.put("5")
    assert h.cell() == 4  # below it, not beside it
    h.move(0, -1)  # a row along wraps: the bottom right
    assert h.cell() == 7
    h.put("HIO")
    assert h.cell() == 4  # on to the next empty cell in the grid's order, wrapping
    h.move(1, 0)
    assert h.cell() == 0  # a column along wraps
    h.move(0, -1)
    assert h.cell() == 3  # a row along wraps
    h.move(1, 1)
    assert h.cell() == 4


def test_the_deck_is_checked_as_each_card_is_put_and_the_cursor_stays():
    g = play_nine()
    h = Hole(g, None)
    h.open(0, False)
    put_all(h, ["HIO"] * 3 + ["0"] * 5)  # 3 HIO for ANN
    h.open(1, False)
    h.put("HIO")  # the fourth: docs/RULES.md's play-nine deck holds 4
    at = h.cell()
    with raises(ScoreError, "'HIO'", "holds 4"):
        h.put("HIO")
    assert h.cell() == at and h.cells[at] == "HIO"  # still on it, to change it
    h.put("1")  # another card: on it goes
    assert h.cell() != at


def test_the_whole_hole_is_checked_when_a_players_entry_is_complete():
    g = Game("crazy-nines", ["ANN", "BOB", "CY"])
    h = Hole(g, None)
    # crazy-nines' deck for 2-4 players: 2 decks, 4 of a rank in each (docs/RULES.md): 8 kings
    h.entries[0] = [["K", "K", "K"], ["K", "K", "2"], ["3", "4", "5"]]
    h.entries[1] = [["K", "K", "K"], ["K", "3", "4"], ["5", "6", "7"]]
    h.check(0)  # ANN's 5 kings alone: fine; with BOB's 9
    with raises(ScoreError, "'K'", "holds 8"):
        h.check(1)


def test_buttons_take_a_cell_with_ok_and_a_new_cell_starts_on_a_guess():
    g = Game("crazy-nines", ["ANN", "BOB"])
    h = Hole(g, None)
    h.open(0, True)
    assert h.cycle[-1] == TOTAL and h.cycle[:len(g.rules.tokens)] == tuple(g.rules.tokens)
    assert h.cells[0] == g.rules.start  # nothing near it: the game's common card
    first = h.cells[0] = "A"  # (UP and DOWN step it along the cycle: ui/entry.py)
    assert h.advance() is True
    assert h.cell() == 1 and h.cells[1] == first  # a row by row game: the card to its left
    for _ in range(2):
        h.advance()
    assert h.cell() == 3 and h.cells[3] == first  # a new row: the card above
    rows = [["2", "3", "4"], ["5", "6", "7"], ["8", "9", "10"]]
    h.cells = rows[0] + rows[1] + rows[2]
    h.pos = len(h.order) - 1
    assert h.advance() is False and h.entries[0] == rows  # OK on the last card: complete


def walk(h, d, n):
    """The cursor's card stepped n times (d: 1, DOWN; -1, UP), each card on the way."""
    seen = []
    for _ in range(n):
        h.step(d)
        seen.append(h.cells[h.cell()])
    return seen


def test_a_guess_that_is_not_the_card_steps_on_from_the_games_start_card():
    # issue 57, 6: from a cell's guess (the card above or left) DOWN goes on from the game's start
    # card (K in Crazy Nines: 2, 3 ...) and UP to the start card, then the cards before it (A, JK):
    # the cards holes end with, not those beside the guess. The guess stands just after the start
    # card; every card comes once a turn round, UP the exact way back.
    g = Game("crazy-nines", ["ANN", "BOB"])
    h = Hole(g, None)
    h.open(0, True)
    n = len(h.cycle)
    assert h.cells[0] == "K" and walk(h, 1, 3) == ["2", "3", "4"]  # no guess but K: the plain order
    assert walk(h, -1, 5) == ["3", "2", "K", "A", "JK"]
    h.cells[0] = "8"
    for _ in range(3):  # 8 8 8: the first row taken
        h.advance()
    assert h.cell() == 3 and h.cells[3] == "8"  # the card above
    assert walk(h, 1, 8) == ["2", "3", "4", "5", "6", "7", "9", "10"]  # on from K, 8 left out
    h.cells[3] = "8"
    assert walk(h, -1, 4) == ["K", "A", "JK", TOTAL]
    h.cells[3] = "8"
    down = walk(h, 1, n)
    assert down[-1] == "8" and sorted(down) == sorted(h.cycle)  # each card once, back to the guess
    assert walk(h, -1, n) == down[-2::-1] + ["8"]
    # Play Nine (by column): a bottom card's guess is the card above; its start is 0
    p = Hole(play_nine(), None)
    p.open(0, True)
    p.cells[0] = "12"
    p.advance()
    assert p.cell() == 4 and p.cells[4] == "12"
    assert walk(p, 1, 3) == ["1", "2", "3"]
    p.cells[4] = "12"
    assert walk(p, -1, 3) == ["0", "HIO", TOTAL]


def test_a_phones_entry_is_taken_when_the_players_turn_comes_unless_one_is_there():
    g = play_nine(("ANN", "BOB", "CY"))
    h = Hole(g, None)
    grid = [["1", "2", "3", "4"], ["5", "6", "7", "8"]]
    assert h.take(0, None) is False and h.entries[0] is None  # ANN's phone sent nothing
    assert h.take(1, grid) is True and h.entries[1] == grid and h.phone == [1]
    h.open(1, True)
    assert h.pos == len(h.order) - 1 and h.phone_grid()  # on the last cell: OK takes it
    h.cells[0] = None
    assert not h.phone_grid()
    h.entries[2] = 5  # entered on the device first: the phone's is not taken
    assert h.take(2, 14) is False and h.entries[2] == 5
    assert h.take(1, [["0"] * 4] * 2) is True and h.entries[1] == grid  # taken once
    # a past hole edited takes nothing from a phone
    g.add_hole([ONE_TO_8, ONE_TO_8, ZEROS], None, None, False)
    edit = Hole(g, 0)
    assert edit.take(2, 14) is False and edit.entries[2] == ZEROS


def test_a_playoff_is_entered_by_the_tied_players_alone():
    g = play_nine(("ANN", "BOB", "CY"))
    for _ in range(9):
        g.add_hole([ONE_TO_8, ONE_TO_8, HIGH], None, None, False)
    assert g.totals() == [324, 324, 684]
    po = Hole(g, "playoff")  # ANN and BOB tie, lowest (docs/RULES.md: a playoff for a tie)
    assert po.label == "Playoff 1" and po.players == [0, 1] and po.name(1) == "BOB"
    assert po.entries == [None, None] and po.at == -1
    po.open(1, False)
    put_all(po, ZEROS[0] + ZEROS[1])
    assert po.entries == [None, ZEROS] and po.at == 1
