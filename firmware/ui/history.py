# Finished games, newest first, and each player's all-time record in one game:
# read from the flash for these screens (storage/laid.py).
from engine.game import GAMES
from storage.laid import value
from ui.labels import title, titles
from ui.widgets import Menu, Message


class HistoryMenu(Menu):
    def __init__(self, app):
        items: list = [("Player stats", self.stats)]
        self.h = value(app.state, "history")
        for rec in self.h:
            w = rec.get("winner")
            who = rec["players"][w] if w is not None else "shared" if rec.get("tied") else "unfinished"
            items.append((who, lambda rec=rec: self.show(rec)))
        super().__init__(app, "History", items)

    def value(self, i):
        # each game: the winner, and the game on the right
        return "" if i == 0 else title(self.h[i - 1]["game"], True)

    def show(self, rec):
        n = rec["holes"]
        rows: list = ["%s, %d hole%s" % (title(rec["game"]), n, "" if n == 1 else "s")]
        # (MicroPython's sort is not stable: equal totals in the players' order, as the standings;
        # the winner first among them: a playoff's, which a probe found last and unsaid)
        w, t = rec.get("winner"), rec["totals"]
        order = sorted(range(len(rec["players"])), key=lambda p: (t[p], p != w, p))
        for p in order:
            rows.append((rec["players"][p], str(t[p])))
        if w is not None and t.count(t[w]) > 1:
            rows.append("%s won the playoff." % rec["players"][w])
        self.app.push(Message(self.app, "Game", rows))

    def stats(self):
        st = value(self.app.state, "stats")
        played = [g[0] for g in GAMES if st.get(g[0])]
        if not played:
            self.app.push(Message(self.app, "Player stats", ["No finished games yet."]))
            return
        items = [(title(g), lambda g=g: self.app.push(Message(self.app, titles(g), stats_rows(self.app, g))))
                 for g in played]
        self.app.push(Menu(self.app, "Stats for", items))


def stats_rows(app, game_id):
    rows: list = []
    st = value(app.state, "stats").get(game_id, {})  # all time: kept when history drops a game
    for name in sorted(st, key=lambda n: (-st[n][1], n)):
        games, wins, holes, points, best = st[name]
        avg = "%.1f" % (points / holes) if holes else "-"
        rows.append((name, "%d/%d won" % (wins, games)))
        rows.append(("  average", avg))
        rows.append(("  best", "-" if best is None else str(best)))  # (no hole played)
    return rows
