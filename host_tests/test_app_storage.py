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
from uidriver import Driver, fresh_dir  # noqa: E402


def note(d):
    return " ".join(str(r) for r in d.top().rows)


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
        hub = d.top()
        d.key("ok")
        d.enter([13, 14])
        assert d.screen() == "Message" and d.top().title == "Not saved"
        assert "the flash is full" in note(d)
        assert d.app.game.totals() == [24, 26]  # kept in memory
        assert loading.read(savefile.FILE)[2]["seq"] == 2  # the flash still has the save before
        while d.top() is not hub:
            d.key("ok")
        for i in range(n):
            v.remove("junk%d" % i)
        d.hole([1, 2])  # the next hole saves everything
        d = Driver("devkit-oled")  # power on again
        assert d.screen() == "Play" and d.app.game.totals() == [25, 28]
    finally:
        v.close()
