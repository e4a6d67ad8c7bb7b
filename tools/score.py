#!/usr/bin/env python3
# Score a game from JSON: one document from the file named, else on standard
# input, one on standard output. Runs under CPython and the MicroPython unix
# port with the same output. The contract is docs/RULES.md, "The score format".
#
#   tools/score.py game.json              the JSON answer (or: < game.json)
#   tools/score.py --explain game.json    the breakdown of every grid, as text
#
# Bad input: exit status 2 and one line on standard error naming where.

import gc
import os
import sys


# This file's own folder, a link to it followed (score.py run through one, from any folder), where
# the engine is found: CPython's realpath. The unix port's os has no path, but a script it runs has
# that folder, the link followed, as sys.path[0]; run with -m (sys.path[0] ""), or imported, the
# folder __file__ names.
try:
    HERE = os.path.dirname(os.path.realpath(__file__))
except AttributeError:
    HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
    if __name__ == "__main__" and sys.path[0]:
        HERE = sys.path[0]
sys.path.insert(0, HERE + "/../firmware")
sys.path.insert(0, HERE)

try:
    from common import strictjson
    from engine import doc as game_doc
    from engine.errors import ScoreError, show
    from engine.rules import TOKENS
    from engine.game import GAME_IDS, rules_for

    # Every game's rules, and the option checks, are loaded now, while the
    # heap is empty: compiled after the input is parsed, they would need
    # room beside it.
    for _g in GAME_IDS:
        rules_for(_g)
    import engine.options  # noqa: F401
    import engine.playoff  # noqa: F401  (a playoff hole's checks: a module of their own)
    import engine.errtext  # noqa: F401  (an error's words: a module of their own, needed once it is full)

    # Card strings in the input come back as the engine's own token objects:
    # a large game then holds no string per card.
    INTERN = {t: t for t in TOKENS}
except MemoryError:  # a heap too small even for the engine: no traceback
    sys.stderr.write("error: not enough memory to load the scoring engine\n")
    sys.exit(2)

USAGE = """usage: score.py [--explain] [game.json]   (or: score.py [--explain] < game.json)

Reads one JSON document (a game, or a multiple-9 discard or showdown) from
the file named, else on standard input, and prints the scores as JSON; --explain prints each grid's
breakdown as text instead. Examples: README.md, "Score a game on the command
line"; the input, the answer and every error: docs/RULES.md, "The score
format"."""


MAX_INPUT = 65536  # bytes of input read, on both runtimes alike (docs/RULES.md): the largest game a
# device makes, written as it writes it, is some 56 KB
TOO_BIG = "error: the input is larger than %d bytes, the most score.py reads\n" % MAX_INPUT


class TooBig(Exception):
    pass


class Capped:
    """A binary stream read up to MAX_INPUT bytes, and no further."""

    def __init__(self, stream):
        self.stream = stream
        self.n = 0

    def read(self, n):
        data = self.stream.read(n)
        self.n += len(data)
        if self.n > MAX_INPUT:
            raise TooBig()
        return data


class Obj:
    """A JSON object with its keys in a fixed order (MicroPython's dict
    order differs from CPython's, and the output must be the same)."""

    def __init__(self, pairs):
        self.pairs = pairs


def _emit(v, put):
    """Write v as JSON through put(text), piece by piece."""
    if v is None:
        put("null")
    elif v is True:
        put("true")
    elif v is False:
        put("false")
    elif type(v) is int:
        put(str(v))
    elif type(v) is str:
        put('"')
        for ch in v:
            if ch == '"' or ch == "\\":
                put("\\" + ch)
            elif ord(ch) < 0x20:
                put("\\u%04x" % ord(ch))
            else:
                put(ch)
        put('"')
    elif type(v) is list:
        put("[")
        for k in range(len(v)):
            if k:
                put(", ")
            _emit(v[k], put)
        put("]")
    else:
        put("{")
        for k in range(len(v.pairs)):
            if k:
                put(", ")
            _emit(v.pairs[k][0], put)
            put(": ")
            _emit(v.pairs[k][1], put)
        put("}")


