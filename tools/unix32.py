#!/usr/bin/env python3
# make unix32: the 32-bit MicroPython unix ports, stock and each board's frozen one (the command
# of tools/common/unix32.py).
#
#   python tools/unix32.py [--mpy-dir DIR] [--if-built] [--setup]
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common.unix32 import BOARDS, STOCK, TARBALL, BuildError, build, frozen_port, lacks, stale  # noqa: E402


def main(argv):
    ap = argparse.ArgumentParser(description="Build the 32-bit MicroPython unix ports: stock "
                                 "(build/unix32) and with each board's firmware frozen in (build/unix32f).")
    ap.add_argument("--mpy-dir", help="MicroPython's source (default: $MPY_DIR, or %s)" % TARBALL)
    ap.add_argument("--if-built", action="store_true",
                    help="only bring up to date the ports built before (and build a board's added since); "
                    "nothing if there are none")
    ap.add_argument("--setup", action="store_true",
                    help="build where the source and a 32-bit gcc are here; else a note, and no failure")
    args = ap.parse_args(argv)
    if args.if_built:  # (built before: then a board added since is built too, its port missing)
        if not os.path.exists(STOCK) or not any(os.path.exists(frozen_port(b)) for b in BOARDS) or \
                not any(stale(b) for b in BOARDS):
            return 0
    src, lines = lacks(args.mpy_dir)
    if lines:
        if args.setup:
            print("note: the heap budgets (host_tests/test_budgets.py) need the 32-bit MicroPython ports, "
                  "not built here; make test skips them until then.\n  " + "\n  ".join(lines))
            return 0
        print("unix32: the 32-bit ports cannot be built here.\n  " + "\n  ".join(lines), file=sys.stderr)
        return 1
    try:
        build(src, only_stale=args.if_built or args.setup)
    except BuildError as e:
        print("unix32: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
