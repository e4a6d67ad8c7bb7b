# cpython-only
# Property tests (hypothesis): the engine against small reference scorers
# written straight from docs/RULES.md in a different shape, plus symmetries.
# hypothesis does not run on MicroPython; test_dealt.py covers both runtimes.
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import multiple_9
from engine.game import Game
from engine.game import rules_for

P9_VAL = {"HIO": -5, **{str(n): n for n in range(13)}}
CN_VAL = {"JK": -2, "A": 0, "K": 1, "J": 10, "Q": 10, "QS": 10, **{str(n): n for n in range(2, 11)}}
C9_VAL = {"K": 0, "2": -2, "A": 10, "J": 10, "Q": 10, **{str(n): n for n in range(3, 11)},
          "X": 20, "R": 20, "S": 20, "T": 20}


def cells(tokens, n):
    """n cells drawn from a small alphabet, so matches are common."""
    return st.lists(st.sampled_from(tokens), min_size=1, max_size=4, unique=True).flatmap(
        lambda alpha: st.lists(st.sampled_from(alpha), min_size=n, max_size=n)
    )


def rows(flat, c):
    return [flat[i:i + c] for i in range(0, len(flat), c)]


def engine(gid, grid, **opts):
    r = rules_for(gid)
    o = r.make_options(opts)
    return r.score(r.read(grid, o), o).total()


# --- play-nine ---------------------------------------------------------------
def ref_play_nine(g, any_pairs):
    bonus = {2: -10, 3: -15, 4: -20}
    total, pairs = 0, []
    for a, b in zip(g[0], g[1]):
        if a == b:
            pairs.append(a)
            total += -10 if a == "HIO" else 0
        else:
            total += P9_VAL[a] + P9_VAL[b]
    if any_pairs:
        total += bonus.get(len(pairs), 0)
    else:
        total += sum(bonus.get(pairs.count(t), 0) for t in set(pairs))
    return total


@given(cells(list(P9_VAL), 8), st.booleans())
def test_play_nine_matches_reference(flat, any_pairs):
    g = rows(flat, 4)
    assert engine("play-nine", g, bonus_any_pairs=any_pairs) == ref_play_nine(g, any_pairs)


@given(cells(list(P9_VAL), 8), st.permutations(range(4)))
def test_play_nine_column_order_does_not_matter(flat, perm):
    g = rows(flat, 4)
    h = [[row[i] for i in perm] for row in g]
    assert engine("play-nine", h) == engine("play-nine", g)


# --- crazy-nines -------------------------------------------------------------
def rank(t):
    return "Q" if t == "QS" else t


def full_lines(g):
    out = []
    for r in range(3):
        out.append([(r, c) for c in range(3)])
    for c in range(3):
        out.append([(r, c) for r in range(3)])
    return out


def ref_crazy_nines(g, neg_cancel, qpen):
    removed = set()
    for line in full_lines(g):
        ranks = {rank(g[r][c]) for r, c in line}
        if len(ranks) == 1 and "." not in ranks:
            removed |= set(line)
    total = 0
    for r in range(3):
        for c in range(3):
            t = g[r][c]
            if (r, c) in removed or t == ".":
                continue
            near = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            paired = any(
                0 <= a < 3 and 0 <= b < 3 and (a, b) not in removed and g[a][b] != "."
                and rank(g[a][b]) == rank(t)
                for a, b in near
            )
            if not paired or (t == "JK" and not neg_cancel):
                total += CN_VAL[t]
            if t == "QS":
                total += qpen
    return total


def with_dots(draw_grid, blank):
    """Blank a whole row or column (kind, index) of a 3x3 grid, or none."""
    g = [list(r) for r in draw_grid]
    if blank is not None:
        kind, i = blank
        for k in range(3):
            if kind == "row":
                g[i][k] = "."
            else:
                g[k][i] = "."
    return g


BLANK = st.one_of(st.none(), st.tuples(st.sampled_from(["row", "column"]), st.integers(0, 2)))


@given(cells(list(CN_VAL), 9), BLANK, st.booleans(), st.integers(0, 100))
def test_crazy_nines_matches_reference(flat, blank, neg, qpen):
    g = with_dots(rows(flat, 3), blank)
    got = engine("crazy-nines", g, negative_pairs_cancel=neg, queen_of_spades_penalty=qpen)
    assert got == ref_crazy_nines(g, neg, qpen)


@given(cells(list(CN_VAL), 9))
def test_crazy_nines_transpose_does_not_matter(flat):
    g = rows(flat, 3)
    assert engine("crazy-nines", [list(c) for c in zip(*g)]) == engine("crazy-nines", g)


