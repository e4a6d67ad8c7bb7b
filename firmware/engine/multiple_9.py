# multiple-9: discards (melds of multiples of nine) and the Hold'em showdown.
#
# A group is cards of at most two ranks adding up to a multiple of 9; a meld
# is cards that split into groups (a rank may be split across groups). Cards
# are kept as counts per rank (13 ranks, value = index + 1), which keeps the
# search small: the state is how many of each rank are left.

from engine.errors import ScoreError, show

GAME = "multiple-9"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK = 4  # one deck: at most 4 of a rank
_CANON = {}
for _k in range(13):
    _CANON[RANKS[_k]] = _k
del _k


def rank(tok, card=None):
    """The rank index (0 = A ... 12 = K) of an input token."""
    key = str(tok) if type(tok) is int else (tok.upper() if type(tok) is str else None)
    r = _CANON.get(key) if key is not None else None
    if r is None:
        raise ScoreError(
            "%s is not a %s card (cards: %s)" % (show(tok), GAME, " ".join(RANKS)), card=card
        )
    return r


def read_cards(cards, what, exact=None):
    """Counts per rank of an input list of tokens; ScoreError if bad."""
    if type(cards) is not list:
        raise ScoreError("%s must be a list of cards, not %s" % (what, show(cards)))
    if exact is not None and len(cards) != exact:
        raise ScoreError("%s must have exactly %d cards, not %d" % (what, exact, len(cards)))
    counts = [0] * 13
    for k in range(len(cards)):
        try:
            counts[rank(cards[k], k)] += 1
        except ScoreError as e:
            e.hole = what
            raise
    return counts


def check_deck(counts, what):
    for r in range(13):
        if counts[r] > DECK:
            raise ScoreError(
                "%d cards '%s' in %s; one deck holds %d" % (counts[r], RANKS[r], what, DECK)
            )


def _key(counts):
    k = 0
    for c in counts:
        k = k * 8 + c
    return k


def split(counts, memo=None):
    """One split of the cards into groups, as a list of (rank, n, rank2, n2)
    (n2 = 0 for a one-rank group), or None when the cards are no meld.
    counts is restored before returning. memo may be shared between calls
    on subsets of the same cards."""
    if total(counts) % 9:
        return None  # every group is a multiple of 9, so the whole must be
    if memo is None:
        memo = {}
    return _split(counts, memo)


def _split(counts, memo):
    r = 12
    while r >= 0 and counts[r] == 0:
        r -= 1
    if r < 0:
        return []
    key = _key(counts)
    found = memo.get(key, 0)
    if found != 0:
        return found
    found = None
    v = r + 1
    # Some group holds the highest rank left: try every such group. Its other
    # rank, if any, is lower.
    have = counts[r]
    for a in range(have, 0, -1):
        counts[r] = have - a
        if a * v % 9 == 0:
            rest = _split(counts, memo)
            if rest is not None:
                found = [(r, a, 0, 0)] + rest
        s = r - 1
        while found is None and s >= 0:
            hs = counts[s]
            for b in range(hs, 0, -1):
                if (a * v + b * (s + 1)) % 9 == 0:
                    counts[s] = hs - b
                    rest = _split(counts, memo)
                    counts[s] = hs
                    if rest is not None:
                        found = [(r, a, s, b)] + rest
                        break
            s -= 1
        if found is not None:
            break
    counts[r] = have
    memo[key] = found
    return found


def total(counts):
    t = 0
    for r in range(13):
        t += counts[r] * (r + 1)
    return t


def group_tokens(groups, cards):
    """The groups as lists of tokens, in the order of the cards given: each
    card goes to the first group still needing its rank, groups are listed
    by their first card, and a group's cards keep the order given."""
    need = [[g[0], g[1], g[2], g[3]] for g in groups]
    members: list = [[] for _ in groups]
    first = [len(cards)] * len(groups)
    for k in range(len(cards)):
        r = rank(cards[k])
        for gi in range(len(need)):
            n = need[gi]
            if n[0] == r and n[1]:
                n[1] -= 1
            elif n[2] == r and n[3]:
                n[3] -= 1
            else:
                continue
            members[gi].append(RANKS[r])
            if first[gi] > k:
                first[gi] = k
            break
    order = sorted(range(len(groups)), key=lambda gi: first[gi])
    return [members[gi] for gi in order]


