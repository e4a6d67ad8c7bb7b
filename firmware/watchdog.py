# The watchdog: if the main loop stops feeding it for timeout_ms (a hang),
# the device restarts, and comes back into the saved game. It is checked
# from a hardware timer, whose callback runs even while Python code spins
# in a loop. stop() (the main loop calls it on Ctrl-C) ends it, so that a
# developer at the REPL or mpremote is not reset: the reason this is not
# machine.WDT, which cannot be stopped once started.
from compat import ticks_diff, ticks_ms


class Watchdog:
    def __init__(self, timeout_ms, reset, timer=None, period_ms=1000, clock=ticks_ms):
        self.timeout = timeout_ms
        self.reset = reset  # machine.reset on a board
        self.timer = timer
        self.clock = clock
        self.last = clock()
        if timer is not None:
            timer.init(period=period_ms, mode=timer.PERIODIC, callback=self.check)

    def feed(self):
        self.last = self.clock()

    def check(self, _timer=None):
        if ticks_diff(self.clock(), self.last) > self.timeout:
            self.reset()

    def stop(self):
        if self.timer is not None:
            self.timer.deinit()
            self.timer = None

