# The page's host (make web, docs/WEB.md): what tools/webpage/page.js calls besides the firmware's
# loop, working with what the page's board file (boards/browser.py, as board.py) built.
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
    """A touch board's first-start calibration answered: the page's pointer is exact already."""
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
    """How the page gives a logical key here: "buttons 0,1 MS", "keys fn,; MS", "tap X Y MS" or ""."""
    return PLANS[inputs.of_board(board.mod).kind](board.mod, name)


# How the page presses each kind of input (simulator/inputs.py's kinds): the press that gives a key
def _buttons(mod, name):
    from hardware import LONG, SHORT

    for press in (SHORT, LONG):
        for (button, k), logical in mod.KEYMAP.items():
            if logical == name and k == press:
                bs = button if type(button) is tuple else (button,)
                ms = SHORT_MS if press == SHORT else LONG_MS
                return "buttons %s %d" % (",".join(str(b) for b in bs), ms)
    return ""


def _keys(mod, name):
    for fn, table in (("", mod.KEYMAP), ("fn,", mod.FN_MAP)):
        for legend, k in table.items():
            if k == name:
                return "keys %s%s %d" % (fn, legend, SHORT_MS)
    return ""


def _taps(mod, name):
    """A tap where the screen shown gives the key (ui/touch.py's keys)."""
    p = inputs.Touch.key_point(board.runner.app, board.hw.display.width, board.hw.display.height, name)
    return "tap %d %d %d" % (p[0], p[1], SHORT_MS) if p else ""


PLANS = {inputs.Buttons.kind: _buttons, inputs.Keyboard.kind: _keys, inputs.Touch.kind: _taps}


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
    """The game in progress as tools/score.py reads it (web/download.py's), or "error: why not"."""
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
    """"" if text is a game the board can load, else "error: what is wrong"."""
    return _read_game(text)[1] or ""


def load_game(text):
    """A game.json made the game in progress, saved, and opened; or "error: what is wrong"."""
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
    if inputs.of_board(board.mod) is not inputs.Buttons:
        return ""
    from drivers.buttons import describe

    return "; ".join(describe(board.mod.KEYMAP, list(board.mod.BUTTONS)))
