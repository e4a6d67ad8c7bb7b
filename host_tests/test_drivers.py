# The panel drivers against the panel emulators (tools/panel.py): the
# byte streams they send, decoded as the controller would, must put the
# picture on the glass the right way round, in the right colours, and send
# only what changed. framebuf exists only on MicroPython: skipped on CPython.
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("framebuf: MicroPython only", allow_module_level=True)

from simulator import glass, panel  # noqa: E402
from drivers.ili9341 import ILI9341  # noqa: E402
from drivers.ili9342 import ILI9342  # noqa: E402
from drivers.ssd1306 import SH1106, SSD1306  # noqa: E402
from drivers.st7789 import ST7789  # noqa: E402

WHITE, RED, BLACK = (255, 255, 255), (255, 0, 0), (0, 0, 0)


def ttgo(rotation=1):
    """A TTGO glass held the way TFT_eSPI's rotation `rotation` is upright
    (ST7789_Rotation.h's MADCTL and offsets), and our driver at that rotation."""
    g = glass.TTGO
    madctl, start = TFT_ESPI_ST7789_135[rotation]
    size = (240, 135) if rotation & 1 else (135, 240)
    emu = panel.DCSPanel(glass.Glass("ttgo-%d" % rotation, "ST7789V", g.ram, madctl | glass.BGR, start, size,
                                     True, g.ident, g.pins, g.host, g.init, g.sources))
    d = ST7789(emu, emu.dc, emu.cs, emu.rst, rotation=rotation, bl=emu.bl)
    return emu, d


# Bodmer/TFT_eSPI TFT_Drivers/ST7789_Rotation.h for a 135x240 glass (CGRAM_OFFSET): rotation ->
# (MADCTL without the colour order, (colstart, rowstart))
TFT_ESPI_ST7789_135 = ((0, (52, 40)), (0x60, (40, 53)), (0xC0, (53, 40)), (0xA0, (40, 52)))


def m5():
    emu = panel.DCSPanel(glass.ALL["m5stack-core"])
    return emu, ILI9342(emu, emu.dc, emu.cs, emu.rst, bl=emu.bl)


def paint(d):
    """A one-pixel white border and a red block at (2, 3), on black."""
    d.set_colour(0, 0, 0, 0)
    d.set_colour(1, 255, 255, 255)
    d.set_colour(2, 255, 0, 0)
    d.fill(0)
    d.rect(0, 0, d.width, d.height, 1)
    d.fill_rect(2, 3, 10, 5, 2)
    d.mark_all()
    return d.show()


