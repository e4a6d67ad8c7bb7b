# What the player sees of storage trouble (MicroPython only: the firmware
# needs framebuf): a damaged save at start is named on screen and the last
# good copy opens; a full flash says "Not saved", keeps the game in memory
# and saves it once there is room.
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

from storage import loading, savefile  # noqa: E402
from simulator.flash import BLOCK, Flash, Volume, formatted  # noqa: E402
from simulator.driver import Driver, fresh_dir, steps  # noqa: E402


def note(d):
    return " ".join(str(r) for r in d.top().rows)


def test_the_starts_own_code_is_let_go_once_the_app_is_up():
    # start.py: what only a start runs (docs/MEMORY.md), not in the heap while a game is played
    fresh_dir("app-start")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    d.hole([11, 12])
    assert "start" not in sys.modules
    d = Driver("ttgo-t-display")  # power on again: the game comes back, the start let go again
    assert d.screen() == "Play" and d.app.game.totals() == [11, 12] and "start" not in sys.modules


def test_the_games_menu_is_let_go_while_a_hole_is_entered_and_made_again_after():
    # issue 60: the game's menu (ui/play.py) is out of the heap while a hole is entered; each way
    # back (the hole saved, the hole left, a past hole edited) finds it again, the main menu under it
    fresh_dir("app-hub-rest")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    d.key("ok")  # the first hole
    assert d.screen() == "GridEntry" and "ui.play" not in sys.modules
    assert d.app.stack[1] == ("ui.play", "Play") and d.screen() == "GridEntry"
    assert "ui.home" in sys.modules  # the main menu stays: it was made at boot, low in the heap
    d.key("back")  # leave the hole? asks
    d.choose("Drop & leave")
    assert d.screen() == "Play" and "ui.play" in sys.modules and d.top().items[0][0] == "Hole 1 of 3"
    d.hole([[[5, 5, 1, 2], [5, 5, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 8]]])  # saved: the menu made again
    assert d.screen() == "Play" and d.top().items[0][0] == "Hole 2 of 3"
    d.choose("Edit a hole")
    d.choose("Hole 1")
    assert d.screen() == "Menu" and [i[0] for i in d.top().items][:2] == ["ANN", "BOB"]
    d.key("back")  # to "Edit a hole", whose items were made by the menu let go: picked again,
    d.choose("Hole 1")  # the edit still comes back to the game's menu (a review found the main menu)
    d.fix("BOB", 0, "8")  # BOB's first card 1 -> 8: saved at once, its result shown
    assert d.screen() == "Message"
    d.key("ok")
    assert d.screen() == "Play" and [type(s).__name__ for s in d.app.stack] == ["Home", "Play"]
    totals = d.app.game.totals()
    assert totals[1] == 36 + 7  # (the fix is in the game)
    from storage import export  # noqa: F401  (as a phone's history download loads it: web/server.py)

    d.choose("Main menu")
    assert d.screen() == "Home" and len(d.app.stack) == 1
    assert "storage.export" not in sys.modules  # let go at a hub, as the other leaves
    d.choose("Continue game")
    assert d.screen() == "Play" and d.app.game.totals() == totals


def test_the_save_is_loaded_to_save_and_a_save_with_no_room_to_load_it_keeps_the_game():
    # issue 60: storage/savefile.py is loaded for a save and let go at a hub (its code is not in the
    # heap while a hole is entered); the error log's (storage/log.py) stays, for the crash path
    import builtins

    fresh_dir("app-save-leaf")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    d.key("ok")
    assert d.screen() == "GridEntry" and "storage.savefile" not in sys.modules
    assert "storage.log" in sys.modules
    real = builtins.__import__

    def no_room(name, *args):
        if name == "storage.savefile" or name == "storage" and "savefile" in (args[2] or ()):
            raise MemoryError("memory allocation failed")
        return real(name, *args)

    builtins.__import__ = no_room
    try:
        d.enter([11, 12])
    finally:
        builtins.__import__ = real
    assert d.screen() == "Message" and d.top().title == "Not saved"
    assert "not enough memory" in note(d) and d.app.game.totals() == [11, 12]  # kept in memory
    while d.screen() != "Play":
        d.key("ok")
    d.hole([1, 2])  # the next hole saves both
    assert "storage.savefile" not in sys.modules  # let go again at the game's menu
    d.key("ok")  # the third hole: cut by a power cut, and opened again at the next start
    d.enter([5])
    d = Driver("ttgo-t-display")  # power on again
    assert d.screen() == "Message" and "are back" in note(d)
    d.key("ok")
    assert d.screen() == "GridEntry" and d.app.game.totals() == [12, 14]
    for name in ("storage.savefile", "storage.loading", "ui.play"):  # the start's, not the hole's
        assert name not in sys.modules, name


