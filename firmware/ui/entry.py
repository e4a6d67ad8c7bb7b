# Entering a hole: each player's grid (or hand) in turn, then who went out
# and who ended it, then the result. The hole itself, its entries and the
# grid's cursor, is the engine's (engine/hole.py); its way through the
# screens is the Flow's, here: each player's entry is a screen given the
# flow (GridEntry for a grid, ui/grid.py, HandEntry for a SuitUP Original hand in
# ui/cardlist.py), which calls flow.done(player) when its player's entry is
# complete, flow.leave() to leave the hole. Then who went out and who ended
# are asked, the hole is added, saved and its result shown (ui/finish.py).
#
# A grid's card is picked by stepping through the game's cards (DOWN next,
# UP back; held, they repeat) and taken with OK; each new cell starts on the
# card above it, else the one to its left, else the card the game's holes
# most often end with: a match costs one press, and from a guess that is not
# the card the steps go on from that common card (engine/hole.py's step).
# The score and what cancels, is removed or earns a bonus show while
# entering. Choosing "#" instead of a card enters that player's total alone.
#
# Nothing entered is lost by going back unasked: BACK steps back a cell, then
# to the previous player (asking first if this player's cards would go);
# leaving the hole asks first.
from engine.errors import ScoreError
from storage.log import JOURNAL  # the hole's files on the flash (ui/reopen.py reads them)
from engine.hole import Hole, flat
from ui.draw import FG
from ui.widgets import Message, header




class Flow:
    """A hole's entry on the device, from its first player's screen to its
    result: the engine's Hole it fills (hole), the app its screens are on,
    the screen to come back to (anchor: the game's hub). Its steps, in order:
    enter (a player's screen), done (the player's entry complete: the next
    player's screen, else the hole's end); out (who went out) and ender (who
    ended), in ui/who.py; commit (its screens let go, then, in ui/finish.py,
    into the game), save and result. leave drops the hole, asking first. The
    screens call these, and none of them touches the app's stack. A grid's
    screen is let go once the next player's is made (park): the hole
    keeps what it showed, and it is made again if back in front."""

    logged = False  # the hole's label is on the flash (ui/reopen.py): its players' files may be
    looks = None  # what the grid on the screen shows (Looks), while a grid is entered
    pad_keys = ready_keys = None  # a touch pad's keys for the hole's grids or hands (ui/pad.py), made once
    hand_cycle = None  # a hand's cards to choose from (ui/cardlist.py's HandEntry), made once

    def __init__(self, app, target, anchor):
        self.app = app
        self.hole = Hole(app.game, target)
        self.anchor = app.rest(anchor)  # the hubs let go while the hole is entered

    # each card as it is taken (the deck checked by the engine first), and each player's whole
    # entry, on the flash (not an edit's: it is saved at once): a power cut loses at most the card
    # being written (issue 57, 1; ui/reopen.py reads them back). A small file a player, which
    # littlefs keeps in its folder's metadata: a card costs programs, no erase (docs/STORAGE.md).
    # The file stays open, written over in place from a byte a cell: a card allocates nothing.
    log = None  # the open file of the player whose grid is being entered ...
    log_p = -1  # ... that player, and the file's bytes: "-", then each cell's card (1 + its
    buf = bytearray(1)  # place in the cycle; 0: none yet)

    def advance(self):
        """The cursor's card taken and on the flash, then on (Hole.advance)."""
        h = self.hole
        i = h.cell()
        more = h.advance()  # (ScoreError: not taken)
        self.log_card(i)
        return more

    def log_card(self, i):
        h = self.hole
        if type(h.target) is not int:
            try:
                if self.log_p != h.at:  # the player's first card here: the file and its bytes
                    o = h.order  # (the buttons' cells past i hold a guess, not a card taken)
                    self.keep(-1, "")
                    self.buf = b = bytearray(1 + len(o))
                    b[0] = 45
                    for c in o[: o.index(i)] if self.app.via is None else o:
                        if h.cells[c] is not None:
                            b[1 + c] = 1 + h.cycle.index(h.cells[c])
                    self.log = open("%s.%d" % (JOURNAL, h.at), "wb")
                    self.log_p = h.at
                self.buf[1 + i] = 1 + h.cycle.index(h.cells[i])
                f = self.log
                f.seek(0)  # type: ignore[union-attr]
                f.write(self.buf)  # type: ignore[union-attr]
                f.flush()  # type: ignore[union-attr]
            except (OSError, AttributeError):  # a flash that refuses it: the hole's save says so
                self.log = None

    def keep(self, player, text):
        """The hole's label and players on the flash first, then a player's entry once complete,
        written whole ("" : none, the open file closed)."""
        h = self.hole
        if type(h.target) is int:
            return
        try:
            if not self.logged:
                with open(JOURNAL, "w") as f:
                    f.write("%s|%s" % (h.label, ",".join(h.game.names)))
                self.logged = True
            if self.log is not None:
                self.log.close()
            self.log, self.log_p = None, -1
            if text:
                with open("%s.%d" % (JOURNAL, player), "w") as f:
                    f.write(text)
        except OSError:
            pass

    def park(self):
        """The players' screens of this hole let go under the next one, each kept on the app's
        stack as (this flow, its player) and made again once back in front (App.front): 8 grids
        on the stack were the CYD's peak with Wi-Fi (docs/MEMORY.md, "A grid's entry")."""
        st = self.app.stack
        for i in range(len(st)):
            if getattr(st[i], "flow", None) is self:
                st[i] = (self, st[i].player)

    def title(self, pen, player, score, keep=None):
        """The player's top line (a grid's and a hand's screen, ui/grid.py and ui/cardlist.py, draw it
        so: they import nothing here)."""
        return title_and_score(pen, self.hole.name(player), self.hole.label, score, keep)

    def box(self, pen):
        """Where a grid's cells go (ui/grid.py's Looks)."""
        return grid_box(pen, self.hole.rules.cols)

    def screen(self, player):
        if self.hole.rules.hand:
            from ui.cardlist import HandEntry  # only the hand game's (app.LEAVES)

            return HandEntry(self, player)
        import ui.grid  # only a grid game's (let go with this module: ui/finish.py)

        return ui.grid.GridEntry(self, player)

    # --- the steps ----------------------------------------------------------
    def enter(self, player):
        """The player's screen, in front and returned (None: their total, which
        their phone sent, asked instead)."""
        h, net = self.hole, self.app.net
        # Wi-Fi on: what the player's phone sent for this hole (web/state.py); a total is asked here
        if net is not None and h.take(player, net.sent_by(h.label, h.players[player])) and \
                type(h.entries[player]) is int:
            from ui.total import ask

            name = h.name(player)
            ask(self, player, h.entries[player], title=("%s total (phone)" % name, "%s total" % name))
            return None
        if not h.rules.hand:
            self.park()  # the grids entered let go (a hand's screens are light)
        s = self.screen(player)
        self.app.push(s)
        return s

    def done(self, player):
        """The player's entry is complete: the deck so far checked, then the
        next player's screen (returned), or the hole's end (True); False
        with "Too many" in front."""
        h = self.hole
        try:
            h.check(player)
        except ScoreError as e:
            self.app.push(Message(self.app, "Too many", [e.msg, "Check %s's cards." % h.name(player)]))
            return False
        got = h.entries[player]
        if self.log_p != player or type(got) is not list:  # (a grid taken here is on the flash card by card)
            self.keep(player, "# %d" % got if type(got) is int else
                      "=" + "".join([" %s" % t for t in flat(got, h.rules)]))
        if player + 1 < len(h.players) and not h.fix:
            return self.enter(player + 1)
        self.looks = None  # the grids' drawing (worked out again if one shows again): room for the end
        if h.fix:
            self.commit()  # the other players' entries and who ended stand
        else:
            if not h.rules.hand:  # the last grid let go too, and its code: made again if back here
                self.park()
                self.app.forget("ui.grid")
                self.app.forget("ui.onepress")
            from ui import who  # the questions, loaded only then (app.LEAVES): the game's heap

            who.out(self)
        return True

    def commit(self):
        """Into the game, saved, its result shown (ui/finish.py, loaded only
        then); a new hole's screens let go first: the save has their room."""
        if self.hole.target is None:
            self.off()
        from ui import finish

        finish.commit(self)

    def off(self):
        """The hole's screens off the stack, without showing the game's menu yet."""
        self.looks = None  # the grids' drawing, and through it the grids
        self.app.pop_to(self.anchor, False)

    def leave(self):
        """Leave the hole, asking first: it costs the cards entered for it (ui/leave.py, loaded only then)."""
        from ui.leave import leave

        leave(self)


