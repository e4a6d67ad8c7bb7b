# cpython-only
# tools/sim.py as a user runs it (the unix port, headless): a key script and
# a screenshot for every board, a state dir that is kept, and clear errors.
import os
import subprocess

from simulator import png

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
SIM = [MPY, "-X", "heapsize=16M", os.path.join(ROOT, "tools", "sim.py")]
SIZES = dict((("ttgo-t-display", (240, 135)), ("m5stack-core", (320, 240)),
              ("devkit-oled", (128, 64))))  # (expected: the panels' sizes)


def sim(*args):
    p = subprocess.run(SIM + list(args), capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def test_every_board_headless_with_a_screenshot(tmp_path):
    keys = tmp_path / "keys.txt"
    keys.write_text("# move to the third game\ndown\ndown\n")
    for board, (w, h) in SIZES.items():
        shot = tmp_path / (board + ".png")
        code, out = sim("--board", board, "--keys", str(keys), "--screenshot", str(shot), "--scale", "2")
        assert code == 0, out
        assert "screenshot" in out
        pw, ph, rows = png.read(str(shot))
        assert (pw, ph) == (2 * w, 2 * h)
        colours = {c for row in rows for c in row}
        assert len(colours) >= 2 and (len(colours) == 2) == (board == "devkit-oled")


def test_state_dir_is_created_and_kept(tmp_path):
    d = tmp_path / "build" / "sim-devkit-oled"  # make sim's, on a clone with no build/ yet
    keys = tmp_path / "k.txt"
    keys.write_text("wait 10\n")
    assert sim("--board", "devkit-oled", "--keys", str(keys), "--state-dir", str(d))[0] == 0
    (d / "keep.txt").write_text("x")
    assert sim("--board", "devkit-oled", "--keys", str(keys), "--state-dir", str(d))[0] == 0
    assert (d / "keep.txt").read_text() == "x"


def test_errors(tmp_path):
    code, out = sim("--board", "nope", "--keys", "/dev/null")
    assert code == 2 and "unknown board 'nope'" in out and "ttgo-t-display" in out
    code, out = sim("--keys", "/dev/null")
    assert code == 2 and "--board is needed" in out
    bad = tmp_path / "bad.txt"
    bad.write_text("down\nspin\n")
    code, out = sim("--board", "m5stack-core", "--keys", str(bad))
    assert code == 2 and "line 2" in out and "spin" in out and "Traceback" not in out
    code, out = sim("--board", "m5stack-core", "--keys", str(tmp_path / "missing.txt"))
    assert code == 2 and "Traceback" not in out
    # a script saved by Windows Notepad (a byte-order mark, CRLF lines) is read as any other
    (tmp_path / "win.txt").write_bytes(b"\xef\xbb\xbfdown\r\n# a note\r\nDOWN\r\n\r\n")
    code, out = sim("--board", "ttgo-t-display", "--keys", str(tmp_path / "win.txt"))
    assert code == 0 and out == "", out
    # (a newcomer's trial: tracebacks, an errno alone, a 0x0 picture) one line naming what is wrong
    (tmp_path / "afile").write_text("x")
    (tmp_path / "bin.txt").write_bytes(bytes(range(128, 256)))
    (tmp_path / "k.txt").write_text("down\n")
    keys = ["--keys", str(tmp_path / "k.txt")]
    for args, said in (
            (["--keys", str(tmp_path / "missing.txt")], "cannot read %s: no such file or folder"
             % (tmp_path / "missing.txt")),
            (["--keys", str(tmp_path)], "cannot read %s: it is a folder" % tmp_path),
            (["--keys", str(tmp_path / "bin.txt")], "bin.txt is not a text file"),
            (keys + ["--state-dir", str(tmp_path / "afile")], "--state-dir %s cannot be a folder"
             % (tmp_path / "afile")),
            (keys + ["--shots", str(tmp_path / "afile")],
             "--shots %s cannot be a folder" % (tmp_path / "afile")),
            (keys + ["--screenshot", "/nonexistent-folder/x.png"],
             "cannot write /nonexistent-folder/x.png: no such file or folder"),
            (keys + ["--scale", "abc"], "--scale is a whole number from 1 to 16, not abc"),
            (keys + ["--scale", "0"], "--scale is a whole number from 1 to 16, not 0"),
            (keys + ["--zoom", "x"], "--zoom is a whole number from 1 to 8, not x")):
        code, out = sim("--board", "ttgo-t-display", *args)
        assert code == 2 and out.startswith("sim: ") and said in out and out.count("\n") == 1, (args, out)
    # the live view with no terminal (make sim piped, or from a script): says what it needs, not an errno
    p = subprocess.run(SIM + ["--board", "ttgo-t-display", "--live", "--state-dir", str(tmp_path / "live")],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "needs a terminal" in p.stdout and "--keys FILE" in p.stdout, p.stdout


def test_make_sim_on_a_fresh_clone_shows_the_menu(tmp_path):
    # As a newcomer runs it, right after make setup: a clone with no build/
    # (the venv is this checkout's, linked), make sim in a terminal (a pty)
    import pty
    import select
    import time

    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", ROOT, str(clone)], check=True, timeout=120)
    os.symlink(os.path.join(ROOT, ".venv"), str(clone / ".venv"))
    assert not (clone / "build").exists()
    master, slave = pty.openpty()
    # -o: the setup stamp counts as done (the linked venv is set up)
    p = subprocess.Popen(["make", "-o", ".venv/.setup-done", "sim", "BOARD=devkit-oled"], cwd=str(clone),
                         stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    out = b""
    try:
        end = time.time() + 60
        while b"q: quit" not in out and time.time() < end and p.poll() is None:
            if select.select([master], [], [], 0.5)[0]:
                out += os.read(master, 65536)
        assert b"q: quit" in out and b"Traceback" not in out, out[-2000:]
        assert b"\xe2\x96\x80" in out  # the screen, in half blocks
        os.write(master, b"q")
        p.wait(timeout=30)
        assert p.returncode == 0
        assert (clone / "build" / "sim-devkit-oled").is_dir()
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
