# The simulator in-process (MicroPython only: the firmware needs framebuf):
# every board boots to the first screen, key scripts drive the real buttons
# through the board's key map, and bad scripts say which line is wrong.
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

from support import raises  # noqa: E402
from test_ui_games import BOARDS as BUTTON_BOARDS  # noqa: E402
from simulator.driver import fresh_dir, simulator  # noqa: E402
from simulator import glass, panel, png  # noqa: E402  (tools/ is on the path: mp_run.py, conftest.py)


def lit_rows(emu):
    w, h = emu.size()
    return [y for y in range(h) if any(emu.pixel(x, y) != (0, 0, 0) for x in range(0, w, 2))]


def test_every_board_boots_to_the_first_screen():
    fresh_dir("sim")
    for board in BUTTON_BOARDS:
        s = simulator().Sim(board)
        assert s.frames == 1, board
        assert len(lit_rows(s.emu)) > 20, board
        home = s.app.stack[-1]
        assert type(home).__name__ == "Home" and home.cursor == 0
        assert [i[0] for i in home.items] == ["New game", "Multiple 9", "History", "Settings"]


def test_logical_keys_and_physical_presses_move_the_cursor():
    fresh_dir("sim")
    s = simulator().Sim("ttgo-t-display")
    home = s.app.stack[-1]
    s.run_line("down x3")
    assert home.cursor == 3
    s.run_line("press top+bottom")  # the two buttons together: UP on this board
    assert home.cursor == 2
    # the top held: DOWN, again and again (at 225, 335, 445 and 555 ms); let go, the repeats of its
    # last 195 ms but the first are taken back (drivers/buttons.py): two steps, 3, 0
    s.run_line("press top 600")
    assert home.cursor == 0
    s.run_line("press bottom+top 400")  # held together: UP repeats (225 ms; 335, taken back): once
    assert home.cursor == 3
    s.run_line("up")
    s.run_line("bounce on")
    s.run_line("press top")  # bouncy contacts still give one press
    assert home.cursor == 3
    s.run_line("ok")
    assert type(s.app.stack[-1]).__name__ == "SettingsMenu"
    s.run_line("back")
    assert s.app.stack[-1] is home


def test_three_button_boards():
    fresh_dir("sim")
    for board in ("m5stack-core", "devkit-oled"):
        s = simulator().Sim(board)
        home = s.app.stack[-1]
        s.run_line("press 3")
        s.run_line("press 3")
        s.run_line("press 1")
        assert home.cursor == 1, board


def test_redraws_only_on_change():
    fresh_dir("sim")
    s = simulator().Sim("m5stack-core")
    frames = s.frames
    s.run_line("wait 2000")
    assert s.frames == frames
    s.run_line("down")
    assert s.frames == frames + 1


def test_script_errors_name_the_line():
    fresh_dir("sim")
    s = simulator().Sim("ttgo-t-display")
    err = simulator().ScriptError
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
    fresh_dir("sim")
    s = simulator().Sim("devkit-oled")
    path = "/tmp/_sim_shot.png"
    s.screenshot(path, 2)
    w, h, rows = png.read(path)
    assert (w, h) == (256, 128)
    for y in (0, 17, 63):
        for x in (0, 40, 127):
            assert rows[2 * y][2 * x] == s.emu.pixel(x, y) == rows[2 * y + 1][2 * x + 1]


def test_no_screen_cuts_its_text_on_any_board():
    fresh_dir("sim")
    # every entry of the main menu and of the menus it opens, scrolled through
    for board in BUTTON_BOARDS:
        s = simulator().Sim(board, False)
        home = s.app.stack[-1]
        for _ in range(len(home.items)):
            s.run_line("ok")
            menu = s.app.stack[-1]
            for _ in range(len(getattr(menu, "items", ())) + 2):
                s.run_line("down")
            s.run_line("ok")  # the last entry of that menu, whatever it is
            s.run_line("down x3")
            while s.app.stack[-1] is not home:
                s.run_line("back")
            s.run_line("down")
        assert s.app.pen.cut == [], (board, s.app.pen.cut)


def test_sleep_after_the_timeout_and_any_key_wakes_only():
    fresh_dir("sim")
    s = simulator().Sim("ttgo-t-display")
    s.app.state["settings"]["sleep_s"] = 30
    home = s.app.stack[-1]
    s.run_line("wait 29000")
    assert not s.app.asleep and s.emu.bl.level == 1
    s.run_line("wait 2000")
    assert s.app.asleep and s.emu.bl.level == 0 and s.emu.pixel(5, 5) == (0, 0, 0)
    s.run_line("down")  # wakes, and does nothing else
    assert not s.app.asleep and s.emu.bl.level == 1 and home.cursor == 0
    s.run_line("down")
    assert home.cursor == 1


