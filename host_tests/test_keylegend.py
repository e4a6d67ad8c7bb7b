# cpython-only
# docs/KEYS.md, the Cardputer's printable key legend, is what the firmware's
# keys do (tools/keylegend.py makes it from ui/direct.py).
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))

import keylegend  # noqa: E402


def test_the_key_legend_page_is_the_firmwares():
    with open(keylegend.PATH) as f:
        assert f.read() == keylegend.page(), "docs/KEYS.md is stale: python tools/keylegend.py --write"


def test_the_legend_names_every_card_of_every_game():
    text = keylegend.page()
    for line in ("| 10 | `t` |", "| HIO (hole-in-one, -5) | `h` or `-` |", "| JK (joker) | `o` |",
                 "| . (removed during play) | `.` |", "| T (action T) | `t` |"):
        assert line in text, line
