# Screens the others are built from: the base Screen, a menu, a yes/no question, a
# message and a name picker (a number: ui/number.py). All work with the four logical keys; BACK
# always goes back.
from hardware import BACK, DOWN, OK, UP
from ui.draw import ACCENT, DIM, FG, SEL_FG


class Screen:
    """A screen: key(k) reacts (and sets self.dirty), draw(pen) draws.

    The input contract: every screen takes the logical keys, key(k). A
    screen that takes more answers, where it has them (the input modules
    ask with hasattr: a button board's screens need none of it):
      keyboard(k)   a keyboard's key, a character or a logical key (ui/typed.py)
      pad()         the labels of its touch pad, drawn along the bottom
                    instead of the bar of keys; () for none (ui/touch.py)
      press(label)  a key of that pad tapped
      tap(x, y)     a tap on the screen above the pad
    A Menu and a Number are answered by ui/typed.py and ui/touch.py
    themselves (a number's typing: ui/numpad.py). hub: a screen where app.LEAVES are let go."""

    hub = False
    number = False  # a Number (ui/number.py), answered by the input modules themselves

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def key(self, key):
        pass

    def draw(self, pen):
        pass

    def __call__(self, pen):  # Pen.frame(screen): drawn with no method taken (an object made) a frame
        self.draw(pen)

    def shown(self):
        """Called when the screen comes back to the front."""


def header(pen, title):
    """The title line and its rule; returns the y below it. title: a
    string, or (long, short): the long one where it fits."""
    if type(title) is tuple:
        title = title[0] if pen.text_width(title[0]) + 2 <= pen.d.width else title[1]
    pen.text(title, 2, 1, ACCENT)
    y = pen.line_h + 3
    pen.fill(0, y - 2, pen.d.width, 1, DIM)
    return y


def list_rows(pen, top, items, cursor, values=None):
    """Draw a list under `top` with the cursor's row highlighted, scrolled so
    that the cursor stays on screen. values: text shown right-aligned; a row
    whose label and value do not fit on one line takes two, and so does a
    label too long for a line (broken at a space)."""
    lh = pen.line_h + 2
    w = pen.d.width
    room = (w - 6) // (8 * pen.scale)  # characters on a line
    vals = values or [""] * len(items)
    first, tall = scroll(pen, top, items, cursor, vals)
    y = top
    for i in range(first, len(items)):
        h = lh * (2 if tall[i] else 1)
        if y + h > pen.h:
            break
        sel = i == cursor
        if sel:
            pen.highlight(0, y, w, h)
        label = items[i]
        x = 4
        if len(label) > room:  # two lines, the second indented: at the first space whose rest fits
            cut = label.find(" ")
            if not 0 < cut <= room or len(label) - cut > room:
                cut = label.rfind(" ", 0, room + 1)
            cut = cut if cut > 0 else room
            pen.text(label[:cut], x, y + 2, SEL_FG if sel else FG)
            label = label[cut:].lstrip()
            x += 8 * pen.scale
            y += lh
            h -= lh
        pen.text(label, x, y + 2, SEL_FG if sel else FG)
        if vals[i]:
            pen.text(vals[i], w - pen.text_width(vals[i]) - 3, y + h - lh + 2, SEL_FG if sel else ACCENT)
        y += h


def scroll(pen, top, items, cursor, vals):
    """How list_rows lays the rows out: (the first row shown, for each row
    whether it takes two lines)."""
    room = (pen.d.width - 6) // (8 * pen.scale)  # characters on a line
    tall = [len(items[i]) > room or bool(vals[i]) and len(items[i]) + 1 + len(vals[i]) > room
            for i in range(len(items))]
    height = (pen.h - top) // (pen.line_h + 2)  # lines on the screen
    first = cursor  # back up from the cursor while the rows still fit
    used = 2 if tall[cursor] else 1
    while first > 0 and used + (2 if tall[first - 1] else 1) <= height:
        first -= 1
        used += 2 if tall[first] else 1
    return first, tall


