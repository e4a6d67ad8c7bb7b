# cpython-only
# Every command in tools/ answers -h and --help with its usage and does
# nothing else (issue 27, 7: tools/heap.py --help ran the whole heap bench),
# under the runtime it runs on; a bad option is named, exit status 2.
import os
import subprocess
import sys
import resource

import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
# the MicroPython unix port's (the firmware draws with framebuf); the rest run under CPython
CPU_S = 10  # CPU seconds a usage may take at most: the heap bench alone takes minutes (issue 27, 7)
ON_MICROPYTHON = {"sim.py", "monkey.py", "soak.py"}
# harnesses that tools/benches/heap.py runs with its own arguments, compiled beside the firmware
# whose heap it measures: a name more in them moves the figures (docs/MEMORY.md), so no --help;
# keygame.py is tools/benches/keycost.py's, run under callgrind with its own arguments the same way
HARNESSES = {"heapgame.py", "heapwifi.py", "keygame.py"}


def commands():
    for sub in ("tools", "tools/benches"):
        for name in sorted(os.listdir(os.path.join(ROOT, sub))):
            if name.endswith(".py") and name not in HARNESSES:
                yield sub + "/" + name


_VIEW: list = []


def view():
    """The checkout seen from a folder of its own: every top-level entry a
    link to the real one, but an empty build/ (the commands find the
    checkout from their own path, and write under its build/). What a
    command makes lands there, not among what the other test runners make
    at the same time in the real build/."""
    if not _VIEW:
        import atexit
        import shutil
        import tempfile

        top = tempfile.mkdtemp(prefix="sk-commands-")
        atexit.register(shutil.rmtree, top, True)  # (its links are removed, not followed)
        for name in os.listdir(ROOT):
            if name != "build":
                os.symlink(os.path.join(ROOT, name), os.path.join(top, name))
        os.mkdir(os.path.join(top, "build"))
        _VIEW.append(top)
    return _VIEW[0]


def made():
    """What is in the view's build/ (where the commands write)."""
    build = os.path.join(view(), "build")
    return set(os.listdir(build))


def run(path, arg):
    name = path.rsplit("/", 1)[1]
    top = view()
    cmd = ([MPY, "-X", "heapsize=16M"] if name in ON_MICROPYTHON else [sys.executable]) + [
        os.path.join(top, path), arg]
    before = made()
    t = cpu()
    p = subprocess.run(cmd, cwd=top, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    took = cpu() - t
    return p, took, made() - before


def cpu():
    """The CPU seconds this process's finished children have used: what a
    command did, whatever else the machine is doing (a wall clock on a busy
    machine counts the others' work too)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


@pytest.mark.parametrize("path", list(commands()))
def test_every_command_answers_help_and_does_nothing_else(path):
    for arg in ("--help", "-h"):
        p, took, made = run(path, arg)
        out = p.stdout + p.stderr
        assert p.returncode == 0, (path, arg, out[-800:])
        assert "usage" in out.lower() or "micropython tools/" in out, (path, arg, out[-800:])
        assert "Traceback" not in out and took < CPU_S and not made, (path, took, made)


@pytest.mark.parametrize("path", list(commands()))
def test_a_command_given_an_option_it_does_not_know_says_so(path):
    p, took, made = run(path, "--no-such-option")
    out = p.stdout + p.stderr
    assert p.returncode != 0 and ("no-such-option" in out or "usage" in out.lower()), (path, out[-800:])
    assert "Traceback" not in out and took < CPU_S and not made, (path, took, made)


def test_bench_ui_under_cpython_says_in_one_line_where_it_runs():
    """(bench_ui.py display under CPython ended in a traceback: no framebuf) Each of its benches
    asked of CPython: one line naming the unix port and the command, nothing done; under the unix
    port, display gives its three panels' figures."""
    bench = os.path.join(ROOT, "tools", "benches", "bench_ui.py")
    for args in (["display"], ["draw"], ["presses"], ["record", "cyd", "game.keys"]):
        p = subprocess.run([sys.executable, bench] + args, cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
        lines = p.stderr.splitlines()
        assert p.returncode == 1 and p.stdout == "" and len(lines) == 1, (args, p.stdout + p.stderr)
        assert lines[0].startswith("bench_ui.py: it runs under the MicroPython unix port, not cpython"), lines
        command = ".venv/bin/micropython -X heapsize=16M tools/benches/bench_ui.py %s " % " ".join(args)
        assert command in lines[0], lines
    assert not os.path.exists(os.path.join(ROOT, "game.keys"))
    p = subprocess.run([MPY, "-X", "heapsize=16M", bench, "display"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    import json

    from common import manifest

    rows = [json.loads(line) for line in p.stdout.splitlines()]  # a panel kind each: the ST7789, ...
    assert len({r["board"] for r in rows}) == len(rows) == 3, rows
    assert {r["board"] for r in rows} <= set(manifest.REAL_BOARDS), rows
    assert all(r["full_bytes"] > r["row_bytes"] > 0 for r in rows), rows
