# A game's options (house rules): the defaults merged with what was given,
# every value checked. Apart from rules.py because only a new game, a saved
# game being opened and the settings need it: the device loads it for them
# and lets it go (app.LEAVES), so it takes no heap while a hole is played.
from engine.errors import ScoreError, show


def make_options(rules, given=None):
    """Defaults merged with given, every value checked."""
    specs = rules.option_specs()
    opts = {}
    for s in specs:
        opts[s[0]] = s[2]
    if given is None:
        return opts
    if type(given) is not dict:
        raise ScoreError("options must be an object, not %s" % show(given))
    for key in sorted(given):
        val = given[key]
        spec = None
        for s in specs:
            if s[0] == key:
                spec = s
        if spec is None:
            names = ", ".join(sorted(s[0] for s in specs))
            raise ScoreError("unknown option %s for %s (options: %s)" % (show(key), rules.id, names))
        kind = spec[1]
        if kind == "int":
            if type(val) is not int:
                raise ScoreError("option %s must be a whole number, not %s" % (key, show(val)))
            if val < spec[3] or val > spec[4]:
                raise ScoreError(
                    "option %s must be from %d to %d, not %d" % (key, spec[3], spec[4], val)
                )
        elif kind == "bool":
            if type(val) is not bool:
                raise ScoreError("option %s must be true or false, not %s" % (key, show(val)))
        elif val not in kind or type(val) is not str:
            raise ScoreError(
                "option %s must be one of %s, not %s" % (key, ", ".join(kind), show(val))
            )
        opts[key] = val
    return opts


def clean(rules, saved):
    """The saved house rules (a dict, changed in place) that make_options
    would refuse dropped, each checked alone: the rest still hold. What was
    dropped, named for a note ("holes \"x\""), or []."""
    dropped = []
    for key in sorted(saved):
        try:
            make_options(rules, {key: saved[key]})
        except ScoreError:
            dropped.append("%s %s" % (key, show(saved.pop(key))))
    return dropped
