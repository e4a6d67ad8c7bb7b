# A whole game of one of the scored games: players, holes, enders, totals,
# standings, the sudden-death playoff and editing of past holes; and the
# games' one table (GAMES, read by rules_for). The rules of one grid live in
# each game's module (built from rules.py); this file knows only how holes add up.
#
# The document form (doc_head and hole_doc here; to_doc, from_doc in doc.py) is the JSON contract
# of tools/score.py, so a saved game and a score.py input are the same thing.

from engine.errors import ScoreError, show
from engine.rules import DOUBLE, NONE, PER_LOWER

# ---- the games, one line each and nowhere else: (id, its module in engine/,
# the module's Rules class, the name on the box, a short one of 14 characters
# for a title line on the TTGO). A game's module is loaded when its Rules are
# first asked for, so the board holds only the rules of the game played.
# multiple-9 has tools at the table (engine/multiple_9.py), not a score.
GAMES = (
    ("play-nine", "play_nine", "PlayNine", "Play Nine", "Play Nine"),
    ("suitup-crazy-9s", "suitup_crazy_9s", "Crazy9s", "SuitUP Crazy 9's", "SuitUP Crazy9s"),
    ("crazy-nines", "crazy_nines", "CrazyNines", "Crazy Nines", "Crazy Nines"),
    ("suitup-original", "suitup_original", "SuitupOriginal", "SuitUP Original", "SuitUP Orig."),
)

GAME_IDS = tuple([row[0] for row in GAMES])

_loaded: dict = {}


def rules_for(game_id):
    """The Rules of a game by id; ScoreError when unknown."""
    rules = _loaded.get(game_id) if type(game_id) is str else None
    if rules is not None:
        return rules
    for row in GAMES:
        if row[0] == game_id:
            cls = getattr(__import__("engine." + row[1], None, None, (row[2],)), row[2])
            rules = _loaded[game_id] = cls(game_id)
            return rules
    raise ScoreError("%s (games: %s, multiple-9)" % (
        "no game given" if game_id is None else "unknown game %s" % show(game_id), ", ".join(GAME_IDS)))


# A player's entry may be a total alone (the score entered at the table when
# the grid is not): an integer in this range, docs/RULES.md.
TOTAL_LOW = -99
TOTAL_HIGH = 199


# A hole's entries in one bytearray (Hole.packed): for each player in turn a count n and n
# cards as their places in the rules' tokens ("." after the last), or TOTAL_MARK and the
# total over two bytes. A list each took 48 B a player a hole, 2 KB of a 6-player game
# by its ninth hole (docs/MEMORY.md, "A hole's cards packed").
TOTAL_MARK = 255


def pack(cards, tokens):
    """Each player's cards (a flat list of tokens) or total, in one bytearray: its size
    counted first, so that it is one allocation (a list grown to it wanted 1 KB at once,
    which score.py's heap, full of the parsed input's holes, did not have)."""
    n = 0
    for c in cards:
        n += 3 if type(c) is int else 1 + len(c)  # (a count at most 30: MAX_HAND; a grid's 12)
    out = bytearray(n)
    i = 0
    for c in cards:
        if type(c) is int:
            t = c - TOTAL_LOW
            out[i] = TOTAL_MARK
            out[i + 1] = t >> 8
            out[i + 2] = t & 255
            i += 3
            continue
        out[i] = len(c)
        i += 1
        for t in c:
            out[i] = len(tokens) if t == "." else tokens.index(t)
            i += 1
    return out


def unpack(packed, tokens):
    """pack()'s cards back: a flat list of tokens or a total a player."""
    cards = []
    n = len(tokens)
    i = 0
    while i < len(packed):
        k = packed[i]
        if k == TOTAL_MARK:
            cards.append((packed[i + 1] << 8 | packed[i + 2]) + TOTAL_LOW)
            i += 3
        else:
            cards.append([tokens[t] if t < n else "." for t in packed[i + 1:i + 1 + k]])
            i += 1 + k
    return cards


class Hole:
    """One hole (or playoff hole) as entered, with its scores.

    players: the game indices of the players in it, in entry order.
    packed: each player's cards (Game.cards gives them as flat lists of tokens) or total.
    ender, out: game indices or None. raw: grid/hand scores; scores: after
    the ender rule (both in the players' order).
    """

    # What most holes have stays on the class: an instance keeps only what differs (a hole's
    # attributes are a table in the heap, nine holes a game: the CYD's game, docs/MEMORY.md).
    ender = None
    out = None
    blitz = False

    def __init__(self, players, packed, ender, out, blitz):
        self.players = players
        self.packed = packed
        if ender is not None:
            self.ender = ender
        if out is not None:
            self.out = out
        if blitz:
            self.blitz = blitz
        self.raw = self.scores = []  # (scored by Game._score)


