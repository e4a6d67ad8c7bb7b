# The scoreboard: hole by hole, the totals and the standings. UP/DOWN scroll
# the holes; OK shows the next players when they do not all fit, then (on a
# colour panel) the running totals as a chart; BACK goes back.
from hardware import BACK, DOWN, OK, UP
from ui.draw import ACCENT, BG, DIM, FG, SERIES, SEL_FG
from ui.widgets import Screen, header


class Scores(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.first = 0  # first hole row shown
        self.page = 0  # which group of players; == pages: the chart

    def layout(self, pen):
        g = self.app.game
        # a column: the widest number and a space, at least 4 characters ("-105"); a SuitUP Original
        # total passes 1000 (a probe: "012001200" where 4 columns' totals ran together)
        w = max([len(str(t)) for t in g.totals()] + [len(str(n)) for h in g.holes for n in h.scores] + [3])
        cw = (w + 1) * 8 * pen.scale
        lw = 3 * 8 * pen.scale  # the hole number column
        per = max(1, (pen.d.width - lw) // cw)
        n = len(g.names)
        return cw, lw, per, (n + per - 1) // per

    def key(self, key):
        g = self.app.game
        pages = self.layout(self.app.pen)[3] + (0 if self.app.pen.mono else 1)
        if key == DOWN and self.first < max(0, len(g.holes) - 1):
            self.first += 1
        elif key == UP and self.first > 0:
            self.first -= 1
        elif key == OK:
            self.page = (self.page + 1) % pages
        elif key == BACK:
            self.app.pop()
            return
        self.dirty = True

    def draw(self, pen):
        g = self.app.game
        cw, lw, per, pages = self.layout(pen)
        if self.page >= pages:
            self.chart(pen)
            return
        y = header(pen, "Scores" + (" %d/%d" % (self.page + 1, pages) if pages > 1 else ""))
        players = list(range(self.page * per, min(len(g.names), (self.page + 1) * per)))
        short = cut(g.names, 3)
        for i, p in enumerate(players):
            pen.text(short[p], lw + i * cw + 4, y, ACCENT)
        y += pen.line_h
        totals = g.totals()
        rows = max(1, (pen.h - y) // pen.line_h - 1)  # the last row: totals
        holes = len(g.holes)
        first = min(self.first, max(0, holes - rows))
        for h in range(first, min(holes, first + rows)):
            pen.text("%d" % (h + 1), 2, y, DIM)
            for i, p in enumerate(players):
                _num(pen, g.holes[h].scores[p], lw + (i + 1) * cw - 4, y, FG)
            y += pen.line_h
        leader = min(totals) if totals else 0
        pen.highlight(0, y - 1, pen.d.width, pen.line_h + 1)
        pen.text("=", 2, y, SEL_FG)
        for i, p in enumerate(players):
            # the leader in colour; a mono panel has only one colour on the bar
            lead = totals[p] == leader and not pen.mono
            _num(pen, totals[p], lw + (i + 1) * cw - 4, y, ACCENT if lead else SEL_FG)

    def chart(self, pen):
        g = self.app.game
        y = header(pen, "Running totals")
        series = []
        for p in range(len(g.names)):
            run, t = [0], 0
            for hole in g.holes:
                t += hole.scores[p]
                run.append(t)
            series.append(run)
        # the legend: each player's name and total ("ANN 48"), in as many
        # columns as hold 6 characters each (3 on the M5Stack, 2 on the TTGO)
        cols = max(1, min(3, pen.d.width // (7 * 8 * pen.scale)))
        n = len(g.names)
        legend_h = pen.line_h * ((n + cols - 1) // cols)
        chart(pen, 2, y, pen.d.width - 4, pen.h - y - legend_h - 2, series)
        ly = pen.h - legend_h
        col = pen.d.width // cols
        room = col // (8 * pen.scale) - 1
        for p in range(n):
            total = str(series[p][-1])
            label = cut(g.names, max(1, room - len(total) - 1))[p] + " " + total
            x, yy = (p % cols) * col + 2, ly + (p // cols) * pen.line_h
            pen.text(label[:room], x, yy, SERIES[p % len(SERIES)])


def chart(pen, x, y, w, h, series, roles=SERIES):
    """Lines of running totals, one per series (lists of ints of equal
    length), scaled to fit the box; returns (low, high)."""
    pen.fill(x, y, w, h, BG)
    pen.box(x, y, w, h, DIM)
    n = max(len(s) for s in series) if series else 0
    if n == 0:
        return (0, 0)
    low = min(min(s) for s in series if s)
    high = max(max(s) for s in series if s)
    span = (high - low) or 1
    steps = max(1, n - 1)
    for i in range(1, n):  # a mark at each hole along the bottom
        pen.fill(x + 1 + (w - 3) * i // steps, y + h - 4, 1, 3, DIM)
    # the scale: the highest total at the top, the lowest at the bottom
    if h >= 3 * 8 * pen.scale:
        pen.text(str(high), x + 3, y + 3, DIM)
        pen.text(str(low), x + 3, y + h - 3 - 8 * pen.scale, DIM)
    for k in range(len(series)):
        s = series[k]
        px = py = None
        for i in range(len(s)):
            cx = x + 1 + (w - 3) * i // steps
            cy = y + h - 2 - (h - 3) * (s[i] - low) // span
            pen.line(cx if px is None else px, cy if py is None else py, cx, cy, roles[k % len(roles)])
            px, py = cx, cy
    return (low, high)


def cut(names, n):
    """Each name in at most n characters, told apart: where a cut is another's too,
    the first n - 1 and the first character after that which the others there do not
    have (ANNA, ANNE, ANNIKA: ANA, ANE, ANN), else a digit none of the others shows;
    a name that fits is kept whole."""
    out = [s[:n] for s in names]
    for i, s in enumerate(names):
        others = [t for j, t in enumerate(names) if j != i and out[j] == out[i]]
        if others and len(s) > n:
            c = None
            taken = [o for j, o in enumerate(out) if o != out[i] or len(names[j]) <= n]
            for k in range(n - 1, len(s)):
                if all(t[k:k + 1] != s[k] for t in others) and s[: n - 1] + s[k] not in taken + out[i:i + 1]:
                    c = s[: n - 1] + s[k]
                    break
            rest = out[:i] + out[i + 1:]
            for d in "123456789":  # else a digit none of the others shows (a name may have digits)
                if c is not None:
                    break
                if s[: n - 1] + d not in rest:
                    c = s[: n - 1] + d
            out[i] = c
    return out


def _num(pen, n, right, y, role):
    s = str(n)
    pen.text(s, right - pen.text_width(s), y, role)
