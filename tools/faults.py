# make faults: power cuts at every flash operation of a whole game's saves (and, MicroPython, of a
# hole's entry) on the real littlefs over NOR flash in RAM: docs/STORAGE.md, "How it is tested".
# MicroPython plays the game through the firmware's screens, CPython (no framebuf) through the engine.
#   micropython tools/faults.py [--every N] [--json]     (make faults)
#   python3 tools/faults.py [--every N] [--json]         (littlefs-python)
import json
import os
import sys

from common import args, paths  # noqa: F401  (paths: tools/, firmware/ on sys.path)

from storage import history, laid, loading, savefile  # noqa: E402
from engine.doc import to_doc  # noqa: E402
from simulator.flash import BEHAVIOURS, MICROPYTHON, Flash, Volume, formatted  # noqa: E402

NAMES = ["ANN", "BOB", "CY", "DI"]
GAME = ("crazy-nines", "Crazy Nines")


class Rng:
    """The same numbers on both runtimes (their random modules differ)."""

    def __init__(self, seed):
        self.x = seed

    def randrange(self, *a):
        lo, hi = a if len(a) == 2 else (0, a[0])
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return lo + (self.x >> 8) % (hi - lo)


def record_engine_game(seed=7):
    """Every state saved in a whole game: new game, 9 holes, an edit, a playoff if needed, the finish;
    two games finished before it in the history (each save copies them: replay())."""
    from engine.edit import set_hole
    from engine.game import Game
    from simulator.dealing import deal

    rng = Rng(seed)
    s = savefile.defaults()
    out = []

    def save(game=True):
        if game:
            s["game"] = to_doc(g)
        out.append(json.dumps(s))

    for n in range(2):  # (names of their own, "Zoë" among them: the copied bytes are not all ASCII)
        history.finish(s, {"game": GAME[0], "players": ["Zoë", "Yann%d" % n], "totals": [30 + n, 40],
                           "holes": [[3 + n, 4]] * 9, "winner": 0, "tied": []})
    g = Game(GAME[0], list(NAMES), {"holes": 9}, dealer=0)
    for n in reversed(NAMES):
        history.remember(s, n)
    save()
    for h in range(9):
        g.add_hole(deal(GAME[0], len(NAMES), rng), h % len(NAMES))
        save()
    set_hole(g, 4, deal(GAME[0], len(NAMES), rng), 0)
    save()
    while g.playoff_players():
        ps = g.playoff_players()
        g.add_playoff(ps, deal(GAME[0], len(ps), rng), None)
        save()
    history.finish(s, g.summary())
    save(game=False)
    return out


def record_ui_game(seed=7):
    """The same through the firmware's screens and keys (MicroPython): what the app saved."""
    from simulator.dealing import deal
    from simulator.driver import Driver, fresh_dir

    from app import App

    rng = Rng(seed)
    out = []
    real = App.save

    def spy(app):
        # (the app's save, not savefile.save: the app loads savefile to save and lets it go at a hub)
        if not real(app):
            return False
        state = {k: laid.value(app.state, k) for k in app.state}  # (the finished games: on the flash)
        if app.game is not None:  # the state as the file holds it: the game's document in its place
            state = dict(state, game=to_doc(app.game))
        out.append(json.dumps(state))
        return True

    App.save = spy
    cwd = os.getcwd()
    try:
        fresh_dir("faults")
        d = Driver("ttgo-t-display")
        d.new_game(GAME[1], NAMES, holes=9)
        for h in range(9):
            d.hole(deal(GAME[0], len(NAMES), rng), ender=h % len(NAMES))
        d.choose("Edit a hole")
        d.choose("Hole 5")
        was = d.app.game.cards(d.app.game.holes[4])[1][0]
        d.fix(NAMES[1], 0, "K" if was != "K" else "Q")  # one card fixed: the hole saved again
        d.key("ok")  # the hole's result
        while d.top().items[0][0] == "Playoff hole":
            ps = d.app.game.playoff_players()
            d.hole(deal(GAME[0], len(ps), rng))
        d.choose("Finish game")
    finally:
        App.save = real
        os.chdir(cwd)
    return out


