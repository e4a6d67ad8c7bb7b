# pytest: make firmware/, tools/ and host_tests/ importable, as mp_run.py does
# for MicroPython.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
for sub in ("../firmware", "../tools/benches", "../tools", "."):
    path = os.path.normpath(os.path.join(HERE, sub))
    if path not in sys.path:
        sys.path.insert(0, path)
BOARDS = os.path.normpath(os.path.join(HERE, "../boards"))
if BOARDS not in sys.path:
    sys.path.append(BOARDS)  # last: the board files
MPLIB = os.path.normpath(os.path.join(HERE, "../.venv/mplib"))  # the board's libraries (none now)
if MPLIB not in sys.path:
    sys.path.append(MPLIB)

# Every skip listed with its reason at the end; with CI set, one that
# host_tests/skips.txt does not allow fails the run (skipcheck.py).
from skipcheck import (  # noqa: E402, F401
    pytest_collectreport,
    pytest_runtest_logreport,
    pytest_sessionfinish,
    pytest_sessionstart,
    pytest_terminal_summary,
)

# The files run longest first, by their time in the last run (filetimes.py)
pytest_plugins = ["filetimes"]
