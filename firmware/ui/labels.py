# Names as the screens show them: the games, and the house rules and their
# values, sized for the smallest panel (14 characters after the margin at
# the TTGO's text size).
from engine.game import GAMES


def title(game_id, short=False):
    """The game's name (engine/game.py's GAMES): the box's, or the short one."""
    for row in GAMES:
        if row[0] == game_id:
            return row[4 if short else 3]
    return "Multiple 9"


def titles(game_id):
    """For a title line: the box's name where it fits, else the short one."""
    return (title(game_id), title(game_id, True))


OPTION = {
    "holes": "holes",
    "ties": "ties",
    "ender_rule": "ender rule",
    "ender_penalty_points": "ender points",
    "bonus_any_pairs": "any-pair bonus",
    "wild_value": "wild value",
    "wild_completes_sets": "wild in sets",
    "column_sets": "column sets",
    "negative_pairs_cancel": "JK pairs zero",
    "queen_of_spades_penalty": "Q spades extra",
    "action_value": "action value",
}

VALUE = {"penalty-per-lower": "per lower", True: "on", False: "off"}


def option(name):
    return OPTION.get(name, name.replace("_", " "))


def value(setting):
    if setting is True or setting is False:
        return VALUE[setting]
    return VALUE.get(setting, str(setting))
