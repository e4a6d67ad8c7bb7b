#!/usr/bin/env python3
# A board's files, and the mip package files (make package): the command;
# what it reads and writes is tools/common/manifest.py's.
#
#   python tools/manifest.py BOARD          the board's files, one "device-path <- source" a line
#   python tools/manifest.py --package      rewrite package.json and boards/<id>.json
#   python tools/manifest.py --check        exit 1 if those files are out of date
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common.manifest import ROOT, ManifestError, closure, packages, update  # noqa: E402

USAGE = "usage: manifest.py BOARD | --package | --check"


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    try:
        if argv[0] in ("--package", "--check"):
            stale = [rel for rel, text in packages().items()
                     if update(os.path.join(ROOT, rel), text, write=argv[0] == "--package")]
            if argv[0] == "--check" and stale:
                print("out of date: %s (run: make package)" % ", ".join(stale))
                return 1
            if argv[0] == "--package" and stale:
                print("rewrote: %s" % ", ".join(stale))
            else:  # (make package with nothing to change printed "rewrote: " and nothing)
                print("up to date: package files")
            return 0
        for dest, src in closure(argv[0]).items():
            print("%-24s <- %s" % (dest, os.path.relpath(src, ROOT)))
        return 0
    except ManifestError as e:
        print("manifest: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
