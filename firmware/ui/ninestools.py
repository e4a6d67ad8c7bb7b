# multiple-9 at the table: check a discard, rank a showdown, and keep the
# tally of wins (the first player out wins a game).
from drivers.buttons import BACK, DOWN, OK, UP
from engine import nines
from engine.errors import ScoreError
from ui.draw import DIM, FG, SEL_FG
from ui.widgets import Menu, Message, Number, Screen, confirm, header

END = "end"


class CardList(Screen):
    """Cards one by one: UP/DOWN choose (after K comes 'end'), OK takes the
    card (or finishes at 'end'), BACK takes the last card away (or goes back
    when there is none). exact: the number of cards needed."""

    def __init__(self, app, title, on_done, exact=None, cards=None):
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.exact = exact
        self.cards = list(cards or [])
        self.cycle = list(nines.RANKS) + [END]
        self.choice = "9"

    def key(self, k):
        if k in (UP, DOWN):
            j = self.cycle.index(self.choice)
            self.choice = self.cycle[(j + (1 if k == DOWN else -1)) % len(self.cycle)]
        elif k == OK:
            full = self.exact is not None and len(self.cards) >= self.exact
            if self.choice == END or full:
                if self.cards and (self.exact is None or len(self.cards) == self.exact):
                    self.on_done(list(self.cards))
                return
            self.cards.append(self.choice)
            if self.exact is not None and len(self.cards) == self.exact:
                self.choice = END
        elif k == BACK:
            if not self.cards:
                self.app.pop()
                return
            self.cards.pop()
        self.dirty = True

    def draw(self, pen):
        y = header(pen, self.title)
        per_line = max(1, (pen.d.width - 4) // (3 * 8 * pen.scale))
        cw = 3 * 8 * pen.scale
        shown = self.cards + [None]
        for i in range(len(shown)):
            row, col = i // per_line, i % per_line
            x, yy = 2 + col * cw, y + row * pen.line_h
            if yy + pen.line_h > pen.d.height - pen.line_h:
                break
            if shown[i] is None:
                pen.highlight(x, yy - 1, cw - 2, pen.line_h)
                pen.text(self.choice, x + 2, yy, SEL_FG)
            else:
                pen.text(shown[i], x + 2, yy, FG)
        need = "%d of %d" % (len(self.cards), self.exact) if self.exact else "%d cards" % len(self.cards)
        pen.text(need, 2, pen.d.height - pen.line_h, DIM)


class NinesMenu(Menu):
    def __init__(self, app):
        super().__init__(app, "Multiple 9", [
            ("Check discard", self.discard),
            ("Showdown", self.showdown),
            ("Win tally", self.tally),
        ])

    def discard(self):
        app = self.app

        def cards_done(cards):
            def final(is_final):
                app.pop_to(self)  # the answer comes back to this menu
                try:
                    ok, groups, why = nines.check_discard(cards, is_final)
                except ScoreError as e:
                    app.push(Message(app, "Check cards", [e.text()]))
                    return
                if ok:
                    rows = ["Legal."] + [" + ".join(" ".join(g) for g in groups)]
                else:
                    rows = ["Not legal:", why]
                app.push(Message(app, "Discard", rows))

            app.push(Menu(app, "Last cards?", [("No", lambda: final(False)), ("Yes", lambda: final(True))]))

        app.push(CardList(app, "Discard", cards_done))

    def showdown(self):
        app = self.app

        def count_done(n):
            hands: list = []

            def board_done(board):
                def hand_done(cards):
                    hands.append(cards)
                    if len(hands) < n:
                        app.push(CardList(app, "Hand %d" % (len(hands) + 1), hand_done, 2))
                    else:
                        show(board)

                app.push(CardList(app, "Hand 1", hand_done, 2))

            def show(board):
                try:
                    nn, unused, places = nines.showdown(board, hands)
                except ScoreError as e:
                    app.push(Message(app, "Check cards", [e.text()]))
                    hands.pop()
                    return
                rows: list = []
                for place in sorted(set(places)):
                    for k in range(n):
                        if places[k] == place:
                            rows.append("%d. hand %d: %d nines" % (place, k + 1, nn[k]))
                            rows.append("  left: " + (" ".join(unused[k]) or "none"))
                app.pop_to(self)
                app.push(Message(app, "Showdown", rows))

            app.push(CardList(app, "Board", board_done, 5))

        app.push(Number(app, "Hands", 2, 10, 2, count_done))

    def tally(self):
        if self.app.state["tally"] is None:
            self.new_tally()
        else:
            self.app.push(Tally(self.app))

    def new_tally(self):
        app = self.app
        from ui.newgame import Setup, player_name

        def count_done(n):
            s = Setup("play-nine")  # only the names are used
            s.count = n

            def named(app_, s_):
                app.state["tally"] = {"players": list(s_.names), "wins": [0] * len(s_.names)}
                app.save()
                app.pop_to(self)
                app.push(Tally(app))

            player_name(app, s, named)

        app.push(Number(app, "Players", 2, 8, 2, count_done))


class Tally(Menu):
    """Wins per player: OK on a player adds a win (saved at once)."""

    def __init__(self, app):
        super().__init__(app, "Wins", [])
        self.last: list = []
        self.refresh()

    def refresh(self):
        t = self.app.state["tally"]
        self.items = [(name, lambda p=p: self.win(p)) for p, name in enumerate(t["players"])]
        self.items += [("Undo last win", self.undo), ("New tally", self.restart)]

    def value(self, i):
        t = self.app.state["tally"]
        return str(t["wins"][i]) if i < len(t["wins"]) else ""

    def win(self, p):
        self.app.state["tally"]["wins"][p] += 1
        self.last.append(p)
        self.app.save()

    def undo(self):
        if self.last:
            self.app.state["tally"]["wins"][self.last.pop()] -= 1
            self.app.save()

    def restart(self):
        def gone():
            self.app.state["tally"] = None
            self.app.save()
            self.app.pop()
            NinesMenu.new_tally(self.app.stack[-1])

        confirm(self.app, "New tally?", gone, yes="Start over")
