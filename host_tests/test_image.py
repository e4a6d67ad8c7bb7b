# cpython-only
# Our own image (docs/DEPLOY.md, "Our image"): one manifest a board, written
# by tools/manifest.py, read by MicroPython's own manifest reader for both
# the frozen unix port (make unix32) and the esp32 image (make image); make
# image's messages where ESP-IDF or the source is missing; make deploy
# IMAGE=1 onto the virtual board running the frozen port (make vboard
# IMAGE=1): only what stays on the flash is copied, a board of other
# firmware is refused, and the board boots and plays a whole game with the
# firmware frozen. (Subprocesses, a pty: CPython; the board is the 32-bit
# unix port.)
import json
import os
import re
import subprocess
import sys

import pytest

from common import deploy
import heap
import image
from common import manifest
from common import unix32
from test_deploy import READY, VBoard, fresh_dir, run_deploy

ROOT = manifest.ROOT
PY = sys.executable


def mpy_tools():
    """MicroPython's tools/manifestfile.py from the source make unix32 uses, or skip."""
    try:
        src = unix32.mpy_source()
    except unix32.BuildError as e:
        pytest.skip(str(e))
    return src


def frozen_targets(manifest_path, src, port_dir):
    """The module paths MicroPython's own manifest reader freezes from manifest_path."""
    sys.path.insert(0, os.path.join(src, "tools"))
    try:
        import manifestfile
    finally:
        sys.path.pop(0)
    m = manifestfile.ManifestFile(manifestfile.MODE_FREEZE, {"MPY_DIR": src, "PORT_DIR": port_dir,
                                                            "BOARD_DIR": port_dir, "MPY_LIB_DIR": src})
    m.execute(manifest_path)
    return {f.target_path for f in m.files()}


@pytest.mark.parametrize("board_id", list(manifest.REAL_BOARDS) + ["sim"])
def test_the_unix_and_the_esp32_manifests_freeze_the_same_modules(board_id):
    """What our image freezes on the board is what the frozen unix port (the
    budgets' measure) freezes: every module make deploy would put on it but
    main.py and the board files, and imageinfo; the rest stays on the flash."""
    src = mpy_tools()
    out = fresh_dir("manifest-" + board_id)
    files = manifest.image_manifests(board_id, out)
    port = os.path.join(out, "port")  # the esp32 port's own modules stand apart: an empty manifest of its
    os.makedirs(os.path.join(port, "boards"))
    with open(os.path.join(port, "boards", "manifest.py"), "w") as f:
        f.write("# the esp32 port's own modules (asyncio, ...)\n")
    esp32 = frozen_targets(files["esp32"], src, port)
    unix = frozen_targets(files["unix"], src, port)
    asyncio = {t for t in unix if t.startswith("asyncio/") or t == "uasyncio.py"}  # extmod/asyncio's
    assert asyncio and unix - asyncio == esp32
    wanted = set(manifest.frozen_modules(board_id)) | {manifest.IMAGE_INFO + ".py"}
    assert esp32 == wanted
    # every firmware module of the board is frozen; on the flash: main.py, the board files, the page
    closure = manifest.closure(board_id)
    on_flash = {dest for dest in closure if dest == "main.py" or not dest.endswith(".py")
                or closure[dest].startswith(manifest.BOARDS_DIR + os.sep)}
    assert {d[4:] if d.startswith("lib/") else d for d in closure if d not in on_flash} | {
        manifest.IMAGE_INFO + ".py"} == esp32
    assert "web/http.py" in esp32 and "app.py" in esp32 and "main.py" not in esp32
    assert set(manifest.image_flash(board_id)) >= {"main.py", "board.py", "page.html.gz"}


