# make unix32: MicroPython's unix port as a 32-bit program, the nearest thing to an ESP32's heap
# that runs here: build/unix32/micropython (stock, asyncio frozen) and build/unix32f/<board>/
# micropython (that board's firmware frozen in, as make image's manifests have it), built again
# when the firmware's digest or the make arguments differ (docs/MEMORY.md, "Measuring on a 32-bit
# MicroPython"). tools/unix32.py is its command.
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tarfile

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)
from common import manifest  # noqa: E402

ROOT = manifest.ROOT
BUILD = os.path.join(ROOT, "build")
STOCK = os.path.join(BUILD, "unix32", "micropython")
STOCK_RECORD = os.path.join(BUILD, "unix32", "built.json")
FROZEN_DIR = os.path.join(BUILD, "unix32f")
OBJ = os.path.join(BUILD, "unix32", "obj")  # the port's objects, one set for every kind built
STOCK_MANIFEST = os.path.join(TOOLS, "manifests", "unix32.py")
TARBALL = os.path.normpath(os.path.join(ROOT, "..", "shared", "micropython", "micropython-src.tar.gz"))
UNPACKED = os.path.join(BUILD, "mpy-src")
MAKE_ARGS = ["VARIANT=standard", "CFLAGS_EXTRA=-m32", "LDFLAGS_EXTRA=-m32", "MICROPY_PY_FFI=0",
             "MICROPY_PY_BTREE=0", "MICROPY_PY_SSL=0",
             # the symbols kept: keycost.py counts a key under one C function by its name
             "STRIPFLAGS_EXTRA=--strip-debug",
             # viper functions (drivers/expand.py) frozen as the machine code of the port's CPU
             "MPY_CROSS_FLAGS=-march=x86"]
GET_SOURCE = "git clone https://github.com/micropython/micropython (v1.27 or newer)"
GET_GCC32 = "sudo apt-get install gcc-multilib (Debian, Ubuntu)"
JOBS = os.cpu_count() or 2
BOARDS = list(manifest.REAL_BOARDS) + ["sim"]  # sim: the virtual board on our image (make deploy IMAGE=1)


class BuildError(Exception):
    """What stopped the build, in a line, and what to do."""


def frozen_port(board_id):
    return os.path.join(FROZEN_DIR, board_id, "micropython")


def record(path):
    """A build's record (its built.json: what it was built from), or None."""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def built_from(board_id):
    return record(os.path.join(FROZEN_DIR, board_id, "built.json"))


def stale(board_id):
    """Why the board's frozen port is not this checkout's firmware, or None when it is."""
    if not os.path.exists(frozen_port(board_id)):
        return "no frozen port for %s at %s: make unix32" % (
            board_id, os.path.relpath(frozen_port(board_id), ROOT))
    rec = built_from(board_id) or {}
    if rec.get("digest") != manifest.image_digest(board_id):
        return ("the frozen port for %s holds other firmware than this checkout's (it changed since): "
                "make unix32 builds it again" % board_id)
    if rec.get("make") != MAKE_ARGS:
        return ("the frozen port for %s was built with other make arguments than this checkout's: "
                "make unix32 builds it again" % board_id)
    return None


def stock_stale():
    """Whether the stock port is missing or built with other make arguments."""
    return (record(STOCK_RECORD) or {}).get("make") != MAKE_ARGS


IS_SOURCE = ("py/mpconfig.h", "is not MicroPython's source (no py/mpconfig.h)")


def checked(path, get, *needs):
    """path made absolute where it holds each of needs ((a path in it, what it is not without
    it)); else BuildError saying so and how to get one (get)."""
    path = os.path.abspath(os.path.expanduser(path))
    for rel, lacking in needs:
        if not os.path.exists(os.path.join(path, rel)):
            raise BuildError("%s %s: %s" % (path, lacking, get))
    return path


def mpy_source(given=None):
    """MicroPython's source: given, MPY_DIR, or the tarball beside the checkout, unpacked once."""
    path = given or os.environ.get("MPY_DIR")
    if path:
        return checked(path, GET_SOURCE, IS_SOURCE)
    if not os.path.exists(TARBALL):
        raise BuildError("no MicroPython source here (no MPY_DIR, no %s): %s"
                         % (os.path.relpath(TARBALL, ROOT), GET_SOURCE))
    src = os.path.join(UNPACKED, "micropython")
    mark = os.path.join(UNPACKED, "from")
    stamp = "%s %d" % (TARBALL, os.path.getmtime(TARBALL))
    if not (os.path.exists(mark) and open(mark).read() == stamp):
        print("Unpacking %s into %s ..." % (TARBALL, os.path.relpath(UNPACKED, ROOT)), flush=True)
        shutil.rmtree(UNPACKED, ignore_errors=True)
        os.makedirs(UNPACKED)
        with tarfile.open(TARBALL) as t:
            t.extractall(UNPACKED, filter="data")
        with open(mark, "w") as f:
            f.write(stamp)
    return src


