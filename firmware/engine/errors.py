# One error type for every bad input the engine sees. It carries where the
# problem is (hole, player, row, column, card) so that the screen and
# tools/score.py can name it in one line.


def clean(text):
    """text with control characters escaped (C0, DEL, C1, and U+2028 and U+2029, which some
    editors break lines at): a message stays on one line."""
    for ch in text:
        o = ord(ch)
        if o < 0x20 or 0x7F <= o < 0xA0 or o == 0x2028 or o == 0x2029:
            break
    else:
        return text
    out = []
    for ch in text:
        o = ord(ch)
        if o == 10:
            out.append("\\n")
        elif o == 9:
            out.append("\\t")
        elif o < 0x20 or 0x7F <= o < 0xA0:
            out.append("\\x%02x" % o)
        elif o == 0x2028 or o == 0x2029:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    return "".join(out)


def show(value):
    """A short, JSON-like rendering of a bad value for an error message."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is str:
        text = "'" + clean(value) + "'"
    elif type(value) is list:
        text = "a list"
    elif type(value) is dict:
        text = "an object"
    else:
        text = str(value)
    if len(text) > 24:
        text = text[:21] + "..."
    return text


class ScoreError(ValueError):
    """Bad input. text() is one line: where, then what is wrong."""

    def __init__(self, msg, row=None, col=None, card=None):
        super().__init__(msg)
        self.msg = msg
        self.hole = None  # a label: "hole 3", "playoff hole 1", "discard"
        self.player = None  # index in the game
        self.name = None  # the player's name
        self.row = row  # 0-based; shown 1-based
        self.col = col
        self.card = card

    def text(self):
        parts = []
        if self.hole is not None:
            parts.append(self.hole)
        if self.player is not None:
            who = "player %d" % (self.player + 1)
            if self.name:
                who += " (%s)" % clean(self.name)
            parts.append(who)
        if self.row is not None:
            parts.append("row %d" % (self.row + 1))
        if self.col is not None:
            parts.append("column %d" % (self.col + 1))
        if self.card is not None:
            parts.append("card %d" % (self.card + 1))
        msg = clean(self.msg)
        if parts:
            return ", ".join(parts) + ": " + msg
        return msg

    def __str__(self):
        return self.text()
