# A keyboard's keys (the Cardputer's): the board's keys give the four
# logical keys (enter ok, backspace back, fn with the arrows) and every
# other key the character it types (drivers/keyboard.py). Here each screen
# takes what a keyboard gives it: in a hole's grid or hand a key is a card
# (ui/direct.py), Enter the player's total; a menu takes digits and first
# letters (to the row: Enter chooses); a number takes digits; a name is typed. Anything else goes to
# the screen as the logical key it is. Loaded on keyboard boards only
# (app.App); the legend of each game's keys is docs/KEYS.md.
from drivers.buttons import DOWN, OK, UP
from ui.widgets import Menu, Number

NAV = {";": UP, ",": UP, ".": DOWN, "/": DOWN}  # in a menu: the arrow keys without fn
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "  # ui/names.py's letters


def key(app, s, k):
    """Key k (a logical key or a character) to screen s."""
    name = type(s).__name__
    if name in ("GridEntry", "FixEntry", "HandEntry", "CardList"):
        from ui import direct  # while a hole is entered (app.LEAVES)

        direct.typed(s, k)
    elif isinstance(s, Number):
        from ui import direct  # (app.LEAVES)

        direct.number(s, k)
    elif name == "NameEntry":
        c = k.upper()
        if k == OK:  # the name is typed: Enter finishes it
            if s.name.strip():
                s.on_done(s.name.strip())
        elif len(k) > 1:
            s.key(k)
        elif c in NAME_CHARS and len(s.name) < s.MAX:
            s.name += c
            s.dirty = True
    elif len(k) > 1:
        s.key(k)
    elif isinstance(s, Menu):
        menu(s, k)


def menu(m, k):
    if k in NAV:
        m.key(NAV[k])
        return
    n = len(m.items)
    if "1" <= k <= "9":  # to the row by its number ("- choose -" not counted); Enter chooses
        i = int(k) - 1 + (1 if m.items[0][0] == "- choose -" else 0)
        if i < n:
            m.cursor = i
            m.dirty = True
        return
    c = k.upper()
    for step in range(1, n + 1):  # the next row starting with the letter
        i = (m.cursor + step) % n
        if m.items[i][0][:1].upper() == c:
            m.cursor = i
            m.dirty = True
            return


def hint(g):
    """Under a grid: the keys that are not the cards' own names, Enter, and
    the player before's score."""
    from ui import direct

    prev = direct.previous(g)
    return direct.legend(g.d.rules) + " Enter=total" + ("\n" + prev if prev else "")
