# A keyboard (drivers/keymatrix.py, drivers/tca8418.py) as the app's keys:
# poll(now) gives the logical keys the screens know (up, down, ok, back)
# for the keys the board's key map names, and every other printable key as
# the character it types, for the screens that take one (a card, a
# letter). A modifier held (fn on the Cardputer) switches to its own map:
# fn + ; is up there. The same interface as drivers/buttons.Keys.


class KeyboardKeys:
    kind = "keyboard"  # the app takes typed keys through ui/typed.py

    def __init__(self, keyboard, keymap, fn_map=None, fn="fn"):
        """keyboard: poll(now) -> legends newly pressed, down(legend);
        keymap, fn_map: {legend: logical key}, plain and with fn held."""
        self.kb = keyboard
        self.keymap = keymap
        self.fn_map = fn_map or {}
        self.fn = fn
        self.out: list = []  # reused: no allocation per poll

    def poll(self, now):
        self.out.clear()
        pressed = self.kb.poll(now)
        if pressed:  # (most turns not: no frame bigger than the C stack takes, docs/SPEED.md)
            self._keys(pressed)
        return self.out

    def _keys(self, pressed):
        out = self.out
        shifted = self.kb.down(self.fn)
        for legend in pressed:
            if legend == self.fn:
                continue
            key = self.fn_map.get(legend) if shifted else None
            if key is None:
                key = self.keymap.get(legend)
            if key is None and len(legend) == 1:
                key = legend  # a character: "5", "k", "."
            if key is not None:
                out.append(key)
        return out

    def set_timings(self, debounce_ms=None, long_ms=None):
        """A setting for buttons: a keyboard has no long presses; its
        debounce is the keyboard's."""
        if debounce_ms is not None and hasattr(self.kb, "debounce_ms"):
            self.kb.debounce_ms = debounce_ms
