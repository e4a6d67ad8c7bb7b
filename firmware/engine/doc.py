# A Game from its document form (the JSON contract of tools/score.py, and
# what the device saves), and score.py's answer for a game. Apart from
# game.py because the device needs it only when it opens a saved game: it is
# loaded then and let go (app.py), so it takes no heap while a game is played.
import gc

from engine.errors import ScoreError, show
from engine.game import Game, rules_for


def to_doc(game):
    """The game's whole document (the device writes it a hole at a time,
    storage/savefile.py: never all of it in memory)."""
    doc = game.doc_head()
    for key, holes in game.doc_holes():
        doc[key] = [game.hole_doc(h) for h in holes]
    return doc


def hole_args(game, hole):
    """(entries, ender, out, blitz) from a hole of the document. Keys a
    game does not use are ignored (out and blitz in a grid game); a
    key set to null counts as left out."""
    if type(hole) is not dict:
        raise ScoreError("a hole must be an object, not %s" % show(hole))
    key = "hands" if game.rules.hand else "grids"
    if hole.get(key) is None:
        raise ScoreError("the hole has no %s" % key)
    if not game.rules.hand:
        return (hole[key], hole.get("ender"), None, False)
    blitz = hole.get("blitz")
    return (hole[key], hole.get("ender"), hole.get("out"), False if blitz is None else blitz)


def from_doc(doc, consume=False, saved=False):
    """A Game from its document (the score.py input); ScoreError if bad.
    With consume, each hole of doc is released once read, so a large game
    never exists twice in RAM. saved: the device's own save, which writes
    its holes and playoff as lists: null there is damage, not holes left
    out (as in score.py's input)."""
    if type(doc) is not dict:
        raise ScoreError("the input must be a JSON object, not %s" % show(doc))
    if "players" not in doc:
        rules_for(doc.get("game"))
        raise ScoreError("the input has no players")
    dealer = doc.get("dealer")
    g = Game(doc.get("game"), doc["players"], doc.get("options"), 0 if dealer is None else dealer)
    if saved:
        for key in ("holes", "playoff"):
            if key in doc and type(doc[key]) is not list:
                raise ScoreError("the saved game's %s are %s, not a list" % (key, show(doc[key])))
    holes = doc.get("holes")
    if holes is None:
        holes = []
    if type(holes) is not list:
        raise ScoreError("holes must be a list, not %s" % show(holes))
    if len(holes) > g.opts["holes"]:
        e = ScoreError(
            "%d holes entered but the game has %d (option holes)" % (len(holes), g.opts["holes"])
        )
        e.hole = "hole %d" % (g.opts["holes"] + 1)
        raise e
    for k in range(len(holes)):
        try:
            args = hole_args(g, holes[k])
        except ScoreError as e:
            e.hole = "hole %d" % (k + 1)
            raise
        g.add_hole(*args)
        if consume:
            holes[k] = None
            gc.collect()  # its blocks are reused by the next hole at once
    playoff = doc.get("playoff")
    if playoff is None:
        playoff = []
    if type(playoff) is not list:
        raise ScoreError("playoff must be a list, not %s" % show(playoff))
    for k in range(len(playoff)):
        ph = playoff[k]
        try:
            args = hole_args(g, ph)
            if "players" not in ph:
                raise ScoreError("a playoff hole must list its players")
        except ScoreError as e:
            e.hole = "playoff hole %d" % (k + 1)
            raise
        g.add_playoff(ph["players"], *args)
    if "undone" in doc:  # the device's save: what its edits undid (engine/undone.py)
        from engine import undone

        undone.read(g, doc, hole_args)
    return g


def result(game):
    """The score.py answer for a game, as an ordered list of (key, value)."""
    winner, tied, _ = game._decide()
    return [
        ("hole_scores", [list(h.scores) for h in game.holes]),
        ("totals", game.totals()),
        ("playoff_scores", [list(h.scores) for h in game.playoff]),
        ("winner", winner),
        ("tied", tied),
    ]