class Host:
    """What ui/touch.py's frame() draws with: an app's pen."""

    pen = None


def test_a_screen_drawn_in_bands_is_the_screen_drawn_whole():
    # The colour boards draw in bands (boards' BAND; the TTGO, the M5Stack and the CYD
    # fewer rows with Wi-Fi on, WIFI_BAND); each screen must come out pixel for pixel as from a frame
    # buffer of the whole screen.
    from drivers.ili9341 import ILI9341
    from drivers.ili9342 import ILI9342
    from drivers.st7789 import ST7789
    from ui.draw import Pen
    from simulator.driver import Driver

    def ttgo(e, band):
        return ST7789(e, e.dc, e.cs, e.rst, rotation=1, band=band)

    def m5(e, band):
        return ILI9342(e, e.dc, e.cs, e.rst, band=band)

    def cyd(e, band):
        return ILI9341(e, e.dc, e.cs, None, rotation=1, band=band)

    from web.run import _rows

    for board, make, half in (("ttgo-t-display", ttgo, False), ("m5stack-core", m5, False),
                              ("ttgo-t-display", ttgo, True), ("m5stack-core", m5, True), ("cyd", cyd, False),
                              ("cyd", cyd, True)):
        fresh_dir("bands")
        d = Driver(board, emulate=True)
        band = d.app.hw.display.band
        assert band < d.app.hw.display.height  # the board draws in bands
        if half:  # as while the phones are served (web/run.py): the board's panel() says how many rows
            fewer = d.app.hw.display.wifi_band
            assert 0 < fewer < band
            _rows(d.app.pen, fewer)
            assert d.app.pen.rows == d.app.hw.display.band == fewer
        d.new_game("Play Nine", ["ANN", "BOB"], holes=3)
        screens = 0
        # the hub, the entry screen, a card or two on it (the CYD: cards tapped on its pad)
        for k in ("ok", "down", "ok", "down") if board != "cyd" else ("ok", "5", "7", "9"):
            whole_emu = panel.DCSPanel(glass.ALL[board])
            whole = make(whole_emu, 0)
            assert whole.band == whole.height
            via = d.app.via
            if via is not None:  # the CYD: its keys under the screen too (ui/touch.py's frame)
                host = Host()
                host.pen = Pen(whole)
                via.frame(host, d.top())
            else:
                Pen(whole).frame(d.top().draw)
            w, h = d.sim.emu.size()
            for y in range(h):
                for x in range(w):
                    assert d.sim.emu.pixel(x, y) == whole_emu.pixel(x, y), (board, d.screen(), x, y)
            screens += 1
            d.key(k) if len(k) > 1 else d.tap_pad(k)
        assert screens == 4


def decode(line):
    """A line of the terminal view back to (upper, lower) colour pairs: a
    glyph is fg over bg, a space bg over bg."""
    fg = bg = None
    row = []
    k = 0
    while k < len(line):
        if line[k] == "\x1b":
            end = line.index("m", k)
            code = [int(v) for v in line[k + 2 : end].split(";")]
            if code[:2] == [38, 2]:
                fg = tuple(code[2:])
            elif code[:2] == [48, 2]:
                bg = tuple(code[2:])
            k = end + 1
            continue
        row.append((fg, bg) if line[k] == "\u2580" else (bg, bg))
        k += 1
    return row


def test_the_terminal_view_is_the_screen_and_solid_areas_are_plain_background():
    fresh_dir("sim")
    for board in BUTTON_BOARDS:
        s = simulator().Sim(board)
        s.run_line("ok")
        s.run_line("ok")
        s.run_line("down")  # a highlighted row with text in it
        import sim  # (tools/sim.py, the command: its terminal view)

        lines = sim.render(s.emu, 1)
        w, h = s.emu.size()
        assert len(lines) == h // 2, board
        for n, line in enumerate(lines):  # a line at a time: the port's test heap is small
            want = [(s.emu.pixel(x, 2 * n), s.emu.pixel(x, 2 * n + 1)) for x in range(w)]
            assert decode(line) == want, (board, n)
            # a glyph only where its two pixels differ: a terminal that lifts a
            # glyph's contrast cannot paint a solid highlight with pale blocks
            assert line.count("\u2580") == sum(1 for a, b in want if a != b), (board, n)


