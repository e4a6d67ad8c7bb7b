# Loading the save file, at start: the valid copy with the highest save
# number; a damaged or newer file set aside (aside.py) with a note for the
# screen, kept on the flash until read; a save cut before its renames
# finished. Loaded for that and let go (app.py), as are migrate.py and
# aside.py. What it names is interned for good at every start (docs/MEMORY.md:
# a name more can cost the boot 4 KB): the rare work is in aside.py.
import json

from storage import savefile
from storage.migrate import migrate, settle
from storage.savefile import (BAK, FILE, LAID, MAX_BYTES, NOTE, NOTE_MAX, TMP, VERSION, _dump, _exists, _Out,
                              _rename, checksum, defaults, fopen)


def read(path, note=None):
    """One file: ("ok", seq, state) | ("missing", 0, None) |
    ("bad", 0, why) | ("newer", 0, format). Never raises. note: a list
    given the parts of the state left out, not of their form (migrate.clean)."""
    try:
        size = savefile.os.stat(path)[6]
    except OSError:
        return "missing", 0, None
    try:
        if size == 0:
            return "bad", 0, "it is empty"
        if size > MAX_BYTES:
            return "bad", 0, "it is too big (%d bytes)" % size
        with fopen(path, "rb") as f:
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
        if checked:  # the body's format, which the checksum covers, is the header's (issue 37, 6)
            v = saved.get("version")
            if type(v) is int and v > VERSION:  # a later format's (its header's 3 a flipped bit away)
                return "newer", 0, v
            if v != version:
                return "bad", 0, "its version is %s, not %d as its header says" % (json.dumps(v), version)
        q = saved.get("seq", 0)
        if checked and (type(q) is not int or q < 0):  # a save numbers itself from 1: damaged
            return "bad", 0, "its save number is %s" % json.dumps(q)
        if checked and type(saved.get("seq")) is int:
            # the save's own number, in the body the checksum covers: the header's is a copy of
            # it that no checksum covers (a flipped bit there must not make an older copy win)
            seq = saved["seq"]
        state = migrate(saved, note)
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
        # formats 0 and 1 are known by what they hold: no version (0) or 1, and some of a state's
        # fields; a later format's body without its header line lost it, and {} is no state
        v = saved.get("version", 0)
        if type(v) is int and v > 1:
            return "its header line is missing"
        for k in defaults():
            if k in saved and k not in ("version", "seq"):
                return None
        return "it holds no state"
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


def _kind(value):
    if value is None:
        return "null"
    t = type(value)
    return ("a list" if t is list else "an object" if t is dict else "text" if t is str
            else "a number" if t is int or t is float else "true or false" if t is bool else "something else")


