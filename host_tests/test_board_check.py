# Settings > Check this board on every board, through its own keys, on the
# emulated glass (tools/simulator/glass.py: the makers' values): each fix
# moves the picture on the glass as it says, is kept through a restart,
# and the keys are named as they are pressed. make deploy's "check" file
# opens it at the next start, once. (MicroPython only: framebuf.)
import os
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

from simulator import board as simboard  # noqa: E402
from simulator.driver import Driver, fresh_dir  # noqa: E402

ALL = list(simboard.BOARDS)
BLACK, WHITE = (0, 0, 0), (255, 255, 255)


def open_check(d):
    d.choose("Settings")
    d.choose("Check this board")
    assert d.screen() == "BoardCheck", d.screen()


def move_to(d, label):
    """To the fix named label (not chosen yet)."""
    s = d.top()
    labels = [o[0] for o in s.options()]
    while labels[s.choice] != label:
        d.key("down")


def choose_fix(d, label):
    move_to(d, label)
    d.key("ok")


def grid(emu, at=None, step=3):
    """Every step-th pixel of every step-th row, row by row, as bytes (r, g, b a pixel): the
    picture's, or where at(x, y) says each is seen (a 320x240 picture whole is more than the
    test's heap; a dict keyed by (x, y) took seconds a picture under MicroPython)."""
    w, h = emu.size()
    out = bytearray()
    for y in range(0, h, step):
        for x in range(0, w, step):
            out.extend(bytes(emu.pixel(*at(x, y)) if at else emu.pixel(x, y)))
    return out