def last_card(d, token):
    """Step the grid's last cell to token, as the driver does, holding nothing of the grid after."""
    s = d.top()
    i = s.hole.cell()
    d._cycle_to(lambda: s.hole.cells[i], steps(s.hole), token)


def test_a_grids_screen_is_loaded_for_a_grid_game_only_and_let_go_with_the_holes_entry():
    # issue 60: a grid's screen (ui/grid.py) is apart from the hole's flow (ui/entry.py): a hand
    # game (SuitUP Original, 8 players: its heap with Wi-Fi the most of any game's) never loads
    # it; a grid game loads it for the hole, and it is let go with the flow at the hole's save
    fresh_dir("app-grid-code")
    d = Driver("ttgo-t-display")
    d.new_game("SuitUP Original", ["ANN", "BOB"], holes=2)
    d.key("ok")
    assert d.screen() == "HandEntry" and "ui.entry" in sys.modules and "ui.grid" not in sys.modules
    d.hand(["K"])
    d.hand([])
    assert d.screen() == "Menu" and d.top().title == "Who went out?" and "ui.grid" not in sys.modules
    fresh_dir("app-grid-code-2")  # a grid game
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    assert d.screen() == "Play" and "ui.grid" not in sys.modules
    d.key("ok")
    assert d.screen() == "GridEntry" and "ui.grid" in sys.modules
    assert type(d.top()).__module__ == "ui.grid"
    d.enter([[[5, 5, 1, 2], [5, 5, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 8]]])
    assert d.screen() == "Message" and "ui.grid" not in sys.modules and "ui.entry" not in sys.modules


def test_a_hole_is_saved_with_its_entry_code_let_go_and_the_games_menu_holds_none_of_it():
    # issue 60: the save (the heap's peak at a hole's end) runs once the key that ended the hole
    # is done, its flow and screens gone: ui/entry.py (and what uses it) let go first, and its room
    # the save's; the game's menu does not load it, the next hole does
    import gc

    fresh_dir("app-save-entry")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    assert d.screen() == "Play" and "ui.entry" not in sys.modules  # (a review: its file's name loaded it)
    app = d.app
    seen = []
    real = type(app).save

    def save(self):
        gc.collect()
        seen.append(("ui.entry" in sys.modules, "ui.who" in sys.modules, self.pending,
                     [type(s).__name__ for s in self.stack], gc.mem_alloc()))
        return real(self)

    ann, bob = [[5, 5, 1, 2], [5, 5, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 8]]
    type(app).save = save
    try:
        for n in (1, 2):
            d.key("ok")  # the next hole
            assert d.screen() == "GridEntry" and "ui.entry" in sys.modules
            d.grid(ann)
            for t in (1, 5, 2, 6, 3, 7, 4):  # BOB's column by column, but the last card
                d.card(t)
            last_card(d, "8")
            gc.collect()
            entering = gc.mem_alloc()  # the last grid on the screen, on its last card
            d.shown = None  # (the driver's hold on the grid's screen)
            d.sim.press_key("ok")  # the last card taken: the hole's end, its save, its result
            assert d.screen() == "Message" and d.top().title == "Hole %d" % n, d.screen()
            entry, who, pending, stack, saving = seen[-1]
            assert (entry, who, pending, stack) == (False, False, None, ["Home", "tuple"]), seen[-1]
            # (64-bit: the entry's code alone is some 14 KB; the save's is loaded by then)
            assert saving < entering - 4096, (saving, entering)
            d.key("ok")
            assert d.screen() == "Play" and "ui.entry" not in sys.modules  # the game's menu alone
    finally:
        type(app).save = real
    d.choose("Main menu")
    d.choose("Continue game")
    assert d.screen() == "Play" and "ui.entry" not in sys.modules
    d = Driver("ttgo-t-display")  # power on again: the game's menu, without the hole's code
    assert d.screen() == "Play" and "ui.entry" not in sys.modules
    g = d.app.game
    assert len(g.holes) == 2 and g.cards(g.holes[0]) == g.cards(g.holes[1]) == [flat(ann), flat(bob)]


def flat(grid):
    """A Play Nine grid's cards as the game keeps them: row by row, as tokens."""
    return [str(t) for row in grid for t in row]


