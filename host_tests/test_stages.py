# cpython-only
# make test's stages (tools/stages.py): every stage runs whatever the others
# did, a silent one says it still runs, and the end says which passed and
# which failed; the exit is 1 if any failed.
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGES = os.path.join(ROOT, "tools", "stages.py")


def test_a_failing_stage_hides_none_of_the_others(tmp_path):
    (tmp_path / "Makefile").write_text(
        "first:\n\t@echo one ran\n"
        "second:\n\t@echo two ran; exit 3\n"
        "third:\n\t@sleep 2.5; echo three ran\n")
    run = subprocess.run([sys.executable, STAGES, "--make", "make", "first", "second", "third"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, STAGES_HEARTBEAT_S="1"))
    out = run.stdout
    assert run.returncode == 1, out
    assert "one ran" in out and "two ran" in out and "three ran" in out  # the third ran after the failure
    assert "== second: FAILED (exit 2)" in out and "== third: passed" in out  # make exits 2 on a failure
    assert "(third: still running" in out  # silent for over a heartbeat
    assert "failed: second" in out
    assert out.rstrip().splitlines()[-1] == "stages: 2 passed, 1 failed"


def test_all_passing_exits_0(tmp_path):
    (tmp_path / "Makefile").write_text("a:\n\t@true\nb:\n\t@true\n")
    run = subprocess.run([sys.executable, STAGES, "--make", "make", "a", "b"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.rstrip().endswith("stages: 2 passed, 0 failed"), run.stdout


def test_stages_joined_run_at_once_and_each_says_how_it_ended(tmp_path):
    # slow ends only once late has begun (which makes a mark): one after the other, it never would
    (tmp_path / "Makefile").write_text(
        "slow:\n\t@for i in $$(seq 300); do [ -f mark ] && break; sleep 0.1; done; "
        "[ -f mark ]; echo slow ran\n"
        "quick:\n\t@echo quick ran; exit 4\n"
        "late:\n\t@touch mark; sleep 1.5; echo late ran\n"
        "last:\n\t@echo last ran\n")
    run = subprocess.run([sys.executable, STAGES, "--make", "make", "slow+quick+late", "last"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, STAGES_HEARTBEAT_S="1"))
    out = run.stdout
    assert run.returncode == 1, out
    for name in ("slow", "quick", "late", "last"):
        assert "%s ran" % name in out, out
    assert "== quick: FAILED (exit 2)" in out and "== late: passed" in out and "== slow: passed" in out
    assert out.index("quick ran") > out.index("== slow: passed")  # kept, then shown whole
    assert "failed: quick" in out
    assert out.rstrip().splitlines()[-1] == "stages: 3 passed, 1 failed"
    # each its own time: quick took no time, though it was shown after slow's seconds
    (quick,) = [line for line in out.splitlines() if line.split()[:2] == ["quick", "FAILED"]]
    assert quick.split()[-1] == "0m00s", out


def test_a_stage_that_ends_before_its_start_is_noted_takes_no_negative_time(tmp_path, monkeypatch):
    # (a fresh clone's CI printed "quick: FAILED (exit 2) in -1m59s": the thread that waits for a
    # stage ending at once noted its end before the start was taken); the waiting thread run at once
    sys.path.insert(0, os.path.dirname(STAGES))
    import stages

    clock = iter(range(100))
    monkeypatch.setattr(stages.time, "monotonic", lambda: next(clock))

    class AtOnce:
        def __init__(self, target, daemon):
            self.target = target

        def start(self):
            self.target()

    monkeypatch.setattr(stages.threading, "Thread", AtOnce)
    (tmp_path / "Makefile").write_text("quick:\n\t@exit 0\n")
    monkeypatch.chdir(tmp_path)
    p, out, start, ended = stages.beside("make", "quick")
    out.close()
    assert ended[0] - start >= 0 and stages.minutes(ended[0] - start) == "0m01s"
