# The one place where CPython and MicroPython differ for the firmware's pure
# Python parts: const and the ticks clock. Hardware code imports micropython
# and machine directly; it never runs on CPython.
try:
    from micropython import const  # noqa: F401
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms  # type: ignore[attr-defined]  # noqa: F401
except ImportError:  # CPython (host tests)
    import time as _time

    def const(x):
        return x

    def ticks_ms():
        return int(_time.monotonic() * 1000) & 0x3FFFFFFF

    def ticks_add(t, d):
        return (t + d) & 0x3FFFFFFF

    def ticks_diff(a, b):
        d = (a - b) & 0x3FFFFFFF
        return d - 0x40000000 if d & 0x20000000 else d

    def sleep_ms(ms):
        _time.sleep(ms / 1000)
