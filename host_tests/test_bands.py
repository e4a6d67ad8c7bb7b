# A screen on a banded panel (a buffer of a few rows: the colour boards) is
# drawn once, in its first band, and what it drew is drawn again in the
# others (ui/draw.py Pen.frame, issue 44): every frame on the way through a
# game must leave the panel's memory as it was when the screen's own drawing
# ran once a band, the way it was drawn before. MicroPython only (framebuf).
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

from simulator.driver import Driver, fresh_dir  # noqa: E402

from common.boards import REAL as BOARDS  # noqa: E402


def once_a_band(pen, draw):
    """The screen drawn as it was before the display list: draw(pen) run
    whole in every band."""
    d = pen.d
    y = 0
    while y < d.height:
        d.at(y)
        pen.oy = y
        pen.clear()
        draw(pen)
        d.show()
        y += pen.rows
    pen.oy = 0


def screens_checked(board):
    """Through a game on board's emulated panel, each whole frame checked
    against once_a_band: the screens seen, or None on a panel without bands."""
    from ui.draw import Pen

    fresh_dir("bands-" + board)
    d = Driver(board, emulate=True)
    emu = d.sim.emu
    if not hasattr(emu, "ram") or d.app.pen.rows >= d.app.pen.d.height:
        return None  # the OLED: one buffer, the whole screen
    seen = []
    frame = Pen.frame

    runs = [0]

    def counted(pen):
        runs[0] += 1

    def checked(pen, draw, dirty=True):
        runs[0] = 0

        def drawn(p):
            counted(p)
            draw(p)

        frame(pen, drawn, dirty)
        if dirty is True:  # drawn once (its calls kept), or in every band (too many to keep)
            assert runs[0] in (1, (pen.d.height + pen.rows - 1) // pen.rows), (board, d.screen(), runs[0])
            seen.append("again" if runs[0] > 1 else "once")
        got = bytes(emu.ram)
        once_a_band(pen, draw)
        if bytes(emu.ram) != got:
            raise AssertionError("%s, %s: not as drawn once a band" % (board, d.screen()))
        seen.append(d.screen())

    Pen.frame = checked
    try:
        d.new_game("Play Nine", ["ANN", "BOB"], holes=2)
        d.hole([[[0, 1, 2, 3], [4, 5, 6, 7]], [[1, 2, 3, 4], [5, 6, 7, 8]]])
        d.choose("Scores")
        d.key("ok")  # a page further: the chart (lines)
        d.key("ok")
        d.key("back")
    finally:
        Pen.frame = frame
    return seen


def test_a_screen_drawn_once_shows_as_drawn_in_every_band():
    banded = 0
    again = False
    for board in BOARDS:
        seen = screens_checked(board)
        if seen is None:
            continue
        banded += 1
        # the menus, a Number, the hub, the grid, the table and the chart
        for name in ("Menu", "Number", "Play", "GridEntry", "Scores", "once"):
            assert name in seen, (board, name, seen)
        again = again or "again" in seen
    assert again  # a screen with more calls than are kept (the scores' table) was checked too
    assert banded >= 4  # the TTGO, the M5Stack, the Cardputer, the CYD
