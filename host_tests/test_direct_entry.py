# The boards where a card is one press (MicroPython only: the firmware
# draws on framebuf): the Cardputer's keyboard (ui/typed.py) and the CYD's
# touch panel (ui/touch.py, ui/pad.py, ui/calibrate.py), driven through
# their real drivers by the simulator: a key is pressed on the model of the
# key matrix, a tap is a finger on the model of the touch panel.
import random
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

from engine.game import rules_for  # noqa: E402
from simulator import board as simboard  # noqa: E402
from support import raises  # noqa: E402
from test_ui_games import TITLES, play, saved  # noqa: E402
from simulator.driver import Driver, fresh_dir, simulator  # noqa: E402
from ui.draw import SEL_FG  # noqa: E402

BOARDS = [b for b in simboard.BOARDS if getattr(simboard.board_module(b), "INPUT", "buttons") != "buttons"]


def calibrated_cyd():
    """The simulated CYD past its first start's calibration (the crosses tapped)."""
    s = simulator().Sim("cyd")
    for x, y in s.app.stack[-1].points:
        s.tap(x, y)
    return s


def test_a_card_is_one_press():
    for board in BOARDS:
        for gid in [g for g in TITLES if not rules_for(g).hand]:  # the grid games
            d, _ref = play(board, gid, 2, 7, totals=0.0)
            assert d.cards > 0 and d.card_presses == d.cards, (board, gid, d.card_presses, d.cards)


def start_hole(board, gid="play-nine", names=("ANN", "BOB")):
    fresh_dir("direct-" + board)
    d = Driver(board)
    d.new_game(TITLES[gid], list(names), holes=2)
    d.key("ok")  # the first hole
    assert d.screen() == ("HandEntry" if gid == "suitup-original" else "GridEntry")
    return d


def test_keys_fill_cells_and_move_on_and_a_key_that_is_no_card_says_so():
    d = start_hole("cardputer")
    g = d.top()
    assert g.hole.cells == [None] * 8  # no guess: a key is typed, not confirmed
    for legend in ("5", "h", "t"):  # column by column in Play Nine: 5 over HIO, then 10
        d.typed(legend)
    assert [g.hole.cells[i] for i in (0, 4, 1)] == ["5", "HIO", "10"]
    assert g.hole.cell() == 5  # on to the next empty cell
    d.typed("z")
    assert g.note == "no card is 'z'" and g.hole.cell() == 5 and g.hole.cells.count(None) == 5
    assert g.hint() == "no card is 'z'"
    d.typed("e")  # the note goes with the next key
    assert g.hole.cells[5] == "11" and g.note is None and "t=10" in g.hint() and "Enter=total" in g.hint()
    d.key("back")  # backspace: a cell back, the card kept
    assert g.hole.cell() == 5 and g.hole.cells[5] == "11"
    d.typed("w")  # typed over
    assert g.hole.cells[5] == "12" and g.hole.cell() == 2
    d.key("up")  # fn + ;: the arrows move the cursor, on the grid (up wraps to the bottom row)
    assert g.hole.cell() == 6
    d.key("right")
    assert g.hole.cell() == 7
    for legend in "0000":  # the rest: cells 7, then the empty ones left (2, 6, 3)
        d.typed(legend)
    # (issue 57, 3) the grid complete stands scored: its score, its matches, no cursor
    assert d.top() is g and g.ready and g.hole.entries[0] == [["5", "10", "0", "0"], ["HIO", "12", "0", "0"]]
    b = g.hole.rules.score(g.hole.cells, d.app.game.opts)
    L = g.look()
    assert L.score == b.total() and [c >> 5 for c in L.codes] == list(b.state)
    assert 0 < b.state.count(b.state[2])
    assert not any(c & 31 == SEL_FG for c in L.codes) and g.hint() == "BOB's first card, or Enter"
    d.typed("7")  # BOB's first card: on, and into BOB's first cell
    assert d.screen() == "GridEntry" and d.top() is not g and d.app.stack[-2] == (g.flow, 0)  # (App.park)
    assert d.top().player == 1 and d.top().hole.cells[0] == "7" and d.top().hole.cell() == 4


