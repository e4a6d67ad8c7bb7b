# The device's state: the game in progress, finished games, the roster and
# the settings, as one small JSON file merged over defaults (so a missing
# field or an older file still loads). Saved by writing a temporary file and
# renaming it over the old one, which littlefs does atomically.
import json
import os

FILE = "state.json"
VERSION = 1
HISTORY_MAX = 20  # finished games kept


def defaults():
    return {
        "version": VERSION,
        "game": None,  # the game in progress: engine document form
        "history": [],  # finished games: {"game", "players", "totals", "holes", "winner"}
        "roster": [],  # names used before, most recent first
        "settings": {"rules": {}, "sleep_s": 120, "long_ms": 600},
        "tally": None,  # multiple-9 wins: {"players": [...], "wins": [...]}
    }


def load(path=FILE):
    """(state, problem): problem is None, or a sentence for the screen."""
    state = defaults()
    try:
        with open(path) as f:
            saved = json.load(f)
    except OSError:
        return state, None  # nothing saved yet
    except (ValueError, MemoryError):
        return state, "The saved games could not be read; starting afresh."
    if type(saved) is not dict:
        return state, "The saved games could not be read; starting afresh."
    for k in state:
        if k not in saved:
            continue
        v = saved[k]
        if k in ("game", "tally"):  # an object, or None
            state[k] = v if v is None or type(v) is dict else None
        elif type(v) is type(state[k]):
            state[k] = v
    s = defaults()["settings"]
    s.update(state["settings"] if type(state["settings"]) is dict else {})
    state["settings"] = s
    return state, None


def save(state, path=FILE):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f)
    os.rename(tmp, path)


def remember(state, name):
    """Put a name at the front of the roster."""
    r = state["roster"]
    if name in r:
        r.remove(name)
    r.insert(0, name)
    del r[16:]


def finish(state, record):
    """Move a finished game into the history (newest first, bounded)."""
    h = state["history"]
    h.insert(0, record)
    del h[HISTORY_MAX:]
    state["game"] = None
