# The downloads while Wi-Fi is on: the game's document (/game.json) and the
# history (/history.csv), each sent a piece at a time. Loaded for a download
# and let go once its answer is made (web/server.py's _download: the answer's
# pieces keep what they need): most games see none, and its code is out of
# the heap the phones need (docs/MEMORY.md).
import json

from web.http import Response


def game(g):
    """The game's document, as tools/score.py reads it and the device saves it."""
    return Response(_doc(g), 200, {"Content-Type": "application/json; charset=UTF-8",
                                   "Content-Disposition": "attachment; filename=game.json"})


def history(h):
    """The finished games as CSV lines (storage/export.py's)."""
    from storage.export import history_lines

    return Response(_lines(history_lines(h)), 200, {
        "Content-Type": "text/csv; charset=UTF-8",
        "Content-Disposition": "attachment; filename=history.csv"})


def _doc(game):
    """The game's document a piece at a time (the whole of it is never in
    memory): what tools/score.py reads, as the device saves it."""
    head = game.doc_head()
    sep = "{"
    for k in head:
        yield sep + json.dumps(k) + ":" + json.dumps(head[k])
        sep = ","
    for k, holes in game.doc_holes():
        yield "," + json.dumps(k) + ":["
        for i in range(len(holes)):
            yield ("," if i else "") + json.dumps(game.hole_doc(holes[i]))
        yield "]"
    yield "}\n"


def _lines(lines):
    for line in lines:
        yield line + "\r\n"