def test_a_firmware_change_changes_the_digest_and_the_frozen_port_is_stale(monkeypatch):
    """A frozen port built from other firmware is known as such (make test
    builds it again; the budgets would measure the wrong firmware)."""
    before = manifest.image_digest("cyd")
    real = manifest.frozen_modules

    def changed(board_id):
        out = dict(real(board_id))
        out["engine/game.py"] = os.path.join(ROOT, "firmware", "engine", "rules.py")  # other bytes
        return out

    monkeypatch.setattr(manifest, "frozen_modules", changed)
    assert manifest.image_digest("cyd") != before
    if os.path.exists(unix32.frozen_port("cyd")):
        assert "other firmware" in unix32.stale("cyd")



def test_a_port_built_with_other_make_arguments_is_stale(monkeypatch):
    """(keycost.py counts under a C function by its name: a port stripped of its symbols, built
    before they were kept, counts nothing) A change to the make arguments builds the ports again."""
    if not os.path.exists(unix32.frozen_port("cyd")) or unix32.stale("cyd"):
        pytest.skip("the 32-bit ports are not built: make unix32")
    assert not unix32.stock_stale()
    monkeypatch.setattr(unix32, "MAKE_ARGS", [a for a in unix32.MAKE_ARGS if "STRIP" not in a])
    assert "other make arguments" in unix32.stale("cyd")
    assert unix32.stock_stale()

def make(*args, env=None):
    out = subprocess.run(["make", "--no-print-directory"] + list(args), cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, **(env or {})))
    return out.returncode, out.stdout + out.stderr


def test_make_image_says_in_one_line_what_is_missing():
    env = {"IDF_PATH": "", "MPY_DIR": ""}
    code, text = make("image", "BOARD=cyd", env=env)
    assert code != 0
    line = [t for t in text.splitlines() if t.startswith("image: ")]
    assert len(line) == 1 and "ESP-IDF" in line[0] and image.IDF_VERSION in line[0], text
    assert "install.sh" in line[0], text
    # ESP-IDF given, the source trimmed (no esp32 port): says so, and where to get the whole one
    idf = fresh_dir("fake-idf")
    open(os.path.join(idf, "export.sh"), "w").close()
    src = mpy_tools()
    code, text = make("image", "BOARD=cyd", "IDF_PATH=" + idf, "MPY_DIR=" + src, env=env)
    assert code != 0 and "has no esp32 port" in text and "git clone https://github.com/micropython" in text
    code, text = make("image", "BOARD=sim", env=env)
    assert code != 0 and "make unix32" in text
    code, text = make("image", "BOARD=nope", env=env)
    assert code != 0 and "nope" in text


def full_source(name):
    """A folder make image takes for MicroPython's full source: what it looks for in one
    (py/mpconfig.h, ports/esp32), and nothing else."""
    src = fresh_dir(name)
    os.makedirs(os.path.join(src, "py"))
    open(os.path.join(src, "py", "mpconfig.h"), "w").close()
    os.makedirs(os.path.join(src, "ports", "esp32"))
    return src


def test_make_image_dry_run_builds_on_the_chips_board_with_the_boards_manifest():
    src = full_source("dry-src")
    for board_id, base in (("cyd", "ESP32_GENERIC"), ("cardputer", "ESP32_GENERIC_S3")):
        code, text = make("image", "BOARD=" + board_id, "DRY_RUN=1", "MPY_DIR=" + src, "IDF_PATH=/opt/idf")
        assert code == 0, text
        assert "source /opt/idf/export.sh" in text and "make -C %s/mpy-cross" % src in text
        esp32 = os.path.join(image.OUT, board_id, "manifest", "esp32.py")
        assert "make -C %s/ports/esp32 BOARD=%s " % (src, base) in text
        assert "FROZEN_MANIFEST=%s" % esp32 in text
        with open(esp32) as f:
            assert 'include("$(PORT_DIR)/boards/manifest.py")' in f.read()


