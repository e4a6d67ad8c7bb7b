# The finished games as CSV, for a spreadsheet: one line a player a game
# (history.csv, issue 17's export). The game in progress needs no
# conversion: the saved game is already the document tools/score.py reads
# (docs/RULES.md). Not on the board until something there serves it; tools/export.py
# uses it over USB.

HEADER = "game_no,game,holes,seat,player,total,result"


def field(value):
    """A CSV field (RFC 4180): quoted where it holds a comma, a quote or a line break."""
    s = str(value)
    if "," in s or '"' in s or "\n" in s or "\r" in s:
        return '"' + s.replace('"', '""') + '"'
    return s


def history_lines(history):
    """The CSV's lines, the header first; the history is newest first, the
    lines oldest first (game_no 1 is the oldest kept). result: won, tied
    (tied for the lowest total, the game shared), unfinished (every seat
    of a game finished into the history early: no winner and no tie, as
    History says), or empty."""
    yield HEADER
    n = len(history)
    for i in range(n):
        rec = history[n - 1 - i]
        tied = rec.get("tied") or []
        w = rec.get("winner")
        done = w is not None or tied  # a game finished early into the history has neither
        for seat in range(len(rec["players"])):
            result = "won" if w == seat else "tied" if seat in tied else "" if done else "unfinished"
            yield ",".join((str(i + 1), field(rec["game"]), str(rec["holes"]), str(seat + 1),
                            field(rec["players"][seat]), str(rec["totals"][seat]), result))
