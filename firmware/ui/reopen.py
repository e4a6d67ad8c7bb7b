# The hole a power cut left, opened again at a start (issue 57, 1). A save is
# made once a hole is complete, so a cut mid-hole lost every card of it; now
# the hole's label and players are a file (JOURNAL), and each player's cards a
# file of their own ("hole.0" ...), written whole as each card is taken and
# when the entry is complete (ui/entry.py's Flow.keep: not here, a module more
# loaded through a hole cost the CYD's game 3 KB). littlefs replaces a file at
# its close, so a cut loses at most the card being written. The hole's save,
# or leaving the hole, removes them. Loaded only at a start that finds
# JOURNAL (ui/play.py's opened). The files and the flash's wear:
# docs/STORAGE.md, "The hole being entered".
import os
import sys

from engine.game import TOTAL_HIGH, TOTAL_LOW
from engine.hole import TOTAL
from storage.log import JOURNAL
from ui.entry import Flow
from ui.widgets import Message

MOST = 8  # players a hole can have (engine/rules.py's most, any game)


def _let_go():
    """This module let go once its work is done, as app.forget does (it is not in app.LEAVES: its
    name would be one more at boot; and ui/ imports nothing of app.py): freed after the call."""
    if sys.modules.pop(__name__, None) is not None:
        parent = sys.modules.get("ui")
        if parent is not None and hasattr(parent, "reopen"):
            delattr(parent, "reopen")


def drop():
    for p in range(-1, MOST):
        try:
            os.remove(JOURNAL if p < 0 else "%s.%d" % (JOURNAL, p))
        except OSError:
            pass


def read(flow):
    """The files kept for the flow's hole put into it: its entries set, and
    {player: [cards]} for a grid the cut left part done, and the names of
    the players whose file could not be read (their entry left empty, the
    rest kept); None where there are none for this hole (a saved hole's,
    another game's: the files are removed), or "" where the hole's own file
    is damaged (removed too, and said). A file: "=" and a whole entry's
    cards (a grid's row by row, a hand's), "#" and a total, or "-" and a
    grid's cells so far, a byte each (1 + the card's place in the hole's
    cycle; 0: none), written over in place as a card is taken."""
    cells: dict = {}
    bad = []
    h = flow.hole
    try:
        with open(JOURNAL, "rb") as f:
            head = f.read().decode()
    except OSError:
        return _none(None)  # none (player files alone: the hole's was never written whole)
    except UnicodeError:
        return _none("")
    if head != "%s|%s" % (h.label, ",".join(h.game.names)):
        # another hole's, another game's, or none (the power gone as it was made); else damaged
        return _none(None if not head or "|" in head else "")
    for p in range(len(h.entries)):
        try:
            with open("%s.%d" % (JOURNAL, p), "rb") as f:
                got = f.read()
        except OSError:
            continue  # none for this player yet
        if not got:  # made, and the power went before its first card was written: none yet
            continue
        try:
            c = _entry(h, got)
        except (ValueError, IndexError, UnicodeError):
            bad.append(h.name(p))  # what is wrong with it: a card, a byte, the file cut short
            continue
        if c == ():  # a hand's cards all taken back: none yet (a review: "a damaged file")
            continue
        if type(c) is tuple or type(c) is list and (None in c or TOTAL in c):  # (an entry's grid: rows)
            cells[p] = list(c)
        else:
            h.entries[p] = c
    flow.logged = True
    return cells, bad


def _none(why):
    drop()
    return why


