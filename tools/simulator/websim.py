# The firmware with Wi-Fi on, for the tests (CPython): tools/sim.py --keys - under the MicroPython unix
# port serves the phones' page on 127.0.0.1; the tests press its keys on stdin and are the phones.
# clock=True: on the test's own clock (common/vclock.py; docs/TESTING.md, "One clock"), time passing
# only in run(), advance() or a call waiting for its answer; without it (the browser's tests) real time.
import http.client
import json
import os
import queue
import socket
import subprocess
import threading
import time

from common import vclock
from common.phones import free_port, request_bytes, response

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))  # the checkout
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
SIM = os.path.join(ROOT, "tools", "sim.py")

# A Play Nine game for ANN, BOB and CY on the Cardputer, as docs/keys/cardputer-tour.txt types it
START = ["type 1", "ok", "type 1", "ok", "type 3", "ok",
         "type 1", "ok", "type ann", "ok", "ok", "type bob", "ok", "ok", "type cy", "ok",
         "ok", "ok", "ok"]


STEP_MS = 5  # a turn of the device's loop (tools/sim.py's STEP_MS)
IDENTITY = [("Accept-Encoding", "identity")]  # as http.client sends a request
CONNECTS = 4  # new connections a turn at most (the listen backlog is asyncio's 5: docs/TESTING.md)


