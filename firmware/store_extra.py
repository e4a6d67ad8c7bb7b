# The store's rare jobs (store.py has the format, the files and the save):
# loading (the valid copy with the highest save number, damaged and foreign
# files set aside with a note, older formats migrated), finishing a game
# into the history and stats, setting files aside, the error log. store.py
# imports this for each job and lets it go, so that its code does not stay
# in the heap.
import json

import store
from store import (BAD, BAK, FILE, HISTORY_BYTES, HISTORY_MAX, MAX_BYTES, NEWER, NOTE, NOTE_MAX,
                   ROSTER_MAX, STATS_NAMES, TMP, VERSION, _exists, _rename, checksum, defaults)

os = store.os  # store's, as the tests may give it another filesystem


def crc32_py(data, crc=0):
    """CRC-32 (as binascii's) for a port built without binascii.crc32."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


_open = getattr(store, "open", open)



def read(path):
    """One file: ("ok", seq, state) | ("missing", 0, None) |
    ("bad", 0, why) | ("newer", 0, format). Never raises."""
    try:
        size = os.stat(path)[6]
    except OSError:
        return "missing", 0, None
    try:
        if size == 0:
            return "bad", 0, "it is empty"
        if size > MAX_BYTES:
            return "bad", 0, "it is too big (%d bytes)" % size
        with _open(path, "rb") as f:
            # the header line, then the body read alone: the file is in
            # memory once, not twice
            head = f.read(3)
            checked = head == b"SK "  # format 2 on: a header and a checksum
            if checked:
                line = f.readline()
                fields = line.split() if len(line) < 80 and line.endswith(b"\n") else []
                if len(fields) != 4:
                    return "bad", 0, "its header is damaged"
                version, seq, length = int(fields[0]), int(fields[1]), int(fields[2])
                if version > VERSION:
                    return "newer", 0, version
                body = f.read()
            elif head[:1] == b"{":  # format 1: plain JSON, no checksum
                body, seq = head + f.read(), 0
            else:
                return "bad", 0, "it is not a save file"
        if checked:
            if len(body) != length:
                return "bad", 0, "it is cut short (%d of %d bytes)" % (len(body), length)
            if checksum(body) != int(fields[3], 16):
                return "bad", 0, "its checksum does not match"
        if _too_deep(body, MAX_DEPTH):  # before the parser spends memory on it
            return "bad", 0, "it is nested deeper than %d levels" % MAX_DEPTH
        saved = json.loads(body)
        body = None
        why = _not_a_state(saved, checked)
        if why:  # a checksum that matches is not enough: damaged like any other
            return "bad", 0, why
        state = migrate(saved)
        state["seq"] = seq
        return "ok", seq, state
    except MemoryError:
        return "bad", 0, "it is too big to read"
    except Exception as e:  # ValueError from the JSON, or anything odd in it
        return "bad", 0, "it could not be read (%s)" % (e.__class__.__name__,)


MAX_DEPTH = 16  # a save nests 7 deep (state, game, holes, hole, grids, grid, row)


def _too_deep(body, limit):
    """Whether the JSON text nests deeper than limit (strings skipped)."""
    depth = 0
    in_str = esc = False
    for b in body:
        if in_str:
            if esc:
                esc = False
            elif b == 0x5C:  # \
                esc = True
            elif b == 0x22:
                in_str = False
        elif b == 0x22:
            in_str = True
        elif b == 0x5B or b == 0x7B:
            depth += 1
            if depth > limit:
                return True
        elif b == 0x5D or b == 0x7D:
            depth -= 1
    return False


def _not_a_state(saved, checked):
    """Why a read document is not a saved state (None if it is one). A
    game that is not null or an object is never one. A file with a header
    and a checksum (checked: format 2 on) was written whole by a save: it
    holds the game field, and every field it has is of its type, or it is
    damaged (loading it would lose that field without a word). A missing
    field other than the game is an older version's, merged over the
    defaults; the plain JSON of formats 0 and 1 is read as leniently."""
    if type(saved) is not dict:
        return "it holds no state"
    g = saved.get("game")
    if g is not None and type(g) is not dict:
        return "its game is %s, not an object" % _kind(g)
    if not checked:
        return None
    if "game" not in saved:
        return "it holds no game field"
    for k, v in defaults().items():
        if k not in saved or k in ("version", "seq"):
            continue
        got = saved[k]
        if k in ("game", "tally"):  # an object, or null
            if got is not None and type(got) is not dict:
                return "its %s is %s, not an object" % (k, _kind(got))
        elif type(got) is not type(v):
            return "its %s is %s, not %s" % (k, _kind(got), _kind(v))
    return None


def _kind(v):
    if v is None:
        return "null"
    t = type(v)
    return ("a list" if t is list else "an object" if t is dict else "text" if t is str
            else "a number" if t is int or t is float else "true or false" if t is bool else "something else")


def load():
    """(state, note): note is None, or what happened, for the screen.
    Never raises: the worst case is a fresh state, with the reason."""
    found = {}
    best = None
    for name in (FILE, TMP, BAK):
        found[name] = r = read(name)
        if r[0] == "ok" and (best is None or r[1] > found[best][1]):
            best = name
    notes = []
    kind, _, why = found[FILE]
    if kind == "bad":
        _rename(FILE, BAD)
        notes.append("The save file was damaged: %s. It is kept as %s." % (why, BAD))
    elif kind == "newer":
        _rename(FILE, NEWER)
        notes.append("The save file is from newer firmware (format %d; this one reads up to %d). "
                     "It is kept as %s." % (why, VERSION, NEWER))
    if best is None:
        if notes:
            notes.append("No other copy could be read: starting afresh.")
        return defaults(), _pending(" ".join(notes))
    state = found[best][2]
    if best == TMP:  # cut before the renames: finish the save now
        if _exists(FILE):
            _rename(FILE, BAK)
        _rename(TMP, FILE)
    elif best == BAK and notes:
        notes.append("The copy from the save before was loaded: the last hole may need entering again.")
    return state, _pending(" ".join(notes))


def _pending(note):
    """The load's note with any still unread from an earlier start: a note
    is kept on the flash (NOTE) until it has been read on the screen
    (noted()), so a restart before that (an error, a power cut) shows it
    again. None if there is none."""
    old = ""
    try:
        with _open(NOTE) as f:
            old = f.read(NOTE_MAX)
    except Exception:  # none, or unreadable: nothing pending
        pass
    if not note:
        return old or None
    note = (old + " " + note) if old else note
    try:
        with _open(NOTE, "w") as f:
            f.write(note[-NOTE_MAX:])
    except Exception:
        pass  # shown now all the same
    return note


def noted():
    """The load's note has been read: forget it."""
    try:
        os.remove(NOTE)
    except OSError:
        pass


