# A keyboard's keys (the Cardputer's): the board's keys give the four
# logical keys (enter ok, backspace back, fn with the arrows) and every
# other key the character it types (drivers/keyboard.py). Here each screen
# takes what a keyboard gives it: in a hole's grid or hand a key is a card
# (ui/direct.py), Enter the player's total; a menu takes digits and first
# letters (to the row: Enter chooses); a number takes digits; a name is typed. Anything else goes to
# the screen as the logical key it is. Loaded on keyboard boards only
# (app.App); the legend of each game's keys is docs/KEYS.md.
from hardware import DOWN, UP
from ui.widgets import Menu

NAV = {";": UP, ",": UP, ".": DOWN, "/": DOWN}  # in a menu: the arrow keys without fn
OK_KEY = DONE_KEY = "Enter"  # what the screens call the key that takes a grid or a hand


def key(app, screen, key):
    """A key (a logical key or a character) to the screen: to its keyboard()
    where it has one (the input contract, ui/widgets.py); a menu and a
    number are answered here."""
    if hasattr(screen, "keyboard"):
        screen.keyboard(key)  # (called, not taken: a method taken is an object made)
    elif screen.number:
        import ui.numpad  # (app.LEAVES)

        ui.numpad.number(screen, key)
    elif len(key) > 1:
        screen.key(key)
    elif isinstance(screen, Menu):
        menu(screen, key)
    elif key in NAV:  # a result, a note: scrolled by the arrows' keys without fn too (issue 57, 5)
        screen.key(NAV[key])


def menu(screen, key):
    if key in NAV:
        screen.key(NAV[key])
        return
    n = len(screen.items)
    if "1" <= key <= "9":  # to the row by its number ("- choose -" not counted); Enter chooses
        i = int(key) - 1 + (1 if screen.items[0][0] == "- choose -" else 0)
        if i < n:
            screen.cursor = i
            screen.dirty = True
        return
    c = key.upper()
    for step in range(1, n + 1):  # the next row starting with the letter
        i = (screen.cursor + step) % n
        if screen.items[i][0][:1].upper() == c:
            screen.cursor = i
            screen.dirty = True
            return


def hint(grid):
    """Under a grid: the player before's score first (what is below the
    screen's last line is not drawn: on the Cardputer a 3x3 grid's extras
    leave room for a line or two), then the keys that are not the cards'
    own names, and Enter."""
    import ui.direct
    import ui.onepress

    prev = ui.onepress.previous(grid)
    return (prev + "\n" if prev else "") + ui.direct.legend(grid.hole.rules) + " Enter=total"
