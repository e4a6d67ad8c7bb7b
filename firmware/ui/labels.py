# Short names for the house rules and their values, sized for the smallest
# panel: 14 characters after the margin at the TTGO's text size.
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
