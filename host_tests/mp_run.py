# Runs the host tests under the MicroPython unix port:
#   .venv/bin/micropython host_tests/mp_run.py [test_file.py ...]
# Every test_*.py in this folder is imported and its test_* functions run,
# unless its first line is "# cpython-only" (hypothesis, subprocesses): that
# file is skipped. A test (or a whole file, at import) skips by raising
# skipcheck.Skipped (support.skip). A file given by a path outside this
# folder is imported from its own (test_skipcheck.py's runs).
# Closes with the skips and their reasons (skipcheck.py: with CI set, one not
# in host_tests/skips.txt fails the run), then the line "N passed, N failed,
# N skipped"; exits 1 on a failure or such a skip.
import os
import sys

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
if not HERE.startswith("/"):  # absolute: some tests change directory
    HERE = os.getcwd() + "/" + HERE
sys.path.insert(0, HERE + "/../tools/benches")  # make bench's parts (heap, monkey, realholes ...)
sys.path.insert(0, HERE + "/../tools")
sys.path.insert(0, HERE + "/../firmware")
sys.path.insert(0, HERE)
sys.path.append(HERE + "/../boards")  # last: the board files
sys.path.append(HERE + "/../.venv/mplib")  # the board's libraries (requirements-board.txt: none now)


def first_line(path):
    with open(path) as f:
        return f.readline().strip()


def where(name):
    """The folder of the test file name: this one, or where a path elsewhere leads."""
    base = name[name.rfind("/") + 1 :]
    if "/" not in name or exists(HERE + "/" + base):
        return HERE
    folder = name[: name.rfind("/")]
    if folder not in sys.path:
        sys.path.insert(1, folder)
    return folder


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def main(names):
    from skipcheck import Skipped, report

    import time

    files = names or sorted(n for n in os.listdir(HERE) if n.startswith("test_") and n.endswith(".py"))
    passed = failed = 0
    skips = []  # (test, reason)
    for name in files:
        folder = where(name)
        name = name[name.rfind("/") + 1 :]
        if first_line(folder + "/" + name) == "# cpython-only":
            skips.append((name, "cpython-only file"))
            continue
        t0 = time.ticks_ms()
        try:
            mod = __import__(name[:-3])
        except Skipped as e:
            skips.append((name, str(e)))
            continue
        except Exception as e:  # the file cannot even load: a failure, and the other files still run
            failed += 1
            print("FAIL %s (loading it)" % name)
            sys.print_exception(e)
            continue
        tests = sorted(n for n in dir(mod) if n.startswith("test_") and callable(getattr(mod, n)))
        for t in tests:
            try:
                getattr(mod, t)()
                passed += 1
            except Skipped as e:
                skips.append(("%s::%s" % (name, t), str(e)))
            except Exception as e:
                failed += 1
                print("FAIL %s::%s" % (name, t))
                sys.print_exception(e)
        print("%s: %d tests, %.1f s" % (name, len(tests), time.ticks_diff(time.ticks_ms(), t0) / 1000))
    print("%s: %d test files" % (sys.version, len(files)))
    refused = report(skips)
    print("%d passed, %d failed, %d skipped" % (passed, failed, len(skips)))
    return failed + refused


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
