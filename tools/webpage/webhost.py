# The page's host (make web, docs/WEB.md): what tools/webpage/page.js calls
# besides the firmware's own loop: a turn of the loop, the keys pressed from
# the page, the game downloaded and loaded. It works with what the page's
# board file (boards/browser.py, deployed as board.py) built. Not a board
# file (those import no firmware but drivers and hardware) nor firmware: the
# page's own, beside them in its /code.
import board  # type: ignore[import-not-found]  # boards/browser.py
from guard import step as guard_step
from simulator import inputs

SHORT_MS = 80  # a press the page makes for a key of the computer's keyboard (as the simulator's)
LONG_MS = 800


def step(every_ms):
    """One turn of the device's loop (guard.step), every every_ms."""
    guard_step(board.runner, every_ms)
    _calibrated()


def _calibrated():
    """A touch board's first start asks for three taps on crosses (the board's
    panel must be learnt); the page's pointer is exact already: its
    calibration is saved as the touch panel reads it, and the question goes."""
    app = board.runner.app
    if app is None or not app.stack or type(app.stack[-1]).__name__ != "Calibrate":
        return
    cal = list(board.fingers.raw)  # the model's own reading of each edge (simulator/touch.py)
    app.hw.keys.touch.cal = tuple(cal)
    app.state["settings"]["touch"] = cal
    app.save()
    app.pop()


# --- keys --------------------------------------------------------------

def button(i, down):
    board.fingers[int(i)].held = bool(down)


def key(legend, down):
    """A keyboard's key by its legend; False if the board has none such."""
    m = board.fingers
    try:
        (m.press if down else m.release)(str(legend))
    except ValueError:
        return False
    return True


def has_key(legend):
    """Whether the board's keyboard has a key of this legend."""
    try:
        board.fingers.where(str(legend))
    except (ValueError, AttributeError):
        return False
    return True


def touch(x, y):
    """A finger at (x, y) of the panel; None: lifted."""
    board.fingers.finger = None if x is None else (int(x), int(y))


def rows():
    """The keyboard's keys as they lie, for the on-page keyboard: the board file's PRINTED rows."""
    import json

    return json.dumps(board.mod.PRINTED)


def plan(name):
    """How the page gives a logical key (up, down, ok, back, left, right)
    on this board: "buttons 0,1 MS", "keys fn,; MS", "tap X Y MS", or ""
    where nothing gives it here."""
    return _way().plan(board.mod, name)


def _way():
    """The page's way with this board's kind of input (simulator/inputs.py)."""
    return WAYS[inputs.of_board(board.mod).kind]


# How the page presses each kind of input (simulator/inputs.py's kinds): plan(mod, name) the
# press that gives a logical key, help(mod) what the buttons do (the others say it on the page).
class Presses(inputs.Buttons):
    @staticmethod
    def plan(mod, name):
        from hardware import LONG, SHORT

        for press in (SHORT, LONG):
            for (button, k), logical in mod.KEYMAP.items():
                if logical == name and k == press:
                    bs = button if type(button) is tuple else (button,)
                    ms = SHORT_MS if press == SHORT else LONG_MS
                    return "buttons %s %d" % (",".join(str(b) for b in bs), ms)
        return ""

    @staticmethod
    def help(mod):
        from drivers.buttons import describe

        return "; ".join(describe(mod.KEYMAP, list(mod.BUTTONS)))


class Keys(inputs.Keyboard):
    @staticmethod
    def plan(mod, name):
        for legend, k in mod.KEYMAP.items():
            if k == name:
                return "keys %s %d" % (legend, SHORT_MS)
        for legend, k in mod.FN_MAP.items():
            if k == name:
                return "keys fn,%s %d" % (legend, SHORT_MS)
        return ""

    @staticmethod
    def help(mod):
        return ""


class Taps(inputs.Touch):
    @staticmethod
    def plan(mod, name):
        p = tap_point(name)
        return "tap %d %d %d" % (p[0], p[1], SHORT_MS) if p else ""

    @staticmethod
    def help(mod):
        return ""


WAYS = {c.kind: c for c in (Presses, Keys, Taps)}


def tap_point(name):
    """Where a tap gives key on the screen shown (ui/touch.py's keys), or None."""
    return inputs.Touch.key_point(board.runner.app, board.hw.display.width, board.hw.display.height, name)


def top():
    """The screen shown, "Class|title" (the page's tests read it)."""
    a = board.runner.app
    if a is None:
        return "error screen|"
    t = a.stack[-1]
    title = getattr(t, "title", "")
    return "%s|%s" % (type(t).__name__, title if type(title) is str else title[0])


# --- the game in and out -----------------------------------------------

def game_json():
    """The game in progress as tools/score.py reads it (the phones' page's
    /game.json, made by its very pieces: web/download.py's), or "error: why not"."""
    app = board.runner.app
    g = app.game if app is not None else None
    if g is None:
        return "error: There is no game in progress on the board: nothing to download."
    from web.download import _doc

    return "".join(_doc(g))


def _holes(n):
    return "1 hole" if n == 1 else "%d holes" % n


def load_question():
    """The question before a loaded game replaces the one in progress, or ""."""
    app = board.runner.app
    g = app.game if app is not None else None
    if g is None:
        return ""
    from ui.labels import title  # (a leaf of the app's: let go at its next hub)

    return ("The board has a game in progress (%s, %s in: %s). The loaded game replaces it: "
            "download it first to keep it. Replace it?"
            % (title(g.id), _holes(len(g.holes)), ", ".join(g.names)))


def _read_game(text):
    """A game.json read by the engine: (game, None) or (None, "error: what is wrong")."""
    import json

    from engine.doc import from_doc
    from engine.errors import ScoreError

    try:
        doc = json.loads(text)
    except ValueError:
        return None, "error: this is not a JSON file (a game.json: Download game.json's, or make export's)."
    if type(doc) is not dict:
        return None, "error: this JSON is not a game (a game.json is an object: {\"game\": ..., ...})."
    if "game" not in doc:
        return None, "error: this file has no game in it (a game.json names its game: {\"game\": ..., ...})."
    try:
        return from_doc(doc), None
    except ScoreError as e:
        why = e.text()
        return None, "error: " + why + ("" if why.endswith(".") else ".")


def check_game(text):
    """"" if text is a game the board can load, else "error: what is wrong"
    (the page asks before replacing a game only once the file is good)."""
    return _read_game(text)[1] or ""


def load_game(text):
    """A game.json (tools/score.py's input) made the game in progress,
    saved, and opened as after a restart; or "error: what is wrong"."""
    g, bad = _read_game(text)
    if bad:
        return bad
    r = board.runner
    if r.app is None:
        return "error: the board is showing an error: wait for it to restart, then load again."
    r.app.game = g
    if not r.app.save():
        return "error: the board could not save it (it shows why)."
    from compat import ticks_ms

    from ui.labels import title

    r.restart(ticks_ms())  # as after a restart: the saved game opened
    return "Loaded: %s, %d players, %s." % (title(g.id), len(g.names), _holes(len(g.holes)))


def keys_help():
    """What the board's buttons do ("top short: down; ..."), or "" for a keyboard or touch board."""
    return _way().help(board.mod)