def test_enter_takes_a_total_and_asks_before_dropping_cards():
    d = start_hole("cardputer")
    d.typed("3")
    d.key("ok")  # Enter: the total instead; a card was typed
    assert d.screen() == "Menu" and d.top().title == "Total only?"
    d.typed("2")  # to the second row: drop the cards
    d.key("ok")
    assert d.screen() == "Number"
    for c in "-12":
        d.typed(c)
    assert d.top().n == -12
    d.key("back")  # rubs out the 2
    assert d.top().n == -1
    d.typed("5")
    d.key("ok")
    assert d.top().hole.entries[0] == -15 and d.screen() == "GridEntry" and d.top().player == 1


def test_a_number_takes_only_what_fits_its_bounds():
    fresh_dir("direct-number")
    d = Driver("cardputer")
    d.choose("New game")
    d.choose("Play Nine")
    s = d.top()
    assert d.screen() == "Number" and (s.lo, s.hi) == (2, 6)
    n = s.n
    d.typed("9")  # more than any number allowed: the key is not taken
    assert s.n == n
    d.typed("1")  # may still grow into one (12 would not, but 1 is shown)
    assert s.n == 1
    d.key("ok")
    assert d.top() is s  # Enter waits for a number it may take
    d.key("back")  # rubs the 1 out
    d.typed("5")
    d.key("ok")
    assert d.top().title == "Player 1"  # the names next


def test_a_number_typed_loads_its_own_typing_and_not_the_cards():
    # (issue 60: a new game's counts, typed, loaded ui/pad.py, ui/direct.py and ui/onepress.py, the
    # cards' pad and typing, through the new game: on the CYD some 3 KB, at its peak with Wi-Fi on)
    for board in BOARDS:
        fresh_dir("direct-numpad-" + board)
        d = Driver(board)
        d.choose("New game")
        d.choose("Play Nine")
        assert d.screen() == "Number"
        if board == "cyd":
            d.tap_pad("5")
        else:
            d.typed("5")
        assert d.top().n == 5, board
        for name in ("ui.pad", "ui.direct", "ui.onepress"):
            assert name not in sys.modules, (board, name)
        assert "ui.numpad" in sys.modules, board
        d.tap_pad("OK") if board == "cyd" else d.key("ok")
        assert d.top().title == "Player 1"


def test_menus_take_row_numbers_first_letters_and_the_plain_arrow_keys():
    fresh_dir("direct-menu")
    d = Driver("cardputer")
    home = d.top()
    d.typed("h")  # the next row starting with h
    assert [i[0] for i in home.items][home.cursor] == "History" and d.top() is home
    d.typed(".")  # the arrow printed on the key, without fn, in a menu
    assert home.cursor == 3
    d.typed(";")
    assert home.cursor == 2
    d.typed("4")  # to a row by its number; Enter chooses
    assert home.cursor == 3 and d.top() is home
    d.key("ok")
    assert d.screen() == "SettingsMenu"
    # no long press on a keyboard
    want = ["House rules", "Sleep after", "Wi-Fi", "Roster", "Check this board", "About"]
    assert [i[0] for i in d.top().items] == want


def test_names_are_typed():
    fresh_dir("direct-names")
    d = Driver("cardputer")
    d.new_game("Play Nine", ["ANN", "BO B"], holes=2)
    assert d.app.game.names == ["ANN", "BO B"]
    assert "BO B" in d.app.state["roster"]


def test_the_player_befores_score_shows_under_every_games_grid():
    # (issue 29, 3: on the Cardputer's Crazy Nines grid the key legend filled the screen's last
    # lines and the score, drawn after it, fell below the screen)
    from test_ui_games import record_text

    from engine.game import GAME_IDS

    grids = {}
    for gid in TITLES:  # the grid games: a grid of different cards each
        r = rules_for(gid)
        if r.hand or not r.rows:
            continue
        grids[gid] = [[r.tokens[1 + row * r.cols + col] for col in range(r.cols)] for row in range(r.rows)]
    assert len(grids) >= 3 and set(grids) <= set(GAME_IDS)
    for board in BOARDS:
        for gid, grid in grids.items():
            fresh_dir("direct-prev-%s-%s" % (board, gid))
            d = Driver(board)
            d.new_game(TITLES[gid], ["ANN", "BOB", "CY", "DI"], holes=2)
            d.key("ok")
            d.grid(grid)  # ANN's, scored on the screen (issue 57, 3)
            score = d.top().hole.rules.score([str(c) for r in grid for c in r], d.app.game.opts).total()
            for want in ("= %d" % score, "ANN: %d" % score):
                drawn = record_text(d.app.pen)
                d.app.stack[-1].dirty = True
                d.sim.tick(50)
                del d.app.pen.text
                assert want in drawn, (board, gid, drawn)
                if want[0] == "=":  # on to BOB's: his first card
                    d.card(d.top().hole.cycle[0])


