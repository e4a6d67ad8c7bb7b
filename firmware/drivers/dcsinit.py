# A DCS panel's set-up (drivers/dcs.py): the maker's sequence and ours sent
# at boot, and the board check's corrections to the picture (fix). Its own
# module, loaded for them and let go after (DCSPanel's _setup): their code
# is not in the heap while the firmware runs (docs/MEMORY.md).
from micropython import const

from compat import sleep_ms

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVOFF = const(0x20)
_INVON = const(0x21)
_DISPON = const(0x29)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
# MADCTL bits (drivers/dcs.py's MY, MX, MV, BGR)
_MY = const(0x80)
_MX = const(0x40)
_MV = const(0x20)
_BGR = const(0x08)
# the user's corrections from the board check (ui/check.py, which says them as 1 2 4 8)
_MIRROR = const(1)
_TURN = const(2)
_SWAP = const(4)
_INVERT = const(8)


def init(d):
    """Panel d reset and set up: the maker's power, VCOM and gamma settings
    (its class's seq: command, length | 0x80 when a wait in ms follows,
    data, [wait]), then ours, and the panel on."""
    d.cols = -1  # a reset forgets them
    if d.rst is not None:
        d.rst(1)
        sleep_ms(5)
        d.rst(0)
        sleep_ms(10)
        d.rst(1)
        sleep_ms(120)
    else:  # no reset line of ours (the CYD's is the board's): a software reset
        d.cmd(_SWRESET)
        sleep_ms(150)
    seq = d.seq
    i = 0
    while i < len(seq):
        c, n = seq[i], seq[i + 1]
        k = n & 0x7F
        d.cmd(c, seq[i + 2 : i + 2 + k] if k else None)
        i += 2 + k
        if n & 0x80:
            sleep_ms(seq[i])
            i += 1
    d.cmd(_COLMOD, b"\x55")  # 16 bits a pixel
    d.cmd(_MADCTL, bytes((d.madctl,)))
    d.cmd(_INVON if d.invert else _INVOFF)
    d.cmd(_SLPOUT)
    sleep_ms(120)
    d.cmd(_NORON)
    d.cmd(_DISPON)
    sleep_ms(20)
    if d.bl is not None:
        d.bl(1)


def fix(d, n, send):
    """The user's corrections n to panel d (DCSPanel.fix): the MADCTL and
    inversion to send, the glass's first column and row in the window
    addresses then (a mirrored axis counts from the RAM's far end); sent at
    once if send."""
    m, inv = d.base
    if n & _TURN:
        m ^= _MX | _MY
    if n & _MIRROR:
        m ^= _MY if m & _MV else _MX  # the RAM axis that runs across the picture
    if n & _SWAP:
        m ^= _BGR
    gx, gy, gw, gh, rw, rh = d.glass
    cx = rw - gx - gw if m & _MX else gx
    ry = rh - gy - gh if m & _MY else gy
    d.xoff, d.yoff = (ry, cx) if m & _MV else (cx, ry)
    d.cols = -1  # the columns show() last set: none yet
    d.madctl = m
    d.invert = inv != bool(n & _INVERT)
    d.mark_all()
    if send:
        d.cmd(_MADCTL, bytes((m,)))
        d.cmd(_INVON if d.invert else _INVOFF)
