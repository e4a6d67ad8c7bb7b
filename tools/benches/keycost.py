#!/usr/bin/env python3
# What a key costs an ESP32, estimated by counting instructions, not timing (issue 44): the firmware
# alone (tools/benches/keygame.py) on the 32-bit unix port under valgrind's callgrind, a run of N
# presses and one of 2N, made ESP32 milliseconds by a calibration and the bus time (docs/SPEED.md).
import functools
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import heap  # noqa: E402

# its own folders, beside a heap run's (and a test runner's own, as heap.OUT is)
heap.OUT = os.path.join(heap.ROOT, "build", "keycost", *filter(None, [heap.scratch.runner()]))

VALGRIND = "valgrind"
CALLGRIND_CONTROL = "callgrind_control"  # valgrind's own: switches a run's instruments on (through vgdb)
# the C function under which keygame.py's counted presses run (MicroPython's py/builtinevex.c, where
# exec() goes): a symbol the port keeps (tools/common/unix32.py strips only the debug information)
COUNTED = "eval_exec_helper"
KINDS = ("step", "move", "screen")
NAMES = {"step": "a card step", "move": "a cursor move", "screen": "a new screen"}
# N (a grid has 8 cells: a card put moves on, and the buttons' ok too, which completes the grid at the
# eighth: 1 + 2N of them at most, 1 + 2N - 1 for ok)
PRESSES = {"step": 3, "move": 2, "screen": 2, "idle": 3, "gc": 2}
# Each key is counted in these layouts (keygame.py's SHIFT) and the median taken; frozen code's names
# are the image's own, which the layouts do not move: one is counted (docs/SPEED.md, 6)
SHIFTS = (0, 1, 2, 3, 4)
LAYOUTS = {"stock": SHIFTS, "frozen": (0,)}
ARCH = {"stock": "x86", "frozen": "x86f"}  # heap.firmware()'s

HEAP = 128 * 1024  # about what a plain ESP32's heap grows to (docs/MEMORY.md)

# ESP32 (240 MHz) ms per million x86 instructions of the 32-bit unix port (docs/SPEED.md, 4)
CALIBRATION = (10.4, 8.0, 12.9)  # likely, low, high
CALIBRATION_SOURCE = ("10.4 ms of ESP32 (240 MHz) per million x86 instructions, quartiles 8.0-12.9: "
                      "MicroPython's tests/perf_bench under callgrind here against the run-perfbench.py "
                      "scores published for an ESP32 (micropython PR #7850, issue #6565), issue 44")
SPI_TRANSACTION_US = 25  # ESP-IDF's figure: 20-30 us a transaction
# the CYD's XPT2046 on SoftSPI at 1 MHz (boards/cyd.py): a reading is 3 bytes, 24 clocks, bit-banged
# by C with no DMA transaction to set up
TOUCH_READ_US = 24
PORTS = ("stock", "frozen")


def have_valgrind():
    return shutil.which(VALGRIND) is not None


def counted(port, board_id, kind, n, slots=None, count=True, shift=0):
    """(instructions, ticks, bytes, writes, allocated, threshold, touch reads) of one keygame.py run
    under callgrind (count False: run as it is, no instructions counted, 0)."""
    work = heap.workdir()
    out = os.path.join(work, "callgrind.out")
    # the boot and the game's start run uninstrumented (a run's nineteen twentieths, and the
    # same in every run); the instruments go on at keygame.py's READY, and only its exec() is counted
    cmd = [VALGRIND, "--tool=callgrind", "--callgrind-out-file=" + out, "--instr-atstart=no",
           "--collect-atstart=no", "--toggle-collect=" + COUNTED] if count else []
    # (paths relative to the run's folder, heap.command()'s: a clone's place moved the counts)
    port_cmd = heap.command(heap.MPY32 if port == "stock" else heap.MPY32F, HEAP,
                            heap.firmware(board_id, ARCH[port]), board_id, kind, cwd=work, module="keygame",
                            more=[str(n), str(slots or n), str(shift)] + (["marked"] if count else []))
    cmd += port_cmd
    p = subprocess.Popen(cmd, cwd=work, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=heap.PORT_ENV)
    first = ""
    try:
        if count:
            first = p.stdout.readline()
            if first.startswith("READY"):
                subprocess.run([CALLGRIND_CONTROL, "--instr=on", str(p.pid)], capture_output=True,
                               timeout=120, check=True)
                p.stdin.write("\n")
        stdout, stderr = p.communicate(timeout=1800)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    stdout = first + stdout
    line = [x for x in stdout.splitlines() if x.startswith("KEYS ")]
    if p.returncode != 0 or not line:
        raise RuntimeError("%s %s %s x%d failed:\n%s%s" % (port, board_id, kind, n, stdout[-2000:],
                                                           stderr[-2000:]))
    total = 0
    if count:
        with open(out) as f:
            total = int(re.search(r"^(?:summary|totals): (\d+)", f.read(), re.M).group(1))
        if not total:  # the port was stripped of its symbols (built before they were kept)
            raise RuntimeError("nothing counted under %s in %s: make unix32 builds the ports again "
                               "with their symbols" % (COUNTED, port_cmd[0]))
    return (total,) + tuple(int(x) for x in line[0].split()[3:])  # KEYS ... ticks sent ... reads