def check_picture(emu, d):
    assert emu.size() == (d.width, d.height)
    w, h = d.width, d.height
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 0), (0, h // 2), (w - 1, h // 2)):
        assert emu.pixel(x, y) == WHITE, (x, y, emu.pixel(x, y))
    assert emu.pixel(1, 1) == BLACK and emu.pixel(w - 2, h - 2) == BLACK
    assert emu.pixel(2, 3) == RED and emu.pixel(11, 7) == RED
    assert emu.pixel(12, 7) == BLACK and emu.pixel(2, 8) == BLACK


def test_ttgo_every_rotation_lands_on_the_glass():
    # each rotation's MADCTL and window offsets as TFT_eSPI's table gives them for this glass
    for rot in range(4):
        emu, d = ttgo(rot)
        assert (d.width, d.height) == ((135, 240) if rot % 2 == 0 else (240, 135))
        assert (d.madctl & 0xE0, (d.xoff, d.yoff)) == TFT_ESPI_ST7789_135[rot], rot
        sent = paint(d)
        assert sent == d.width * d.height * 2 == emu.data_bytes
        check_picture(emu, d)


def test_cyd_every_rotation_lands_on_the_glass_in_its_colours():
    # TFT_eSPI's ILI9341 rotations (MX, MV, MY, MX|MY|MV with BGR) on a glass held each way; the
    # TN glass wants no INVON; no reset pin (a software reset)
    for rot, madctl in enumerate((0x40, 0x20, 0x80, 0xE0)):
        g = glass.CYD
        size = (320, 240) if rot & 1 else (240, 320)
        emu = panel.DCSPanel(glass.Glass("cyd-%d" % rot, "ILI9341", g.ram, madctl | glass.BGR, (0, 0), size,
                                         False, g.ident, g.pins, g.host, g.init, g.sources))
        d = ILI9341(emu, emu.dc, emu.cs, None, rotation=rot, bl=emu.bl)
        assert (d.width, d.height) == size
        sent = paint(d)
        assert sent == d.width * d.height * 2 == emu.data_bytes
        check_picture(emu, d)  # white, black and red where they belong: no inversion, BGR right
        assert 0x21 not in emu.commands and 0x01 in emu.commands  # no INVON; SWRESET


def test_ttgo_init_sequence():
    emu, d = ttgo(1)
    c = emu.commands
    assert c[0] == 0xB0 and emu.colmod == 0x55  # a reset pin: no software reset; the maker's settings first
    assert 0x21 in c and c.index(0x29) > c.index(0x36) > c.index(0xE1)  # inverted, on after MADCTL
    assert emu.madctl == 0x68 and emu.bl.level == 1


def test_m5stack_colours_and_orientation():
    emu, d = m5()
    assert (d.width, d.height) == (320, 240)
    paint(d)
    check_picture(emu, d)
    assert emu.madctl & 0x08  # BGR glass: red must still show red


def test_a_turned_or_mirrored_driver_shows_so():
    # the glass follows the maker, not the driver: a driver that sends another MADCTL is seen wrong
    emu, d = ttgo(1)
    paint(d)
    d.fix(2)  # turned: the red block shows at the far corner
    d.mark_all()
    d.show()
    w, h = d.width, d.height
    assert emu.pixel(w - 1 - 2, h - 1 - 3) == RED and emu.pixel(2, 3) == BLACK
    check_turned = [emu.pixel(x, y) for x, y in ((0, 0), (w - 1, h - 1))]
    assert check_turned == [WHITE, WHITE]
    d.fix(1)  # mirrored
    d.show()
    assert emu.pixel(w - 1 - 2, 3) == RED and emu.pixel(2, 3) == BLACK
    d.fix(4)  # red and blue swapped
    d.show()
    assert emu.pixel(2, 3) == (0, 0, 255)
    d.fix(8)  # inverted
    d.show()
    assert emu.pixel(2, 3) == (0, 255, 255) and emu.pixel(1, 1) == WHITE
    d.fix(0)
    d.show()
    check_picture(emu, d)


def test_only_the_changed_window_is_sent():
    emu, d = ttgo(1)
    paint(d)
    before = emu.data_bytes
    assert d.show() == 0 and emu.data_bytes == before  # nothing marked
    d.fill_rect(100, 50, 20, 10, 2)
    d.mark(100, 50, 20, 10)
    assert d.show() == 20 * 10 * 2
    assert emu.data_bytes - before == 400
    assert emu.pixel(100, 50) == RED and emu.pixel(119, 59) == RED
    assert emu.pixel(99, 50) == BLACK and emu.pixel(120, 59) == BLACK
    assert emu.pixel(0, 0) == WHITE  # the rest is untouched


def test_drawing_methods_still_draw():
    # the driver keeps its buffers out of FrameBuffer's method names
    emu, d = ttgo(1)
    paint(d)
    d.line(0, 20, 50, 20, 2)
    d.text("Hi", 60, 40, 1)
    d.mark_all()
    d.show()
    assert emu.pixel(25, 20) == RED
    assert WHITE in [emu.pixel(x, y) for x in range(60, 76) for y in range(40, 48)]


def test_marks_add_up_and_clip():
    emu, d = ttgo(0)
    paint(d)
    d.mark(-5, -5, 10, 10)
    d.mark(130, 230, 50, 50)
    assert d.dirty == [0, 0, 135, 240]
    d.show()
    d.mark(200, 300, 5, 5)  # off the panel: nothing
    assert d.dirty is None


def test_sleep_turns_the_panel_and_backlight_off():
    emu, d = ttgo(1)
    paint(d)
    d.sleep(True)
    assert emu.bl.level == 0 and emu.pixel(0, 0) == BLACK
    d.sleep(False)
    assert emu.bl.level == 1 and emu.pixel(0, 0) == WHITE


def oled(h=64):
    emu = panel.SSD1306(128, h)
    return emu, SSD1306(128, h, emu)


def test_ssd1306_picture_and_init():
    for h in (64, 32):
        emu, d = oled(h)
        assert emu.on and emu.pump and emu.remap and emu.comscan
        d.fill(0)
        d.rect(0, 0, 128, h, 1)
        d.fill_rect(2, 3, 10, 5, 1)
        d.mark_all()
        assert d.show() == 128 * h // 8
        w = (255, 255, 255)
        for x, y in ((0, 0), (127, 0), (0, h - 1), (127, h - 1), (2, 3), (11, 7)):
            assert emu.pixel(x, y) == w, (h, x, y)
        for x, y in ((1, 1), (126, h - 2), (12, 7), (2, 8)):
            assert emu.pixel(x, y) == BLACK, (h, x, y)


def test_ssd1306_partial_update_sends_changed_columns_of_changed_pages():
    emu, d = oled()
    d.mark_all()
    d.show()
    before = emu.data_bytes
    d.fill_rect(40, 10, 8, 12, 1)  # rows 10-21: pages 1 and 2
    d.mark(40, 10, 8, 12)
    assert d.show() == 8 * 2
    assert emu.data_bytes - before == 16
    assert emu.pixel(40, 10) == (255, 255, 255) and emu.pixel(47, 21) == (255, 255, 255)
    assert emu.pixel(48, 10) == BLACK and emu.pixel(40, 22) == BLACK


def test_ssd1306_wrong_address_is_an_oserror():
    emu = panel.SSD1306()
    try:
        SSD1306(128, 64, emu, addr=0x3D)
    except OSError:
        return
    raise AssertionError("no OSError")


def oled_paint(d):
    """An asymmetric picture: a white column at x 0 and at x 5, a bar along
    the top from x 0 to 40, a block at (100, 40)-(107, 47)."""
    d.fill(0)
    d.fill_rect(0, 0, 1, d.height, 1)
    d.fill_rect(5, 0, 1, d.height, 1)
    d.fill_rect(0, 0, 41, 2, 1)
    d.fill_rect(100, 40, 8, 8, 1)
    d.mark_all()
    return d.show()


def oled_right(emu):
    """None if the picture oled_paint drew is seen where it was drawn, else the first wrong place."""
    w = (255, 255, 255)
    for (x, y), want in (((0, 30), w), ((5, 30), w), ((1, 30), BLACK), ((4, 30), BLACK), ((6, 30), BLACK),
                         ((40, 0), w), ((41, 0), BLACK), ((40, 1), w), ((40, 2), BLACK), ((100, 40), w),
                         ((107, 47), w), ((99, 40), BLACK), ((108, 47), BLACK), ((100, 48), BLACK),
                         ((127, 63), BLACK), ((127, 0), BLACK), ((0, 63), w)):
        if emu.pixel(x, y) != want:
            return ((x, y), emu.pixel(x, y), want)
    return None


def test_sh1106_picture_lands_on_an_sh1106_and_only_there():
    # issue 40, 4: most 1.3-inch modules sold as SSD1306 are SH1106s. Each driver's picture lands
    # right on its own controller's emulator and wrong on the other's (the emulators are the
    # datasheets' command sets, simulator/panel.py)
    emu = panel.SH1106()
    d = SH1106(128, 64, emu)
    assert oled_paint(d) == 128 * 8
    assert oled_right(emu) is None, oled_right(emu)
    assert emu.unknown == []  # every byte sent as a command is one of the SH1106's
    # the SSD1306 driver on an SH1106: bytes it does not know (20h, 21h, 22h, 8Dh), and the
    # window's arguments taken as commands (7Fh: start line 63): the picture is not where drawn
    emu = panel.SH1106()
    d = SSD1306(128, 64, emu)
    oled_paint(d)
    assert oled_right(emu) is not None
    assert {0x20, 0x21, 0x22, 0x8D} <= set(emu.unknown)
    # the SH1106 driver on an SSD1306: no charge pump (8Dh) asked for, the glass stays dark; with
    # it on, the picture is 2 columns to the right
    emu = panel.SSD1306()
    d = SH1106(128, 64, emu)
    oled_paint(d)
    assert oled_right(emu) is not None and emu.pixel(0, 30) == BLACK and not emu.pump
    emu.pump = True
    assert emu.pixel(2, 30) == (255, 255, 255) and emu.pixel(0, 30) == BLACK
    # and the SSD1306 driver on its own chip, for the record
    emu = panel.SSD1306()
    d = SSD1306(128, 64, emu)
    oled_paint(d)
    assert oled_right(emu) is None


def test_sh1106_sends_pages_at_column_2_and_only_what_changed():
    emu = panel.SH1106()
    d = SH1106(128, 64, emu)
    oled_paint(d)
    emu.commands.clear()
    before = emu.data_bytes
    d.fill_rect(40, 10, 8, 12, 1)  # rows 10-21: pages 1 and 2
    d.mark(40, 10, 8, 12)
    assert d.show() == 16
    assert emu.data_bytes - before == 16
    # each page set with B0h + page, then its column 42 (40 + 2) as 0Ah and 12h
    assert emu.commands == [0xB1, 0x0A, 0x12, 0xB2, 0x0A, 0x12]
    assert emu.pixel(40, 10) == (255, 255, 255) and emu.pixel(47, 21) == (255, 255, 255)
    assert emu.pixel(48, 10) == BLACK and emu.pixel(40, 22) == BLACK and emu.pixel(39, 10) == BLACK
    # the board check's fixes on it: turned and mirrored as on the SSD1306, the offset kept
    for n in (1, 2, 3, 8):
        d.fix(n)
        oled_paint(d)
        fx, fy = n in (1, 2), n in (2, 3)  # x, y counted from the far edge
        lit = (0, 0, 0) if n == 8 else (255, 255, 255)
        for x, y, on in ((5, 30, True), (100, 40, True), (6, 30, False)):
            seen = emu.pixel(127 - x if fx else x, 63 - y if fy else y)
            assert (seen == lit) == on, (n, x, y)
    assert emu.unknown == []


def test_an_oled_driver_switches_controller_as_settings_choose():
    # Settings > OLED chip keeps 16 (SSD1306) or 32 (SH1106) in the glass bits; fix() at start
    # (app.App) drives the chosen one, neither the one found
    emu = panel.SH1106()
    d = SSD1306(128, 64, emu)  # found as an SSD1306 (a status read that lied)
    d.fix(32)
    assert d.sh1106
    oled_paint(d)
    assert oled_right(emu) is None
    d.fix(0)  # back to what was found
    assert not d.sh1106
    emu = panel.SSD1306()
    d = SH1106(128, 64, emu)
    d.fix(16 | 2)  # an SSD1306, turned
    assert not d.sh1106
    oled_paint(d)
    assert emu.pixel(127 - 5, 63 - 30) == (255, 255, 255)
    d.fix(2)
    assert d.sh1106


def test_the_oled_emulators_answer_the_status_byte_as_ss_oled_reads_it():
    # bitbank2/ss_oled src/ss_oled.cpp: the status register (a read after control byte 00h), low 4
    # bits: 8 an SH1106, 3 or 6 an SSD1306; bit 6 is the display's off
    for emu, low in ((panel.SSD1306(), 6), (panel.SSD1306(128, 32), 3), (panel.SH1106(), 8)):
        assert emu.readfrom_mem(0x3C, 0x00, 1)[0] == 0x40 | low
        emu.on = True
        assert emu.readfrom_mem(0x3C, 0x00, 1)[0] & 0x0F == low


def test_the_emulators_row_copy_puts_every_pixel_where_one_at_a_time_would():
    # (issue 29, 9: the M5Stack's simulator took a fifth of a second a key, putting 150 KB a frame
    # pixel by pixel; rows are copied whole where the columns run along RAM's rows, and with MV
    # down RAM's columns: every MADCTL's exchange and mirrors, and the colour order)
    import random

    rnd = random.Random(5) if hasattr(random, "Random") else random
    for madctl in [mv | mx | my | bgr for mv in (0, 0x20) for mx in (0, 0x40) for my in (0, 0x80)
                   for bgr in (0, 0x08)]:
        small = glass.Glass("small", "test", (40, 30), 0, (0, 0), (40, 30), False, (0, 0, 0), {}, 1, (), ())
        fast, slow = panel.DCSPanel(small), panel.DCSPanel(small)
        for emu in (fast, slow):
            emu.madctl = madctl
            emu.cs.level = 0  # selected
        slow._runs = lambda buf: buf  # one pixel at a time, as before
        for _ in range(20):
            c0, r0 = rnd.randrange(0, 40), rnd.randrange(0, 30)
            c1, r1 = rnd.randrange(c0, 44), rnd.randrange(r0, 30)  # a window past RAM's edge too
            data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 300)))
            cuts = sorted(rnd.randrange(len(data) + 1) for _ in range(3))  # at odd bytes too
            for emu in (fast, slow):
                emu.cols, emu.rows = [c0, c1], [r0, r1]
                emu._command(0x2C)
                emu.dc.level = 1
                for a, b in zip([0] + cuts, cuts + [len(data)]):
                    emu.write(data[a:b])
                emu.dc.level = 0
            assert fast.ram == slow.ram and (fast.col, fast.row) == (slow.col, slow.row), madctl
            assert fast.data_bytes == slow.data_bytes
        assert any(fast.ram), madctl  # (something was written)


