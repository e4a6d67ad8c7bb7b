# A stand-in for the computer's side of a board on USB, for
# host_tests/test_deploy.py (CPython): the serial ports the system lists
# (pyserial's serial.tools.list_ports.comports) and opening one by name
# (serial.serial_for_url, which mpremote's SerialTransport calls), with the
# virtual board (tools/vboard.py, on its socket) as the chip's console. It
# is not a real board, nor a real OS. What it models, and from where:
#
# - At the reset (the host sends machine.reset()) an ESP32-S3's own USB goes
#   away with the chip: its device file vanishes, and opening the name fails
#   as pyserial fails on Linux, SerialException(ENOENT, "could not open port
#   ...: [Errno 2] No such file or directory") (serial/serialposix.py, open),
#   or with EIO while the device file is there but the device not yet ready.
# - A handle opened before is hung up, as Linux's tty layer hangs it up
#   (drivers/tty/tty_io.c: hung_up_tty_read returns 0, hung_up_tty_write and
#   hung_up_tty_ioctl -EIO). So pyserial's read raises SerialException
#   ("device reports readiness to read but returned no data (device
#   disconnected or multiple access on port?)"), in_waiting and setting DTR
#   or RTS (ioctls) raise OSError EIO, write SerialException("write failed:
#   [Errno 5] Input/output error"). mpremote takes errno 5 and such messages
#   for a disconnect (mpremote/repl.py, _is_disconnect_exception), and waits
#   for a port by retrying the open once a second (transport_serial.py,
#   SerialTransport(wait=)). macOS fails the old handle with ENXIO, "Device
#   not configured", instead (Xinyuan-LilyGO/T-Display-S3 #112).
# - It comes back first as the bootloader's USB-Serial/JTAG (USB 303a:1001,
#   the MAC as its serial number, "F4:12:..."), for a moment, then as
#   MicroPython's own USB (303a:4001, the MAC in hex and two bytes more:
#   MicroPython's ports/esp32/usb.c), the sequence micropython #18581 shows
#   in dmesg after a reset.
# - Linux names it: the lowest /dev/ttyACM<n> free, a name staying taken
#   while any handle on it is open (drivers/usb/class/cdc-acm.c releases the
#   minor in acm_port_destruct, after the last close); a tool that keeps the
#   old handle gets the board back as /dev/ttyACM1. rename= names the board
#   apart instead, as macOS (/dev/cu.usbmodem<serial or location>) and
#   Windows (another COMn) may.
# - What the firmware prints while no host has its port open is kept, the
#   latest 256 bytes, and sent once one opens it (MicroPython's
#   shared/tinyusb/mp_usbd_cdc.c: "we write everything to the fifo, expecting
#   it to overwrite old data so it will have latest data buffered when host
#   connects"; tusb_config.h: CFG_TUD_CDC_TX_BUFSIZE 256 at full speed).
# - A board on a USB serial chip (a CP2104, say: usb_id=) keeps its port
#   through a reset; drops=True makes that port go away all the same (a
#   cable pulled at the reset).
import errno
import socket
import threading
import time

import serial
from serial.tools.list_ports_common import ListPortInfo

FIFO = 256  # MicroPython's USB output buffer on the ESP32-S3 (full speed)
MAC = "F4:12:FA:4A:5B:8C"
S3_BOOTLOADER = (0x303A, 0x1001)
S3_MICROPYTHON = (0x303A, 0x4001)
GONE_MESSAGE = ("device reports readiness to read but returned no data (device disconnected or multiple "
                "access on port?)")


def port_info(name, usb_id=None, serial_number=None, product="n/a"):
    """A port as pyserial's list_ports gives it."""
    p = ListPortInfo(name, skip_link_detection=True)
    if usb_id:
        p.vid, p.pid = usb_id
        p.serial_number = serial_number
        p.product = product
        p.description = product
        p.hwid = p.usb_info()
    return p


class Enumeration:
    """The USB device as the system has it at one time: its port's name,
    its USB id and serial number; opened only once ready."""

    def __init__(self, name, usb_id, serial_number, product, ready_at):
        self.name = name
        self.usb_id = usb_id
        self.serial_number = serial_number
        self.product = product
        self.ready_at = ready_at


