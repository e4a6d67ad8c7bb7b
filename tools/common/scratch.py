# The simulated flash of a test or a tool: a fresh directory of this
# checkout's build/tmp (two checkouts testing at once do not meet).
# Plain Python, for the MicroPython unix port too.
import os


def _checkout():
    """This checkout's folder, from this file's path as given (a relative one taken from the
    folder current at import, before fresh_dir moves it)."""
    here = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
    if not here.startswith("/"):
        here = os.getcwd() + "/" + here
    parts: list = []
    for p in here.split("/"):
        if p == "..":
            if parts:
                parts.pop()
        elif p and p != ".":
            parts.append(p)
    return "/" + "/".join(parts[:-2])  # tools/common -> the checkout


CHECKOUT = _checkout()


def runner():
    """The test runner this process is one of, where several run at once (mpsuite's, xdist's), or ""."""
    return os.getenv("MPSUITE_RUNNER") or os.getenv("PYTEST_XDIST_WORKER") or ""


def fresh_dir(name):
    """An empty directory build/tmp/[RUNNER/]sk-NAME of this checkout, made current."""
    base = CHECKOUT + "/build"
    dirs = [base, base + "/tmp"]
    if runner():
        dirs.append(base + "/tmp/" + runner())
    for d in dirs:
        try:
            os.mkdir(d)
        except OSError:
            pass  # there already
    path = dirs[-1] + "/sk-" + name
    try:
        os.mkdir(path)
    except OSError:
        for f in os.listdir(path):
            os.remove(path + "/" + f)
    os.chdir(path)
    return path