def test_done_on_an_empty_name_says_so():
    # (issue 29, 9: done with no letter did nothing, silently) on a keyboard, a pad and buttons
    for board in BOARDS + ["ttgo-t-display"]:
        fresh_dir("direct-noname-" + board)
        d = Driver(board)
        d.choose("New game")
        d.choose("Play Nine")
        d.number(2)
        d.choose("New name")
        entry = d.top()
        if d.kind == "keyboard":
            d.typed("enter")
        elif d.kind == "touch":
            d.tap_pad("Done")
        else:
            d.key("up")  # from A to done
            d.key("ok")
        assert d.screen() == "Message" and d.top().title == "No name yet", (board, d.screen())
        d.key("back")
        assert d.top() is entry and entry.name == "", board


def test_the_first_start_calibrates_the_touch_panel_and_keeps_it():
    fresh_dir("direct-calibrate")
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    s = sim.Sim("cyd")
    cal = s.app.stack[-1]
    assert type(cal).__name__ == "Calibrate"
    true = s.fingers.raw  # how the model's panel is wired: another way than the board's first guess
    assert s.hw.keys.touch.cal != true
    # taps too close together: said, and nothing saved
    for _ in range(3):
        s.tap(*cal.points[0])
    assert s.app.stack[-1] is cal and "too close" in cal.note
    assert "touch" not in s.app.state["settings"]
    for x, y in cal.points:
        s.tap(x, y)
    assert type(s.app.stack[-1]).__name__ == "Home"
    got = s.hw.keys.touch.cal
    assert got[4] == true[4] and all(abs(got[i] - true[i]) < 40 for i in range(4)), (got, true)
    assert saved()["settings"]["touch"] == list(got)
    # taps land where they are meant to: the second row of the main menu
    s.tap(160, 2 * s.app.pen.line_h + 12)
    t = s.hw.keys.touch
    assert s.app.stack[-1].title == "Multiple 9" and abs(t.x - 160) <= 3 and abs(t.y - 48) <= 3, (t.x, t.y)
    # the next start uses it, and a finger on the panel at power-on opens it again
    s2 = sim.Sim("cyd")
    assert type(s2.app.stack[-1]).__name__ == "Home" and s2.hw.keys.touch.cal == got
    from app import App

    s2.fingers.finger = (100, 100)
    assert type(App(s2.hw).stack[-1]).__name__ == "Calibrate"


def test_taps_choose_cells_cards_and_back_on_the_pad():
    d = start_hole("cyd")
    g = d.top()
    pen = d.app.pen
    from ui import touch

    labels = touch.keys_of(g)
    assert list(labels[:14]) == ["HIO"] + [str(n) for n in range(13)] and labels[-2:] == ("#", "Back")
    y0 = touch.layout(pen, labels)
    per = pen.d.width // touch.KEY
    assert per * touch.KEY <= pen.d.width and touch.KEY >= 40 and y0 >= 0
    assert y0 + (len(labels) + per - 1) // per * touch.KEY == pen.d.height  # the pad's rows end at the bottom
    d.tap_pad("7")
    assert g.hole.cells[0] == "7" and g.hole.cell() == 4
    # a tap on a cell selects it: the top right one
    from ui.entry import grid_box

    x0, y0, cw, rh, tw = grid_box(pen, 4)
    d.tap(x0 + 3 * cw + 10, y0 + 5)
    assert g.hole.cell() == 3
    d.tap_pad("HIO")
    assert g.hole.cells[3] == "HIO" and g.hole.cell() == 7  # on to the next empty cell, in the grid's order
    d.tap_pad("Back")
    assert g.hole.cell() == 3 and g.hole.cells[3] == "HIO"
    d.tap(5, pen.d.height - 5)  # the pad's bottom left: a card (7), not the bar's Back
    assert d.top() is g and g.hole.cells[3] == "7"


