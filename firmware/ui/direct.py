# Entering a card directly, for the boards where a card is one press: a
# keyboard's key (ui/typed.py) or a tap on the touch pad (ui/pad.py). A
# card goes into the grid's current cell and the cursor moves to the next
# cell still empty; the grid's last empty cell completes the player, whose
# grid stands scored until the next player's first card or Enter moves on
# (ui/onepress.py, imported by a grid's keys only: the touch boards' pad,
# ui/pad.py, needs nothing of this file's in a hole). The button boards step through the
# cards instead. Loaded while a hole is entered (app.LEAVES).
from hardware import BACK, DOWN, LEFT, OK, RIGHT, UP
from engine.hole import TOTAL

# A key that is not a card's own name, by game: its card where the game has
# that card (docs/KEYS.md). 0 is 10 where no card is 0, 1 the ace where no
# card is 1; T is 10 where no card is T; H and - the hole-in-one (-5);
# E and W eleven and twelve; O the joker; S the queen of spades.
ALIAS = {"0": "10", "T": "10", "1": "A", "H": "HIO", "-": "HIO", "E": "11", "W": "12", "O": "JK", "S": "QS"}


def card(tok, rules):
    """The card key c enters in this game, or None."""
    u = tok.upper() if "a" <= tok <= "z" else tok  # (upper() makes a string, even of "5")
    if u in rules.tokens:
        return u
    if tok == ".":
        return "." if rules.dots else None
    u = ALIAS.get(u)
    return u if u in rules.tokens else None


def legend(rules):
    """The game's keys that are not its cards' own names, one a card: "t=10 h=HIO"
    (a letter as its key shows it: o, not O beside the digit 0)."""
    out = []
    seen = []
    for k in "0T1HEWOS-":  # in this order (a dict has none on MicroPython): letters before -
        tok = ALIAS[k]
        if tok in rules.tokens and tok not in seen and card(k, rules) == tok:
            seen.append(tok)
            out.append("%s=%s" % (k.lower(), tok))
    return " ".join(out)


# --- a keyboard's keys (ui/typed.py) ---------------------------------------
def typed_grid(grid, key):
    """A keyboard's key on a grid (GridEntry.keyboard, FixEntry's)."""
    import ui.onepress  # a grid's only: a hand's keys need none of it (a "from" import here allocates)

    grid.note = None
    if grid.ready and (key == OK or key == "="):
        ui.onepress.go_on(grid, TOTAL if key == "=" else None)  # on; "=": the next player's total
    elif key == OK and grid.hole.phone_grid():
        ui.onepress.accept(grid)  # the grid the player's phone sent (ui/entry.py)
    elif key == "=" or key == OK:
        if not grid.one_card:  # (a past hole's card is fixed alone)
            grid.total_only()
    elif len(key) == 1:
        tok = card(key, grid.hole.rules)
        if tok is not None:
            ui.onepress.put(grid, tok)
        elif key != " ":
            grid.note = "no card is '%s'" % key
            grid.dirty = True
    elif key == UP or key == DOWN:  # (no tuple made a key)
        ui.onepress.set_ready(grid, False)  # a card of a ready grid to change
        grid.hole.move(1 if key == DOWN else -1, 0)
        grid.changed()
    elif key == LEFT or key == RIGHT:
        ui.onepress.set_ready(grid, False)
        grid.hole.move(0, 1 if key == RIGHT else -1)
        grid.changed()
    elif key == BACK and not grid.one_card:
        grid.back()
    else:
        grid.key(key)


def typed_cards(screen, key):
    """A hand (or a list of cards): a key is a card, = the total instead
    (a hand's); Enter: the cards are complete."""
    if len(key) == 1:
        u = key.upper()
        tok = TOTAL if key == "=" else u if u in screen.cycle else ALIAS.get(u)
        if tok is not None and tok in screen.cycle and tok != "end":
            screen.choice = tok
            screen.key(OK)
        else:  # (a probe: it did nothing, unsaid; a grid says so too)
            screen.note = "no card is '%s'" % key
            screen.dirty = True
        return
    if key == OK and "end" in screen.cycle:
        screen.choice = "end"
    screen.key(key)

