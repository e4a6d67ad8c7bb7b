# Imported first by the commands that run the firmware under either runtime
# (faults.py, soak.py, bench_entry.py, realholes.py, benches/bench_ui.py):
# puts tools/ and firmware/ on sys.path, in that order, and boards/ last,
# as absolute paths (the tools change directory into their simulated flash).
# Never host_tests/: the tests import the tools, not the reverse.
# Plain Python, for the MicroPython unix port too.
import os
import sys

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
if not HERE.startswith("/"):
    HERE = os.getcwd() + "/" + HERE
TOOLS = HERE + "/.."
for _sub in ("/../firmware", ""):
    if TOOLS + _sub not in sys.path:
        sys.path.insert(0, TOOLS + _sub)
if TOOLS + "/../boards" not in sys.path:
    sys.path.append(TOOLS + "/../boards")  # last, as on the board: the board files
