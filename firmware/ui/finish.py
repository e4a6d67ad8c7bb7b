# The end of a hole's entry, the flow's last steps (ui/entry.py's Flow): the
# hole committed into the game, saved, and its scores shown. Loaded only
# then, once a new hole's screens are let go (Flow.commit), and let go at the
# game's menu (app.LEAVES): the rest of ui/entry.py stays loaded through a
# game, and this does not (the CYD's whole game from .mpy files,
# docs/MEMORY.md).
from engine.errors import ScoreError
from ui.widgets import Message, confirm


def commit(flow, sure=False):
    """The hole into the game (an edit that would undo a playoff asks
    first), then saved and its result shown; the engine refusing it: said,
    and a new hole's screens back as they were."""
    app, h = flow.app, flow.hole
    g, t = h.game, h.target
    try:
        if t is None:
            hole, note = g.add_hole(h.entries, h.ender, h.out, h.blitz), ()
        elif t == "playoff":
            hole, note = g.add_playoff(h.players, h.entries, h.ender, h.out, h.blitz), ()
        else:
            got = edit(flow, sure)
            if got is None:  # asked first
                return
            hole, note = got
    except ScoreError as e:
        if t is None:  # the players' screens again, the last in front, as they were
            flow.reopen()
        app.push(Message(app, "Check cards", [e.text()]))
        return
    h.entries = h.cells = ()  # in the game now, read into lists of its own: room for the save
    flow.off()  # (a fix, an edit: their screens go now) the save has their room; the game's menu
    save(flow)  # is made after it
    result(app, hole, h.label, note)


def edit(flow, sure):
    """A past hole set again: (the hole, rows said after its scores); None
    where it would undo a playoff and that is asked first (nothing dropped
    without a question)."""
    from engine.edit import set_hole, undoes  # (an edit's alone: app.LEAVES)

    h = flow.hole
    g, t = h.game, h.target
    if not sure:
        n = undoes(g, t, h.entries, h.ender, h.out, h.blitz)
        if n:
            confirm(flow.app, ("Undo %d playoff hole%s?" % (n, "s" if n > 1 else ""), "Undo playoff?"),
                    lambda: commit(flow, True), no="Keep, go back",
                    yes="Undo it, save" if n == 1 else "Undo them, save")
            return None
    dropped = set_hole(g, t, h.entries, h.ender, h.out, h.blitz)
    note: tuple = ()
    if dropped:  # kept: the same tie again brings them back (Game.undone)
        note = ("Playoff holes undone: %d" % dropped, "Kept for the same tie.")
    if g.back:  # (both, where one edit undoes a tie's holes and brings back another's)
        note += ("Playoff holes back: %d" % g.back,)
    return (g.holes[t] if t >= 0 else g.playoff[-1 - t]), note


def save(flow):
    """The game saved, the hole's cards' files gone with it (ui/entry.py),
    back at the game's menu."""
    if flow.app.save():
        flow.drop()
    flow.app.pop_to(flow.anchor)


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
    if g.complete():  # the game's end said (a newcomer: a tie showed only as two 1s)
        w = g.winner()
        rows.append("%s wins." % g.names[w] if w is not None else "Tied: a playoff hole next."
                    if g.playoff_players() else "Shared.")
    app.push(Message(app, label, rows))