def test_script_lines_for_keys_and_taps_and_their_errors():
    fresh_dir("direct-script")
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    err = sim.ScriptError
    k = sim.Sim("cardputer")
    home = k.app.stack[-1]
    k.run_line("key fn+.")
    assert home.cursor == 1
    k.run_line("type 4")
    k.run_line("key enter")
    assert type(k.app.stack[-1]).__name__ == "SettingsMenu"
    for line, msg in (("tap 1 1", "no touch panel"), ("press 1", "no buttons"), ("key F9", "no key 'f9'")):
        with raises(err, msg):
            k.run_line(line)
    t = sim.Sim("cyd")
    for line, msg in (("type abc", "no keyboard"), ("tap 400 10", "x 0 to 319"), ("tap a b", "tap X Y")):
        with raises(err, msg):
            t.run_line(line)
    b = sim.Sim("ttgo-t-display")
    with raises(err, "no keyboard"):
        b.run_line("key 5")


def test_no_screen_cuts_its_text_on_the_new_boards():
    # every menu the main menu opens, on both, scrolled through by the bar or the arrows
    for board in BOARDS:
        fresh_dir("direct-cut")
        d = Driver(board)
        home = d.top()
        for i in range(len(home.items)):
            d.choose(home.items[i][0])
            for _ in range(3):
                d.key("down")
            while d.top() is not home:
                d.key("back")
        assert d.app.pen.cut == [], (board, d.app.pen.cut)
    random.seed(1)


def test_a_mouse_click_in_the_terminal_is_a_tap_where_it_points():
    import io

    fresh_dir("direct-click")
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    s = calibrated_cyd()
    home = s.app.stack[-1]
    t = s.hw.keys.touch
    # the terminal shows 2 pixels a column and 4 a row at zoom 2 (render()); after ESC [ <
    sim.click(s, io.StringIO("0;81;13m"), 2)  # a release: nothing
    sim.click(s, io.StringIO("2;81;13M"), 2)  # the right button: nothing
    assert s.app.stack[-1] is home
    sim.click(s, io.StringIO("0;81;13M"), 2)  # the left button on row 12: y 48, the second menu row
    assert abs(t.x - 161) <= 3 and abs(t.y - 50) <= 3, (t.x, t.y)
    assert s.app.stack[-1].title == "Multiple 9"


def test_the_digit_pad_types_a_total():
    d = start_hole("cyd")
    g = d.top()
    d.tap_pad("#")
    s = d.top()
    assert d.screen() == "Number" and s.lo < 0
    from ui import touch

    assert touch.keys_of(s)[-3:] == ("-", "Back", "OK")  # nothing typed: Back leaves
    for c in "-40":
        d.tap_pad(c)
    assert s.n == -40 and touch.keys_of(s)[-2:] == ("Del", "OK")
    d.tap_pad("Del")
    assert s.n == -4
    d.tap_pad("7")
    d.tap_pad("OK")
    assert d.top() is not g and g.hole.entries[0] == -47


def test_names_on_the_touch_pad_take_letters_digits_and_spaces():
    fresh_dir("direct-names-cyd")
    d = Driver("cyd")
    d.new_game("Play Nine", ["P1", "AL 2"], holes=2)
    assert d.app.game.names == ["P1", "AL 2"]


def test_a_total_not_taken_leaves_the_grid_as_it_was():
    for board in BOARDS:
        d = start_hole(board)
        g = d.top()
        for card in ("5", "7"):
            d.typed(card) if board == "cardputer" else d.tap_pad(card)
        before = list(g.hole.cells)
        if board == "cardputer":
            d.typed("=")
        else:
            d.tap_pad("#")
        assert d.screen() == "Menu" and d.top().title == "Total only?"
        d.choose("Keep cards")
        assert d.top() is g and g.hole.cells == before and "#" not in g.hole.cells, (board, g.hole.cells)
        # a total begun and left (back from the number): the grid as it was, too
        d.typed("=") if board == "cardputer" else d.tap_pad("#")
        d.choose("Drop cards")
        assert d.screen() == "Number"
        d.key("back")
        assert d.top() is g and g.hole.cells == before, (board, g.hole.cells)