# --- multiple-9 -------------------------------------------------------------
def _nines(doc, explain):
    from engine import multiple_9

    if doc.get("options") not in (None, {}):
        raise ScoreError("multiple-9 has no options")
    has_d, has_s = "discard" in doc, "showdown" in doc
    if has_d == has_s:
        raise ScoreError("a multiple-9 input needs either discard or showdown")
    if has_d:
        d = doc["discard"]
        if type(d) is not dict:
            raise ScoreError("discard must be an object, not %s" % show(d))
        legal, groups, why = multiple_9.check_discard(d.get("cards"), d.get("final", False))
        if explain:
            if legal:
                return "legal: " + " + ".join(" ".join(g) for g in groups)
            return "not legal: " + why
        return Obj([("legal", legal), ("groups", groups)])
    s = doc["showdown"]
    if type(s) is not dict:
        raise ScoreError("showdown must be an object, not %s" % show(s))
    n, unused, places = multiple_9.showdown(s.get("board"), s.get("hands"))
    if explain:
        return "\n".join("hand %d: place %d, %d nines, unused %s"
                         % (k + 1, places[k], n[k], " ".join(unused[k]) or "none") for k in range(len(n)))
    return Obj([("nines", n), ("unused", unused), ("places", places)])


# --- grid and hand games ----------------------------------------------------
# (Here, not on the engine's Breakdown and Game: only this command shows them, and on the device
# their code would take the heap of a game: docs/MEMORY.md.)
def _describe(b):
    """A Breakdown as lines: the grid with each cell's fate, then the items."""
    out = []
    c = b.cols
    for r in range(b.rows):
        cells = []
        for i in range(r * c, r * c + c):
            mark = ("", "=", "~", "x", "")[b.state[i]]
            cells.append("{:>5}".format(b.cards[i] + mark))
        out.append(" ".join(cells))
    out += b.notes
    out += ["%s: %+d" % (e[0], e[1]) for e in b.extras]
    out.append("score: %d" % b.total())
    return out


def _explain(g):
    lines = []
    sets = [("hole %d" % (h + 1), g.holes[h]) for h in range(len(g.holes))]
    sets += [("playoff hole %d" % (h + 1), g.playoff[h]) for h in range(len(g.playoff))]
    for label, hole in sets:
        lines.append("== %s" % label)
        cards = g.cards(hole)
        for k in range(len(hole.players)):
            p = hole.players[k]
            b = None if type(cards[k]) is int else g.rules.score(cards[k], g.opts)  # (int: a total alone)
            tags = [t for t, it in (("ended", p == hole.ender), ("went out", p == hole.out)) if it]
            tag = " (" + ", ".join(tags) + ")" if tags else ""
            lines.append("-- %s%s" % (g.names[p], tag))
            if b is None:
                lines.append("   total entered: %d" % hole.raw[k])
            else:
                if g.rules.hand and not b.cards:
                    lines.append("no cards")
                lines += ["   " + ln for ln in _describe(b)]
            adj = hole.scores[k] - hole.raw[k]
            if adj:
                lines.append("   ender rule %s: %+d -> %d" % (g.opts["ender_rule"], adj, hole.scores[k]))
    lines.append("== totals")
    for place, p, t in g.standings():
        lines.append("%d. %s %d" % (place, g.names[p], t))
    w = g.winner()
    if w is not None:
        lines.append("winner: %s" % g.names[w])
    elif g.tied():
        lines.append("tied: %s" % ", ".join(g.names[p] for p in g.tied()))
    return "\n".join(lines)


