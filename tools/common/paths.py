# Imported first by the commands that run the firmware under either runtime: tools/ and
# firmware/ first on sys.path, boards/ last, as absolute paths (the tools change directory into
# their simulated flash). Never host_tests/: the tests import the tools, not the reverse.
import sys

from common.scratch import CHECKOUT

for _sub in ("/firmware", "/tools"):
    if CHECKOUT + _sub not in sys.path:
        sys.path.insert(0, CHECKOUT + _sub)
if CHECKOUT + "/boards" not in sys.path:
    sys.path.append(CHECKOUT + "/boards")  # last, as on the board: the board files
