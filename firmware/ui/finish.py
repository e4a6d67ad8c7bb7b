# The end of a hole's entry: who went out and who ended (where the game
# asks), then the hole scored and saved, and its scores shown. Loaded only
# then and let go at the game's menu (app.LEAVES): the rest of ui/entry.py
# stays loaded through a game, and this does not (the CYD's whole game from
# .mpy files, docs/MEMORY.md).
from engine.errors import ScoreError
from ui.widgets import Menu, Message

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
    if d.target is None:
        leave(d)  # a new hole: its screens go before it is scored and saved (their room: the CYD's game)
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
        if d.target is None:  # the players' screens again, the last in front, as they were
            d.reopen()
        app.push(Message(app, "Check cards", [e.text()]))
        return
    leave(d)  # (a fix, an edit: their screens go now) the save has their room; the game's menu
    app.save()  # is made after it
    app.pop_to(d.anchor)
    result(app, hole, d.label, note)


def leave(d):
    """The hole's screens off the stack, without showing the game's menu yet."""
    app = d.app
    d.looks = None  # the grids' drawing, and through it the grids
    while len(app.stack) > 1 and app.stack[-1] is not d.anchor:
        app.stack.pop()
    app.drop_leaves()


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