def test_a_key_right_after_the_one_that_saves_a_hole_finds_its_result():
    # (a review) two keys in one poll, the first ending a hole (its save waits for the key to be
    # done): the second met the game's menu made in the save's place, and the result then showed
    # over the main menu; a key's pending work now runs before the next key
    from hardware import OK

    fresh_dir("app-two-keys")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    d.hole([[[5, 5, 1, 2], [5, 5, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 8]]])
    keys = d.app.hw.keys
    real = keys.poll
    twice = []

    def poll(now):
        out = real(now)
        if twice and out == [OK]:  # the board read the next press in the same turn
            twice.pop()
            out.append(OK)
        return out

    keys.poll = poll
    try:
        d.choose("Edit a hole")
        d.choose("Hole 1")
        d.choose("ANN")
        d.key("ok")  # the first card, to change
        d.key("down")
        twice.append(1)
        d.key("ok")  # saved at once, and the second OK closes its result
        assert not twice and d.screen() == "Play", [type(s).__name__ for s in d.app.stack]
        assert [type(s).__name__ for s in d.app.stack] == ["Home", "Play"]
        d.key("ok")  # the next hole
        d.grid([[1, 2, 3, 4], [5, 6, 7, 8]])
        for t in (1, 5, 2, 6, 3, 7, 4):  # BOB's, but the last card
            d.card(t)
        last_card(d, "8")
        twice.append(1)
        d.key("ok")  # the hole's end (its save after the key), then OK on its result
        assert not twice and d.screen() == "Play" and len(d.app.game.holes) == 2
    finally:
        keys.poll = real


def test_the_playoffs_code_is_loaded_for_a_playoff_hole_alone():
    # issue 60: engine/playoff.py (a playoff hole's checks) is out of the heap through a game
    # without one, loaded for the playoff hole, and let go at the game's menu after it
    fresh_dir("app-playoff-leaf")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=1)
    d.hole([10, 10])  # a tie: a playoff hole next
    assert "engine.playoff" not in sys.modules and d.app.game.playoff_players() == [0, 1]
    assert d.top().items[0][0].startswith("Playoff")
    d.hole([5, 6])
    assert d.app.game.winner() == 0 and len(d.app.game.playoff) == 1
    assert d.screen() == "Play" and "engine.playoff" not in sys.modules


def test_an_errors_words_are_loaded_for_one_alone():
    # issue 60: engine/errtext.py (a ScoreError's line, a bad value named in it) is out of the heap
    # through a game without an error, loaded when one is put into words, let go at the next hub
    fresh_dir("app-errtext-leaf")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=2)
    d.hole([10, 12])
    assert d.screen() == "Play" and "engine.errtext" not in sys.modules
    from engine.errors import ScoreError, show

    e = ScoreError("7 cards '5' entered", card=2)
    e.player, e.name = 0, "ANN"
    assert e.text() == "player 1 (ANN), card 3: 7 cards '5' entered" and str(e) == e.text()
    assert show("A\nB") == "'A\\nB'" and "engine.errtext" in sys.modules
    d.key("back")  # the main menu: a hub
    assert d.screen() == "Home" and "engine.errtext" not in sys.modules


def test_the_number_screen_is_loaded_while_a_number_is_asked_alone():
    # issue 60: ui/number.py (the Number screen: the players, the holes, a total) is out of the
    # heap once the game is made and through its hole; asked again, it is loaded again and answers
    for board in ("cyd", "ttgo-t-display"):
        fresh_dir("app-number-leaf-" + board)
        d = Driver(board)
        d.new_game("Play Nine", ["ANN", "BOB"], holes=1)
        assert d.screen() == "Play" and "ui.number" not in sys.modules, (board, d.screen())
        d.hole([10, 12])  # the game's one hole: then its result, and on to the main menu
        assert "ui.number" not in sys.modules, (board, d.screen())
        while d.screen() != "Home":
            d.key("back")
        d.choose("New game")  # the game put into the history first
        d.choose("Finish into History")
        while d.screen() != "Home":  # the game's result said, and back
            d.key("back")
        assert "ui.number" not in sys.modules, board
        d.choose("New game")
        d.choose("Play Nine")  # a new game's count of players: a Number again
        assert d.screen() == "Number" and "ui.number" in sys.modules, (board, d.screen())
        d.number(3)
        assert d.screen() != "Number", board
        while d.screen() != "Home":
            d.key("back")
        assert "ui.number" not in sys.modules, board


def test_a_start_that_fails_lets_its_code_go_too_and_the_next_start_comes_back():
    fresh_dir("app-start-fails")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    d.hole([11, 12])

    def boom(*args):
        raise OSError("deliberate")

    import start  # (let go by the start above: loaded again here, the one the next start finds)

    real, start.start = start.start, boom
    try:
        d = Driver("ttgo-t-display", guarded=True)  # power on: the start fails, the error screen
        assert d.app is None and "start" not in sys.modules  # let go in the failure too
    finally:
        start.start = real
    d.key("ok")  # the guard's restart: start.py loaded afresh, and let go again
    assert d.app is not None and "start" not in sys.modules
    d.key("ok")  # the note that it restarted after an error
    assert d.screen() == "Play" and d.app.game.totals() == [11, 12]


