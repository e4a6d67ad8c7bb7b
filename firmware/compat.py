# The one place where CPython and MicroPython differ for the firmware's pure
# Python parts: const and the ticks clock. Drivers import micropython and
# framebuf directly (they never run on CPython); only board files import
# machine.
try:
    from micropython import const  # noqa: F401
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms  # type: ignore[attr-defined]  # noqa: F401
except ImportError:  # CPython (host tests); the ESP32 type check skips it
    import time as _time

    def const(x):  # type: ignore[misc]
        return x

    def ticks_ms():  # type: ignore[misc]
        return int(_time.monotonic() * 1000) & 0x3FFFFFFF  # type: ignore[attr-defined]

    def ticks_add(t, d):  # type: ignore[misc]
        return (t + d) & 0x3FFFFFFF

    def ticks_diff(a, b):  # type: ignore[misc,no-redef]
        d = (a - b) & 0x3FFFFFFF
        return d - 0x40000000 if d & 0x20000000 else d

    def sleep_ms(ms):  # type: ignore[misc]
        _time.sleep(ms / 1000)