def colour(emu, g, x, y, step=3):
    """grid g's (r, g, b) at the picture's (x, y), a multiple of step."""
    i = 3 * ((y // step) * len(range(0, emu.size()[0], step)) + x // step)
    return tuple(g[i:i + 3])


def test_every_fix_moves_the_picture_on_the_glass_as_it_says():
    for board in ALL:
        fresh_dir("check-" + board)
        d = Driver(board, emulate=True)
        open_check(d)
        emu = d.sim.emu
        w, h = emu.size()
        ph = d.app.pen.h  # above a touch panel's keys
        corners = ((0, 0), (w - 1, 0), (0, ph - 1), (w - 1, ph - 1))
        assert [emu.pixel(x, y) for x, y in corners] == [WHITE] * 4, board  # a wrong offset cuts one off
        for label, turned in (("Mirror", False), ("Turn", True)):
            move_to(d, label)
            plain = grid(emu)
            d.key("ok")  # the same frame, seen through the fix
            assert d.app.state["settings"]["glass"] in (1, 2), board
            seen = grid(emu, lambda x, y, w=w, h=h, turned=turned: (w - 1 - x, h - 1 - y if turned else y))
            assert seen == plain, (board, label)
            d.key("ok")  # undone
            assert grid(emu) == plain, (board, label)
            assert d.app.state["settings"].get("glass") is None, board  # nothing kept when undone
        shift = (w - 1) % 3  # (the grid's columns mirrored)
        assert plain != grid(emu, lambda x, y, e=w - 1 - shift: (e - x, y)), board  # not symmetric
        move_to(d, "Invert")
        plain = grid(emu)
        d.key("ok")
        y = h // 2 - h // 2 % 3
        assert colour(emu, plain, 0, y) == BLACK and emu.pixel(0, y) == WHITE, board
        d.key("ok")
        if not d.app.pen.mono:  # the OLED has no colours to swap
            move_to(d, "Swap red/blue")
            plain = grid(emu)
            reds = [(x, y) for y in range(0, h, 3) for x in range(0, w, 3)
                    if colour(emu, plain, x, y) == (255, 0, 0)]
            d.key("ok")
            assert reds and all(emu.pixel(x, y) == (0, 0, 255) for x, y in reds), board  # the RED bar is blue
            d.key("ok")
            assert grid(emu) == plain, board


def test_a_fix_is_kept_through_a_restart_and_applied_at_boot():
    for board in ALL:
        fresh_dir("check-kept-" + board)
        d = Driver(board, emulate=True)
        open_check(d)
        choose_fix(d, "Turn")
        d.key("back")  # leave the check: the fix stays
        assert d.app.state["settings"]["glass"] == 2, board
        d.key("back")
        home = grid(d.sim.emu)
        d2 = Driver(board, emulate=True)  # a restart on the same flash: the fix applied at boot
        assert d2.app.hw.display is not d.app.hw.display
        assert grid(d2.sim.emu) == home, board
        if d2.kind == "touch":  # and the taps read as the picture is turned: Settings where it is seen
            assert d2.screen() == "Home", d2.screen()
            d2.choose("Settings")
            assert d2.screen() == "SettingsMenu", board


def test_on_a_touch_panel_every_fix_leaves_the_keys_where_a_finger_finds_them():
    # (issue 56, 2: after Turn the keys were drawn at the other edge but a tap was read where they
    # had been, so no drawn key answered; after Mirror the drawn OK acted as Back.) The finger taps
    # the glass where the picture shows the OK key, found through the emulated glass: Turn shows
    # the picture's point (x, y) at (w-1-x, h-1-y), Mirror at (w-1-x, y) (the test above holds
    # both to the glass); OK there undoes the fix.
    from ui import touch

    for board in ALL:
        fresh_dir("check-touch-" + board)
        d = Driver(board, emulate=True)
        if d.kind != "touch":
            continue
        open_check(d)
        emu = d.sim.emu
        w, h = emu.size()
        names = [k for _label, k in touch.BAR]
        kx, ky = (2 * names.index("ok") + 1) * w // (2 * len(names)), h - touch.KEY // 2  # in the picture
        for label, bit in (("Turn", 2), ("Mirror", 1)):
            move_to(d, label)
            key = {(x, y): emu.pixel(kx + x, ky + y) for x in range(-12, 13) for y in range(-8, 9)}  # "OK"
            d.key("ok")
            assert d.app.state["settings"]["glass"] == bit, (board, label)
            sx, sy = (w - 1 - kx, h - 1 - ky) if bit == 2 else (w - 1 - kx, ky)
            seen = {(x, y): emu.pixel(sx - x, sy - y if bit == 2 else sy + y) for x, y in key}
            assert seen == key and len(set(key.values())) > 1, (board, label)  # the key, as drawn, is there
            d.sim.tap(sx, sy)  # the finger on it
            assert d.screen() == "BoardCheck", (board, label, d.screen())
            assert d.app.state["settings"].get("glass") is None, (board, label)  # OK: the fix undone


def test_settings_choose_the_oled_chip_kept_and_applied_at_boot():
    # issue 40, 4: an SH1106 module taken for an SSD1306 (made so here: its RAM does not read back,
    # boards/devkit_oled.py's reads_back) is driven as an SSD1306 and its picture is wrong;
    # Settings > OLED chip > SH1106 drives it right, is kept
    # (the glass bits, 32) and applied at the next start by the app's fix(), as found again
    # with "Auto"
    from simulator import panel

    def right(d):
        """Whether the glass shows the frame the driver holds (every 3rd pixel)."""
        disp, emu = d.app.hw.display, d.sim.emu
        return all((emu.pixel(x, y) == WHITE) == bool(disp.pixel(x, y))
                   for y in range(0, 64, 3) for x in range(0, 128, 3))

    honest = panel.SH1106.readfrom_mem_into
    panel.SH1106.readfrom_mem_into = panel.SSD1306.readfrom_mem_into  # (its reads: the status byte's)
    try:
        fresh_dir("oled-chip")
        d = Driver("devkit-oled", emulate=True, unit="devkit-oled-sh1106")
        assert type(d.app.hw.display).__name__ == "SSD1306"
        assert not right(d)
        d.choose("Settings")
        assert d.top().value(len(d.top().items) - 3) == "auto"
        d.choose("OLED chip")
        assert d.top().items[0][0] == "Auto: SSD1306"
        d.choose("SH1106")
        assert d.app.state["settings"]["glass"] == 32 and d.app.hw.display.sh1106
        assert d.screen() == "SettingsMenu" and d.top().value(len(d.top().items) - 3) == "SH1106"
        assert right(d)
        d2 = Driver("devkit-oled", emulate=True, unit="devkit-oled-sh1106")  # a restart: applied at boot
        assert type(d2.app.hw.display).__name__ == "SSD1306" and d2.app.hw.display.sh1106
        assert right(d2)
        del d2.sim.emu.unknown[:]  # (the SSD1306 set-up sent before the settings were read)
        d2.app.hw.display.mark_all()
        d2.app.hw.display.show()
        assert d2.sim.emu.unknown == []
        d2.choose("Settings")
        d2.choose("OLED chip")
        d2.choose("Auto: SSD1306")
        assert "glass" not in d2.app.state["settings"] and not d2.app.hw.display.sh1106
    finally:
        panel.SH1106.readfrom_mem_into = honest


def test_the_oleds_check_says_how_to_drive_the_other_chip():
    # issue 56, 1: on the first screen an OLED shows after an install (the board check), the way out
    # of a garbled picture: the top button held at power-on (boards/devkit_oled.py drives the other
    # chip then; test_first_flash.py holds that)
    fresh_dir("check-oled-hint")
    d = Driver("devkit-oled", emulate=True)
    open_check(d)
    pen, said = d.app.pen, []
    text = pen.text
    pen.text = lambda s, *a, **k: (said.append(s), text(s, *a, **k))[1]
    try:
        d.top().draw(pen)
    finally:
        pen.text = text
    assert "Noise? Hold UP" in said and "at power-on." in said, said
    assert not pen.cut, pen.cut


def test_the_keys_are_named_as_they_are_pressed():
    fresh_dir("check-keys")
    d = Driver("ttgo-t-display", emulate=True)
    open_check(d)
    choose_fix(d, "Looks right")
    s = d.top()
    assert s.keys
    d.key("down")
    assert s.named[-1] == "top: down", s.named
    d.key("up")
    assert s.named[-1] == "top+bottom: up", s.named  # the two together
    d.key("ok")
    assert s.named[-1] == "bottom: ok", s.named
    d.key("back")  # the bottom button held: done
    assert d.screen() == "SettingsMenu"
    fresh_dir("check-keys-cardputer")
    d = Driver("cardputer", emulate=True)
    open_check(d)
    choose_fix(d, "Looks right")
    s = d.top()
    d.typed("7")
    assert s.named[-1] == "key 7"
    d.key("back")
    fresh_dir("check-keys-cyd")
    d = Driver("cyd", emulate=True)
    open_check(d)
    choose_fix(d, "Looks right")
    s = d.top()
    d.tap(100, 60)
    assert s.at == (100, 60) and s.named[-1] == "tap at 100, 60"
    d.tap_pad("Done")
    assert d.screen() == "SettingsMenu"
    assert "ui.check" not in sys.modules  # let go once done


def test_make_deploys_check_file_opens_it_once():
    for board in ALL:
        fresh_dir("check-first-" + board)
        with open("check", "w"):
            pass
        d = Driver(board, emulate=True)  # (a touch board calibrates first: the check's taps need it)
        assert d.screen() == "BoardCheck", (board, d.screen())
        d.key("back")
        assert "check" not in os.listdir(), board
        d = Driver(board, emulate=True)
        assert d.screen() == "Home", (board, d.screen())


def test_a_cyd_that_needs_invon_is_put_right_by_invert_at_its_first_start():
    # (issue 56, 3) rzeldent's esp32-2432S028Rv2.json sends INVON: on that glass our picture is a
    # negative. The first start of an install (the "check" file a deploy or a bundle writes) opens
    # the check, its Invert puts the picture right, and it stays so after a restart.
    fresh_dir("check-usual-home")
    usual = grid(Driver("cyd", emulate=True).sim.emu)
    fresh_dir("check-invon")
    with open("check", "w"):
        pass
    d = Driver("cyd", emulate=True, unit="cyd-028rv2")
    assert d.screen() == "BoardCheck", d.screen()
    emu = d.sim.emu
    w, h = emu.size()
    assert emu.pixel(0, 0) == BLACK, emu.pixel(0, 0)  # the white corner shows black: a negative
    choose_fix(d, "Invert")
    assert emu.pixel(0, 0) == WHITE
    d.key("back")
    d.key("back")
    d2 = Driver("cyd", emulate=True, unit="cyd-028rv2")  # a restart: the fix applied at boot
    assert d2.screen() == "Home", d2.screen()
    assert grid(d2.sim.emu) == usual


def test_the_about_screen_names_the_panel():
    fresh_dir("check-about")
    d = Driver("cyd", emulate=True)
    d.choose("Settings")
    d.choose("About")
    rows = d.top().rows
    assert ("panel", "ILI9341 (ID 00 00 00)") in rows, rows
