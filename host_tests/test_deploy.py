# cpython-only
# From clone to board, without a board: the virtual board (tools/vboard.py,
# the MicroPython unix port on a local socket) takes `make deploy BOARD=sim`
# as an ESP32 on USB would, and the deployed firmware boots there and says
# ready. Also: a second deploy copies only what changed, nothing of the
# user's is touched, wrong boards and ports get clear messages, and mip
# installs the same firmware from package.json. (Subprocesses, a pty and
# mpremote: the host side of deploying runs under CPython; the board side
# is the unix port.)
import json
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

from common import deploy
from common import manifest
from storage import savefile
ROOT = manifest.ROOT
PY = sys.executable
MPREMOTE = os.path.join(ROOT, ".venv", "bin", "mpremote")
READY = "on sim: ready"


def fresh_dir(name):
    """An empty build/tmp/sk-NAME of this checkout (the current directory stays)."""
    path = os.path.join(ROOT, "build", "tmp", "sk-" + name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


class VBoard:
    """tools/vboard.py in a subprocess, on a free port, with its own flash."""

    def __init__(self, name, heap="512K", image=False, micropython=None):
        self.dir = fresh_dir("vboard-" + name)
        self.flash = os.path.join(self.dir, "flash")
        self.log = os.path.join(self.dir, "console.log")
        ready = os.path.join(self.dir, "url")
        self.proc = subprocess.Popen(
            [PY, os.path.join(ROOT, "tools", "vboard.py"), "--port", "0", "--flash", self.flash,
             "--log", self.log, "--ready-file", ready, "--heap", heap] + (["--image"] if image else [])
            + (["--micropython", micropython] if micropython else []),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.monotonic() + 20
        while not os.path.exists(ready):
            assert self.proc.poll() is None, self.proc.stderr.read().decode()
            assert time.monotonic() < end, "the virtual board did not start"
            time.sleep(0.05)
        with open(ready) as f:
            self.url = f.read().strip()

    def console(self):
        with open(self.log, "rb") as f:
            return f.read().decode(errors="replace")

    def wait_for(self, text, after=0, timeout=20):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in self.console()[after:]:
                return
            time.sleep(0.1)
        raise AssertionError("%r not on the console; it says:\n%s" % (text, self.console()[-1500:]))

    def files(self):
        out = {}
        for top, _, names in os.walk(self.flash):
            for n in names:
                path = os.path.join(top, n)
                with open(path, "rb") as f:
                    out[os.path.relpath(path, self.flash)] = f.read()
        return out

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture(scope="module")
def vboard():
    b = VBoard("deploy")
    yield b
    b.stop()


def run_deploy(*args):
    out = subprocess.run([PY, os.path.join(ROOT, "tools", "deploy.py")] + list(args),
                         capture_output=True, text=True, timeout=180)
    return out.returncode, out.stdout + out.stderr


def test_make_deploy_puts_the_compiled_firmware_on_the_virtual_board_and_it_boots(vboard):
    mark = len(vboard.console())
    # exactly the README's command
    out = subprocess.run(["make", "--no-print-directory", "deploy", "BOARD=sim", "PORT=" + vboard.url],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    wanted = manifest.closure("sim")
    assert "Copying %d of %d files" % (len(wanted), len(wanted)) in text
    assert "[ 1/%d]" % len(wanted) in text  # progress, a file a line
    assert text.rstrip().splitlines()[-1].startswith("Scorekeeper ") and READY in text
    vboard.wait_for(READY, after=mark)  # the board's own console says it too

    files = vboard.files()
    # compiled, but for the entry file; the board file as board.mpy; the record
    assert "main.py" in files and "board.mpy" in files and "app.mpy" in files
    assert [p for p in files if p.endswith(".py")] == ["main.py"]
    for dest in wanted:
        assert deploy.on_board(dest) in files, dest
    assert files["web/page.html.gz"][:2] == b"\x1f\x8b"  # the phones' page, gzipped
    assert files["app.mpy"][:2] == b"M\x06"  # a .mpy, format 6
    # only what this board needs: the TTGO panel it mimics, no other board's driver
    assert "drivers/st7789.mpy" in files
    assert "drivers/ili9342.mpy" not in files and "drivers/ssd1306.mpy" not in files
    record = json.loads(files["deployed.json"])
    assert record["board"] == "sim" and record["version"] == manifest.version()
    # a first deploy: the board check opens at the next start (ui/check.py removes the file when done)
    assert files["check"] == b"" and "The board check opens at the next start" in text
    # every file of ours on the board; no library in lib/ (the phones' page is web/http.py's)
    assert sorted(record["files"]) == sorted(p for p in files if p not in ("deployed.json", "check") and
                                             not p.startswith("lib"))
    assert "web/http.mpy" in files and not [p for p in files if p.startswith("lib/")]


def test_a_second_deploy_copies_only_what_changed_and_leaves_the_users_files(vboard):
    run_deploy("--board", "sim", "--port", vboard.url, "--no-reset")  # whatever ran before
    flash = vboard.flash
    if os.path.exists(os.path.join(flash, "check")):
        os.remove(os.path.join(flash, "check"))  # the check done
    code, text = run_deploy("--board", "sim", "--port", vboard.url)
    assert code == 0, text
    assert "Nothing to copy" in text and READY in text
    assert "check" not in vboard.files()  # nothing that draws the picture changed: no board check

    # a file changed on the board, one gone, a source twin that would shadow a
    # .mpy, another board's driver from an earlier deploy, and the user's own files
    with open(os.path.join(flash, "ui", "play.mpy"), "r+b") as f:
        f.seek(20)
        f.write(b"\xff\xfe")
    os.remove(os.path.join(flash, "engine", "game.mpy"))
    shutil.copy(os.path.join(ROOT, "firmware", "app.py"), os.path.join(flash, "app.py"))
    with open(os.path.join(flash, "storage", "savefile.py"), "w") as f:  # someone's own change: kept aside
        f.write("# my own store\n")
    with open(os.path.join(flash, "drivers", "ssd1306.mpy"), "wb") as f:
        f.write(b"old")
    with open(os.path.join(flash, "deployed.json")) as f:
        record = json.load(f)
    record["files"]["drivers/ssd1306.mpy"] = deploy.sha(b"old")  # as that deploy put it
    with open(os.path.join(flash, "deployed.json"), "w") as f:
        json.dump(record, f)
    saved = savefile.defaults()  # a real save: the firmware loads it at boot and must find it good
    saved.update(seq=7, roster=["Ann", "Bob"])
    head, body = savefile.encode(saved)
    mine = {"state.json": head + bytes(body), "errors.log": b"kept\n", "boot.py": b"# boot\n",
            "notes.txt": b"mine"}
    for name, data in mine.items():
        with open(os.path.join(flash, name), "wb") as f:
            f.write(data)

    code, text = run_deploy("--board", "sim", "--port", vboard.url)
    assert code == 0, text
    wanted = manifest.closure("sim")
    assert "Copying 2 of %d files" % len(wanted) in text
    copied = [line.split()[2] for line in text.splitlines() if line.strip().startswith("[")]
    assert sorted(copied) == ["engine/game.mpy", "ui/play.mpy"]
    assert "removed app.py (a source file that would shadow the compiled one)" in text
    assert "removed drivers/ssd1306.mpy (not used by sim)" in text
    assert "moved storage/savefile.py to storage/savefile.py.old" in text
    files = vboard.files()
    assert "app.py" not in files and "drivers/ssd1306.mpy" not in files \
        and "storage/savefile.py" not in files
    assert files["storage/savefile.py.old"] == b"# my own store\n"
    for name, data in mine.items():
        assert files[name] == data, name  # never touched, and the firmware found the save good
    assert "state.bad" not in files
    assert READY in text
    assert "check" not in files  # the game's files changed, not the board's or its drivers
    with open(os.path.join(flash, "board.mpy"), "r+b") as f:  # the board file changed: checked again
        f.seek(20)
        f.write(b"\xff\xfe")
    code, text = run_deploy("--board", "sim", "--port", vboard.url, "--no-reset")
    assert code == 0 and "check" in vboard.files(), text


def test_without_board_the_recorded_one_is_deployed(vboard):
    run_deploy("--board", "sim", "--port", vboard.url, "--no-reset")
    code, text = run_deploy("--port", vboard.url, "--no-reset")
    assert code == 0, text
    assert "board: sim (recorded by the last deploy)" in text and "Nothing to copy" in text


def test_an_esp32_board_is_refused_on_a_device_that_is_not_one(vboard):
    before = vboard.files()
    code, text = run_deploy("--board", "ttgo-t-display", "--port", vboard.url)
    assert code == 2
    assert "ttgo-t-display is an ESP32 board, but the device on %s runs MicroPython for x64" % \
        vboard.url in text
    assert "Traceback" not in text
    assert vboard.files() == before  # nothing copied, nothing removed


def test_bad_ports_and_boards_say_what_to_do(vboard):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    code, text = run_deploy("--board", "sim", "--port", "socket://127.0.0.1:%d" % free)
    assert code == 2 and "cannot open socket://127.0.0.1:%d" % free in text
    assert "make vboard" in text and "Traceback" not in text

    code, text = run_deploy("--board", "sim")
    assert code == 2 and "say which port" in text

    code, text = run_deploy("--board", "ttgo", "--port", vboard.url, "--no-reset")
    assert code == 2 and "unknown board 'ttgo'" in text and "ttgo-t-display" in text
    # (a newcomer: a typo with a port not there said "cannot open", and the web page's board was
    # offered) the id is checked before the port; browser is make web's
    code, text = run_deploy("--board", "ttgo", "--port", "/dev/ttyNOTHERE")
    assert code == 2 and "unknown board 'ttgo'" in text and "Connecting" not in text, text
    code, text = run_deploy("--board", "browser", "--port", "/dev/ttyNOTHERE")
    assert code == 2 and "browser is the scorekeeper in a web page (make web)" in text, text
    assert "browser" not in text.split("boards:")[1], text


def test_a_board_without_the_memory_to_boot_fails_the_deploy_with_its_console():
    b = VBoard("small", heap="40K")
    try:
        code, text = run_deploy("--board", "sim", "--port", b.url, "--timeout", "20")
        assert code == 1, text
        assert "the firmware stopped at boot. Its console said:" in text
        assert "MemoryError" in text and READY not in text
    finally:
        b.stop()


def test_a_broken_board_file_is_repaired_and_a_boot_error_shows_on_the_console():
    b = VBoard("broken")
    try:
        code, text = run_deploy("--board", "sim", "--port", b.url, "--no-reset")
        assert code == 0, text
        # a board file that cannot build its hardware: the board prints an error, not ready
        with open(os.path.join(b.flash, "board.mpy"), "wb") as f:
            f.write(b"M\x06\x00\x1f")  # a cut .mpy
        os.remove(os.path.join(b.flash, "deployed.json"))  # and the record is gone too
        with open(os.path.join(b.flash, "board.py"), "w") as f:  # a twin that shadows it, broken
            f.write("raise OSError('no display')\n")
        code, text = run_deploy("--board", "sim", "--port", b.url, "--timeout", "30")
        # the deploy repairs board.mpy and moves the shadowing board.py aside: the board comes up
        assert code == 0, text
        assert "moved board.py to board.py.old" in text and "board.mpy" in text and READY in text

        with open(os.path.join(b.flash, "board.py"), "w") as f:  # again: the first .old stays
            f.write("# pins of my own\n")
        code, text = run_deploy("--board", "sim", "--port", b.url, "--no-reset")
        assert code == 0 and "moved board.py to board.py.old2" in text, text
        files = b.files()
        assert files["board.py.old"] == b"raise OSError('no display')\n"
        assert files["board.py.old2"] == b"# pins of my own\n"

        with open(os.path.join(b.flash, "board.py"), "w") as f:
            f.write("raise OSError('no display')\n")
        subprocess.run([MPREMOTE, "connect", b.url, "resume", "exec", "--no-follow",
                        "import machine; machine.soft_reset()"], capture_output=True, timeout=60)
        b.wait_for("OSError: no display")  # the console shows why; a deploy now would repair it
    finally:
        b.stop()


def test_what_is_sent_while_the_port_starts_is_held_until_it_speaks():
    # make test under load: mpremote's Ctrl-C reached the PyPI unix port while its CPython launcher
    # was starting, killed it, and the raw REPL's request was lost ("could not enter raw repl"); a
    # board is up when it is connected to, so the virtual board holds what comes before its port speaks
    slow = os.path.join(fresh_dir("vboard-slow-port"), "micropython")
    with open(slow, "w") as f:  # a port that takes a second to start: the race made certain
        f.write('#!/bin/sh\nsleep 1\nexec "%s" "$@"\n' % os.path.join(ROOT, ".venv", "bin", "micropython"))
    os.chmod(slow, 0o755)
    b = VBoard("slow", micropython=slow)
    try:
        out = subprocess.run([MPREMOTE, "connect", b.url, "resume", "exec", "print(6 * 7)"],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and "42" in out.stdout, out.stdout + out.stderr
        assert "reset" not in b.console(), b.console()  # the port was not killed on its way up
    finally:
        b.stop()


def test_mip_installs_the_same_firmware_from_package_json_and_it_boots():
    b = VBoard("mip")
    try:
        for pkg in ("package.json", "boards/sim.json"):
            out = subprocess.run([MPREMOTE, "connect", b.url, "resume", "mip", "install", "--target", ".",
                                  pkg], cwd=ROOT, capture_output=True, text=True, timeout=300)
            assert out.returncode == 0 and "Done" in out.stdout, out.stdout + out.stderr
        files = b.files()
        installed = {p for p in files if not p.startswith("lib")}
        wanted = set(manifest.packaged(manifest.closure("sim")))
        assert wanted <= installed, wanted - installed
        # mip cannot choose per board: every board's drivers and input screens come too
        others = {p for board_id in manifest.REAL_BOARDS
                  for p in manifest.packaged(manifest.closure(board_id))} - {"board.py"}
        assert installed - wanted == others - wanted
        assert {"drivers/ili9342.py", "drivers/ssd1306.py", "ui/typed.py", "ui/touch.py"} <= others
        mark = len(b.console())
        subprocess.run([MPREMOTE, "connect", b.url, "resume", "exec", "--no-follow",
                        "import machine; machine.soft_reset()"], capture_output=True, timeout=60)
        b.wait_for(READY, after=mark)
    finally:
        b.stop()


def test_the_package_files_are_up_to_date_and_cover_every_boards_files():
    for rel, text in manifest.packages().items():
        with open(os.path.join(ROOT, rel)) as f:
            assert f.read() == text, "%s is out of date: make package" % rel
    with open(os.path.join(ROOT, "package.json")) as f:
        shared = dict(json.load(f)["urls"])
    for board_id in manifest.BOARDS:
        if manifest.board_chip(board_id) == "webassembly":
            # the web page's (make web), not mip's
            assert not os.path.exists(os.path.join(ROOT, "boards", board_id + ".json"))
            continue
        with open(os.path.join(ROOT, "boards", board_id + ".json")) as f:
            own = dict(json.load(f)["urls"])
        wanted = manifest.packaged(manifest.closure(board_id))
        installed = set(shared) | set(own)
        assert set(wanted) <= installed, (board_id, set(wanted) - installed)
        for dest, src in own.items():
            assert os.path.join(ROOT, "boards", src) == wanted[dest]


def test_each_board_gets_its_own_driver_and_no_other():
    panel = (("ttgo-t-display", "st7789"), ("m5stack-core", "ili9342"),
             ("devkit-oled", "ssd1306"))  # (expected, as docs/BOARDS.md has them)
    for board_id, mine in panel:
        files = manifest.closure(board_id)
        assert files["board.py"].endswith(manifest.BOARDS[board_id] + ".py")
        assert "drivers/%s.py" % mine in files
        for other in {p for _, p in panel} - {mine}:
            assert "drivers/%s.py" % other not in files, (board_id, other)
        for src in files.values():
            assert os.path.isfile(src), src
        assert "main.py" in files and "guard.py" in files and "engine/rules.py" in files
    assert "drivers/battery.py" not in manifest.closure("devkit-oled")  # USB powered


def test_an_import_that_no_board_has_is_caught(monkeypatch):
    tree = fresh_dir("manifest")
    fw = os.path.join(tree, "firmware")
    os.makedirs(os.path.join(fw, "pkg"))
    files = {"main.py": "import board\nfrom guard import main\n",
             "guard.py": "import gc\nfrom pkg.part import x\ntry:\n    import typing\nexcept ImportError:\n"
                         "    pass\n",
             "pkg/__init__.py": "", "pkg/part.py": "import requests\nx = 1\n"}
    for rel, text in files.items():
        with open(os.path.join(fw, rel), "w") as f:
            f.write(text)
    boards = os.path.join(tree, "boards")
    os.makedirs(boards)
    with open(os.path.join(boards, "virtual.py"), "w") as f:
        f.write("def setup():\n    pass\n")
    monkeypatch.setattr(manifest, "FIRMWARE", fw)
    monkeypatch.setattr(manifest, "BOARDS_DIR", boards)
    with pytest.raises(manifest.ManifestError) as e:
        manifest.closure("sim")
    assert "pkg/part.py imports 'requests'" in str(e.value)
    with open(os.path.join(fw, "pkg/part.py"), "w") as f:
        f.write("import time\nx = 1\n")
    assert sorted(manifest.closure("sim")) == ["board.py", "guard.py", "main.py", "pkg/__init__.py",
                                                 "pkg/part.py"]
    # a package without an __init__.py; an import marked as not for the board
    os.remove(os.path.join(fw, "pkg/__init__.py"))
    with open(os.path.join(fw, "pkg/part.py"), "w") as f:
        f.write("import time\nx = 1\n\n\ndef f():\n    from pkg import rare  # not on the board\n")
    with open(os.path.join(fw, "pkg/rare.py"), "w") as f:
        f.write("y = 2\n")
    assert sorted(manifest.closure("sim")) == ["board.py", "guard.py", "main.py", "pkg/part.py"]


def test_an_import_guarded_against_any_error_is_on_the_board_all_the_same(monkeypatch):
    """(guard.py's import of ready.py, in a try that keeps the device running on a MemoryError
    loading it, was taken for an optional import and left off the board: no ready line ever) A
    try catching ImportError makes its imports optional; one catching Exception does not."""
    for board_id in list(manifest.REAL_BOARDS) + ["sim"]:
        assert "ready.py" in manifest.closure(board_id), board_id
    tree = fresh_dir("manifest-guarded")
    fw = os.path.join(tree, "firmware")
    os.makedirs(fw)
    files = {"main.py": "import board\nfrom guard import main\n",
             "guard.py": "try:\n    import ready\nexcept Exception:\n    pass\n"
                         "try:\n    import typing\nexcept (ImportError, Exception):\n    pass\n",
             "ready.py": "x = 1\n"}
    for rel, text in files.items():
        with open(os.path.join(fw, rel), "w") as f:
            f.write(text)
    boards = os.path.join(tree, "boards")
    os.makedirs(boards)
    with open(os.path.join(boards, "virtual.py"), "w") as f:
        f.write("def setup():\n    pass\n")
    monkeypatch.setattr(manifest, "FIRMWARE", fw)
    monkeypatch.setattr(manifest, "BOARDS_DIR", boards)
    assert sorted(manifest.closure("sim")) == ["board.py", "guard.py", "main.py", "ready.py"]


def test_mpy_versions_are_read_as_micropython_writes_them():
    assert deploy.mpy_info(2822) == (6, 3, "x64")  # the unix port here
    assert deploy.mpy_info(6 | 3 << 8 | 10 << 10) == (6, 3, "xtensawin")  # an ESP32


def test_make_size_measures_that_compiled_files_are_smaller_and_boot_in_less_heap():
    import heap
    import size

    board_id = "devkit-oled"
    py = heap.sources(board_id)
    mpy = deploy.compile_files(board_id, deploy.ESP32_ARCH, fresh_dir("size-esp32"))
    assert set(mpy) == {deploy.on_board(p) for p in manifest.closure(board_id)}
    assert sum(map(len, mpy.values())) < sum(map(len, py.values()))
    assert 0 < size.lfs_blocks(mpy) < size.lfs_blocks(py)

    src = {"mpy": heap.firmware(board_id, "x64"), "py": heap.firmware(board_id, "py")}
    used, free = heap.run(heap.MPY64, heap.BIG, src["mpy"], board_id, "boot")
    harness = heap.run(heap.MPY64, heap.BIG, src["mpy"], board_id, "base")[0]
    assert 0 < harness < used and used + free <= heap.BIG
    low = heap.smallest(heap.MPY64, src["mpy"], board_id, "boot")
    assert low is not None and heap.run(heap.MPY64, low, src["mpy"], board_id, "boot")
    assert heap.run(heap.MPY64, low - heap.STEP, src["mpy"], board_id, "boot") is None  # the step below fails
    # every step above the answer boots too (it is not one lucky size)
    for k in range(1, heap.ABOVE + 1):
        assert heap.run(heap.MPY64, low + k * heap.STEP, src["mpy"], board_id, "boot"), k
    # the sources need the compiler's room on top: they do not boot where the .mpy does
    assert heap.run(heap.MPY64, low, src["py"], board_id, "boot") is None


def test_make_flash_help_prints_each_boards_commands():
    for board_id in manifest.REAL_BOARDS:
        out = subprocess.run(["make", "--no-print-directory", "flash-help", "BOARD=" + board_id,
                              "PORT=/dev/ttyX9", "FIRMWARE=mp.bin"], cwd=ROOT, capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        lines = [line.strip() for line in out.stdout.splitlines()]
        # an ESP32-S3 (any: the chip is its board file's): its own image, at 0x0, a watchdog reset after it
        chip, at, image, after = ("esp32s3", "0x0", "ESP32_GENERIC_S3", "--after watchdog-reset ") if (
            manifest.board_chip(board_id) == "esp32s3") else ("esp32", "0x1000", "ESP32_GENERIC", "")
        assert ".venv/bin/esptool --chip %s --port /dev/ttyX9 erase-flash" % chip in lines
        assert (".venv/bin/esptool --chip %s --port /dev/ttyX9 --baud 460800 %swrite-flash -z %s "
                "mp.bin" % (chip, after, at)) in lines
        assert "make deploy BOARD=%s PORT=/dev/ttyX9" % board_id in lines
        assert "https://micropython.org/download/%s/" % image in out.stdout and "v1.23 or newer" in out.stdout
    assert os.path.exists(os.path.join(ROOT, ".venv", "bin", "esptool"))  # make setup installs it
    out = subprocess.run([PY, os.path.join(ROOT, "tools", "flashhelp.py"), "--board", "sim"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and "needs no flashing" in out.stdout and "make vboard" in out.stdout
    out = subprocess.run([PY, os.path.join(ROOT, "tools", "flashhelp.py"), "--board", "esp"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "unknown board 'esp'" in out.stderr
    out = subprocess.run([PY, os.path.join(ROOT, "tools", "flashhelp.py"), "--board", "browser"],
                         capture_output=True, text=True)  # (it crashed: KeyError 'webassembly')
    assert out.returncode == 2 and "make web" in out.stderr and "Traceback" not in out.stderr, out.stderr
    # (a newcomer: no board listed browser, then refused it; a FIRMWARE not there went into the commands)
    out = subprocess.run([PY, os.path.join(ROOT, "tools", "flashhelp.py")], capture_output=True, text=True)
    assert out.returncode == 2 and "browser" not in out.stderr and "ttgo-t-display" in out.stderr, out.stderr
    out = subprocess.run([PY, os.path.join(ROOT, "tools", "flashhelp.py"), "--board", "cyd", "--firmware",
                          "/nonexistent/mp.bin"], capture_output=True, text=True)
    assert out.returncode == 0 and "write-flash" in out.stdout and out.stderr == (
        "flash-help: note: /nonexistent/mp.bin is not there yet: the commands below write it once it is "
        "there\n")
    # (a newcomer: an ESP32-S3's image given for an ESP32 board got esp32's write line) the image's
    # header names its chip (esptool's IMAGE_CHIP_ID, as make bundle reads it)
    s3 = os.path.join(ROOT, "..", "shared", "micropython", "images", "ESP32_GENERIC_S3-20251209-v1.27.0.bin")
    readme = os.path.join(ROOT, "README.md")
    for board, given, rc in (("devkit-oled", s3, 2), ("cardputer", s3, 0), ("cyd", readme, 2)):
        out = subprocess.run([PY, os.path.join(ROOT, "tools", "flashhelp.py"), "--board", board,
                              "--firmware", given], capture_output=True, text=True)
        assert out.returncode == rc, (board, out.stderr)
        refused = "write-flash" not in out.stdout and "download MicroPython's" in out.stderr
        assert rc == 0 or refused, out.stderr


def test_a_first_deploy_keeps_a_main_py_of_someone_elses_and_a_cut_deploy_is_finished():
    b = VBoard("first")
    try:
        os.makedirs(os.path.join(b.flash, "ui"), exist_ok=True)
        with open(os.path.join(b.flash, "main.py"), "w") as f:
            f.write("print('my blinky')\n")
        # what a deploy cut short leaves: staged copies, one of them cut
        with open(os.path.join(b.flash, "ui", "play.mpy.new"), "wb") as f:
            f.write(b"M\x06")
        code, text = run_deploy("--board", "sim", "--port", b.url)
        assert code == 0, text
        assert "moved main.py to main.py.old (not a file of this firmware's)" in text
        files = b.files()
        assert files["main.py.old"] == b"print('my blinky')\n"
        assert not [p for p in files if p.endswith(".new")]  # staged copies all renamed or removed
        assert files["main.py"] == deploy.read(os.path.join(ROOT, "firmware", "main.py"))
        assert READY in text
    finally:
        b.stop()


def test_a_deploy_cut_short_leaves_the_board_booting_the_firmware_it_had(monkeypatch):
    b = VBoard("cut")
    try:
        code, text = run_deploy("--board", "sim", "--port", b.url, "--no-reset")
        assert code == 0, text
        before = b.files()
        # a newer firmware: three modules whose compiled bytes differ (a name more: a line lower would not
        # do, the .mpy keep no line numbers)
        newer = {}
        tree = fresh_dir("cut-src")
        real = manifest.closure
        for dest in ("app.py", "ui/play.py", "engine/game.py"):
            path = os.path.join(tree, dest.replace("/", "_"))
            with open(path, "w") as f:
                f.write(open(real("sim")[dest]).read() + "\n_NEWER = 1\n")
            newer[dest] = path
        monkeypatch.setattr(manifest, "closure", lambda board_id: dict(real(board_id), **newer))
        writes = []

        def cable_pulled(self, path, data):
            writes.append(path)
            if len(writes) == 2:
                raise deploy.DeployError("the connection failed (cable pulled)")
            Board_write(self, path, data)

        Board_write = deploy.Board.write
        monkeypatch.setattr(deploy.Board, "write", cable_pulled)
        with pytest.raises(deploy.DeployError):
            deploy.deploy("sim", b.url, reset=False)
        monkeypatch.undo()
        files = b.files()
        for p in before:  # every file as it was: the cut left no mix
            assert files[p] == before[p], p
        assert [p for p in files if p not in before] == ["app.mpy.new"]  # the one staged copy
        mark = len(b.console())
        subprocess.run([MPREMOTE, "connect", b.url, "resume", "exec", "--no-follow",
                        "import machine; machine.soft_reset()"], capture_output=True, timeout=60)
        b.wait_for(READY, after=mark)  # the old firmware boots

        code, text = run_deploy("--board", "sim", "--port", b.url, "--no-reset")
        assert code == 0 and "Nothing to copy" in text, text
        assert b.files() == before  # and the next deploy cleared the leftover
    finally:
        b.stop()


# --- On the board's own USB (an ESP32-S3): the port goes away at the reset ---
# A stand-in for the computer's USB side (host_tests/usbstandin.py: what it
# models and from where), the virtual board as the chip's console. Not a
# real board: no ESP32-S3 was plugged in for these.

@pytest.fixture(scope="module")
def s3board():
    b = VBoard("s3")
    code, text = run_deploy("--board", "sim", "--port", b.url, "--no-reset")
    assert code == 0, text
    yield b
    b.stop()


@pytest.fixture
def usb(monkeypatch):
    """usb(board, **kw): the stand-in on board's console, pyserial's port
    list and opening through it; closed after the test."""
    import serial
    from serial.tools import list_ports

    import usbstandin

    made = []

    def plug(board, **kw):
        bus = usbstandin.Bus(board.url, **kw)
        made.append(bus)
        monkeypatch.setattr(serial, "serial_for_url", bus.serial_for_url)
        monkeypatch.setattr(list_ports, "comports", bus.comports)
        return bus

    yield plug
    for bus in made:
        bus.close()


def as_s3(monkeypatch):
    """The virtual board taken for an ESP32-S3 board (its docstring's chip)."""
    real = manifest.board_chip
    monkeypatch.setattr(manifest, "board_chip", lambda b: "esp32s3" if b == "sim" else real(b))


def test_every_esp32_s3_board_waits_for_its_port_after_the_reset_and_only_they():
    s3 = [b for b in manifest.REAL_BOARDS if manifest.board_chip(b) == "esp32s3"]
    assert s3  # the Cardputer among them (any board whose file says chip: esp32s3)
    for b in manifest.BOARDS:
        assert deploy.s3_board(b) == (b in s3), b
    assert not deploy.s3_board("no-such-board")


def test_on_its_own_usb_the_port_that_went_away_at_the_reset_is_reopened_and_ready_read(
        s3board, usb, monkeypatch, capsys):
    as_s3(monkeypatch)
    bus = usb(s3board)
    assert deploy.deploy("sim", "/dev/ttyACM0", soft_reset=False) == 0
    text = capsys.readouterr().out
    assert bus.resets == 1
    assert "the port went away at the reset" in text and "back on /dev/ttyACM0" in text
    assert text.rstrip().splitlines()[-1].startswith("Scorekeeper ") and READY in text
    log = bus.log
    # the old handle failed as a hung-up tty fails, and was let go of before the
    # board came back, so Linux gave it its name again
    assert "read on /dev/ttyACM0, which went away" in log
    assert log.index("closed /dev/ttyACM0 (hung up)") < log.index("enumerated /dev/ttyACM0 as 303a:1001")
    # the bootloader's port, there for a moment, was waited out, not opened
    assert "open /dev/ttyACM0 (303a:1001)" not in log
    assert log[-1] == "open /dev/ttyACM0 (303a:4001)" or "open /dev/ttyACM0 (303a:4001)" in log[
        log.index("enumerated /dev/ttyACM0 as 303a:4001"):]


def test_an_esp32_s3_found_by_its_usb_id_when_its_port_has_another_name(s3board, usb, monkeypatch, capsys):
    # after flashing it is not on the name given, and at the reset it comes back
    # under yet another (as macOS names the device); the board's answer to the
    # reset command is lost with the USB
    as_s3(monkeypatch)
    bus = usb(s3board, name="/dev/cu.usbmodem1101", rename="/dev/cu.usbmodem14201", ack=False)
    assert deploy.deploy("sim", "/dev/cu.usbmodem101", soft_reset=False) == 0
    text = capsys.readouterr().out
    assert ("/dev/cu.usbmodem101 is not there; the ESP32-S3 running MicroPython is /dev/cu.usbmodem1101 "
            "(USB 303a:4001" in text)
    assert "back as /dev/cu.usbmodem14201 (USB 303a:4001" in text and "use PORT=/dev/cu.usbmodem14201" in text
    assert READY in text and "open /dev/cu.usbmodem14201 (303a:4001)" in bus.log


def test_a_port_that_goes_away_at_the_reset_on_a_usb_serial_chip_is_a_lost_connection(
        s3board, usb, capsys):
    # the virtual board as itself (not an ESP32-S3), on a CP2104 whose port
    # goes all the same: a cable pulled at the reset
    bus = usb(s3board, name="/dev/ttyUSB0", usb_id=(0x10C4, 0xEA60), come_back=False)
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy("sim", "/dev/ttyUSB0", soft_reset=False)
    assert bus.resets == 1
    assert str(e.value).startswith("the connection to /dev/ttyUSB0 was lost after the reset")
    assert "keeps its port through a reset" in str(e.value)
    assert not str(e.value).startswith(deploy.BOOT_FAILURES)  # exit status 2: a connection problem


def test_an_esp32_s3_left_in_its_bootloader_is_told_to_be_restarted(s3board, usb, monkeypatch, capsys):
    from mpremote.transport_serial import SerialTransport

    as_s3(monkeypatch)
    usb(s3board, name="/dev/ttyACM2", bootloader_only=True)
    # the port given is gone, and the one there is the bootloader's
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy("sim", "/dev/ttyACM0", soft_reset=False)
    msg = str(e.value)
    assert msg.startswith("cannot open /dev/ttyACM0") and "/dev/ttyACM2 (USB 303a:1001" in msg
    assert "ESP32-S3 on /dev/ttyACM2 is in its bootloader" in msg and "esptool #970" in msg
    # the port given is the bootloader's: it does not answer as a REPL (waited 1 s, not 10)
    real = SerialTransport.enter_raw_repl
    monkeypatch.setattr(SerialTransport, "enter_raw_repl",
                        lambda self, soft_reset=True, timeout_overall=10: real(self, soft_reset, 1))
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy("sim", "/dev/ttyACM2", soft_reset=False)
    msg = str(e.value)
    assert msg.startswith("the ESP32-S3 on /dev/ttyACM2 is in its bootloader (USB 303a:1001")
    assert "--after watchdog-reset" in msg and "press its reset button" in msg
    assert deploy.in_bootloader("/dev/ttyACM2", "cardputer").count("switch it off and on again") == 1


def test_a_board_that_loses_the_first_ctrl_c_is_asked_again(monkeypatch, capsys):
    """(a newcomer's make test on a busy machine: the virtual board's MicroPython was still starting
    when the deploy's Ctrl-C came, the Ctrl-A that followed went with it, and the deploy said the
    device does not answer as a REPL) A board still starting is asked for its REPL once more."""
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    real, asked = SerialTransport.enter_raw_repl, []

    def first_lost(self, soft_reset=True, timeout_overall=10):
        asked.append(1)
        if len(asked) == 1:  # asked for real (the board may be starting: lost then), then taken as lost,
            try:  # as mpremote says it when no raw REPL comes
                real(self, soft_reset, timeout_overall)
            except TransportError:
                pass
            raise TransportError("could not enter raw repl")
        return real(self, soft_reset, timeout_overall)

    b = VBoard("asked-again")
    try:
        monkeypatch.setattr(SerialTransport, "enter_raw_repl", first_lost)
        deploy.deploy("sim", b.url, reset=False)
        assert len(asked) == 2 and "no REPL yet on %s: asking again" % b.url in capsys.readouterr().out
        assert "main.py" in b.files()
    finally:
        b.stop()


def flash_help(monkeypatch, board_id, port, ports):
    """make flash-help's lines with the ports given as this computer's (pyserial's list)."""
    from serial.tools import list_ports

    import flashhelp

    monkeypatch.setattr(list_ports, "comports", lambda include_links=False: ports)
    return "\n".join(flashhelp.commands(board_id, port, "mp.bin"))


def test_flash_help_names_the_usb_chip_on_the_port_and_the_driver_it_needs(monkeypatch):
    from usbstandin import port_info

    ports = [port_info("/dev/ttyS0"),  # no USB: never the board, not listed
             port_info("/dev/ttyUSB0", (0x10C4, 0xEA60), "01A2B3C4", "CP2104 USB to UART Bridge Controller"),
             port_info("/dev/ttyACM0", (0x1A86, 0x55D4), "527E000681", "USB Single Serial"),
             port_info("/dev/ttyUSB1", (0x1A86, 0x7523), None, "USB Serial"),
             port_info("/dev/cu.usbmodem527E0006811", (0x1A86, 0x55D4), "527E000681", "USB Single Serial")]
    text = " ".join(flash_help(monkeypatch, "ttgo-t-display", "/dev/ttyACM0", ports).split())
    assert "/dev/ttyACM0 is USB 1a86:55d4: a CH9102 (WCH)." in text
    assert "macOS and Windows need WCH's CH343 driver" in text and "CH343SER_ZIP" in text
    assert "esptool stops at 'Failed to write to target RAM (result was 01070000)'" in text
    assert "/dev/ttyACM0 is that name" not in text  # Linux's own driver is the right one
    text = " ".join(flash_help(monkeypatch, "ttgo-t-display", "/dev/cu.usbmodem527E0006811", ports).split())
    assert ("/dev/cu.usbmodem527E0006811 is that name: install WCH's driver, then use "
            "/dev/cu.wchusbserial*" in text)
    text = " ".join(flash_help(monkeypatch, "m5stack-core", "/dev/ttyUSB0", ports).split())
    assert "/dev/ttyUSB0 is USB 10c4:ea60: a CP2104" in text and "Silicon Labs' CP210x driver" in text
    assert "Windows and older macOS need" in text and "Failed to write to target RAM" not in text
    text = " ".join(flash_help(monkeypatch, "cyd", "/dev/ttyUSB1", ports).split())
    assert "/dev/ttyUSB1 is USB 1a86:7523: a CH340 (WCH)" in text and "CH341SER_ZIP" in text
    # no port given, or one that is not there: the USB ones here, each with its chip
    for port in (None, "/dev/ttyUSB7"):
        text = flash_help(monkeypatch, "devkit-oled", port, ports)
        assert "/dev/ttyUSB0 (USB 10c4:ea60: a CP2104" in text
        assert "/dev/ttyUSB1 (USB 1a86:7523: a CH340" in text
        assert "/dev/ttyS0" not in text
    text = flash_help(monkeypatch, "cyd", "/dev/ttyUSB7", ports)
    assert "/dev/ttyUSB7 is not a USB serial port here now" in text
    text = flash_help(monkeypatch, "cyd", None, [])
    assert "No USB serial ports here now: plug it in" in text
    text = flash_help(monkeypatch, "cyd", "/dev/ttyUSB0", [port_info("/dev/ttyUSB0", (0x0403, 0x6001))])
    assert "/dev/ttyUSB0 is USB 0403:6001: a USB chip this tool does not know." in text


def test_flash_help_takes_an_esp32_s3_out_of_its_bootloader_and_says_where_its_port_went(monkeypatch):
    from usbstandin import MAC, S3_BOOTLOADER, port_info

    s3 = [b for b in manifest.REAL_BOARDS if manifest.board_chip(b) == "esp32s3"]
    for board_id in s3:
        for image in (False, True):
            import flashhelp

            lines = flashhelp.commands(board_id, "/dev/ttyACM0", "mp.bin", image)
            text = " ".join(" ".join(lines).split())
            # the option as the installed esptool spells it, before the command
            assert [line for line in lines if "write-flash" in line and
                    "--port /dev/ttyACM0 --baud 460800 --after watchdog-reset write-flash -z 0x0" in line]
            assert "esptool #970" in text and "303a:4001" in text and "303a:1001" in text
            assert "make deploy finds it by its USB id" in text
    # the installed esptool takes that option there
    out = subprocess.run([os.path.join(ROOT, ".venv", "bin", "esptool"), "--after", "watchdog-reset",
                          "version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    text = flash_help(monkeypatch, s3[0], "/dev/ttyACM0",
                      [port_info("/dev/ttyACM0", S3_BOOTLOADER, MAC, "USB JTAG/serial debug unit")])
    assert "The ESP32-S3 is in its bootloader (download mode)" in " ".join(text.split())
    # the classic ESP32s reset out of their bootloader as they are: no watchdog reset (they have none)
    for board_id in manifest.REAL_BOARDS:
        if board_id not in s3:
            assert "watchdog-reset" not in "\n".join(flashhelp.commands(board_id, "/dev/ttyUSB0", "mp.bin"))
