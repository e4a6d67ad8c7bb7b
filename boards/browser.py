"""The browser board: the firmware in a web page (make web, docs/WEB.md), on
MicroPython's WebAssembly port. The page stands for one of the real boards
(its model, chosen on the page): this file builds that board's own display
driver with a <canvas> for its panel, and that board's keys, pressed from
the page (its buttons, the computer's keyboard, taps): the buttons are the
virtual board's switches, the Cardputer's keyboard and the CYD's touch panel
the simulator's models of them (tools/simulator). The flash is the page's
(kept in the browser, web/page.js); the page's event loop runs the
firmware's loop (Hardware.run). No Wi-Fi, no battery, no watchdog.

For the tools (tools/common/boards.py; MicroPython keeps no docstring):
chip: webassembly
"""
from binascii import hexlify

import js  # type: ignore[import-not-found]  # the WebAssembly port's bridge to the page

ID = "browser"
NAME = "Web page (MicroPython WebAssembly)"

page = js.skPage  # web/page.js: the canvas, the keys, the loop


def model():
    """The board the page stands for (its picker's choice; the CYD's touch layout by default)."""
    from simulator.board import board_module

    return board_module(str(page.model))


def _text(buf):
    return hexlify(buf).decode()  # (b2a_base64 takes 5 ms for 3 KB on the WebAssembly port, hexlify 33 us)


def canvas(cls):
    """The driver class cls drawing on the page's canvas instead of a bus:
    the same frame buffer, bands, colours and marks, shown by the page."""

    class Canvas(cls):  # type: ignore[valid-type,misc]
        def init(self):
            pass  # no controller to wake (its waits would hold the page up)

        def sleep(self, asleep):
            page.sleep(asleep)

        def show(self):
            d = self.dirty  # type: ignore[has-type]
            if d is None:
                return 0
            self.dirty = None
            # the bytes go as hex text: the port hands a bytearray to JavaScript as a proxy
            if self.mono:  # MONO_VLSB, the whole frame
                page.mono(_text(self.buf), self.width, self.height)
                return 0
            top = self.top
            y0, y1 = max(d[1], top), min(d[3], top + self.band)
            if y0 < y1:
                half = self.stride >> 1
                rows = memoryview(self.buf)[(y0 - top) * half : (y1 - top) * half]
                page.band(_text(rows), half, d[0], y0, d[2], y1, _text(self.lut))
            return 0

    return Canvas


def display(mod):
    kind = mod.PANEL[0]
    if kind == "st7789":
        from drivers.st7789 import ST7789

        return canvas(ST7789)(None, None, None, None, rotation=mod.PANEL[1], band=mod.BAND)
    if kind == "ili9341":
        from drivers.ili9341 import ILI9341

        return canvas(ILI9341)(None, None, None, None, rotation=mod.PANEL[1], band=mod.BAND)
    if kind == "ili9342":
        from drivers.ili9342 import ILI9342

        return canvas(ILI9342)(None, None, None, None, rotation=mod.PANEL[1], band=mod.BAND)
    from drivers.ssd1306 import SSD1306

    return canvas(SSD1306)(None, mod.PANEL[1], mod.PANEL[2])


