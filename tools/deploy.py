#!/usr/bin/env python3
# make deploy: the firmware onto a board, compiled, in one command (tools/common/deploy.py's
# deploy(); docs/DEPLOY.md). Exit status: 0 ready; 1 the board did not come up; 2 a usage or
# connection error.
#
#   python tools/deploy.py --board ttgo-t-display --port /dev/ttyUSB0   (no --board: the last one's)
#   python tools/deploy.py --board sim --port socket://127.0.0.1:2323   (tools/vboard.py)
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import manifest  # noqa: E402
from common.deploy import BOOT_FAILURES, DeployError, deploy, ports_hint  # noqa: E402


def main(argv):
    ap = argparse.ArgumentParser(description="Compile the firmware and copy it onto a board.")
    ap.add_argument("--board", help="board id: %s (default: the one deployed there last)"
                    % ", ".join(manifest.REAL_BOARDS + ("sim",)))
    ap.add_argument("--port", default="", help="serial port (/dev/ttyUSB0, COM3) or socket://host:port")
    ap.add_argument("--no-reset", action="store_true", help="copy only; do not reset the board")
    ap.add_argument("--timeout", type=float, default=30, help="seconds to wait for ready after reset")
    ap.add_argument("--image", action="store_true",
                    help="the board runs our image (make image): copy only board.py, main.py and the page")
    args = ap.parse_args(argv)
    if not args.port:
        print("deploy: say which port: make deploy BOARD=<id> PORT=<port>; %s" % ports_hint(""),
              file=sys.stderr)
        return 2
    try:
        return deploy(args.board or None, args.port, reset=not args.no_reset, timeout=args.timeout,
                      image=args.image)
    except (DeployError, manifest.ManifestError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1 if e.args and e.args[0].startswith(BOOT_FAILURES) else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