# --- suitup-crazy-9s ---------------------------------------------------------
def ref_suitup_crazy_9s(g, wild, wild_value, column_sets):
    lines = full_lines(g) if column_sets else full_lines(g)[:3]
    removed = set()
    for line in lines:
        ts = [g[r][c] for r, c in line]
        real = [t for t in ts if t in C9_VAL and t not in "XRST"]
        wilds = ts.count("W") if wild else 0
        if real and len(set(real)) == 1 and len(real) + wilds == 3:
            removed |= set(line)
    total = 0
    for r in range(3):
        for c in range(3):
            t = g[r][c]
            if (r, c) not in removed and t != ".":
                total += wild_value if t == "W" else C9_VAL[t]
    return total


@given(cells(list(C9_VAL) + ["W"], 9), st.booleans(), st.integers(0, 100), st.booleans(),
       st.one_of(st.none(), st.integers(0, 2)))
def test_suitup_crazy_9s_matches_reference(flat, wild, wv, colsets, blank_row):
    g = with_dots(rows(flat, 3), None if blank_row is None else ("row", blank_row))
    got = engine("suitup-crazy-9s", g, wild_completes_sets=wild, wild_value=wv, column_sets=colsets)
    assert got == ref_suitup_crazy_9s(g, wild, wv, colsets)


# --- multiple-9 --------------------------------------------------------------
def ref_meld(vals):
    """Brute force: the first card's group is any subset of the rest with it."""
    if not vals:
        return True
    first, rest = vals[0], vals[1:]
    for mask in range(1 << len(rest)):
        grp = [first] + [rest[i] for i in range(len(rest)) if mask >> i & 1]
        if len(set(grp)) <= 2 and sum(grp) % 9 == 0:
            if ref_meld([rest[i] for i in range(len(rest)) if not mask >> i & 1]):
                return True
    return False


def multiset(max_size):
    return st.lists(st.sampled_from(multiple_9.RANKS), min_size=1, max_size=max_size).filter(
        lambda cs: all(cs.count(r) <= 4 for r in cs)
    )


@given(multiset(9))
def test_meld_matches_brute_force(cards):
    vals = [multiple_9.rank(c) + 1 for c in cards]
    ok, groups, _ = multiple_9.check_discard(cards, final=True)
    assert ok == ref_meld(vals)
    if ok:
        assert sorted(c for g in groups for c in g) == sorted(cards)
        for g in groups:
            assert len(set(g)) <= 2 and sum(multiple_9.rank(c) + 1 for c in g) % 9 == 0


def ref_best(cards):
    best = None
    for mask in range(1 << len(cards)):
        used = [cards[i] for i in range(len(cards)) if mask >> i & 1]
        left = [cards[i] for i in range(len(cards)) if not mask >> i & 1]
        vals = [multiple_9.rank(c) + 1 for c in used]
        if sum(vals) % 9 or not ref_meld(vals):
            continue
        ranks = set(left)
        worth = [left.count(r) * (14 if r == "A" else multiple_9.rank(r) + 1) for r in ranks]
        unused = sorted(worth, reverse=True)
        key = (sum(vals) // 9, -len(ranks), unused)
        if best is None or key > best:
            best = key
    return best


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(multiple_9.RANKS), min_size=9, max_size=13).filter(
    lambda cs: all(cs.count(r) <= 4 for r in cs)))
def test_showdown_matches_brute_force(cards):
    board, rest = cards[:5], cards[5:]
    hands = [rest[i:i + 2] for i in range(0, len(rest) - 1, 2)]
    n, unused, places = multiple_9.showdown(board, hands)
    keys = [ref_best(board + h) for h in hands]
    assert n == [k[0] for k in keys]
    for k in range(len(hands)):
        assert places[k] == 1 + sum(1 for j in keys if j > keys[k])
        # the unused cards shown really are unused cards of an optimal choice
        left = list(board + hands[k])
        for c in unused[k]:
            left.remove(c)
        assert sum(multiple_9.rank(c) + 1 for c in left) == 9 * n[k]
        assert ref_meld([multiple_9.rank(c) + 1 for c in left])


# --- the game ----------------------------------------------------------------
@given(st.lists(cells([str(n) for n in range(13)], 8), min_size=3, max_size=3),
       st.permutations(range(3)), st.integers(0, 2),
       st.sampled_from(["none", "double", "penalty-per-lower"]))
def test_seat_order_does_not_change_scores(flats, perm, ender, rule):
    grids = [rows(f, 4) for f in flats]
    # more than the deck holds is not a hole that can happen: hypothesis draws another
    assume(not any(sum(f.count(t) for f in flats) > 8 for t in set(sum(flats, []))))
    g1 = Game("play-nine", ["A", "B", "C"], {"ender_rule": rule})
    h1 = g1.add_hole(grids, ender=ender)
    g2 = Game("play-nine", ["A", "B", "C"], {"ender_rule": rule})
    h2 = g2.add_hole([grids[p] for p in perm], ender=perm.index(ender))
    assert [h2.scores[perm.index(p)] for p in range(3)] == h1.scores
    assert h1.scores[ender] >= h1.raw[ender] or rule == "none"
