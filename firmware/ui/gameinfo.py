# A game's page: how many players, how many holes, and its house rules with
# their defaults, read from the engine. UP/DOWN scroll, BACK returns.
from app import Screen
from drivers.buttons import BACK, DOWN, OK, UP
from ui import labels
from ui.draw import ACCENT, DIM, FG


def _lines(game_id):
    """(label, value) pairs: the players, then each house rule's default."""
    if game_id == "multiple-9":
        return [("discard check", ""), ("showdown", ""), ("win tally", ""), ("no house rules", "")]
    from engine.rules import rules_for

    r = rules_for(game_id)
    out = [("players", "%d-%d" % (r.min_players, r.max_players))]
    for spec in r.option_specs():
        out.append((labels.option(spec[0]), labels.value(spec[2])))
    return out


class GameInfo(Screen):
    def __init__(self, app, game_id, title):
        super().__init__(app)
        self.title = title
        self.lines = _lines(game_id)
        self.first = 0

    def key(self, k):
        if k in (BACK, OK):
            self.app.pop()
        elif k == DOWN and self.first < len(self.lines) - 1:
            self.first += 1
            self.dirty = True
        elif k == UP and self.first > 0:
            self.first -= 1
            self.dirty = True

    def draw(self, pen):
        pen.text(self.title, 2, 1, ACCENT)
        y = pen.line_h + 3
        pen.fill(0, y - 2, pen.d.width, 1, DIM)
        w = pen.d.width
        for label, value in self.lines[self.first :]:
            vw = pen.text_width(value)
            wrap = pen.text_width(label) + vw + 8 > w
            if y + pen.line_h * (2 if wrap else 1) > pen.d.height:
                break
            pen.text(label, 2, y, FG)
            if wrap:
                y += pen.line_h
            pen.text(value, w - vw - 2, y, ACCENT)
            y += pen.line_h