def boot():
    """(state, note) from the firmware's loading path on the mounted volume; under MicroPython the
    whole app, which must open the game in progress."""
    if MICROPYTHON:
        from app import App
        from simulator import board as simboard

        app = App(simboard.build("devkit-oled", emulate=False)[0])
        top = app.stack[-1]
        note = " ".join(str(r) for r in top.rows) if type(top).__name__ == "Message" else None
        state = {k: laid.value(app.state, k) for k in app.state}  # (the finished games: on the flash)
        if state["game"] is not None:
            if type(top).__name__ != "Play":
                raise AssertionError("the game did not open: %s" % (note or type(top).__name__))
            state["game"] = to_doc(app.game)  # the game as opened, in the form it is saved in
        return state, note
    from engine.doc import from_doc

    state, note = loading.load()
    if state["game"] is not None:
        from_doc(state["game"])
    return state, note


def replay(states, flash, copied=None):
    """Save the states in turn until the power goes: the index of the save cut (or len(states))."""
    v = Volume(flash)
    laid: dict = {}  # each finished-games field as the save before left it: (its JSON, where it is)
    try:
        for i in range(len(states)):
            st = dict(json.loads(states[i]), seq=i)
            text = {k: json.dumps(st[k]) for k in savefile.LAID}
            for k in laid:  # unchanged since: copied from that save's file, as the app's saves do
                if laid[k][0] == text[k]:
                    st[k] = laid[k][1]
                    if copied is not None:
                        copied.append(k)
            try:
                savefile.save(st)
            except Exception:
                if not flash.dead:
                    raise
            if flash.dead:
                return i
            laid = {k: (text[k], st[k]) for k in savefile.LAID}
        return len(states)
    finally:
        v.close()


def expected(states):
    """The state on flash after each save; [0] is before the first."""
    return [savefile.defaults()] + [dict(json.loads(text), seq=i + 1) for i, text in enumerate(states)]


def came(state, note, want, i, r):
    """A start after a cut at save i+1 came back as before or after it, with no warning (r counts)."""
    if state not in (want[i], want[i + 1]):
        raise AssertionError("came back with save %d, neither %d nor %d" % (state["seq"], i, i + 1))
    if r is not None:
        r["old" if state == want[i] else "new"] += 1
    if note:
        raise AssertionError("a warning: " + note)


def lost(r, where, e):
    r["lost"] += 1
    if len(r["problems"]) < 10:
        r["problems"].append("%s: %s: %s" % (where, type(e).__name__, e))


def sweep(states, blocks=32, every=1, behaviour="torn"):
    """Cut points tried and how each came back, a cut landing as behaviour says (simulator/flash.py)."""
    base = formatted(blocks)
    f = Flash(blocks, base)
    copied: list = []
    replay(states, f, copied=copied)
    total = f.ops
    want = expected(states)
    # copied: the saves that copied a finished-games field from the one before (savefile.LAID)
    r = {"saves": len(states), "flash_ops": total, "cut_points": 0, "old": 0, "new": 0, "lost": 0,
         "problems": [], "reverted": 0, "double": 0, "copied": len(copied)}
    for k in range(1, total + 1, every):
        f = Flash(blocks, base, behaviour, k)
        i = replay(states, f)
        r["cut_points"] += 1
        r["reverted"] += f.reverted is not None  # ("ooo": a block put back as before its erase)
        cut = f.image()
        after = Flash(blocks, cut)
        v = Volume(after)
        try:
            state, note = boot()
            recovery = after.ops  # what the start wrote putting the cut right (a save finished ...)
            came(state, note, want, i, r)
            # and the power goes again while it does (littlefs's own runner walks these too,
            # -Pnone,linear: its power-loss tests cut again during the recovery from a cut)
            for j in range(1, recovery + 1):
                v.close()
                again = Flash(blocks, cut, behaviour, j)
                v = Volume(again)
                try:
                    boot()
                except Exception:
                    if not again.dead:
                        raise
                v.close()
                v = Volume(Flash(blocks, again.image()))
                came(*boot(), want, i, None)
                r["double"] += 1
            # the device goes on: the interrupted save again, and a reboot
            st = dict(json.loads(states[i]), seq=state["seq"])
            savefile.save(st)
            if loading.load()[0] != {k: laid.value(st, k) for k in st}:  # (LAID: on the flash)
                raise AssertionError("the next save did not load back")
        except Exception as e:
            lost(r, "cut at operation %d (save %d)" % (k, i + 1), e)
        finally:
            v.close()
    return r


