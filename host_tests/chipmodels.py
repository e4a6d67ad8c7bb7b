# Models of chips only the tests attach (nothing in tools/ uses them): the
# M5Stack's SD card on its display's bus (test_first_flash.py) and the
# Cardputer ADV's key chip (test_keymatrix.py, test_board_setup.py).
from cardputer import adv_legends
from simulator.port import Line  # the stand-in port's line, for the card's CS

# An SD card on a shared SPI bus, as the SD Association's Physical Layer
# Simplified Specification (part 1, "SPI Mode") describes its start: it powers
# up in SD mode, where CMD (the bus's MOSI) is its command line whatever its
# CS (DAT3) says, so another chip's bytes on the bus can be taken for
# commands and answered on that same line; it goes to SPI mode when CMD0
# (GO_IDLE_STATE) comes with CS low, after at least 74 clocks. In SPI mode it
# minds only its CS, and answers CMD58 (READ_OCR) with R1 and the OCR. The
# M5Stack Core has one on its display's bus (CS GPIO 4; docs/BOARDS.md).
# Modelled from the specification, not from any driver: host_tests hold the
# board file to M5GFX's sequence (src/M5GFX.cpp, _set_sd_spimode) through it.

CMD0 = bytes((0x40, 0, 0, 0, 0, 0x95))
CMD58 = 0x7A
OCR = 0xC0  # the OCR's first byte: powered up, high capacity


class SDCard:
    def __init__(self):
        self.cs = Line()  # its CS line: port.attach_line() drives it
        self.mode = "sd"
        self.clocks = 0  # with CS high, while in SD mode
        self.frame = bytearray()  # a command coming, CS low
        self.answer: dict = {}  # the next read's bytes by their place

    def selected(self):
        """Whether it drives MISO now (SPI mode, CS low)."""
        return self.mode == "spi" and self.cs.level == 0

    def write(self, buf):
        if self.cs.level:
            if self.mode == "sd":
                self.clocks += 8 * len(buf)
            return  # (in SD mode its CMD line hears them all the same: the panel's bytes too)
        for b in buf:
            if not self.frame and b & 0xC0 != 0x40:
                continue  # no start bit: a byte between commands
            self.frame.append(b)
            if len(self.frame) == 6:
                self._command(bytes(self.frame))
                self.frame = bytearray()

    def _command(self, frame):
        if frame == CMD0 and self.clocks >= 74:
            self.mode = "spi"
            self.answer = {6: 0x01}
        elif self.mode == "spi" and frame[0] == CMD58:
            self.answer = {6: 0x01, 7: OCR}  # R1 (idle), then the OCR, in the bytes after the command

    def readinto(self, buf):
        for i in range(len(buf)):
            buf[i] = self.answer.get(i, 0xFF)
        self.answer = {}


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