class Bus:
    """One board on the computer's USB; its console is the virtual board on
    url. The board's port is name; usb_id its USB id (MicroPython's own on
    the ESP32-S3 by default). At the reset it goes away (drops), comes back
    after gone seconds as the bootloader's USB-Serial/JTAG for bootloader
    seconds (an ESP32-S3's own USB), then as the board again, named as Linux
    names it or rename. ack: the board's answer to the reset command reaches
    the host before the USB goes (False: it is lost with it)."""

    def __init__(self, url, name="/dev/ttyACM0", usb_id=S3_MICROPYTHON, drops=True, come_back=True,
                 gone=0.6, bootloader=0.5, rename=None, ack=True, bootloader_only=False, others=()):
        host, port = url[len("socket://"):].rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)))
        self.cond = threading.Condition()
        self.usb_id = usb_id
        self.native = usb_id[0] == 0x303A
        self.serial_number = MAC.replace(":", "").lower() + "0000" if self.native else "01A2B3C4"
        self.product = "ESP32S3 module" if self.native else "CP2104 USB to UART Bridge Controller"
        self.drops, self.come_back, self.gone, self.bootloader = drops, come_back, gone, bootloader
        self.rename, self.ack = rename, ack
        self.others = list(others)  # ports of other devices, listed and never opened
        self.present = {}  # name: Enumeration
        self.console = None  # the Enumeration the board's console is on (None: away, or its bootloader)
        self.handles = []  # open Handles, the hung-up ones among them
        self.fifo = b""
        self.sent = b""
        self.armed = False
        self.resets = 0
        self.log = []
        self.closed = False
        if bootloader_only:  # stuck in download mode: only the bootloader's port, no console
            self.add(Enumeration(name, S3_BOOTLOADER, MAC, "USB JTAG/serial debug unit", 0))
        else:
            self.console = self.add(Enumeration(name, usb_id, self.serial_number, self.product, 0))
        self.reader = threading.Thread(target=self.pump, daemon=True)
        self.reader.start()

    # what the system sees: pyserial's list_ports and serial_for_url
    def comports(self, include_links=False):
        with self.cond:
            found = [port_info(e.name, e.usb_id, e.serial_number, e.product) for e in self.present.values()]
        return sorted(found + self.others, key=lambda p: p.device)

    def serial_for_url(self, url, *args, **kwargs):
        do_not_open = kwargs.pop("do_not_open", False)
        if url.startswith("socket://"):
            return self.real_serial_for_url(url, *args, do_not_open=do_not_open, **kwargs)
        h = Handle(self, url, kwargs.get("timeout"), kwargs.get("exclusive"))
        if not do_not_open:
            h.open()
        return h

    real_serial_for_url = staticmethod(serial.serial_for_url)

    def note(self, text):
        self.log.append(text)

    def add(self, e):
        self.present[e.name] = e
        self.note("enumerated %s as %04x:%04x" % ((e.name,) + e.usb_id))
        return e

    def free_name(self):
        """Linux's name for a device that enumerates: the lowest ttyACM<n>
        neither present nor held open by a handle (a hung-up one too)."""
        held = {h.name for h in self.handles} | set(self.present)
        n = 0
        while "/dev/ttyACM%d" % n in held:
            n += 1
        return "/dev/ttyACM%d" % n

    # the board's side
    def pump(self):
        while True:
            try:
                data = self.sock.recv(4096)
            except OSError:
                return
            if not data:
                return
            with self.cond:
                live = [h for h in self.handles if h.enum is self.console and not h.hung_up]
                if live:
                    live[0].buf += data
                else:  # nobody has the port open: the latest output waits in the USB buffer
                    self.fifo = (self.fifo + data)[-FIFO:]
                self.cond.notify_all()
                if self.armed:  # the board answered the reset command: it resets now
                    self.armed = False
                    self.later(0.05, self.drop)

    def host_wrote(self, data):
        self.sent += data
        if b"\x04" in data:  # the end of a command in the raw REPL
            if b"machine.reset()" in self.sent and self.drops:
                self.resets += 1
                self.note("reset")
                if self.ack:
                    self.armed = True
                else:
                    self.later(0, self.drop)
            self.sent = b""
        self.sock.sendall(data)

    def later(self, delay, what):
        t = threading.Timer(delay, what)
        t.daemon = True  # (a test that ends first does not wait for the board to come back)
        t.start()

    def hang_up(self, e):
        """The device e went away: its name with it, its handles hung up."""
        self.present.pop(e.name, None)
        if self.console is e:
            self.console = None
        for h in self.handles:
            if h.enum is e:
                h.hung_up = True
        self.note("%s went away" % e.name)
        self.cond.notify_all()

    def drop(self):
        with self.cond:
            if self.console is None or self.closed:
                return
            self.hang_up(self.console)
        if not self.come_back:
            return
        time.sleep(self.gone)
        if self.native:
            with self.cond:
                boot = self.add(Enumeration(self.free_name(), S3_BOOTLOADER, MAC,
                                            "USB JTAG/serial debug unit", time.monotonic() + 0.1))
            time.sleep(self.bootloader)
            with self.cond:
                self.hang_up(boot)
            time.sleep(0.1)
        with self.cond:
            name = self.rename or self.free_name()
            self.console = self.add(Enumeration(name, self.usb_id, self.serial_number, self.product,
                                                time.monotonic() + 0.15))

    def close(self):
        with self.cond:
            self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass


