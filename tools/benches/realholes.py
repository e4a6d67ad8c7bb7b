#!/usr/bin/env python3
# End-of-hole grids as a table ends them, for the entry bench (bench_entry.py reads its JSON lines):
# each hole played out from the deal. Two cards up to begin; on a turn a player takes the discard if
# it lowers the grid's score (the game's own scoring, face-down cards as middling cards that match
# nothing), else draws, and keeps the card drawn if it lowers the score, else discards it and turns a
# card up; action cards are discarded. The first with every card up ends the hole; the others get one
# more turn. Runs under CPython and MicroPython.
import json
import random
import sys

sys.path.insert(0, (__file__[: __file__.rfind("/")] if "/" in __file__ else ".") + "/..")  # tools/
from common import paths  # noqa: E402,F401  (tools/, firmware/ on sys.path)

from common import args  # noqa: E402
from engine.game import GAME_IDS, rules_for  # noqa: E402
from simulator.dealing import full_deck, shuffled  # noqa: E402  (the decks the tests deal from)

GAMES = tuple(g for g in GAME_IDS if not rules_for(g).hand)  # the grid games (engine/game.py)
ACTIONS = ("X", "R", "S", "T")
MAX_TURNS = 40  # rounds before a stuck hole is ended by the player to move


class Player:
    def __init__(self, cards):
        self.cards = cards  # flat, row by row
        self.up = [False] * len(cards)


class Hole:
    def __init__(self, gid, players, rng):
        self.gid = gid
        self.r = rules_for(gid)
        self.opts = self.r.make_options({})
        self.rng = rng
        n = self.r.rows * self.r.cols
        self.deck = shuffled(full_deck(gid, players), rng)
        self.players = [Player([self.deck.pop() for _ in range(n)]) for _ in range(players)]
        for p in self.players:  # two cards up to begin
            for i in shuffled(range(n), rng)[:2]:
                p.up[i] = True
        self.discard = [self.deck.pop()]
        # middling cards, for face-down ones: by value, nearest the middle first
        vals = sorted(self.r.tokens, key=lambda t: self.r.value(t, self.opts))
        vals = [t for t in vals if t not in ACTIONS and t != "W"]
        mid = len(vals) // 2
        self.fillers = sorted(vals, key=lambda t: abs(vals.index(t) - mid))

    def draw(self):
        if not self.deck:  # the discard pile, all but its top, becomes the deck
            top = self.discard.pop()
            self.deck = shuffled(self.discard, self.rng)
            self.discard = [top]
        return self.deck.pop()

    def judged(self, p, cards=None):
        """The score as the player sees it: face-down cards are fillers (middling cards unlike any other
        card in the grid)."""
        cards = list(cards or p.cards)
        seen = [cards[i] for i in range(len(cards)) if p.up[i]]
        free = [t for t in self.fillers if t not in seen]
        k = 0
        for i in range(len(cards)):
            if not p.up[i]:
                cards[i] = free[k % len(free)]
                k += 1
        return self.r.score(cards, self.opts).total()

    def best_place(self, p, card):
        """(gain, position) of the best place for card (gain > 0: it lowers the score)."""
        if card in ACTIONS:
            return 0, None
        now = self.judged(p)
        best = (0, None)
        for i in range(len(p.cards)):
            trial = list(p.cards)
            trial[i] = card
            was = p.up[i]
            p.up[i] = True
            gain = now - self.judged(p, trial)
            p.up[i] = was
            if not was:
                gain -= 1  # an unknown card replaced: a little less sure
            if gain > best[0]:
                best = (gain, i)
        return best

    def place(self, p, card, i):
        self.discard.append(p.cards[i])
        p.cards[i] = card
        p.up[i] = True

    def turn(self, p):
        gain, i = self.best_place(p, self.discard[-1])
        if i is not None:
            self.place(p, self.discard.pop(), i)
            return
        card = self.draw()
        gain, i = self.best_place(p, card)
        if i is not None:
            self.place(p, card, i)
            return
        self.discard.append(card)
        down = [j for j in range(len(p.up)) if not p.up[j]]
        if down:
            p.up[self.rng.choice(down)] = True

    def play(self, first):
        n = len(self.players)
        k = first
        for _ in range(MAX_TURNS * n):
            p = self.players[k]
            self.turn(p)
            if False not in p.up:  # every card up: the hole ends
                break
            k = (k + 1) % n
        ender = k
        for j in range(1, n):  # one more turn each
            self.turn(self.players[(ender + j) % n])
        C = self.r.cols
        grids = [[p.cards[r * C:(r + 1) * C] for r in range(self.r.rows)] for p in self.players]
        return {"game": self.gid, "players": n, "ender": ender, "grids": grids}


def holes(gid, players, count, seed):
    rng = random.Random(seed) if hasattr(random, "Random") else random
    if rng is random:
        random.seed(seed)
    return [Hole(gid, players, rng).play(h % players) for h in range(count)]


def bench_holes(count=20):
    """make bench's: every grid game's count holes, 4 players, seed 1, in order."""
    return [h for gid in GAMES for h in holes(gid, 4, count, 1)]


def main(argv):
    args.parse(argv, "usage: realholes.py   (make bench's holes, a JSON line each; no options)", {})
    for hole in bench_holes():
        print(json.dumps(hole))
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
