# The pads of a touch board (ui/touch.py draws them along the bottom, 40x40
# px keys): in a hole's entry the game's cards, then the total (#) and
# Back; a hand's cards, Done and Back; a name's letters. A tap on a card
# fills the grid's current cell and moves on (ui/direct.py); a tap on a
# cell selects it. Loaded while a hole or a name is entered (app.LEAVES).
from drivers.buttons import BACK, OK
from ui import direct


LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
DIGITS = tuple("1234567890")


def labels(s):
    """The keys of a screen with a pad, by their labels. Made once a screen
    where they do not change (a pad is drawn, and tapped, often: no list
    made each time)."""
    keys = getattr(s, "pad_keys", None)
    if keys is not None:
        return keys
    name = type(s).__name__
    if name == "Number":  # Del rubs out a digit; with none typed it is Back
        return DIGITS + (("-",) if s.lo < 0 else ()) + ("Del" if getattr(s, "typed", "") else "Back", "OK")
    if name == "NameEntry":
        # Del rubs out the last letter; with none left it is Back (nothing typed is lost);
        # 123 and ABC switch between the letters and the digits
        digits = getattr(s, "digits", False)
        return (DIGITS if digits else LETTERS) + ("sp", "Del" if s.name else "Back", "Done",
                                                  "ABC" if digits else "123")
    if name in ("GridEntry", "FixEntry"):
        d = s.d
        keys = getattr(d, "pad_keys", None)  # every player's the same: made once a hole
        if keys is None:
            r = d.rules
            keys = d.pad_keys = tuple(r.tokens) + ((".",) if r.dots else ()) + ("#", "Back")
        if name == "GridEntry" and s.phone_grid():  # the grid the phone sent: OK takes it
            keys += ("OK",)
            s.pad_keys = keys
        return keys
    # a hand, a list of cards: Del takes the last card away; with none it is Back
    keys = getattr(s, "card_keys", None)
    if keys is None:
        keys = s.card_keys = tuple("Done" if c == "end" else c for c in s.cycle)
    return keys + ("Del" if s.cards else "Back",)


def tap(s, pen, x, y, key, per, y0):
    """A tap at (x, y) on screen s, whose pad has keys of side `key`, `per`
    a row, from row y0 down (ui/touch.py lays it out)."""
    keys = labels(s)
    if y >= y0:
        i = (y - y0) // key * per + x // key
        if i < len(keys):
            press(s, keys[i])
    elif type(s).__name__ in ("GridEntry", "FixEntry"):
        cell = grid_cell(s, pen, x, y)
        if cell is not None:
            direct.goto(s, cell)


def press(s, label):
    name = type(s).__name__
    if label == "Back":
        if name == "GridEntry":
            direct.back(s)  # (asks before the player's cards go)
        else:
            s.key(BACK)
    elif label == "Del" and name in ("HandEntry", "CardList"):
        s.key(BACK)
    elif name == "Number":
        direct.number(s, BACK if label == "Del" else OK if label == "OK" else label)
    elif name == "FixEntry" and not s.pick:
        pass  # (a card being stepped with the keys: the pad waits)
    elif name == "NameEntry":
        if label == "Done":
            if s.name.strip():
                s.on_done(s.name.strip())
        elif label == "Del":
            s.key(BACK)
        elif label in ("123", "ABC"):
            s.digits = label == "123"
            s.dirty = True
        elif len(s.name) < s.MAX:
            s.name += " " if label == "sp" else label
            s.dirty = True
    elif name == "FixEntry" and label == "#":  # the total instead: as with the keys, asked first
        s.key(OK)  # this cell
        s.cells[s.cell()] = "#"
        s.key(OK)
    elif name == "GridEntry" and label == "OK":
        s.accept()
    elif name in ("GridEntry", "FixEntry"):
        if label == "#":
            direct.total(s)
        else:
            direct.put(s, label)
    else:
        s.choice = "end" if label == "Done" else label
        s.key(OK)


def grid_cell(g, pen, x, y):
    """The grid cell at (x, y), or None: as GridEntry.draw lays them out."""
    cw = 3 * 8 * pen.scale + 4
    x0 = max(2, (pen.d.width - cw * g.C) // 2)
    r, c = (y - (pen.line_h + 3)) // (pen.line_h + 1), (x - x0 + 2) // cw
    if 0 <= r < g.R and 0 <= c < g.C and x >= x0 - 2:
        return r * g.C + c
    return None