def test_back_from_the_first_cell_asks_before_the_players_cards_go():
    for board in BOARDS:
        d = start_hole(board)
        d.grid([[1, 2, 3, 4], [5, 6, 7, 8]])  # ANN's, scored; BOB's first card moves on
        for card in ("5", "7", "9"):
            d.typed(card) if board == "cardputer" else d.tap_pad(card)
        g = d.top()
        assert g.player == 1 and g.hole.cells.count(None) == 5, board
        # back to the first cell in one move (an arrow, a tap on it), then back
        if board == "cardputer":
            d.key("up")
            d.key("left")
        else:
            pen = d.app.pen
            x0 = (pen.d.width - (3 * 8 * pen.scale + 4) * 4) // 2
            d.tap(x0 + 10, pen.line_h + 3 + 5)
        assert g.hole.cell() == 0, (board, g.hole.cell())
        d.key("back") if board == "cardputer" else d.tap_pad("Back")
        assert d.top().title[0] == "Drop BOB's cards?", board
        d.choose("Keep them")
        assert d.top() is g and g.hole.cells.count(None) == 5
        d.key("back") if board == "cardputer" else d.tap_pad("Back")
        d.choose("Drop, go back")
        assert d.top() is d.app.stack[-1] and d.top().player == 0  # ANN's grid, complete
        assert g.hole.entries[0] == [["1", "2", "3", "4"], ["5", "6", "7", "8"]]
        assert not d.top().ready  # back on it to change a card: the cursor on its last


def test_the_cyds_move_on_line_is_one_line_beside_a_bonus():
    # (a newcomer: "Next: BOB's first / card", its second line hidden under the pad by the QS line)
    d = start_hole("cyd", "crazy-nines", names=("ANN", "BOB"))
    for c in ("5", "5", "K", "QS", "7", "7", "2", "2", "2"):
        d.tap_pad(c)
    g = d.top()
    assert g.ready and g.flow.looks.extras, g.flow.looks.extras
    hint = g.hint()
    assert "BOB" in hint and d.app.pen.text_width(hint) + 4 <= d.app.pen.d.width, hint


def test_the_player_befores_score_shows_under_the_grid():
    for board in BOARDS:
        d = start_hole(board)
        assert "ANN" not in (d.top().hint() or "")
        grid = [["5", "5", "0", "12"], ["5", "7", "3", "HIO"]]
        d.grid(grid)
        _press(d, "7")  # BOB's first card: on from ANN's scored grid
        want = d.app.game.rules.score([t for row in grid for t in row], d.app.game.opts).total()
        assert "ANN: %d" % want in d.top().hint(), (board, want, d.top().hint())


def test_digits_in_a_menu_move_and_only_enter_chooses():
    d = start_hole("cardputer")
    d.key("back")  # leave the hole? asks
    q = d.top()
    assert q.title == "Leave hole?"
    d.typed("2")  # to "Drop & leave": not chosen
    assert d.top() is q and q.cursor == 1
    d.key("back")
    hub = d.top()
    for c in "42":  # Abandon game, then its question's yes: nothing happens without Enter
        d.typed(c)
    assert d.app.game is not None and d.app.stack[-1] is hub


def test_the_hands_pad_says_del_while_it_takes_cards_away():
    d = start_hole("cyd", gid="suitup-original")
    from ui import touch

    s = d.top()
    assert d.screen() == "HandEntry" and touch.keys_of(s)[-1] == "Back"
    d.tap_pad("K")
    d.tap_pad("7")
    assert touch.keys_of(s)[-1] == "Del"
    d.tap_pad("Del")
    assert s.cards == ["K"] and d.top() is s


def test_the_hands_screens_share_the_cards_to_choose_and_the_pads_keys():
    # issue 60: every player's hand stays on the stack while the hole is entered (8 of them in an
    # 8-player game, the peak with Wi-Fi): what they all show the same is made once a hole, not a hand
    d = start_hole("cyd", gid="suitup-original", names=("ANN", "BOB", "CY"))
    from ui import touch

    first = d.top()
    touch.keys_of(first)
    d.tap_pad("K")
    d.tap_pad("Done")
    second = d.top()
    assert d.screen() == "HandEntry" and second.player == 1 and d.app.stack[-2] is first
    assert second.cycle is first.cycle and second.cycle[0] == "end" and second.cycle[-1] == "#"
    touch.keys_of(second)
    assert second.card_keys is first.card_keys and first.card_keys[0] == "Done"
    d.tap_pad("Done")  # BOB's hand empty; CY's: a new hole's players' again, from the hole's flow
    assert d.top().player == 2 and d.top().cycle is first.cycle and first.cards == ["K"]
    assert d.top().hole is first.hole and d.top().most == first.hole.rules.MAX_HAND


