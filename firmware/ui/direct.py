# Entering a card directly, for the boards where a card is one press: a
# keyboard's key (ui/typed.py) or a tap on the touch pad (ui/pad.py). A
# card goes into the grid's current cell and the cursor moves to the next
# cell still empty; the grid's last empty cell completes the player
# (GridEntry.put, ui/entry.py: the touch boards' pad, ui/pad.py, needs
# nothing of this file's in a hole). The button boards step through the
# cards instead. Loaded while a hole is entered (app.LEAVES).
from hardware import BACK, DOWN, LEFT, OK, RIGHT, UP
from engine.hole import TOTAL

# A key that is not a card's own name, by game: its card where the game has
# that card (docs/KEYS.md). 0 is 10 where no card is 0, 1 the ace where no
# card is 1; T is 10 where no card is T; H and - the hole-in-one (-5);
# E and W eleven and twelve; O the joker; S the queen of spades.
ALIAS = {"0": "10", "T": "10", "1": "A", "H": "HIO", "-": "HIO", "E": "11", "W": "12", "O": "JK", "S": "QS"}


def card(c, rules):
    """The card key c enters in this game, or None."""
    u = c.upper() if "a" <= c <= "z" else c  # (upper() makes a string, even of "5")
    if u in rules.tokens:
        return u
    if c == ".":
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
def typed_grid(grid, k):
    """A keyboard's key k on a grid (GridEntry.keyboard, FixEntry's)."""
    grid.note = None
    if k == OK and grid.hole.phone_grid():
        grid.accept()  # the grid the player's phone sent (ui/entry.py)
    elif k == "=" or k == OK:
        if not grid.one_card:  # (a past hole's card is fixed alone)
            grid.total_only()
    elif len(k) == 1:
        tok = card(k, grid.hole.rules)
        if tok is not None:
            grid.put(tok)
        elif k != " ":
            grid.note = "no card is '%s'" % k
            grid.dirty = True
    elif k == UP or k == DOWN:  # (no tuple made a key)
        grid.hole.move(1 if k == DOWN else -1, 0)
        grid.changed()
    elif k == LEFT or k == RIGHT:
        grid.hole.move(0, 1 if k == RIGHT else -1)
        grid.changed()
    elif k == BACK and not grid.one_card:
        grid.back()
    else:
        grid.key(k)


def typed_cards(screen, k):
    """A hand (or a list of cards): a key is a card, = the total instead
    (a hand's); Enter: the cards are complete."""
    if len(k) == 1:
        u = k.upper()
        tok = TOTAL if k == "=" else u if u in screen.cycle else ALIAS.get(u)
        if tok is not None and tok in screen.cycle and tok != "end":
            screen.choice = tok
            screen.key(OK)
        return
    if k == OK and "end" in screen.cycle:
        screen.choice = "end"
    screen.key(k)


# --- a number typed (a keyboard's digits, a touch board's digit pad) -------------
def number(screen, k):
    """Digits type the number (- first: negative), backspace rubs one out;
    Enter takes it within the bounds; the arrows still step it."""
    t = getattr(screen, "typed", "")
    if screen.show is not str and len(k) == 1:
        return  # a number shown as something else (the sleep time in steps of 30 s): the arrows
    if k == BACK and t:
        t = t[:-1]
    elif "0" <= k <= "9" and len(k) == 1 or k == "-" and not t and screen.lo < 0:
        t += k
        if t != "-" and abs(int(t)) > max(abs(screen.lo), abs(screen.hi)):
            return  # more digits than any number allowed: not taken
    elif k == OK and not screen.lo <= screen.n <= screen.hi:
        return  # typed past the bounds: Enter waits for a number it may take
    elif len(k) > 1:
        screen.typed = ""
        screen.key(k)
        return
    else:
        return
    screen.typed = t
    screen.n = int(t) if t not in ("", "-") else 0 if screen.lo <= 0 <= screen.hi else screen.lo
    screen.dirty = True
