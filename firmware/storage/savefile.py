# The save file: the device's state (the game in progress, finished games,
# all-time player stats, the roster and the settings) as one small JSON file
# that is merged over defaults, so a missing field or an older file still
# loads. This module is the format, the files and the save, loaded to save
# and let go at a hub (app.LEAVES: its code is not in the heap while a hole
# is entered); loading.py reads the file back (rarely: at start), migrate.py
# turns older formats into this one, history.py keeps finished games, stats
# and the roster; the error log is log.py's, which stays loaded.
#
# On flash (format: docs/STORAGE.md):
#   state.json   the last save:  b"SK <format> <seq> <length> <crc32>\n" + JSON
#   state.bak    the save before it (the last good copy)
#   state.tmp    a save being written; renamed over state.json when closed
#   state.bad    a damaged state.json, set aside when found (and
#                state.bad.bak: a state that kept crashing the app, with its copy)
#   state.new    a state.json written by newer firmware, set aside
#   game.bad     a game in progress the engine could not read, set aside
#                (a copy set aside while another is kept: numbered, state.bad.2 ...;
#                bounded, the oldest deleted with a note: loading.py)
#   state.note   what load found wrong, kept until it is read on the screen
#   errors.log   unexpected errors (errors.old: the one before; log.py)
#
# The finished games (LAID: the history and the all-time stats) are written
# last and not kept in the heap after: the state holds where they are in the
# save (a tuple), each save copies them from there, and what reads them gets
# them from the flash (laid.py) while it needs them; loading.py's
# lay() lets go of them at a start (docs/STORAGE.md).
#
# A save writes state.tmp and closes it, renames state.json to state.bak,
# then state.tmp to state.json. The whole text is never in memory: json.dump
# makes it twice, once into a stream that only counts and checksums it (for
# the header), then into the file. Renames are atomic on littlefs, so a power
# cut at any point leaves a complete copy of the old or the new state: load
# takes the valid file with the highest save number.
import io
import json
import os

from storage.log import LOG  # noqa: F401  (the error log's file, named with the others)

FILE = "state.json"
TMP = "state.tmp"
BAK = "state.bak"
BAD = "state.bad"
NEWER = "state.new"
GAME_BAD = "game.bad"
NOTE = "state.note"
NOTE_MAX = 600  # bytes of a pending note kept

VERSION = 2  # the format this firmware writes; it reads this and every older one
MAX_BYTES = 48 * 1024  # a bigger file is not one of ours: it is not read into memory
HISTORY_MAX = 20  # finished games kept ...
HISTORY_BYTES = 4096  # ... and the bytes they may take (a record: about 100-200)
STATS_NAMES = 32  # players with all-time stats, per game
ROSTER_MAX = 16
ENOSPC = 28
# what a name the roster keeps holds of the heap: its text (a str of up to 15
# bytes: two 16-byte blocks) and its place in the list (held by test_wifi_room)
NAME_BYTES = 48
LAID = ("history", "stats")  # kept on the flash, not in the heap (value()): written last, in this order


class SaveError(Exception):
    """A save that did not happen; str() is a sentence for the screen."""


def defaults():
    return {
        "version": VERSION,
        "seq": 0,  # saves made so far: the newest valid file wins
        "game": None,  # the game in progress: engine document form
        # finished games, newest first: {"game", "players", "totals", "holes" (how many), "winner", "tied"}
        "history": [],
        # all time, kept when history drops a game: {game: {name: [games, wins, holes, points, best]}}
        "stats": {},
        "roster": [],  # names used before, most recent first
        "settings": {"rules": {}, "sleep_s": 120, "long_ms": 600},
        "tally": None,  # multiple-9 wins: {"players": [...], "wins": [...]}
    }


try:
    from binascii import crc32
except ImportError:  # a port built without it: storage/crc32.py, when needed
    crc32 = None  # type: ignore[assignment]