def check_discard(cards, final=False):
    """(legal, groups, reason) for a discard. groups: a valid split as lists
    of tokens when legal, else []. reason says why it is not legal."""
    counts = read_cards(cards, "discard")
    if not cards:
        e = ScoreError("a discard needs at least one card")
        e.hole = "discard"
        raise e
    if type(final) is not bool:
        e = ScoreError("final must be true or false, not %s" % show(final))
        e.hole = "discard"
        raise e
    check_deck(counts, "the discard")
    groups = split(counts)
    t = total(counts)
    if groups is None:
        return False, [], "the cards do not split into groups of one or two ranks adding up to multiples of 9"
    if not final and t < 18:
        return False, [], "during the game a discard must total at least 18 (this one totals %d)" % t
    return True, group_tokens(groups, cards), ""


def _unused_values(unused):
    """The values of the unused ranks, high to low (an unused A is 14)."""
    vals = []
    for r in range(13):
        if unused[r]:
            vals.append(unused[r] * (14 if r == 0 else r + 1))
    vals.sort(reverse=True)
    return vals


def _better(a, b):
    """Is hand key a = (nines, unused values) better than b?"""
    if a[0] != b[0]:
        return a[0] > b[0]
    if len(a[1]) != len(b[1]):
        return len(a[1]) < len(b[1])  # fewer unused ranks
    for k in range(len(a[1])):
        if a[1][k] != b[1][k]:
            return a[1][k] > b[1][k]
    return False


def best_hand(counts):
    """The best meld from up to 7 cards: (nines, unused values, unused
    counts per rank). Every choice of used cards is tried (at most 2^7)."""
    present = [r for r in range(13) if counts[r]]
    used = [0] * 13
    memo: dict = {}
    best: tuple = (-1, [])
    best_unused = counts
    # Odometer over how many of each present rank are used.
    while True:
        t = total(used)
        if t % 9 == 0 and (t == 0 or _split(used, memo) is not None):
            unused = [counts[r] - used[r] for r in range(13)]
            key = (t // 9, _unused_values(unused))
            if _better(key, best):
                best, best_unused = key, unused
        k = 0
        while k < len(present):
            r = present[k]
            if used[r] < counts[r]:
                used[r] += 1
                break
            used[r] = 0
            k += 1
        if k == len(present):
            break
    return best[0], best[1], best_unused


def unused_tokens(unused):
    """Unused cards, the most valuable ranks first."""
    order = sorted(
        [r for r in range(13) if unused[r]],
        key=lambda r: (-unused[r] * (14 if r == 0 else r + 1), -r),
    )
    out = []
    for r in order:
        out += [RANKS[r]] * unused[r]
    return out


def showdown(board, hands):
    """Rank a showdown. Returns (nines, unused tokens, places) per hand;
    places are competition ranks (1 best, equal hands share a place)."""
    bc = read_cards(board, "showdown, board", 5)
    if type(hands) is not list:
        raise ScoreError("hands must be a list of two-card hands, not %s" % show(hands))
    if not 2 <= len(hands) <= 10:
        raise ScoreError("a showdown needs 2 to 10 hands, not %d" % len(hands))
    seen = list(bc)
    hcs = []
    for k in range(len(hands)):
        hc = read_cards(hands[k], "showdown, hand %d" % (k + 1), 2)
        for r in range(13):
            seen[r] += hc[r]
        hcs.append(hc)
    check_deck(seen, "the showdown")
    keys = []
    nines = []
    unused = []
    for hc in hcs:
        cards = [bc[r] + hc[r] for r in range(13)]
        n, vals, left = best_hand(cards)
        keys.append((n, vals))
        nines.append(n)
        unused.append(unused_tokens(left))
    places = []
    for k in range(len(keys)):
        place = 1
        for j in range(len(keys)):
            if _better(keys[j], keys[k]):
                place += 1
        places.append(place)
    return nines, unused, places


class Tally:
    """Wins per player across multiple-9 games (the first player out wins).
    doc() is what is saved; Tally(players, wins) works on a saved one's
    lists themselves. undo() takes back the latest win counted since."""

    def __init__(self, players, wins=None):
        self.names = list(players) if wins is None else players
        self.wins = [0] * len(players) if wins is None else wins
        self.last: list = []  # the players who won, latest last

    def win(self, player):
        if type(player) is not int or not 0 <= player < len(self.names):
            raise ScoreError("%s is not a player" % show(player))
        self.wins[player] += 1
        self.last.append(player)

    def undo(self):
        """Take back the latest win; False if there is none to take back."""
        if not self.last:
            return False
        self.wins[self.last.pop()] -= 1
        return True

    def doc(self):
        return {"players": self.names, "wins": self.wins}