def test_make_image_dry_run_says_of_mpy_dir_what_a_build_says_before_anything_else():
    """(A dry run printed its commands on any MPY_DIR, or none: the build they stand for would
    have stopped at once.) Missing, not MicroPython's source, trimmed: the build's line, alone."""
    env = {"IDF_PATH": "", "MPY_DIR": ""}
    idf = fresh_dir("dry-idf")
    open(os.path.join(idf, "export.sh"), "w").close()
    trimmed = full_source("dry-trimmed")
    os.rmdir(os.path.join(trimmed, "ports", "esp32"))
    for given in ([], ["MPY_DIR=" + fresh_dir("dry-empty")], ["MPY_DIR=" + trimmed]):
        _code, built = make("image", "BOARD=cyd", "IDF_PATH=" + idf, *given, env=env)
        (said,) = [t for t in built.splitlines() if t.startswith("image: ")]
        for idf_given in ([], ["IDF_PATH=" + idf]):
            out = subprocess.run(["make", "--no-print-directory", "-s", "image", "BOARD=cyd", "DRY_RUN=1"]
                                 + given + idf_given, cwd=ROOT, capture_output=True, text=True, timeout=120,
                                 env=dict(os.environ, **env))
            assert out.returncode != 0 and out.stdout == "", (given, out.stdout)
            # (make's own lines: "make:", or "make[2]:" under make test's make)
            said_here = [t for t in out.stderr.splitlines() if not re.match(r"make(\[\d+\])?: ", t)]
            assert said_here == [said], out.stderr


def test_flash_help_image_writes_our_image_then_deploys_with_image():
    code, text = make("flash-help", "BOARD=cardputer", "PORT=/dev/ttyX1", "IMAGE=1")
    assert code == 0, text
    assert ("write-flash -z 0x0 build/image/cardputer/firmware.bin" in text
            and ".venv/bin/esptool --chip esp32s3 --port /dev/ttyX1" in text)
    assert "make image BOARD=cardputer" in text
    assert "make deploy BOARD=cardputer PORT=/dev/ttyX1 IMAGE=1" in text
    code, text = make("flash-help", "BOARD=cyd", "IMAGE=1")
    assert "write-flash -z 0x1000 build/image/cyd/firmware.bin" in text
    code, text = make("flash-help", "BOARD=sim", "IMAGE=1")
    assert "make vboard IMAGE=1" in text


def test_deploy_image_onto_stock_micropython_is_refused_and_nothing_is_copied():
    b = VBoard("image-stock")
    try:
        code, text = run_deploy("--board", "sim", "--port", b.url, "--image", "--no-reset")
        assert code == 2 and "runs stock MicroPython, not our image" in text, text
        assert "make unix32, then make vboard IMAGE=1" in text
        assert not os.path.exists(os.path.join(b.flash, "main.py"))
        # an image of another board, and one of other firmware (its imageinfo, as frozen)
        for info, says in (("BOARD = 'cyd'\nVERSION = 'x'\nDIGEST = '0'\n", "built for cyd, not sim"),
                           ("BOARD = 'sim'\nVERSION = '0.0.1'\nDIGEST = '0123456789abcdef'\n",
                            "holds other firmware (version 0.0.1, 0123456789abcdef)")):
            with open(os.path.join(b.flash, manifest.IMAGE_INFO + ".py"), "w") as f:
                f.write(info)
            code, text = run_deploy("--board", "sim", "--port", b.url, "--image", "--no-reset")
            assert code == 2 and says in text, text
            assert not os.path.exists(os.path.join(b.flash, "main.py"))
    finally:
        b.stop()


