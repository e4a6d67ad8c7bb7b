# The main menu: a new game, the game in progress, the multiple-9 tools,
# the history and the settings.
from ui.draw import DIM
from ui.widgets import Menu


class Home(Menu):
    hub = True  # back here, the leaf screens' modules are let go (app.LEAVES)

    def __init__(self, app):
        super().__init__(app, "Scorekeeper", [], on_back=lambda: None)
        self.refresh()

    def refresh(self):
        items = []
        if self.app.state["game"] is not None:
            items.append(("Continue game", self.app.resume))
        items.append(("New game", self.new_game))
        items.append(("Multiple 9", self.nines))
        items.append(("History", self.history))
        items.append(("Settings", self.settings))
        self.items = items
        # back here, the cursor is on the first item (the game, when there
        # is one), not on the one left: ok then does the usual thing
        self.cursor = 0
        self.dirty = True

    def new_game(self):
        from ui.newgame import choose_game

        choose_game(self.app)

    def nines(self):
        from ui.ninestools import NinesMenu

        self.app.push(NinesMenu(self.app))

    def history(self):
        from ui.history import HistoryMenu

        self.app.push(HistoryMenu(self.app))

    def settings(self):
        from ui.settings import SettingsMenu

        self.app.push(SettingsMenu(self.app))

    def shown(self):
        self.refresh()

    def draw(self, pen):
        super().draw(pen)
        if pen.h >= 200:
            pen.text("v" + self.app.version, 2, pen.h - pen.line_h, DIM)
