# The words of a ScoreError (engine/errors.py): its one line, and a bad
# value as it is named in one. Its own module, loaded when an error is put
# into words and let go at the next hub (app.LEAVES): its code is not in the
# heap while a game is played without one (docs/MEMORY.md).


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


def text(e):
    """ScoreError e as one line: where, then what is wrong."""
    parts = []
    if e.hole is not None:
        parts.append(e.hole)
    if e.player is not None:
        who = "player %d" % (e.player + 1)
        if e.name:
            who += " (%s)" % clean(e.name)
        parts.append(who)
    if e.row is not None:
        parts.append("row %d" % (e.row + 1))
    if e.col is not None:
        parts.append("column %d" % (e.col + 1))
    if e.card is not None:
        parts.append("card %d" % (e.card + 1))
    msg = clean(e.msg)
    if parts:
        return ", ".join(parts) + ": " + msg
    return msg
