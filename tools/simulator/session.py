# A simulated board with the real firmware on it, its clock moved by the caller (tick): the library
# under tools/sim.py, the test driver, the benches and the tests (MicroPython unix port).
import os

from guard import Runner
from simulator import board as simboard
from simulator import bounce, inputs, panel, png
from hardware import KEYS, LONG, SHORT

STEP_MS = 5  # the firmware's poll interval
SHORT_MS = 80  # how long a short press is held (and a keyboard's key)
TAP_MS = 80  # and a finger on a touch panel
LONG_MS = 800  # and a long one
GAP_MS = 150  # between presses


KEY_NAMES = {"esc": "`", "backspace": "bksp", "return": "enter"}  # the Cardputer's keys, as people say them


def why(e):
    """An OSError in words (the unix port gives its number alone)."""
    n = e.args[0] if e.args else None
    return {2: "no such file or folder", 13: "not allowed", 20: "a part of the path is a file, not a folder",
            21: "it is a folder", 28: "the disk is full"}.get(n, str(e))


class ScriptError(ValueError):
    pass


class Sim:
    def __init__(self, board_id, emulate=True, guarded=True, unit=None):
        """guarded: an error shows the error screen and restarts the app, as on the device (guard.py);
        tests turn it off. unit: a look-alike's glass (simulator/glass.py)."""
        self.hw, self.emu, self.fingers, self.board = simboard.build(board_id, emulate, unit)
        self.input = inputs.of(self.hw.keys)  # its kind of input (simulator/inputs.py)
        self.kind = self.input.kind  # buttons, keyboard or touch
        self.switches = self.fingers if self.input is inputs.Buttons else []
        if hasattr(self.fingers, "clock"):  # a model that sleeps (simulator/touch.py's CST820): our time
            self.fingers.clock = lambda: self.now
        # a logical key -> the button (or pair) and how long, a short press where there is one (a dict:
        # walking KEYMAP, whose tuples hash by address, allocated differently each run)
        self.presses: dict = {}
        for kind in (SHORT, LONG):
            for (button, k), logical in (self.board.KEYMAP.items() if self.input is inputs.Buttons else ()):
                if k == kind and logical not in self.presses:
                    self.presses[logical] = (button, SHORT_MS if kind == SHORT else LONG_MS)
        self.runner = Runner(self.hw, 0, strict=not guarded)
        self.now = 0
        self.bounce = False
        self.frames = 0
        self.shots = os.getcwd()  # where `shot` writes (--shots)
        self.shot_scale = 3
        self.tick(GAP_MS)

    @property
    def app(self):
        return self.runner.app  # a new App after a restart; None on the error screen

    def tick(self, ms):
        """Run the firmware for ms of simulated time."""
        for _ in range(ms // STEP_MS):
            if self.runner.step(self.now):
                self.frames += 1
            self.now += STEP_MS

    def press(self, button, ms):
        """Press a button (an index), or two together (a pair), for ms."""
        sws = [self.switches[b] for b in button] if type(button) is tuple else [self.switches[button]]
        if self.bounce:  # contacts chatter for a few ms each way
            bounce.chatter(sws, self.tick, STEP_MS, bounce.DOWN)
        for sw in sws:
            sw.held = True
        self.tick(ms)
        if self.bounce:
            bounce.chatter(sws, self.tick, STEP_MS, bounce.UP)
        for sw in sws:
            sw.held = False
        self.tick(GAP_MS)

    def type_key(self, legend, ms=SHORT_MS):
        """A keyboard's key by its legend ("5", "enter"); "fn+;" with fn held."""
        m = self.fingers
        keys = legend.split("+") if len(legend) > 1 and "+" in legend else [legend]
        keys = [KEY_NAMES.get(k, k) for k in keys]
        try:
            for k in keys:
                m.where(k)
        except ValueError:
            raise ScriptError("the keyboard has no key '%s' (its keys: the characters printed on them, and "
                              "enter, bksp, space, tab, fn, shift, ctrl, alt, opt; esc is `)" % legend)
        for k in keys:
            m.press(k)
            self.tick(STEP_MS * 2)
        self.tick(ms)
        for k in reversed(keys):
            m.release(k)
            self.tick(STEP_MS * 2)
        self.tick(GAP_MS)

    def tap(self, x, y, ms=TAP_MS):
        """A finger on the touch panel at screen point (x, y) for ms."""
        w, h = self.hw.display.width, self.hw.display.height
        if not (0 <= x < w and 0 <= y < h):
            raise ScriptError("a tap is on the screen: x 0 to %d, y 0 to %d" % (w - 1, h - 1))
        self.fingers.finger = (x, y)
        self.tick(ms)
        self.fingers.finger = None
        self.tick(GAP_MS)

    def press_key(self, key):
        """Press whatever gives the logical key on this board (its input's way)."""
        self.input.press_key(self, key)

    error = ScriptError  # what the input's way raises for a key the board has not

    def seen(self, x, y):
        """Where the picture's point (x, y) is on the glass, after the board check's Mirror and Turn."""
        bits = self.app.state["settings"].get("glass", 0) if self.app else 0
        w, h = self.hw.display.width, self.hw.display.height
        if bits & 2:
            x, y = w - 1 - x, h - 1 - y
        if bits & 1:
            x = w - 1 - x
        return x, y

    def key_point(self, key):
        """The picture's point to tap for a logical key (inputs.Touch.key_point)."""
        p = inputs.Touch.key_point(self.app, self.hw.display.width, self.hw.display.height, key)
        if p is None:
            raise ScriptError("no tap gives '%s' on this screen" % key)
        return p

    def button(self, name):
        """A button by its name or number (from 1); "top+bottom": two together."""
        if "+" in name:
            a, b = name.split("+", 1)
            return (self.button(a), self.button(b))
        names = [n.lower() for n in self.board.BUTTONS]
        if name.lower() in names:
            return names.index(name.lower())
        if name.isdigit() and 1 <= int(name) <= len(names):
            return int(name) - 1
        raise ScriptError("no button '%s' (buttons: %s)" % (name, ", ".join(self.board.BUTTONS)))

    def run_line(self, line):
        words = line.split()
        if not words or words[0].startswith("#"):
            return
        w = words[0].lower()
        repeat = 1
        if len(words) > 1 and words[-1].lower().startswith("x") and words[-1][1:].isdigit():
            repeat = int(words[-1][1:])
            words = words[:-1]
        lacked = inputs.refused(self.input, w)  # a word for an input this board has not
        if lacked:
            raise ScriptError(lacked)
        for _ in range(repeat):
            if w in KEYS and len(words) == 1:
                self.press_key(w)
            elif w == "press" and len(words) in (2, 3):
                b = self.button(words[1])
                how = words[2].lower() if len(words) == 3 else "short"
                ms = {"short": SHORT_MS, "long": LONG_MS}.get(how, int(how) if how.isdigit() else None)
                if ms is None:
                    raise ScriptError("a press is short, long or a time in ms, not '%s'" % how)
                self.press(b, ms)
            elif w == "key" and len(words) == 2:
                self.type_key(words[1].lower() if len(words[1]) > 1 else words[1])
            elif w == "type" and len(words) >= 2:
                for c in line.strip()[5:]:
                    self.type_key("space" if c == " " else c.lower())
            elif w == "tap" and len(words) == 3:
                if not (words[1].isdigit() and words[2].isdigit()):
                    raise ScriptError("a tap is 'tap X Y', in pixels from the top left")
                self.tap(int(words[1]), int(words[2]))
            elif w == "wait" and len(words) == 2 and words[1].isdigit():
                self.tick(int(words[1]))
            elif w == "bounce" and len(words) == 2 and words[1] in ("on", "off"):
                self.bounce = words[1] == "on"
            elif w == "shot" and len(words) == 2:
                name = words[1] if words[1].endswith(".png") else "%s-%s.png" % (self.hw.board, words[1])
                self.screenshot(name if name.startswith("/") else self.shots + "/" + name, self.shot_scale)
            else:
                raise ScriptError("not understood: '%s'" % line.strip())

    def run_script(self, path):
        try:
            with open(path) as f:
                text = f.read()
            if text[:1] == "\ufeff":  # a byte-order mark (Windows Notepad writes one)
                text = text[1:]
            lines = text.split("\n")
        except OSError as e:
            raise ScriptError("cannot read %s: %s" % (path, why(e)))
        except UnicodeError:
            raise ScriptError("%s is not a text file (a key script is text: docs/SIMULATOR.md)" % path)
        for n in range(len(lines)):
            try:
                self.run_line(lines[n])
            except ScriptError as e:
                raise ScriptError("%s, line %d: %s" % (path, n + 1, e))

    def screenshot(self, path, scale=3):
        w, h = self.emu.size()
        try:
            png.write_rows(path, w, h, lambda y: panel.row(self.emu, y), scale)
        except OSError as e:
            raise ScriptError("cannot write %s: %s" % (path, why(e)))

    port = 8080

    def serving(self):
        """Wi-Fi is on in the firmware's settings: the web side runs."""
        from web.run import wifi_wanted

        return wifi_wanted(self.runner)

    def serve(self, step):
        """Run the web side with step() as the loop's turn, until Wi-Fi is turned off."""
        from web.run import serve

        serve(self.runner, step, STEP_MS, self.port)
