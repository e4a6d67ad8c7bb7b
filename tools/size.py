# make size: what the firmware costs a board, compiled (.mpy, as make deploy puts it) against
# source (.py, as mip puts it): flash per board (files, and 4 KB littlefs blocks) and the heap it
# boots in (tools/benches/heap.py). docs/DEPLOY.md ("Size") and docs/MEMORY.md read the figures.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "benches"))
from common import deploy  # noqa: E402
import heap  # noqa: E402
from common import manifest  # noqa: E402
from common import args  # noqa: E402

ROOT = manifest.ROOT


def lfs_blocks(files):
    """Blocks the files take on a littlefs set up as the ESP32 port's, beyond an empty one."""
    from simulator import flash as flashsim

    fs = flashsim.littlefs(flashsim.Flash(512))
    fs.format()
    fs.mount()
    empty = fs.used_block_count
    flashsim.write_tree(fs, files)
    return fs.used_block_count - empty


def kb(n):
    return "-" if n is None else "%.1f" % (n / 1024)


USAGE = "usage: size.py   (make size: flash and boot heap per board; no options)"


def main(argv):
    args.parse(argv, USAGE, {})
    build = os.path.join(ROOT, "build", "size")
    print("Flash: the files make deploy copies (.mpy for the ESP32, main.py as source) against the")
    print("sources mip copies; KB of files, and 4 KB littlefs blocks as the ESP32 formats it.")
    print("%-16s %6s %10s %8s   %10s %8s" % ("board", "files", ".mpy KB", "blocks", ".py KB", "blocks"))
    for board_id in manifest.REAL_BOARDS:
        py = heap.sources(board_id)
        mpy = deploy.compile_files(board_id, deploy.ESP32_ARCH, os.path.join(build, "esp32", board_id))
        print("%-16s %6d %10s %8d   %10s %8d" % (
            board_id, len(mpy), kb(sum(map(len, mpy.values()))), lfs_blocks(mpy),
            kb(sum(map(len, py.values()))), lfs_blocks(py)))
    print()
    print("Heap: the firmware's own (the harness's share taken away), booting to the main menu on")
    print("each board's display driver; KB. 'smallest': the smallest heap from which every larger")
    print("one boots.")
    ports = heap.ports()
    print("%-16s %9s %9s %9s" % ("", "64-bit", "", "") + ("   %9s %9s %11s" % ("32-bit", "", "")
                                                           if len(ports) > 1 else ""))
    print("%-16s %9s %9s %9s" % ("board", ".mpy used", "smallest", ".py small") + (
        "   %9s %9s %11s" % (".mpy used", "smallest", "56K - used") if len(ports) > 1 else ""))
    ok = True
    for board_id in manifest.REAL_BOARDS:
        row = []
        for label, binary, arch in ports:
            base = heap.base(binary, arch, board_id)
            got = heap.boot_figures(binary, arch, board_id, base)
            if got is None:
                print("%s does not boot under the %s port" % (board_id, label))
                return 1
            row += [kb(got["used"]), kb(got["smallest"])]
            if label == "64-bit":
                src = heap.firmware(board_id, "py")
                low = heap.smallest(binary, src, board_id, "boot")
                row.append(kb(None if low is None else low - base[1]))
            else:
                free = heap.FIRST_HEAP - got["used"]  # left after boot, if it boots in it
                ok = ok and got["smallest"] <= heap.FIRST_HEAP and free >= heap.BOOT_FREE
                row.append(kb(free))
        print(("%-16s %9s %9s %9s" + "   %9s %9s %11s" * (len(ports) - 1)) % tuple([board_id] + row))
    if len(ports) > 1:
        print("Target (32-bit): boot in the ESP32's first %d KB heap with %d KB free: %s" % (
            heap.FIRST_HEAP // 1024, heap.BOOT_FREE // 1024, "met" if ok else "NOT met"))
    else:
        print(heap.missing32())
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
