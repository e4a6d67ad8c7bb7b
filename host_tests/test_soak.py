# The soak in small (MicroPython only: the firmware needs framebuf): games
# of every kind through the firmware's screens and calls, every hole saved
# to littlefs; exactly one save per hole plus one at each start and finish,
# the history held to its cap. make bench runs the 1000-hole soak in a
# fixed heap.
import sys

if sys.implementation.name != "micropython":
    import pytest

    pytest.skip("the firmware needs framebuf: MicroPython only", allow_module_level=True)

import soak  # noqa: E402
from storage import savefile  # noqa: E402


def test_a_short_soak_saves_once_per_hole_and_bounds_the_history():
    r = soak.soak(200)
    assert r["holes"] >= 200 and r["games"] >= 15
    assert r["saves"] == r["holes"] + 2 * r["games"]
    assert r["history_kept"] == savefile.HISTORY_MAX
