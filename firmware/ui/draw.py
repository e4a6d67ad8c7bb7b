# The drawing kit the screens share: colours by role, text at a readable
# size on each panel (the built-in 8x8 font, scaled), boxes, highlights,
# lines. It draws on any display that follows the display contract (a
# framebuf.FrameBuffer with width, height, mono, mark() and show()) and
# marks what it drew, so show() pushes only that.
#
# A display whose buffer holds a band of rows (drivers/dcs.py: band, at())
# is drawn once per band by frame(): every drawing call is moved up by the
# band's top row (self.oy), framebuf clips the rest, and text wholly outside
# the band is skipped.
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
        self.rows = getattr(display, "band", display.height)  # rows the buffer holds
        self.cut: list = []  # strings text() had to cut: a layout bug (tests look)
        # Scratch for scaled text: one line of glyphs, reused.
        self._glyphs = bytearray(_MAX_CHARS * 8)  # MONO_HLSB, 8 rows
        self._fb = framebuf.FrameBuffer(self._glyphs, _MAX_CHARS * 8, 8, framebuf.MONO_HLSB)
        # a colour panel (drivers/dcs.py) scales text itself, in machine code, some 50 times quicker
        # than the loop below; and its show() sends exactly the rectangle marked (frame())
        self.fast = getattr(display, "scaled", None) is not None

    def c(self, role):
        """The pixel value for a colour role on this display."""
        if self.mono:
            return 0 if role == BG or role == SEL_FG else 1  # no tuple: nothing allocated
        return role

    def frame(self, draw, dirty=True):
        """Draw a whole screen with draw(pen) and show it: once, or once per
        band (draw must draw the same each time). dirty: True, or a list of
        rectangles [x, y, w, h, x, y, w, h, ...] (h 0: none), all that
        changed since the last frame: then only the bands they touch are
        drawn and only they are sent (ui/entry.py's grid)."""
        d = self.d
        y = 0
        # (where show() sends exactly the rectangle marked: an OLED sends whole pages of 8 rows)
        self.clip = dirty if dirty is not True and self.fast else None
        while y < d.height:
            if dirty is not True:  # a list: is a rectangle in this band?
                i = 0
                while i < len(dirty) and not (dirty[i + 3] > 0 and dirty[i + 1] < y + self.rows
                                              and dirty[i + 1] + dirty[i + 3] > y):
                    i += 4
                if i >= len(dirty):
                    y += self.rows
                    continue
            if self.rows < d.height:
                d.at(y)
            self.oy = y
            self.clear()
            draw(self)
            if dirty is True:
                d.show()
            else:  # only the rectangles: the rest of the band is as it was
                i = 0
                while i < len(dirty):
                    d.dirty = None
                    d.mark(dirty[i], dirty[i + 1], dirty[i + 2], dirty[i + 3])
                    d.show()
                    i += 4
            y += self.rows
        self.oy = 0
        self.clip = None

    def clear(self, role=BG):
        self.d.fill(self.c(role))
        self.d.mark_all()

    def fill(self, x, y, w, h, role):
        self.d.fill_rect(x, y - self.oy, w, h, self.c(role))
        self.d.mark(x, y, w, h)

    def box(self, x, y, w, h, role):
        self.d.rect(x, y - self.oy, w, h, self.c(role))
        self.d.mark(x, y, w, h)

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
        if clip is not None:  # a frame of what changed (frame()): only text that meets it is drawn
            i = 0
            while i < len(clip) and not (clip[i + 3] > 0 and clip[i] < x + w and x < clip[i] + clip[i + 2]
                                         and clip[i + 1] < y + 8 * scale and y < clip[i + 1] + clip[i + 3]):
                i += 4
            if i >= len(clip):
                return w
        c = self.c(role)
        y -= self.oy
        if y >= self.rows or y + 8 * scale <= 0:
            pass  # outside the band: nothing to draw
        elif scale == 1:
            self.d.text(s, x, y, c)
        else:
            self._scaled(s, x, y, c, scale)
        self.d.mark(x, y + self.oy, w, 8 * scale)
        return w

    def _scaled(self, s, x, y, c, k):
        fb = self._fb
        n = len(s) * 8
        fb.fill_rect(0, 0, n, 8, 0)
        fb.text(s, 0, 0, 1)
        g = self._glyphs
        stride = _MAX_CHARS  # bytes a row
        d = self.d  # d.fill_rect, not a bound method kept: that would allocate
        if self.fast:
            d.scaled(g, stride, n, x, y, c, k)
            return
        for row in range(8):
            if y + row * k >= self.rows or y + (row + 1) * k <= 0:
                continue  # this row of the glyphs is outside the band
            base = row * stride
            run = -1
            for px in range(n + 1):
                lit = px < n and g[base + (px >> 3)] & (0x80 >> (px & 7))
                if lit and run < 0:
                    run = px
                elif not lit and run >= 0:
                    d.fill_rect(x + run * k, y + row * k, (px - run) * k, k, c)
                    run = -1

    def centred(self, s, y, role=FG, scale=None):
        w = self.text_width(s, scale)
        return self.text(s, max(0, (self.d.width - w) // 2), y, role, scale)

    def highlight(self, x, y, w, h):
        """The selected-row bar; draw the row's text on it with SEL_FG."""
        self.fill(x, y, w, h, SEL_BG)

    def line(self, x0, y0, x1, y1, role):
        """A line, not marked: draw it inside a box(), which marks its area."""
        self.d.line(x0, y0 - self.oy, x1, y1 - self.oy, self.c(role))
