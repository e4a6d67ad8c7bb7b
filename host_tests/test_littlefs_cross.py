# cpython-only
# The two littlefs implementations the tests use, held to each other
# (issue 41, 2): littlefs-python (under CPython) and MicroPython's VfsLfs2
# (under the unix port, the ESP32 port's filesystem) are configured to
# match (tools/simulator/flash.py), but neither had mounted the other's
# image. A flash with a saved game made under one is mounted and loaded
# under the other, both ways, and a save made there is read back here: the
# same state each time. (This is also what a filesystem image made on a
# computer and flashed onto a board needs.) Runs the unix port in a
# subprocess; CPython's side is this process.
import json
import os
import subprocess
import sys

import faults
from simulator.flash import Flash, Volume, formatted
from storage import loading, savefile
from support import whole

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")

# Under the unix port: the image at argv[1] mounted with VfsLfs2, loaded as the firmware loads its
# flash at boot; the state printed; then one save more (seq + 1, a name added) and the image
# written to argv[2].
OTHER = r"""
import sys, json
sys.path[:0] = [%(fw)r, %(tools)r]
from simulator.flash import Flash, Volume
with open(sys.argv[1], "rb") as f:
    img = f.read()
flash = Flash(len(img) // 4096, img)
v = Volume(flash)
from storage import loading, savefile
state, problem = loading.load()
print("STATE", json.dumps({"state": state, "problem": problem}))
state["roster"] = state["roster"] + ["UNIX"]
savefile.save(state)
v.close()
with open(sys.argv[2], "wb") as f:
    f.write(flash.image())
"""


def under_micropython(image, tmp_path):
    src, dst = tmp_path / "in.img", tmp_path / "out.img"
    src.write_bytes(image)
    code = OTHER % {"fw": os.path.join(ROOT, "firmware"), "tools": os.path.join(ROOT, "tools")}
    run = subprocess.run([MPY, "-X", "heapsize=4M", "-c", code, str(src), str(dst)], capture_output=True,
                         text=True, timeout=120, cwd=str(tmp_path))
    lines = [ln for ln in run.stdout.splitlines() if ln.startswith("STATE ")]
    assert run.returncode == 0 and lines, run.stdout + run.stderr
    return json.loads(lines[0][6:]), dst.read_bytes()


def loaded(image):
    """The image mounted with littlefs-python, loaded as at boot."""
    v = Volume(Flash(len(image) // 4096, image))
    try:
        return loading.load()
    finally:
        v.close()


def test_a_flash_saved_under_littlefs_python_loads_under_vfslfs2_and_back(tmp_path):
    states = faults.record_engine_game()
    game = json.loads(states[-1])  # a whole game's last save: every hole, the history
    flash = Flash(32, formatted(32))  # formatted by littlefs-python
    v = Volume(flash)
    try:
        savefile.save(json.loads(states[-2]))  # two saves: a state.bak beside state.json
        savefile.save(game)
        want = json.loads(json.dumps(whole(game)))  # (the finished games: on the flash after the save)
    finally:
        v.close()
    theirs, image = under_micropython(flash.image(), tmp_path)
    assert theirs["problem"] is None, theirs["problem"]
    assert theirs["state"]["seq"] == want["seq"] and theirs["state"]["game"] == want["game"]
    assert theirs["state"]["history"] == want["history"]
    # and VfsLfs2's save (the state with a name more) read back by littlefs-python
    state, problem = loaded(image)
    assert problem is None, problem
    assert state["roster"] == want["roster"] + ["UNIX"] and state["seq"] == want["seq"] + 1
    assert state["game"] == want["game"]


def test_a_flash_formatted_under_vfslfs2_takes_littlefs_pythons_saves(tmp_path):
    # the other way round: the unix port formats and saves first (its defaults, as the ESP32's)
    code = r"""
import sys
sys.path[:0] = [%(fw)r, %(tools)r]
from simulator.flash import formatted
with open(sys.argv[1], "wb") as f:
    f.write(formatted(32))
""" % {"fw": os.path.join(ROOT, "firmware"), "tools": os.path.join(ROOT, "tools")}
    out = tmp_path / "fresh.img"
    run = subprocess.run([MPY, "-X", "heapsize=4M", "-c", code, str(out)], capture_output=True, text=True,
                         timeout=120, cwd=str(tmp_path))
    assert run.returncode == 0, run.stderr
    flash = Flash(32, out.read_bytes())
    v = Volume(flash)  # littlefs-python mounts VfsLfs2's format
    try:
        state = savefile.defaults()
        state["roster"] = ["CPY"]
        savefile.save(state)
    finally:
        v.close()
    theirs, _image = under_micropython(flash.image(), tmp_path)
    assert theirs["problem"] is None and theirs["state"]["roster"] == ["CPY"], theirs


def test_a_damaged_image_is_not_taken_for_a_filesystem(tmp_path):
    # (so that the two agreeing above means something: an image neither made does not mount): littlefs
    # says so in its own words, LFS_ERR_CORRUPT (-84, lfs.h), not any error on the way
    from littlefs.errors import LittleFSError

    try:
        loaded(b"\x00" * 4096 * 32)
    except LittleFSError as e:
        assert e.code == -84, e  # LFS_ERR_CORRUPT
        return
    raise AssertionError("a zeroed image mounted")


if __name__ == "__main__":
    sys.exit("run with pytest")
