# docs/RULES.md, the scoring specification, is what the engine does: every
# example in it is scored here (under both runtimes) and must give what the
# page says. The tables of cards are scored one grid at a time by the game's
# rules; each score.py document followed by "answers:" is run through
# tools/score.py in-process and its answer compared; each bad input in the
# last table must fail with that exact line.
import json

from engine.game import GAME_IDS, rules_for
from score import run

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
PAGE = HERE + "/../docs/RULES.md"


def page():
    with open(PAGE) as f:
        return f.read()


def sections(text):
    """[(heading, its lines)] for each ## heading."""
    out: list = []
    for line in text.split("\n"):
        if line.startswith("## "):
            out.append((line[3:].strip(), []))
        elif out:
            out[-1][1].append(line)
    return out


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def code(cell):
    """The text of a `code` cell ("" for an empty cell)."""
    if cell.startswith("`") and cell.endswith("`"):
        return cell[1:-1]
    assert cell == "", "not a code cell: %s" % cell
    return ""


def rows(head):
    """(section heading, row line) of every row of the tables whose head
    line starts with head."""
    for heading, lines in sections(page()):
        table = False
        for line in lines:
            if line.startswith(head):
                table = True
            elif table and line.startswith("|---"):
                continue
            elif table and line.startswith("|"):
                yield heading, line
            else:
                table = False


def card_examples():
    """(game id, cards, options, score) of every row of the games' tables
    whose head is | cards | house rules | score |."""
    got = []
    for head, line in rows("| cards | house rules | score |"):
        c = cells(line)
        opts = code(c[1])
        got.append((head, json.loads(code(c[0])), json.loads(opts) if opts else None, int(c[2])))
    return got


def test_every_game_has_examples_and_every_one_scores_as_the_page_says():
    examples = card_examples()
    assert sorted(set(e[0] for e in examples)) == sorted(GAME_IDS)
    assert len(examples) >= 20
    for game, cards, options, want in examples:
        r = rules_for(game)
        opts = r.make_options(options)
        got = r.score(r.read(cards, opts), opts).total()
        assert got == want, "%s %s %s: the engine scores %d, the page says %d" % (
            game, cards, options, got, want)


def blocks(text):
    """[(the line before the fence, its text)] of every ```json block."""
    out = []
    lines = text.split("\n")
    k = 0
    before = ""
    while k < len(lines):
        if lines[k].startswith("```json"):
            j = k + 1
            while not lines[j].startswith("```"):
                j += 1
            out.append((before, "\n".join(lines[k + 1 : j])))
            k, before = j + 1, ""
            continue
        if lines[k].strip():
            before = lines[k].strip()
        k += 1
    return out


def test_every_score_py_document_on_the_page_answers_as_shown():
    bs = blocks(page())
    pairs = 0
    for k in range(1, len(bs)):
        if bs[k][0] != "answers:":
            continue
        status, out, err = run([], bs[k - 1][1])
        assert status == 0, "%s: %s" % (bs[k - 1][1], err)
        assert json.loads(out) == json.loads(bs[k][1]), "%s\nanswers %s" % (bs[k - 1][1], out)
        pairs += 1
    assert pairs >= 7  # four games, two discards, a showdown


def test_every_bad_input_on_the_page_fails_with_its_line():
    n = 0
    for _head, line in rows("| input | standard error |"):
        c = line.strip()[1:-1].split("` | `")  # (a cell holds "|" in its JSON: split at the seam)
        doc, said = c[0].strip()[1:], c[1].strip()[:-1]
        status, out, err = run([], doc)
        assert (status, out, err) == (2, "", said + "\n"), (doc, err)
        n += 1
    assert n >= 5
