# tools/benches/realholes.py (both runtimes) and tools/benches/bench_entry.py (MicroPython:
# the firmware draws with framebuf): real end-of-hole grids for the entry
# bench, and the bench entering them through the firmware.
import sys

import realholes
from engine.game import Game
from engine.game import rules_for
from test_dealt import deal


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
        res = bench_entry.measure("devkit-oled", holes)
        for gid in realholes.GAMES:
            f = res[gid]
            cells = rules_for(gid).rows * rules_for(gid).cols
            assert f["cards"] == 4 * cells and f["holes"] == 1
            assert 1 <= f["per_card"] < 8 and f["long_per_card"] == 0 and f["hole_s"] > 0

    def test_bench_entry_notices_a_grid_entered_wrong():
        import bench_entry
        import uidriver

        holes = realholes.holes("play-nine", 3, 1, 5)
        grid = uidriver.Driver.grid

        def slip(self, rows):  # a slip of the finger on the first card
            if type(rows) is list:
                rows = [["12" if rows[0][0] != "12" else "11"] + list(rows[0][1:])] + rows[1:]
            grid(self, rows)

        uidriver.Driver.grid = slip
        try:
            bench_entry.measure("ttgo-t-display", holes)
            raise AssertionError("the slip went unnoticed")
        except bench_entry.Wrong as e:
            assert "hole 1 of play-nine: entered" in str(e)
        finally:
            uidriver.Driver.grid = grid


if sys.implementation.name == "micropython":

    def test_three_buttons_are_faster_than_paper_on_real_holes():
        # (issue 27, 12) make bench's real holes (20 a game, seed 1), on every 3-button board: at
        # most 2 presses a card, no long press, a 4-player Play Nine hole in 40 s and a Crazy Nines
        # hole in 45 s by bench_entry's clock (each press's time, not the wall clock: exact)
        import bench_entry

        holes = [h for gid in realholes.GAMES for h in realholes.holes(gid, 4, 20, 1)]
        from test_ui_games import BOARDS  # the button boards

        most = {"play-nine": 40, "crazy-nines": 45}
        for board in BOARDS:
            for gid, f in bench_entry.measure(board, holes).items():
                assert f["per_card"] <= 2.0 and f["long_per_card"] == 0, (board, gid, f)
                assert f["hole_s"] <= most.get(gid, 60), (board, gid, f)