def test_the_oleds_row_and_column_commands_are_the_datasheets():
    # (issue 41, 5: the emulator took A1+C8 as upright and ignored DAh, D3h and 40h, so a wrong
    # argument there showed right.) A bar across the top four rows, a block at the left.
    def shown(commands=None):
        emu = panel.SSD1306(128, 64)
        d = SSD1306(128, 64, emu)
        for c in commands or ():
            d.cmd(c)
        d.fill(0)
        d.fill_rect(0, 0, 128, 4, 1)
        d.fill_rect(0, 20, 4, 8, 1)
        d.mark_all()
        d.show()
        return emu, [y for y in range(64) if emu.pixel(64, y) == WHITE], emu.pixel(1, 22) == WHITE
    emu, rows, left = shown()
    assert rows == [0, 1, 2, 3] and left  # micropython-lib's set-up: upright
    _, rows, _ = shown([0xDA, 0x02])  # sequential COM pins on a module wired for the alternative
    assert rows == [0, 2, 4, 6]  # interleaved: every other row, the rest from the lower half
    _, rows, _ = shown([0xD3, 0x08])  # a display offset of 8
    assert rows == [56, 57, 58, 59]
    _, rows, _ = shown([0x48])  # the start line 8
    assert rows == [56, 57, 58, 59]
    emu, rows, left = shown([0xA0])  # column 0 on SEG0: mirrored
    assert rows == [0, 1, 2, 3] and not left and emu.pixel(126, 22) == WHITE
    # the segment remap holds for data written after it: what is on the glass stays until redrawn
    emu, _, _ = shown()
    emu.writeto(emu.addr, b"\x80\xa0")  # A0 alone, as a command byte on the bus
    assert emu.remap is False and emu.pixel(1, 22) == WHITE
