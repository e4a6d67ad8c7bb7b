# The serial ports here and the USB chip behind each, by USB id (pyserial's list_ports): make
# flash-help names a board's chip and driver, make deploy finds an ESP32-S3 again by its USB id
# (docs/DEPLOY.md, "USB chips and ports"). CPython only (pyserial).
import collections
import os

ESPRESSIF = 0x303A  # the ESP32-S3's own USB: its port goes away at every reset
# the ESP32-S3's USB-Serial/JTAG: its bootloader, and a moment of every reset (micropython #17570)
S3_BOOTLOADER = (ESPRESSIF, 0x1001)
S3_MICROPYTHON = (ESPRESSIF, 0x4001)  # stock MicroPython's own USB (TinyUSB CDC) on the ESP32-S3
CH9102 = (0x1A86, 0x55D4)  # newer TTGO and M5Stack batches' USB serial chip, instead of the CP2104

WCH_CH343 = ("WCH's CH343 driver (Windows: https://www.wch-ic.com/downloads/CH343SER_ZIP.html, "
             "macOS: https://www.wch-ic.com/downloads/CH34XSER_MAC_ZIP.html)")
WCH_CH341 = ("WCH's CH341 driver (Windows: https://www.wch-ic.com/downloads/CH341SER_ZIP.html, "
             "macOS: https://www.wch-ic.com/downloads/CH34XSER_MAC_ZIP.html)")
SILABS = "Silicon Labs' CP210x driver (https://www.silabs.com/developers/usb-to-uart-bridge-vcp-drivers)"

# (vid, pid): (the chip, who makes it, who needs a driver, the driver; None: none needed)
CHIPS = {
    CH9102: ("a CH9102", "WCH", "macOS and Windows", WCH_CH343),
    (0x10C4, 0xEA60): ("a CP2104", "Silicon Labs; a CP2102 has the same id", "Windows and older macOS",
                       SILABS),
    (0x1A86, 0x7523): ("a CH340", "WCH", "Windows and older macOS", WCH_CH341),
    S3_BOOTLOADER: ("the ESP32-S3's USB-Serial/JTAG", "its bootloader", None, None),
    S3_MICROPYTHON: ("the ESP32-S3's own USB", "MicroPython running", None, None),
}
# esptool's words for a CH9102 that macOS's own driver took (Xinyuan-LilyGO/TTGO-T-Display #69)
NO_WCH_DRIVER = "Failed to write to target RAM (result was 01070000)"


class Port(collections.namedtuple("Port", "device vid pid serial description", defaults=(None,) * 3 + ("",))):
    """A serial port as the system lists it: its name, USB id and serial number (or None)."""

    @property
    def usb_id(self):
        return (self.vid, self.pid) if self.vid is not None and self.pid is not None else None


def usb_text(usb_id):
    return "USB %04x:%04x" % usb_id if usb_id else "no USB id"


def listing(usb=False):
    """The serial ports here now ([] where pyserial cannot say); usb: only those on USB."""
    try:
        from serial.tools import list_ports

        found = list_ports.comports()
    except Exception:
        return []
    ports = [Port(p.device, p.vid, p.pid, p.serial_number, p.description or "") for p in found]
    return [p for p in ports if p.usb_id is not None] if usb else ports


def same_name(a, b):
    return a == b or os.path.realpath(a) == os.path.realpath(b)  # a /dev/serial/by-id/ link, say


def find(name, ports=None):
    """The listed port of that name, or None (not there, or not a port the system lists)."""
    return next((p for p in (listing() if ports is None else ports) if same_name(p.device, name)), None)


def chip(port):
    """(the chip, who makes it, the driver needed) of a port, or None: a USB id not known here."""
    return CHIPS.get(port.usb_id) if port is not None else None


def native(port):
    """The port is an ESP32's own USB (Espressif's USB id): it goes away at a reset."""
    return port is not None and port.vid == ESPRESSIF


def describe(port):
    """"/dev/ttyUSB0 (USB 10c4:ea60: a CP2104, Silicon Labs)": a port, its id and its chip."""
    if port.usb_id is None:
        return port.device
    c = chip(port)
    return "%s (%s%s)" % (port.device, usb_text(port.usb_id), ": %s, %s" % c[:2] if c else "")


def serial_digits(text):
    return "".join(c for c in (text or "").lower() if c in "0123456789abcdef")


def same_board(a, b):
    """Two enumerations of the same device: one serial number's hex digits start the other's (the
    bootloader's MAC, MicroPython's MAC and two bytes: ports/esp32/usb.c); None: one is missing."""
    x, y = serial_digits(a.serial), serial_digits(b.serial)
    if len(x) < 8 or len(y) < 8:
        return None
    return x.startswith(y) or y.startswith(x)


def returned(name, was, ports=None):
    """The port to open after the device on name went away (an ESP32-S3 at its reset): name, or
    the one the same device (USB id, serial number) came back under; None while it is not back.
    was: the port as listed before (None: the name is all there is to go by)."""
    ports = listing() if ports is None else ports
    if was is None or was.usb_id is None:
        return name if find(name, ports) is not None or not ports else None
    back = [p for p in ports if p.usb_id == was.usb_id and same_board(p, was) is not False]
    for p in back:
        if same_name(p.device, name):
            return p.device
    sure = [p for p in back if same_board(p, was)]
    if len(sure) == 1:
        return sure[0].device
    return back[0].device if len(back) == 1 else None


def s3_ports(ports=None):
    """(MicroPython's ports, the bootloader's) of the ESP32-S3s plugged in."""
    ports = listing() if ports is None else ports
    return ([p for p in ports if p.usb_id == S3_MICROPYTHON],
            [p for p in ports if p.usb_id == S3_BOOTLOADER])


def driver_lines(port):
    """What flash-help says of a port's USB chip: which, and the driver it needs."""
    if port is None or port.usb_id is None:
        return []
    c = chip(port)
    if c is None:
        return ["%s is %s: a USB chip this tool does not know." % (port.device, usb_text(port.usb_id))]
    name, maker, who, driver = c
    out = ["%s is %s: %s (%s)." % (port.device, usb_text(port.usb_id), name, maker)]
    if port.usb_id == S3_BOOTLOADER:
        out.append("The ESP32-S3 is in its bootloader (download mode): esptool talks to it here.")
    elif port.usb_id == S3_MICROPYTHON:
        out.append("MicroPython runs on it; esptool resets it into its bootloader, whose port may have "
                   "another name (step 4 says what to do then).")
    if driver:
        out.append("Linux needs no driver; %s need %s." % (who, driver))
    if port.usb_id == CH9102:
        out.append("Without it, on macOS, its port is /dev/cu.usbmodem* (macOS's own driver) and esptool "
                   "stops at '%s' (docs/DEPLOY.md, USB chips and ports)." % NO_WCH_DRIVER)
        if "usbmodem" in port.device:
            out.append("%s is that name: install WCH's driver, then use /dev/cu.wchusbserial*." % port.device)
    return out
