# The first flash: each board's own panel() (its pins, SPI host, reads and
# driver) run on a stand-in machine wired, by the maker's pin numbers, to an
# emulated glass whose every value is the maker's (tools/simulator/glass.py,
# cited there and in docs/BOARDS.md). What it sends is held to the maker's
# table, and the picture it makes is read off the glass: an asymmetric
# pattern in red, green, blue and white must show upright, unmirrored and
# in its colours. The beliefs the drivers held before (the CYD's MADCTL
# table, the TTGO's RGB order, INVON on every M5Stack) are shown to fail.
# framebuf exists only on MicroPython: skipped on CPython.
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("framebuf: MicroPython only", allow_module_level=True)

from simulator import glass, panel, wiring  # noqa: E402
from simulator.board import board_module  # noqa: E402

BLACK, WHITE = (0, 0, 0), (255, 255, 255)
RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)
DCS_BOARDS = sorted(glass.UNITS)  # every board with a colour panel


def build(board_id, unit=None):
    """(emulator, display): the board's panel() on its unit's glass."""
    g = glass.unit(board_id, unit)
    emu = panel.DCSPanel(g)
    return emu, wiring.panel(board_module(board_id), emu)


def paint(d):
    """An asymmetric picture: black; a white bar along the top from the left
    edge to the middle and down the left edge to the middle (an upright,
    unmirrored L turned over: any mirror or turn moves it); red, green and
    blue blocks in the top right, bottom left and bottom right quarters."""
    for i, rgb in enumerate((BLACK, WHITE, RED, GREEN, BLUE)):
        d.set_colour(i, *rgb)
    w, h = d.width, d.height
    for top in range(0, h, d.band):  # band by band, as ui/draw.py's Pen.frame
        d.at(top)
        d.fill(0)
        d.fill_rect(0, -top, w // 2, 4, 1)
        d.fill_rect(0, -top, 4, h // 2, 1)
        d.fill_rect(3 * w // 4, 8 - top, 8, 8, 2)
        d.fill_rect(8, 3 * h // 4 - top, 8, 8, 3)
        d.fill_rect(3 * w // 4, 3 * h // 4 - top, 8, 8, 4)
        d.mark_all()
        d.show()


def seen(emu, d):
    """What a person sees where paint() drew: None if all is right, else
    the first place that is wrong."""
    w, h = d.width, d.height
    if emu.size() != (w, h):
        return ("size", emu.size(), (w, h))
    qx, qy = 3 * w // 4 + 4, 3 * h // 4 + 4  # inside the coloured blocks
    want = [((0, 0), WHITE), ((w // 2 - 1, 1), WHITE), ((w // 2 + 2, 1), BLACK), ((1, h // 2 - 1), WHITE),
            ((1, h // 2 + 2), BLACK), ((w - 1, 0), BLACK), ((0, h - 1), BLACK), ((w - 1, h - 1), BLACK),
            ((qx, 12), RED), ((12, qy), GREEN), ((qx, qy), BLUE), ((w // 2, h // 2), BLACK)]
    for (x, y), rgb in want:
        got = emu.pixel(x, y)
        if got != rgb:
            return ((x, y), got, rgb)
    return None


def sent(emu):
    """{command: the data last sent with it}, and the commands in order."""
    return {c: bytes(data) for c, data in emu.log}, [c for c, _ in emu.log]


def test_every_board_shows_the_picture_right_on_its_units():
    for board_id in DCS_BOARDS:
        for g in glass.UNITS[board_id]:
            if g.needs:  # a unit only the board check's fix puts right (test_board_check.py holds it)
                continue
            emu, d = build(board_id, g.name)
            paint(d)
            assert seen(emu, d) is None, (g.name, seen(emu, d))
            assert emu.bl.level == 1, g.name  # the backlight on the maker's pin


def test_every_boards_setup_shows_it_right():
    # the whole setup() (keys, battery, watchdog too), not only panel(): the display it builds is the
    # one the maker's glass shows right
    for board_id in DCS_BOARDS:
        emu = panel.DCSPanel(glass.unit(board_id))
        hw = wiring.panel(board_module(board_id), emu, whole=True)
        hw.watchdog.stop()
        paint(hw.display)
        assert seen(emu, hw.display) is None, (board_id, seen(emu, hw.display))


def test_every_board_sends_its_makers_values():
    for board_id in DCS_BOARDS:
        for g in glass.UNITS[board_id]:
            if g.needs:  # its maker's INVON is not sent until the board check's Invert is chosen
                continue
            emu, d = build(board_id, g.name)
            last, order = sent(emu)
            # the maker's SPI host and pins (the bus the stand-in made for panel())
            spi = [m for m in wiring.made if m[0] == "SPI"][0]
            pins = dict(spi[2])
            assert spi[1] == g.host, (g.name, spi)
            assert (pins["sck"], pins["mosi"]) == (g.pins["sck"], g.pins["mosi"]), (g.name, pins)
            assert pins["miso"] == g.pins["miso"], (g.name, pins)  # None: not wired, not the port's default
            # MADCTL (orientation and colour order), inversion, 16-bit colour
            assert last[0x36] == bytes((g.madctl,)), (g.name, hex(last[0x36][0]), hex(g.madctl))
            assert (0x21 in order) == g.invert and (0x20 in order) != g.invert, g.name
            assert last[0x3A] == b"\x55", g.name
            # the maker's power, VCOM and gamma settings, each sent with its bytes, before SLPOUT
            for c, data in g.init:
                assert c in last, (g.name, hex(c))
                assert last[c] == g.init_except.get(c, data), (g.name, hex(c), last[c], data)
                assert order.index(c) < order.index(0x11), (g.name, hex(c))
            assert order.index(0x11) < order.index(0x29), g.name  # awake before the display is on
            # a whole frame's window: the maker's offsets for this rotation
            emu.log.clear()
            d.mark_all()
            d.show()
            last, _ = sent(emu)
            xs, ys = g.start
            w, h = g.size
            ye = ys + min(h, d.band) - 1  # the first band's rows
            assert last[0x2A] == bytes((xs >> 8, xs & 255, (xs + w - 1) >> 8, (xs + w - 1) & 255)), g.name
            assert last[0x2B] == bytes((ys >> 8, ys & 255, ye >> 8, ye & 255)), g.name


def test_the_cyd_tells_its_controller_by_its_id():
    emu, d = build("cyd", "cyd")
    assert type(d).__name__ == "ILI9341" and d.found == "ILI9341 (ID 00 00 00)"
    emu, d = build("cyd", "cyd-st7789")
    assert type(d).__name__ == "ST7789" and d.found == "ST7789 (ID 85 85 52)"
    assert emu.log[0][0] == 0x04  # the ID is read before anything is sent


def test_the_cyd_lights_its_backlight_on_21_and_on_27():
    # issue 40, 3: look-alikes sold as the CYD light their backlight on GPIO 27, not 21 (glass.py's
    # cyd-bl27, from witnessmenow's PR #327): both are driven, lit and put out together
    for name in ("cyd", "cyd-bl27"):
        emu, d = build("cyd", name)
        outs = [m[1] for m in wiring.made if m[0] == "Pin" and m[2] == wiring.Pin.OUT]
        assert 21 in outs and 27 in outs, outs
        paint(d)
        assert seen(emu, d) is None and emu.bl.level == 1, name
        d.sleep(True)
        assert emu.bl.level == 0, name
        d.sleep(False)
        assert emu.bl.level == 1, name
    # the board file as it was, GPIO 21 alone: the look-alike's glass stays dark
    from drivers.ili9341 import ILI9341

    emu = panel.DCSPanel(glass.CYD_BL27)
    wiring.wire(glass.CYD_BL27, emu)
    d = ILI9341(emu, emu.dc, emu.cs, None, bl=wiring.Pin(21, wiring.Pin.OUT))
    paint(d)
    assert emu.bl.level == 0


def test_the_oled_board_drives_the_controller_it_finds():
    # issue 40, 4: the OLED board's own panel() on each unit sold as its OLED (simulator/panel.py's
    # oled_units(): an SSD1306, the SH1106 of most 1.3-inch modules, one at 0x3D, and (issue 56, 1)
    # an SH1106 whose status byte reads as an SSD1306's) through the stand-in machine's I2C: it
    # tells the chip by reading its RAM back, drives the chip found, and the picture lands
    from simulator.board import board_module as module

    for name, chip, addr in panel.oled_units("devkit-oled"):
        emu, d = panel.build(module("devkit-oled"), name)
        kind = "SH1106" if issubclass(chip, panel.SH1106) else "SSD1306"
        assert type(emu) is chip and type(d).__name__ == kind and d.addr == addr, name
        assert ("I2C", 0, {"sda": 21, "scl": 22, "freq": 400_000}) in wiring.made
        d.fill(0)
        d.fill_rect(0, 0, 64, 2, 1)  # a bar along the top, from the left edge to the middle
        d.fill_rect(0, 0, 2, 32, 1)  # and down the left edge to the middle
        d.mark_all()
        d.show()
        for (x, y), lit in (((0, 0), 1), ((63, 1), 1), ((64, 1), 0), ((1, 31), 1), ((1, 32), 0), ((2, 10), 0),
                            ((127, 0), 0), ((0, 63), 0), ((127, 63), 0)):
            assert emu.pixel(x, y) == (WHITE if lit else BLACK), (name, x, y)
        assert getattr(emu, "unknown", []) == [], name  # an SH1106 sent only its own commands


def test_up_held_at_power_on_drives_the_other_oled_chip():
    # issue 56, 1: a way out that needs no reading: the top button (GPIO 32, to ground when pressed,
    # pulled up) held at power-on drives the other chip than the one found, and the chip kept in
    # Settings > OLED chip (fix()'s bits 16 and 32) does not undo it at that start. An SH1106 taken
    # for an SSD1306 (made so: its RAM does not read back) is then driven right.
    from simulator import port
    from simulator.board import board_module as module

    class Held:  # the button down: the line at 0 V whatever the pull
        def read(self, pull):
            return 0

    class Unreadable(panel.SH1106):
        readfrom_mem_into = panel.SSD1306.readfrom_mem_into

    mod = module("devkit-oled")
    for chip, want in ((Unreadable, "SH1106"), (panel.SSD1306, "SH1106"), (panel.SH1106, "SSD1306")):
        emu = chip(128, 64, 0x3C)
        wiring.wire(None, emu)
        port.attach_line(32, Held())
        undo = port.install()
        try:
            d = mod.panel()
        finally:
            undo()
        assert type(d).__name__ == want and d.held, chip.__name__
        d.fix(32 if want == "SSD1306" else 16)  # Settings' choice, the other chip: not at this start
        assert d.sh1106 == (want == "SH1106"), chip.__name__
    d = None
    emu = Unreadable(128, 64, 0x3C)  # driven right now: the bar where it is drawn
    wiring.wire(None, emu)
    port.attach_line(32, Held())
    undo = port.install()
    try:
        d = mod.panel()
    finally:
        undo()
    d.fill(0)
    d.fill_rect(0, 0, 64, 2, 1)
    d.mark_all()
    d.show()
    assert emu.pixel(0, 0) == WHITE and emu.pixel(63, 1) == WHITE and emu.pixel(64, 1) == BLACK


def test_the_m5stacks_sd_card_is_in_spi_mode_before_the_panels_first_byte():
    # issue 56, 6: the Core's SD card shares the display's bus (CS GPIO 4); a card still in SD mode
    # takes MOSI for its command line whatever its select says (chipmodels.py's SDCard, from the SD
    # Association's simplified specification). As M5GFX does (src/M5GFX.cpp, _set_sd_spimode), the
    # board puts it into SPI mode before the panel hears a byte; a card already in SPI mode (a
    # restart) answers READ_OCR and is left as it is.
    from chipmodels import SDCard
    from simulator import port
    from simulator.board import board_module as module

    for start in ("sd", "spi"):
        g = glass.unit("m5stack-core")
        emu = panel.DCSPanel(g)
        card = SDCard()
        card.mode = start
        wiring.wire(g, emu)
        port.attach_spi(18, 23, 19, card)  # another chip on the panel's bus
        port.attach_line(4, card.cs)
        heard = []
        command = emu._command

        def first(c, command=command, heard=heard, card=card):
            if not heard:
                heard.append(card.mode)  # the card's mode at the panel's first byte
            command(c)

        emu._command = first
        undo = port.install()
        try:
            module("m5stack-core").panel()
        finally:
            undo()
        assert heard == ["spi"] and card.cs.level == 1, (start, heard)
        assert emu.on, start  # and the panel set up as before


def test_the_two_usb_cyd_has_its_gamma_curve_chosen_again():
    # issue 56, 4: the unit with two USB ports (an ST7789) shows a washed-out picture; the fix
    # witnessmenow/ESP32-Cheap-Yellow-Display's cyd.md gives ("The Display doesn't look as good"):
    # after the set-up, GAMMASET (26h) 2, 120 ms, GAMMASET 1. The usual unit (ILI9341): none of it.
    emu, d = build("cyd", "cyd-st7789")
    log = [(c, bytes(a)) for c, a in emu.log]
    assert log[-3:] == [(0x29, b""), (0x26, b"\x02"), (0x26, b"\x01")], log[-4:]  # after DISPON
    emu, d = build("cyd")
    assert [c for c, _ in emu.log][-1] == 0x29, emu.log[-3:]  # (its own set-up's 26h 01h is TFT_eSPI's)


def test_the_m5stack_inverts_only_the_ips_glass():
    for name, inv in (("m5stack-core", True), ("m5stack-core-tn", False)):
        emu, d = build("m5stack-core", name)
        assert d.invert is inv, name
        assert d.found == "ILI9342C, %s glass" % ("IPS" if inv else "TN")  # the About screen's
        # GPIO 33 was read as an input with its pull-down, before it was made the reset output
        reads = [m for m in wiring.made if m[:2] == ("Pin.init", 33)]
        assert [m[2] for m in reads] == [wiring.Pin.IN, wiring.Pin.OUT], name
    # the SD card's select held high: the card ignores the panel's bytes
    assert ("Pin", 4, wiring.Pin.OUT) in wiring.made


def old(board_id, unit, patch):
    """The board's panel() with one of the drivers' former beliefs put back."""
    undo = patch()
    try:
        return build(board_id, unit)
    finally:
        undo()


def test_the_former_beliefs_show_wrong():
    # each belief the drivers held before the makers' values were checked (issue 35's table): the
    # glass, which follows only the makers, shows the picture wrong, and seen() says so
    import drivers.ili9341 as ili9341
    import drivers.st7789 as st7789
    from drivers.dcs import MV, MX, MY

    def cyd_table():
        keep = ili9341._ROT
        ili9341._ROT = (0, MX | MV, MX | MY, MV | MY)
        return lambda: setattr(ili9341, "_ROT", keep)

    emu, d = old("cyd", "cyd", cyd_table)
    paint(d)
    assert seen(emu, d) is not None  # mirrored
    assert emu.pixel(0, d.height - 1) == WHITE  # flipped top to bottom: a mirror image, text backwards

    def ttgo_rgb():
        init = st7789.ST7789.__init__

        def rgb(self, *a, **k):
            k["bgr"] = False
            init(self, *a, **k)

        st7789.ST7789.__init__ = rgb
        return lambda: setattr(st7789.ST7789, "__init__", init)

    emu, d = old("ttgo-t-display", None, ttgo_rgb)
    paint(d)
    assert seen(emu, d) is not None
    assert emu.pixel(3 * d.width // 4 + 4, 12) == BLUE  # red shows blue

    # INVON on every M5Stack: the TN glass shows a negative
    emu = panel.DCSPanel(glass.M5STACK_TN)
    from drivers.ili9342 import ILI9342

    d = ILI9342(emu, emu.dc, emu.cs, emu.rst, bl=emu.bl, invert=True)
    paint(d)
    assert emu.pixel(d.width // 2, d.height // 2) == WHITE  # black shows white

    # the CYD with two USB ports driven as the usual unit's ILI9341 (no ID read): mirrored
    from drivers.ili9341 import ILI9341

    emu = panel.DCSPanel(glass.CYD_ST7789)
    d = ILI9341(emu, emu.dc, emu.cs, None, bl=emu.bl)
    paint(d)
    assert seen(emu, d) is not None


def test_a_wrong_pin_leaves_the_glass_dark():
    # the stand-in wires only the maker's pins: a DC on another GPIO reaches nothing
    g = glass.TTGO
    wrong = glass.Glass("ttgo-wrong-dc", g.controller, g.ram, g.madctl, g.start, g.size, g.invert, g.ident,
                        dict(g.pins, dc=17), g.host, g.init, g.sources)
    emu = panel.DCSPanel(wrong)
    d = wiring.panel(board_module("ttgo-t-display"), emu)
    paint(d)
    assert emu.pixel(0, 0) == BLACK and not emu.on
