# The end of a hole's entry: who went out and who ended (where the game
# asks), then the hole scored and saved, and its scores shown. Loaded only
# then and let go at the game's menu (app.LEAVES): the rest of ui/entry.py
# stays loaded through a game, and this does not (the CYD's whole game from
# .mpy files, docs/MEMORY.md).
from engine.errors import ScoreError
from ui.widgets import Menu, Message, confirm

PICK = "- choose -"  # first in a question with no answer yet: OK there does nothing


def _who(draft, title, on_pick, current, known):
    """Ask which player (or nobody). Known: the answer given before (an
    edit, or back here), where the cursor starts; else it starts on PICK,
    so that an OK out of habit answers nothing (the ender's penalty or
    doubling is never skipped without a word)."""
    names = [draft.name(k) for k in range(len(draft.players))]
    items: list = [(n, lambda k=k: on_pick(draft.players[k])) for k, n in enumerate(names)]
    items.append(("Nobody", lambda: on_pick(None)))
    if known:
        cur = draft.players.index(current) if current in draft.players else len(names)
    else:
        items.insert(0, (PICK, _nothing))
        cur = 0
    draft.app.push(Menu(draft.app, title, items, cursor=cur))


def _nothing():
    pass


def ask_out(draft):
    """suitup-original: who went out, and was it a Blitz."""
    if not draft.rules.hand:
        ask_ender(draft)
        return

    def picked(player):
        draft.out = player
        draft.out_known = True
        if player is None:
            draft.blitz = False
            ask_ender(draft)
            return
        draft.app.push(Menu(draft.app, "A Blitz?", [("No", lambda: blitz(False)),
                                                     ("Yes", lambda: blitz(True))],
                            cursor=1 if draft.blitz else 0))

    def blitz(on):
        draft.blitz = on
        ask_ender(draft)

    _who(draft, "Who went out?", picked, draft.out, draft.out_known)


def ask_ender(draft):
    if draft.game.opts["ender_rule"] == "none":
        draft.ender = None
        commit(draft)
        return

    def picked(player):
        draft.ender = player
        draft.ender_known = True
        commit(draft)

    _who(draft, "Who ended?", picked, draft.ender, draft.ender_known)


def commit(draft, sure=False):
    app, g = draft.app, draft.game
    note: tuple = ()  # rows said after the scores
    if draft.target is None:
        leave(draft)  # a new hole: its screens go before it is scored and saved (their room: the CYD's game)
    try:
        if type(draft.target) is int and not sure:  # nothing dropped without a question: a playoff
            from engine.edit import undoes  # (an edit's alone: app.LEAVES)

            n = undoes(g, draft.target, draft.entries, draft.ender, draft.out, draft.blitz)
            if n:
                confirm(app, ("Undo %d playoff hole%s?" % (n, "s" if n > 1 else ""), "Undo playoff?"),
                        lambda: commit(draft, True), no="Keep, go back", yes="Undo them, save")
                return
        if draft.target is None:
            hole = g.add_hole(draft.entries, draft.ender, draft.out, draft.blitz)
        elif draft.target == "playoff":
            hole = g.add_playoff(draft.players, draft.entries, draft.ender, draft.out, draft.blitz)
        else:
            from engine.edit import set_hole

            t = draft.target
            dropped = set_hole(g, t, draft.entries, draft.ender, draft.out, draft.blitz)
            hole = g.holes[t] if t >= 0 else g.playoff[-1 - t]
            if dropped:  # kept: the same tie again brings them back (Game.undone)
                note = ("Playoff holes undone: %d" % dropped, "Kept for the same tie.")
            elif g.back:
                note = ("Playoff holes back: %d" % g.back,)
    except ScoreError as e:
        if draft.target is None:  # the players' screens again, the last in front, as they were
            draft.reopen()
        app.push(Message(app, "Check cards", [e.text()]))
        return
    draft.entries = draft.cells = ()  # in the game now, read into lists of its own: room for the save
    leave(draft)  # (a fix, an edit: their screens go now) the save has their room; the game's menu
    if app.save():  # is made after it; the hole saved, its cards' lines go (ui/entry.py)
        draft.drop()
    app.pop_to(draft.anchor)
    result(app, hole, draft.label, note)


def leave(draft):
    """The hole's screens off the stack, without showing the game's menu yet."""
    app = draft.app
    draft.looks = None  # the grids' drawing, and through it the grids
    while len(app.stack) > 1 and app.stack[-1] is not draft.anchor:
        app.stack.pop()
    app.drop_leaves()


def result(app, hole, label, note=()):
    """A hole's scores (with the ender rule's share) and the standings."""
    g = app.game
    rows: list = []
    for k, p in enumerate(hole.players):
        adj = hole.scores[k] - hole.raw[k]
        rows.append((g.names[p], ("%d (%+d)" % (hole.scores[k], adj)) if adj else str(hole.scores[k])))
    if note:
        rows.extend(note)
    rows.append(("Totals", ""))
    for place, p, total in g.standings():
        rows.append(("%d %s" % (place, g.names[p]), str(total)))
    app.push(Message(app, label, rows))
