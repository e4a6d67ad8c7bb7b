# A player's total alone, instead of cards (a grid's "#", a hand's, or the
# total a phone sent): asked only then, so loaded only then and let go at the
# game's menu (app.LEAVES): the rest of a hole's entry (ui/entry.py) stays
# loaded through a game, and this does not (the CYD's whole game, docs/MEMORY.md).
from engine.game import TOTAL_HIGH, TOTAL_LOW
from engine.hole import TOTAL
from ui.number import Number
from ui.widgets import confirm


def ask(flow, player, start, low=TOTAL_LOW, high=TOTAL_HIGH, title=None, then=None):
    """The player's total alone, from start (the cards gone; or the total
    a phone sent); then() first when it is taken (the screen's tidying)."""
    app = flow.app

    def done(total):
        flow.hole.entries[player] = total
        app.pop()
        if then is not None:
            then()
        flow.done(player)

    app.push(Number(app, title or "%s total" % flow.hole.name(player), low, high, start, done))


def instead(screen, cards, then=None):
    """Total only, from a grid (screen) or a hand: asked first where cards
    would be dropped ("Keep cards" changes nothing); then: what asks for
    the total (a hand's own, ui/cardlist.py), a grid's by default."""
    ask_it = then or (lambda: of_grid(screen))
    if cards:
        confirm(screen.app, "Total only?", ask_it, no="Keep cards", yes="Drop cards")
    else:
        ask_it()


def of_grid(screen):
    h, player = screen.hole, screen.player

    def back():
        if h.cells[h.cell()] == TOTAL:  # (buttons: "#" was chosen in the cell)
            h.cells[h.cell()] = h.cycle[0]

    e = h.entries[player]
    ask(screen.flow, player, e if type(e) is int else 0, then=back)
