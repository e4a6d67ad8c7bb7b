# cpython-only
# The test's own clock (tools/vclock/vclock.c, tools/common/vclock.py;
# docs/TESTING.md, "One clock"): the port's time is what the driver lets
# it be, to the ms, and a Wi-Fi heap run with phones gives the same figure
# and the same answers twice.
import os
import subprocess
import sys

import pytest

import heap
from common import unix32
from common import vclock

SCRIPT = """
import time, asyncio, os, select, sys
print("start", time.ticks_ms(), int(time.time()))
time.sleep_ms(250)
print("slept", time.ticks_ms())
p = select.poll()
p.register(sys.stdin, select.POLLIN)
print("stdin", len(p.poll(700)), time.ticks_ms())
async def main():
    for i in range(2):
        await asyncio.sleep(1)
        print("tick", time.ticks_ms())
asyncio.run(main())
print("random", os.urandom(4).hex())
"""


def ports():
    out = [heap.MPY64]
    if os.path.exists(heap.MPY32):
        out.append(heap.MPY32)
    return out


def drive(binary, tmp_path, step):
    """The script's lines, and the clock's stops, the clock let on step ms
    a stop (stdin stays open and silent)."""
    script = tmp_path / "t.py"
    script.write_text(SCRIPT)
    clock = vclock.Clock(binary)
    p = subprocess.Popen([binary, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, env=clock.env(), pass_fds=clock.fds())
    clock.started()
    stops = []
    try:
        while True:
            now = clock.stopped()
            if now is None:
                break
            stops.append(now)
            clock.go(now + step)
        out = p.stdout.read().decode()
        p.wait(30)
    finally:
        if p.poll() is None:
            p.kill()
        p.stdin.close()
        clock.close()
    assert p.returncode == 0, out
    return out.split("\n"), stops


@pytest.mark.parametrize("binary", ports(), ids=os.path.basename)
def test_the_ports_time_is_the_drivers_to_the_ms(binary, tmp_path):
    lines, stops = drive(binary, tmp_path, 100)
    assert lines[0] == "start 0 %d" % (1798761600)  # 0 ms; the wall clock at 2027-01-01
    assert lines[1] == "slept 250"  # a sleep: exactly its time
    assert lines[2] == "stdin 0 950"  # a poll that nothing ends: its timeout, no more
    assert lines[3:5] == ["tick 1950", "tick 2950"]  # asyncio's sleeps
    # it stood still at each 100 ms the driver gave, and nowhere else
    assert stops == list(range(0, 2901, 100)), stops
    again, _ = drive(binary, tmp_path, 700)  # the same run by longer steps: the same times, the same bytes
    assert again == lines


def test_a_wifi_run_with_phones_is_the_same_twice():
    board_id = "cyd"
    if not os.path.exists(unix32.frozen_port(board_id)):
        pytest.skip("the 32-bit MicroPython ports are not built, so the heap budgets were not checked: "
                    "make unix32")
    keys = heap.record(board_id)
    runs = [heap.wifi_run(heap.MPY32F, "x86f", board_id, keys) for _ in range(2)]
    a, b = runs
    assert a["peak"] == b["peak"] and a["end"] == b["end"] and a["conns"] == b["conns"], (a, b)
    assert a["tally"].n == b["tally"].n and a["tally"].again == b["tally"].again
    assert a["tally"].n.get(("/score", 200), 0) > 100, a["tally"].text()


if __name__ == "__main__":
    sys.exit(pytest.main([__file__]))
