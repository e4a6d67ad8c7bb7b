# The board files: every board can reach every logical key, its key map
# names only its buttons, and no pin number is written outside boards/.
import os

import devkit_oled
import m5stack_core
import ttgo_t_display
from hardware import KEYS

BOARDS = (ttgo_t_display, m5stack_core, devkit_oled)
HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."


def test_every_board_reaches_every_key():
    for b in BOARDS:
        assert sorted(set(b.KEYMAP.values())) == sorted(KEYS), b.ID
        for button, kind in b.KEYMAP:
            # a button, or two pressed together
            pair = button if type(button) is tuple else (button,)
            assert len(set(pair)) == len(pair) and pair and kind in ("short", "long", "hold"), b.ID
            assert all(0 <= i < len(b.BUTTONS) for i in pair), b.ID
            # held on, a button repeats its long key, or its short one if it has no long press
            if kind == "hold":
                again = b.KEYMAP.get((button, "long"), b.KEYMAP[(button, "short")])
                assert b.KEYMAP[(button, "hold")] == again, b.ID
        assert b.PANEL[0] in ("st7789", "ili9342", "ssd1306")


def test_two_button_board_keeps_short_presses_for_the_frequent_keys():
    # entering a card steps up and down and takes it: all short presses (up
    # is the two buttons together); only back is a long press
    from hardware import BACK, DOWN, LONG, OK, SHORT, UP

    shorts = [k for (b, kind), k in ttgo_t_display.KEYMAP.items() if kind == SHORT]
    longs = [k for (b, kind), k in ttgo_t_display.KEYMAP.items() if kind == LONG]
    assert sorted(shorts) == sorted([DOWN, OK, UP]) and longs == [BACK]
    assert ttgo_t_display.KEYMAP[((0, 1), SHORT)] == UP


def test_the_keyboard_and_touch_boards_reach_every_key():
    import cardputer
    import cyd

    from hardware import LEFT, RIGHT

    # the Cardputer: enter, backspace and the arrows printed on ; . , / with fn
    assert sorted(set(cardputer.KEYMAP.values()) | set(cardputer.FN_MAP.values())) == sorted(
        list(KEYS) + [LEFT, RIGHT, " "])
    legends = [k for line in cardputer.LEGENDS for k in line]
    assert len(legends) == len(set(legends)) == 56
    assert all(k in legends for k in list(cardputer.KEYMAP) + list(cardputer.FN_MAP) + ["fn"])
    # the sources' own examples (docs/BOARDS.md): (address, input bit)
    for legend, where in (("1", (3, 0)), ("q", (2, 0)), ("enter", (1, 6)), ("bksp", (3, 6)), ("fn", (5, 0))):
        assert cardputer.LEGENDS[where[0]][where[1]] == legend, legend
    adv = cardputer.adv_legends()
    assert sorted(k for k in adv if k) == sorted(legends)
    assert adv[0] == "`" and adv[4] == "1" and adv[3] == "ctrl"  # event codes 1, 5 and 4
    assert cardputer.INPUT == "keyboard" and cardputer.PANEL == ("st7789", 1)  # BGR: test_first_flash
    assert cyd.INPUT == "touch" and cyd.PANEL == ("ili9341", 1) and len(cyd.TOUCH_CAL) == 5


def py_files(top):
    for name in os.listdir(top):
        path = top + "/" + name
        if name.endswith(".py"):
            yield path
        elif "." not in name and name != "__pycache__":
            try:
                yield from py_files(path)
            except OSError:
                pass


def test_no_pin_numbers_outside_the_board_files():
    for path in py_files(HERE + "/../firmware"):
        with open(path) as f:
            text = f.read()
        assert "Pin(" not in text, path
        assert "import machine" not in text and "from machine" not in text, path