def _entry(h, got):
    """A player's file read: their entry, or a grid's cells so far (a list
    of cells); ValueError, IndexError or UnicodeError if it is not one of
    this hole's (a card of no game, a grid of the wrong size, a total out
    of range, a byte past the cycle)."""
    kind = got[:1]
    if kind == b"-":  # a grid's cells so far (all: complete)
        if len(got) != 1 + len(h.order):
            raise ValueError()
        c = [h.cycle[k - 1] if k else None for k in got[1:]]
        return c if None in c or TOTAL in c else h.rules.grid_of(c)
    got = got[1:].decode().split()
    if kind == b"#":
        t = int(got[0])
        if not TOTAL_LOW <= t <= TOTAL_HIGH:
            raise ValueError()
        return t
    if kind != b"=" and (kind != b"+" or not h.rules.hand) or not h.rules.hand and len(got) != len(h.order):
        raise ValueError()
    cards = h.rules.tokens if h.rules.hand else h.cycle  # what the entry's screen takes
    for t in got:
        if t == TOTAL or t not in cards:
            raise ValueError()
    # "+": a hand's cards so far (a tuple: not yet the player's entry)
    return tuple(got) if kind == b"+" else got if h.rules.hand else h.rules.grid_of(got)


def again(app, anchor):
    try:
        _again(app, anchor)
    finally:
        _let_go()


def _again(app, anchor):
    """The hole the file holds, opened again with its cards: each player's
    screen as it was (BACK goes to the player before), the one the cut
    came in on its first empty cell; said in a note."""
    g = app.game
    target = None if not g.complete() else "playoff" if g.playoff_players() else False
    if target is False:  # the game is over: no hole to open
        drop()
        return
    flow = Flow(app, target, anchor)
    got = read(flow)
    if got is None:
        return
    h = flow.hole
    if got == "":  # the hole's own file damaged: its players' files cannot be trusted to be its
        app.push(Message(app, "Note", ["The cards entered before the restart could not be read: "
                                       "the file that names their hole was damaged.",
                                       "Enter the hole again."]))
        return
    cells, bad = got
    last = None
    n = len(h.players)
    upto = 0
    while upto < n - 1 and h.entries[upto] is not None:
        upto += 1
    for p in range(upto + 1):
        screen = flow.enter(p)
    got = cells.get(upto)
    if got and h.entries[upto] is None and not h.rules.hand:
        c = h.cells
        c[:] = got
        h.pos = 0
        while h.pos < len(h.order) - 1 and c[h.cell()] is not None:
            h.pos += 1
        if c[h.cell()] is None and app.via is None:  # buttons: the empty cell starts on a guess
            c[h.cell()] = h.guess(h.cell())
        if screen is not None:
            screen.dirty = True
    elif got and h.entries[upto] is None and screen is not None:  # a hand's cards so far
        screen.cards[:] = got  # type: ignore[attr-defined]
        screen.choice = screen.cycle[1]  # type: ignore[attr-defined]
        screen.dirty = True
    elif type(h.entries[upto]) is list and not h.rules.hand and app.via is not None and screen is not None:
        # every entry complete, the last a grid on a keyboard or a pad: its last card does not go on
        # by itself (it stands scored until Enter), so a start saved a hole nobody had confirmed
        # (make bench): it stands again, scored and ready (its OK) once the note goes
        h.pos = len(h.order) - 1
        last = screen
        screen.dirty = True
    elif h.entries[upto] is not None:  # every entry complete and gone on from (the buttons' last OK, a
        # hand's end, a total's OK): on to who ended, and the save
        flow.done(upto)
    # a damaged file's player, and a later one's cards so far (their screen is not reached): asked again
    gone = bad + [h.name(p) for p in cells if p > upto]
    if not gone:
        said = "the cards entered before the restart are back."
    elif [e for e in h.entries if e is not None] or cells.get(upto):
        said = "the cards entered before the restart are back, but not %s's (a damaged file). " \
               "Enter them again." % " and ".join(gone)
    else:
        said = "the cards entered before the restart could not be read (a damaged file). Enter them again."
    app.push(Message(app, "Note", ["%s again: %s" % (h.label, said)],
                     None if last is None else lambda: ready(last)))


def ready(grid):
    """A grid complete on a keyboard or a pad: standing scored, as its last card left it."""
    from ui.onepress import set_ready

    set_ready(grid, True)