def ender_adjustments(rule, raw, ender, points):
    """What the ender rule adds to each score (ender: position in raw)."""
    adj = [0] * len(raw)
    if ender is None or rule == NONE:
        return adj
    mine = raw[ender]
    lower = 0
    for j in range(len(raw)):
        if j != ender and raw[j] < mine:
            lower += 1
    if rule == DOUBLE:
        # Doubled only when someone is strictly lower and the score is above
        # 0: doubling a zero or negative score would reward the ender.
        if lower and mine > 0:
            adj[ender] = mine
    elif rule == PER_LOWER:
        adj[ender] = lower * points
    return adj


def _index(value, players, what):
    """A player index from the input: None, or one of players."""
    if value is None:
        return None
    if type(value) is not int or value not in players:
        raise ScoreError(
            "%s %s is not a player in it (players %s)"
            % (what, show(value), ", ".join(str(p) for p in players))
        )
    return value


class Game:
    def __init__(self, game_id, players, options=None, dealer=0):
        self.rules = rules = rules_for(game_id)
        self.id = rules.id
        if type(players) is not list:
            raise ScoreError("players must be a list of names, not %s" % show(players))
        n = len(players)
        if n < rules.min_players or n > rules.max_players:
            raise ScoreError(
                "%s is for %d to %d players, not %d"
                % (self.id, rules.min_players, rules.max_players, n)
            )
        for p in range(n):
            name = players[p]
            if type(name) is not str or not name.strip():
                raise ScoreError("player %d needs a name, not %s" % (p + 1, show(name)))
            if name in players[:p]:  # (the history's stats are kept by name: two would be one)
                raise ScoreError("players %d and %d are both %s: each needs a name of their own"
                                 % (players.index(name) + 1, p + 1, show(name)))
        self.names = list(players)
        self.seats = list(range(n))  # a whole hole's players: one list, every hole's (never changed)
        self.opts = rules.make_options(options)
        if type(dealer) is not int or not 0 <= dealer < n:
            raise ScoreError("the first dealer %s is not a player (0 to %d)" % (show(dealer), n - 1))
        self.first_dealer = dealer
        self.holes = []
        self.playoff = []
        # runs of playoff holes an edit undid, each as played: the same tie again brings one back
        self.undone: list = []
        self.back = 0  # playoff holes the last edit brought back
        self._tie = None  # _decide's (playoff holes counted, tied, rounds) after them: a playoff read
        # hole by hole is decided a hole at a time, not from its first each time

    # --- entering ------------------------------------------------------
    def dealer(self, index):
        """Who deals the hole of this index (0-based): one seat on each hole."""
        return (self.first_dealer + index) % len(self.names)

    def make_hole(self, entries, ender=None, out=None, blitz=False, players=None, label=None):
        """Validate and score one hole without adding it to the game."""
        if players is None:
            players = self.seats
        try:
            return self._make(players, entries, ender, out, blitz)
        except ScoreError as e:
            if e.hole is None:
                e.hole = label
            raise

    def _make(self, players, entries, ender, out, blitz):
        rules, opts = self.rules, self.opts
        what = "hand" if rules.hand else "grid"
        if type(entries) is not list:
            raise ScoreError("%ss must be a list, one per player, not %s" % (what, show(entries)))
        if len(entries) != len(players):
            raise ScoreError(
                "%d %s%s for %d players"
                % (len(entries), what, "" if len(entries) == 1 else "s", len(players))
            )
        ender = _index(ender, players, "ender")
        out = _index(out, players, "out")
        if type(blitz) is not bool:
            raise ScoreError("blitz must be true or false, not %s" % show(blitz))
        cards = []
        for k in range(len(players)):
            p = players[k]
            try:
                e = entries[k]
                if type(e) is int:  # the total entered at the table (docs/RULES.md)
                    if not TOTAL_LOW <= e <= TOTAL_HIGH:
                        raise ScoreError("a total must be from %d to %d, not %d" % (TOTAL_LOW, TOTAL_HIGH, e))
                    if p == out and e:
                        raise ScoreError("went out, so the total must be 0, not %d" % e)
                    cards.append(e)  # the score as given
                    continue
                c = rules.read(e, opts)
                if p == out and c:
                    raise ScoreError("went out, so the hand must be empty (it has %d card%s)"
                                         % (len(c), "" if len(c) == 1 else "s"))
            except ScoreError as e:
                e.player = p
                e.name = self.names[p]
                raise
            cards.append(c)
        self.check_deck(cards)
        hole = Hole(players if players is self.seats else list(players), pack(cards, rules.tokens),
                    ender, out, blitz)
        self._score(hole, cards)
        return hole

    def check_deck(self, cards):
        """ScoreError naming the card if these entries hold more of a card
        than the deck (entries: card lists, or totals which are skipped)."""
        rules, players = self.rules, len(self.names)
        for t in rules.tokens:  # token by token: no table made (the CYD's game's peak; score.py's)
            most = rules.most(t, players)
            if most is None:
                continue
            n = 0
            for c in cards:
                if type(c) is not int:  # a total alone: no cards to count
                    n += c.count(t)
            if n > most:
                raise ScoreError(
                    "%d cards '%s' entered; the %s deck for %d players holds %d"
                    % (n, t, self.id, players, most)
                )

    def cards(self, hole):
        """Each player's cards in the hole as a flat list of tokens, or their total."""
        return unpack(hole.packed, self.rules.tokens)

    def _score(self, hole, cards):
        rules, opts = self.rules, self.opts
        hole.raw = [c if type(c) is int else rules.score(c, opts).total() for c in cards]
        e = None if hole.ender is None else hole.players.index(hole.ender)
        adj = ender_adjustments(opts["ender_rule"], hole.raw, e, opts["ender_penalty_points"])
        # no one's score moved (most holes): the scores are the raw list itself (nothing changes either)
        hole.scores = [hole.raw[k] + adj[k] for k in range(len(adj))] if any(adj) else hole.raw

    def add_hole(self, entries, ender=None, out=None, blitz=False):
        h = len(self.holes)
        label = "hole %d" % (h + 1)
        if h >= self.opts["holes"]:
            e = ScoreError("the game has only %d holes (option holes)" % self.opts["holes"])
            e.hole = label
            raise e
        hole = self.make_hole(entries, ender, out, blitz, label=label)
        self.holes.append(hole)
        self._tie = None
        return hole

    def add_playoff(self, players, entries, ender=None, out=None, blitz=False):
        """Add a sudden-death playoff hole played by exactly the tied players
        (its checks in engine/playoff.py: loaded only for a playoff)."""
        import engine.playoff  # (a "from" import in a function allocates)

        return engine.playoff.add(self, players, entries, ender, out, blitz)

    # --- results -------------------------------------------------------
    def complete(self):
        return len(self.holes) == self.opts["holes"]

    def totals(self):
        t = [0] * len(self.names)
        for hole in self.holes:
            for p in range(len(t)):
                t[p] += hole.scores[p]
        return t

    def _decide(self):
        """(winner, tied, rounds): rounds[p] is how many playoff holes p
        came through (a tie-break for the standings)."""
        n = len(self.names)
        if not self.complete():
            return None, [], [0] * n
        c = self._tie
        if c is None or c[0] > len(self.playoff):
            c = (0, _lowest(self.totals(), list(range(n))), [0] * n)
        done, tied, rounds = c[0], list(c[1]), list(c[2])
        if self.opts["ties"] == "playoff":
            while len(tied) > 1 and done < len(self.playoff):
                ph = self.playoff[done]
                done += 1
                tied = [ph.players[k] for k in _lowest(ph.scores, list(range(len(ph.players))))]
                tied.sort()
                for p in tied:
                    rounds[p] += 1
        self._tie = (done, list(tied), list(rounds))
        if len(tied) == 1:
            return tied[0], [], rounds
        return None, tied, rounds

    def winner(self):
        return self._decide()[0]

    def tied(self):
        return self._decide()[1]

    def playoff_players(self):
        """The players of the next playoff hole (sorted), or [] if none is needed."""
        if self.opts["ties"] != "playoff":
            return []
        return self._decide()[1]

    def standings(self):
        """[(place, player, total)] best first; equal players share a place."""
        totals = self.totals()
        winner, tied, rounds = self._decide()
        keys = [(totals[p], -rounds[p]) for p in range(len(totals))]
        order = sorted(range(len(totals)), key=lambda p: (keys[p], p))
        out = []
        for p in order:
            place = 1
            for q in range(len(totals)):
                if keys[q] < keys[p]:
                    place += 1
            out.append((place, p, totals[p]))
        return out

    # --- the document form ---------------------------------------------
    def summary(self):
        """The finished game as the history keeps it."""
        return {"game": self.id, "players": list(self.names), "totals": self.totals(),
                "holes": [list(h.scores) for h in self.holes], "winner": self.winner(), "tied": self.tied()}

    def doc_head(self):
        """The document without its holes: doc.py's to_doc is this, plus doc_holes'
        lists made with hole_doc. (The device saves it a hole at a time,
        so that a whole game's document is never in memory.)"""
        d = {"game": self.id, "players": list(self.names), "options": dict(self.opts),
             "dealer": self.first_dealer}
        if self.undone:  # (tools/score.py reads neither: they are not scored)
            d["undone_runs"] = [len(r) for r in self.undone]
        return d

    def doc_holes(self):
        # the undone runs' holes one after the other, as many in each as doc_head's undone_runs
        both = (("holes", self.holes), ("playoff", self.playoff))
        return both + (("undone", [h for r in self.undone for h in r]),) if self.undone else both

    def hole_doc(self, hole):
        rules = self.rules
        d = {"ender": hole.ender}
        # a playoff hole always lists its players (docs/RULES.md), even when all of them play it
        seats = self.seats
        if hole.players is not seats:  # (a playoff hole's is its own list, an undone one's too)
            d["players"] = list(hole.players)
        if rules.hand:
            d["hands"] = self.cards(hole)
            d["out"] = hole.out
            d["blitz"] = hole.blitz
        else:
            d["grids"] = [c if type(c) is int else rules.grid_of(c) for c in self.cards(hole)]
        return d


def _lowest(scores, among):
    """The positions in among whose score is the lowest."""
    low = min(scores[p] for p in among)
    return [p for p in among if scores[p] == low]
