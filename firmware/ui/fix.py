# Fixing a past hole: pick a player, then the card to change, then its
# value; the hole is saved at once (the other players' entries and who
# ended stand). Only editing needs it: loaded then and let go at the game's
# hub (app.LEAVES); entering a hole is ui/entry.py's.
from hardware import BACK, DOWN, OK, UP
from engine.hole import TOTAL
from ui.entry import Flow
from ui.grid import GridEntry
from ui.who import ender, out
from ui.widgets import Menu


def edit(app, index, anchor):
    """The past hole of this index: its players with their scores (and who
    ended); back to anchor when saved."""
    f = Flow(app, index, anchor)
    d = f.hole
    d.fix = True
    hole = d.game.holes[index] if index >= 0 else d.game.playoff[-1 - index]
    n = len(d.players)
    items: list = [(d.name(k), lambda k=k: open_fix(f, k)) for k in range(n)]
    if d.rules.hand:
        items.append(("Who went out", lambda: out(f)))
    elif d.game.opts["ender_rule"] != "none":
        items.append(("Who ended", lambda: ender(f)))
    app.push(Menu(app, d.label, items, value=lambda i: str(hole.scores[i]) if i < n else ""))


def open_fix(flow, player):
    h = flow.hole
    if h.rules.hand or type(h.entries[player]) is not list:
        flow.enter(player)  # a hand, or a total: entered again whole
    else:
        flow.app.push(FixEntry(flow, player))


class FixEntry(GridEntry):
    """A player's grid: first pick the card to change (UP/DOWN move, OK
    takes it), then its value (UP/DOWN); OK saves the hole, BACK puts the
    card back as it was."""

    def __init__(self, flow, player):
        super().__init__(flow, player)
        self.pick = True
        self.was = None  # the card being changed, as it was

    def key(self, key):
        h = self.hole
        i = h.cell()
        if self.pick:
            if key == UP or key == DOWN:
                h.pos = (h.pos + (1 if key == DOWN else -1)) % len(h.order)
            elif key == OK:
                self.pick = False
                self.was = h.cells[i]
                self.redo()
            elif key == BACK:
                self.app.pop()
                return
            self.dirty = True
        elif key == OK and h.cells[i] != TOTAL:  # the one card fixed: save
            self.save()
        elif key == BACK:  # not this card: as it was, pick another
            h.cells[i] = self.was
            self.was = None
            self.pick = True
            self.redo()
            self.dirty = True
        else:
            super().key(key)

    def shown(self):
        pass  # back from a question or "Check cards": on the same card (GridEntry's goes to the last)

    def redo(self):
        """The grid's look worked out again: the line under it says whether a card is being
        picked or changed (kept, it went on saying "OK: this card": issue 57, 5)."""
        L = self.flow.looks
        if L is not None:
            L.of = None

    one_card = True  # a card typed or tapped is saved at once

    def put(self, tok):
        self.hole.cells[self.hole.cell()] = tok
        self.save()

    def save(self):  # (was kept: a hole the engine refuses comes back here, BACK puts the card back)
        h = self.hole
        h.entries[self.player] = h.rules.grid_of(h.cells)
        self.flow.done(self.player)

    # A keyboard and a touch pad (the input contract, ui/widgets.py): the card
    # to change is picked, then typed or tapped; Enter, backspace and a card being
    # stepped with the keys are as on buttons
    def keyboard(self, key):
        if key == OK or key == BACK or not self.pick:
            self.key(key)
        else:
            super().keyboard(key)

    def press(self, label):
        if label == "Back":
            self.key(BACK)
        elif not self.pick:
            pass  # (a card being stepped with the keys: the pad waits)
        elif label == TOTAL:  # the total instead: as with the keys, asked first
            self.key(OK)  # this cell
            self.hole.cells[self.hole.cell()] = TOTAL
            self.key(OK)
        else:
            super().press(label)

    def hint(self):
        if self.pick:
            kind = getattr(self.app.hw.keys, "kind", None)  # a card is one key or tap there: ui/direct.py
            return "Tap the new card" if kind == "touch" else "Type the new card" if kind else "OK: this card"
        return super().hint() or "Changing it: OK saves, BACK undoes"
