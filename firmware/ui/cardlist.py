# Cards one by one, in lines, the newest in view: the multiple-9 tools'
# discard, board and hands (ui/ninestools.py), and entering a SuitUP
# Original hand (HandEntry; the rest of a hole's entry is ui/entry.py's).
# Only they need it: loaded then and let go at the next hub (app.LEAVES).
from hardware import BACK, DOWN, OK, UP
from engine.hole import TOTAL
from ui.draw import DIM, FG, SEL_FG
from engine.errors import ScoreError
from ui.widgets import Message, Screen, header

END = "end"  # in the card list: the cards are complete


class CardList(Screen):
    """UP/DOWN choose a card from cycle (END among them), OK takes it (or
    finishes at END: finish()), BACK takes the last card away (or, with
    none, empty_back()). exact: the number of cards needed (then END is
    chosen once they are in), most: the most a list may hold."""

    def __init__(self, app, title, on_done, cycle, choice, exact=None, cards=None, most=None):
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.cycle = cycle
        self.choice = choice
        self.exact = exact
        self.most = most if most is not None else exact
        self.cards = list(cards or [])

    note = None  # the bottom line's, once: why a key did nothing (cleared by the next)

    def key(self, key):
        self.note = None
        if key == UP or key == DOWN:
            j = self.cycle.index(self.choice)
            self.choice = self.cycle[(j + (1 if key == DOWN else -1)) % len(self.cycle)]
        elif key == OK:
            if self.choice == END:
                self.finish()
                return
            if not self.take(self.choice):
                return
        elif key == BACK:
            if not self.cards:
                self.empty_back()
                return
            self.cards.pop()
        self.dirty = True

    def take(self, card):
        """OK on a card: added, unless the list is full; False: nothing to redraw."""
        if self.most is not None and len(self.cards) >= self.most:
            if self.exact is not None:
                self.finish()  # full: OK finishes, as on END
                return False
            return True
        self.cards.append(card)
        if self.exact is not None and len(self.cards) == self.exact:
            self.choice = END
        return True

    def finish(self):
        if self.cards and (self.exact is None or len(self.cards) == self.exact):
            self.on_done(list(self.cards))
        else:  # (a probe: an empty discard's end did nothing, unsaid)
            self.note = "%d cards needed" % self.exact if self.exact else "no cards yet"
            self.dirty = True

    def empty_back(self):
        self.app.pop()

    # What a keyboard and a touch pad ask of a list of cards (the input contract,
    # ui/widgets.py): ui/direct.py and ui/pad.py, loaded only on those boards
    def keyboard(self, key):
        from ui import direct

        direct.typed_cards(self, key)

    def pad(self):
        from ui import pad

        return pad.card_keys(self)

    def press(self, label):
        from ui import pad

        pad.card_press(self, label)

    def top(self, pen):
        """The title line; returns the y below it."""
        return header(pen, self.title)

    def hint(self):
        """The line at the bottom."""
        if self.note:
            return self.note
        n = len(self.cards)
        return "%d of %d" % (n, self.exact) if self.exact else "%d card%s" % (n, "" if n == 1 else "s")

    def draw(self, pen):
        y = self.top(pen)
        cw = 3 * 8 * pen.scale  # a card: 3 characters
        per_line = max(1, (pen.d.width - 4) // cw)
        shown = self.cards + [None]
        lines = (len(shown) + per_line - 1) // per_line
        room = max(1, (pen.h - y) // pen.line_h - 1)
        first = max(0, lines - room)  # keep the newest cards in view
        for i in range(first * per_line, len(shown)):
            row, col = i // per_line - first, i % per_line
            x, yy = 2 + col * cw, y + row * pen.line_h
            if shown[i] is None:  # (as wide as "end": a newcomer read "enc" on the OLED, its last letter
                # off the bar and drawn in the bar's colour)
                pen.highlight(x, yy - 1, max(cw - 2, pen.text_width(self.choice) + 4), pen.line_h)
                pen.text(self.choice, x + 2, yy, SEL_FG)
            else:
                pen.text(shown[i], x + 2, yy, FG)
        pen.text(self.hint(), 2, pen.h - pen.line_h, DIM)


class HandEntry(CardList):
    """suitup-original: the cards left in a hand, one by one. The card list
    starts with 'end' (the hand is complete) and ends with '#' (the total
    alone). BACK with no card goes back to the previous player.

    Every player's screen stays on the stack while the hole is entered (8 in
    an 8-player game, the peak with Wi-Fi): each keeps only its own (the flow,
    the player, the cards, the choice); what all of them share, the list of
    cards to choose from and a pad's keys, is made once a hole on the flow
    (docs/MEMORY.md, "A hand's entry")."""

    title = ""
    on_done = None
    exact = None

    def __init__(self, flow, player):  # (not CardList's: its attributes are the class's here)
        h = flow.hole
        e = h.entries[player]
        cycle = flow.hand_cycle
        if cycle is None:
            cycle = flow.hand_cycle = [END] + list(h.rules.tokens) + [TOTAL]  # the total alone
        Screen.__init__(self, flow.app)
        self.cycle = cycle
        self.choice = END if type(e) is list or h.players[player] == h.out else cycle[1]
        self.cards = list(e) if type(e) is list else []
        self.flow = flow
        self.player = player
        h.at = player  # (what a phone's hand would not reach: Hole.has)

    @property
    def hole(self):
        return self.flow.hole

    @property
    def most(self):
        return self.flow.hole.rules.MAX_HAND

    @property
    def card_keys(self):  # ui/pad.py's, made once a hole: the flow's
        return self.flow.pad_keys

    @card_keys.setter
    def card_keys(self, keys):
        self.flow.pad_keys = keys

    def shown(self):
        self.hole.at = self.player  # back from the next player

    def key(self, key):
        n = len(self.cards)
        super().key(key)
        if len(self.cards) != n:  # a card taken or taken back: on the flash, as a grid's (a probe: a
            # hand half entered was lost to a power cut; ui/reopen.py reads "+" and its cards back)
            self.flow.keep(self.player, "+" + "".join([" %s" % t for t in self.cards]))

    def take(self, card):
        if card != TOTAL:
            h = self.hole
            if len(self.cards) >= self.most:  # (a probe: the 31st card went unsaid)
                self.app.push(Message(self.app, "Hand full", ["A hand holds at most %d cards." % self.most]))
                return False
            # the deck as the card is taken, as a grid's cell (a probe: a ninth K was said at the end)
            most = h.rules.most(card, len(h.game.names))
            n = self.cards.count(card) + 1
            for j in range(len(h.entries)):
                e = h.entries[j]
                if j != self.player and type(e) is list:
                    n += e.count(card)
            if most is not None and n > most:
                try:
                    h.game.check_deck([[card] * n])  # (raises: the engine's words for it)
                except ScoreError as e:
                    self.app.push(Message(self.app, "Too many", [e.msg, "Change this card."]))
                    return False
            return super().take(card)
        from ui.total import instead

        instead(self, self.cards, self.ask_total)  # cards entered: dropped only when the player says so
        return False

    def finish(self):  # an empty hand too
        self.hole.entries[self.player] = list(self.cards)
        self.flow.done(self.player)

    def empty_back(self):
        if self.player > 0:
            self.app.pop()
        else:
            self.flow.leave()

    def hint(self):
        if self.player in self.hole.phone and self.choice == END:  # the hand its phone sent (ui/entry.py)
            return "Phone's: %s" % getattr(self.app.via, "DONE_KEY", "OK")  # the key that finishes a hand
        return super().hint()

    def ask_total(self):
        from engine.game import TOTAL_HIGH, TOTAL_LOW
        from ui.total import ask

        def then():
            self.choice = END

        # docs/RULES.md's bounds; who went out scored nothing, so only 0
        low, high = (0, 0) if self.hole.players[self.player] == self.hole.out else (TOTAL_LOW, TOTAL_HIGH)
        ask(self.flow, self.player, 0, low, high, then=then)

    def top(self, pen):
        h = self.flow.hole
        return self.flow.title(pen, self.player, h.rules.score(self.cards, h.game.opts).total())