def load(open=None):
    """(state, note): note is None, or what happened, for the screen.
    Never raises: the worst case is a fresh state, with the reason.
    open(state): None, or why the engine cannot read the state's game
    (start.py's opened; named as a name MicroPython already has: a new one costs
    the boot heap, docs/MEMORY.md): that copy is set aside with a note and the one
    before it is tried."""
    found = {}
    top = 0
    left: dict = {}  # name: what of that copy could not be used (migrate.clean), for the note
    for name in (BAK, FILE, TMP):  # by their place, oldest first: each is written after the one before
        r = found[name] = read(name, left.setdefault(name, []))
        if r[0] == "ok":
            if r[1] == 0 and top:  # no save number (formats 0 and 1): newer than the copies before it
                r[2]["seq"] = top + 1  # (issue 37, 2: it lost to any of them, a hole behind, unsaid)
                r = found[name] = ("ok", top + 1, r[2])
            top = max(top, r[1])
    notes: list = []
    for name in (FILE, TMP):  # state.tmp: the newest copy by its place, not to be passed over unsaid (issue
        # 37, 3); but an empty one is a save cut before it wrote anything: nothing of it is lost
        if found[name][0] in ("bad", "newer") and (name == FILE or found[name][2] != "it is empty"):
            from storage.aside import damaged  # (loaded only then: its names cost the boot nothing)

            damaged(found, name, notes)
    best = None
    kept: dict = {}  # a copy whose game could not be read: its settings, names and history still are
    dropped: list = []  # what of the copy loaded (or kept) could not be used (migrate.clean)
    while True:
        for name in (FILE, TMP, BAK):
            r = found[name]
            if r[0] == "ok" and (best is None or r[1] > found[best][1]):
                best = name
        if best is None or open is None:
            break
        why = open(found[best][2])
        if why is None:
            break
        if not kept:
            kept, dropped = found[best][2], left[best]
        found[best] = ("game", 0, why)
        from storage.aside import damaged

        damaged(found, best, notes)
        best = None
    if best is None and not kept:
        if found[BAK][0] in ("bad", "newer"):  # the newest there is: not pushed out by a save unsaid
            from storage.aside import damaged

            damaged(found, BAK, notes)
        if notes:
            notes.append("No other copy could be read: starting afresh.")
        return defaults(), _pending(" ".join(notes))
    state = kept if best is None else found[best][2]
    if best is not None:
        dropped = left[best]
    fixed = settle(state["settings"])  # values no screen could have set (issue 37, 6)
    if best is None:  # no copy's game reads: the rest of the newest is kept, the game not
        state["game"] = None
        try:
            savefile.save(state)  # as it is now: the copies with the game are set aside
        except Exception:
            pass  # kept in memory, saved at the next save
        notes.append("No other copy's game could be read: the settings and history are kept.")
    elif best == TMP:  # cut before the renames: finish the save now
        if _exists(FILE):
            _rename(FILE, BAK)
        _rename(TMP, FILE)
    elif notes:  # state.bak, or state.json behind a damaged state.tmp
        notes.append("The copy from the save before was loaded: the last hole may need entering again.")
    if dropped:
        notes.append("Left out of the save, not of its form: %s." % ", ".join(dropped))
    if fixed:
        notes.append("Settings out of range were reset: %s." % ", ".join(fixed))
    return state, _pending(" ".join(notes))


def _pending(note):
    """The load's note with any still unread from an earlier start: a note
    is kept on the flash (NOTE) until it has been read on the screen
    (noted()), so a restart before that (an error, a power cut) shows it
    again. None if there is none."""
    old = ""
    try:
        with fopen(NOTE) as f:
            old = f.read(NOTE_MAX)
    except Exception:  # none, or unreadable: nothing pending
        pass
    if not note:
        return old or None
    note = (old + " " + note) if old else note
    try:
        with fopen(NOTE, "w") as f:
            f.write(note[-NOTE_MAX:])
    except Exception:
        pass  # shown now all the same
    return note


def lay(state):
    """At start, the LAID fields as loaded let go for their place in the
    save they came from, where they are as read (migrate.clean() dropped
    nothing of them) and last, as save() writes them; else they stay in
    the heap until the next save."""
    try:
        f = fopen(FILE, "rb")  # (the copy loaded, if of the state's number: it wins a tie)
    except OSError:
        return
    try:
        line = f.readline(80)
        h = line.split()
        if len(h) != 5 or h[2] != b"%d" % state["seq"]:
            return
        a, crc = len(line), int(h[4], 16) & 0x3FFFFFFF  # (savefile._source()'s checksum)
        e, at = a + int(h[3]) - 1, []  # e: where the field ends (the body's closing brace, the next's comma)
        for i in (1, 0):  # from the end back
            key = LAID[i]
            v = state[key]
            if type(v) is tuple:
                return
            s = _Out()
            _dump(v, s)
            tag = (',"%s":%s' % (key, "[" if key == "history" else "{")).encode()
            f.seek(e - s.n - len(tag) + 1)
            if f.read(len(tag)) != tag:
                return
            at.append((key, e - s.n - a, e - a))
            e -= s.n + len(tag) - 1
    except Exception:  # a file this JSON writes otherwise (written again longer than it holds them, the
        return  # place sought falls before its start): they stay in the heap, a start is never stopped
    finally:
        f.close()
    for key, i, j in at:
        state[key] = (state["seq"], crc, i, j)
