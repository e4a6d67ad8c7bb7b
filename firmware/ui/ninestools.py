# multiple-9 at the table: check a discard, rank a showdown, and keep the
# tally of wins (the first player out wins a game).
from engine import multiple_9
from engine.errors import ScoreError
from ui.cardlist import END, CardList
from ui.number import Number
from ui.widgets import Menu, Message, confirm

def card_list(app, title, on_done, exact=None):
    """Cards by rank (after K comes 'end'), starting on 9."""
    return CardList(app, title, on_done, list(multiple_9.RANKS) + [END], "9", exact)


class NinesMenu(Menu):
    ITEMS = (("Check discard", "discard"), ("Showdown", "showdown"), ("Win tally", "tally"))

    def __init__(self, app):
        super().__init__(app, "Multiple 9")

    def discard(self):
        app = self.app

        def cards_done(cards):
            def final(is_final):
                app.pop_to(self)  # the answer comes back to this menu
                try:
                    ok, groups, why = multiple_9.check_discard(cards, is_final)
                except ScoreError as e:
                    app.push(Message(app, "Check cards", [e.text()]))
                    return
                if ok:
                    # a group a line (a probe: one line wrapped in a group's middle on the TTGO)
                    rows = ["Legal."] + [("+ " if k else "") + " ".join(g) for k, g in enumerate(groups)]
                else:
                    rows = ["Not legal:", why]
                app.push(Message(app, "Discard", rows))

            app.push(Menu(app, "Last cards?", [("No", lambda: final(False)), ("Yes", lambda: final(True))]))

        app.push(card_list(app, "Discard", cards_done))

    def showdown(self):
        app = self.app

        def count_done(count):
            hands: list = []

            def board_done(board):
                # hand k's end stands for it and undoes the ones after (a probe: back into a hand and
                # its end again added it twice, and the wrong hands were ranked)
                def hand(k):
                    def done(cards):
                        del hands[k:]
                        hands.append(cards)
                        if k + 1 < count:
                            app.push(card_list(app, "Hand %d" % (k + 2), hand(k + 1), 2))
                        else:
                            show(board)

                    return done

                del hands[:]
                app.push(card_list(app, "Hand 1", hand(0), 2))

            def show(board):
                try:
                    nn, unused, places = multiple_9.showdown(board, hands)
                except ScoreError as e:  # (the card to change, on its screen or back: each end is its hand's)
                    app.push(Message(app, "Check cards", [e.text()]))
                    return
                rows: list = []
                for place in sorted(set(places)):
                    for k in range(count):
                        if places[k] == place:
                            rows.append("%d. hand %d: %d nines" % (place, k + 1, nn[k]))
                            rows.append("  left: " + (" ".join(unused[k]) or "none"))
                app.pop_to(self)
                app.push(Message(app, "Showdown", rows))

            app.push(card_list(app, "Board", board_done, 5))

        app.push(Number(app, "Hands", 2, 10, 2, count_done))

    def tally(self):
        t = self.app.state["tally"]
        if t is not None and not _tally_ok(t):  # (a probe: a damaged one crashed here at every try)
            from storage.aside import keep

            kept = keep(t, "tally.bad")
            self.app.state["tally"] = None
            self.app.save()
            self.app.push(Message(self.app, "Win tally", [
                "The saved tally could not be read (not two or more names with a count each). " + kept,
                "OK on Win tally starts a new one."]))
            return
        if t is None:
            self.new_tally()
        else:
            self.app.push(Tally(self.app))

    def new_tally(self):
        app = self.app
        from ui.newgame import Setup, player_name

        def count_done(count):
            s = Setup("play-nine")  # only the names are used
            s.count = count

            def named(app_, s_):
                app.state["tally"] = multiple_9.Tally(s_.names).doc()
                app.save()
                app.pop_to(self)
                app.push(Tally(app))

            player_name(app, s, named)

        app.push(Number(app, "Players", 2, 8, 2, count_done))


def _tally_ok(t):
    """A saved tally as engine/multiple_9.py's Tally.doc() makes it: 2 or more names, a count each."""
    if type(t) is not dict or type(t.get("players")) is not list or type(t.get("wins")) is not list:
        return False
    p, w = t["players"], t["wins"]
    return len(p) >= 2 and len(w) == len(p) and not [n for n in p if type(n) is not str or not n.strip()] \
        and not [x for x in w if type(x) is not int or x < 0]


class Tally(Menu):
    """Wins per player (engine/multiple_9.py's Tally, on the saved lists): OK on
    a player adds a win, saved at once."""

    def __init__(self, app):
        saved = app.state["tally"]
        self.t = multiple_9.Tally(saved["players"], saved["wins"])
        super().__init__(app, "Wins", [(name, lambda p=p: self.win(p)) for p, name in enumerate(self.t.names)]
                         + [("Undo last win", self.undo), ("New tally", self.restart)])

    def value(self, i):
        return str(self.t.wins[i]) if i < len(self.t.wins) else ""

    def win(self, player):
        self.t.win(player)
        self.app.save()

    def undo(self):
        if self.t.undo():
            self.app.save()
        else:  # (a probe: it did nothing, unsaid)
            self.app.push(Message(self.app, "Undo last win", ["No win to undo: a win is undone here before "
                                                              "leaving Wins."]))

    def restart(self):
        def gone():
            self.app.state["tally"] = None
            self.app.save()
            self.app.pop()
            NinesMenu.new_tally(self.app.stack[-1])

        confirm(self.app, "New tally?", gone, yes="Start over")
