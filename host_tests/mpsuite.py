#!/usr/bin/env python3
# make test-mpy: the host tests under the MicroPython unix port, the files
# shared among JOBS runners (host_tests/mp_run.py each), run at once. The
# files are dealt by their time in the last run (build/mp-times.json, which
# each run writes; on a fresh clone host_tests/mp-times.json, a CI run's;
# a file in neither by its size), the longest first to the least loaded
# runner. Each runner's lines come as it prints them, marked "[n]"
# ("[1] test_x.py: 6 tests, 2.1 s"; its skips, each checked against
# host_tests/skips.txt as CI's rule is); then one closing line, "N passed,
# N failed, N skipped", summed. Exits 1 if any runner failed.
#
#   python host_tests/mpsuite.py [--jobs N] [test_file.py ...]
# (beside mp_run.py: a test runner, not a tool; tools/ never reaches into host_tests/)
import json
import os
import re
import subprocess
import sys
import threading
import time

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS)
TOOLS = os.path.join(ROOT, "tools")
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
TIMES = os.environ.get("MPSUITE_TIMES") or os.path.join(ROOT, "build", "mp-times.json")
SEED = os.path.join(TESTS, "mp-times.json")  # a fresh clone's: each file's seconds in a CI run
USAGE = "usage: mpsuite.py [--jobs N] [test_file.py ...]"


def test_files():
    return sorted(n for n in os.listdir(TESTS) if n.startswith("test_") and n.endswith(".py"))


def deal(files, jobs, times):
    """The files in jobs groups of about equal time, the longest first."""
    def weight(name):
        if name in times:
            return times[name]
        return os.path.getsize(os.path.join(TESTS, name)) / 10000  # unknown: by its size
    groups: list = [[0.0, []] for _ in range(jobs)]
    for name in sorted(files, key=weight, reverse=True):
        g = min(groups, key=lambda g: g[0])
        g[0] += weight(name)
        g[1].append(name)
    return [sorted(g[1]) for g in groups if g[1]]


def main(argv):
    sys.path.insert(0, TOOLS)
    from common import args

    jobs = os.cpu_count() or 1
    if argv[:1] == ["--jobs"] and len(argv) > 1:
        if not argv[1].isdigit() or int(argv[1]) < 1:
            raise args.Usage("%s\n--jobs needs a whole number" % USAGE, 2)
        jobs, argv = int(argv[1]), argv[2:]
    files = args.positional(argv, USAGE, 1000) or test_files()
    times = {}
    for path in (TIMES, SEED):  # this checkout's last run, else the seed
        try:
            with open(path) as f:
                times = json.load(f)
            break
        except (OSError, ValueError):
            pass
    groups = deal(files, min(jobs, len(files)), times)
    lock = threading.Lock()
    results: list = []
    start = time.monotonic()
    print("MicroPython suite: %d files in %d runners" % (len(files), len(groups)), flush=True)

    def one(n, group):
        # each runner's simulated flashes in a folder of its own (tools/common/scratch.py)
        p = subprocess.Popen([MPY, "-X", "heapsize=8M", os.path.join(TESTS, "mp_run.py")] + group, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env=dict(os.environ, MPSUITE_RUNNER="mp%d" % n))
        lines = []
        assert p.stdout is not None
        for line in p.stdout:  # as it comes, each line marked with its runner
            lines.append(line)
            with lock:
                print("[%d] %s" % (n, line), end="", flush=True)
        code = p.wait()
        with lock:
            results.append((code, "".join(lines)))

    threads = [threading.Thread(target=one, args=(n + 1, g)) for n, g in enumerate(groups)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    total = [0, 0, 0]
    for _, out in results:
        for name, secs in re.findall(r"^(test_\w+\.py): \d+ tests, ([\d.]+) s$", out, re.M):
            times[name] = float(secs)
        m = re.findall(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", out, re.M)
        if m:
            total = [a + int(b) for a, b in zip(total, m[-1])]
    os.makedirs(os.path.dirname(TIMES), exist_ok=True)
    with open(TIMES, "w") as f:
        json.dump(times, f, indent=0, sort_keys=True)
    bad = sum(1 for code, _ in results if code)
    took = time.monotonic() - start
    print("MicroPython suite: %d runners, %d failed, in %.0f s" % (len(results), bad, took))
    print("%d passed, %d failed, %d skipped" % tuple(total))
    return 1 if bad or total[1] else 0


if __name__ == "__main__":
    sys.path.insert(0, TOOLS)
    from common import args

    sys.exit(args.run(main, sys.argv[1:]))