# Run on the board (the raw REPL, main.py stopped): the virtual board's own
# hardware with its switches held, as heapgame.py plays a recorded game, on
# the firmware the board has: frozen modules, board.mpy and main.py beside.
PLAY = """
import sys, json, board
from drivers.buttons import Button, Keys
from drivers.st7789 import ST7789
from hardware import Hardware
from guard import Runner
bus = board.NullBus()
sw = [board.Switch() for _ in board.BUTTONS]
hw = Hardware(board.ID, ST7789(bus, bus, bus, None, rotation=board.PANEL[1], band=board.BAND),
              Keys([Button(s.read) for s in sw], board.KEYMAP), board.BUTTONS)
r = Runner(hw, 0, strict=True)
now = 0
def tick(ms):
    global now
    for _ in range(ms // 5):
        r.step(now)
        now += 5
tick(40)
want = None
f = open('game.keys')
while True:
    line = f.readline()
    if not line or line[0] == '=':
        want = line[1:].strip()
        break
    b, ms = line.split()
    held = [sw[int(i)] for i in b.split('+')]
    for s in held:
        s.held = True
    tick(int(ms))
    for s in held:
        s.held = False
    tick(40)
f.close()
print(repr((json.dumps(r.app.game.totals()), want, sys.modules['app'].__file__,
            sys.modules['engine.game'].__file__, sys.modules['board'].__file__)))
"""


def test_deploy_image_onto_the_frozen_virtual_board_boots_and_plays_a_game():
    """make vboard IMAGE=1 (the virtual board's firmware frozen into the
    32-bit port), make deploy BOARD=sim IMAGE=1: a whole firmware deployed
    before is taken off (its files would hide the frozen modules), only
    main.py, the board files and the page go on, the board says ready, and
    a whole recorded 6-player game is played on it."""
    if not os.path.exists(unix32.frozen_port("sim")):
        pytest.skip("no frozen port for the virtual board (make unix32): deploy IMAGE=1 not tried")
    assert unix32.stale("sim") is None, unix32.stale("sim")
    b = VBoard("image", image=True)
    try:
        # first a deploy of the whole firmware as files, as onto stock MicroPython (it says it is our image)
        code, text = run_deploy("--board", "sim", "--port", b.url, "--no-reset")
        assert code == 0 and "the board runs our image" in text, text
        os.makedirs(os.path.join(b.flash, "engine", "mine"))  # a folder of the user's, in ours
        mark = len(b.console())
        code, text = make("deploy", "BOARD=sim", "PORT=" + b.url, "IMAGE=1")
        assert code == 0, text
        assert "our image: sim %s (firmware %s" % (manifest.version(), manifest.image_digest("sim")) in text
        assert "removed app.mpy (it would hide the image's frozen module)" in text
        assert "moved the folder engine to engine.old" in text
        assert READY in text
        b.wait_for(READY, after=mark)
        files = b.files()
        ours = {p for p in files if not p.startswith(("state.", "lib/", "engine.old/"))}
        # (check: left by the first deploy: the board check opens at the next start, and removes it)
        want = {"main.py", "board.mpy", "ttgo_t_display.mpy", "page.html.gz", "deployed.json", "check"}
        assert ours == want, ours
        assert not any(os.path.isdir(os.path.join(b.flash, d)) for d in ("ui", "storage", "drivers", "web",
                                                                         "engine"))
        record = json.loads(files["deployed.json"])
        assert record["image"] == manifest.image_digest("sim") and sorted(record["files"]) == sorted(
            ours - {"deployed.json", "check"})
        # a second deploy copies nothing
        code, text = run_deploy("--board", "sim", "--port", b.url, "--image", "--no-reset")
        assert code == 0 and "Nothing to copy" in text, text

        os.remove(os.path.join(b.flash, "check"))  # the board check done: the game starts at the menu
        with open(os.path.join(b.flash, "game.keys"), "w") as f:
            f.write(open(heap.record("ttgo-t-display")).read())  # the virtual board is a TTGO's buttons
        board = deploy.Board(b.url, soft_reset=False)
        try:
            import ast

            out = board.run(PLAY, timeout=300)
            got, want, app_file, game_file, board_file = ast.literal_eval(out.strip().splitlines()[-1])
        finally:
            board.close()
        assert got == want, (got, want)
        assert app_file == "app.py" and game_file == "engine/game.py"  # frozen (a file would be .mpy)
        assert board_file.endswith("board.mpy")  # from the flash
    finally:
        b.stop()