# What str.strip() takes away on CPython (Unicode's spaces), where MicroPython's takes only ASCII's:
# a name of them alone is blank on both (a probe: "\u00a0" was refused on one and scored on the other)
SPACES = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006" \
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def answer(doc, explain=False):
    """The answer to one input document: an Obj, or text with explain.
    The holes of doc are released as they are read (to save RAM)."""
    if type(doc) is dict and doc.get("game") == "multiple-9":
        return _nines(doc, explain)
    names = doc.get("players") if type(doc) is dict else None
    for p in range(len(names) if type(names) is list else 0):
        # (a character at a time: MicroPython's strip(chars) takes bytes of their UTF-8 away, so that
        # "José" lost half its é; the engine's message)
        if type(names[p]) is str and all(ch in SPACES for ch in names[p]):
            raise ScoreError("player %d needs a name, not %s" % (p + 1, show(names[p])))
    g = game_doc.from_doc(doc, consume=True)
    if explain:
        return _explain(g)
    return Obj(game_doc.result(g))


def run(argv, source, put=None):
    """(status, stdout text, stderr text) for the arguments and the input:
    a string, or a binary stream that is parsed as it is read (MicroPython
    then never holds the whole text, which a fragmented heap may not fit).
    With put, the JSON answer is written through it as it is made (and the
    stdout text returned is empty): a large answer is never one string."""
    explain = False
    path = None  # a file named: read instead of source
    for a in argv:
        if a in ("-h", "--help"):
            return 0, USAGE + "\n", ""
        if a == "--explain":
            explain = True
        elif a.startswith("-"):
            return 2, "", "error: unknown argument %s (try --help)\n" % a
        elif path is not None:
            return 2, "", "error: one file at most, not %s and %s (try --help)\n" % (path, a)
        else:
            path = a
    if path is not None:
        try:
            if os.stat(path)[0] & 0o170000 == 0o040000:  # a folder (MicroPython would open it)
                raise OSError(21)
            f = open(path, "rb")
        except OSError as e:
            return 2, "", "error: cannot read %s (%s)\n" % (path, _why(e))
        with f:  # what goes wrong while the answer is written is main()'s (a closed pipe)
            return run([a for a in argv if a != path], f, put)
    gc.collect()  # the compiler's garbage, before the input is built
    try:
        if type(source) is str:
            source = source.encode()
            if len(source) > MAX_INPUT:
                raise TooBig()
            doc = strictjson.loads(source, INTERN)
        else:
            doc = strictjson.load(Capped(source), INTERN)
    except TooBig:
        return 2, "", TOO_BIG
    except strictjson.JSONError as e:
        return 2, "", "error: malformed JSON at %s\n" % e.text()
    except MemoryError:
        return 2, "", "error: the input is too large to score\n"
    gc.collect()
    try:
        a = answer(doc, explain)
    except ScoreError as e:
        return 2, "", "error: %s\n" % e.text()
    except MemoryError:
        return 2, "", "error: the input is too large to score\n"
    except Exception as e:  # never a traceback, whatever the input does
        return 2, "", "error: cannot score this input (%s: %s)\n" % (type(e).__name__, e)
    if explain:
        return 0, a + "\n", ""
    out: list = []
    put = put or out.append
    _emit(a, put)
    put("\n")
    return 0, "".join(out), ""


EPIPE = 32


def _why(e):
    """An OSError's reason in words, as both runtimes give it."""
    n = e.args[0] if e.args else None
    return {2: "no such file", 13: "permission denied", 21: "a folder, not a file"}.get(n, "error %s" % n)


def main():
    try:
        try:
            status, out, err = run(sys.argv[1:], sys.stdin.buffer, sys.stdout.write)
        except MemoryError:  # MicroPython would print the traceback on stdout
            status, out, err = 2, "", "error: out of memory while writing the answer\n"
        sys.stdout.write(out)
        sys.stdout.flush()
    except OSError as e:  # (CPython's BrokenPipeError is one)
        if e.args[0] != EPIPE:
            raise
        # the reader has gone (score.py ... | head): the rest is not wanted, and no traceback;
        # CPython would flush stdout again at exit, so it goes nowhere (Python's signal docs, SIGPIPE)
        if hasattr(os, "dup2"):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    sys.stderr.write(err)
    sys.exit(status)


if __name__ == "__main__":
    main()
