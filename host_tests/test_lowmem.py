# cpython-only
# Low memory is handled, not fatal: a whole 6-player 9-hole game, replayed
# through the keys with the firmware alone (tools/benches/heapgame.py) under the
# MicroPython unix port, in the smallest heap it runs in and in 2 KB less.
# In the smallest it ends with the whole game saved; in less, the firmware
# may stop (the error screen, or a save it says failed), and then the game
# on the flash is intact: a good file, every hole saved so far exactly as
# entered, nothing else. (Subprocesses: the host side runs under CPython.)
import json
import os

import heap
from storage import loading

BOARD = "devkit-oled"  # the quickest to replay; the others draw the same screens


def saved_game(work):
    """The game in progress as the firmware's own loader finds it on the flash."""
    cwd = os.getcwd()
    os.chdir(work)
    try:
        state, note = loading.load()
    finally:
        os.chdir(cwd)
    assert note is None, note  # nothing was damaged, nothing set aside
    return state["game"]


def replay_low(binary, heapsize, src, keys):
    """(why it stopped or None, the game saved on the flash)."""
    work = os.path.join(heap.OUT, "work-low")
    import shutil
    import subprocess

    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    p = subprocess.run(heap.command(binary, heapsize, src, BOARD, "low", keys, cwd=work),  # as heap.smallest
                       cwd=work, capture_output=True, text=True, timeout=600, env=heap.PORT_ENV)
    assert p.returncode == 0, p.stdout + p.stderr  # the replay itself never fails: the firmware copes
    why = None
    for line in p.stdout.splitlines():
        if line.startswith("STOPPED "):
            why = line[8:]
    return why, saved_game(work)


def test_a_whole_game_at_the_smallest_heap_and_2k_less_keeps_the_saved_game_intact():
    keys = heap.record(BOARD)
    with open(keys + ".json") as f:
        want = json.load(f)
    for label, binary, arch in heap.ports():
        src = heap.firmware(BOARD, arch, fresh=True)
        # the smallest heap the device's own loop (the guard on) gets through the game in, by
        # bisection alone (no check of the heaps above it: half the runs; what is held is that
        # the game is whole in this one and intact in 2 KB less)
        low = heap.smallest(binary, src, BOARD, "low", keys, lo=32 * heap.KB, hi=256 * heap.KB, above=0)
        assert low is not None, label
        why, game = replay_low(binary, low, src, keys)
        assert why is None, (label, low, why)  # it fits: the whole game, saved
        assert game == want, label
        why, game = replay_low(binary, low - 2 * heap.KB, src, keys)
        if why is None:  # it fitted after all (a fit is not monotonic)
            assert game == want, label
            continue
        # it stopped: whatever it saved is the game so far, exactly (or no
        # game yet, when memory ran out before the first save of it)
        if game is not None:
            assert game["players"] == want["players"] and game["options"] == want["options"], label
            n = len(game["holes"])
            assert game["holes"] == want["holes"][:n], (label, why, n)


def test_a_game_recorded_on_the_ttgo_replays_its_two_button_presses():
    # the TTGO's up is its two buttons together: the key file says "0+1", and
    # the replay presses both (it checks the game's totals at the end)
    keys = heap.record("ttgo-t-display")
    with open(keys) as f:
        lines = f.read().split("\n")
    assert any(ln.startswith("0+1 ") for ln in lines), lines[:20]
    src = heap.firmware("ttgo-t-display", "py")
    assert heap.run(heap.MPY64, 16 * 1024 * 1024, src, "ttgo-t-display", "game", keys) is not None
