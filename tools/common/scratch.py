# The simulated flash of a test or a tool: a fresh directory of this
# checkout's build/tmp (two checkouts testing at once do not meet).
# Plain Python, for the MicroPython unix port too.
import os


def fresh_dir(name):
    """An empty directory build/tmp/sk-NAME of this checkout, made current."""
    here = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
    if not here.startswith("/"):
        here = os.getcwd() + "/" + here
    base = here[: here.rfind("/", 0, here.rfind("/"))] + "/build"  # tools/common -> the checkout
    for d in (base, base + "/tmp"):
        try:
            os.mkdir(d)
        except OSError:
            pass  # there already
    path = base + "/tmp/sk-" + name
    try:
        os.mkdir(path)
    except OSError:
        for f in os.listdir(path):
            os.remove(path + "/" + f)
    os.chdir(path)
    return path
