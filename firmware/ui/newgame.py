# A new game, step by step: the game, how many players, their names (from
# the roster or spelled letter by letter), the number of holes, the house
# rules (the saved defaults first) and the first dealer. BACK goes back a
# step; nothing is saved until the game starts.
from ui import labels
from engine.game import GAMES
from ui.names import NameEntry
from ui.number import Number
from ui.widgets import Menu, Message


def choose_game(app):
    """The game to start; a game in progress is never let go without a
    question (ui/ongoing.py)."""
    if app.game is None and app.state["game"] is None:
        games(app)
        return
    from ui.ongoing import ask  # a leaf (app.LEAVES)

    ask(app, games)


def games(app):
    items = [(g[3], lambda g=g: players_count(app, g[0])) for g in GAMES]
    app.push(Menu(app, "New game", items))


class Setup:
    """What the steps have chosen so far."""

    def __init__(self, game_id):
        from engine.game import rules_for

        self.game_id = game_id
        self.rules = rules_for(game_id)
        self.names: list = []
        self.count = 0
        self.opts: dict = {}


def players_count(app, game_id):
    setup = Setup(game_id)
    rules = setup.rules

    def done(count):
        setup.count = count
        setup.names = []
        player_name(app, setup, holes)

    app.push(Number(app, "Players", rules.min_players, rules.max_players, min(4, rules.max_players), done))


def player_name(app, setup, then):
    """Pick the next player's name (setup.names so far, setup.count wanted):
    roster names not taken yet, or a new one; then(app, setup) once all are named."""
    k = len(setup.names)

    def take(name):
        # Player k's name, whatever this step chose before: BACK from a
        # later step comes back here with it still in setup.names.
        del setup.names[k:]
        if name in setup.names:
            app.push(Message(app, "Taken", ["%s is already playing." % name]))
            return
        setup.names.append(name)
        # back to this step's menu, then on to the next player
        while not isinstance(app.stack[-1], _NameMenu):
            app.pop()
        if len(setup.names) < setup.count:
            player_name(app, setup, then)
        else:
            then(app, setup)

    def new_name():
        app.push(NameEntry(app, "Player %d" % (k + 1), take))

    def back():
        del setup.names[k:]
        app.pop()

    items: list = [("New name", new_name)]
    for name in app.state["roster"]:
        if name not in setup.names:
            items.append((name, lambda name=name: take(name)))
    app.push(_NameMenu(app, "Player %d" % (k + 1), items, on_back=back, cursor=1 if len(items) > 1 else 0))


class _NameMenu(Menu):
    pass


def holes(app, setup):
    from engine.game import rules_for
    from engine.options import clean

    saved = app.state["settings"]["rules"].get(setup.game_id, {})
    dropped = clean(rules_for(setup.game_id), saved)  # a save's house rule no game takes (issue 57, 7)
    default = saved.get("holes", 9)

    def done(count):
        setup.opts = dict(saved)
        setup.opts["holes"] = count
        house_rules(app, setup)

    app.push(Number(app, "Holes", 1, 18, default, done))
    if dropped:
        reset_note(app, dropped)


def reset_note(app, dropped):
    """Say which saved house rules were dropped (the game's own stand for them)."""
    app.push(Message(app, "House rules", ["Saved values no game takes, now the game's own:"] + dropped))


def option_value(app, title_, spec, value, done):
    """Change one house rule: a list of choices, or a number."""
    kind = spec[1]
    if kind == "int":
        app.push(Number(app, title_, spec[3], spec[4], value, done))
        return
    choices = (True, False) if kind == "bool" else kind
    items = [(labels.value(c), lambda c=c: done(c)) for c in choices]
    app.push(Menu(app, title_, items, cursor=list(choices).index(value)))


def in_effect(specs, opts):
    """The options that change something with these settings: the ender's
    penalty points only under the penalty-per-lower rule."""
    per_lower = opts["ender_rule"] == "penalty-per-lower"
    return [sp for sp in specs if sp[0] != "ender_penalty_points" or per_lower]


def house_rules(app, setup):
    from engine.errors import ScoreError

    specs = [sp for sp in setup.rules.option_specs() if sp[0] != "holes"]
    try:
        opts = setup.rules.make_options(setup.opts)  # defaults, then the saved house rules
    except ScoreError:  # saved defaults from an older version: start from the game's own
        opts = setup.rules.make_options({"holes": setup.opts["holes"]})
    shown = in_effect(specs, opts)

    def change(spec):
        def done(value):
            opts[spec[0]] = value
            shown[:] = in_effect(specs, opts)
            menu.items = build()
            menu.cursor = min(menu.cursor, len(menu.items) - 1)
            app.pop()

        option_value(app, labels.option(spec[0]), spec, opts[spec[0]], done)

    def start():
        setup.opts = opts
        first_dealer(app, setup)

    def build():
        return [("Start", start)] + [(labels.option(sp[0]), lambda sp=sp: change(sp)) for sp in shown]

    def value(i):
        return "" if i == 0 else labels.value(opts[shown[i - 1][0]])

    menu = Menu(app, "House rules", build(), value=value)
    app.push(menu)


def first_dealer(app, setup):
    def start(dealer):
        from engine.game import Game
        from storage.history import remember  # a leaf (app.LEAVES)

        g = Game(setup.game_id, list(setup.names), setup.opts, dealer=dealer)
        for name in reversed(setup.names):
            remember(app.state, name)
        app.game = g
        app.pop_to(None)  # at the main menu the new game's modules are let go ...
        if app.save():  # ... and once this key is done, the game's are loaded (not beside this
            app.pending = app.resume  # module's code, still running here): a lower peak
        else:  # the game is in memory, "Not saved" on top of it
            from ui.play import Play

            app.push(Play(app))
            app.push(app.pending)
            app.pending = None

    items = [(n, lambda i=i: start(i)) for i, n in enumerate(setup.names)]
    app.push(Menu(app, "First dealer", items))