# ---- format versions -------------------------------------------------------

def _from0(s):
    """Format 0 (no version field) was format 1 without the field."""
    return s


def _from1(s):
    """Format 1 kept every hole's scores in the history and had no all-time
    stats: start the stats from them, then keep only the count of holes."""
    stats: dict = {}
    h = s.get("history")
    h = h if type(h) is list else []
    for rec in reversed(h):
        if _record_ok(rec, 1):
            add_stats(stats, rec)
    s["stats"] = stats
    s["history"] = [compact(rec) for rec in h if _record_ok(rec, 1)]
    return s


def compact(rec):
    """A history record as kept: the scores of each hole go into the stats,
    the record keeps how many holes there were."""
    rec = dict(rec)
    rec["holes"] = len(rec["holes"])
    return rec


MIGRATIONS = (_from0, _from1)  # MIGRATIONS[v] turns format v into v + 1


def migrate(saved):
    """A saved dict of any format up to VERSION, as a clean current state."""
    v = saved.get("version", 0)
    if type(v) is not int or v < 0:
        v = 0
    while v < VERSION:
        saved = MIGRATIONS[v](saved)
        v += 1
    return clean(saved)


def _record_ok(r, version=VERSION):
    """A history record of the format: holes is a list of each hole's
    scores in format 1, their count since."""
    if type(r) is not dict or type(r.get("game")) is not str:
        return False
    players, totals, holes = r.get("players"), r.get("totals"), r.get("holes")
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
    w = r.get("winner")
    return w is None or (type(w) is int and 0 <= w < n)


def _stats_ok(st):
    if type(st) is not dict:
        return False
    for per in st.values():
        if type(per) is not dict:
            return False
        for v in per.values():
            if type(v) is not list or len(v) != 5 or any(type(x) is not int for x in v[:4]):
                return False
            if v[4] is not None and type(v[4]) is not int:
                return False
    return True


def clean(saved):
    """Defaults, with each saved field of the right type laid over them."""
    state = defaults()
    for k in state:
        if k not in saved or k == "version":
            continue
        v = saved[k]
        if k in ("game", "tally"):  # an object, or None
            state[k] = v if v is None or type(v) is dict else None
        elif type(v) is type(state[k]):
            state[k] = v
    state["history"] = [r for r in state["history"] if _record_ok(r)]
    if not _stats_ok(state["stats"]):
        state["stats"] = {}
    state["roster"] = [n for n in state["roster"] if type(n) is str][:ROSTER_MAX]
    s = defaults()["settings"]
    s.update(state["settings"])
    state["settings"] = s
    if type(s["rules"]) is not dict:
        s["rules"] = {}
    return state


# ---- finished games, setting aside, the log ----------------------------

def add_stats(stats, rec):
    """Count a finished game into the all-time stats."""
    per = stats.setdefault(rec["game"], {})
    for p, name in enumerate(rec["players"]):
        s = per.get(name)
        if s is None:
            s = per[name] = [0, 0, 0, 0, None]
        s[0] += 1
        s[1] += 1 if rec.get("winner") == p else 0
        for hole in rec["holes"]:
            s[2] += 1
            s[3] += hole[p]
            s[4] = hole[p] if s[4] is None else min(s[4], hole[p])
    while len(per) > STATS_NAMES:  # forget whoever played least
        least = min(per, key=lambda n: (per[n][0], n))
        del per[least]


def finish(state, record):
    """Move a finished game into the history (newest first, bounded by
    count and bytes) and the all-time stats."""
    add_stats(state["stats"], record)
    h = state["history"]
    h.insert(0, compact(record))
    del h[HISTORY_MAX:]
    size = 0  # the history's JSON, counted record by record (no big string)
    for i in range(len(h)):
        size += len(json.dumps(h[i])) + 1
        if size > HISTORY_BYTES and i:
            del h[i:]
            break
    state["game"] = None


def set_aside():
    """Move every saved copy out of load's way (kept, not deleted)."""
    _rename(FILE, BAD)
    _rename(BAK, BAD + ".bak")
    try:
        os.remove(TMP)
    except OSError:
        pass


def keep(obj, path):
    """Set something aside as JSON (best effort: a failure is not an error)."""
    try:
        with _open(path, "w") as f:
            f.write(json.dumps(obj))
    except Exception:
        pass
