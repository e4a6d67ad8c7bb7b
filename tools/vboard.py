# The virtual board: the MicroPython unix port behaving as a board on a serial port, served on a
# local socket for make deploy, mpremote and the tests (docs/DEPLOY.md, "The virtual board"). A pty,
# not pipes: the unix port gives a REPL only on a terminal, which turns Ctrl-C into SIGINT.
#
#   python tools/vboard.py [--port 2323] [--flash DIR] [--heap 512K] [--log FILE] [--image]
#   mpremote connect socket://127.0.0.1:2323 resume      (no soft reset: it would end the process)
import argparse
import contextlib
import os
import pty
import select
import signal
import socket
import sys
import termios
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
UP_S = 10  # a port that says nothing this long after it is switched on is given its input anyway


class Board:
    def __init__(self, flash, heap="512K", log=None, micropython=MICROPYTHON):
        self.flash = os.path.abspath(flash)
        self.heap = heap
        self.micropython = micropython
        self.log = open(log, "ab", buffering=0) if log else None
        self.pid = self.fd = None
        self.boots = 0

    def power_on(self):
        os.makedirs(os.path.join(self.flash, "lib"), exist_ok=True)
        args = [self.micropython, "-X", "heapsize=" + self.heap]
        if os.path.exists(os.path.join(self.flash, "main.py")):
            args += ["-i", "main.py"]  # run main.py, then the REPL (as a board after Ctrl-C)
        # sys.path as on an ESP32 (the flash root, frozen modules, /lib); the REPL's history off the flash
        env = dict(os.environ, MICROPYPATH=":.frozen:" + os.path.join(self.flash, "lib"),
                   HOME=os.path.dirname(self.flash))
        pid, fd = pty.fork()
        if pid == 0:  # the board
            try:
                os.chdir(self.flash)
                attrs = termios.tcgetattr(0)
                attrs[1] &= ~termios.OPOST  # the port's own bytes, no "\n" -> "\r\n"
                termios.tcsetattr(0, termios.TCSANOW, attrs)
                os.execve(args[0], args, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.up = None  # when it was switched on, until it first speaks (serve(): input held till then)
        self.on_at = time.monotonic()
        self.boots += 1
        self.note("boot %d: %s" % (self.boots, " ".join(args[1:]) or "REPL"))

    def note(self, text):
        if self.log:
            self.log.write(("\n[virtual board: %s]\n" % text).encode())

    def power_off(self, ended=False):
        """Stop the process (ended: it ended by itself); its exit status, as waitpid gives it."""
        status = 0
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError, ChildProcessError):
                if not ended:
                    os.kill(self.pid, signal.SIGKILL)
                status = os.waitpid(self.pid, 0)[1]
            self.pid = None
        return status


def serve(board, port, host="127.0.0.1", ready=None):
    """Run for good: one connection at a time, as a serial port; a new one replaces the old."""
    lsock = socket.create_server((host, port), backlog=1)  # (SO_REUSEADDR set, as on a POSIX system)
    port = lsock.getsockname()[1]
    url = "socket://%s:%d" % (host, port)
    if ready:
        with open(ready + ".tmp", "w") as f:
            f.write(url + "\n")
        os.replace(ready + ".tmp", ready)
    print("virtual board on %s (flash: %s); Ctrl-C stops it" % (url, board.flash), flush=True)
    client = None
    held = b""  # what the client sent before the port was up: a starting unix port (the PyPI one
    # is a CPython launcher first) took a Ctrl-C for its own and died, where a board is up already
    board.power_on()
    while True:
        watch = [lsock, board.fd] + ([client] if client else [])  # (the board is on: off, on again at once)
        readable, _, _ = select.select(watch, [], [], 1.0)
        if lsock in readable:
            new, _ = lsock.accept()
            new.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if client:
                client.close()
            client = new
        if client and client in readable:
            try:
                data = client.recv(4096)
            except OSError:
                data = b""
            if not data:
                client.close()
                client = None
            held += data  # (passed on below: at once where the port has spoken)
        if board.fd in readable:
            try:
                data = os.read(board.fd, 4096)
            except OSError:  # EIO: the process ended and its terminal closed
                data = b""
            if data:
                board.up = True
                if board.log:
                    board.log.write(data)
                if client:
                    try:
                        client.sendall(data)
                    except OSError:
                        client.close()
                        client = None
            else:
                status = board.power_off(ended=True)
                board.note("reset (the unix port exited with status %d)" % os.waitstatus_to_exitcode(status))
                time.sleep(0.2)  # a board takes a moment to come back; no tight loop on a bad image
                board.power_on()
        if held and (board.up or time.monotonic() - board.on_at > UP_S):
            os.write(board.fd, held)
            held = b""


def main(argv):
    ap = argparse.ArgumentParser(description="The MicroPython unix port served as a board on a local socket.")
    ap.add_argument("--port", type=int, default=2323, help="TCP port on 127.0.0.1 (0: any free one)")
    ap.add_argument("--flash", default=os.path.join(ROOT, "build", "vboard", "flash"),
                    help="the folder that is the board's flash (kept between runs)")
    ap.add_argument("--heap", default="512K", help="the unix port's heap, e.g. 512K")
    ap.add_argument("--log", help="append everything the board prints to this file")
    ap.add_argument("--ready-file", help="write the board's socket:// address here once it listens")
    ap.add_argument("--image", action="store_true",
                    help="run our image: the virtual board's firmware frozen in (make unix32)")
    ap.add_argument("--micropython", default=MICROPYTHON, help="the unix port to run (default: make setup's)")
    args = ap.parse_args(argv)
    binary = args.micropython
    if args.image:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from common import unix32

        binary = unix32.frozen_port("sim")
        why = unix32.stale("sim")
        if why:
            print("vboard: %s" % why, file=sys.stderr)
            return 2
    if not os.path.exists(binary):
        print("vboard: %s is missing: run 'make setup' first" % binary, file=sys.stderr)
        return 2
    board = Board(args.flash, args.heap, args.log, micropython=binary)

    def stop(*_):
        board.power_off()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        serve(board, args.port, ready=args.ready_file)
    except OSError as e:
        board.power_off()
        print("vboard: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
