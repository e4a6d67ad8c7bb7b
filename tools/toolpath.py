# Imported first by the tools that run the firmware under either runtime
# (faults.py, soak.py, bench_ui.py): puts tools/, host_tests/ and firmware/
# on sys.path, in that order, as absolute paths (the tools change directory
# into their simulated flash). Plain Python, for the MicroPython unix port too.
import os
import sys

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
if not HERE.startswith("/"):
    HERE = os.getcwd() + "/" + HERE
for _sub in ("/../firmware", "/../host_tests", ""):
    sys.path.insert(0, HERE + _sub)
