# The skips at the end of a test run (issue 42): both runners (pytest through
# conftest.py, host_tests/mp_run.py under MicroPython) end by listing every
# skipped test with its reason, and with CI set a skip fails the run unless
# "<runtime>: <reason>" matches a line of host_tests/skips.txt, the short,
# reviewed list of what cannot run here. On a developer's machine (CI not
# set) the skips are listed, and those CI would refuse are marked, but the
# run does not fail for them. Plain Python: MicroPython runs it too.
import os
import sys

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
LIST = HERE + "/skips.txt"
NAME = "host_tests/skips.txt"
RUNTIME = sys.implementation.name  # cpython or micropython


class Skipped(Exception):
    """A test skipped under MicroPython (support.skip); pytest has its own."""


class ListError(Exception):
    """A line of the list that is not "<pattern> | <why>"."""


def in_ci():
    v = os.getenv("CI")
    return bool(v) and v.lower() not in ("0", "false", "no")


def load(path=LIST):
    """[(pattern, why, line number)] of the list; ListError for a line with no why."""
    rules = []
    name = NAME if path == LIST else path
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            bar = line.find("|")
            pattern, why = line[:bar].strip(), line[bar + 1 :].strip()
            if bar < 0 or not pattern or not why:
                raise ListError("%s:%d: not '<pattern> | <why it cannot run here>': %s" % (name, n, line))
            rules.append((pattern, why, n))
    return rules


def match(pattern, text):
    """pattern's * (any text) and ? (one character) against the whole of text."""
    p = t = 0
    star = back = -1
    while t < len(text):
        if p < len(pattern) and pattern[p] in ("?", text[t]) and pattern[p] != "*":
            p += 1
            t += 1
        elif p < len(pattern) and pattern[p] == "*":
            star, back = p, t
            p += 1
        elif star >= 0:
            back += 1
            p, t = star + 1, back
        else:
            return False
    while p < len(pattern) and pattern[p] == "*":
        p += 1
    return p == len(pattern)


def allowed_by(reason, rules, runtime=RUNTIME):
    """The rule that allows this skip in CI, or None."""
    for rule in rules:
        if match(rule[0], "%s: %s" % (runtime, reason)):
            return rule
    return None


def report(skips, ci=None, rules=None, runtime=RUNTIME, out=print):
    """Prints the skips [(test, reason)] grouped by reason, each marked
    allowed (the list's line) or not; returns how many CI refuses, 0 when
    ci is false (a developer's machine: listed, not failed)."""
    if ci is None:
        ci = in_ci()
    if rules is None:
        rules = load()
    if not skips:
        out("skipped under %s: none" % runtime)
        return 0
    by_reason = {}
    order = []
    for test, reason in skips:
        if reason not in by_reason:
            by_reason[reason] = []
            order.append(reason)
        by_reason[reason].append(test)
    refused = 0
    out("skipped under %s: %d (CI allows only the reasons in %s):" % (runtime, len(skips), NAME))
    for reason in order:
        rule = allowed_by(reason, rules, runtime)
        if rule is None:
            refused += len(by_reason[reason])
        tests = by_reason[reason]
        mark = "allowed by line %d" % rule[2] if rule else "NOT ALLOWED in CI"
        out("  %s  [%d, %s]" % (reason, len(tests), mark))
        line = "     "
        for test in tests:
            if len(line) + len(test) > 100 and line.strip():
                out(line)
                line = "     "
            line += " " + test
        out(line)
    if refused and ci:
        out("CI is set: %s not allowed by %s, so this run fails. Install what they need (.ci/run), "
            "or, if they cannot run in CI, add their reason there with why." % (tests_are(refused), NAME))
    elif refused:
        out("%s not allowed in CI (CI is not set here: listed, not failed)" % tests_are(refused))
    return refused if ci else 0


def tests_are(n):
    return "1 skipped test is" if n == 1 else "%d skipped tests are" % n


# pytest's side (conftest.py takes these hooks): the skips of collection
# (a module skipped whole) and of each test; at the session's end the
# verdict (with CI set, one not allowed makes the exit status 1), printed
# in the terminal summary.
_skips = []
_lines = []


def _note(rep):
    if rep.skipped and not hasattr(rep, "wasxfail"):
        longrepr = rep.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        if reason.startswith("Skipped: "):
            reason = reason[len("Skipped: ") :]
        path, sep, rest = rep.nodeid.partition("::")
        _skips.append((path.split("/")[-1] + sep + rest, reason))


def pytest_sessionstart(session):
    del _skips[:]
    del _lines[:]


def pytest_collectreport(report):
    _note(report)


def pytest_runtest_logreport(report):
    _note(report)


def pytest_sessionfinish(session, exitstatus):
    try:
        refused = report(_skips, out=_lines.append)
    except ListError as e:  # a list CI cannot read fails everywhere
        _lines.append(str(e))
        refused = 1
    if refused and session.exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter):
    for line in _lines:
        terminalreporter.write_line(line)
