# Older save formats turned into this one (MIGRATIONS), and a saved state
# cleaned: each field of the right type laid over the defaults, anything
# else dropped; the settings put back in range (settle). Only loading.py
# uses it.
import json

from storage.savefile import ROSTER_MAX, VERSION, defaults


def _from0(state):
    """Format 0 (no version field) was format 1 without the field."""
    return state


def _from1(state):
    """Format 1 kept every hole's scores in the history and had no all-time
    stats: start the stats from them, then keep only the count of holes."""
    from storage.history import add_stats, compact  # (not loaded at every start: formats 0 and 1 only)

    stats: dict = {}
    h = state.get("history")
    h = h if type(h) is list else []
    for rec in reversed(h):
        if _record_ok(rec, 1):
            add_stats(stats, rec)  # (a record not of the form is named by clean(), below)
    state["stats"] = stats
    state["history"] = [compact(rec) if _record_ok(rec, 1) else rec for rec in h]  # (the rest: clean())
    return state


MIGRATIONS = (_from0, _from1)  # MIGRATIONS[v] turns format v into v + 1


def migrate(saved, note=None):
    """A saved dict of any format up to VERSION, as a clean current state
    (what was dropped named in note: clean())."""
    v = saved.get("version", 0)
    if type(v) is not int or v < 0:
        v = 0
    while v < VERSION:
        saved = MIGRATIONS[v](saved)
        v += 1
    return clean(saved, note)


def _record_ok(record, version=VERSION):
    """A history record of the format: holes is a list of each hole's
    scores in format 1, their count since."""
    if type(record) is not dict or type(record.get("game")) is not str:
        return False
    players, totals, holes = record.get("players"), record.get("totals"), record.get("holes")
    if type(players) is not list or type(totals) is not list:
        return False
    n = len(players)
    if not n or len(totals) != n or any(type(p) is not str for p in players):
        return False
    if any(type(t) is not int for t in totals):
        return False
    if version == 1:
        if type(holes) is not list:
            return False
        for hole in holes:
            if type(hole) is not list or len(hole) != n or any(type(x) is not int for x in hole):
                return False
    elif type(holes) is not int or holes < 0:
        return False
    w = record.get("winner")
    return w is None or (type(w) is int and 0 <= w < n)


def clean(saved, note=None):
    """Defaults, with each saved field of the right type laid over them;
    what of them cannot be used (a history record, a player's stats in a
    game, a roster name, not of their form) is dropped, and named in note
    (a list) for the start's note. (No helper functions, no new short
    strings: each is a name interned at every start, and the CYD's boot is
    a few names from the names' next pool, 4.5 KB: docs/MEMORY.md.)"""
    note = [] if note is None else note
    state = defaults()
    for k in state:
        if k not in saved or k == "version":
            continue
        v = saved[k]
        if k in ("game", "tally") and v is None or type(v) is type(state[k]) or (
                k in ("game", "tally") and type(v) is dict):  # (those two: an object, or None)
            state[k] = v
        elif k != "seq":
            note.append("the save's %s field" % k)
    h = state["history"]
    state["history"] = [r for r in h if _record_ok(r)]
    if len(state["history"]) < len(h):
        n = len(h) - len(state["history"])
        note.append("%d game%s of the history" % (n, "" if n == 1 else "s"))
    st, state["stats"] = state["stats"], {}
    for game in st:  # each player's in each game: 4 counts and a best (or None)
        if type(st[game]) is not dict:
            note.append("the all-time stats of %s" % game)
            continue
        for n in st[game]:
            v = st[game][n]
            if type(v) is list and len(v) == 5 and not [x for x in v[:4] if type(x) is not int] and (
                    v[4] is None or type(v[4]) is int):
                state["stats"].setdefault(game, {})[n] = v
            else:
                note.append("%s's all-time stats in %s" % (n, game))
    names: list = []
    for n in state["roster"]:  # each a name a new game takes: text, not blank, once
        if type(n) is str and n.strip() and n not in names:
            names.append(n)
        else:
            note.append("the roster's name %s" % json.dumps(n))
    state["roster"] = names[:ROSTER_MAX]
    s = defaults()["settings"]
    s.update(state["settings"])
    state["settings"] = s
    if type(s["rules"]) is not dict:
        note.append("the house rules %s" % json.dumps(s["rules"]))
        s["rules"] = {}
    return state


def settle(state):
    """Settings (a cleaned state's) that no screen could have set put back
    in range or to their defaults: what was changed, named for a note. The
    screens' bounds (ui/settings.py): Sleep after 0 (never) to 10 minutes,
    Long press 300 to 1500 ms; Wi-Fi off, own or join."""
    fixed = []
    default = defaults()["settings"]
    for key, name, lo, hi, unit in (("sleep_s", "Sleep after", 0, 600, " s"),
                                    ("long_ms", "Long press", 300, 1500, " ms")):
        v = state[key]
        if type(v) is not int or not lo <= v <= hi:
            state[key] = min(max(v, lo), hi) if type(v) is int else default[key]
            fixed.append("%s %s (now %d%s)" % (name, json.dumps(v), state[key], unit))
    v = state.get("wifi", "off")
    if v not in ("off", "own", "join"):
        state["wifi"] = "off"
        fixed.append("Wi-Fi %s (now off)" % json.dumps(v))
    v = state.get("glass", 0)  # the board check's fixes to the picture: bits 1-32 (drivers' fix())
    if type(v) is not int or not 0 <= v < 64:
        state.pop("glass")
        fixed.append("Screen fixes %s (now none)" % json.dumps(v))
    v = state.get("touch")  # a touch panel's calibration: four whole numbers and a flag (ui/touch.py)
    if v is not None and (type(v) is not list or len(v) != 5 or [x for x in v[:4] if type(x) is not int]):
        state.pop("touch")
        fixed.append("Touch calibration %s (now none: calibrate again)" % json.dumps(v))
    rules = state["rules"]
    for game in list(rules):
        if type(rules[game]) is not dict:
            fixed.append("house rules of %s %s (now the game's own)" % (game, json.dumps(rules.pop(game))))
    return fixed
