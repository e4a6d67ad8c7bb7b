# Check this board (Settings, and once by itself at the first start after
# make deploy, which leaves the file "check"): is the picture right, and
# does every key answer? A test card (colour bars named, white on black,
# an arrow that says which side is up, a mark in each corner) with the
# fixes under it: Mirror, Turn, Swap red/blue, Invert, kept in the settings
# ("glass") and applied at every start (app.App). Then each key, button or
# tap is named as it is pressed, beside the battery's reading. Loaded only
# while shown: it lets itself go when done (not in app.LEAVES, whose every
# name costs the boot heap a qstr). docs/BOARDS.md, "The first flash".
import os
import sys

from hardware import BACK, DOWN, LONG, OK, UP
from ui.draw import _COLOURS, ACCENT, BG, DIM, FG, SEL_FG
from ui.widgets import Screen, header

FIXES = (("Looks right", 0), ("Mirror", 1), ("Turn", 2), ("Swap red/blue", 4), ("Invert", 8))
BARS = ((8, (255, 0, 0), "RED"), (9, (0, 255, 0), "GREEN"), (10, (0, 0, 255), "BLUE"))  # the chart's
MARKER = "check"  # the file make deploy leaves: check the board at the next start


class BoardCheck(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.choice = 0
        self.keys = False  # the second part: the keys named as they are pressed
        self.named: list = []  # the last keys named, newest last
        self.at = None  # the last tap
        d = app.pen.d
        for i, rgb, _ in BARS:  # pure red, green and blue while the card is shown
            d.set_colour(i, rgb[0], rgb[1], rgb[2])

    # --- the picture -------------------------------------------------------
    def fix(self):
        """The corrections in the settings (bits: 1 mirror, 2 turn, 4 swap, 8 invert)."""
        return self.app.state["settings"].get("glass", 0)

    def key(self, key):
        if self.keys:
            if key == BACK:
                self.done()
            else:
                self.name(self.buttons(key))
            return
        n = len(self.options())
        if key == UP:
            self.choice = (self.choice - 1) % n
        elif key == DOWN:
            self.choice = (self.choice + 1) % n
        elif key == OK:
            bit = self.options()[self.choice][1]
            if not bit:
                self.keys = True
            else:
                self.apply(self.fix() ^ bit)
        elif key == BACK:
            self.done()
            return
        self.dirty = True

    def options(self):
        return FIXES if not self.app.pen.mono else FIXES[:3] + FIXES[4:]  # no colours to swap

    def apply(self, bits):
        s = self.app.state["settings"]
        flip = (self.fix() ^ bits) & 3
        t = getattr(self.app.hw.keys, "touch", None)
        if flip and t is not None and getattr(self.app.hw.display, "moves", True):
            # the picture mirrored (its x) or turned (x and y) on the glass under the panel: a tap is
            # read the same way, so that every key is where it is seen (issue 56, 2); kept with the fix
            c = t.cal
            t.cal = (c[1], c[0]) + ((c[3], c[2]) if flip & 2 else (c[2], c[3])) + (c[4],)
            s["touch"] = list(t.cal)
        if bits:
            s["glass"] = bits
        else:
            s.pop("glass", None)
        self.app.hw.display.fix(bits)
        self.app.save()

    def draw(self, pen):
        if self.keys:
            self.draw_keys(pen)
            return
        w, h = pen.d.width, pen.h
        m = 4 * pen.scale  # the corner marks: a wrong offset cuts one off
        for x, y in ((0, 0), (w - m, 0), (0, h - m), (w - m, h - m)):
            pen.fill(x, y, m, m, FG)
        y = m + 1
        pen.centred("Board check", y, ACCENT)
        y += pen.line_h + 2
        names = self.app.hw.button_names
        if hasattr(pen.d, "held") and names:
            # an OLED whose chip a button held at power-on swaps (boards/devkit_oled.py): the way out
            # of a garbled picture, where one would look first (issue 56, 1)
            for line in ("Noise? Hold " + names[0].upper(), "at power-on."):
                pen.centred(line, y, FG)
                y += pen.line_h
            y += 1
        else:
            bw = (w - 2 * m) // 3
            for i in range(3):
                role, _, label = BARS[i]
                x = m + i * bw
                pen.fill(x + 1, y, bw - 2, pen.line_h + 2, role)
                k = fit(pen, label, pen.d.width - bw + 4)
                pen.text(label, x + (bw - pen.text_width(label, k)) // 2, y + 2, BG, k)
            y += pen.line_h + 5
        if not pen.mono:  # (on a one-colour panel everything is white on black)
            pen.centred("White on black", y, FG)
            y += pen.line_h + 1
        # an arrow pointing up, and the words
        s = pen.line_h - 2
        ax = m + s // 2 + 2
        pen.line(ax, y, ax - s // 2, y + s // 2, FG)
        pen.line(ax, y, ax + s // 2, y + s // 2, FG)
        pen.fill(ax, y, pen.scale, s, FG)
        pen.text("this side up", ax + s, y + 1, FG)
        label = "< %s >" % self.options()[self.choice][0]
        y = h - pen.line_h - 2
        pen.highlight(m + 2, y - 1, w - 2 * m - 4, pen.line_h + 2)
        pen.centred(label, y, SEL_FG, fit(pen, label, 2 * m + 4))

    # --- the keys ----------------------------------------------------------
    def buttons(self, key):
        """What pressing this logical key was: the board's buttons that give it,
        as "top: down", "top+bottom: up", "B long: back"."""
        hw = self.app.hw
        keymap = getattr(hw.keys, "keymap", None)
        names = hw.button_names
        if type(keymap) is not dict or not names:
            return key
        found: list = []
        for (b, kind), given in keymap.items():
            if given == key:
                n = names[b] if type(b) is int else names[b[0]] + "+" + names[b[1]]
                n += " long" if kind == LONG else ""
                if n not in found:
                    found.append(n)
        return " or ".join(found) + ": " + key if found else key

    def name(self, what):
        self.named.append(what)
        del self.named[:-4]
        self.dirty = True

    def keyboard(self, key):  # a keyboard's key (ui/typed.py): each is named, Backspace ends
        if not self.keys:
            if len(key) > 1:
                self.key(key)
            return
        if key == BACK:
            self.done()
        else:
            self.name("key " + key)

    def pad(self):  # a touch panel: the bar while the picture is checked, then one key (ui/touch.py)
        return ("Done",) if self.keys else None

    def press(self, label):
        self.done()

    def tap(self, x, y):
        self.at = (x, y)
        self.name("tap at %d, %d" % (x, y))

    def draw_keys(self, pen):
        y = header(pen, "Press each key")
        for line in self.named or ["(nothing yet)"]:
            pen.text(line, 2, y, FG if self.named else DIM, fit(pen, line))
            y += pen.line_h
        battery = self.app.hw.battery
        if battery is not None:
            p = battery.percent()
            pen.text("battery: " + ("USB" if p is None else "%d%%" % p), 2, y, ACCENT)
        if self.at is not None:
            x, ty = self.at
            pen.fill(x - 6, ty, 13, 1, ACCENT)
            pen.fill(x, ty - 6, 1, 13, ACCENT)
        kind = getattr(self.app.hw.keys, "kind", None)
        if kind != "touch":  # (a touch panel's Done key is drawn below)
            end = ("Backspace" if kind == "keyboard" else self.buttons(BACK).rsplit(":", 1)[0]) + ": done"
            pen.centred(end, pen.h - pen.line_h, DIM, fit(pen, end))

    def done(self):
        d = self.app.pen.d
        for index, rgb in _COLOURS:  # the chart's colours back
            if index in (8, 9, 10):
                d.set_colour(index, rgb[0], rgb[1], rgb[2])
        try:
            os.remove(MARKER)
        except OSError:
            pass  # from the settings: there was none
        app = self.app
        app.pop()
        if sys.modules.pop(__name__, None) is not None:  # as app.forget: freed once this screen is
            parent = sys.modules.get("ui")
            if parent is not None and hasattr(parent, "check"):
                delattr(parent, "check")


def fit(pen, text, margin=4):
    """The text's scale: the usual, or the small one where the usual would not fit."""
    return 1 if pen.text_width(text) > pen.d.width - margin else None
