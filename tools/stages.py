#!/usr/bin/env python3
# make test's stages, each a make target run whatever the others did, its output passed through
# (a line a minute it stays silent), then which passed and failed. Stages joined by + run at
# once: the first's output as it comes, the others' shown whole when it ends.
#
#   python tools/stages.py [--make MAKE] STAGE[+STAGE...]...
import os
import select
import subprocess
import sys
import tempfile
import threading
import time

from common import args

# a stage silent this long gets a line saying it still runs (STAGES_HEARTBEAT_S: another, for the test)
HEARTBEAT_S = float(os.environ.get("STAGES_HEARTBEAT_S", 60))


def minutes(s):
    return "%dm%02ds" % (s // 60, s % 60)


def still(stage, start):
    print("\n(%s: still running, %s so far)" % (stage, minutes(time.monotonic() - start)), flush=True)


def verdict(stage, code, took):
    print("== %s: %s in %s ==" % (stage, "passed" if code == 0 else "FAILED (exit %d)" % code, minutes(took)),
          flush=True)


def run(make, stage, n, total):
    print("\n== %s (stage %d of %d) ==" % (stage, n, total), flush=True)
    start = time.monotonic()
    p = subprocess.Popen([make, "--no-print-directory", stage], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    out = sys.stdout.buffer
    said = time.monotonic()
    assert p.stdout is not None
    fd = p.stdout.fileno()
    while True:
        ready, _, _ = select.select([fd], [], [], HEARTBEAT_S)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            out.write(chunk)
            out.flush()
            said = time.monotonic()
        elif time.monotonic() - said >= HEARTBEAT_S:
            still(stage, start)
            said = time.monotonic()
    code, took = p.wait(), time.monotonic() - start
    verdict(stage, code, took)
    return code, took


def beside(make, stage):
    """Start stage with its output kept in a file: (its Popen, the file, its start, [its end]: set by
    a thread that waits for it, so its own time is told, not the group's)."""
    out = tempfile.TemporaryFile()
    start = time.monotonic()  # before it starts: a stage that ends at once may end before the line after
    p = subprocess.Popen([make, "--no-print-directory", stage], stdout=out, stderr=subprocess.STDOUT)
    ended: list = []
    threading.Thread(target=lambda: (p.wait(), ended.append(time.monotonic())), daemon=True).start()
    return p, out, start, ended


def group(make, stages, n, total):
    """Run stages at once (the first as run() does, the rest kept): [(stage, code, took)]."""
    others = [(stage,) + beside(make, stage) for stage in stages[1:]]
    print("\n(%s: running beside %s; its output when it ends)" % (", ".join(stages[1:]), stages[0]),
          flush=True)
    results = [(stages[0],) + run(make, stages[0], n, total)]
    for stage, p, out, start, ended in others:
        waited = time.monotonic()
        while True:
            try:
                code = p.wait(timeout=HEARTBEAT_S)
                break
            except subprocess.TimeoutExpired:
                still(stage, start)
        while not ended:  # (its thread records the end a moment after the wait returns)
            time.sleep(0.01)
        took = ended[0] - start
        print("\n== %s (ran beside %s, %s of it after) ==" % (stage, stages[0],
                                                          minutes(max(0, ended[0] - waited))), flush=True)
        out.seek(0)
        sys.stdout.buffer.write(out.read())
        out.close()
        verdict(stage, code, took)
        results.append((stage, code, took))
    return results


USAGE = "usage: stages.py [--make MAKE] STAGE[+STAGE...]... (each a make target; + runs them at once)"


def main(argv):
    make = "make"
    if argv[:1] == ["--make"] and len(argv) > 1:
        make, argv = argv[1], argv[2:]
    argv = args.positional(argv, USAGE, 100)
    if not argv:
        raise args.Usage("%s\nno stage given" % USAGE, 2)
    start = time.monotonic()
    results = []
    for i, stage in enumerate(argv):
        if "+" in stage:
            results += group(make, stage.split("+"), i + 1, len(argv))
        else:
            results.append((stage,) + run(make, stage, i + 1, len(argv)))
    failed = [s for s, code, _ in results if code]
    print("\nmake test, stage by stage:")
    for stage, code, took in results:
        print("  %-14s %-7s %s" % (stage, "FAILED" if code else "passed", minutes(took)))
    print("all stages in %s%s" % (minutes(time.monotonic() - start),
                                 "; failed: %s" % ", ".join(failed) if failed else ""))
    print("stages: %d passed, %d failed" % (len(results) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
