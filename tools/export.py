# make export: the game in progress as game.json (what tools/score.py reads, as the device saved
# it) and the finished games as history.csv, from a board over USB or a simulator's flash folder.
# The save is read as the device reads it at start (storage/loading.py).
#
#   python tools/export.py --port /dev/ttyACM0 [--out DIR]
#   python tools/export.py --flash build/sim-ttgo-t-display [--out DIR]
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "firmware"))
from common import deploy  # noqa: E402

FILES = ("state.json", "state.bak")  # storage/savefile.py's FILE and BAK


class ExportError(Exception):
    pass


def from_board(port, into, timeout=30.0):
    """Copy the board's save files into the folder into, then restart it: its ready line or None."""
    b = deploy.Board(port, soft_reset=False)
    try:
        for name in FILES:
            if b.t.fs_exists(name):
                with open(os.path.join(into, name), "wb") as f:
                    f.write(b.t.fs_readfile(name))
        return b.reset_and_wait(timeout)[0]
    finally:
        b.close()


def from_flash(flash, into):
    """Copy the save files from a simulator's flash folder."""
    if not os.path.isdir(flash):
        raise ExportError("%s %s (make sim keeps its flash in build/sim-<board>)" % (
            flash, "is a file, not a folder" if os.path.exists(flash) else "is not there"))
    for name in FILES:
        path = os.path.join(flash, name)
        if os.path.exists(path):
            shutil.copyfile(path, os.path.join(into, name))


def read_state(folder):
    """(state, note) as the device would load the save files in folder."""
    from storage import loading

    if not any(os.path.exists(os.path.join(folder, n)) for n in FILES):
        raise ExportError("no saved state on it: nothing has been played yet (or this is not the "
                          "scorekeeper's flash)")
    def opens(state):  # as the device opens the saved game (app.py's App.open): why not, or None
        from engine.doc import from_doc
        from engine.errors import ScoreError

        if state["game"] is None:
            return None
        try:
            from_doc(state["game"], False, True)
        except ScoreError as e:
            return e.text()
        return None

    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return loading.load(opens)
    finally:
        os.chdir(cwd)


def export(state, out):
    """Write game.json (with a game in progress) and history.csv into out; the lines to print."""
    import score
    from storage.export import history_lines

    said = []
    os.makedirs(out, exist_ok=True)
    doc = state.get("game")
    path = os.path.join(out, "game.json")
    if doc is None:
        said.append("no game in progress: no game.json")
        if os.path.exists(path):
            os.remove(path)  # not an older game's, left as if it were this one
    else:
        first = ("game", "players", "options", "dealer", "holes", "playoff")  # as docs/RULES.md shows them
        doc = {**{k: doc[k] for k in first if k in doc}, **doc}
        text = json.dumps(doc, indent=1) + "\n"
        status, answer, err = score.run([], text)  # it must be what score.py reads
        if status != 0:
            raise ExportError("the saved game does not score: %s" % err.strip())
        with open(path, "w") as f:
            f.write(text)
        totals = json.loads(answer)["totals"]
        # (the Python this runs under, as README's commands name it: a newcomer's machine had no "python")
        py = os.path.relpath(sys.executable) if sys.executable.startswith(ROOT) else "python3"
        of = doc.get("options", {}).get("holes", 9)
        said.append("game.json: %s, %d of %d hole%s, totals %s (%s tools/score.py < %s scores it)" % (
            doc["game"], len(doc.get("holes", [])), of, "" if of == 1 else "s",
            ", ".join("%s %d" % (n, t) for n, t in zip(doc["players"], totals)), py, path))
    history = state.get("history") or []
    with open(os.path.join(out, "history.csv"), "w", newline="") as f:
        for line in history_lines(history):
            f.write(line + "\r\n")
    said.append("history.csv: %d finished game%s" % (len(history), "" if len(history) == 1 else "s"))
    return said


def main(argv):
    import argparse

    ap = argparse.ArgumentParser(description="Export the game in progress (game.json) and the finished "
                                             "games (history.csv) from a board or the simulator.")
    ap.add_argument("--port", help="the board's serial port (make deploy's PORT)")
    ap.add_argument("--flash", help="a simulator's flash folder instead (build/sim-<board>)")
    ap.add_argument("--out", default="export", help="where to write them (default: export/)")
    args = ap.parse_args(argv)
    if bool(args.port) == bool(args.flash):
        print("export: give the board's --port (make export PORT=...), or a simulator's --flash folder "
              "(FLASH=...), one of them", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="sk-export-") as work:
        try:
            if args.port:
                print("Copying the save from %s (the scorekeeper stops for a moment, then restarts into "
                      "the saved game) ..." % args.port)
                line = from_board(args.port, work)
                print("  " + (line or "it did not say ready after the restart: look at the board"))
            else:
                from_flash(args.flash, work)
            state, note = read_state(work)
            if note:  # (what the device's next start will say and do: a copy here changed nothing there)
                print("note: the device will say at its next start: " + note)
            for line in export(state, args.out):
                print(line)
        except (ExportError, deploy.DeployError) as e:
            print("export: %s" % e, file=sys.stderr)
            return 2
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
