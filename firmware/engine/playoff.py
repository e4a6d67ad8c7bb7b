# A playoff hole added to a game (Game.add_playoff, engine/game.py): its
# checks, with what they say when one fails. Loaded only when a playoff hole
# is added (a game's end in a tie, or a saved game that has one), and let go
# at the game's menu (app.LEAVES): most games have none.
from engine.errors import ScoreError, show

MAX_PLAYOFF = 100  # playoff holes a game may have (docs/RULES.md): a tie that long is shared


def add(game, players, entries, ender, out, blitz):
    """The playoff hole played by exactly the tied players, into the game and returned."""
    label = "playoff hole %d" % (len(game.playoff) + 1)
    try:
        need = game.playoff_players()
        if not need:
            raise ScoreError("this playoff hole is not needed: %s" % _why_not(game))
        if len(game.playoff) >= MAX_PLAYOFF:
            raise ScoreError("a playoff has at most %d holes: share the win (option ties)" % MAX_PLAYOFF)
        if type(players) is not list:
            raise ScoreError("players must be a list of player indices, not %s" % show(players))
        for p in players:
            if type(p) is not int or not 0 <= p < len(game.names):
                raise ScoreError("%s is not a player index (0 to %d)" % (show(p), len(game.names) - 1))
        if sorted(players) != need:
            raise ScoreError(
                "it must be played by exactly the tied players %s, not %s"
                % (_list(need), _list(players))
            )
    except ScoreError as e:
        e.hole = label
        raise
    hole = game.make_hole(entries, ender, out, blitz, players=list(players), label=label)
    game.playoff.append(hole)
    return hole


def _why_not(game):
    if not game.complete():
        return "only %d of %d holes are in" % (len(game.holes), game.opts["holes"])
    if game.opts["ties"] != "playoff":
        return "ties are shared (option ties)"
    return "%s has already won" % game.names[game.winner()]


def _list(players):
    return "[" + ", ".join(str(p) for p in players) + "]"
