# Copies set aside: a damaged or newer save file, a copy whose game the
# engine cannot read, the state that kept crashing the app, a game that
# could not be opened. None is ever written over: the first takes its
# plain name (state.bad, state.new, game.bad ...), and while any is kept a
# new one takes the name with a number one more than the highest there
# (state.bad.2, state.bad.bak.3 ...), so the numbers give their order.
# They are bounded in count and bytes; beyond either the oldest are
# deleted, each said. Loaded only when something is set aside (loading.py
# when a copy is damaged, guard.py, app.py), and let go (app.LEAVES): its
# names cost the boot nothing (docs/MEMORY.md).
import json

from storage import savefile
from storage.savefile import BAD, BAK, FILE, GAME_BAD, NEWER, TMP, VERSION, _exists, fopen

ASIDE_MAX = 8  # set-aside copies kept ...
ASIDE_BYTES = 32 * 1024  # ... and the bytes they may take


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


def move(path, base):
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
    effort: a failure is not an error): a sentence naming it, as move()."""
    name = _place(base)
    try:
        with fopen(name, "w") as f:
            f.write(json.dumps(obj))
    except Exception:
        return "It could not be kept."
    return "It is kept as %s." % name + _bound(name)


def damaged(found, name, notes):
    """Set aside name's copy (found[name]: loading.read()'s answer, or
    ("game", 0, why): its game cannot be read), with a note; found then
    says "aside"."""
    kind, _, why = found[name]
    bad = BAD if name == FILE else BAD + name[name.rfind(".") :]  # state.bad, state.bad.tmp, .bak
    what = "The save file" if name == FILE else "The copy in " + name
    if kind == "newer":
        notes.append("%s is from newer firmware (format %d; this one reads up to %d). %s"
                     % (what, why, VERSION, move(name, NEWER)))
    elif kind == "game":
        notes.append("The saved game could not be read: %s. %s" % (why, move(name, bad)))
    else:
        notes.append("%s was damaged: %s. %s" % (what, why, move(name, bad)))
    found[name] = ("aside", 0, why)


def set_aside():
    """Move every saved copy out of load's way, after repeated errors
    (guard.py): a sentence naming where they went."""
    said = ""
    for path, base in ((FILE, BAD), (BAK, BAD + ".bak"), (TMP, BAD + ".tmp")):
        if _exists(path):
            said += " " + move(path, base)
    return said.strip()
