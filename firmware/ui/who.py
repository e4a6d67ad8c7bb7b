# Who went out and who ended a hole (where its game asks): the flow's steps
# after its last player's entry (ui/entry.py's Flow), then its commit. Loaded
# only then, and let go at the game's menu (app.LEAVES); apart from
# ui/finish.py, which is loaded once the hole's screens are let go: the
# hole's last grid is the CYD's whole game's peak (docs/MEMORY.md).
from ui.widgets import Menu, Message

PICK = "- choose -"  # first in a question with no answer yet: OK there does nothing


def _who(flow, title, on_pick, current, known):
    """Ask which player (or nobody); the question returned. Known: the answer
    given before (an edit, or back here), where the cursor starts; else it
    starts on PICK, so that an OK out of habit answers nothing (the ender's
    penalty or doubling is never skipped without a word)."""
    h = flow.hole
    n = len(h.players)
    first = 0 if known else 1  # the first player's row

    def pick():  # every player's row and Nobody's: the row is the menu's cursor (not a function a
        # player: 8 of them over a hand game's 8 screens were its peak, docs/MEMORY.md)
        i = m.cursor - first
        on_pick(h.players[i] if i < n else None)

    items: list = [(PICK, _nothing)] if not known else []
    for k in range(n):
        items.append((h.name(k), pick))
    items.append(("Nobody", pick))
    cur = (h.players.index(current) if current in h.players else n) if known else 0
    m = Menu(flow.app, title, items, cursor=cur)
    flow.app.push(m)
    return m


def _nothing():
    pass


def out(flow):
    """suitup-original: who went out, and was it a Blitz; then who ended."""
    h = flow.hole
    if not h.rules.hand:
        ender(flow)
        return

    def picked(player):
        e = h.entries[h.players.index(player)] if player is not None else None
        if e:  # cards, or a total not 0: said at once, the question kept (a newcomer: asked A Blitz?
            # first, then the engine's error, and back on another player's hand)
            if menu.items[0][0] == PICK:  # on no answer again
                menu.cursor = 0
            flow.app.push(Message(flow.app, "Not out", [
                "%s has %s: who went out has none." % (h.name(h.players.index(player)), "%d card%s" % (
                    len(e), "" if len(e) == 1 else "s") if type(e) is list else "a total of %d" % e),
                "Choose who went out, or go back to change the hand."]))
            return
        h.out = player
        h.out_known = True
        if player is None:
            h.blitz = False
            ender(flow)
            return
        flow.app.push(Menu(flow.app, "A Blitz?", [("No", lambda: blitz(False)),
                                                   ("Yes", lambda: blitz(True))],
                           cursor=1 if h.blitz else 0))

    def blitz(on):
        h.blitz = on
        ender(flow)

    menu = _who(flow, "Who went out?", picked, h.out, h.out_known)


def ender(flow):
    """Who ended (where the game's ender rule asks), then the commit."""
    h = flow.hole
    if h.game.opts["ender_rule"] == "none":
        h.ender = None
        flow.app.pending = flow.commit  # after this key: this module let go first, its room the end's
        return

    def picked(player):
        h.ender = player
        h.ender_known = True
        flow.app.pending = flow.commit  # after this key: this module let go first, its room the end's

    _who(flow, "Who ended?", picked, h.ender, h.ender_known)