def check_gcc32():
    """BuildError unless gcc can build a 32-bit program here."""
    try:
        p = subprocess.run(["gcc", "-m32", "-x", "c", "-", "-o", os.devnull], capture_output=True,
                           input=b"#include <stdio.h>\nint main(void) { return 0; }\n")
    except OSError:
        raise BuildError("no gcc here: sudo apt-get install gcc gcc-multilib (Debian, Ubuntu)")
    if p.returncode:
        raise BuildError("gcc's 32-bit support is missing (gcc -m32 builds nothing here): %s" % GET_GCC32)


def lacks(given=None):
    """(MicroPython's source or None, the lines saying what the build lacks and what to run)."""
    src = why_src = why_gcc = None
    try:
        src = mpy_source(given)
    except BuildError as e:
        why_src = str(e)
    try:
        check_gcc32()
    except BuildError as e:
        why_gcc = str(e)
    if why_src is None and why_gcc is None:
        return src, []
    then = ("make unix32" + (" MPY_DIR=%s" % src if given else "") if src is not None
            else "make unix32 MPY_DIR=<the clone>")
    return src, [why_src or "MicroPython's source: found, %s" % src,
                 why_gcc or "gcc's 32-bit support: found",
                 "then: " + then]


def make(args, log):
    """Run make with args, its output to log; BuildError with the log's tail."""
    with open(log, "a") as f:
        f.write("\n$ make %s\n" % " ".join(args))
        f.flush()
        p = subprocess.run(["make", "-j%d" % JOBS] + args, stdout=f, stderr=subprocess.STDOUT)
    if p.returncode:
        with open(log) as f:
            tail = f.read().splitlines()[-15:]
        raise BuildError("make %s failed (the whole log: %s):\n%s" % (
            " ".join(args[:3]), os.path.relpath(log, ROOT), "\n".join(tail)))


def port(src, manifest_path, log):
    """The 32-bit unix port with manifest_path frozen in (in OBJ, shared by every build: what is
    frozen made again, as makemanifest.py goes by the files' times)."""
    shutil.rmtree(os.path.join(OBJ, "frozen_mpy"), ignore_errors=True)
    with contextlib.suppress(FileNotFoundError):
        os.remove(os.path.join(OBJ, "frozen_content.c"))
    make(["-C", os.path.join(src, "ports", "unix"), "BUILD=" + OBJ, "FROZEN_MANIFEST=" + manifest_path]
         + MAKE_ARGS, log)
    return os.path.join(OBJ, "micropython")


def install(binary, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    tmp = dest + ".new"
    shutil.copy2(binary, tmp)
    os.replace(tmp, dest)


def build(src, only_stale=False):
    """Build the stock port and the boards' frozen ones; print what was done."""
    os.makedirs(os.path.dirname(OBJ), exist_ok=True)
    log = os.path.join(BUILD, "unix32", "build.log")
    open(log, "w").close()
    print("MicroPython's source: %s" % src, flush=True)
    make(["-C", os.path.join(src, "mpy-cross")], log)
    todo = [b for b in BOARDS if not only_stale or stale(b) or not os.path.exists(STOCK)]
    if not os.path.exists(STOCK) or not only_stale or stock_stale():
        print("Building the 32-bit unix port (stock, asyncio frozen) ...", flush=True)
        install(port(src, STOCK_MANIFEST, log), STOCK)
        with open(STOCK_RECORD, "w") as f:
            json.dump({"make": MAKE_ARGS, "source": src}, f, indent=1)
        print("  %s" % os.path.relpath(STOCK, ROOT), flush=True)
    for b in todo:
        if not stale(b) and (built_from(b) or {}).get("source") == src:
            print("  %s: up to date" % os.path.relpath(frozen_port(b), ROOT))
            continue
        print("Building the 32-bit unix port with %s's firmware frozen in ..." % b, flush=True)
        files = manifest.image_manifests(b, os.path.join(FROZEN_DIR, b, "manifest"))
        install(port(src, files["unix"], log), frozen_port(b))
        with open(os.path.join(FROZEN_DIR, b, "built.json"), "w") as f:
            json.dump({"board": b, "digest": manifest.image_digest(b), "version": manifest.version(),
                       "source": src, "make": MAKE_ARGS, "modules": sorted(manifest.frozen_modules(b))},
                      f, indent=1)
        print("  %s" % os.path.relpath(frozen_port(b), ROOT), flush=True)
