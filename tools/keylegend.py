# The Cardputer's key legend for each game, as docs/KEYS.md prints it: which
# key enters which card (ui/direct.py's rules: a card's own name where it is
# one key, else its alias), then the keys every screen shares. Made from
# the firmware itself, so the page cannot drift from what the keys do; a
# test compares the two (host_tests/test_keylegend.py).
#
#   python tools/keylegend.py            print the page
#   python tools/keylegend.py --write    write docs/KEYS.md
import os
import sys

from common import args, paths  # noqa: F401  (tools/, where this runs from; firmware/ on sys.path)
from common.scratch import CHECKOUT as ROOT
from engine.game import GAME_IDS, rules_for  # noqa: E402
from ui import direct  # noqa: E402
from ui.labels import title  # noqa: E402

KEYS = "0123456789abcdefghijklmnopqrstuvwxyz.-"  # the keys that may enter a card
NAMES = {"HIO": "hole-in-one, -5", "JK": "joker", "QS": "queen of spades", "W": "wild",
         "X": "action X", "R": "action R", "S": "action S", "T": "action T", ".": "removed during play"}
PATH = os.path.join(ROOT, "docs", "KEYS.md")


def rows(gid):
    """The table's lines: each card, in the order the game lists them, and its keys (a hand's:
    its own name, or an alias no card of the game has)."""
    r = rules_for(gid)
    out = []
    for t in list(r.tokens) + (["."] if r.dots else []):
        if r.hand:
            keys = [k for k in KEYS if k.upper() == t or direct.ALIAS.get(k.upper()) == t and
                    k.upper() not in r.tokens]
        else:
            keys = [k for k in KEYS if direct.card(k, r) == t]
        card = "%s (%s)" % (t, NAMES[t]) if t in NAMES else t
        out.append("| %s | %s |" % (card, " or ".join("`%s`" % k for k in keys)))
    return out


def page():
    lines = [
        "# Cardputer keys: a card is one key",
        "",
        "Printed from the firmware (`python tools/keylegend.py --write`; a test checks",
        "this page against it). Cut out a game's table and keep it by the",
        "Cardputer. On the CYD the cards are keys on the screen, named as here.",
        "",
        "In a hole's grid, a key puts its card in the highlighted cell and moves",
        "to the next empty one; the grid's last card leaves it scored on the",
        "screen, and the next player's first card (or Enter) moves on.",
        "The grid shows the keys that are not the card's own name under it.",
        "",
    ]
    for gid in [g for g in GAME_IDS if not rules_for(g).hand]:
        lines += ["## %s" % title(gid, False), "", "| card | key |", "|---|---|"] + rows(gid) + [""]
    for gid in [g for g in GAME_IDS if rules_for(g).hand]:
        lines += ["## %s (a hand)" % title(gid, False), "",
                  "Each key adds its card to the hand; Enter: the hand is complete; `=`: the",
                  "player's total instead.", "", "| card | key |", "|---|---|"] + rows(gid) + [""]
    lines += [
        "## Every screen",
        "",
        "| key | does |",
        "|---|---|",
        "| Enter | OK; in a hole's grid, the player's total instead of cards (asks before dropping cards) |",
        "| `=` | in a grid or a hand, the player's total instead of cards |",
        "| Backspace, Esc (`` ` ``) | back: a cell back in a grid, a card back in a hand, a letter back "
        "in a name |",
        "| fn + `;` `.` `,` `/` | the arrows printed on those keys: up, down, left, right |",
        "| `;` `,` / `.` `/` | in a menu, a result, a note (no fn needed): up / down |",
        "| `1`-`9` | in a menu: to that row (\"- choose -\" is not counted); Enter chooses it |",
        "| a letter | in a menu: to the next row starting with it; in a name: typed |",
        "| digits, `-` | in a number: typed (Backspace rubs one out) |",
        "",
    ]
    return "\n".join(lines)


USAGE = "usage: keylegend.py [--write]   (docs/KEYS.md, the keyboard's keys: printed, or --write: written)"


def main(argv):
    a = args.parse(argv, USAGE, {}, ("--write",))
    text = page()
    if a["--write"]:
        with open(PATH, "w") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(PATH, ROOT))
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