# --- a hole's cards, each on the flash as it is taken (ui/entry.py's Flow, issue 57, 1) ---------
HOLE = ("play-nine", "Play Nine", ["ANN", "BOB", "CY"])  # three players' grids: 24 cards, then the save


def hole_run(base, grids, blocks, cut_at=None):
    """One hole entered on the TTGO's keys over the game on base (an image): (the flash, the cards
    in the order taken, how many were taken whole before the power went)."""
    from simulator.driver import Driver

    f = Flash(blocks, base, cut_at=cut_at)
    v = Volume(f)
    seq: list = []
    taken = None
    try:
        d = Driver("ttgo-t-display")
        d.key("ok")  # the game's menu: the next hole
        for rows in grids:
            flat = [t for row in rows for t in row]
            for i in d.top().hole.order:
                seq.append(flat[i])
                d.card(flat[i])
                if f.dead and taken is None:
                    taken = len(seq) - 1
        d.enter([], ender=0)  # who ended; the hole scored and saved
    except Exception:
        if not f.dead:
            raise
    finally:
        v.close()
    return f, seq, len(seq) if taken is None else taken


def recovered(app, seq):
    """The cards a start brought back, in the order taken: all where the hole was saved, else the
    reopened hole's entries and its open grid's cells up to the first empty one."""
    if app.game.holes:
        return list(seq)
    hole = app.hole()
    if hole is None:
        return []
    out = []
    for p in range(len(hole.players)):
        e = hole.entries[p]
        if type(e) is list:
            out += [[t for row in e for t in row][i] for i in hole.order]
            continue
        if hole.at == p:  # the grid open again: the cells before the cursor (on the buttons, a guess)
            out += [hole.cells[i] for i in hole.order[: hole.pos]]
        return out
    return out


def hole_sweep(blocks=32, every=1):
    """A cut at each flash operation of a hole's entry: the start after it must open the game with
    every card taken before the cut (the one being written may go). MicroPython."""
    from simulator.dealing import deal
    from simulator.driver import Driver, fresh_dir

    cwd = os.getcwd()
    r = {"cut_points": 0, "lost": 0, "problems": [], "flash_ops": 0}
    try:
        fresh_dir("faults-hole")
        f = Flash(blocks, formatted(blocks))
        v = Volume(f)
        try:
            Driver("ttgo-t-display").new_game(HOLE[1], HOLE[2], holes=9)
        finally:
            v.close()
        base = f.image()
        grids = [[[str(t) for t in row] for row in grid] for grid in deal(HOLE[0], len(HOLE[2]), Rng(3))]
        f, seq, _ = hole_run(base, grids, blocks)
        r["flash_ops"] = total = f.ops
        for k in range(1, total + 1, every):
            f, _, taken = hole_run(base, grids, blocks, k)
            r["cut_points"] += 1
            v = Volume(Flash(blocks, f.image()))
            try:
                d = Driver("ttgo-t-display")
                if d.app.game is None or d.app.game.names != HOLE[2]:
                    raise AssertionError("the game did not open")
                got = recovered(d.app, seq)
                if got != seq[: len(got)] or len(got) < taken:
                    raise AssertionError("%d cards taken, %d back%s" % (
                        taken, len(got), "" if got == seq[: len(got)] else ", not the ones taken"))
            except Exception as e:
                lost(r, "cut at operation %d of the hole" % k, e)
            finally:
                v.close()
    finally:
        os.chdir(cwd)
    return r


def writes_per_save(states, blocks=32):
    """Flash work of each save: [(programs, bytes programmed, erases)]."""
    f = Flash(blocks, formatted(blocks))
    v = Volume(f)
    out = []
    try:
        for i, text in enumerate(states):
            before = (f.progs, f.prog_bytes, f.erases)
            savefile.save(dict(json.loads(text), seq=i))
            out.append((f.progs - before[0], f.prog_bytes - before[1], f.erases - before[2]))
    finally:
        v.close()
    return out


