#!/usr/bin/env python3
# make package: the mip package files (package.json, boards/<id>.json) and the simulator's list
# of boards written again from the board files (tools/common/manifest.py's packages()).
#
#   python tools/manifest.py --package
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common.manifest import ROOT, ManifestError, packages, update  # noqa: E402

USAGE = "usage: manifest.py --package"


def main(argv):
    if argv != ["--package"]:
        print(USAGE)
        return 0 if argv in ([], ["-h"], ["--help"]) else 2
    try:
        stale = [rel for rel, text in packages().items() if update(os.path.join(ROOT, rel), text)]
    except ManifestError as e:
        print("manifest: %s" % e, file=sys.stderr)
        return 2
    print("rewrote: %s" % ", ".join(stale) if stale else "up to date: package files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
