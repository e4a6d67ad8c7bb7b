#!/usr/bin/env python3
# The heap figures per board, for make size and make bench: the firmware
# compiled to .mpy runs alone (tools/heapgame.py: no simulator, no test
# driver) under the MicroPython unix port, 64-bit from make setup, and
# 32-bit where one is built (docs/MEMORY.md): the ESP32 is 32-bit, and the
# 32-bit figures are the ones its heap is measured against.
#
#   python tools/heap.py [--boards a,b] [--game] [--low]
#
# For each board and each port: the heap in use after boot and the smallest
# heap the firmware boots in; with --game, the smallest heap a whole 6-player
# 9-hole Play Nine game through the keys runs in. Each is "the smallest heap
# from which every larger one works" (a fit is not monotonic, so a bisection
# is followed by a check of every 1 KB step above it), less what the harness
# itself takes (its "base" run), so the figure is the firmware's own.
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import deploy  # noqa: E402
import manifest  # noqa: E402

MPY64 = os.path.join(ROOT, ".venv", "bin", "micropython")
MPY32 = os.path.abspath(os.environ.get("MPY32") or os.path.join(ROOT, "build", "unix32", "micropython"))
OUT = os.path.join(ROOT, "build", "heap")
KB = 1024
STEP = 1 * KB  # the resolution of the smallest heap
ABOVE = 8  # steps above a bisection's answer that must all work too

# ESP32 targets (docs/MEMORY.md), the firmware's own share, 32-bit
FIRST_HEAP = 56 * KB  # the heap a plain ESP32 starts MicroPython with
BOOT_FREE = 16 * KB  # what must stay free of it after boot
GAME_PEAK = 64 * KB  # a whole game's peak


def ports():
    """[(label, binary, .mpy arch)] of the unix ports there are."""
    out = [("64-bit", MPY64, "x64")]
    if os.path.exists(MPY32):
        out.append(("32-bit", MPY32, "x86"))
    return out


def missing32():
    return ("no 32-bit MicroPython at %s: the 32-bit figures, the ones an ESP32 is measured against, "
            "need MicroPython's unix port built 32-bit (docs/MEMORY.md says how); or set MPY32"
            % os.path.relpath(MPY32, ROOT))


def firmware(board_id, arch):
    """A folder with the board's files as make deploy lays them out, .mpy for arch."""
    out = os.path.join(OUT, "fw-%s-%s" % (arch, board_id))
    files = deploy.compile_files(board_id, arch, os.path.join(OUT, "mpy-%s-%s" % (arch, board_id)))
    shutil.rmtree(out, ignore_errors=True)
    for path, data in files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    return out


def run(binary, heap, src, board_id, mode, keys=None, work=None):
    """(in use, free) after the run, or None if it fails in this heap."""
    work = work or os.path.join(OUT, "work-%d" % os.getpid())
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    cmd = [binary, "-X", "heapsize=%d" % heap, os.path.join(HERE, "heapgame.py"), src,
           os.path.join(ROOT, "boards"), HERE, board_id, mode] + ([keys] if keys else [])
    p = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=600)
    for line in p.stdout.splitlines():
        if line.startswith("HEAP %s " % mode) and p.returncode == 0:
            return tuple(int(x) for x in line.split()[2:])
    return None


def smallest(binary, src, board_id, mode, keys=None, lo=8 * KB, hi=512 * KB):
    """The smallest heap from which every larger one works (to ABOVE steps)."""
    if run(binary, hi, src, board_id, mode, keys) is None:
        return None
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if run(binary, mid, src, board_id, mode, keys) is None:
            lo = mid
        else:
            hi = mid
    # the steps above must work too; a failure among them moves the answer up
    k = hi + STEP
    while k <= hi + ABOVE * STEP:
        if run(binary, k, src, board_id, mode, keys) is None:
            hi = k + STEP
        k += STEP
    while run(binary, hi, src, board_id, mode, keys) is None:
        hi += STEP
    return hi


def record(board_id):
    """A key file for heapgame.py: a whole 6-player 9-hole Play Nine game
    played on the board by the test driver (tools/bench_ui.py record)."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "game-%s.keys" % board_id)
    subprocess.run([MPY64, "-X", "heapsize=16M", os.path.join(HERE, "bench_ui.py"), "record", board_id,
                    path], check=True, capture_output=True)
    return path


def kb(n):
    return "-" if n is None else "%.1f" % (n / KB)


def figures(boards, game=False, only=None):
    """{(port label, board): {...}} of the figures."""
    out = {}
    keys = {}
    if game:
        for b in boards:
            keys[b] = record(b)
    for label, binary, arch in ports():
        if only and label != only:
            continue
        base = smallest(binary, firmware(boards[0], arch), boards[0], "base")
        for b in boards:
            src = firmware(b, arch)
            row = {"base": base}
            got = run(binary, 512 * KB, src, b, "boot")
            row["boot_used"] = got and got[0] - run(binary, 512 * KB, src, b, "base")[0]
            row["boot_smallest"] = smallest(binary, src, b, "boot") - base
            if game:
                g = smallest(binary, src, b, "game", keys[b])
                row["game_smallest"] = None if g is None else g - base
            out[(label, b)] = row
    return out


def main(argv):
    boards = list(manifest.REAL_BOARDS)
    game = "--game" in argv
    if "--boards" in argv:
        boards = argv[argv.index("--boards") + 1].split(",")
    if not os.path.exists(MPY32):
        print(missing32())
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    res = figures(boards, game, only)
    print(json.dumps({"%s %s" % k: v for k, v in res.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
