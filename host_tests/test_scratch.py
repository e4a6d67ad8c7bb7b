# cpython-only
# A tool's simulated flash (tools/common/scratch.py) is in this checkout's
# build/tmp however the tool was started: a tool run by a relative path
# ("tools/benches/bench_entry.py", whose path to scratch.py is
# "tools/benches/../common/scratch.py") asked for a second fresh folder from
# inside the first one, and got "ENOENT" (the entry bench stopped at its
# second hole, 28 November), or made build/ inside tools/benches. Under
# both runtimes, each a process of its own, from the checkout's folder.
import os
import subprocess
import sys

import pytest
from common import scratch

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
SCRIPT = ("import sys\n"
          "sys.path.insert(0, 'tools/benches/../common')\n"
          "import scratch\n"
          "print(scratch.fresh_dir('scratch-a'))\n"
          "print(scratch.fresh_dir('scratch-b'))\n"
          "import os\n"
          "print(os.getcwd())\n")


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_a_second_fresh_folder_from_inside_the_first(runtime):
    cmd = [sys.executable, "-c", SCRIPT] if runtime == "cpython" else [MPY, "-c", SCRIPT]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    a, b, cwd = p.stdout.split()
    tmp = os.path.join(os.path.realpath(ROOT), "build", "tmp", *[r for r in (scratch.runner(),) if r])
    assert (os.path.realpath(a), os.path.realpath(b)) == (os.path.join(tmp, "sk-scratch-a"),
                                                          os.path.join(tmp, "sk-scratch-b"))
    assert os.path.realpath(cwd) == os.path.join(tmp, "sk-scratch-b")
    assert not os.path.exists(os.path.join(ROOT, "tools", "benches", "build"))
    assert not os.path.exists(os.path.join(ROOT, "tools", "build"))


def test_a_bench_leaves_no_run_folder():
    # tools/benches/heap.py's (and keycost.py's) runs each take a folder, the board's flash; a
    # process left one behind a thread, every run (build/heap held hundreds)
    code = ("import sys, threading\n"
            "sys.path.insert(0, 'tools/benches')\n"
            "import heap\n"
            "made = [heap.workdir()]\n"
            "t = threading.Thread(target=lambda: made.append(heap.workdir()))\n"
            "t.start(); t.join()\n"
            "print(heap.OUT, ' '.join(made))\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    out, *made = p.stdout.split()
    assert out == os.path.join(ROOT, "build", "heap", *filter(None, [os.getenv("PYTEST_XDIST_WORKER")])), out
    assert len(made) == 2 and made[0] != made[1], made
    for work in made:
        assert os.path.dirname(work) == out, work
        assert not os.path.exists(work), work
