# tools/benches/realholes.py (both runtimes) and tools/benches/bench_entry.py (MicroPython:
# the firmware draws with framebuf): real end-of-hole grids for the entry
# bench, and the bench entering them through the firmware.
import sys

import realholes
from engine.game import Game
from engine.game import rules_for
from simulator.dealing import deal


def test_holes_are_valid_score_py_input_and_repeat_with_their_seed():
    for gid in realholes.GAMES:
        holes = realholes.holes(gid, 4, 6, 3)
        assert holes == realholes.holes(gid, 4, 6, 3)
        g = Game(gid, ["A", "B", "C", "D"], {"holes": 6})
        for h in holes:
            assert h["game"] == gid and h["players"] == 4 and len(h["grids"]) == 4 and 0 <= h["ender"] < 4
            g.add_hole(h["grids"], ender=h["ender"])  # the deck check and the grid shapes hold
        assert len(g.holes) == 6


def test_played_out_holes_score_far_lower_than_dealt_ones():
    # what makes them real: people keep low cards and make matches
    import random

    random.seed(4)
    for gid in realholes.GAMES:
        r = rules_for(gid)
        o = r.make_options({})

        def mean(grids, r=r, o=o):
            return sum(r.score(r.read(gr, o), o).total() for gr in grids) / len(grids)

        played = [gr for h in realholes.holes(gid, 4, 15, 9) for gr in h["grids"]]
        dealt = [gr for _ in range(15) for gr in deal(gid, 4, random)]
        assert mean(played) < 0.6 * mean(dealt), (gid, mean(played), mean(dealt))


if sys.implementation.name == "micropython":

    def test_bench_entry_enters_real_holes_exactly():
        import bench_entry

        holes = [h for gid in realholes.GAMES for h in realholes.holes(gid, 4, 1, 5)]
        trace: list = []
        res = bench_entry.measure("devkit-oled", holes, 3, trace)
        for gid in realholes.GAMES:
            f = res[gid]
            cells = rules_for(gid).rows * rules_for(gid).cols
            assert f["cards"] == 4 * cells and f["holes"] == 1
            assert 1 <= f["per_card"] < 8 and f["long_per_card"] == 0 and f["hole_s"] > 0
            # the person (seeded) enters the same grids, checked too, no faster than the ideal user
            assert f["person_s"] >= f["hole_s"] - 1 and f["person_p90"] >= f["person_s"] - 1e-9
        assert bench_entry.measure("devkit-oled", holes, 3) == res  # the seed makes it repeat
        # the trace (--trace): every press and hold, a hold with the steps wanted, ms held, value kept
        holds = [t for t in trace if t["kind"] == "hold"]
        assert holds and all(t["board"] == "devkit-oled" and t["steps"] >= 2 and t["ms"] > 250 and t["kept"]
                             for t in holds)
        assert sum(t["s"] for t in trace) > 0 and all(t["key"] in ("up", "down", "ok", "back") for t in trace)

    def test_bench_entry_notices_a_grid_entered_wrong():
        import bench_entry
        from simulator import driver

        holes = realholes.holes("play-nine", 3, 1, 5)
        grid = driver.Driver.grid

        def slip(self, rows):  # a slip of the finger on the first card
            if type(rows) is list:
                rows = [["12" if rows[0][0] != "12" else "11"] + list(rows[0][1:])] + rows[1:]
            grid(self, rows)

        driver.Driver.grid = slip
        try:
            bench_entry.measure("ttgo-t-display", holes, None)
            raise AssertionError("the slip went unnoticed")
        except bench_entry.Wrong as e:
            assert "hole 1 of play-nine: entered" in str(e)
        finally:
            driver.Driver.grid = grid


if sys.implementation.name == "micropython":

    def test_the_button_boards_are_faster_than_paper_on_real_holes():
        # (issues 27, 12, 43) real holes (20 a game, seed 1, dealt by this runtime's random: not
        # make bench's, dealt by CPython's), on every button board: for a person (who lets go of
        # a hold a reaction time late, seeded), a 4-player Play Nine and Crazy Nines hole in 40 s,
        # the p90 in 45 s, by bench_entry's clock (each press's time by the keystroke-level model,
        # not the wall clock: exact); no long press; presses under 2.5 a card (the quickest way
        # taps up to 3 steps); the ideal user within 2 s of before the buttons took back a late
        # let-go. The board's time to answer is in (its board file's answer:). The TTGO (two
        # buttons, up is both) too since issue 57, 6 (a guess steps on from the start card): its
        # Crazy Nines on these holes 38.1 s, p90 42.6 s (41.9 s, p90 46.8 s before). The other
        # games (SuitUP Crazy 9's: 19 values a card): no long press, and a person's hole in 60 s.
        import bench_entry

        holes = [h for gid in realholes.GAMES for h in realholes.holes(gid, 4, 20, 1)]
        from test_ui_games import BOARDS  # the button boards

        ideal = {"play-nine": 31.9, "crazy-nines": 40.1}  # the TTGO's on these holes, the slowest, before
        for board in BOARDS:
            for gid, f in bench_entry.measure(board, holes).items():
                assert f["long_per_card"] == 0 and f["person_s"] <= 60, (board, gid, f)
                if gid in ideal:
                    assert f["per_card"] <= 2.5, (board, gid, f)
                    assert f["person_s"] <= 40 and f["person_p90"] <= 45, (board, gid, f)
                    assert f["hole_s"] <= ideal[gid] + 2, (board, gid, f)

    def test_a_key_or_a_tap_a_card_is_faster_still():
        # (issue 43, 3) the Cardputer's keys and the CYD's taps on make bench's real holes, timed
        # by the same model (a key a K; a tap by Fitts' law, at least a K): a 4-player Play Nine
        # hole in 15 s, a Crazy Nines one in 17 s, a person's as the ideal user's (no holds)
        import bench_entry

        holes = [h for gid in realholes.GAMES for h in realholes.holes(gid, 4, 20, 1)]
        from test_ui_games import ALL, BOARDS  # every board, the button boards

        most = {"play-nine": 15, "crazy-nines": 17}
        for board in [b for b in ALL if b not in BOARDS]:
            for gid, f in bench_entry.measure(board, holes).items():
                assert f["per_card"] == 1.0 and f["person_p90"] <= most.get(gid, 20) + 1, (board, gid, f)
                assert f["person_s"] <= most.get(gid, 20), (board, gid, f)