class Menu(Screen):
    """items: [(label, action)]; OK calls action(), BACK calls on_back() or
    goes back. value(i) may give a right-aligned value for item i. A menu
    of fixed items (a subclass's ITEMS: (label, the name of its method))
    gives no items."""

    value = None  # or a function: i -> the value shown for item i
    ITEMS: tuple = ()

    def __init__(self, app, title, items=None, on_back=None, cursor=0, value=None):
        super().__init__(app)
        self.title = title
        if items is None:
            items = [(label, getattr(self, name)) for label, name in self.ITEMS]
        self.items = items
        self.on_back = on_back
        self.cursor = cursor
        if value is not None:  # (a subclass may define value() instead)
            self.value = value

    def key(self, key):
        n = len(self.items)
        if key == UP:
            self.cursor = (self.cursor - 1) % n
        elif key == DOWN:
            self.cursor = (self.cursor + 1) % n
        elif key == OK:
            self.items[self.cursor][1]()
        elif key == BACK:
            if self.on_back:
                self.on_back()
            else:
                self.app.pop()
            return
        self.dirty = True

    def draw(self, pen):
        top = header(pen, self.title)
        labels = [i[0] for i in self.items]
        values = [self.value(i) for i in range(len(self.items))] if self.value else None
        list_rows(pen, top, labels, self.cursor, values)


def confirm(app, question, on_yes, yes="Yes", no="No", what=None):
    """A yes/no menu that starts on No; No (or BACK) just goes back. what:
    shown beside the yes item (a name too long for the question's line)."""

    def do_yes():
        app.pop()
        on_yes()

    app.push(Menu(app, question, [(no, app.pop), (yes, do_yes)],
                  value=None if what is None else lambda i: what if i else ""))


class Message(Screen):
    """Rows of text, scrolled with UP/DOWN; OK or BACK goes back (then
    on_close, if given). A row is a string (wrapped to the width) or a
    (label, value) pair with the value right-aligned."""

    def __init__(self, app, title, rows, on_close=None):
        super().__init__(app)
        self.title = title
        self.rows = rows
        self.on_close = on_close
        self.first = 0
        self._lines = None  # rows laid out for the panel, made on first draw

    def key(self, key):
        if key == OK or key == BACK:
            self.app.pop()
            if self.on_close:
                self.on_close()
        elif key == DOWN and self._lines and self.first < len(self._lines) - 1:
            self.first += 1
            self.dirty = True
        elif key == UP and self.first > 0:
            self.first -= 1
            self.dirty = True

    def draw(self, pen):
        if self._lines is None:
            self._lines = layout(pen, self.rows)
        y = header(pen, self.title)
        w = pen.d.width
        lines = self._lines
        for i in range(self.first, len(lines)):
            line = lines[i]
            if y + 2 * pen.line_h > pen.h and i + 1 < len(lines):
                for i in range(4):  # more below: a sign in this line's place that DOWN scrolls on
                    pen.fill(w // 2 - 3 + i, y + 2 + i, 7 - 2 * i, 1, ACCENT)
                break
            if type(line) is tuple:
                pen.text(line[0], 2, y, FG)
                pen.text(line[1], w - pen.text_width(line[1]) - 2, y, ACCENT)
            else:
                pen.text(line, 2, y, FG)
            y += pen.line_h


def layout(pen, rows):
    """Rows fitted to the width: strings wrapped at spaces; a (label, value)
    pair that does not fit on one line takes two (the value right-aligned
    under its label)."""
    room = (pen.d.width - 4) // (8 * pen.scale)
    out: list = []
    for row in rows:
        if type(row) is tuple:
            label, value = row
            if len(label) + 1 + len(value) > room:
                out += wrap(pen, [label])
                out.append(("", value))
            else:
                out.append((label, value))
        else:
            out += wrap(pen, [row])
    return out


def wrap(pen, lines):
    """Lines broken at spaces to fit the width."""
    room = (pen.d.width - 4) // (8 * pen.scale)
    out = []
    for line in lines:
        while len(line) > room:
            cut = line.rfind(" ", 0, room + 1)
            if cut <= 0:
                cut = room
            out.append(line[:cut])
            line = line[cut:].lstrip()
        out.append(line)
    return out
