# Loading the save file, at start: the valid copy with the highest save
# number; a damaged or newer file set aside with a note for the screen, kept
# on the flash until read; a save cut before its renames finished. Loaded
# for that and let go (app.py), as are migrate.py and history.py.
import json

from storage import savefile
from storage.migrate import migrate, settle
from storage.savefile import (BAD, BAK, FILE, GAME_BAD, MAX_BYTES, NEWER, NOTE, NOTE_MAX, TMP, VERSION,
                              _exists, _rename, checksum, defaults, fopen)

ASIDE_MAX = 8  # set-aside copies kept (state.bad..., state.new..., game.bad...) ...
ASIDE_BYTES = 32 * 1024  # ... and the bytes they may take: beyond either, the oldest go, each said


EMPTY = "it is empty"


def read(path):
    """One file: ("ok", seq, state) | ("missing", 0, None) |
    ("bad", 0, why) | ("newer", 0, format). Never raises."""
    try:
        size = savefile.os.stat(path)[6]
    except OSError:
        return "missing", 0, None
    try:
        if size == 0:
            return "bad", 0, EMPTY
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
        if checked and type(saved.get("seq")) is int:
            # the save's own number, in the body the checksum covers: the header's is a copy of
            # it that no checksum covers (a flipped bit there must not make an older copy win)
            seq = saved["seq"]
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


def _kind(v):
    if v is None:
        return "null"
    t = type(v)
    return ("a list" if t is list else "an object" if t is dict else "text" if t is str
            else "a number" if t is int or t is float else "true or false" if t is bool else "something else")


def load(open=None):
    """(state, note): note is None, or what happened, for the screen.
    Never raises: the worst case is a fresh state, with the reason.
    open(state): None, or why the engine cannot read the state's game
    (App.open; named as a name MicroPython already has: a new one costs
    the boot heap, docs/MEMORY.md): that copy is set aside with a note and the one
    before it is tried."""
    found = {}
    top = 0
    for name in (BAK, FILE, TMP):  # by their place, oldest first: each is written after the one before
        r = found[name] = read(name)
        if r[0] == "ok":
            if r[1] == 0 and top:  # no save number (formats 0 and 1): newer than the copies before it
                r[2]["seq"] = top + 1  # (issue 37, 2: it lost to any of them, a hole behind, unsaid)
                r = found[name] = ("ok", top + 1, r[2])
            top = max(top, r[1])
    notes: list = []
    _damaged(found, FILE, notes)
    if found[TMP][2] != EMPTY:  # (an empty one: a save cut before it wrote anything, nothing lost)
        _damaged(found, TMP, notes)  # the newest by its place: it cannot just be left (issue 37, 3)
    best = None
    kept = None  # a copy whose game could not be read: its settings, names and history still are
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
        notes.append("The saved game could not be read: %s. %s" % (why, aside(best, _bad(best))))
        if kept is None:
            kept = found[best][2]
        found[best] = ("aside", 0, why)
        best = None
    if best is None:
        if kept is not None:  # no copy's game reads: the rest of the newest is kept, the game not
            kept["game"] = None
            _settle(kept, notes)
            try:
                savefile.save(kept)  # as it is now: the copies with the game are set aside
            except Exception:
                pass  # kept in memory, saved at the next save
            notes.append("No other copy's game could be read: the settings and history are kept.")
            return kept, _pending(" ".join(notes))
        _damaged(found, BAK, notes)  # the newest there is: not to be pushed out by a save without a word
        if notes:
            notes.append("No other copy could be read: starting afresh.")
        return defaults(), _pending(" ".join(notes))
    state = found[best][2]
    if best == TMP:  # cut before the renames: finish the save now
        if _exists(FILE):
            _rename(FILE, BAK)
        _rename(TMP, FILE)
    elif notes:  # state.bak, or state.json behind a damaged state.tmp
        notes.append("The copy from the save before was loaded: the last hole may need entering again.")
    _settle(state, notes)
    return state, _pending(" ".join(notes))


def _settle(state, notes):
    """The loaded state's settings put back in range, with a note naming
    each (issue 37, 6: they loaded as they were)."""
    fixed = settle(state["settings"])
    if fixed:
        notes.append("Settings out of range were reset: %s." % ", ".join(fixed))


def _bad(name):
    """Where a copy goes when set aside: state.bad, state.bad.tmp, state.bad.bak."""
    return BAD if name == FILE else BAD + name[name.rfind(".") :]


def _damaged(found, name, notes):
    """If name's copy (found: read()'s answer) is damaged or newer
    firmware's, set it aside, with a note."""
    kind, _, why = found[name]
    what = "The save file" if name == FILE else "The copy in " + name
    if kind == "bad":
        notes.append("%s was damaged: %s. %s" % (what, why, aside(name, _bad(name))))
    elif kind == "newer":
        notes.append("%s is from newer firmware (format %d; this one reads up to %d). %s"
                     % (what, why, VERSION, aside(name, NEWER)))


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


def set_aside():
    """Move every saved copy out of load's way (kept, not deleted): a
    sentence naming where they went."""
    said = ""
    for path, base in ((FILE, BAD), (BAK, BAD + ".bak"), (TMP, BAD + ".tmp")):
        if _exists(path):
            said += " " + aside(path, base)
    return said.strip()


def _asides():
    """Every set-aside copy on the flash, oldest first: [(number, name,
    bytes)]. A name without a number (the first: state.bad) counts as 1."""
    have = []
    for name in savefile.os.listdir():
        if name.startswith(BAD) or name.startswith(NEWER) or name.startswith(GAME_BAD):
            n = name[name.rfind(".") + 1 :]
            try:
                size = savefile.os.stat(name)[6]
            except OSError:
                size = 0
            have.append((int(n) if n.isdigit() else 1, name, size))
    have.sort()
    return have


def _place(base):
    """The name a new set-aside copy takes: base while there is none, else
    base.N, N one more than any: never one kept before (issue 37, 1: a
    second damage replaced the first state.bad), and the newest has the
    highest number."""
    have = _asides()
    return base if not have else "%s.%d" % (base, have[-1][0] + 1)


def _bound(new):
    """The oldest set-aside copies deleted while there are more than
    ASIDE_MAX or they take more than ASIDE_BYTES (never new, the one just
    set aside): a sentence naming each, or ""."""
    have = _asides()
    total = sum(h[2] for h in have)
    have = [h for h in have if h[1] != new]
    said = ""
    while have and (len(have) >= ASIDE_MAX or total > ASIDE_BYTES):
        _, name, size = have.pop(0)
        total -= size
        try:
            savefile.os.remove(name)
            said += " The oldest set-aside copy, %s (%d bytes), was deleted to make room." % (name, size)
        except OSError:
            pass
    return said


def aside(path, base):
    """Rename path to a new set-aside name made from base (_place): a
    sentence naming it, and any copy deleted to keep them bounded."""
    name = _place(base)
    try:
        savefile.os.rename(path, name)
    except OSError:
        return "It could not be set aside."  # (load goes on; the next save puts things right)
    return "It is kept as %s." % name + _bound(name)


def keep(obj, base):
    """Set something aside as JSON, under a new name made from base (best
    effort: a failure is not an error): a sentence naming it, as aside()."""
    name = _place(base)
    try:
        with fopen(name, "w") as f:
            f.write(json.dumps(obj))
    except Exception:
        return "It could not be kept."
    return "It is kept as %s." % name + _bound(name)
