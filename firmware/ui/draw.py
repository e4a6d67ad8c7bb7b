# The drawing kit the screens share: colours by role, text at a readable
# size on each panel (the built-in 8x8 font, scaled), boxes, highlights,
# lines. It draws on any display that follows the display contract (a
# framebuf.FrameBuffer with width, height, mono, mark() and show()), always
# through frame(), which marks what show() pushes: each band whole, or only
# the rectangles that changed (the drawing calls mark nothing: a call a draw).
#
# A display whose buffer holds a band of rows (drivers/dcs.py: band, at())
# is drawn band by band by frame(): the screen's draw() runs in the first,
# its drawing calls are kept, and the others draw those again (each call
# moved up by the band's top row, self.oy; framebuf clips the rest).
import framebuf

# Colour roles: indices into the colour panels' 16-colour table.
BG = 0
FG = 1
DIM = 2
ACCENT = 3
GOOD = 4
BAD = 5
SEL_BG = 6  # highlighted row
SEL_FG = 7
SERIES = (8, 9, 10, 11, 12, 13, 14, 15)  # chart lines, one per player

_COLOURS = (
    (BG, (0, 0, 0)),
    (FG, (255, 255, 255)),
    (DIM, (128, 128, 128)),
    (ACCENT, (255, 200, 40)),
    (GOOD, (60, 220, 90)),
    (BAD, (255, 70, 60)),
    (SEL_BG, (40, 90, 200)),
    (SEL_FG, (255, 255, 255)),
    (8, (255, 200, 40)),
    (9, (80, 170, 255)),
    (10, (255, 110, 110)),
    (11, (120, 230, 120)),
    (12, (220, 130, 255)),
    (13, (255, 160, 60)),
    (14, (100, 230, 230)),
    (15, (230, 230, 120)),
)

_MAX_CHARS = 40  # longest string text() draws in one go
_KEPT = 48  # drawing calls a frame keeps for its other bands (frame()); past it, draw() runs again


