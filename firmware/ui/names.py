# A name typed letter by letter with the board's few buttons. Only the new
# game's player names use it: its own module, loaded with them and let go
# (app.LEAVES).
from hardware import BACK, DOWN, OK, UP
from ui.draw import DIM, FG, SEL_FG
from ui.widgets import Screen, header

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
DONE = -1  # the choice just before A: finish (one UP from A)


class NameEntry(Screen):
    """A name, letter by letter: UP/DOWN choose the letter ('done' comes
    just before A), OK takes it, BACK rubs out the last letter (or goes back
    when the name is empty). The picker stays on the letter just taken."""

    MAX = 8

    def __init__(self, app, title, on_done, name=""):
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.name = name
        self.choice = DONE if name else 0

    def key(self, key):
        if key == UP or key == DOWN:
            i = self.choice + 1  # 0 is done, then the letters
            i = (i + (1 if key == DOWN else -1)) % (len(LETTERS) + 1)
            self.choice = i - 1
        elif key == OK:
            if self.choice == DONE or len(self.name) >= self.MAX:
                self.finish()
                return
            self.name += LETTERS[self.choice]  # the picker stays on that letter
            if len(self.name) >= self.MAX:
                self.choice = DONE
        elif key == BACK:
            if not self.name:
                self.app.pop()
                return
            self.name = self.name[:-1]
        self.dirty = True

    def finish(self):
        if self.name.strip():
            self.on_done(self.name.strip())
        else:  # (done on nothing: said, not silently ignored)
            from ui.widgets import Message

            self.app.push(Message(self.app, "No name yet", ["A name needs a letter or a digit.",
                                                            "Back leaves without one."]))

    def add(self, char):
        if len(self.name) < self.MAX:
            self.name += char
            self.dirty = True

    # What a keyboard and a touch pad ask of a name (the input contract, ui/widgets.py):
    # a letter typed or tapped is added; Enter or Done finishes it
    digits = False  # the pad shows the digits (123), not the letters (ABC)

    def keyboard(self, key):
        if key == OK:
            self.finish()
        elif len(key) > 1:
            self.key(key)
        elif key.upper() in LETTERS:
            self.add(key.upper())

    def pad(self):
        """Del rubs out the last letter; with none left it is Back (nothing
        typed is lost); 123 and ABC switch between the letters and the digits."""
        d = self.digits
        return tuple("1234567890" if d else LETTERS[:26]) + ("sp", "Del" if self.name else "Back", "Done",
                                                              "ABC" if d else "123")

    def press(self, label):
        if label == "Done":
            self.finish()
        elif label in ("Del", "Back"):
            self.key(BACK)
        elif label in ("123", "ABC"):
            self.digits = label == "123"
            self.dirty = True
        else:
            self.add(" " if label == "sp" else label)

    def draw(self, pen):
        top = header(pen, self.title)
        shown = self.name + ("_" if len(self.name) < self.MAX else "")
        pen.text(shown, 4, top + 2, FG, pen.big if pen.d.width >= 200 else pen.scale)
        y = top + 2 + 8 * (pen.big if pen.d.width >= 200 else pen.scale) + 6
        kind = getattr(self.app.hw.keys, "kind", None)
        if kind is not None:  # typed, or tapped on the pad (ui/pad.py): no picker
            if kind == "keyboard":
                pen.text("Enter: done", 4, y, DIM)
            return
        # the letter chosen with its neighbours, so that "done" (before A)
        # and the way to a letter are in view: "Y Z [A] B C"
        n = len(LETTERS) + 1
        i = self.choice + 1  # 0 is done
        x = 4
        for off in (-2, -1, 0, 1, 2):
            j = (i + off) % n - 1
            label = "done" if j == DONE else ("sp" if LETTERS[j] == " " else LETTERS[j])
            w = pen.text_width(label)
            if x + w > pen.d.width:
                break
            if off == 0:
                pen.highlight(x - 2, y - 1, w + 4, pen.line_h)
                pen.text(label, x, y, SEL_FG)
            else:
                pen.text(label, x, y, DIM)
            x += w + pen.text_width(" ")