def test_wifi_turned_on_at_start_shows_phones_in_the_game_and_the_page_line_tells_the_truth():
    # (issue 29, 5 and 6: make sim WIFI=1 on a flash where Wi-Fi was off left Phones out of the
    # game's menu until the main menu was visited; a second simulator's terminal announced port
    # 8080, the first one's page)
    from simulator.driver import Driver

    fresh_dir("sim-wifi")
    d = Driver("ttgo-t-display")
    d.new_game("Play Nine", ["ANN", "BOB"], holes=2)
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    s = sim.Sim("ttgo-t-display")  # power on again: the game opens
    play = s.app.stack[-1]
    assert type(play).__name__ == "Play" and "Phones" not in [i[0] for i in play.items]
    sim.wifi_on(s)
    assert "Phones" in [i[0] for i in play.items] and s.app.state["settings"]["wifi"] == "own"
    s.port = 8099
    assert sim.page_line(s) == "the phones' page: starting..."  # (no address before it is served there)
    from web.state import Wifi

    class Net:
        wifi = Wifi({})

    s.app.net = Net()
    Net.wifi.ip = "127.0.0.1"
    assert sim.page_line(s) == "the phones' page: starting..."  # the radio up, the server not yet
    Net.wifi.port = 8099
    assert sim.page_line(s) == "the phones' page: http://127.0.0.1:8099/"
    Net.wifi.error = "The page could not be served ([Errno 98] EADDRINUSE)."
    line = sim.page_line(s)
    assert "EADDRINUSE" in line and "127.0.0.1" not in line and "WEB_PORT" in line, line


def test_a_terminal_too_small_for_the_live_view_is_told_the_size_it_needs():
    # (issue 29, 7: it showed a blank or garbled screen)
    fresh_dir("sim-size")
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    s = sim.Sim("m5stack-core")
    cols, rows = sim.needed(s, 2)
    assert cols >= 160 and rows >= 60 + len(sim.live_help(s))  # 320 x 240 halved: 160 x 60, and its lines
    assert sim.too_small(s, 2, "%d %d" % (rows, cols)) is None
    for unknown in (None, "None None", "", "0 0"):  # not known: tried
        assert sim.too_small(s, 2, unknown) is None, unknown
    why = sim.too_small(s, 2, "24 80")
    assert "80 x 24" in why and "needs %d x %d" % (cols, rows) in why, why
    # (a newcomer: ZOOM=3 was offered where it did not fit either) the zoom offered fits, if one does
    for size in ("24 80", "40 120", "20 60", "10 30"):
        why = sim.too_small(s, 2, size)
        if "ZOOM=" in why:  # the first that fits
            z = int(why.split("ZOOM=")[1].split()[0])
            assert sim.too_small(s, z, size) is None and sim.too_small(s, z - 1, size), (size, why)
        else:
            assert all(sim.too_small(s, z, size) for z in range(2, sim.ZOOM_MOST + 1)), (size, why)


def test_every_letter_and_digit_stays_distinct_at_the_default_half_size():
    # (issue 29, 2: at half size 6 and 9 looked like 8, and 23 like 29; the PIN was misread) Each
    # character as the 240- and 320-wide panels draw it (twice size), at every offset against
    # the live view's blocks, reduced as the view reduces it: no two the same
    import framebuf

    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-+=:#."

    class Emu:
        def __init__(self, c, ox, oy):
            fb = framebuf.FrameBuffer(bytearray(64), 8, 8, framebuf.MONO_HLSB)
            fb.text(c, 0, 0, 1)
            self.big = [[fb.pixel((x - ox) // 2, (y - oy) // 2) if x >= ox and y >= oy else 0
                         for x in range(20)] for y in range(20)]

        def size(self):
            return 20, 20

        def pixel(self, x, y):
            return (255, 255, 255) if self.big[y][x] else (0, 0, 0)

    for ox in (0, 1):
        for oy in (0, 1):
            seen = {}
            for c in chars:
                e = Emu(c, ox, oy)
                shape = tuple(sim.block(e, x, y, 2) for y in range(0, 20, 2) for x in range(0, 20, 2))
                assert shape not in seen, (c, seen.get(shape), ox, oy)
                seen[shape] = c


def test_the_live_legend_says_what_each_button_does_in_words():
    # (issue 37, 8: "long -" for a press that does nothing was unclear) Each button's line names
    # what its presses do, and a press that does nothing is left out, not shown as "-"
    import sim  # (tools/sim.py, the command: its live view and options; Sim is simulator/session.py's)
    for board in BUTTON_BOARDS:
        fresh_dir("legend-" + board)
        s = sim.Sim(board)
        if s.kind != "buttons":
            continue
        lines = [line for line in sim.live_help(s) if "button " in line]
        assert len(lines) == len(s.board.BUTTONS), (board, lines)
        for line in lines:
            does = line.split(": ", 1)[1]
            assert " -" not in does and "- " not in does and does.strip() != "-", (board, line)
            assert "short " in does or "a press: " in does or "held on" in does, (board, line)
