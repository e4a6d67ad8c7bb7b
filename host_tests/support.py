# Helpers shared by the tests; they run under pytest and under mp_run.py
# (the MicroPython unix port), so only plain Python is used here.
import sys

from common.scratch import fresh_dir  # noqa: F401  (the tests' simulated flash, as the tools')

MICROPYTHON = sys.implementation.name == "micropython"


def skip(reason):
    """Skips the test (or, at a file's top, the file): pytest's skip under
    CPython, mp_run.py's under MicroPython. Listed at the end of the run;
    CI allows only the reasons host_tests/skips.txt names (a test for one
    runtime: "...: MicroPython only", "...: CPython only")."""
    if MICROPYTHON:
        from skipcheck import Skipped

        raise Skipped(reason)
    import pytest

    pytest.skip(reason, allow_module_level=True)


class raises:
    """with raises(ScoreError, "row 2", "column 1"): ...

    Checks that the block raises exc_type and that the message (text() for
    a ScoreError) contains every fragment given."""

    def __init__(self, exc_type, *fragments):
        self.exc_type = exc_type
        self.fragments = fragments
        self.message = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError("expected %s, nothing was raised" % self.exc_type.__name__)
        if not issubclass(kind, self.exc_type):
            return False  # let the unexpected exception through
        text = value.text() if hasattr(value, "text") else str(value)
        self.message = text
        for f in self.fragments:
            if f not in text:
                raise AssertionError("%r not in message %r" % (f, text))
        return True


def grid(text):
    """'5 5 0 12 / 5 5 3 HIO' -> [["5","5","0","12"],["5","5","3","HIO"]]."""
    return [row.split() for row in text.split("/")]


def allocates(step, times=50):
    """The bytes of heap that calling step() times takes, on MicroPython
    (a driver's poll must take none: it runs every 5 ms). On CPython, whose
    ints and lists are no measure of the board's heap, the test skips here
    (make test-mpy runs it): an answer of 0 there would pass whatever the
    code allocated."""
    if not MICROPYTHON:
        skip("the heap a step allocates is measured on MicroPython: MicroPython only")
    import gc

    gc.collect()
    before = gc.mem_free()
    for _ in range(times):
        step()
    return before - gc.mem_free()  # no collection can hide it: none runs while nothing is made


def whole(state):
    """A state as its save holds it: the finished games (storage/savefile.py's
    LAID, on the flash after a save: storage/laid.py) read back, for comparing."""
    from storage import laid

    return {k: laid.value(state, k) for k in state}
