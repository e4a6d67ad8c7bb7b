# The three kinds of input a board has (its file's INPUT; buttons by default), a class each: how a
# logical key is pressed on it and which script words need it; driver.py and sim.py extend them.


class Buttons:
    kind = "buttons"
    one_press = False  # a card is one key or one tap (bench.py's direct entry)
    words = ("press",)  # a script's words that need this input (docs/SIMULATOR.md)
    instead = ""  # what a script uses instead of press on a board without buttons
    # what a script's word that needs this input is told on a board without it (refused())
    lacks = "'press': this board has no buttons (%(instead)s)"

    @staticmethod
    def press_key(sim, key):
        """Press whatever gives the logical key: a button, or two, short or long."""
        p = sim.presses.get(key)
        if p is None:
            raise sim.error("this board has no press for '%s'" % key)
        sim.press(p[0], p[1])


class Keyboard:
    kind = "keyboard"
    one_press = True
    words = ("key", "type")
    instead = "'key' and 'type' its keys"
    lacks = "'%(word)s': this board has no keyboard (the cardputer has)"

    @staticmethod
    def press_key(sim, key):
        """Type the key whose legend gives the logical key, or fn with one."""
        for legend, k in sim.board.KEYMAP.items():
            if k == key:
                sim.type_key(legend)
                return
        for legend, k in sim.board.FN_MAP.items():
            if k == key:
                sim.type_key("fn+" + legend)
                return
        raise sim.error("this board has no key for '%s'" % key)


class Touch:
    kind = "touch"
    one_press = True
    words = ("tap",)
    instead = "'tap X Y' its screen"
    lacks = "'tap': this board has no touch panel (the cyd has)"

    @staticmethod
    def press_key(sim, key):
        """Tap the pad's key for the logical key, where the glass shows it."""
        sim.tap(*sim.seen(*sim.key_point(key)))

    @staticmethod
    def pad_point(app, label):
        """The middle of the pad's key labelled so (ui/touch.py), or None."""
        from ui import touch

        labels = touch.keys_of(app.stack[-1]) if app is not None and app.stack else None
        if not labels or label not in labels:
            return None
        y0 = touch.layout(app.pen, labels)
        per = app.pen.d.width // touch.KEY  # keys a row
        i, k = labels.index(label), touch.KEY
        return i % per * k + k // 2, y0 + i // per * k + k // 2

    @staticmethod
    def key_point(app, w, h, key):
        """Where a tap gives the logical key (w x h): a pad's Back or Del, OK or Done, else the bar's key."""
        from ui import touch

        if app is None or not app.stack:
            return None
        if touch.keys_of(app.stack[-1]):
            for label in {"back": ("Back", "Del"), "ok": ("OK", "Done")}.get(key, ()):
                p = Touch.pad_point(app, label)
                if p is not None:
                    return p
            return None
        names = [k for _label, k in touch.BAR]
        if key in names:
            return (2 * names.index(key) + 1) * w // (2 * len(names)), h - touch.KEY // 2
        return None


KINDS = {c.kind: c for c in (Buttons, Keyboard, Touch)}


def of(keys):
    """The input kind of a board's keys (Hardware.keys): their kind, buttons by default."""
    return KINDS[getattr(keys, "kind", "buttons")]


def of_board(mod):
    """The input kind of a board's file (its INPUT)."""
    return KINDS[getattr(mod, "INPUT", "buttons")]


def refused(board, word):
    """What a script's word is told on a board of this kind that lacks its input; None if it has it."""
    for k in KINDS.values():
        if k is not board and word in k.words:
            return k.lacks % {"word": word, "instead": board.instead}
    return None
