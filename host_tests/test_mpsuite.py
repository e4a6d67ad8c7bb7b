# cpython-only
# make test-mpy's runner (host_tests/mpsuite.py): the files dealt among runners by
# their last times, every runner's result summed into one closing line, and
# a failure in one runner failing the whole.
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import mpsuite  # noqa: E402  (beside this file)


def test_the_files_are_dealt_by_their_time():
    times = {"test_a.py": 100, "test_b.py": 60, "test_c.py": 50, "test_d.py": 5, "test_e.py": 4}
    groups = mpsuite.deal(list(times), 2, times)
    loads = sorted(sum(times[n] for n in g) for g in groups)
    assert loads == [109, 110] and sorted(sum(groups, [])) == sorted(times), groups


def test_one_runners_failure_fails_the_suite_and_every_result_is_summed(tmp_path):
    (tmp_path / "test_one.py").write_text("def test_a():\n    pass\n\n\ndef test_b():\n    pass\n")
    (tmp_path / "test_two.py").write_text("def test_c():\n    assert 1 == 2\n")
    (tmp_path / "test_three.py").write_text("def test_d():\n    pass\n")
    (tmp_path / "test_four.py").write_text("import no_such_module\n")  # cannot load: the rest still run
    times = tmp_path / "times.json"
    names = ("test_one.py", "test_two.py", "test_three.py", "test_four.py")
    run = subprocess.run([sys.executable, os.path.join(ROOT, "host_tests", "mpsuite.py"), "--jobs", "2"]
                         + [str(tmp_path / n) for n in names],
                         capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, MPSUITE_TIMES=str(times), CI=""))
    out = run.stdout
    assert run.returncode == 1, out
    assert "FAIL test_two.py::test_c" in out and "FAIL test_four.py (loading it)" in out
    assert out.rstrip().splitlines()[-1] == "3 passed, 2 failed, 0 skipped", out
    assert "[1] " in out and "[2] " in out  # two runners, each line marked
    assert {"test_one.py", "test_two.py", "test_three.py"} <= set(json.loads(times.read_text()))
