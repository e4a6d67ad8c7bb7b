# The TCA8418 key-scan chip on I2C (the M5Stack Cardputer ADV's keyboard):
# the chip scans its matrix of rows and columns itself, debounces it, and
# queues each press and release in a FIFO of key events; the driver empties
# the FIFO at each poll. The same interface as drivers/keymatrix.py:
# poll(now) -> the legends of the keys newly pressed (a reused list),
# down(legend) -> whether a key is held. Nothing is allocated per poll.
#
# The board file gives the bus and the legends by the chip's event code:
# LEGENDS[code - 1], code = row * 10 + column + 1 as the chip reports it.

ADDR = 0x34
CFG = 0x01  # configuration
INT_STAT = 0x02  # interrupt status: write 1s to clear
KEY_LCK_EC = 0x03  # low 4 bits: how many events wait in the FIFO
KEY_EVENT_A = 0x04  # the FIFO's head: bit 7 pressed, bits 0-6 the key's code
KP_GPIO1 = 0x1D  # rows 0-7 in the key matrix (1: a key row)
KP_GPIO2 = 0x1E  # columns 0-7
KP_GPIO3 = 0x1F  # columns 8-9


class TCA8418:
    def __init__(self, i2c, legends, rows=7, cols=8, addr=ADDR):
        self.i2c = i2c
        self.addr = addr
        self.legends = legends
        self.held = bytearray(len(legends))  # per key code - 1: 1 while down
        self.buf = bytearray(1)
        self.out: list = []
        self._write(KP_GPIO1, (1 << rows) - 1)
        self._write(KP_GPIO2, (1 << min(cols, 8)) - 1)
        self._write(KP_GPIO3, (1 << max(0, cols - 8)) - 1)
        self._write(CFG, 0x01)  # key events raise the interrupt pin (the board may wire it)
        self._write(INT_STAT, 0x1F)

    def _write(self, reg, v):
        self.buf[0] = v
        self.i2c.writeto_mem(self.addr, reg, self.buf)

    def _read(self, reg):
        self.i2c.readfrom_mem_into(self.addr, reg, self.buf)
        return self.buf[0]

    def poll(self, now):
        out = self.out
        out.clear()
        n = self._read(KEY_LCK_EC) & 0x0F
        if n:
            self._write(INT_STAT, 0x1F)  # the events are taken: the interrupt pin goes back up
        while n:
            ev = self._read(KEY_EVENT_A)
            code = (ev & 0x7F) - 1
            if 0 <= code < len(self.legends):
                down = ev >> 7
                if down and not self.held[code]:
                    out.append(self.legends[code])
                self.held[code] = down
            n -= 1
        return out

    def down(self, legend):
        for code in range(len(self.legends)):
            if self.legends[code] == legend:
                return bool(self.held[code])
        return False
