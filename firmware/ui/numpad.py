# A number typed: a keyboard's digits (ui/typed.py) or a touch board's digit
# pad (ui/touch.py draws it along the bottom). Its own module, loaded while a
# number is typed (app.LEAVES): not with the cards' typing (ui/direct.py) or
# pad (ui/pad.py), which a new game's counts loaded before (docs/MEMORY.md).
from hardware import BACK, OK

DIGITS = tuple("1234567890")


def keys(screen):
    """A number's pad: Del rubs out a digit; with none typed it is Back."""
    rub = "Del" if getattr(screen, "typed", "") else "Back"
    return DIGITS + (("-",) if screen.lo < 0 else ()) + (rub, "OK")


def press(screen, label):
    """A key of the number's pad tapped."""
    number(screen, BACK if label in ("Del", "Back") else OK if label == "OK" else label)


def number(screen, key):
    """Digits type the number (- first: negative), backspace rubs one out;
    Enter takes it within the bounds; the arrows still step it."""
    t = getattr(screen, "typed", "")
    if screen.show is not str and len(key) == 1:
        return  # a number shown as something else (the sleep time in steps of 30 s): the arrows
    if key == BACK and t:
        t = t[:-1]
    elif "0" <= key <= "9" and len(key) == 1 or key == "-" and not t and screen.lo < 0:
        t += key
        if t != "-" and abs(int(t)) > max(abs(screen.lo), abs(screen.hi)):
            return  # more digits than any number allowed: not taken
    elif key == OK and not screen.lo <= screen.n <= screen.hi:
        return  # typed past the bounds: Enter waits for a number it may take
    elif len(key) > 1:
        screen.typed = ""
        screen.key(key)
        return
    else:
        return
    screen.typed = t
    screen.n = int(t) if t not in ("", "-") else 0 if screen.lo <= 0 <= screen.hi else screen.lo
    screen.dirty = True
