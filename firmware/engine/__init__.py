# The scoring engine: pure Python, no hardware imports, runs on the board
# (MicroPython) and on the host (CPython). See docs/ENGINE.md.
