# make size: what the firmware costs a board, compiled (.mpy, as make deploy
# puts it) against source (.py, as mip puts it).
#
# Flash: per board, the bytes of the files make deploy copies (main.py as
# source, the rest .mpy for the ESP32), and the 4 KB blocks they take on
# littlefs configured as the ESP32 port configures it (littlefs-python).
#
# Heap: per board, the unix port boots the same files (the .mpy compiled for
# this machine) on that board's real display driver with a bus that only
# counts bytes, in a fixed heap, and reports what is free after boot, after
# a collection; then the smallest heap it boots in at all (compiling .py
# needs room the .mpy does not). 64-bit objects are bigger than the ESP32's:
# compare the two columns, not the numbers with a board's (docs/DEPLOY.md).
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import deploy  # noqa: E402
import manifest  # noqa: E402

ROOT = manifest.ROOT
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
HEAP = 512 * 1024  # the virtual board's heap
BLOCK = 4096

# Run by the unix port in an empty folder: boot the firmware from argv[1] on
# board argv[2]'s driver; print the heap in use before the firmware and after boot.
PROBE = r"""
import sys, gc
src, board_id, tools, boards = sys.argv[1:5]
sys.path[:0] = [src, boards, tools]
import simboard
gc.collect()
base = gc.mem_alloc()
hw = simboard.build(board_id, emulate=False)[0]
from guard import Runner
r = Runner(hw, 0)
r.step(0)
if r.app is None:
    raise SystemExit("the app did not start")
gc.collect()
print("SIZE", base, gc.mem_alloc(), gc.mem_free())
"""


def lfs_blocks(files):
    """Blocks the files take on an ESP32-configured littlefs, beyond an empty one."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=BLOCK, block_count=512, read_size=32, prog_size=32, cache_size=128,
                  lookahead_size=32, block_cycles=100)
    empty = fs.used_block_count
    for path, data in sorted(files.items()):
        parts = path.split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open(path, "wb") as f:
            f.write(data)
    return fs.used_block_count - empty


def sources(board_id):
    files = {}
    for dest, src in manifest.closure(board_id).items():
        with open(src, "rb") as f:
            files[dest] = f.read()
    return files


def lay_out(files, out):
    shutil.rmtree(out, ignore_errors=True)
    for path, data in files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)


def boot(src, board_id, heap, work):
    """(heap before the firmware, after boot, free after boot) or None if it
    does not boot in this heap."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    probe = os.path.join(work, "..", "probe.py")
    with open(probe, "w") as f:
        f.write(PROBE)
    run = subprocess.run([MPY, "-X", "heapsize=%d" % heap, probe, src, board_id, HERE,
                          os.path.join(ROOT, "boards")], cwd=work, capture_output=True, text=True,
                         timeout=60)
    for line in run.stdout.splitlines():
        if line.startswith("SIZE "):
            return tuple(int(x) for x in line.split()[1:])
    return None


def smallest(src, board_id, work, lo=16 * 1024, hi=HEAP):
    """The smallest heap (1 KB steps) the firmware boots in."""
    if boot(src, board_id, hi, work) is None:
        return None
    while hi - lo > 1024:
        mid = (lo + hi) // 2 // 1024 * 1024
        if boot(src, board_id, mid, work) is None:
            lo = mid
        else:
            hi = mid
    return hi


def kb(n):
    return "%.1f" % (n / 1024)


def main():
    build = os.path.join(ROOT, "build", "size")
    print("Flash: the files make deploy copies (.mpy for the ESP32, main.py as source) against the")
    print("sources mip copies; KB of files, and 4 KB littlefs blocks as the ESP32 formats it.")
    print("%-16s %6s %10s %8s   %10s %8s" % ("board", "files", ".mpy KB", "blocks", ".py KB", "blocks"))
    for board_id in manifest.REAL_BOARDS:
        py = sources(board_id)
        mpy = deploy.compile_files(board_id, deploy.ESP32_ARCH, os.path.join(build, "esp32", board_id))
        print("%-16s %6d %10s %8d   %10s %8d" % (
            board_id, len(mpy), kb(sum(map(len, mpy.values()))), lfs_blocks(mpy),
            kb(sum(map(len, py.values()))), lfs_blocks(py)))
    print()
    print("Heap under the unix port (64-bit), booting to the first screen on each board's driver:")
    print("free after boot in a %dK heap, the firmware's share of it, and the smallest heap that"
          % (HEAP // 1024))
    print("boots. KB.")
    print("%-16s %9s %9s %9s   %9s %9s %9s" % ("board", ".mpy free", "firmware", "smallest",
                                              ".py free", "firmware", "smallest"))
    for board_id in manifest.REAL_BOARDS:
        row = []
        for form in ("mpy", "py"):
            src = os.path.join(build, "host-%s" % form, board_id)
            if form == "py":
                files = sources(board_id)
            else:
                files = deploy.compile_files(board_id, "host", os.path.join(build, "host-out", board_id))
            lay_out(files, src)
            work = os.path.join(build, "work")
            got = boot(src, board_id, HEAP, work)
            if got is None:
                print("%s (%s) does not boot in %dK" % (board_id, form, HEAP // 1024))
                return 1
            base, used, free = got
            low = smallest(src, board_id, work)
            row += [kb(free), kb(used - base), kb(low)]
        print("%-16s %9s %9s %9s   %9s %9s %9s" % tuple([board_id] + row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