def test_a_hand_typed_or_tapped_loads_none_of_a_grids_one_press_code():
    # issue 60: ui/onepress.py is a grid's (a card put, the grid left scored); a hand's pad and
    # keys (ui/pad.py, ui/direct.py) are loaded without it, a grid's load it
    for board, legend in (("cyd", None), ("cardputer", "k")):
        for name in ("ui.pad", "ui.direct", "ui.onepress"):  # (as a hub lets them go: app.LEAVES)
            sys.modules.pop(name, None)
        d = start_hole(board, gid="suitup-original")
        if legend is None:
            d.tap_pad("K")
        else:
            d.typed(legend)
        assert d.top().cards == ["K"] and "ui.onepress" not in sys.modules, board
        assert ("ui.pad" if legend is None else "ui.direct") in sys.modules, board
        d = start_hole(board)  # a grid: its first card in, one press
        if legend is None:
            d.tap_pad("5")
        else:
            d.typed("5")
        assert "5" in d.top().hole.cells and "ui.onepress" in sys.modules, board


def test_a_number_shown_otherwise_keeps_the_arrows_and_no_digit_pad():
    from ui import touch

    for board in BOARDS:
        fresh_dir("direct-sleep")
        d = Driver(board)
        d.choose("Settings")
        d.choose("Sleep after")
        s = d.top()
        n = s.n
        if board == "cardputer":
            d.typed("5")  # steps of 30 s shown as 2:00: a digit is not taken
            assert s.n == n
        else:
            assert touch.keys_of(s) is None  # the bar: Up and Down step it
        d.key("up")
        assert s.n == n + 1


def test_the_touch_calibration_is_checked_and_a_finger_at_power_on_is_not_a_cross():
    from app import App
    from storage import savefile

    fresh_dir("direct-badcal")
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    s = calibrated_cyd()
    good = list(s.hw.keys.touch.cal)
    for bad in ([100, 100, 200, 3800, False], [1, 2, 3], "x", [0.5, 3800, 200, 3800, True]):
        s.app.state["settings"]["touch"] = bad
        savefile.save(s.app.state)
        s2 = sim.Sim("cyd")  # not taken: calibrated again, nothing divided by zero
        assert type(s2.app.stack[-1]).__name__ == "Calibrate", bad
        s2.tap(160, 120)
        assert s2.app is not None
    s.app.state["settings"]["touch"] = good
    savefile.save(s.app.state)
    # a finger held at power-on: the calibration, and that finger is not its first cross
    s3 = sim.Sim("cyd")
    s3.fingers.finger = (200, 150)
    a = App(s3.hw)
    cal = a.stack[-1]
    assert type(cal).__name__ == "Calibrate" and not cal.cancel
    s3.runner.app = a
    s3.tick(200)
    assert cal.raw == []
    s3.fingers.finger = None
    s3.tick(100)
    for x, y in cal.points:
        s3.tap(x, y)
    assert all(abs(a - b) < 40 for a, b in zip(s3.hw.keys.touch.cal[:4], good[:4]))
    # a restart after an error (its note): a finger still down is the tap that closed the error screen
    s3.fingers.finger = (200, 150)
    assert "Calibrate" not in [type(x).__name__ for x in App(s3.hw, note="restarted").stack]
    s3.fingers.finger = None


