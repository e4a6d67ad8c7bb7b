# The pads of a touch board (ui/touch.py draws them along the bottom, 40x40
# px keys): in a hole's entry the game's cards, then the total (#) and
# Back; a hand's cards, Done and Back (a number's digits: ui/numpad.py). A tap on a card
# fills the grid's current cell and moves on (ui/onepress.py's put, imported
# by a grid's functions only: a hand's pad loads none of it);
# a tap on a cell selects it. These are the bodies of the screens' pad() and press()
# (the input contract, ui/widgets.py).
# Loaded while a hole or a list of cards is entered (app.LEAVES).
from hardware import BACK, OK
from engine.hole import TOTAL


# --- a hole's grid (ui/grid.py's GridEntry) ---------------------------------
def grid_keys(grid):
    """The game's cards, ".", the total (#) and Back; OK too on a grid its
    player's phone sent (OK takes it). Made once a hole (a pad is drawn, and
    tapped, often: no list made each time)."""
    import ui.onepress  # a grid's only: a hand's pad needs none of it (a "from" import here allocates)

    hole = grid.hole
    if grid.ready and ui.onepress.last(grid):
        # the last grid, scored: OK where the total was (the pad's keys stay where they are: a
        # tap as the grid completes finds the key it aimed at; before the last, the next
        # player's first card, or the total, moves on)
        flow = grid.flow
        keys = flow.ready_keys
        if keys is None:
            keys = flow.ready_keys = tuple("OK" if k == TOTAL else k for k in grid_keys_of(grid))
        return keys
    keys = getattr(grid, "pad_keys", None)
    if keys is not None:
        return keys
    keys = grid_keys_of(grid)
    if hole.phone_grid():
        keys += ("OK",)
        grid.pad_keys = keys
    return keys


def grid_keys_of(grid):
    flow = grid.flow
    keys = flow.pad_keys  # every player's the same
    if keys is None:
        keys = flow.pad_keys = grid.hole.cycle + ("Back",)  # the cards, "." where the game has it, the total
    return keys


def grid_press(grid, label):
    import ui.onepress

    grid.note = None
    if label == "Back":
        grid.back()  # (asks before the player's cards go; a ready grid's: its last card again)
    elif label == "OK":
        if grid.ready:
            ui.onepress.go_on(grid)
        else:
            ui.onepress.accept(grid)
    elif label == grid.hole.cycle[-1]:  # the total (#)
        if grid.ready:
            ui.onepress.go_on(grid, label)  # the next player's
        else:
            grid.total_only()
    else:
        ui.onepress.put(grid, label)


# --- a list of cards, a hand (ui/cardlist.py) --------------------------------
def card_keys(screen):
    """The list's cards (Done for its end); Del takes the last card away,
    with none it is Back."""
    keys = getattr(screen, "card_keys", None)
    if keys is None:
        keys = screen.card_keys = tuple("Done" if c == "end" else c for c in screen.cycle)
    return keys + ("Del" if screen.cards else "Back",)


def card_press(screen, label):
    if label in ("Back", "Del"):
        screen.key(BACK)
    else:
        screen.choice = "end" if label == "Done" else label
        screen.key(OK)