def _crc(data, crc=0):
    if crc32 is not None:
        return crc32(data, crc)
    from storage.crc32 import crc32_py  # not on the board: the ESP32's MicroPython has binascii.crc32

    return crc32_py(data, crc)


def checksum(data):
    """The CRC-32 of the bytes, as an unsigned number."""
    return _crc(data) & 0xFFFFFFFF


def _utf8(text):
    """The bytes of a str: MicroPython lends the str's own, CPython copies."""
    try:
        return memoryview(text)
    except TypeError:
        return text.encode()


def header(seq, length, crc):
    return b"SK %d %d %d %08x\n" % (VERSION, seq, length, crc)


def encode(state):
    """(header, body): a save file of the state, its finished games in it (not
    laid on the flash), for tools and tests (save() never holds the whole text)."""
    body = _utf8(json.dumps(state, separators=(",", ":")))
    return header(state["seq"], len(body), checksum(body)), body


_CHUNK = 512  # bytes a save writes at a time ...
_BUF = bytearray(_CHUNK)  # ... from here: made as this module loads (for a save), one piece


class _Out(io.IOBase):
    """What json.dump writes to (a piece at a time): the file, in chunks of
    _CHUNK, or (no file) only counted and checksummed."""

    def __init__(self, f=None):
        self.f = f
        self.n = 0  # bytes so far
        self.crc = 0  # (no file)
        self.k = 0  # bytes waiting in the buffer (a file)

    def write(self, b):
        if type(b) is str:  # CPython's json writes str
            b = b.encode()
        n = len(b)
        self.n += n
        if self.f is None:
            self.crc = _crc(b, self.crc)
            return n
        done = 0
        while done < n:
            m = min(n - done, _CHUNK - self.k)
            _BUF[self.k : self.k + m] = b if m == n else b[done : done + m]  # (most fit whole: no copy)
            self.k += m
            done += m
            if self.k == _CHUNK:
                self.f.write(_BUF)
                self.k = 0
        return n

    def flush(self):
        if self.k:
            self.f.write(memoryview(_BUF)[: self.k])
            self.k = 0


def fopen(path, mode="r"):
    """open(), or the one a test gives this module (tools/simulator/flash.py): the
    other storage modules open files through this."""
    return open(path, mode)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _rename(a, b):
    try:
        os.rename(a, b)
    except OSError:
        pass  # load goes on; the next save puts things right


# ---- saving ----------------------------------------------------------------

def _dump(obj, out):
    # separators by keyword: CPython takes it no other way (the ESP32 stubs
    # know only the positional form)
    json.dump(obj, out, separators=(",", ":"))  # type: ignore[call-overload]


def _write(state, game, out, at=None):
    """The state as JSON, LAID last (a tuple: copied from the save it names);
    with game (an engine Game), its document stands for state["game"],
    written a hole at a time. at: given each LAID field's place in the body."""
    sep = "{"
    for key in [k for k in state if k not in LAID] + [k for k in LAID if k in state]:
        out.write(sep)
        sep = ","
        _dump(key, out)
        out.write(":")
        v, a = state[key], out.n
        if key == "game" and game is not None:
            _write_game(game, out)
        elif type(v) is tuple:
            _copy(key, v, out)
        else:
            _dump(v, out)
        if at is not None and key in LAID:
            at.append((key, a, out.n))
    out.write("}")


def _source(seq, crc, end=0):
    """The save of that number and checksum (its low 30 bits: a small int on
    a 32-bit port), open, with at least end bytes of body: (file, where its
    body starts). The last save, or the one before it (a save cut between
    its renames)."""
    for path in (FILE, BAK):
        try:
            f = fopen(path, "rb")
        except OSError:
            continue
        line = f.readline(80)  # (a header is shorter: a foreign file's first line is not read whole)
        h = line.split()
        try:
            if len(h) == 5 and h[2] == b"%d" % seq and int(h[4], 16) & 0x3FFFFFFF == crc and \
                    f.seek(0, 2) >= len(line) + end:  # (cut short since it was read: not that save whole)
                return f, len(line)
        except ValueError:  # (a damaged header: not that save)
            pass
        f.close()
    raise OSError(2)


