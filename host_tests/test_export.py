# cpython-only
# The export without Wi-Fi (tools/export.py, issue 17): the game in progress
# as game.json, exactly the document tools/score.py reads, and the finished
# games as history.csv; from a board over USB (the virtual board: the unix
# port on a socket, as a serial port would be) and from a simulator's flash.
import csv
import json
import os
import subprocess

from engine.game import Game
from engine.doc import to_doc
from storage import history, savefile
from support import fresh_dir
from test_deploy import PY, ROOT, VBoard, run_deploy

P28 = [["1", "2", "3", "4"], ["5", "6", "7", "0"]]
P36 = [["9", "2", "3", "4"], ["5", "6", "7", "0"]]


def saved_flash(name):
    """A flash folder holding a save: two finished games and one in progress."""
    d = fresh_dir("export-" + name)
    cwd = os.getcwd()
    os.chdir(d)
    try:
        state = savefile.defaults()
        for names, grids in ((["ANN", "BO, B"], [P28, P36]), (["CY", "DI", "ED"], [P28, P28, P36])):
            g = Game("play-nine", names, {"holes": 1})
            g.add_hole(grids)
            rec = g.summary()
            history.finish(state, rec)
        game = Game("play-nine", ["ANN", "BOB"], {"holes": 3})
        game.add_hole([P28, 17])
        savefile.save(state, game)
        savefile.save(state, game)  # a second save: state.bak is the first
    finally:
        os.chdir(cwd)
    return d, game


def contents_after_header(path):
    with open(path, "rb") as f:
        return f.read().split(b"\n", 1)[1]


def write_checked(path, body):
    """A save of body, its header and checksum good (as test_store's checked())."""
    data = json.dumps(body).encode()
    with open(path, "wb") as f:
        f.write(b"SK 2 %d %d %08x\n" % (body["seq"], len(data), savefile.checksum(data)) + data)


def export(*args):
    p = subprocess.run([PY, os.path.join(ROOT, "tools", "export.py")] + list(args), capture_output=True,
                       text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def check_out(out, game):
    with open(os.path.join(out, "game.json")) as f:
        doc = json.load(f)
    assert doc == json.loads(json.dumps(to_doc(game))) and list(doc)[:2] == ["game", "players"]
    import score

    status, answer, err = score.run([], json.dumps(doc))
    assert status == 0 and json.loads(answer)["totals"] == game.totals() == [28, 17], err
    with open(os.path.join(out, "history.csv"), newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == "game_no,game,holes,seat,player,total,result".split(",")
    # oldest first: the two-player game (a name with a comma, quoted), then the three-player one
    assert rows[1:] == [["1", "play-nine", "1", "1", "ANN", "28", "won"],
                        ["1", "play-nine", "1", "2", "BO, B", "36", ""],
                        ["2", "play-nine", "1", "1", "CY", "28", "tied"],
                        ["2", "play-nine", "1", "2", "DI", "28", "tied"],
                        ["2", "play-nine", "1", "3", "ED", "36", ""]]


def test_export_from_a_simulators_flash():
    flash, game = saved_flash("flash")
    out = fresh_dir("export-out")
    code, text = export("--flash", flash, "--out", out)
    assert code == 0, text
    assert "game.json: play-nine, 1 of 3 holes, totals ANN 28, BOB 17" in text and "2 finished games" in text
    check_out(out, game)
    # the newest save damaged: the last good copy, and a note that says so
    with open(os.path.join(flash, "state.json"), "r+b") as f:
        f.seek(40)
        f.write(b"#")
    code, text = export("--flash", flash, "--out", out)
    assert code == 0 and "note: the device will say at its next start:" in text and "game.json" in text, text
    assert "state.bad" not in os.listdir(flash)  # (the note's "kept as state.bad" is the device's)
    # (a review: the note was the load's alone) a newest save whose game the device cannot open
    # (holes null, a damaged field the checksum covers): what the device will open, the copy before,
    # is what is exported, and the note says so
    flash, game = saved_flash("flash-game")
    body = json.loads(contents_after_header(os.path.join(flash, "state.json")))
    body["game"]["holes"] = None
    write_checked(os.path.join(flash, "state.json"), body)
    code, text = export("--flash", flash, "--out", out)
    assert code == 0 and "its holes are null" not in text and "saved game's holes are null" in text, text
    assert "game.json: play-nine, 1 of 3 holes" in text, text  # the copy before: hole 1 in it too
    # nothing there, no such folder, a file, no board named: one line that says so
    empty = fresh_dir("export-empty")
    with open(os.path.join(empty, "f"), "w") as f:
        f.write("x")
    for args, msg in ((["--flash", empty], "no saved state"), (["--flash", empty + "/x"], "x is not there"),
                      (["--flash", empty + "/f"], "f is a file, not a folder"),
                      ([], "give the board's --port (make export PORT=...)")):
        code, text = export(*args, "--out", out)
        assert code == 2 and msg in text and "Traceback" not in text, text


def test_make_export_runs_it():
    flash, game = saved_flash("make")
    out = fresh_dir("export-make-out")
    p = subprocess.run(["make", "--no-print-directory", "export", "FLASH=" + flash, "OUT=" + out], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    check_out(out, game)


def test_no_game_in_progress_writes_no_game_json():
    d = fresh_dir("export-nogame")
    cwd = os.getcwd()
    os.chdir(d)
    try:
        savefile.save(savefile.defaults())
    finally:
        os.chdir(cwd)
    out = fresh_dir("export-nogame-out")
    with open(os.path.join(out, "game.json"), "w") as f:
        f.write("{}")  # an older export's: not left as if it were this one
    code, text = export("--flash", d, "--out", out)
    assert code == 0 and "no game in progress" in text and "0 finished games" in text, text
    assert not os.path.exists(os.path.join(out, "game.json"))


def test_export_over_usb_from_the_virtual_board_restarts_it_into_the_game():
    b = VBoard("export")
    try:
        code, text = run_deploy("--board", "sim", "--port", b.url)
        assert code == 0, text
        flash, game = saved_flash("usb")
        for name in ("state.json", "state.bak"):
            with open(os.path.join(flash, name), "rb") as src, open(os.path.join(b.flash, name), "wb") as dst:
                dst.write(src.read())
        mark = len(b.console())
        out = fresh_dir("export-usb-out")
        code, text = export("--port", b.url, "--out", out)
        assert code == 0, text
        assert "Scorekeeper" in text and ": ready" in text, text  # restarted, into the saved game
        b.wait_for(": ready", after=mark)
        check_out(out, game)
        code, text = export("--port", "socket://127.0.0.1:1", "--out", out)
        assert code == 2 and "cannot open" in text and "Traceback" not in text, text
    finally:
        b.stop()
