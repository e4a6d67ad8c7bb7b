# The main menu: a new game, the game in progress, the multiple-9 tools,
# the history and the settings.
from app import VERSION
from ui.draw import DIM
from ui.widgets import Menu

# (id, the name on the box, a short one: 14 characters, a title line on the TTGO)
GAMES = (
    ("play-nine", "Play Nine", "Play Nine"),
    ("suitup-crazy-9s", "SuitUP Crazy 9's", "SuitUP Crazy9s"),
    ("crazy-nines", "Crazy Nines", "Crazy Nines"),
    ("suitup-original", "SuitUP Original", "SuitUP Orig."),
)


def title(game_id, short=False):
    for g in GAMES:
        if g[0] == game_id:
            return g[2 if short else 1]
    return "Multiple 9"


def titles(game_id):
    """For a title line: the box's name where it fits, else the short one."""
    return (title(game_id), title(game_id, True))


class Home(Menu):
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
        if pen.d.height >= 200:
            pen.text("v" + VERSION, 2, pen.d.height - pen.line_h, DIM)
