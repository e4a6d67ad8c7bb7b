# The Cardputer's 56 keys, every one pinned from its maker's code, not from
# our board file (issue 41, 3): the board's tables (boards/cardputer.py:
# LEGENDS for the original's matrix, adv_legends() for the ADV's key chip),
# which the simulator's keyboard models also press by, are held here to
#
# - m5stack/M5Cardputer src/utility/Keyboard.h (_key_value_map, the key
#   printed at each of 4 rows x 14 columns; X_map_chart) and
#   src/utility/Keyboard.cpp (updateKeyList: address line i and input bit j
#   give column X_map_chart[j].x_1 if i > 3 else .x_2, and row 3 - (i % 4)),
#   fetched November 2026 at add8b6f;
# - the ADV's TCA8418: m5stack/uiflow-micropython
#   m5stack/libs/hardware/keyboard/__init__.py (_KeyEventConverter.decode:
#   the event's low 7 bits less one are the chip's row * 10 + column, shown
#   as printed row column % 4, printed column row * 2 + (column > 3)), and the
#   TCA8418 datasheet's key event code (row * 10 + column + 1, bit 7 set on
#   a press).
# - the arrows, uiflow-micropython's KeyEvent.convert (the same file, at
#   1d31f6b): with fn held, printed row 2 column 11 is KEY_UP, row 3 column
#   10 KEY_LEFT, 11 KEY_DOWN, 12 KEY_RIGHT (and 0, 0 ESC; 0, 13 DEL).
# M5Cardputer's special keys are named as our board file names them.
from cardputer import FN_MAP, LEGENDS, adv_legends
from hardware import DOWN, LEFT, RIGHT, UP

# _key_value_map's value_first, row by row as printed (KEY_BACKSPACE, KEY_TAB, KEY_FN,
# KEY_LEFT_SHIFT, KEY_ENTER, KEY_LEFT_CTRL, KEY_OPT, KEY_LEFT_ALT and ' ' by our names)
M5_MAP = (
    ("`", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=", "bksp"),
    ("tab", "q", "w", "e", "r", "t", "y", "u", "i", "o", "p", "[", "]", "\\"),
    ("fn", "shift", "a", "s", "d", "f", "g", "h", "j", "k", "l", ";", "'", "enter"),
    ("ctrl", "opt", "alt", "z", "x", "c", "v", "b", "n", "m", ",", ".", "/", "space"),
)
# X_map_chart: (value, x_1, x_2) for input bits 0 to 6
X_MAP_CHART = ((1, 0, 1), (2, 2, 3), (4, 4, 5), (8, 6, 7), (16, 8, 9), (32, 10, 11), (64, 12, 13))


def m5_key(address, bit):
    """The key at decoder address `address`, input bit `bit` (Keyboard.cpp's updateKeyList)."""
    x = X_MAP_CHART[bit][1] if address > 3 else X_MAP_CHART[bit][2]
    y = 3 - ((address - 4) if address > 3 else address)
    return M5_MAP[y][x]


def adv_key(event):
    """The key of a TCA8418 key event (uiflow-micropython's _KeyEventConverter.decode)."""
    value = (event & 0x7F) - 1
    row, col = value // 10, value % 10
    return M5_MAP[col % 4][row * 2 + (1 if col > 3 else 0)]


def test_every_matrix_key_is_where_m5cardputer_reads_it():
    assert len(LEGENDS) == 8 and all(len(line) == 7 for line in LEGENDS)
    wrong = [(a, b, LEGENDS[a][b], m5_key(a, b)) for a in range(8) for b in range(7)
             if LEGENDS[a][b] != m5_key(a, b)]
    assert not wrong, wrong
    # each of the 56 printed keys once
    printed = sorted(k for row in M5_MAP for k in row)
    assert sorted(LEGENDS[a][b] for a in range(8) for b in range(7)) == printed


def test_every_adv_key_event_is_the_key_uiflow_decodes():
    table = adv_legends()
    for row in range(7):  # the chip's 7 rows and 8 columns scan the 56 keys
        for col in range(8):
            code = row * 10 + col + 1
            assert table[code - 1] == adv_key(code) == adv_key(0x80 | code), (code, table[code - 1])
    used = [k for k in table if k]
    assert sorted(used) == sorted(k for row in M5_MAP for k in row)  # all 56, each once
    assert [i + 1 for i, k in enumerate(table) if k is None] == [c for c in range(1, 71) if c % 10 in (9, 0)]


def test_the_checks_see_a_key_out_of_place():
    # two keys swapped in a copy of the board's table: the reference tells them apart
    bad = [list(line) for line in LEGENDS]
    bad[1][6], bad[3][6] = bad[3][6], bad[1][6]  # enter and bksp
    assert [(a, b) for a in range(8) for b in range(7) if bad[a][b] != m5_key(a, b)] == [(1, 6), (3, 6)]
    assert adv_key(1) == "`" and adv_key(5) == "1" and adv_key(4) == "ctrl"  # codes the board's comment names


# KeyEvent.convert's fn keys: (printed row, column) -> what it makes of them, by our key names
UIFLOW_FN = {(2, 11): UP, (3, 10): LEFT, (3, 11): DOWN, (3, 12): RIGHT}


def test_the_fn_arrows_are_the_ones_uiflow_makes():
    mine = {k: v for k, v in FN_MAP.items() if v in (UP, DOWN, LEFT, RIGHT)}
    theirs = {M5_MAP[r][c]: key for (r, c), key in UIFLOW_FN.items()}
    assert mine == theirs, (mine, theirs)
    assert theirs == {";": UP, ",": LEFT, ".": DOWN, "/": RIGHT}  # the arrows printed on those keys
