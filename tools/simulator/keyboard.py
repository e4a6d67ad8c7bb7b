# Models of the Cardputer's keyboards, for the drivers' tests and the
# simulator. Matrix: a keyboard matrix behind a 3-to-8 line decoder (the
# original Cardputer's 74HC138, drivers/keymatrix.py):
# the address pins select a line, the decoder drives it low, and each input
# pin reads 0 where a key on the selected line is held. press(legend) and
# release(legend) are the fingers; chatter=n makes the next n reads of a
# changed key flip, as contacts bounce, and hold=h keeps each level for h
# reads (scans) before it flips (a bounce of several ms, or a glitch that
# lasts a few scans, which only a debounce in time rejects). KeyChip: the Cardputer ADV's TCA8418
# on I2C (drivers/tca8418.py): presses and releases queue as key events.

# The Cardputer's wiring and the ADV's key codes are the board file's
# (boards/cardputer.py, sources in docs/BOARDS.md): the model presses the
# keys where the board says they are.
from cardputer import LEGENDS as CARDPUTER  # noqa: E402
from cardputer import adv_legends  # noqa: E402


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
        self.flips = bytearray(8 * len(legends))  # per key: reads of chatter left
        self.holds = bytearray(b"\x01" * 8 * len(legends))  # per key: the reads each level of it lasts

    def where(self, legend):
        for line in range(len(self.legends)):
            if legend in self.legends[line]:
                return line, self.legends[line].index(legend)
        raise ValueError("no key %r" % legend)

    def press(self, legend, chatter=0, hold=1):
        line, bit = self.where(legend)
        self.lines[line] |= 1 << bit
        self.flips[line * 8 + bit] = chatter * hold
        self.holds[line * 8 + bit] = hold

    def release(self, legend, chatter=0, hold=1):
        line, bit = self.where(legend)
        self.lines[line] &= ~(1 << bit) & 0xFF
        self.flips[line * 8 + bit] = chatter * hold
        self.holds[line * 8 + bit] = hold

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
            if (left + self.holds[k] - 1) // self.holds[k] % 2:  # the last h reads the other way, and so on
                down ^= 1
        return 0 if down else 1


# The Cardputer ADV: the same 56 keys, scanned by a TCA8418: its event code
# is row * 10 + column + 1 (boards/cardputer.py).
CARDPUTER_ADV = tuple(adv_legends())


class KeyChip:
    """The TCA8418 as its I2C registers show it: a FIFO of key events."""

    def __init__(self, legends=CARDPUTER_ADV, addr=0x34):
        self.legends = legends
        self.addr = addr
        self.regs = bytearray(0x30)
        self.fifo: list = []

    def code(self, legend):
        return self.legends.index(legend) + 1

    def press(self, legend):
        self.fifo.append(0x80 | self.code(legend))

    def release(self, legend):
        self.fifo.append(self.code(legend))

    def writeto_mem(self, addr, reg, buf):
        assert addr == self.addr, addr
        if reg == 0x02:
            self.regs[reg] &= ~buf[0] & 0xFF  # write 1s to clear
        else:
            self.regs[reg] = buf[0]

    def readfrom_mem_into(self, addr, reg, buf):
        assert addr == self.addr, addr
        if reg == 0x03:
            buf[0] = min(len(self.fifo), 10)  # the chip holds 10 events
        elif reg == 0x04:
            buf[0] = self.fifo.pop(0) if self.fifo else 0
        else:
            buf[0] = self.regs[reg]