def test_a_damaged_save_is_named_at_start_and_the_copy_before_opens():
    fresh_dir("app-damaged")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    d.hole([11, 12])
    d.hole([13, 14])
    with open(savefile.FILE, "r+b") as f:  # one byte of the last save goes bad
        f.seek(40)
        b = f.read(1)
        f.seek(40)
        f.write(bytes([b[0] ^ 0x20]))
    d = Driver("ttgo-t-display")  # power on again
    assert d.screen() == "Message" and d.top().title == "Note"
    text = note(d)
    assert "checksum does not match" in text and "state.bad" in text and "last hole" in text
    d.key("ok")
    assert d.screen() == "Play"
    assert d.app.game.totals() == [11, 12]  # the copy from the save before


def spoil(how):
    """The save rewritten whole, checksum and all, with a game the engine cannot read."""
    state = loading.read(savefile.FILE)[2]
    g = state["game"]
    if how == "card":
        g["holes"][-1]["grids"][0][0][0] = "ZZ"
    elif how == "players":
        g["players"] = []
    else:
        g["game"] = "no-such-game"
    savefile.save(state)  # the good copy becomes state.bak


def test_a_save_whose_game_cannot_be_read_is_set_aside_and_the_copy_before_opens():
    # (issue 27, 3: the note was only on the screen, not kept for a restart, and state.bak not tried)
    for how, why in (("card", "'ZZ'"), ("players", "player"), ("game", "no-such-game")):
        fresh_dir("app-unreadable-" + how)
        d = Driver("ttgo-t-display")
        d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
        d.hole([[[0, 1, 2, 3], [4, 5, 6, 7]], [[1, 2, 3, 4], [5, 6, 7, 8]]])
        d.hole([[[0, 1, 2, 3], [4, 5, 6, 7]], [[1, 2, 3, 4], [5, 6, 7, 8]]])
        totals = d.app.game.totals()
        spoil(how)
        d = Driver("ttgo-t-display")  # power on again
        assert d.screen() == "Message" and d.top().title == "Note", d.screen()
        text = note(d)
        assert "could not be read" in text and why in text and "state.bad" in text, text
        assert "save before was loaded" in text, text
        with open(savefile.NOTE) as f:  # kept until read: a restart now shows it again
            assert "could not be read" in f.read()
        d = Driver("ttgo-t-display")
        assert d.screen() == "Message" and "could not be read" in note(d)
        d.key("ok")
        assert d.screen() == "Play"
        assert d.app.game.totals() == totals, how  # the copy before: the same two holes
        d.hole([[[0, 1, 2, 3], [4, 5, 6, 7]], [[1, 2, 3, 4], [5, 6, 7, 8]]])
        assert len(loading.read(savefile.FILE)[2]["game"]["holes"]) == 3


def test_when_no_copy_holds_a_readable_game_the_rest_is_kept_and_said():
    fresh_dir("app-unreadable-both")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
    d.hole([11, 12])
    spoil("game")
    spoil("game")  # the copy before too
    d = Driver("ttgo-t-display")
    text = note(d)
    # the second copy set aside is numbered after the first (issue 37, 1)
    assert "state.bad." in text and "state.bad.bak.2" in text, text
    assert "settings and history are kept" in text, text
    d.key("ok")
    assert d.screen() == "Home" and d.app.game is None
    for name in ("state.bad", "state.bad.bak.2"):  # nothing deleted
        assert loading.read(name)[2]["game"]["game"] == "no-such-game"
    kind, _, state = loading.read(savefile.FILE)  # what was kept is saved: a restart keeps it too
    assert kind == "ok" and state["game"] is None and state["roster"] == ["ANN", "BOB"], (kind, state)


def test_a_full_flash_keeps_the_game_in_memory_and_saves_it_when_there_is_room():
    flash = Flash(16, formatted(16))
    v = Volume(flash)
    try:
        d = Driver("devkit-oled")
        d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
        d.hole([11, 12])
        n = 0
        try:
            while True:
                v.write("junk%d" % n, b"\x55" * BLOCK)
                n += 1
        except OSError:
            pass
        d.key("ok")
        d.enter([13, 14])
        assert d.screen() == "Message" and d.top().title == "Not saved"
        assert "the flash is full" in note(d)
        assert d.app.game.totals() == [24, 26]  # kept in memory
        assert loading.read(savefile.FILE)[2]["seq"] == 2  # the flash still has the save before
        while d.screen() != "Play":  # (the game's menu: made again, the app let it go during the hole)
            d.key("ok")
        for i in range(n):
            v.remove("junk%d" % i)
        d.hole([1, 2])  # the next hole saves everything
        d = Driver("devkit-oled")  # power on again
        assert d.screen() == "Play" and d.app.game.totals() == [25, 28]
    finally:
        v.close()