def start(app, target, anchor):
    """Enter the next hole (target None), the next playoff hole ("playoff")
    or past hole `target` again; back to `anchor` when done or left."""
    Flow(app, target, anchor).enter(0)


def title_and_score(pen, name, label, score, keep=None):
    """The hole's entry screens' top line: the name and hole on the left, the score
    on the right; the name is shortened if both would not fit. keep: a list of
    five, the name, label and score its two texts are of and the texts: made
    again only when one of them changed (not each frame of a key). (Here, not in
    ui/widgets.py: only the entry screens draw it, and widgets is loaded at boot.)"""
    if keep is not None and keep[0] is name and keep[1] is label and keep[2] == score and keep[3]:
        y = header(pen, keep[3])
        s = keep[4]
    else:
        s = "= %d" % score if score is not None else "= ?"
        room = (pen.d.width - 2 - pen.text_width(s) - 8 * pen.scale) // (8 * pen.scale)
        # which hole it is, in words where they fit beside the name: "ANN hole 3",
        # "ANN playoff 1"; else short: "ANN h3", "ANN po1"
        hole = " " + label.lower()
        if len(hole) + min(len(name), 4) > room:
            hole = (" po" if label[0] == "P" else " h") + label.split()[-1]
        left = name[: max(1, room - len(hole))] + hole
        y = header(pen, left)
        if keep is not None:
            keep[0] = name
            keep[1] = label
            keep[2] = score
            keep[3] = left
            keep[4] = s
    pen.text(s, pen.d.width - pen.text_width(s) - 2, 1, FG)
    return y


def grid_box(pen, cols):
    """Where a grid of C columns is drawn under title_and_score (and where a
    tap finds its cell, ui/pad.py): (x, y) of its first card, a column's
    width (3 characters and a gap: a character's where the panel has room,
    so that two HIO side by side do not read HIOHIO) and a row's height."""
    tw = 24 * pen.scale + 4  # a card's box
    cw = tw + max(0, min(8 * pen.scale, (pen.d.width - 4 - tw * cols) // cols))
    return max(2, (pen.d.width - cw * (cols - 1) - tw) // 2 + 2), pen.line_h + 3, cw, pen.line_h + 1, tw
