# Text drawn k times its size on a panel without machine code (the OLED,
# the web page's canvas): ui/draw.py's Pen, where the panel has no scaled()
# of its own (drivers/expand.py glyphs, the colour panels'), and the pen's
# test of a drawing call against what changed (the panels' meets). Loaded
# only there.


def meets(r, n, x, y, w, h):
    """Does the rectangle x, y, w, h meet one of the rectangles in r[:n]
    (Pen.frame's: x, y, w, h each, h 0 for none)?"""
    i = 0
    while i < n:
        if r[i + 3] > 0 and r[i] < x + w and x < r[i] + r[i + 2] \
                and r[i + 1] < y + h and y < r[i + 1] + r[i + 3]:
            return True
        i += 4
    return False


def scaled(panel, g, gs, n, x, y, c, k, rows):
    """Each lit pixel of g (8 rows of MONO_HLSB glyphs, gs bytes a row, n
    pixels wide) a k x k square of colour c at (x, y) of the panel's buffer
    (rows tall), a run of lit pixels a fill_rect."""
    for row in range(8):
        if y + row * k >= rows or y + (row + 1) * k <= 0:
            continue  # this row of the glyphs is outside the band
        base = row * gs
        run = -1
        for px in range(n + 1):
            lit = px < n and g[base + (px >> 3)] & (0x80 >> (px & 7))
            if lit and run < 0:
                run = px
            elif not lit and run >= 0:
                panel.fill_rect(x + run * k, y + row * k, (px - run) * k, k, c)
                run = -1
