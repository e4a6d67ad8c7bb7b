# cpython-only
# Random keys on every board (tools/benches/monkey.py under the MicroPython unix
# port, the guard on): a short run here, the long one in make bench. A run
# fails at an error screen, cut text, a bad save, a saved game that
# tools/score.py scores otherwise than the screen, or a reboot that does
# not bring the game back; a hang fails it by the timeout. The message
# holds the seed and the line that replays it.
import os
import subprocess

import pytest

from common import manifest

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
BENCHES = os.path.join(ROOT, "tools", "benches")
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
BOARDS = manifest.REAL_BOARDS
SEEDS = (2, 101, 104)  # from a tied game, a game one hole from its end, an empty flash (monkey.prepare)
EVENTS = 600


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_keys_break_nothing(board, seed, tmp_path):
    cmd = [MPY, "-X", "heapsize=4M", os.path.join(BENCHES, "monkey.py"), "--board", board,
           "--seed", str(seed), "--events", str(EVENTS), "--every", "100",
           "--state-dir", str(tmp_path / "flash")]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("a hang: %s seed %d did not end in 300 s; replay: %s" % (board, seed, " ".join(cmd)))
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.startswith("ok %s seed %d: %d events" % (board, seed, EVENTS)), p.stdout
