# cpython-only
# Both runners end with the skips (issue 42): pytest (conftest.py takes
# skipcheck.py's hooks) and host_tests/mp_run.py under MicroPython, each run
# here on a sample test file: with CI set, a skip host_tests/skips.txt does
# not allow makes the exit status 1 and is named with its reason; one it
# allows does not; without CI (or CI=false) the skips are listed, nothing
# fails. (Subprocesses: CPython; the checker itself: test_skipcheck.py.)
import os
import subprocess
import sys

import conftest
import skipcheck

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
TOOL = "sample-tool is not installed: apt-get install sample-tool"

SAMPLE = '''import sys

from support import skip

OTHER = "MicroPython only" if sys.implementation.name == "cpython" else "CPython only"
if "%(module)s" == "skipped whole":
    skip("the other runtime's: " + OTHER)


def test_passes():
    pass


def test_for_the_other_runtime():
    skip("the sample: " + OTHER)


def test_needs_a_tool():
    if %(tool)s:
        skip("%(reason)s")
'''


def sample(tmp_path, name, tool=True, module=""):
    path = tmp_path / name
    path.write_text(SAMPLE % {"tool": tool, "reason": TOOL, "module": module})
    return str(path)


def env(ci):
    e = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        e["CI"] = ci
    e["PYTHONPATH"] = os.pathsep.join((HERE, os.path.join(ROOT, "tools")))  # support.py imports tools/common
    return e


def pytest_run(ci, *paths):
    where = os.path.dirname(paths[0])
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "skipcheck", "-p", "no:cacheprovider",
                        "--rootdir", where, *paths], cwd=where,
                       capture_output=True, text=True, env=env(ci), timeout=120)
    return p.returncode, p.stdout + p.stderr


def mp_run(ci, *paths):
    p = subprocess.run([MPY, "-X", "heapsize=8M", os.path.join(HERE, "mp_run.py"), *paths], cwd=ROOT,
                       capture_output=True, text=True, env=env(ci), timeout=120)
    return p.returncode, p.stdout + p.stderr


def test_conftest_takes_the_checkers_hooks():
    for hook in ("pytest_sessionstart", "pytest_collectreport", "pytest_runtest_logreport",
                 "pytest_sessionfinish", "pytest_terminal_summary"):
        assert getattr(conftest, hook) is getattr(skipcheck, hook), hook


def check_runner(run, runtime, tmp_path):
    refused = sample(tmp_path, "test_skipsample_tool.py")
    code, text = run("true", refused)
    assert code == 1, text
    assert "skipped under %s: 2" % runtime in text, text
    assert "%s  [1, NOT ALLOWED in CI]" % TOOL in text
    assert "test_skipsample_tool.py::test_needs_a_tool" in text
    assert "[1, allowed by line" in text and "test_skipsample_tool.py::test_for_the_other_runtime" in text
    assert "CI is set: 1 skipped test is not allowed by host_tests/skips.txt, so this run fails" in text
    for ci in (None, "false"):  # a developer's machine: listed, not failed
        code, text = run(ci, refused)
        assert code == 0, text
        assert "%s  [1, NOT ALLOWED in CI]" % TOOL in text
        assert "1 skipped test is not allowed in CI (CI is not set here: listed, not failed)" in text
    ok = sample(tmp_path, "test_skipsample_ok.py", tool=False)
    code, text = run("true", ok)
    assert code == 0 and "skipped under %s: 1 " % runtime in text and "NOT ALLOWED" not in text, text
    code, text = run("true", ok, sample(tmp_path, "test_skipsample_whole.py", module="skipped whole"))
    assert code == 0 and "skipped under %s: 2 " % runtime in text, text
    assert "test_skipsample_whole.py\n" in text, text  # a file skipped at import


def test_pytest_lists_the_skips_and_fails_in_ci_on_one_not_allowed(tmp_path):
    check_runner(pytest_run, "cpython", tmp_path)


def test_mp_run_lists_the_skips_and_fails_in_ci_on_one_not_allowed(tmp_path):
    check_runner(mp_run, "micropython", tmp_path)
    path = tmp_path / "test_skipsample_cpython.py"
    path.write_text("# cpython-only\nimport subprocess\n")
    code, text = mp_run("true", str(path))
    assert code == 0 and "cpython-only file  [1, allowed by line" in text, text
