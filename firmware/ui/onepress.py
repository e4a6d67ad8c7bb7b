# A hole's grid where a card is one press: a keyboard's key (ui/direct.py) or
# a tap on the touch pad (ui/pad.py). The card goes into the cell under the
# cursor and the cursor on to the next empty cell; the grid's last card leaves
# it standing scored (ready), its breakdown seen, until the next player's
# first card (or OK) moves on: seeing it costs no key (issue 57, 3). The
# button boards step through the cards instead (ui/grid.py's GridEntry.key)
# and load none of this: its code is out of their heap (docs/MEMORY.md).
# Loaded with ui/direct.py and ui/pad.py while a hole is entered (app.LEAVES).
from engine.errors import ScoreError
from engine.hole import TOTAL


def put(grid, tok):
    """tok into the current cell, then on to the next empty cell; none left:
    the grid complete (Hole.put), shown scored until the next player's first
    card or OK (go_on). On a ready grid: that card. A past hole's card
    (ui/fix.py: one_card) is its own put, saved at once."""
    if grid.one_card:
        grid.put(tok)
        return
    if grid.ready:
        go_on(grid, tok)
        return
    h = grid.hole
    i = h.cell()
    try:
        more = h.put(tok)
    except ScoreError as e:  # the cursor stays on it
        from ui.widgets import Message  # (here: ui/direct.py's legend is read off the board too)

        grid.dirty = True
        grid.app.push(Message(grid.app, "Too many", [e.msg, "Change this card."]))
        return
    grid.flow.log_card(i)  # taken: on the flash (here, not a Flow method: the button boards load none of it)
    if not more:
        set_ready(grid, True)
    grid.changed()


def set_ready(grid, on):
    if on != grid.ready:
        grid.ready = on
        L = grid.flow.looks
        if L is not None:
            L.of = None  # the cursor and the line under the grid are another
        if getattr(grid.app.via, "ready_pad", False) and last(grid):
            grid.dirty = True  # the pad's OK in the total's place: drawn whole (ui/pad.py)


def last(grid):
    """No player's grid after this one here (the hole's last, a past hole's fix)."""
    h = grid.hole
    return grid.player + 1 >= len(h.players) or h.fix


def go_on(grid, tok=None):
    """Leave a ready grid, the player's entry done (the deck checked); tok:
    the next player's first card there, or TOTAL their total. With no next
    player (the last, a past hole's fix) a card waits for OK instead."""
    h = grid.hole
    if tok is not None and last(grid):
        grid.note = "%s to go on" % getattr(grid.app.via, "OK_KEY", "OK")
        grid.changed()
        return
    set_ready(grid, False)
    nxt = grid.flow.done(grid.player)  # (False: "Too many" on top, this grid's cards to change)
    if tok is None or type(nxt) is not type(grid) or h.phone_grid():
        return  # (a total from the phone, or its grid, is shown instead of the card)
    if tok == TOTAL:
        nxt.total_only()
    else:
        put(nxt, tok)


def previous(grid):
    """The player before's score ("ANN: 12"), for under the grid: the next
    player's first card moves on from a scored grid."""
    h, player = grid.hole, grid.player
    e = h.entries[player - 1] if player else None
    if e is None:
        return None
    if e is not grid.prev_of:
        score = e if type(e) is int else h.rules.score([t for row in e for t in row], h.game.opts).total()
        grid.prev_line = "%s: %d" % (h.name(player - 1), score)
        grid.prev_of = e
    return grid.prev_line


def accept(grid):
    """A complete grid that came from the player's phone: OK (Enter, the
    pad's OK) takes it as it is."""
    h = grid.hole
    if h.phone_grid():
        h.entries[grid.player] = h.rules.grid_of(h.cells)
        grid.flow.done(grid.player)


def hint(grid, via):
    """The line under the grid (GridEntry.hint's, on these boards): what OK
    does on a ready grid; else the keys that are not the cards' names and
    the player before's score (ui/typed.py's, ui/touch.py's)."""
    h = grid.hole
    if grid.ready:
        ok = getattr(via, "OK_KEY", "OK")
        if h.fix:
            return "%s: save it" % ok
        if last(grid):
            return "%s: on to the hole's end" % ok
        if getattr(via, "ready_pad", False):  # (no OK on the pad before the last grid)
            # on one line: a second was hidden under the pad by a bonus's line (a newcomer)
            name, pen = h.name(grid.player + 1), grid.app.pen
            for form in ("Next: %s's first card", "Next: %s's card", "Next: %s"):
                if pen.text_width(form % name) + 4 <= pen.d.width:
                    break
            return form % name
        return "%s's first card, or %s" % (h.name(grid.player + 1), ok)
    if h.phone_grid():
        return "From the phone: %s takes it" % getattr(via, "OK_KEY", "OK")
    if not hasattr(via, "hint"):
        return None
    prev = previous(grid)
    if grid.hint_of is not prev:
        grid.hint_line = via.hint(grid)
        grid.hint_of = prev
    return grid.hint_line


def tap(grid, x, y):
    """A tap on a cell: the cursor there."""
    x0, y0, cw, rh, tw = grid.look().box  # grid_box()'s, kept (a tuple made once a hole, not a tap)
    r, c = (y - y0) // rh, (x - x0 + 2 + (cw - tw) // 2) // cw  # (a tap in a gap: the nearer card)
    h = grid.hole
    C = h.rules.cols
    if 0 <= r < h.rules.rows and 0 <= c < C and x >= x0 - 2:
        set_ready(grid, False)  # a card of a ready grid to change
        h.pos = h.order.index(r * C + c)
        grid.changed()
