# The end of a hole's entry, the flow's last steps (ui/entry.py's Flow): the
# hole committed into the game, saved, and its scores shown. Loaded only
# then, once a new hole's screens are let go (Flow.commit), and let go at the
# game's menu (app.LEAVES). The save waits for the key that ended the hole to
# be done: ui/entry.py is let go before it, and the next hole loads it again
# (the heap's peak with Wi-Fi, docs/MEMORY.md).
from os import remove

from engine.errors import ScoreError
from storage.log import JOURNAL
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
            reopen(flow)
        app.push(Message(app, "Check cards", [e.text()]))
        return
    h.entries = h.cells = ()  # in the game now, read into lists of its own: room for the save
    flow.off()  # (a fix, an edit: their screens go now) the save has their room
    flow.keep(-1, "")  # (the open card file closed: the hole's files go once the game is saved)
    later = _saved(app, flow.anchor, len(h.players) if flow.logged else 0, hole, h.label, note)
    if app.pending is None:
        app.pending = later  # once this key's work is done: the flow gone, and with it ui/entry.py
    else:
        later()


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


def _saved(app, anchor, n, hole, label, note):
    """The save and the hole's result, to run once the key that ended the hole
    is done (App.step's pending): its flow and screens are gone by then, so
    ui/entry.py and what uses it are let go for the save's peak (docs/MEMORY.md;
    the game's menu, once in front, loads it again). The hole's files (n: its
    players, 0: none written) go once the game is saved."""
    def later():
        for name in ("ui.entry", "ui.grid", "ui.who", "ui.fix", "ui.reopen"):  # (the last two: an edit's,
            app.forget(name)  # a hole's reopened: their classes are ui/entry.py's and ui/grid.py's)
        if app.save() and n:
            unjournal(n)
        app.pop_to(anchor, False)
        result(app, hole, label, note)  # over the game's menu, made once it is in front again

    return later


def unjournal(n):
    """The hole's files gone from the flash (ui/entry.py's Flow.keep): its
    label's and its n players'."""
    for p in range(-1, n):
        try:
            remove(JOURNAL if p < 0 else "%s.%d" % (JOURNAL, p))
        except OSError:
            pass


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


def reopen(flow):
    """Every player's screen again, the last in front (a new hole the engine refused when it was
    scored: its screens had been let go)."""
    for player in range(len(flow.hole.players)):
        if not flow.hole.rules.hand:
            flow.park()
        flow.app.push(flow.screen(player))