def test_calibrating_again_from_the_settings_can_go_back():
    fresh_dir("direct-recal")
    d = Driver("cyd")
    cal = d.app.hw.keys.touch.cal
    d.choose("Settings")
    d.choose("Calibrate touch")
    c = d.top()
    assert type(c).__name__ == "Calibrate" and c.cancel
    x, y, w, h = c.BACK
    d.tap(x + w // 2, y + h // 2)
    assert d.screen() == "SettingsMenu" and d.app.hw.keys.touch.cal == cal


def test_a_tap_below_the_last_row_drawn_chooses_nothing():
    fresh_dir("direct-rows")
    d = Driver("cyd")
    names = ["A%d" % i for i in range(1, 9)]
    d.new_game("Crazy Nines", names, holes=2)
    d.key("ok")
    from simulator.dealing import deal
    from ui import menutap

    for grid in deal("crazy-nines", 8, random):
        d.grid(grid)
    d.tap_pad("OK")  # the last grid, scored: on
    m = d.top()
    assert m.title == "Who ended?" and len(m.items) == 10  # "- choose -", 8 players, Nobody
    pen = d.app.pen
    top, lh = pen.line_h + 3, pen.line_h + 2
    drawn = (pen.h - top) // lh  # the rows list_rows draws above the keys
    assert drawn < len(m.items)
    assert menutap.row(m, pen, top + (drawn - 1) * lh + 2) == drawn - 1
    below = top + drawn * lh + 2  # the strip under the last row drawn, above the keys
    assert below < pen.h and menutap.row(m, pen, below) is None
    d.tap(160, below)
    assert d.top() is m and d.app.game.holes == []  # nothing chosen


def test_the_simulators_logical_keys_press_a_pads_own_keys():
    fresh_dir("direct-sim-pads")
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    s = calibrated_cyd()
    s.run_line("tap 160 31")  # New game
    s.run_line("tap 160 31")  # Play Nine: the players' digit pad
    s.run_line("tap 60 180")  # 2
    s.run_line("ok")  # the pad's OK
    assert s.app.stack[-1].title == "Player 1"
    s.run_line("ok")  # New name: the letter pad
    s.run_line("tap 20 100")  # A
    s.run_line("back")  # the pad's Del
    assert s.app.stack[-1].name == ""
    s.run_line("back")  # now its Back
    assert s.app.stack[-1].title == "Player 1"
    k = sim.Sim("cardputer")
    k.run_line("key fn+.")
    k.run_line("key esc")  # the Cardputer's esc is its ` key: back (nothing to go back to)
    assert type(k.app.stack[-1]).__name__ == "Home"


def test_the_terminal_view_at_half_size_keeps_every_stroke():
    fresh_dir("direct-zoom")
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    s = sim.Sim("cyd")
    emu = s.emu
    w, h = emu.size()
    shown = {}  # (x, y) of a 2 x 2 block: whether it shows anything

    def lit(x, y):
        k = (x - x % 2, y - y % 2)
        if k not in shown:
            shown[k] = sim.block(emu, k[0], k[1], 2) != (0, 0, 0)
        return shown[k]

    # The title (its letters at twice size, each of their pixels a 2 x 2
    # square, on odd or even rows) and the first cross (1- and 3-pixel
    # strokes): every lit pixel shows, in its own block or, where its stroke
    # is two pixels wide across the blocks' edge, in its neighbour's.
    for y in range(0, 60):
        for x in range(0, w):
            p = emu.pixel(x, y)
            if p == (0, 0, 0) or lit(x, y):
                continue
            assert any(0 <= x + dx < w and 0 <= y + dy < h and emu.pixel(x + dx, y + dy) == p
                       and lit(x + dx, y + dy) for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))), (x, y)


def test_a_hand_a_phone_sent_says_so_and_one_key_takes_it():
    """SuitUP Original: the hand a player's phone sent (Hole.take, given web/state.py's
    Net.sent_by: complete, marked as the phone's) opens with the key that takes
    it named on its last line (as much as the smallest panels hold), and
    that one key takes it."""
    for board, key, said in (("cardputer", "Enter", "Phone's: Enter"), ("cyd", "Done", "Phone's: Done"),
                             ("devkit-oled", "OK", "Phone's: OK")):
        if board == "cyd":
            fresh_dir("direct-cyd")
        d = start_hole(board, "suitup-original")
        h = d.top()
        assert h.hint() != said  # an ordinary hand, not the phone's
        h.hole.phone.append(h.player)
        h.cards = ["5", "K"]
        h.choice = "end"
        h.draw(d.app.pen)
        assert h.hint() == said and not d.app.pen.cut, (board, h.hint(), d.app.pen.cut)
        h.choice = "5"  # the player chose to change it: then it is theirs
        assert h.hint() != said
        h.choice = "end"
        if key == "Done":
            d.tap_pad("Done")
        else:
            d.key("ok")  # (the Cardputer's Enter)
        assert h.hole.entries[0] == ["5", "K"] and d.top() is not h, board


