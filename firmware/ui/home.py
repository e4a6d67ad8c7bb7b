# The first screen: the games the device keeps score for. UP and DOWN move,
# OK opens the game's page (the rules it follows and its house rules).
from app import VERSION, Screen
from drivers.buttons import DOWN, OK, UP
from ui.draw import ACCENT, DIM, FG, SEL_FG

GAMES = (
    ("play-nine", "Play Nine"),
    ("suitup-crazy-9s", "Crazy 9's"),
    ("crazy-nines", "Crazy Nines"),
    ("suitup-original", "SuitUP"),
    ("multiple-9", "Multiple 9"),
)


def list_rows(pen, top, items, cursor):
    """Draw a list under `top` with the cursor's row highlighted, scrolled
    so that the cursor stays on screen."""
    h = pen.line_h + 2
    rows = max(1, (pen.d.height - top) // h)
    first = min(max(0, cursor - rows + 1), max(0, len(items) - rows))
    for i in range(first, min(len(items), first + rows)):
        y = top + (i - first) * h
        if i == cursor:
            pen.highlight(0, y, pen.d.width, h)
        pen.text(items[i], 4, y + 2, SEL_FG if i == cursor else FG)


class Home(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.cursor = 0

    def key(self, k):
        if k == UP:
            self.cursor = (self.cursor - 1) % len(GAMES)
        elif k == DOWN:
            self.cursor = (self.cursor + 1) % len(GAMES)
        elif k == OK:
            from ui.gameinfo import GameInfo

            self.app.push(GameInfo(self.app, GAMES[self.cursor][0], GAMES[self.cursor][1]))
            return
        else:
            return
        self.dirty = True

    def draw(self, pen):
        pen.text("Scorekeeper", 2, 1, ACCENT)
        top = pen.line_h + 3
        pen.fill(0, top - 2, pen.d.width, 1, DIM)
        list_rows(pen, top, [g[1] for g in GAMES], self.cursor)
        if pen.d.height - top >= (pen.line_h + 2) * (len(GAMES) + 1):
            pen.text("v" + VERSION, 2, pen.d.height - pen.line_h, DIM)
