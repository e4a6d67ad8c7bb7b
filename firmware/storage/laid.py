# The finished games (savefile.LAID: the history and the all-time stats) read
# from the flash, where a save leaves them (docs/STORAGE.md): for the History
# screens, /history.csv and a game's end, while they want them. A leaf,
# loaded for that and let go.
import json

from storage.savefile import _source


def value(state, key):
    """A LAID field's value: read from the flash where it is kept there (a
    new copy each time: in the heap only while it is used), else as it is."""
    v = state[key]
    if type(v) is not tuple:
        return v
    try:
        f, a = _source(v[0], v[1], v[3])
        try:
            f.seek(a + v[2])
            return json.loads(f.read(v[3] - v[2]))
        finally:
            f.close()
    except (OSError, ValueError):  # its save gone or cut short: as _copy() writes it
        return [] if key == "history" else {}


def held(state, key):
    """A LAID field read into the state, to be changed (the next save lays it
    on the flash again)."""
    state[key] = value(state, key)
    return state[key]
