# Models of the Cardputer's keyboards, for the drivers' tests and the
# simulator. Matrix: a keyboard matrix behind a 3-to-8 line decoder (the
# original Cardputer's 74HC138, drivers/keymatrix.py):
# the address pins select a line, the decoder drives it low, and each input
# pin reads 0 where a key on the selected line is held. press(legend) and
# release(legend) are the fingers; chatter=n makes the next n reads of a
# changed key flip, as contacts bounce, and hold=h keeps each level for h
# reads (scans) before it flips (a bounce of several ms, or a glitch that
# lasts a few scans, which only a debounce in time rejects). The ADV's TCA8418: host_tests/chipmodels.py.

# The Cardputer's wiring and the ADV's key codes are the board file's
# (boards/cardputer.py, sources in docs/BOARDS.md): the model presses the
# keys where the board says they are.
from cardputer import LEGENDS as CARDPUTER  # noqa: E402


class OutPin:
    """An address pin: a write moves the line the decoder selects."""

    def __init__(self, board, bit):
        self.board = board
        self.mask = 1 << bit
        self.v = 0
        self.writes = 0

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = 1 if v else 0
        self.writes += 1
        b = self.board
        b.line = b.line | self.mask if v else b.line & ~self.mask
        return None


class InPin:
    def __init__(self, board, bit):
        self.board = board
        self.bit = bit

    def value(self, v=None):
        b = self.board
        if b.chatter:
            return b.read(self.bit)
        return 0 if b.lines[b.line] >> self.bit & 1 else 1  # read()'s, with no chatter


class Matrix:
    """The keys held, a bitmask per line; reading a pin allocates nothing
    (the driver's own allocations are what its test measures). The line the
    address selects is kept as the address pins are written (a Cardputer's
    scans were most of a random-key run's time when each read worked it out)."""

    def __init__(self, legends=CARDPUTER, addr_bits=3):
        self.legends = legends
        self.line = 0  # what the address pins select
        self.addr = [OutPin(self, i) for i in range(addr_bits)]
        self.ins = [InPin(self, j) for j in range(len(legends[0]))]
        self.lines = bytearray(len(legends))  # the keys held on each line
        self.flips = bytearray(8 * len(legends))  # per key: reads of chatter left
        self.holds = bytearray(b"\x01" * 8 * len(legends))  # per key: the reads each level of it lasts
        self.chatter = 0  # keys with reads of chatter left (none: a read looks no further)

    def where(self, legend):
        for line in range(len(self.legends)):
            if legend in self.legends[line]:
                return line, self.legends[line].index(legend)
        raise ValueError("no key %r" % legend)

    def press(self, legend, chatter=0, hold=1):
        line, bit = self.where(legend)
        self.lines[line] |= 1 << bit
        self._bounce(line * 8 + bit, chatter, hold)

    def release(self, legend, chatter=0, hold=1):
        line, bit = self.where(legend)
        self.lines[line] &= ~(1 << bit) & 0xFF
        self._bounce(line * 8 + bit, chatter, hold)

    def _bounce(self, k, chatter, hold):
        self.chatter += (chatter * hold > 0) - (self.flips[k] > 0)
        self.flips[k] = chatter * hold
        self.holds[k] = hold

    def read(self, bit):
        """An input pin: 0 where a held key is on the line the address selects."""
        line = self.line
        down = self.lines[line] >> bit & 1
        if self.chatter:
            k = line * 8 + bit
            left = self.flips[k]
            if left:
                self.flips[k] = left - 1
                self.chatter -= left == 1
                if (left + self.holds[k] - 1) // self.holds[k] % 2:  # the last h reads the other way,
                    down ^= 1  # and so on
        return 0 if down else 1