class Handle:
    """An open port, as pyserial's Serial on Linux behaves (the module's
    header says what of it, and from where)."""

    def __init__(self, bus, name, timeout=None, exclusive=None):
        self.bus = bus
        self.name = self.port = name
        self.timeout = timeout
        self.exclusive = exclusive
        self.enum = None
        self.hung_up = False
        self.is_open = False
        self.buf = b""

    def open(self):
        bus = self.bus
        with bus.cond:
            e = bus.present.get(self.name)
            if e is None:
                bus.note("open %s: ENOENT" % self.name)
                raise serial.SerialException(errno.ENOENT, "could not open port %s: [Errno 2] No such "
                                             "file or directory: '%s'" % (self.name, self.name))
            if time.monotonic() < e.ready_at:
                bus.note("open %s: EIO" % self.name)
                raise serial.SerialException(errno.EIO, "could not open port %s: [Errno 5] Input/output "
                                             "error: '%s'" % (self.name, self.name))
            if self.exclusive and any(h.enum is e and not h.hung_up for h in bus.handles):
                raise serial.SerialException(errno.EAGAIN, "Could not exclusively lock port %s: [Errno 11] "
                                             "Resource temporarily unavailable" % self.name)
            self.enum = e
            self.is_open = True
            bus.handles.append(self)
            if e is bus.console:  # DTR up: the USB buffer is sent (mp_usbd_cdc.c, tud_cdc_line_state_cb)
                self.buf, bus.fifo = bus.fifo, b""
            bus.note("open %s (%04x:%04x)" % ((self.name,) + e.usb_id))

    def isOpen(self):
        return self.is_open

    def gone(self, what):
        self.bus.note("%s on %s, which went away" % (what, self.name))

    def read(self, size=1):
        if not self.is_open:
            raise serial.PortNotOpenError()
        end = None if self.timeout is None else time.monotonic() + self.timeout
        with self.bus.cond:
            while True:
                if self.hung_up:
                    self.gone("read")
                    raise serial.SerialException(GONE_MESSAGE)
                if len(self.buf) >= size:
                    break
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    break
                self.bus.cond.wait(left if left is not None else 0.5)
            out, self.buf = self.buf[:size], self.buf[size:]
            return out

    def inWaiting(self):
        if self.hung_up:
            self.gone("in_waiting")
            raise OSError(errno.EIO, "Input/output error")
        return len(self.buf)

    in_waiting = property(inWaiting)

    def write(self, data):
        if self.hung_up:
            self.gone("write")
            raise serial.SerialException("write failed: [Errno 5] Input/output error")
        if self.enum is self.bus.console:
            self.bus.host_wrote(bytes(data))
        return len(data)

    def _line(self, _value):
        if self.hung_up:
            self.gone("set DTR/RTS")
            raise OSError(errno.EIO, "Input/output error")

    dtr = property(lambda self: True, _line)
    rts = property(lambda self: True, _line)

    def close(self):
        with self.bus.cond:
            if self in self.bus.handles:
                self.bus.handles.remove(self)
                self.bus.note("closed %s%s" % (self.name, " (hung up)" if self.hung_up else ""))
            self.is_open = False
