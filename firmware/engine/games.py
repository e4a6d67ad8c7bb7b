# The games by id: the registry. Each game's module is loaded when its Rules
# are first asked for (engine/rules.py holds what the games are made of).
from engine.errors import ScoreError, show

GAME_IDS = ("play-nine", "suitup-crazy-9s", "crazy-nines", "suitup-original")
ALL_GAMES = GAME_IDS + ("multiple-9",)

_loaded: dict = {}


def rules_for(game_id):
    """The Rules of a grid or hand game by id; ScoreError when unknown."""
    r = _loaded.get(game_id) if type(game_id) is str else None
    if r is not None:
        return r
    cls: type
    if game_id == "play-nine":
        from engine.play_nine import PlayNine as cls
    elif game_id == "suitup-crazy-9s":
        from engine.crazy9s import Crazy9s as cls
    elif game_id == "crazy-nines":
        from engine.crazy_nines import CrazyNines as cls
    elif game_id == "suitup-original":
        from engine.suitup import SuitupOriginal as cls
    else:
        raise ScoreError("unknown game %s (games: %s)" % (show(game_id), ", ".join(ALL_GAMES)))
    r = _loaded[game_id] = cls()
    return r
