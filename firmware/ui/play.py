# The game in progress: the next hole (or the playoff, or the end), the
# scoreboard, editing a past hole, and leaving. BACK goes to the main menu;
# the game stays saved and "Continue game" brings it back.
from os import stat

from ui.widgets import Menu, Message, confirm


def standings_lines(game):
    out = []
    for place, p, total in game.standings():
        out.append("%d %s %d" % (place, game.names[p], total))
    return out


def resume(app):
    """Open the saved game in progress (App.resume: at boot, or from the menu)."""
    from engine.errors import ScoreError

    if app.game is not None:  # back from the main menu: it is in memory
        opened(app)
        return
    from engine.doc import from_doc

    try:
        app.game = from_doc(app.state["game"], False, True)
        app.state["game"] = app.in_memory  # the Game holds it; the document is made again at each save
    except ScoreError as e:
        from storage.aside import keep
        from storage.savefile import GAME_BAD

        kept = keep(app.state["game"], GAME_BAD)
        app.state["game"] = None
        app.push(Message(app, "Note", ["The saved game could not be read: " + e.text(), kept]))
        return
    finally:
        app.forget("engine.doc")  # needed again only at the next start
    opened(app)


def opened(app):
    """The game's menu in front (App.resume); over it, the hole a power cut
    left, opened again (ui/reopen.py)."""
    from storage.log import JOURNAL  # (loaded from boot: ui/entry.py is the hole's, loaded for it)

    hub = Play(app)
    app.push(hub)
    try:
        stat(JOURNAL)  # (not savefile's _exists: its code would stay loaded through the hole)
    except OSError:
        app.drop_leaves()  # the new game's (the save's among them): not kept through the next hole
        return
    from ui.reopen import again

    again(app, hub)  # (it lets itself go after)


class Play(Menu):
    hub = True  # back here, the leaf screens' modules are let go (app.LEAVES)

    def __init__(self, app):
        super().__init__(app, "", [])
        self.refresh()

    def shown(self):
        self.refresh()

    def refresh(self):
        g = self.app.game
        n, total = len(g.holes), g.opts["holes"]
        # the title says who deals the next hole (names fit: 8 + " deals")
        if g.complete():
            self.title = None  # the game's name: loaded when drawn (draw), not under the last hole's save
        else:
            self.title = "%s deals" % g.names[g.dealer(n)]
        items = []
        if not g.complete():
            items.append(("Hole %d of %d" % (n + 1, total), self.next_hole))
        elif g.playoff_players():
            items.append(("Playoff hole", self.playoff))
        else:
            items.append(("Finish game", self.finish))
        if self.app.wifi:  # Wi-Fi is on: the address, the PIN, who has sent
            items.append(("Phones", self.phones))
        items.append(("Scores", self.scores))
        if n:
            items.append(("Edit a hole", self.edit))
        # never last: one press up from the first item wraps to the last one
        items.append(("Abandon game", self.abandon))
        items.append(("Main menu", self.app.pop))
        self.items = items
        self.cursor = 0
        self.dirty = True

    def draw(self, pen):
        if self.title is None:
            from ui.labels import titles  # a leaf (app.LEAVES)

            self.title = titles(self.app.game.id)
        super().draw(pen)

    def value(self, i):
        net = self.app.net
        if i == 0 and net is not None and net.sent:  # phones have sent grids for the hole
            return "%d sent" % len(net.sent)
        return ""

    def phones(self):
        from ui.phones import Phones  # a leaf (app.LEAVES)

        self.app.push(Phones(self.app))

    def next_hole(self):
        from ui.entry import start

        start(self.app, None, self)

    def playoff(self):
        from ui.entry import start

        start(self.app, "playoff", self)

    def scores(self):
        from ui.scores import Scores

        self.app.push(Scores(self.app))

    def edit(self):
        from ui.fix import edit  # a leaf (app.LEAVES)

        # the items name this screen by its module's and class's names, as the app keeps it while
        # a hole is edited (App.rest): the screen itself, kept by them, would keep its code
        app, me = self.app, (type(self).__module__, type(self).__name__)
        g = app.game
        items = []
        for h in range(len(g.holes)):
            items.append(("Hole %d" % (h + 1), lambda h=h: edit(app, h, me)))
        for h in range(len(g.playoff)):  # (Game.set_hole: playoff hole h is -1 - h)
            items.append(("Playoff %d" % (h + 1), lambda h=h: edit(app, -1 - h, me)))
        app.push(Menu(app, "Edit a hole", items, cursor=len(items) - 1))

    def finish(self):
        from storage.history import finish  # a leaf (app.LEAVES)

        g = self.app.game
        winner, tied = g.winner(), g.tied()
        finish(self.app.state, g.summary())
        self.app.game = None
        self.app.save()
        lines = ["%s wins!" % g.names[winner]] if winner is not None else [
            "Shared: " + ", ".join(g.names[p] for p in tied)]
        if g.playoff:  # the totals below are tied: say what decided it
            n = len(g.playoff)
            lines.append("After a playoff of %d hole%s." % (n, "" if n == 1 else "s"))
        self.app.pop_to(None)
        self.app.push(Message(self.app, "Game over", lines + standings_lines(g)))

    def abandon(self):
        def gone():
            self.app.game = None
            self.app.state["game"] = None
            self.app.save()
            self.app.pop_to(None)

        confirm(self.app, "Abandon game?", gone, yes="Abandon")
