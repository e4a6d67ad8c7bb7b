# The drawing kit on a real framebuf (MicroPython only) with a fake display.
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("framebuf: MicroPython only", allow_module_level=True)

import random  # noqa: E402
from array import array  # noqa: E402

import framebuf  # noqa: E402
from drivers import expand  # noqa: E402
from drivers.dirty import Dirty  # noqa: E402
from ui import bigtext, draw  # noqa: E402


class Display(Dirty, framebuf.FrameBuffer):
    """The display contract over a plain GS4 or MONO buffer."""

    def __init__(self, w, h, mono=False):
        self.width, self.height, self.mono = w, h, mono
        fmt = framebuf.MONO_VLSB if mono else framebuf.GS4_HMSB
        self.buf = bytearray(w * h // 8 if mono else w * h // 2)
        super().__init__(self.buf, w, h, fmt)
        self.colours = {}

    def set_colour(self, i, r, g, b):
        self.colours[i] = (r, g, b)


def test_palette_and_roles():
    d = Display(240, 136)
    pen = draw.Pen(d)
    assert len(d.colours) == 16 and d.colours[draw.BG] == (0, 0, 0)
    assert pen.c(draw.ACCENT) == draw.ACCENT
    m = draw.Pen(Display(128, 64, mono=True))
    assert (m.c(draw.BG), m.c(draw.FG), m.c(draw.SEL_BG), m.c(draw.SEL_FG)) == (0, 1, 1, 0)


def test_scaled_text_is_the_font_made_bigger():
    d = Display(240, 136)
    pen = draw.Pen(d)
    assert pen.scale == 2
    ref = framebuf.FrameBuffer(bytearray(8 * 8), 64, 8, framebuf.MONO_HLSB)
    ref.text("Ag9%", 0, 0, 1)
    w = pen.text("Ag9%", 10, 20, draw.FG)
    assert w == 64
    for y in range(16):
        for x in range(64):
            want = draw.FG if ref.pixel(x // 2, y // 2) else 0
            assert d.pixel(10 + x, 20 + y) == want, (x, y)


class Fast(Display):
    """The same over a colour panel's band, which scales text itself in
    machine code (drivers/dcs.py DCSPanel.scaled, drivers/expand.py glyphs)."""

    def __init__(self, w, h, band):
        super().__init__(w, band)
        self.height, self.band, self.stride = h, band, w

    from drivers.dcs import DCSPanel

    scaled = DCSPanel.scaled
    meets = DCSPanel.meets


def test_scaled_text_in_machine_code_is_the_font_made_bigger_band_by_band():
    """(issue 44: the pen's own loop was most of a card step) The panel's
    scaling gives the picture framebuf's font does, scaled, and the pen's
    loop: every pixel, at 2 and 3 times, cut at the band's top and bottom
    and at the screen's right edge."""
    text = "Ag9%|_#"
    for k in (2, 3):
        ref = framebuf.FrameBuffer(bytearray(8 * 8), 64, 8, framebuf.MONO_HLSB)
        ref.text(text, 0, 0, 1)
        for oy in range(0, 40, 3):  # the band's first row: the text in it, across its edges, outside
            fast, slow = Fast(240, 136, 16), Fast(240, 136, 16)
            slow.scaled = None  # (as on the web page, which has no viper: the pen's own loop)
            pens = draw.Pen(fast), draw.Pen(slow)
            assert pens[0].fast and not pens[1].fast
            for pen in pens:
                pen.oy = oy
                pen.text(text, 3, 20, draw.ACCENT, k)
                pen.text(text, 240 - 8 * k * 3 - 5, 20 + 8 * k, draw.GOOD, k)  # below, cut to 3 characters
            assert fast.buf == slow.buf, (k, oy)
            for y in range(16):
                sy = oy + y - 20  # the first text's row
                if 0 <= sy < 8 * k:
                    for x in range(8 * k * len(text)):
                        lit = ref.pixel(x // k, sy // k)
                        assert fast.pixel(3 + x, y) == (draw.ACCENT if lit else 0), (k, oy, x, y)


def test_text_is_cut_at_a_whole_character():
    d = Display(128, 64, mono=True)
    pen = draw.Pen(d)
    assert pen.scale == 1
    assert pen.text("0123456789ABCDEFGHIJ", 8, 0) == 15 * 8  # 120 px of room
    assert pen.text("x", 125, 0) == 0
    assert pen.cut == ["0123456789ABCDEFGHIJ", "x"]  # recorded: a layout bug


def test_chart_stays_in_its_box():
    from ui.scores import chart

    d = Display(240, 136)
    pen = draw.Pen(d)
    low, high = chart(pen, 20, 30, 100, 50, [[0, 5, 12, 30], [3, -4, 8, 9]])
    assert (low, high) == (-4, 30)
    inside = [(x, y) for y in range(136) for x in range(240) if d.pixel(x, y)]
    assert inside and all(20 <= x < 120 and 30 <= y < 80 for x, y in inside)
    lines = set(d.pixel(x, y) for x, y in inside)
    assert draw.SERIES[0] in lines and draw.SERIES[1] in lines


def test_entry_top_line_never_runs_into_the_score():
    from ui.entry import title_and_score

    for w in (240, 128):
        d = Display(w, 64)
        pen = draw.Pen(d)
        title_and_score(pen, "ABCDEFGH", "Hole 18", -117)
        score_x = w - pen.text_width("= -117") - 2
        gap = range(score_x - 8 * pen.scale + 1, score_x)
        assert all(d.pixel(x, y) == 0 for x in gap for y in range(1, 1 + 8 * pen.scale)), w
        assert any(d.pixel(x, y) for x in range(score_x, w) for y in range(1, 9 * pen.scale)), w  # drawn


def pixels(x, y, w, h):
    return {(i, j) for i in range(x, x + w) for j in range(y, y + h)}


def test_meets_is_whether_they_share_a_pixel():
    """A drawing call meets what changed when they share a pixel: the
    colour panels' machine code (drivers/expand.py) and the Python one
    (ui/bigtext.py: the OLED's, the web page's), each
    against the pixels, with rectangles off the top left and empty ones
    (h 0) among them."""
    random.seed(5)
    fns = [bigtext.meets, lambda *a: expand.meets(None, *a)]
    for _ in range(300):
        r = array("h", [0] * 16)
        changed = set()
        for i in range(0, 16, 4):
            if random.random() < 0.3:
                continue  # none (h 0)
            r[i], r[i + 1] = random.randint(-6, 20), random.randint(-6, 20)
            r[i + 2], r[i + 3] = random.randint(1, 8), random.randint(1, 8)
            changed |= pixels(r[i], r[i + 1], r[i + 2], r[i + 3])
        x, y = random.randint(-6, 24), random.randint(-6, 24)
        w, h = random.randint(1, 9), random.randint(1, 9)
        want = bool(changed & pixels(x, y, w, h))
        for fn in fns:
            assert fn(r, 16, x, y, w, h) == want, (list(r), x, y, w, h)