def test_the_phones_screen_shows_who_has_sent_on_every_board():
    # (issue 29, 9: on the Cardputer "Sent:" was below the screen's last line)
    from test_ui_games import record_text
    from ui.phones import Phones

    from web.state import Wifi

    class Net:
        pin = "482105"
        sent = {0: ["5"] * 8, 2: 17}
        wifi = Wifi({})  # the radio's state, up and served (web/run.py sets these)

    w = Net.wifi
    w.ip, w.port, w.ssid, w.key = "192.168.4.1", 80, "Scorekeeper-1A2B", "k7m2p9q4"

    for board in simboard.BOARDS:
        fresh_dir("direct-phones-" + board)
        d = Driver(board)
        d.new_game("Play Nine", ["ANN", "BOB", "CY"], holes=2)
        d.app.state["settings"]["wifi"] = "own"
        d.app.net = Net()
        drawn = record_text(d.app.pen)
        d.app.push(Phones(d.app))
        d.sim.tick(50)
        del d.app.pen.text
        d.app.net = None
        lines = " ".join(drawn)
        assert "Sent: ANN, CY" in lines and "482 105" in lines, (board, drawn)  # (two threes)


def test_a_message_scrolls_with_the_arrow_keys_without_fn():
    # (issue 57, 5) the result of a hole, a note: ; and . scroll it as fn+; and fn+. do
    from ui.widgets import Message

    d = Driver("cardputer")
    m = Message(d.app, "Hole 1", ["line %d" % i for i in range(30)])
    d.app.push(m)
    d.sim.tick(50)
    d.typed(".")
    d.typed(".")
    assert m.first == 2, m.first
    d.typed(";")
    assert m.first == 1 and d.top() is m
    d.typed("a")  # a letter: nothing
    assert m.first == 1 and d.top() is m


def _press(d, key):
    """ok, back, = or a card, as the board enters it: a key, or a tap on the pad."""
    if d.kind == "keyboard":
        d.typed(key) if len(key) == 1 else d.key(key)
    else:
        d.tap_pad({"ok": "OK", "back": "Back", "=": "#"}.get(key, key))


def test_a_complete_grid_waits_scored_and_the_next_key_says_where_it_goes():
    # (issue 57, 3) the last player's grid: a card has no grid to go to (a note says
    # Enter), Back puts the cursor on the last card to change it, "=" on a ready grid is
    # the next player's total, and Enter (a tap on OK) goes on
    for board in BOARDS:
        ok = "Enter" if board == "cardputer" else "OK"
        d = start_hole(board, names=("ANN", "BOB", "CY"))
        d.grid([[1, 2, 3, 4], [5, 6, 7, 8]])
        ann = d.top()
        _press(d, "=")  # BOB's total, asked on ANN's scored grid
        assert d.screen() == "Number" and "BOB" in str(d.top().title), (board, d.top().title)
        d.number(20)
        assert d.top().player == 2 and ann.hole.entries[1] == 20, (board, d.screen(), ann.hole.entries)
        d = start_hole(board)
        d.grid([[1, 2, 3, 4], [5, 6, 7, 8]])
        d.grid([[5, 5, 5, 5], [5, 5, 5, 9]])  # (its first card moves on from ANN's)
        bob = d.top()
        assert bob.ready and bob.hint() == "%s: on to the hole's end" % ok, (board, bob.hint())
        _press(d, "3")  # nobody's next: nothing changes
        assert d.top() is bob and bob.ready and bob.hole.cells.count("3") == 0
        assert bob.hint() == ok + " to go on", bob.hint()
        _press(d, "back")  # the last card to change: 9 -> 4, the grid scored again
        assert not bob.ready and bob.hole.cell() == bob.hole.order[-1] and bob.hole.cells[7] == "9"
        _press(d, "4")
        assert bob.ready and bob.hole.cells[7] == "4", board
        _press(d, "ok")
        assert d.top().title == "Hole 1", (board, d.screen())  # (Play Nine: no "Who ended?")
        g = bob.hole.game  # (the hole's own lists are let go once it is in the game: ui/finish.py)
        assert g.hole_doc(g.holes[-1])["grids"][1] == [["5", "5", "5", "5"], ["5", "5", "5", "4"]]
