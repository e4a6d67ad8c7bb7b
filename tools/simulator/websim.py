# The firmware with Wi-Fi on, as the tests meet it (CPython): tools/sim.py
# under the MicroPython unix port serves the phones' page on 127.0.0.1 (the
# web side of firmware/web/, for real), and reads its key lines from stdin
# (--keys -), answering each. The tests press the device's keys through it
# and are the phones over real HTTP.
import http.client
import json
import os
import queue
import subprocess
import threading
import time

from heap import free_port  # (tools/benches/heap.py: its phones find a port the same way)

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))  # the checkout
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
SIM = os.path.join(ROOT, "tools", "sim.py")

# A Play Nine game for ANN, BOB and CY on the Cardputer, typed as
# docs/keys/cardputer-tour.txt does: New game, Play Nine, 3 players, the
# names, 9 holes, the house rules as they are, ANN deals.
START = ["type 1", "ok", "type 1", "ok", "type 3", "ok",
         "type 1", "ok", "type ann", "ok", "ok", "type bob", "ok", "ok", "type cy", "ok",
         "ok", "ok", "ok"]


class WebSim:
    def __init__(self, flash, board="cardputer", wifi=True, port=None):
        self.port = port or free_port()
        args = [MPY, "-X", "heapsize=16M", SIM, "--board", board, "--state-dir", str(flash),
                "--keys", "-", "--port", str(self.port)] + (["--wifi"] if wifi else [])
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.flash = flash
        # what it prints, read as it comes (a full pipe would stop it): the answers, and
        # anything else (noise: a test wants none, a traceback would be there)
        self.answers: queue.Queue = queue.Queue()
        self.noise: list = []
        threading.Thread(target=self._read, daemon=True).start()
        if wifi and not port:
            self.wait_up()

    def _read(self):
        for line in self.p.stdout:
            line = line.rstrip("\n")
            if line == "ok" or line.startswith(("error: ", "pin ", "wifi ")):
                self.answers.put(line)
            else:
                self.noise.append(line)
        self.answers.put(None)

    def answer(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
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
        """What the Phones screen shows: "URL key KEY", or "error: ..."."""
        got = self.answer("wifi")
        assert got.startswith("wifi "), got
        return got[5:]

    def tail(self):
        self.close()
        return "\n".join(self.noise[-40:])

    def wait_up(self, timeout=20):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                return self.get("/state")
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the page was not served within %d s: %s" % (timeout, self.tail()))

    def request(self, method, path, body=None, headers=None, timeout=25):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            return r.status, r.getheader("Content-Type") or "", r.read()
        finally:
            c.close()

    def get(self, path, timeout=25):
        status, kind, data = self.request("GET", path, timeout=timeout)
        return status, json.loads(data) if "json" in kind else data

    def post(self, path, obj):
        body = obj if isinstance(obj, (bytes, str)) else json.dumps(obj)
        status, kind, data = self.request("POST", path, body, {"Content-Type": "application/json"})
        return status, json.loads(data) if "json" in kind else data

    def close(self):
        """Stop it (the end of its stdin); the noise it made is in self.noise."""
        if self.p.poll() is None:
            try:
                self.p.stdin.close()
            except OSError:
                pass
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()
