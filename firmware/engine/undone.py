# The playoff holes an edit undid, read back from the device's save (the
# keys undone and undone_runs: docs/RULES.md) by doc.py's from_doc where
# they are. Apart from doc.py: loaded only then (tools/score.py loads doc.py
# beside a 64 KB input, and the device at the game's opening).
from engine.errors import ScoreError


def read(g, doc, hole_args):
    """The playoff holes an edit undid into Game g's runs (g.undone), from its document doc
    (the device's save: Game.doc_holes), each read by doc.py's hole_args (passed: no import
    circle); anything else there is not read: they are not scored, and a damaged run costs
    nothing of the game."""
    runs, holes = doc.get("undone_runs"), doc.get("undone")
    if type(runs) is not list or type(holes) is not list or \
            any(type(n) is not int or n < 1 for n in runs) or sum(runs) != len(holes):
        return
    k = 0
    for n in runs:
        run = []
        for ph in holes[k:k + n]:
            try:
                ps = ph["players"]
                if any(type(p) is not int or not 0 <= p < len(g.names) or ps.count(p) > 1 for p in ps):
                    return
                run.append(g.make_hole(*hole_args(g, ph), players=ps))
            except (ScoreError, KeyError, TypeError, IndexError, ValueError, AttributeError):
                return
        g.undone.append(run)
        k += n
