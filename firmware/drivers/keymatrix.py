# A keyboard matrix scanned through a 3-to-8 line decoder (the M5Stack
# Cardputer's 74HC138): three output pins give an address, the decoder pulls
# that line of keys low, and the input pins (pulled up) read the keys on it,
# 0 while pressed. 8 lines × up to 8 inputs: 56 keys on the Cardputer.
#
# The driver takes ready-made pins (the board file makes them) and a table
# of legends (the board's wiring: LEGENDS[address][input]); it knows nothing
# of cards or screens. poll(now) scans every line, debounces each line's
# keys, and returns the keys pressed since the last poll, by legend. Nothing
# is allocated per scan: the line states live in bytearrays, the result in
# one reused list.
from compat import ticks_diff


class KeyMatrix:
    """poll(now) -> the legends of the keys newly pressed (a list reused by
    the next poll); down(legend) -> whether a key is held now (a modifier
    such as FN). A key counts once its line's reading has been steady for
    debounce_ms; a key held stays one press."""

    debounce_ms = 20

    def __init__(self, addr_pins, in_pins, legends):
        self.addr = addr_pins  # address bit 0 first
        self.ins = in_pins  # input bit 0 first
        self.legends = legends
        n = len(legends)
        self.raw = bytearray(n)  # per line: the keys read down at the last scan (a bit each)
        self.state = bytearray(n)  # per line: the keys down, debounced
        self.since = [0] * n  # per line: when its raw reading last changed (ms)
        self.out: list = []

    def _read(self, line):
        # (few locals, one name for both: 11 slots at most, or each call takes its frame from the heap)
        pins = self.addr
        for i in range(len(pins)):
            pins[i].value((line >> i) & 1)
        bits = 0
        pins = self.ins
        for i in range(len(pins)):
            if not pins[i].value():  # pulled up: a pressed key reads 0
                bits |= 1 << i
        return bits

    def poll(self, now):
        # (its frame kept to 11 slots, so not taken from the heap each turn: docs/SPEED.md)
        self.out.clear()
        for line in range(len(self.legends)):
            bits = self._read(line)
            if bits != self.raw[line]:
                self.raw[line] = bits
                self.since[line] = now
                continue
            if bits != self.state[line] and ticks_diff(now, self.since[line]) >= self.debounce_ms:
                self._went_down(line, bits)
        return self.out

    def _went_down(self, line, bits):
        """Line's debounced keys are now bits: those newly down, to the list."""
        new = bits & ~self.state[line]
        self.state[line] = bits
        j = 0
        while new:
            if new & 1:
                self.out.append(self.legends[line][j])
            new >>= 1
            j += 1

    def down(self, legend):
        for line in range(len(self.legends)):
            row = self.legends[line]
            for j in range(len(row)):
                if row[j] == legend:
                    return bool(self.state[line] >> j & 1)
        return False
