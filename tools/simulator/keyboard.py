# A model of a keyboard matrix behind a 3-to-8 line decoder (the M5Stack
# Cardputer's 74HC138), for drivers/keymatrix.py's tests and the simulator:
# the address pins select a line, the decoder drives it low, and each input
# pin reads 0 where a key on the selected line is held. press(legend) and
# release(legend) are the fingers; chatter(n) makes the next n reads of a
# changed key flip, as contacts bounce.

# The Cardputer's wiring, CARDPUTER[address][input bit] (address lines
# G8 G9 G11 = A0 A1 A2; inputs G13 G15 G3 G4 G5 G6 G7): M5Stack's M5Cardputer
# library, src/utility/Keyboard.cpp, checked key by key against MicroHydra's
# KEYMAP (docs/BOARDS.md).
CARDPUTER = (
    ("opt", "z", "c", "b", "m", ".", "space"),
    ("shift", "s", "f", "h", "k", ";", "enter"),
    ("q", "e", "t", "u", "o", "[", "\\"),
    ("1", "3", "5", "7", "9", "-", "bksp"),
    ("ctrl", "alt", "x", "v", "n", ",", "/"),
    ("fn", "a", "d", "g", "j", "l", "'"),
    ("tab", "w", "r", "y", "i", "p", "]"),
    ("`", "2", "4", "6", "8", "0", "="),
)


class OutPin:
    def __init__(self):
        self.v = 0
        self.writes = 0

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = 1 if v else 0
        self.writes += 1
        return None


class InPin:
    def __init__(self, board, bit):
        self.board = board
        self.bit = bit

    def value(self, v=None):
        return self.board.read(self.bit)


class Matrix:
    """The keys held, a bitmask per line; reading a pin allocates nothing
    (the driver's own allocations are what its test measures)."""

    def __init__(self, legends=CARDPUTER, addr_bits=3):
        self.legends = legends
        self.addr = [OutPin() for _ in range(addr_bits)]
        self.ins = [InPin(self, j) for j in range(len(legends[0]))]
        self.lines = bytearray(len(legends))  # the keys held on each line
        self.flips = bytearray(8 * len(legends))  # per key: reads left that read the other way

    def where(self, legend):
        for line in range(len(self.legends)):
            if legend in self.legends[line]:
                return line, self.legends[line].index(legend)
        raise ValueError("no key %r" % legend)

    def press(self, legend, chatter=0):
        line, bit = self.where(legend)
        self.lines[line] |= 1 << bit
        self.flips[line * 8 + bit] = chatter

    def release(self, legend, chatter=0):
        line, bit = self.where(legend)
        self.lines[line] &= ~(1 << bit) & 0xFF
        self.flips[line * 8 + bit] = chatter

    def read(self, bit):
        """An input pin: 0 where a held key is on the line the address selects."""
        line = 0
        for i in range(len(self.addr)):
            line |= self.addr[i].v << i
        down = self.lines[line] >> bit & 1
        k = line * 8 + bit
        left = self.flips[k]
        if left:
            self.flips[k] = left - 1
            if left % 2:
                down ^= 1
        return 0 if down else 1