def costs(boards, kinds=KINDS, ports=PORTS):
    """{(port, board, kind): {"instr": per key (the median of LAYOUTS[port]), "spread": the
    middle three's (fewest, most), "bytes": per key, "idle": per 5 ms turn, "alloc": bytes
    allocated per key, "gc": a collection's instructions, "collections": per key}}."""
    # two runs a core: each waits a third of its time (the panels' reset delays, the instruments
    # switched on through vgdb)
    runs = [(p, b, k, m, s) for p in ports for b in boards for k in ("idle", "gc") + tuple(kinds)
            for m in (1, 2) for s in (LAYOUTS[p] if k in kinds else (0,))]
    got = run_all(ports, boards, runs, 2 * (os.cpu_count() or 2))
    out = {}
    for p in ports:
        for b in boards:
            i1, t1 = got[(p, b, "idle", 1, 0)][:2]
            i2, t2 = got[(p, b, "idle", 2, 0)][:2]
            per_tick = (i2 - i1) / (t2 - t1)
            per_gc = (got[(p, b, "gc", 2, 0)][0] - got[(p, b, "gc", 1, 0)][0]) / PRESSES["gc"]
            for k in kinds:
                n = PRESSES[k]
                a, ta, ba, wa, aa, threshold, ra = got[(p, b, k, 1, 0)]
                c, tc, bc, wc, ac, _, rc = got[(p, b, k, 2, 0)]
                alloc = (ac - aa) / n
                collections = max(0, alloc) / threshold
                assert tc == ta, (p, b, k, ta, tc)  # both runs turned the loop as often: no idle to subtract
                each = sorted((got[(p, b, k, 2, s)][0] - got[(p, b, k, 1, s)][0]) / n + collections * per_gc
                              for s in LAYOUTS[p])
                instr = each[len(each) // 2]
                # the middle three: a layout can put a one-off (a table growing, a frame's search of
                # the heap) in one of its two runs, so that a key reads 2M instructions more, or less
                spread = (each[1], each[-2]) if len(each) > 2 else (each[0], each[-1])
                out[(p, b, k)] = {"instr": instr, "spread": spread,
                                  "bytes": (bc - ba) / n, "writes": (wc - wa) / n,
                                  "reads": (rc - ra) / n,
                                  "idle": per_tick, "alloc": alloc, "gc": per_gc, "collections": collections}
    return out


def garbage(boards, kinds=KINDS, ports=PORTS):
    """{(port, board, kind): the bytes a key allocates}: the heap's own count (exact) in runs of N and
    2N presses as costs()'s, not under valgrind (seconds, not minutes)."""
    runs = [(p, b, k, m, 0) for p in ports for b in boards for k in kinds for m in (1, 2)]
    got = run_all(ports, boards, runs, os.cpu_count() or 2, count=False)
    return {(p, b, k): (got[(p, b, k, 2, 0)][4] - got[(p, b, k, 1, 0)][4]) / PRESSES[k]
            for p in ports for b in boards for k in kinds}


def run_all(ports, boards, runs, workers, count=True):
    """{run: counted()'s answer} for runs (port, board, kind, 1 or 2 times its PRESSES, layout), so
    many at once, the ports' firmware made first: a kind's presses in twice as many slots (idle, gc:
    none)."""
    for port in ports:
        heap.prepare(ARCH[port], boards)

    def one(run):
        p, b, k, m, s = run
        slots = 2 * PRESSES[k] if k not in ("idle", "gc") else None
        return run, counted(p, b, k, PRESSES[k] * m, slots, count=count, shift=s)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(pool.map(one, runs))


@functools.cache
def clock(board_id):
    """(kind, Hz) of the board's display bus: its own panel() on the stand-in port (panel.bus()), once."""
    where = [os.path.join(heap.ROOT, d) for d in ("tools", "firmware", "boards")]
    code = ("import sys\nsys.path[:0] = [%r, %r]\nsys.path.append(%r)\n"
            "from simulator import board, panel\n"
            "print(*panel.bus(board.board_module(%r)))" % tuple(where + [board_id]))
    run = subprocess.run([heap.MPY64, "-c", code], capture_output=True, text=True, check=True)
    kind, hz = run.stdout.split()
    return kind, int(hz)


def bus_ms(board_id, row):
    """The bus time (ms) of a key's bytes on the board's display: SPI at its clock and
    SPI_TRANSACTION_US a write (a DCS panel writes a row at a time), or I2C (9 bits a byte)."""
    touch = row.get("reads", 0) * TOUCH_READ_US / 1000
    kind, hz = clock(board_id)
    if kind == "i2c":
        return row["bytes"] * 9 / hz * 1000
    return row["bytes"] * 8 / hz * 1000 + row["writes"] * SPI_TRANSACTION_US / 1000 + touch


def estimate(board_id, row):
    """(likely, low, high) ESP32 ms for a key: its instructions, plus the bus."""
    bus = bus_ms(board_id, row)
    return tuple(row["instr"] / 1e6 * c + bus for c in CALIBRATION)


def table(got, boards, kinds=KINDS, ports=PORTS):
    buses = ", ".join("%s %s at %.2f MHz" % ((b, clock(b)[0].upper(), clock(b)[1] / 1e6)) for b in boards)
    lines = ["ESP32 time a key, estimated: %s; the display's bus (the clock the port makes for the board "
             "file's: simulator/panel.py's bus()): %s, and %d us an SPI transaction; the CYD's touch %d us "
             "a reading" % (CALIBRATION_SOURCE, buses, SPI_TRANSACTION_US, TOUCH_READ_US),
             "",
             "| board | key | x86 instructions (stock: the median of %d layouts, the middle three's range; "
             "frozen: one layout), %s "
             "| bytes on the bus | bytes allocated, %s "
             "| ESP32 ms, likely (low-high), %s |" % ((len(SHIFTS),) + (" / ".join(ports),) * 3),
             "|---|---|---|---|---|---|"]
    for b in boards:
        for k in kinds:
            rows = [got[(p, b, k)] for p in ports]
            est = [estimate(b, r) for r in rows]
            lines.append("| %s | %s | %s | %s | %s | %s |" % (
                b, NAMES[k], " / ".join("%.2fM (%.2f-%.2f)" % ((r["instr"] / 1e6,) + tuple(
                    x / 1e6 for x in r["spread"])) for r in rows),
                "{:,}".format(round(rows[0]["bytes"])),
                " / ".join("{:,}".format(round(r["alloc"])) for r in rows),
                " / ".join("%.0f (%.0f-%.0f)" % e for e in est)))
    idle = ", ".join("%s %.0fK" % (b, got[(ports[0], b, kinds[0])]["idle"] / 1000) for b in boards)
    lines += ["", "the idle loop, x86 instructions a 5 ms turn (%s): %s" % (ports[0], idle)]
    gcs = ", ".join("%s %.2fM" % (b, got[(ports[0], b, kinds[0])]["gc"] / 1e6) for b in boards)
    lines += ["a garbage collection of the game's heap (%s; its share is in each key's figure): %s" % (
        ports[0], gcs)]
    return "\n".join(lines)


USAGE = ("usage: keycost.py [--boards a,b] [--kinds step,move,screen] [--ports stock,frozen] [--garbage]\n"
         "  --garbage: only the bytes a key allocates (no valgrind needed, seconds)")


def main(argv):
    every = {"--boards": heap.manifest.REAL_BOARDS, "--kinds": KINDS, "--ports": PORTS}
    opts = heap.args.parse(argv, USAGE, {k: ",".join(v) for k, v in every.items()}, flags=("--garbage",))
    boards, kinds, ports = (tuple(opts[o].split(",")) for o in every)
    if not opts["--garbage"] and not have_valgrind():
        print("(no valgrind, so no instruction counts: apt-get install valgrind)")
        return 0
    if not os.path.exists(heap.MPY32):
        print(heap.missing32())
        return 0
    if "frozen" in ports and heap.frozen_port() is None:
        print(heap.missing_frozen())
        ports = tuple(p for p in ports if p != "frozen")
    if opts["--garbage"]:
        got = garbage(boards, kinds, ports)
        print("bytes a key allocates (the firmware's alone; %s):" % " / ".join(ports))
        for b in boards:
            print("  %-16s %s" % (b, ", ".join("%s %s" % (NAMES[k], " / ".join(
                "{:,}".format(round(got[(p, b, k)])) for p in ports)) for k in kinds)))
        return 0
    print(table(costs(boards, kinds, ports), boards, kinds, ports))
    return 0


if __name__ == "__main__":
    sys.exit(heap.args.run(main, sys.argv[1:]))