def _copy(key, v, out):
    """A LAID field's bytes from the save v names, as they are there; if that
    save is gone (its files removed by hand, or cut short since), the field
    as it starts: the game is saved all the same."""
    try:
        f, a = _source(v[0], v[1], v[3])
    except OSError:
        out.write("[]" if key == "history" else "{}")
        return
    try:
        f.seek(a + v[2])
        n = v[3] - v[2]
        while n > 0:
            b = f.read(min(n, _CHUNK))
            if not b:
                raise OSError(5)  # (the file's length was checked: a read that fails)
            out.write(b)
            n -= len(b)
    finally:
        f.close()


def _write_game(game, out):
    out.write("{")
    head = game.doc_head()
    for key in head:
        _dump(key, out)
        out.write(":")
        _dump(head[key], out)
        out.write(",")
    sep = ""
    for key, holes in game.doc_holes():
        out.write(sep)
        sep = ","
        _dump(key, out)
        out.write(":[")
        for i in range(len(holes)):
            if i:
                out.write(",")
            _dump(game.hole_doc(holes[i]), out)
        out.write("]")
    out.write("}")


def save(state, game=None):
    """Write the state so that a power cut anywhere leaves the old or the
    new one; game: the Game in progress, saved as state["game"] without its
    document ever being whole in memory. Raises SaveError (the old save
    stays as it was)."""
    state["seq"] += 1
    written = False
    at: list = []
    b, n = state["settings"].get("base"), len(state["roster"])
    if state["game"] is None and type(b) is list and len(b) == 3 and type(b[1]) is int and n > b[1] and \
            type(b[2]) is int:  # (bytes not a number: a damaged figure, not known, left so, not carried)
        # a game gone (finished, abandoned, discarded): the names it put in the roster stay, and the
        # main menu's heap that the Wi-Fi check counts from (ready.py, web/wifi.py's base()) with them
        b[1], b[2] = n, b[2] + NAME_BYTES * (n - b[1])
    try:
        s = _Out()
        _write(state, game, s)
        with open(TMP, "wb") as f:
            f.write(header(state["seq"], s.n, s.crc & 0xFFFFFFFF))
            out = _Out(f)
            _write(state, game, out, at)
            out.flush()
        # where the finished games are in it, made before the renames: after them nothing is
        # allocated (a MemoryError there would leave the state naming a save soon gone)
        at = [(key, (state["seq"], s.crc & 0x3FFFFFFF, a, b)) for key, a, b in at]
        written = True
        if _exists(FILE):
            os.rename(FILE, BAK)
        os.rename(TMP, FILE)
        for key, v in at:  # on the flash now: let go
            state[key] = v
    except MemoryError:
        if not written:  # a part of a save, said to have failed: not a cut copy for load to report
            try:
                os.remove(TMP)
            except OSError:
                pass
        raise SaveError("Saving failed: not enough memory.")
    except OSError as e:
        try:
            os.remove(TMP)  # give the space back
        except OSError:
            pass
        code = e.args[0] if e.args else 0
        # littlefs 2.9 on (MicroPython's lib/littlefs, lfs2.c lfs2_file_opencfg_): a new file whose
        # name's entry finds no room in a full flash's metadata says NAMETOOLONG (36), not NOSPC
        if code == ENOSPC or code == 36:  # (our names are short; no name more at boot)
            raise SaveError("Saving failed: the flash is full.")
        raise SaveError("Saving failed (error %s)." % code)


def noted():
    """The note loading gave has been read on the screen: it is not shown
    again (loading.py keeps it in NOTE until then)."""
    try:
        os.remove(NOTE)
    except OSError:
        pass
