"""A clock of the test's own for a MicroPython unix port (issue 55, docs/TESTING.md "One clock"):
tools/vclock/vclock.c, preloaded into the port, stands in for its clocks, sleeps and poll(), and
this side moves it: the port stops at each "until" given, and runs on when told.

    clock = Clock(binary)
    p = subprocess.Popen(cmd, env=clock.env(), pass_fds=clock.fds(), ...)
    clock.started()
    while (now := clock.stopped()) is not None:   # the port waits at now: act, then
        clock.go(now + 5)                         # let it run to now + 5 ms
"""
import os
import struct
import subprocess

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tools/
SOURCE = os.path.join(HERE, "vclock", "vclock.c")
OUT = os.path.join(os.path.dirname(HERE), "build", "vclock")
FREE = 0x7FFFFFFF  # an until that lets the clock run free from then on


def bits(binary):
    """The word size binary runs with: an ELF's own, else (the PyPI port runs inside this Python) ours."""
    with open(binary, "rb") as f:
        head = f.read(5)
    return (32 if head[4] == 1 else 64) if head[:4] == b"\x7fELF" else struct.calcsize("P") * 8


def shim(word):
    """The shim's path for a word size (32 or 64), built when missing or older than its source;
    RuntimeError saying why if gcc cannot build it."""
    out = os.path.join(OUT, "vclock%d.so" % word)
    if os.path.exists(out) and os.path.getmtime(out) >= os.path.getmtime(SOURCE):
        return out
    os.makedirs(OUT, exist_ok=True)
    tmp = "%s.%d.tmp" % (out, os.getpid())
    cmd = ["gcc", "-m%d" % word, "-shared", "-fPIC", "-O2", "-Wall", "-o", tmp, SOURCE, "-ldl"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise RuntimeError("the test's clock needs gcc (%s): sudo apt-get install gcc gcc-multilib" % e)
    if p.returncode != 0:
        raise RuntimeError("the test's clock did not build (%s): %s" % (" ".join(cmd),
                                                                      p.stderr.strip()[-400:]))
    os.replace(tmp, out)
    return out


class Clock:
    """One run's clock: the pipes to and from the port's shim."""

    def __init__(self, binary):
        self.lib = shim(bits(binary))
        self.from_port, self.to_shim = os.pipe()  # the port writes where it stopped ...
        self.from_me, self.to_port = os.pipe()  # ... and reads how far it may go
        self.now = 0

    def env(self, base=None):
        return dict(os.environ if base is None else base, LD_PRELOAD=self.lib,
                    VCLOCK_FDS="%d,%d" % (self.to_shim, self.from_me))

    def fds(self):
        return (self.to_shim, self.from_me)

    def started(self):
        """After the port is started: our copies of its ends closed, so that its exit reads as the end."""
        os.close(self.to_shim)
        os.close(self.from_me)

    def stopped(self):
        """Wait until the port stands still: the clock's ms, or None once it has exited."""
        got = b""
        while len(got) < 4:
            k = os.read(self.from_port, 4 - len(got))
            if not k:
                return None
            got += k
        self.now = struct.unpack("<i", got)[0]
        return self.now

    def go(self, until):
        """Let the port run until the clock reads until (ms; FREE: for ever)."""
        try:
            os.write(self.to_port, struct.pack("<i", min(until, FREE)))
        except BrokenPipeError:  # it has exited: stopped() says so next
            pass

    def close(self):
        for fd in (self.from_port, self.to_port):
            try:
                os.close(fd)
            except OSError:
                pass
