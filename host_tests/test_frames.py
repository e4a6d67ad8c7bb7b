# cpython-only
# What the loop runs every turn with no key keeps its frames on the C stack.
# MicroPython takes a function's frame (its locals and its stack) from the
# heap, at every call, when it is bigger than VM_MAX_STATE_ON_STACK bytes
# (py/objfun.c, read here from MicroPython's source), as the ESP32 port
# builds it (no MICROPY_ENABLE_PYSTACK in ports/esp32/mpconfigport.h): a
# search of the heap for free blocks, whose cost grows with how cut up the
# heap is (docs/SPEED.md). Each function is compiled by mpy-cross and its
# frame read from its prelude by MicroPython's own tools/mpy-tool.py.
import os
import re
import subprocess
import sys

from common import unix32
from common.deploy import MPY_CROSS

FIRMWARE = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "firmware"))
WORD = 4  # an ESP32's mp_obj_t and mp_uint_t
EXC = 2 * WORD  # mp_exc_stack_t: a handler and a stack pointer

# module: the functions a turn with no key calls, each of that name in it
EACH_TURN = {
    "app.py": ["step", "pressed"],
    "guard.py": ["step"],
    "watchdog.py": ["feed"],
    "drivers/buttons.py": ["poll", "update"],  # Button's, Chord's, Keys'
    "drivers/keyboard.py": ["poll"],
    "drivers/keymatrix.py": ["poll", "_read"],
    "drivers/tca8418.py": ["poll", "_read"],
    "drivers/xpt2046.py": ["poll", "touching", "_read"],
}
# (module, name, which of that name): guard.py's Runner.step, the first step there, the one left
# over: its "except Exception as e" alone takes 4 slots of the 11 (the loop's own step is the second)
ALLOWED = {("guard.py", "step", 0)}


def limit():
    """VM_MAX_STATE_ON_STACK for an ESP32 (bytes), from MicroPython's source; the source."""
    src = unix32.mpy_source()
    with open(os.path.join(src, "py", "objfun.c")) as f:
        m = re.search(r"#define VM_MAX_STATE_ON_STACK \(sizeof\(mp_uint_t\) \* (\d+)\)", f.read())
    assert m, "VM_MAX_STATE_ON_STACK not found in py/objfun.c"
    return int(m.group(1)) * WORD, src


def frames(path, src, tmp):
    """[(function name, frame bytes)] of a module, in the order mpy-tool lists them."""
    out = os.path.join(tmp, os.path.basename(path) + ".mpy")
    subprocess.run([MPY_CROSS, "-march=xtensawin", "-o", out, path], check=True)
    dis = subprocess.run([sys.executable, os.path.join(src, "tools", "mpy-tool.py"), "-d", out],
                         capture_output=True, text=True, check=True).stdout
    got, name = [], None
    for line in dis.splitlines():
        m = re.match(r"simple_name: (\S+)", line)
        if m:
            name = m.group(1)
        m = re.match(r"\s*prelude: \((\d+), (\d+),", line)
        if m and name is not None:
            got.append((name, int(m.group(1)) * WORD + int(m.group(2)) * EXC))
            name = None
    return got


def test_a_turn_takes_nothing_from_the_heap(tmp_path):
    most, src = limit()
    assert most == 44  # 11 words: if MicroPython changes it, docs/SPEED.md says 11 slots
    over, seen = [], []
    for rel, names in EACH_TURN.items():
        got = frames(os.path.join(FIRMWARE, rel), src, str(tmp_path))
        for n in names:
            assert any(g == n for g, _ in got), "%s has no %s: EACH_TURN is out of date" % (rel, n)
        which: dict = {}
        for n, size in got:
            k = which[n] = which.get(n, -1) + 1
            if n in names and (rel, n, k) not in ALLOWED:
                seen.append(n)
                if size > most:
                    over.append("%s %s (#%d): %d bytes" % (rel, n, k, size))
    assert len(seen) >= 12
    assert not over, "frames bigger than %d bytes, each taken from the heap at every call: %s" % (most, over)
