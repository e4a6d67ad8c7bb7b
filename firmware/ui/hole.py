# A hole being entered, or a past one fixed: from the first player's entry
# to the result. Each player's entry is a screen of its own, given the Draft
# (ui/entry.py's GridEntry, ui/cardlist.py's HandEntry): it calls d.done(k)
# when its player's entry is complete, d.leave() to leave the hole. Then who
# went out and who ended, and the hole is added, saved and its result shown.
#
# Nothing entered is lost by going back; leaving the hole asks first.
from engine.errors import ScoreError
from ui.entry import GridEntry, flat
from ui.widgets import Menu, Message, confirm


class Draft:
    """A hole being entered (or edited): the entries survive going back."""

    def __init__(self, app, target, anchor):
        g = app.game
        self.app = app
        self.game = g
        self.rules = g.rules
        self.target = target  # None: the next hole; an int: edit that hole; "playoff"
        self.anchor = anchor  # the screen to come back to: the game's hub
        if target == "playoff":
            self.players = g.playoff_players()
            self.label = "Playoff %d" % (len(g.playoff) + 1)
        else:
            self.players = list(range(len(g.names)))
            self.label = "Hole %d" % ((len(g.holes) if target is None else target) + 1)
        self.entries: list = [None] * len(self.players)
        self.ender = self.out = None
        self.blitz = False
        # who went out and who ended are answered already: an edit, or asked before
        self.out_known = self.ender_known = type(target) is int
        self.fix = False  # one player's entry fixed in a past hole: the rest stands
        if type(target) is int:
            h = g.holes[target]
            # grids as rows (as the engine reads them), hands as lists
            self.entries = [c if type(c) is int else self.rules.grid_of(c) for c in h.cards]
            self.ender, self.out, self.blitz = h.ender, h.out, h.blitz

    def name(self, k):
        return self.game.names[self.players[k]]

    # what an entry screen calls: its player's entry is complete; leave the hole
    def done(self, k):
        return player_done(self, k)

    def leave(self):
        leave(self)


def start(app, target, anchor):
    """Enter the next hole (target None), the next playoff hole ("playoff")
    or past hole `target` again; back to `anchor` when done or left."""
    open_player(Draft(app, target, anchor), 0)


def open_player(d, k):
    if d.rules.hand:
        from ui.cardlist import HandEntry  # only the hand game's (app.LEAVES)

        d.app.push(HandEntry(d, k))
    else:
        d.app.push(GridEntry(d, k))


def player_done(d, k):
    """Player k's entry is complete: check the deck so far, then go on."""
    upto = len(d.entries) if d.fix else k + 1
    try:
        d.game.check_deck([flat(e, d.rules) for e in d.entries[:upto] if e is not None])
    except ScoreError as e:
        d.app.push(Message(d.app, "Too many", [e.msg, "Check %s's cards." % d.name(k)]))
        return False
    if d.fix:
        commit(d)  # the other players' entries and who ended stand
    elif k + 1 < len(d.players):
        open_player(d, k + 1)
    else:
        ask_out(d)
    return True


def leave(d):
    # says what leaving costs: the cards entered for this hole
    confirm(d.app, "Leave hole?", lambda: d.app.pop_to(d.anchor), no="Stay", yes="Drop & leave")


PICK = "- choose -"  # first in a question with no answer yet: OK there does nothing


def _who(d, title, on_pick, current, known):
    """Ask which player (or nobody). Known: the answer given before (an
    edit, or back here), where the cursor starts; else it starts on PICK,
    so that an OK out of habit answers nothing (the ender's penalty or
    doubling is never skipped without a word)."""
    names = [d.name(k) for k in range(len(d.players))]
    items: list = [(n, lambda k=k: on_pick(d.players[k])) for k, n in enumerate(names)]
    items.append(("Nobody", lambda: on_pick(None)))
    if known:
        cur = d.players.index(current) if current in d.players else len(names)
    else:
        items.insert(0, (PICK, _nothing))
        cur = 0
    d.app.push(Menu(d.app, title, items, cursor=cur))


def _nothing():
    pass


def ask_out(d):
    """suitup-original: who went out, and was it a Blitz."""
    if not d.rules.hand:
        ask_ender(d)
        return

    def picked(p):
        d.out = p
        d.out_known = True
        if p is None:
            d.blitz = False
            ask_ender(d)
            return
        d.app.push(Menu(d.app, "A Blitz?", [("No", lambda: blitz(False)), ("Yes", lambda: blitz(True))],
                        cursor=1 if d.blitz else 0))

    def blitz(b):
        d.blitz = b
        ask_ender(d)

    _who(d, "Who went out?", picked, d.out, d.out_known)


def ask_ender(d):
    if d.game.opts["ender_rule"] == "none":
        d.ender = None
        commit(d)
        return

    def picked(p):
        d.ender = p
        d.ender_known = True
        commit(d)

    _who(d, "Who ended?", picked, d.ender, d.ender_known)


def commit(d):
    app, g = d.app, d.game
    note = None
    try:
        if d.target is None:
            hole = g.add_hole(d.entries, d.ender, d.out, d.blitz)
        elif d.target == "playoff":
            hole = g.add_playoff(d.players, d.entries, d.ender, d.out, d.blitz)
        else:
            dropped = g.set_hole(d.target, d.entries, d.ender, d.out, d.blitz)
            hole = g.holes[d.target]
            if dropped:
                note = "Playoff holes undone: %d" % dropped
    except ScoreError as e:
        app.push(Message(app, "Check cards", [e.text()]))
        return
    app.save()
    app.pop_to(d.anchor)
    result(app, hole, d.label, note)


def result(app, hole, label, note=None):
    """A hole's scores (with the ender rule's share) and the standings."""
    g = app.game
    rows: list = []
    for k, p in enumerate(hole.players):
        adj = hole.scores[k] - hole.raw[k]
        rows.append((g.names[p], ("%d (%+d)" % (hole.scores[k], adj)) if adj else str(hole.scores[k])))
    if note:
        rows.append(note)
    rows.append(("Totals", ""))
    for place, p, total in g.standings():
        rows.append(("%d %s" % (place, g.names[p]), str(total)))
    app.push(Message(app, label, rows))
