# Keeps the scorekeeper running. An unexpected error anywhere in the app
# shows an error screen, goes to errors.log, and the app starts again from
# the saved state, so the game in progress comes back. Errors in a row
# (each within STABLE_MS of the restart before) mean the saved state itself
# may be the trouble: after SAFE_AFTER the game is not opened at start (it stays
# saved, Continue game opens it), after ASIDE_AFTER the saved files are set
# aside and a fresh state started, so the device never loops on a bad file.
import gc

import crash  # at boot, not when needed: handling an error must not need memory to load code
from compat import const, sleep_ms, ticks_diff, ticks_ms

SAFE_AFTER = 2
ASIDE_AFTER = 4
SHOW_MS = 10000  # the error screen stays this long, or until a key
STABLE_MS = 60000  # running this long without an error ends a run of errors
# No key for a second: the loop turns every 20 ms, not every 5 (an idle turn
# is 54-109K instructions on the button boards, 2.9M on the Cardputer: a
# fifth to all of an ESP32's time; docs/SPEED.md). A first press is seen up
# to 15 ms later; the keys after it at the usual pace.
_IDLE_MS = const(1000)
_IDLE_POLL_MS = const(20)


class Runner:
    def __init__(self, hw, now=0, strict=False):
        """strict: let errors through (the simulator under test)."""
        from ui.draw import Pen

        self.hw = hw
        self.pen = Pen(hw.display)  # for good: the app draws with it, and so does the error screen
        self.strict = strict
        self.crashes = 0  # in a row
        self.app = None
        self.error = None  # the error on screen
        self.since = self.started = now
        self.restart(now)

    def restart(self, now):
        from app import App

        from storage.log import LOG

        note = None
        if self.crashes == ASIDE_AFTER:  # once: a later run must not push the first aside out
            from storage.aside import set_aside

            note = ("The saved state kept causing errors, so it is set aside and a fresh one started. "
                    + set_aside())
        elif self.error is not None:
            note = "The scorekeeper restarted after an error (%s); details are in %s." % (
                self.error.__class__.__name__, LOG)
        self.error = None
        self.started = now
        try:
            self.app = App(self.hw, safe=self.crashes >= SAFE_AFTER, note=note, pen=self.pen)
        except Exception as e:
            self.crashed(e, now)

    def crashed(self, e, now):
        if self.strict:
            raise e
        self.crashes += 1
        self.app = None  # what the app held is freed first
        gc.collect()
        self.error = e
        self.since = now
        try:
            crash.report(self.hw, self.pen, e, self.crashes, now)
        except Exception:
            pass  # not even the fixed screen could be drawn: a key or SHOW_MS still restarts

    def step(self, now):
        """One turn of the loop; True if the screen was redrawn. (Few locals:
        a frame over 11 slots MicroPython takes from the heap, each turn.)"""
        if self.hw.watchdog is not None:
            self.hw.watchdog.feed()
        if self.app is None:  # the error screen
            if not (self.hw.keys.poll(now) or ticks_diff(now, self.since) > SHOW_MS):
                return False
            self.restart(now)
            if self.app is None:  # it failed again: its error screen is up
                return False
            # (its first turn below, guarded: an error there is the error screen again, not the REPL)
        if self.crashes and ticks_diff(now, self.started) > STABLE_MS:
            self.crashes = 0
        try:
            return self.app.step(now)
        except Exception as e:
            self.crashed(e, now)
            return True


def _serve(runner, poll_ms):
    """The loop beside the web side until Wi-Fi is turned off (web/run.py:
    loaded only then, so that what it needs takes nothing from the heap at boot)."""
    try:
        from web import run
    except MemoryError:
        from ui.widgets import Message

        a = runner.app
        a.state["settings"]["wifi"] = "off"  # (not saved: the next start tries again)
        a.push(Message(a, "Wi-Fi off", ["Not enough memory to start it."]))
        return
    run.serve(runner, lambda: runner.step(ticks_ms()), poll_ms)


def step(runner, poll_ms):
    """One turn of the device's loop: the app's, and the web side's when Wi-Fi is on."""
    runner.step(ticks_ms())
    a = runner.app
    if a is not None and a.wifi:  # Settings > Wi-Fi: the web side runs beside this loop
        _serve(runner, poll_ms)


def main(hw, poll_ms=5):
    """The device's loop, for good; Ctrl-C stops the watchdog and returns
    to the REPL. A board whose host runs the loop (hw.run: the web page's,
    boards/browser.py) is handed the Runner, to call step(r, poll_ms) every
    poll_ms, and main returns."""
    r = Runner(hw, ticks_ms())
    try:
        r.step(ticks_ms())  # the first screen is drawn before the console hears "ready"
        gc.collect()  # the heap in use at the first screen, before ready.py's code is loaded to say it
        from app import forget

        try:  # the line once (ready.py let go after, as start.py is). An error in it (a MemoryError
            # loading it, say; a port without gc.mem_alloc) and the device runs on without the line
            used = gc.mem_alloc()  # type: ignore[attr-defined]
            import ready

            print(ready.line(hw, r, used))
        except Exception as e:  # said in errors.log (the Wi-Fi check's figure is not kept then)
            try:
                crash.log_error("--- the console's ready line at boot\n" + crash.format_exc(e))
            except Exception:
                pass
        forget("ready")
        if hw.run is not None:
            hw.run(r, poll_ms)
            return
        while True:
            step(r, poll_ms)
            a = r.app  # no key for _IDLE_MS (not the error screen): the longer sleep
            idle = a is not None and a.last_key is not None and ticks_diff(ticks_ms(), a.last_key) >= _IDLE_MS
            sleep_ms(max(poll_ms, _IDLE_POLL_MS) if idle else poll_ms)
    finally:
        if hw.watchdog is not None:
            hw.watchdog.stop()
