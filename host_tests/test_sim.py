# The simulator in-process (MicroPython only: the firmware needs framebuf):
# every board boots to the first screen, key scripts drive the real buttons
# through the board's key map, and bad scripts say which line is wrong.
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

sys.path.insert(0, __file__[: __file__.rfind("/")] + "/../boards")
import sim as simboard  # noqa: E402,F401  (boards/sim.py before tools/sim.py)

sys.path.insert(0, __file__[: __file__.rfind("/")] + "/../tools")
import png  # noqa: E402

from support import raises  # noqa: E402

_tool = {}


def tool():
    # tools/sim.py, loaded once under another name (boards/sim.py is "sim")
    if not _tool:
        path = __file__[: __file__.rfind("/")] + "/../tools/sim.py"
        ns = {"__file__": path, "__name__": "simtool"}
        exec(open(path).read(), ns)
        _tool.update(ns)
    return _tool


def lit_rows(emu):
    w, h = emu.size()
    return [y for y in range(h) if any(emu.pixel(x, y) != (0, 0, 0) for x in range(0, w, 2))]


def test_every_board_boots_to_the_first_screen():
    for board in ("ttgo-t-display", "m5stack-core", "devkit-oled"):
        s = tool()["Sim"](board)
        assert s.frames == 1, board
        assert len(lit_rows(s.emu)) > 20, board
        home = s.app.stack[-1]
        assert type(home).__name__ == "Home" and home.cursor == 0


def test_logical_keys_and_physical_presses_move_the_cursor():
    s = tool()["Sim"]("ttgo-t-display")
    home = s.app.stack[-1]
    s.run_line("down x3")
    assert home.cursor == 3
    s.run_line("press top long")  # the top button held: UP on this board
    assert home.cursor == 2
    s.run_line("bounce on")
    s.run_line("press top")  # bouncy contacts still give one press
    assert home.cursor == 3
    s.run_line("ok")
    assert type(s.app.stack[-1]).__name__ == "GameInfo"
    s.run_line("back")
    assert s.app.stack[-1] is home


def test_three_button_boards():
    for board in ("m5stack-core", "devkit-oled"):
        s = tool()["Sim"](board)
        home = s.app.stack[-1]
        s.run_line("press 3")
        s.run_line("press 3")
        s.run_line("press 1")
        assert home.cursor == 1, board


def test_redraws_only_on_change():
    s = tool()["Sim"]("m5stack-core")
    frames = s.frames
    s.run_line("wait 2000")
    assert s.frames == frames
    s.run_line("down")
    assert s.frames == frames + 1


def test_script_errors_name_the_line():
    s = tool()["Sim"]("ttgo-t-display")
    err = tool()["ScriptError"]
    for line, msg in (("jump", "not understood"), ("press Z", "no button 'Z'"),
                      ("press top sideways", "short, long or a time")):
        with raises(err, msg):
            s.run_line(line)
    path = "/tmp/_sim_script.txt"
    with open(path, "w") as f:
        f.write("down\n# fine\nwiggle\n")
    with raises(err, "line 3", "wiggle"):
        s.run_script(path)


def test_screenshot_is_the_emulated_glass_scaled_up():
    s = tool()["Sim"]("devkit-oled")
    path = "/tmp/_sim_shot.png"
    s.screenshot(path, 2)
    w, h, rows = png.read(path)
    assert (w, h) == (256, 128)
    for y in (0, 17, 63):
        for x in (0, 40, 127):
            assert rows[2 * y][2 * x] == s.emu.pixel(x, y) == rows[2 * y + 1][2 * x + 1]


def test_no_screen_cuts_its_text_on_any_board():
    for board in ("ttgo-t-display", "m5stack-core", "devkit-oled"):
        s = tool()["Sim"](board)
        for _ in range(5):  # every game
            s.run_line("ok")  # the game's page
            s.run_line("down x12")  # scroll through it all
            s.run_line("back")
            s.run_line("down")
        assert s.app.pen.cut == [], (board, s.app.pen.cut)