def file_bytes(text):
    """The size of a recorded state's save file (its header and its body)."""
    return sum(map(len, savefile.encode(json.loads(text))))


def hole_saves(states):
    """Indexes of the saves that committed a hole (the game grew by one)."""
    g = [json.loads(text)["game"] for text in states]
    return [i for i in range(1, len(g)) if g[i - 1] is not None and g[i] is not None
            and len(g[i]["holes"]) == len(g[i - 1]["holes"]) + 1]


def report(every=1):
    states = record_ui_game() if MICROPYTHON else record_engine_game()
    r = sweep(states, every=every)
    r["behaviours"] = {"torn": {k: r[k] for k in ("cut_points", "old", "new", "lost", "double")}}
    for b in BEHAVIOURS[1:]:  # littlefs's own power-loss behaviours too
        o = sweep(states, every=every, behaviour=b)
        r["behaviours"][b] = {k: o[k] for k in ("cut_points", "old", "new", "lost", "reverted", "double")}
        r["lost"] += o["lost"]
        r["problems"] += ["(%s) %s" % (b, p) for p in o["problems"]][:10 - len(r["problems"])]
    per = writes_per_save(states)
    holes = hole_saves(states)
    n = len(holes) or 1
    p = r["per_hole"] = {"saves": 1, "file_bytes": sum(file_bytes(states[i]) for i in holes) / n}
    for j, k in enumerate(("programs", "bytes", "erases")):
        p[k] = sum(per[i][j] for i in holes) / n
    r["runtime"] = sys.implementation.name
    r["recorded"] = "keys" if MICROPYTHON else "engine"
    if MICROPYTHON:  # a hole's cards on the flash as they are taken: the firmware's screens write them
        h = r["hole"] = hole_sweep(every=every)
        r["lost"] += h["lost"]
        r["problems"] += h["problems"][:10]
    return r


USAGE = "usage: faults.py [--every N] [--json]   (make faults: a power cut at every Nth flash operation)"


def main(argv):
    a = args.parse(argv, USAGE, {"--every": "1"}, ("--json",))
    try:
        every = int(a["--every"])
    except ValueError:
        raise args.Usage("%s\n--every takes a number, not %s" % (USAGE, a["--every"]), 2)
    r = report(every)
    if a["--json"]:
        print(json.dumps(r))
    else:
        p = r["per_hole"]
        print("Power cuts over a whole 9-hole game (%s, %s; recorded through the %s):" % (
            r["runtime"], "VfsLfs2" if MICROPYTHON else "littlefs-python", r["recorded"]))
        print("  saves %d, flash operations %d" % (r["saves"], r["flash_ops"]))
        print("  a cut lands as        (ours: torn; littlefs's emubd: atomic, ooo)")
        print("                                %7s %7s %7s" % BEHAVIOURS)
        rows = (("cut points tried", "cut_points"), ("came back as before the save", "old"),
                ("came back as after the save", "new"), ("lost", "lost"))
        for label, key in rows:
            print("  %-30s%s" % (label, "".join("%7d " % r["behaviours"][b][key] for b in BEHAVIOURS)))
        print("  (ooo: at %d cuts a block erased since the last sync was put back as it was)" % (
            r["behaviours"]["ooo"]["reverted"]))
        print("  and cut again while the start put a cut right: %s times, none lost" % (
            "/".join("%d" % r["behaviours"][b]["double"] for b in BEHAVIOURS)) if not r["lost"] else "")
        if "hole" in r:
            h = r["hole"]
            print("A hole's cards as they are taken (3 players, 24 cards and the hole's save; torn): "
                  "%d cut points, %d lost" % (h["cut_points"], h["lost"]))
        for line in r["problems"]:
            print("   ", line)
        print("Flash work per hole: %d save, %.0f programs (%.0f bytes), %.1f erases; file %.0f bytes" % (
            p["saves"], p["programs"], p["bytes"], p["erases"], p["file_bytes"]))
    return 1 if r["lost"] else 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
