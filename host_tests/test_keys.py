# The keys that enter a card on the Cardputer (ui/direct.py): every card of
# every game is one key, and no key enters a card its game does not have.
# Pure: both runtimes.
from engine.game import GAME_IDS, rules_for
from ui import direct

KEYS = "0123456789abcdefghijklmnopqrstuvwxyz.-=;,/'[]\\` "


def test_every_card_of_every_game_is_one_key():
    for gid in GAME_IDS:
        r = rules_for(gid)
        cards = list(r.tokens) + (["."] if r.dots else [])
        got = {}
        for k in KEYS:
            t = direct.card(k, r)
            if t is not None:
                assert t in cards, (gid, k, t)  # never a card the game has not
                got.setdefault(t, []).append(k)
        assert sorted(got) == sorted(cards), (gid, [c for c in cards if c not in got])
        # a card's own name is its key where it is one character
        for t in cards:
            if len(t) == 1:
                assert t.lower() in got[t], (gid, t)


def test_the_aliases_and_the_legend_under_the_grid():
    pn, cn, c9 = rules_for("play-nine"), rules_for("crazy-nines"), rules_for("suitup-crazy-9s")
    assert [direct.card(k, pn) for k in "0thew-."] == ["0", "10", "HIO", "11", "12", "HIO", None]
    assert [direct.card(k, cn) for k in "01tosq."] == ["10", "A", "10", "JK", "QS", "Q", "."]
    assert [direct.card(k, c9) for k in "01tsw"] == ["10", "A", "T", "S", "W"]  # T and S: action cards
    assert direct.legend(pn) == "t=10 h=HIO e=11 w=12"
    assert direct.legend(cn) == "0=10 1=A o=JK s=QS"  # (issue 29, 9: O=JK beside 0=10 read alike)
    assert direct.legend(c9) == "0=10 1=A"