class WebSim:
    def __init__(self, flash, board="cardputer", wifi=True, port=None, clock=False):
        self.port = port or free_port()
        args = [MPY, "-X", "heapsize=16M", SIM, "--board", board, "--state-dir", str(flash),
                "--keys", "-", "--port", str(self.port)] + (["--wifi"] if wifi else [])
        self.flash = flash
        # what it prints: the answers, and anything else (noise: a test wants none)
        self.answers: queue.Queue = queue.Queue()
        self.noise: list = []
        self.clock = vclock.Clock(MPY) if clock else None
        pipe = subprocess.PIPE
        self.p = subprocess.Popen(args, stdin=pipe, stdout=pipe, stderr=subprocess.STDOUT,
                                  text=True, bufsize=1, env=self.clock and self.clock.env(),
                                  pass_fds=self.clock.fds() if self.clock else ())
        if self.clock is None:  # read as it comes (a full pipe would stop it)
            threading.Thread(target=self._read, daemon=True).start()
        else:  # read at each stop of the clock
            self.clock.started()
            os.set_blocking(self.p.stdout.fileno(), False)
            self.out = b""
            self.conns: list = []  # the connections open, read at each stop
            self.opened = 0  # new connections this turn
            self.now = self.clock.stopped()
            self._said()
        if wifi and not port:
            self.wait_up()

    def _line(self, line):
        if line == "ok" or line.startswith(("error: ", "pin ", "wifi ")):
            self.answers.put(line)
        else:
            self.noise.append(line)

    def _read(self):
        for line in self.p.stdout:
            self._line(line.rstrip("\n"))
        self.answers.put(None)

    # --- the test's clock (clock=True) -------------------------------------------
    def _said(self, end=False):
        while True:
            try:
                k = os.read(self.p.stdout.fileno(), 65536)
            except BlockingIOError:
                break
            if not k:
                end = True
                break
            self.out += k
        *lines, self.out = self.out.split(b"\n")
        if end and self.out:
            lines.append(self.out)
            self.out = b""
        for line in lines:
            self._line(line.decode(errors="replace").rstrip("\r"))
        if end:
            self.answers.put(None)

    def turn(self, ms=STEP_MS):
        """Let the device run ms more of its clock (0: none), then read what it printed."""
        assert self.now is not None, "the simulator has stopped: %s" % "\n".join(self.noise[-20:])
        self.clock.go(self.now + ms)
        self.now = self.clock.stopped()
        self.opened = 0
        self._said(end=self.now is None)
        for c in self.conns:
            c.read()

    def run(self, done, limit_ms, what="it", each=None, must=True):
        """Turns until done() (first with no time passing), each() before every turn; after
        limit_ms of the clock, AssertionError (must) or False."""
        start = self.now
        if each:
            each()
        self.turn(0)
        while not done():
            if self.now is None or self.now - start >= limit_ms:
                if not must:
                    return False
                raise AssertionError("%s: not in %d ms of the device's clock; it printed:\n%s" % (
                    what, limit_ms, "\n".join(self.noise[-20:])))
            if each:
                each()
            self.turn()
        return True

    def advance(self, ms, each=None):
        """Let ms of the device's clock pass, each() before every turn."""
        end = self.now + ms
        while self.now < end:
            if each:
                each()
            self.turn(min(STEP_MS, end - self.now))

    def open(self, data=b""):
        """A connection to the page, data sent on it (not read: Conn)."""
        if self.opened >= CONNECTS:
            self.turn(0)  # the device takes those made so far
        self.opened += 1
        return Conn(self, data)

    def send(self, method, path, obj=None, headers=None):
        """A request sent (a JSON object, or bytes), not waited for: its Conn."""
        return self.open(request_bytes(self.port, method, path, obj, with_ours(headers)))

    def answer(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        if self.clock is not None:  # (then the answer is there)
            self.run(lambda: not self.answers.empty(), 60000, line)
        try:
            got = self.answers.get(timeout=60)
        except queue.Empty:
            got = None
        assert got is not None, "%s: no answer; it printed:\n%s" % (line, self.tail())
        return got

    def key(self, *lines):
        """Press the device's keys (sim script lines), each answered "ok"."""
        for line in lines:
            got = self.answer(line)
            assert got == "ok", "%s: %s" % (line, got)

    def pin(self):
        got = self.answer("pin").split()
        assert got[0] == "pin", got
        return got[1]

    def wifi(self):
        """What the Phones screen shows once the page is served or cannot be: "URL key KEY", "error: ..."."""
        for _ in range(100):
            got = self.answer("wifi")
            assert got.startswith("wifi "), got
            if got != "wifi starting":
                return got[5:]
            self.key("wait 100")
        raise AssertionError("the page was not served, nor refused, in 10 s of its clock")

    def tail(self):
        self.close()
        return "\n".join(self.noise[-40:])

    def wait_up(self, timeout=20):
        clocked = self.clock is not None  # (its time, else real time)
        end = self.now + 1000 * timeout if clocked else time.monotonic() + timeout
        while self.now is not None and self.now < end if clocked else time.monotonic() < end:
            try:
                return self.get("/state")
            except OSError:
                if clocked:
                    self.advance(100)
                else:
                    time.sleep(0.1)
        raise AssertionError("the page was not served within %d s: %s" % (timeout, self.tail()))

    def request(self, method, path, body=None, headers=None, timeout=25):
        if self.clock is not None:
            c = self.send(method, path, body, headers)
            self.run(lambda: c.at is not None, 1000 * timeout, "%s %s" % (method, path))
            got = c.answer()
            c.close()
            if got is None:  # closed without an answer, as http.client says it
                raise ConnectionResetError("%s %s: closed without an answer" % (method, path))
            status, heads, data = got
            return status, heads.get("content-type", ""), data
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            return r.status, r.getheader("Content-Type") or "", r.read()
        finally:
            c.close()

    def get(self, path, timeout=25):
        return decoded(*self.request("GET", path, timeout=timeout))

    def post(self, path, obj):
        body = obj if isinstance(obj, (bytes, str)) else json.dumps(obj)
        return decoded(*self.request("POST", path, body, {"Content-Type": "application/json"}))

    def close(self):
        """Stop it (the end of its stdin); the noise it made is in self.noise."""
        clocked = self.clock is not None
        if not clocked and self.p.poll() is not None:
            return
        for c in list(self.conns) if clocked else ():
            c.close()
        try:
            self.p.stdin.close()
        except OSError:
            pass
        if clocked and self.now is not None:  # its clock let go, to the end
            self.clock.go(vclock.FREE)
            while self.clock.stopped() is not None:
                self.clock.go(vclock.FREE)
            self.now = None
        try:
            self.p.wait(10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        if clocked:
            os.set_blocking(self.p.stdout.fileno(), True)
            self._said(end=True)
            self.clock.close()


def decoded(status, kind, data):
    """(status, the body read as JSON if its Content-Type kind says so, else its bytes)."""
    return status, json.loads(data) if "json" in kind else data


def with_ours(headers):
    """A request's headers given as a dict (or None), after http.client's own."""
    return IDENTITY + list((headers or {}).items())


class Conn:
    """A connection to the page on the test's clock (WebSim.open), read at each stop of the clock."""

    def __init__(self, sim, data=b""):
        self.sim = sim
        self.sock = socket.create_connection(("127.0.0.1", sim.port), timeout=5)
        self.sock.setblocking(False)
        self.raw = b""
        self.closed = False  # by the device (or reset)
        self.sent = sim.now  # the clock when it was opened
        self.at = None  # the clock when its answer was whole, or it was closed
        sim.conns.append(self)
        if data:
            self.send(data)

    def send(self, data):
        self.sock.setblocking(True)
        try:
            self.sock.sendall(data)
        finally:
            self.sock.setblocking(False)

    def read(self):
        if self.closed or self.sock is None:
            return
        while True:
            try:
                k = self.sock.recv(65536)
            except BlockingIOError:
                break
            except OSError:
                k = b""
            if not k:
                self.closed = True
                break
            self.raw += k
        if self.at is None and (self.closed or self.answer() is not None):
            self.at = self.sim.now

    def answer(self):
        """(status, {header: value}, body) once whole, else None."""
        return response(self.raw, self.closed)

    def json(self):
        """(status, the body read as JSON if it is, else its bytes), or None."""
        got = self.answer()
        return None if got is None else decoded(got[0], got[1].get("content-type", ""), got[2])

    def took(self):
        """ms of the device's clock from its opening to its answer (or its close)."""
        return None if self.at is None else self.at - self.sent

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        if self in self.sim.conns:
            self.sim.conns.remove(self)