# The Cardputer's keys as they lie (the on-page keyboard; the matrix is the board file's LEGENDS)
CARDPUTER_ROWS = (
    ("`", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=", "bksp"),
    ("tab", "q", "w", "e", "r", "t", "y", "u", "i", "o", "p", "[", "]", "\\"),
    ("fn", "shift", "a", "s", "d", "f", "g", "h", "j", "k", "l", ";", "'", "enter"),
    ("ctrl", "opt", "alt", "z", "x", "c", "v", "b", "n", "m", ",", ".", "/", "space"),
)
SHORT_MS = 80  # a press the page makes for a key of the computer's keyboard (as the simulator's)
LONG_MS = 800


class Host:
    """What the page calls (web/page.js): a turn of the loop, the keys, and
    the game in and out of the flash."""

    def __init__(self, hw, fingers, mod):
        self.hw = hw
        self.fingers = fingers
        self.mod = mod
        self.every = 5  # (self.runner: guard's Runner, from run())

    def run(self, runner, every_ms):
        self.runner = runner
        self.every = every_ms
        page.run(every_ms)

    def step(self):
        from guard import step

        step(self.runner, self.every)

    # --- keys --------------------------------------------------------------
    def button(self, i, down):
        self.fingers[int(i)].held = bool(down)

    def key(self, legend, down):
        """A keyboard's key by its legend; False if the board has none such."""
        m = self.fingers
        try:
            (m.press if down else m.release)(str(legend))
        except ValueError:
            return False
        return True

    def touch(self, x, y):
        """A finger at (x, y) of the panel; None: lifted."""
        self.fingers.finger = None if x is None else (int(x), int(y))

    def rows(self):
        import json

        return json.dumps(CARDPUTER_ROWS)

    def plan(self, key):
        """How the page gives a logical key (up, down, ok, back, left, right)
        on this board: "buttons 0,1 MS", "keys fn,; MS", "tap X Y MS", or ""
        where nothing gives it here."""
        from drivers.buttons import LONG, SHORT

        mod = self.mod
        kind = getattr(mod, "INPUT", "buttons")
        if kind == "keyboard":
            for legend, k in mod.KEYMAP.items():
                if k == key:
                    return "keys %s %d" % (legend, SHORT_MS)
            for legend, k in mod.FN_MAP.items():
                if k == key:
                    return "keys fn,%s %d" % (legend, SHORT_MS)
            return ""
        if kind == "touch":
            p = self.tap_point(key)
            return "tap %d %d %d" % (p[0], p[1], SHORT_MS) if p else ""
        for press in (SHORT, LONG):
            for (button, k), logical in mod.KEYMAP.items():
                if logical == key and k == press:
                    bs = button if type(button) is tuple else (button,)
                    ms = SHORT_MS if press == SHORT else LONG_MS
                    return "buttons %s %d" % (",".join(str(b) for b in bs), ms)
        return ""

    def tap_point(self, key):
        """Where a tap gives key on the screen shown (ui/touch.py's keys), or None."""
        from ui import touch

        app = self.runner.app
        if app is None or not app.stack:
            return None
        top = app.stack[-1]
        w, h = self.hw.display.width, self.hw.display.height
        labels = touch.keys_of(top)
        if labels:
            per, y0 = touch.layout(app.pen, labels)
            for label in {"back": ("Back", "Del"), "ok": ("OK", "Done")}.get(key, ()):
                if label in labels:
                    i = labels.index(label)
                    return i % per * touch.KEY + touch.KEY // 2, y0 + i // per * touch.KEY + touch.KEY // 2
            return None
        names = [k for _label, k in touch.BAR]
        if key in names:
            return (2 * names.index(key) + 1) * w // (2 * len(names)), h - touch.KEY // 2
        return None

    def top(self):
        """The screen shown, "Class|title" (the page's tests read it)."""
        a = self.runner.app
        if a is None:
            return "error screen|"
        t = a.stack[-1]
        title = getattr(t, "title", "")
        return "%s|%s" % (type(t).__name__, title if type(title) is str else title[0])

    # --- the game in and out -----------------------------------------------
    def game_json(self):
        """The game in progress as tools/score.py reads it (the phones' page's
        /game.json), or "error: why not"."""
        import json

        app = self.runner.app
        g = app.game if app is not None else None
        if g is None:
            return "error: There is no game in progress on the board: nothing to download."
        head = g.doc_head()
        parts = [json.dumps(k) + ":" + json.dumps(head[k]) for k in head]
        for k, holes in g.doc_holes():
            parts.append(json.dumps(k) + ":[" + ",".join(json.dumps(g.hole_doc(h)) for h in holes) + "]")
        return "{" + ",".join(parts) + "}\n"

    def load_question(self):
        """The question before a loaded game replaces the one in progress, or ""."""
        app = self.runner.app
        g = app.game if app is not None else None
        if g is None:
            return ""
        return ("The board has a game in progress (%s, %d holes in: %s). The loaded game replaces it: "
                "download it first to keep it. Replace it?"
                % (g.rules.title, len(g.holes), ", ".join(g.names)))

    def load_game(self, text):
        """A game.json (tools/score.py's input) made the game in progress,
        saved, and opened as after a restart; or "error: what is wrong"."""
        import json

        from engine.doc import from_doc
        from engine.errors import ScoreError

        try:
            doc = json.loads(text)
        except ValueError:
            return "error: this is not a JSON file (a game.json: Download game.json's, or make export's)."
        if type(doc) is not dict:
            return "error: this JSON is not a game (a game.json is an object: {\"game\": ..., ...})."
        try:
            g = from_doc(doc)
        except ScoreError as e:
            return "error: " + e.text()
        r = self.runner
        if r.app is None:
            return "error: the board is showing an error: wait for it to restart, then load again."
        r.app.game = g
        if not r.app.save():
            return "error: the board could not save it (it shows why)."
        from compat import ticks_ms

        r.restart(ticks_ms())  # as after a restart: the saved game opened
        return "Loaded: %s, %d players, %d holes." % (g.rules.title, len(g.names), len(g.holes))


host = None


def setup():
    global host
    from hardware import Hardware
    from simulator.board import inputs

    mod = model()
    d = display(mod)
    fingers, keys = inputs(mod, d)
    hw = Hardware(ID, d, keys, mod.BUTTONS)
    host = Host(hw, fingers, mod)
    hw.run = host.run  # type: ignore[assignment]
    kind = getattr(mod, "INPUT", "buttons")
    page.ready(mod.ID, kind, d.width, d.height, bool(d.mono), ",".join(mod.BUTTONS))
    return hw
