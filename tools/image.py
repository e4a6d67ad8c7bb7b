# make image: our own MicroPython image for a board, the firmware frozen in, built with the esp32
# port and ESP-IDF from the manifests tools/manifest.py writes (docs/DEPLOY.md, "Our image").
#
#   python tools/image.py --board cyd [--mpy-dir DIR] [--idf-path DIR] [--dry-run]
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from common import manifest  # noqa: E402
from common.unix32 import IS_SOURCE, BuildError, checked, record  # noqa: E402

ROOT = manifest.ROOT
OUT = os.path.join(ROOT, "build", "image")
# the ESP-IDF each MicroPython release recommends (its ports/esp32/README.md); the images
# workflow pins its MICROPYTHON_REF and its container by this (test_workflow.py)
IDF_FOR = {"v1.27.0": "v5.5.1", "v1.28.0": "v5.5.1"}
MICROPYTHON_REF = "v1.28.0"  # the release the images are built from (the workflow's env says the same)
IDF_VERSION = IDF_FOR[MICROPYTHON_REF]  # it supports v5.3-v5.5
GET_IDF = ("ESP-IDF %s: git clone -b %s --recursive https://github.com/espressif/esp-idf ~/esp-idf && "
           "~/esp-idf/install.sh esp32,esp32s3, then make image IDF_PATH=~/esp-idf (docs/DEPLOY.md)"
           % (IDF_VERSION, IDF_VERSION))
GET_SOURCE = ("git clone https://github.com/micropython/micropython ~/micropython (v1.27 or newer), then "
              "make image MPY_DIR=~/micropython")


def image_bin(board_id):
    return os.path.join(OUT, board_id, "firmware.bin")


def built(board_id):
    """The record of the board's built image (built.json), or None."""
    return record(os.path.join(OUT, board_id, "built.json"))


def base_board(board_id):
    """MicroPython's board the image is built on; BuildError for the virtual board."""
    chip = manifest.board_chip(board_id)
    if chip not in manifest.FLASHING:
        raise BuildError("%s is the virtual board: its image is the 32-bit unix port with its firmware "
                         "frozen in (make unix32, then make vboard IMAGE=1)" % board_id)
    return manifest.FLASHING[chip][1]


def source(given):
    """MicroPython's source with its esp32 port; BuildError if there is none."""
    path = given or os.environ.get("MPY_DIR")
    if not path:
        raise BuildError("make image needs MicroPython's full source (with its esp32 port): " + GET_SOURCE)
    return checked(path, GET_SOURCE, IS_SOURCE, (
        "ports/esp32", "has no esp32 port (ports/esp32: a trimmed source, like the one make unix32 uses)"))


def idf(given):
    """ESP-IDF's folder (its export.sh); BuildError if there is none."""
    path = given or os.environ.get("IDF_PATH")
    if not path:
        raise BuildError("make image needs ESP-IDF, which is not installed here (no IDF_PATH): " + GET_IDF)
    return checked(path, GET_IDF, ("export.sh", "is not ESP-IDF (no export.sh in it)"))


def plan(board_id, src, idf_path):
    """(manifest files, the shell command that builds the image, the esp32 port's build folder)."""
    files = manifest.image_manifests(board_id, os.path.join(OUT, board_id, "manifest"))
    build = os.path.join(OUT, board_id, "esp32-build")
    port = os.path.join(src, "ports", "esp32")
    make = "make -C %s BOARD=%s BUILD=%s FROZEN_MANIFEST=%s" % (
        shlex.quote(port), base_board(board_id), shlex.quote(build), shlex.quote(files["esp32"]))
    cmd = " && ".join([
        "source %s >/dev/null" % shlex.quote(os.path.join(idf_path, "export.sh")),
        "make -C %s" % shlex.quote(os.path.join(src, "mpy-cross")),
        make + " submodules",
        make,
    ])
    return files, cmd, build


def main(argv):
    ap = argparse.ArgumentParser(
        description="Build our MicroPython image for a board: the firmware frozen in.")
    ap.add_argument("--board", help="board id: %s" % ", ".join(manifest.REAL_BOARDS))
    ap.add_argument("--mpy-dir", help="MicroPython's source, a git clone (default: $MPY_DIR)")
    ap.add_argument("--idf-path", help="ESP-IDF (default: $IDF_PATH)")
    ap.add_argument("--dry-run", action="store_true", help="print the commands; build nothing")
    args = ap.parse_args(argv)
    if not args.board:
        print("image: say which board: make image BOARD=<id> (boards: %s)" % ", ".join(manifest.REAL_BOARDS),
              file=sys.stderr)
        return 2
    try:
        manifest.board_file(args.board)
        base = base_board(args.board)
        if args.dry_run:  # ESP-IDF not checked: a dry run reads the build without it
            idf_path = args.idf_path or os.environ.get("IDF_PATH")
            idf_path = os.path.abspath(idf_path) if idf_path else "<ESP-IDF>"
        else:
            idf_path = idf(args.idf_path)
        src = source(args.mpy_dir)  # checked as a build checks it, on a dry run too
        files, cmd, build = plan(args.board, src, idf_path)
        if args.dry_run:
            print("Manifests: %s" % ", ".join(os.path.relpath(p, ROOT) for p in files.values()))
            print("bash -c %s" % shlex.quote(cmd))
            print("cp %s %s" % (os.path.join(build, "firmware.bin"), image_bin(args.board)))
            return 0
        print("Building our image for %s on MicroPython's %s (%s; ESP-IDF %s) ..." % (
            args.board, base, src, idf_path), flush=True)
        if subprocess.run(["bash", "-c", cmd]).returncode:
            raise BuildError("the esp32 port's build failed (its output is above; ESP-IDF %s is the version "
                             "MicroPython recommends)" % IDF_VERSION)
        shutil.copy2(os.path.join(build, "firmware.bin"), image_bin(args.board))
        with open(os.path.join(OUT, args.board, "built.json"), "w") as f:
            json.dump({"board": args.board, "base": base, "digest": manifest.image_digest(args.board),
                       "version": manifest.version(), "source": src, "idf": idf_path,
                       "modules": sorted(manifest.frozen_modules(args.board))}, f, indent=1)
        print("%s: write it with the commands make flash-help BOARD=%s IMAGE=1 prints" % (
            os.path.relpath(image_bin(args.board), ROOT), args.board))
    except (BuildError, manifest.ManifestError) as e:
        print("image: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
