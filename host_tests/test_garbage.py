# cpython-only
# No garbage a key (issue 44, 2; docs/SPEED.md): the bytes of heap a key
# allocates, the firmware's alone (tools/benches/keygame.py: its presses are
# planned before the count, the display's bus and the touch controller are
# machine code), on the 32-bit MicroPython unix port, stock and frozen: the
# ESP32's word size, so its objects' sizes. The heap's own count (runs of N
# and 2N presses, the difference a key): exact, not a timing. A card step
# and a cursor move allocate nothing on every board; a new screen makes the
# screen (its object, its lines' strings, the calls kept for its other
# bands), held to what it took when measured, a tenth over.
import os

import pytest

import heap
import keycost
from common import unix32

BOARDS = list(heap.manifest.REAL_BOARDS)
NONE = ("step", "move")
# where a key still makes something, and why: the OLED's show() sends each changed page's changed
# columns from a slice of the frame (a memoryview, 16 bytes: I2C's writevto takes whole buffers, and
# whole pages would send eight times the bytes, more than a tenth of a frame a step)
SOME = {("ssd1306", "step"): 32, ("ssd1306", "move"): 80}  # (by the board's PANEL: any OLED board's)
# a new screen's bytes, stock (frozen code's names are in flash: no fewer objects), measured
# 28 November 2026: "Leave hole?" (a menu) and back to the grid, each drawn whole
SCREEN = {b: 600 for b in BOARDS}  # the button boards' (a new board's budget starts here)
SCREEN["devkit-oled"] = 296
SCREEN["cardputer"] = 864
SCREEN["cyd"] = 1328


@pytest.fixture(scope="module")
def allocated():
    if not os.path.exists(heap.MPY32) or not heap.frozen_built():  # (one missing: stale() names it)
        pytest.skip("the 32-bit MicroPython ports are not built, so a key's garbage was not counted: "
                    "make unix32")
    for b in BOARDS:
        why = unix32.stale(b)
        assert why is None, why
    return keycost.garbage(BOARDS)


@pytest.mark.parametrize("port", keycost.PORTS)
@pytest.mark.parametrize("kind", NONE)
@pytest.mark.parametrize("board", BOARDS)
def test_a_card_step_and_a_cursor_move_allocate_nothing(allocated, board, kind, port):
    got = allocated[(port, board, kind)]
    most = SOME.get((heap.manifest.board_attr(board, "PANEL")[0], kind), 0)
    assert got <= most, "%s, %s, %s: %d bytes allocated a key, %d allowed (python tools/benches/keycost.py " \
        "--garbage)" % (board, keycost.NAMES[kind], port, got, most)


@pytest.mark.parametrize("port", keycost.PORTS)
@pytest.mark.parametrize("board", BOARDS)
def test_a_new_screen_allocates_no_more_than_it_did(allocated, board, port):
    got = allocated[(port, board, "screen")]
    assert 0 < got <= SCREEN[board] * 1.1, "%s, a new screen, %s: %d bytes (held: %d and a tenth)" % (
        board, port, got, SCREEN[board])
