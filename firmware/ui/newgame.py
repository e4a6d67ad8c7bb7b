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
    """Pick each player's name in turn (setup.count of them): roster names not
    taken yet, or a new one; then(app, setup) once all are named. One menu
    for every player's step, made again for each (not one a player kept on
    the stack: 8 of them, each with a function a roster name, were the new
    game's peak, docs/MEMORY.md); BACK goes back a player, and out of the
    names from the first."""
    names = setup.names
    menu = Menu(app, "", [], on_back=lambda: back())
    at = [0]  # the player whose step the menu is

    def step(k, was=None):
        """The menu as player k's step; its cursor on was (the name this step
        took before, going back), else on the roster's first name."""
        items: list = [("New name", new_name)]
        taken = names[:k]
        for name in app.state["roster"]:
            if name not in taken:
                items.append((name, lambda name=name: take(name)))
        at[0] = k
        menu.title = "Player %d" % (k + 1)
        menu.items = items
        menu.cursor = 1 if len(items) > 1 else 0
        for i in range(len(items)):
            if items[i][0] == was:
                menu.cursor = i
        menu.dirty = True

    def take(name):
        # This step's player's name, whatever it chose before: BACK from a
        # later step comes back here with it still in setup.names.
        k = at[0]
        del names[k:]
        if name in names:
            app.push(Message(app, "Taken", ["%s is already playing." % name]))
            return
        names.append(name)
        while app.stack[-1] is not menu:  # back to the menu (from a name spelled), then on
            app.pop()
        if len(names) < setup.count:
            step(k + 1)
        else:
            then(app, setup)

    def new_name():
        app.push(NameEntry(app, "Player %d" % (at[0] + 1), take))

    def back():
        k = at[0]
        del names[k:]
        if k:
            step(k - 1, names[k - 1])
        else:
            app.pop()

    step(len(names))
    app.push(menu)


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