class Pen:
    """Drawing on one display. Colours are roles (BG, FG, ...); on a
    monochrome panel every role but BG and SEL_FG is lit."""

    def __init__(self, display):
        self.d = display
        self.mono = display.mono
        if not self.mono:
            for index, rgb in _COLOURS:
                display.set_colour(index, rgb[0], rgb[1], rgb[2])
        # Text sizes: the 8x8 font scaled so that a line stays readable at
        # arm's length; about 16 characters across the width.
        w = display.width
        self.scale = 1 if w < 200 else 2
        self.big = self.scale + 1
        self.line_h = 8 * self.scale + 2
        self.h = display.height  # the screens' room: less a touch board's keys (ui/touch.py)
        self.oy = 0  # the screen row at the buffer's row 0 (banded displays)
        self.clip = None  # frame()'s rectangles that changed, while it draws only them
        self.rec = None  # what draw drew in a frame's first band, while it runs (frame())
        self.rows = getattr(display, "band", display.height)  # rows the buffer holds
        self.cut: list = []  # strings text() had to cut: a layout bug (tests look)
        # Scratch for scaled text: one line of glyphs, reused.
        self._glyphs = bytearray(_MAX_CHARS * 8)  # MONO_HLSB, 8 rows
        self._fb = framebuf.FrameBuffer(self._glyphs, _MAX_CHARS * 8, 8, framebuf.MONO_HLSB)
        # a colour panel (drivers/dcs.py) scales text itself, in machine code, some 50 times quicker
        # than the loop below; and its show() sends exactly the rectangle marked (frame())
        self.fast = getattr(display, "scaled", None) is not None
        if self.fast:  # does a rectangle meet one of what changed (frame()): the panel's, in machine code
            self._meets = display.meets
        else:  # the OLED, the web page: the loops in Python (not loaded on the colour boards)
            from ui.bigtext import meets, scaled

            self._slow = scaled
            self._meets = meets

    def c(self, role):
        """The pixel value for a colour role on this display."""
        if self.mono:
            return 0 if role == BG or role == SEL_FG else 1  # no tuple: nothing allocated
        return role

    def frame(self, draw, dirty=True):
        """Draw a screen with draw(pen) and show it. dirty: True, or an
        array("h") of rectangles x, y, w, h, x, y, w, h, ... (h 0: none), all that
        changed since the last frame: then only the bands they touch are
        drawn and only they are sent (ui/entry.py's grid), draw running in
        each (a band or two; what misses them it may skip). A whole frame's
        draw runs once, in the first band; what it drew is kept (self.rec)
        and drawn again in the other bands (docs/SPEED.md)."""
        d = self.d
        rows = self.rows
        # (where show() sends exactly the rectangle marked: an OLED sends whole pages of 8 rows)
        self.clip = dirty if dirty is not True and self.fast else None
        rec: object = ()  # nothing drawn yet; then the calls kept, or None (too many): draw runs again
        y = 0
        while y < d.height:
            if dirty is True or self._meets(dirty, len(dirty), 0, y, d.width, rows):
                if rows < d.height:
                    d.at(y)
                self.oy = y
                self.clear()
                if rec == ():
                    try:  # (with the heap locked, crash.py's error screen: drawn in each band)
                        # a frame of what changed draws again in its band or two: nothing kept, nothing made
                        self.rec = [] if rows < d.height and dirty is True else None
                    except MemoryError:
                        self.rec = None
                    self.top = self.back = 0
                    draw(self)
                    rec = self.rec
                    self.rec = None
                elif rec is None:
                    draw(self)
                else:
                    self._replay(rec)
                if dirty is True:
                    d.show()
                else:  # only the rectangles: the rest of the band is as it was
                    i = 0
                    while i < len(dirty):
                        if dirty[i + 3] > 0:
                            d.dirty = None
                            d.mark(dirty[i], dirty[i + 1], dirty[i + 2], dirty[i + 3])
                            d.show()
                        i += 4
            y += rows
        self.oy = 0
        self.clip = None

    def _keep(self, op, x, y, w, h, c):
        """A drawing call kept for the other bands (frame()): what 0 fill, 1
        box, 2 text (w its string, h 8 times its scale), 3 a line (to w, h).
        One that misses what changed is not sent there, so not kept."""
        rec = self.rec
        clip = self.clip
        if self.rows < self.d.height and (op > 1 or clip is None or self._meets(clip, len(clip), x, y, w, h)):
            if len(rec) < _KEPT:  # type: ignore[arg-type]
                top = h if op == 3 and h < y else y
                if self.top - top > self.back:  # how far above the lowest before it a call begins (_replay)
                    self.back = self.top - top
                if top > self.top:
                    self.top = top
                rec.append((op, x, y, w, h, c))  # type: ignore[union-attr]
            else:  # a long table: kept, its strings would hold too much of the heap
                self.rec = None

    def _replay(self, rec):
        """Draw again, in this band, what the first band's draw kept. No
        call begins more than self.back above one before it, so once one
        begins that far below the band, none after it is in the band."""
        d = self.d
        oy = self.oy
        end = oy + self.rows
        stop = end + self.back
        while rec and (rec[0][2] + rec[0][4] if rec[0][0] != 3 else max(rec[0][2], rec[0][4]) + 1) <= oy:
            rec.pop(0)  # done with: it ends above this band (the bands go down the screen)
        for op, x, y, w, h, c in rec:
            if op == 3:
                d.line(x, y - oy, w, h - oy, c)
            elif y >= stop:
                break
            elif y < end and y + h > oy:  # in this band
                y -= oy
                if op == 0:
                    d.fill_rect(x, y, w, h, c)
                elif op == 1:
                    d.rect(x, y, w, h, c)
                elif h == 8:
                    d.text(w, x, y, c)
                else:
                    self._scaled(w, x, y, c, h >> 3)

    def clear(self, role=BG):
        self.d.fill(self.c(role))
        self.d.mark_all()

    def fill(self, x, y, w, h, role):
        self.d.fill_rect(x, y - self.oy, w, h, self.c(role))
        if self.rec is not None:
            self._keep(0, x, y, w, h, self.c(role))

    def box(self, x, y, w, h, role):
        self.d.rect(x, y - self.oy, w, h, self.c(role))
        if self.rec is not None:
            self._keep(1, x, y, w, h, self.c(role))

    def text_width(self, s, scale=None):
        return len(s) * 8 * (scale or self.scale)

    def text(self, s, x, y, role=FG, scale=None):
        """Draw s with its top left at (x, y); returns the width drawn.
        Text past the right edge is cut at a whole character."""
        scale = scale or self.scale
        room = min((self.d.width - x) // (8 * scale), _MAX_CHARS)
        if len(s) > room:
            if len(self.cut) < 8:
                self.cut.append(s)
            if room <= 0:
                return 0
            s = s[:room]
        w = len(s) * 8 * scale
        clip = self.clip
        if clip is not None and not self._meets(clip, len(clip), x, y, w, 8 * scale):
            return w  # a frame of what changed (frame()): only text that meets it is drawn
        c = self.c(role)
        if self.rec is not None:
            self._keep(2, x, y, s, 8 * scale, c)
        y -= self.oy
        if y >= self.rows or y + 8 * scale <= 0:
            pass  # outside the band: nothing to draw
        elif scale == 1:
            self.d.text(s, x, y, c)
        else:
            self._scaled(s, x, y, c, scale)
        return w

    def _scaled(self, s, x, y, c, k):
        fb = self._fb
        n = len(s) * 8
        fb.fill_rect(0, 0, n, 8, 0)
        fb.text(s, 0, 0, 1)
        if self.fast:
            self.d.scaled(self._glyphs, _MAX_CHARS, n, x, y, c, k)
        else:
            self._slow(self.d, self._glyphs, _MAX_CHARS, n, x, y, c, k, self.rows)

    def centred(self, s, y, role=FG, scale=None):
        w = self.text_width(s, scale)
        return self.text(s, max(0, (self.d.width - w) // 2), y, role, scale)

    def highlight(self, x, y, w, h):
        """The selected-row bar; draw the row's text on it with SEL_FG."""
        self.fill(x, y, w, h, SEL_BG)

    def line(self, x0, y0, x1, y1, role):
        """A line from (x0, y0) to (x1, y1)."""
        self.d.line(x0, y0 - self.oy, x1, y1 - self.oy, self.c(role))
        if self.rec is not None:
            self._keep(3, x0, y0, x1, y1, self.c(role))
