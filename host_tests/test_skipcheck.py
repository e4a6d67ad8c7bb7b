# The skips' checker (issue 42, host_tests/skipcheck.py), in both runtimes:
# a skip whose reason host_tests/skips.txt does not allow fails with CI set
# and is only listed without it; one it allows passes; the list itself
# allows a test being for the other runtime and refuses a missing tool.
# (How the two runners use it: test_skipcheck_runners.py.)
import skipcheck
from support import fresh_dir, raises

TOOL = "no chromium/chromedriver: apt-get install chromium chromium-driver"


def run(skips, ci, runtime="cpython"):
    lines = []
    refused = skipcheck.report(skips, ci=ci, runtime=runtime, out=lines.append)
    return refused, "\n".join(lines)


def test_the_patterns_star_and_question_mark():
    m = skipcheck.match
    assert m("cpython: *: MicroPython only", "cpython: framebuf: MicroPython only")
    assert m("cpython: *: MicroPython only", "cpython: a: b: MicroPython only")
    assert not m("cpython: *: MicroPython only", "micropython: framebuf: MicroPython only")
    assert not m("cpython: *: MicroPython only", "cpython: framebuf: MicroPython only, or chromium")
    assert m("*: needs a real board: *", "micropython: needs a real board: the radio")
    assert m("a?c", "abc") and not m("a?c", "ac") and m("*", "") and m("a*", "a") and not m("", "a")
    assert m("**x*", "yyxyy") and not m("*x*", "yyy")


def test_a_skip_not_on_the_list_fails_in_ci_and_one_on_it_passes():
    skips = [("test_a.py::test_phones", TOOL), ("test_b.py", "framebuf: MicroPython only")]
    refused, text = run(skips, ci=True)
    assert refused == 1, text
    assert "NOT ALLOWED in CI" in text and "test_a.py::test_phones" in text and TOOL in text
    assert "CI is set: 1 skipped test is not allowed by host_tests/skips.txt, so this run fails" in text
    refused, text = run(skips[1:], ci=True)
    assert refused == 0 and "allowed by line" in text and "test_b.py" in text, text
    assert "NOT ALLOWED" not in text


def test_without_ci_the_skips_are_listed_but_do_not_fail():
    skips = [("test_a.py::test_phones", TOOL), ("test_a.py::test_tabs", TOOL),
             ("test_c.py", "cpython-only file")]
    refused, text = run(skips, ci=False, runtime="micropython")
    assert refused == 0, text
    assert "skipped under micropython: 3" in text
    assert "test_a.py::test_phones test_a.py::test_tabs" in text  # grouped under their reason
    assert "[2, NOT ALLOWED in CI]" in text, text
    assert "2 skipped tests are not allowed in CI (CI is not set here: listed, not failed)" in text
    assert "this run fails" not in text
    assert run([], ci=True) == (0, "skipped under cpython: none")


def test_the_list_allows_a_test_for_the_other_runtime_and_refuses_a_missing_tool():
    rules = skipcheck.load()
    assert 3 <= len(rules) <= 8  # short: each line reviewed
    for pattern, why, _n in rules:
        assert len(why) > 30, pattern  # says why it cannot run here

    def allowed(runtime, reason):
        return skipcheck.allowed_by(reason, rules, runtime) is not None

    assert allowed("cpython", "the firmware needs framebuf: MicroPython only")
    assert allowed("micropython", "cpython-only file")
    assert allowed("micropython", "segno: CPython only")
    assert allowed("micropython", "needs a real board: the ESP32's radio")
    assert not allowed("micropython", "framebuf: MicroPython only")  # the wrong way round
    assert not allowed("cpython", "cpython-only file")
    for reason in (TOOL, "selenium is not installed: make setup",
                   "MicroPython's WebAssembly port is not installed: make setup (npm ci)",
                   "the 32-bit MicroPython ports are not built, so the heap budgets were not checked: "
                   "make unix32",
                   "gcc cannot build 32-bit programs here: sudo apt-get install gcc-multilib",
                   "no valgrind: apt-get install valgrind", "segno is not installed: make setup"):
        assert not allowed("cpython", reason) and not allowed("micropython", reason), reason


def test_a_line_with_no_reason_is_refused():
    fresh_dir("skipcheck")
    with open("skips.txt", "w") as f:
        f.write("# a comment\n\ncpython: x | why it cannot run here\ncpython: y\n")
    with raises(skipcheck.ListError, "skips.txt:4", "cpython: y"):
        skipcheck.load("skips.txt")
    with open("skips.txt", "w") as f:
        f.write("cpython: y |   \n")
    with raises(skipcheck.ListError, "skips.txt:1"):
        skipcheck.load("skips.txt")
    with open("skips.txt", "w") as f:
        f.write("cpython: x | why it cannot run here\n")
    assert skipcheck.load("skips.txt") == [("cpython: x", "why it cannot run here", 1)]
