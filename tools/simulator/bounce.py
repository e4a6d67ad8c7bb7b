# Contact bounce: a real button's contacts chatter for a few ms as it is
# pressed and as it is let go. make sim (a key file's "bounce on") and the
# random-key tool (tools/benches/monkey.py) press the simulated switches
# through this, so the firmware's debounce sees the same chatter from both. Not part of the
# heap harness (tools/benches/heapgame.py): its names stay out of the figures.
DOWN = (True, False, True, False)  # as a press begins ...
UP = (False, True, False, True)  # ... and as it ends


def chatter(switches, tick, step_ms, pattern):
    """The switches through pattern, one step of step_ms each (tick(ms)
    runs the firmware that long)."""
    for held in pattern:
        for sw in switches:
            sw.held = held
        tick(step_ms)
