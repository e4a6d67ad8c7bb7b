# Before a new game, the game in progress: kept, finished into the history
# as it stands, or discarded (ui/newgame.py asks here only when there is
# one: its code is not loaded otherwise). Let go at the main menu (app.LEAVES).
from ui.widgets import Menu, Message


def ask(app, games):
    """What becomes of the game in progress, before a new one: kept (back
    to it), finished into the history as it stands, or discarded; then
    games(app), the new game's first step."""

    def keep():
        app.pop()
        app.resume()

    def into_history():
        from storage.history import finish  # a leaf (app.LEAVES)

        g = app.game
        if g is None:  # (the safe start after errors: not opened yet)
            from engine.doc import from_doc
            from engine.errors import ScoreError

            try:
                g = from_doc(app.state["game"], False, True)
            except ScoreError as e:
                app.push(Message(app, "Not finished", [e.text(), "Discard it, or keep playing."]))
                return
        n = len(g.holes)
        rec = g.summary()
        if g.playoff_players():  # a playoff still to play: undecided, not shared (a probe: "shared")
            rec["tied"] = []
        w = rec["winner"]  # (decided, or shared: a game played out; else unfinished, as History says)
        how = "as unfinished" if w is None and not rec["tied"] else "shared" if w is None else \
            "won by " + g.names[w]
        finish(app.state, rec)
        new()
        # said, on top of the new game's first step: the game is not gone, it is in the history
        app.push(Message(app, "In History", ["The game (%d hole%s) is in History, %s."
                                             % (n, "" if n == 1 else "s", how)]))

    def discard():
        app.state["game"] = None
        new()

    def new():
        app.game = None
        app.save()
        app.pop()
        games(app)

    n = len(app.game.holes) if app.game is not None else len(app.state["game"].get("holes") or ())
    # (a game with no hole played has nothing for History: a probe found it there, "best None")
    app.push(Menu(app, ("A game is on: %d hole%s in" % (n, "" if n == 1 else "s"), "A game is on"),
                  [("Keep playing", keep)] + [("Finish into History", into_history)] * (n > 0) +
                  [("Discard it", discard)]))


