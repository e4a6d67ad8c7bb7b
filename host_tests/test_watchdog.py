# The watchdog's rule (both runtimes): a loop that stops feeding it for
# longer than its timeout gets the board reset; one that feeds does not;
# stop() ends the timer (Ctrl-C at the REPL).
from watchdog import Watchdog


class Clock:
    def __init__(self):
        self.t = 1000

    def __call__(self):
        return self.t


class Timer:
    PERIODIC = 1

    def __init__(self):
        self.callback = None
        self.period = None

    def init(self, period, mode, callback):
        self.period, self.callback = period, callback

    def deinit(self):
        self.callback = None


def make(timeout=3000):
    resets = []
    clock, timer = Clock(), Timer()
    wd = Watchdog(timeout, lambda: resets.append(clock.t), timer, clock=clock)
    return wd, clock, timer, resets


def test_a_fed_loop_is_never_reset():
    wd, clock, timer, resets = make()
    assert timer.period == 1000 and timer.callback is not None
    for _ in range(100):
        clock.t += 1000
        wd.feed()
        timer.callback(timer)
    assert resets == []


def test_a_hung_loop_is_reset_after_the_timeout():
    wd, clock, timer, resets = make(3000)
    wd.feed()
    for _ in range(3):
        clock.t += 1000
        timer.callback(timer)
    assert resets == []  # 3000 ms is not yet over the timeout
    clock.t += 1000
    timer.callback(timer)
    assert resets == [clock.t]


def test_the_clock_wrapping_round_does_not_reset():
    wd, clock, timer, resets = make(3000)
    clock.t = 0x3FFFFFFF - 500  # ticks_ms wraps at 2**30
    wd.feed()
    clock.t = 700
    timer.callback(timer)
    assert resets == []


def test_stop_ends_the_timer():
    wd, clock, timer, resets = make()
    wd.stop()
    assert timer.callback is None and wd.timer is None
    wd.stop()  # twice is harmless
