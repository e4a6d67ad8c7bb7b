# Editing a past hole (or playoff hole) of a Game: the totals recompute, the
# playoff holes that no longer fit are undone and kept (Game.undone) for the
# same tie, which brings them back. Apart from game.py: loaded only for an
# edit (ui/finish.py), so that it takes none of a game's heap.
from engine.errors import ScoreError


def set_hole(g, index, entries, ender=None, out=None, blitz=False):
    """Replace the past hole of this index (a negative one: playoff hole -1 - index);
    totals recompute. Playoff holes that no longer fit are undone, and kept for the
    same tie (g.undone); returns how many. g.back: how many came back."""
    pl = index < 0
    holes = g.playoff if pl else g.holes
    i = -1 - index if pl else index
    if not 0 <= i < len(holes):
        raise ScoreError("there is no %shole %d to edit" % ("playoff " if pl else "", i + 1))
    old = holes[i]
    holes[i] = g.make_hole(entries, ender, out, blitz, players=old.players if pl else None,
                           label="%shole %d" % ("playoff " if pl else "", i + 1))
    g._tie = None
    return _prune(g)


def undoes(g, index, entries, ender=None, out=None, blitz=False):
    """How many playoff holes set_hole with these would undo; nothing changes."""
    pl = index < 0
    holes = g.playoff if pl else g.holes
    i = -1 - index if pl else index
    if not 0 <= i < len(holes):
        return set_hole(g, index, entries, ender, out, blitz)  # (its ScoreError: no such hole)
    old, kept, runs = holes[i], list(g.playoff), [list(r) for r in g.undone]
    try:
        return set_hole(g, index, entries, ender, out, blitz)
    finally:
        holes[i] = old
        g.playoff, g.undone, g._tie, g.back = kept, runs, None, 0


def _prune(g):
    """The playoff holes that still fit the totals, in order; the rest undone
    (a run kept), and an undone run that fits now brought back."""
    kept = g.playoff
    g.playoff = []
    g._tie = None
    for ph in kept:
        if sorted(ph.players) != g.playoff_players():
            break
        g.playoff.append(ph)
    cut = kept[len(g.playoff):]
    g.back = 0
    runs = g.undone
    while runs:
        need = g.playoff_players()
        r = [r for r in runs if need and sorted(r[0].players) == need]
        if not r:
            break
        r = r[-1]  # the latest undone: an edit put back restores what it undid
        g.playoff.append(r.pop(0))
        g.back += 1
        if not r:
            runs.remove(r)
    if cut:
        runs.append(cut)
    return len(cut)
