# Runs the host tests under the MicroPython unix port:
#   .venv/bin/micropython host_tests/mp_run.py [test_file.py ...]
# Every test_*.py in this folder is imported and its test_* functions run,
# unless its first line is "# cpython-only" (hypothesis, subprocesses).
# Closes with the line "N passed, N failed" and exits 1 on failure.
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
sys.path.append(HERE + "/../.venv/mplib")  # the board's libraries (microdot)


def first_line(path):
    with open(path) as f:
        return f.readline().strip()


def main(names):
    files = names or sorted(n for n in os.listdir(HERE) if n.startswith("test_") and n.endswith(".py"))
    passed = failed = skipped = 0
    for name in files:
        name = name[name.rfind("/") + 1 :]
        if first_line(HERE + "/" + name) == "# cpython-only":
            print("%s: skipped (cpython-only)" % name)
            skipped += 1
            continue
        mod = __import__(name[:-3])
        tests = sorted(n for n in dir(mod) if n.startswith("test_") and callable(getattr(mod, n)))
        for t in tests:
            try:
                getattr(mod, t)()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL %s::%s" % (name, t))
                sys.print_exception(e)
        print("%s: %d tests" % (name, len(tests)))
    print("%s: %d test files, %d cpython-only files skipped" % (sys.version, len(files), skipped))
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
