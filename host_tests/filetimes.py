# pytest plugin (conftest.py): the test files run longest first, by their time
# in the last run (build/pytest-times.json, which each run writes; on a fresh
# clone host_tests/pytest-times.json, a run's seconds; a file in neither by its
# size), so that make test-cpython's workers (pytest-xdist, --dist loadfile,
# --no-loadscope-reorder) end together: dealt in the order collected, a long
# file last kept one worker busy for minutes after the other had finished.
# mpsuite.py deals the MicroPython suite's files the same way.
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TIMES = os.path.join(HERE, "..", "build", "pytest-times.json")
SEED = os.path.join(HERE, "pytest-times.json")
_took: dict = {}


def _file(nodeid):
    return nodeid.split("::")[0].split("/")[-1]


def _times():
    for path in (TIMES, SEED):  # this checkout's last run, else the seed
        try:
            with open(path) as f:
                return json.load(f)
        except (OSError, ValueError):
            continue
    return {}


def pytest_collection_modifyitems(session, config, items):
    times = _times()

    def weight(item):
        name = _file(item.nodeid)
        if name in times:
            return times[name]
        path = os.path.join(HERE, name)
        return os.path.getsize(path) / 1000 if os.path.exists(path) else 0  # unknown: by its size

    items.sort(key=lambda item: -weight(item))  # (stable: a file's tests stay in their order)


def pytest_runtest_logreport(report):
    name = _file(report.nodeid)
    _took[name] = _took.get(name, 0.0) + report.duration


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput") or not _took:  # (a worker: the controller writes)
        return
    times = _times()
    times.update({k: round(v, 1) for k, v in _took.items()})
    try:
        os.makedirs(os.path.dirname(TIMES), exist_ok=True)
        with open(TIMES, "w") as f:
            json.dump(times, f, indent=0, sort_keys=True)
    except OSError:
        pass
