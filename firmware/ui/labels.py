# Names as the screens show them: the games, and the house rules and their
# values, sized for the smallest panel (14 characters after the margin at
# the TTGO's text size).
# (id, the name on the box, a short one: 14 characters, a title line on the TTGO)
GAMES = (
    ("play-nine", "Play Nine", "Play Nine"),
    ("suitup-crazy-9s", "SuitUP Crazy 9's", "SuitUP Crazy9s"),
    ("crazy-nines", "Crazy Nines", "Crazy Nines"),
    ("suitup-original", "SuitUP Original", "SuitUP Orig."),
)


def title(game_id, short=False):
    for g in GAMES:
        if g[0] == game_id:
            return g[2 if short else 1]
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


def value(v):
    if v is True or v is False:
        return VALUE[v]
    return VALUE.get(v, str(v))
