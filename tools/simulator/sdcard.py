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

from simulator.panel import Pin  # the stand-in line, for its CS

CMD0 = bytes((0x40, 0, 0, 0, 0, 0x95))
CMD58 = 0x7A
OCR = 0xC0  # the OCR's first byte: powered up, high capacity


class SDCard:
    def __init__(self):
        self.cs = Pin()  # its CS line: port.attach_line() drives it
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
