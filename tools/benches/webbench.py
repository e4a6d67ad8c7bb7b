# make bench's figures for the web page (make web, docs/WEB.md), in headless Chromium on this machine:
# the seconds from opening the page to the firmware's first screen, and the ms the firmware takes for a
# key (its longest loop turn after the key), beside the same turn on the unix port. Medians.
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)

from common import args, chrome, manifest, static  # noqa: E402
import webbuild  # noqa: E402

MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
WAIT = 30
KEY_GAP_S = 0.5  # after a key: its redraw is done well within this
KEYS, LOADS = 20, 3  # keys a board; page loads a board for the first screen

def unix_key_ms(board, keys):
    """The median of the unix port's longest loop turn after each of keys keys (bench_ui.py keys)."""
    run = subprocess.run([MPY, "-X", "heapsize=16M", os.path.join(HERE, "bench_ui.py"), "keys", board,
                          str(keys)], capture_output=True, text=True, timeout=300)
    line = [ln for ln in run.stdout.splitlines() if ln.startswith("MS ")]
    if not line:
        raise RuntimeError("the unix port's key figure for %s failed: %s"
                           % (board, run.stderr.strip()[-400:]))
    return statistics.median(float(v) for v in line[0].split()[1:])


def first_screen_s(d, url):
    """Seconds from opening the page to the firmware's first screen drawn."""
    t0 = time.time()
    d.get(url)
    while time.time() < t0 + WAIT:
        if d.execute_script("return !!window.skHost"):
            return time.time() - t0
        time.sleep(0.01)
    raise RuntimeError("no first screen in %d s" % WAIT)


def web_key_ms(d, keys):
    """The firmware's ms for each of keys keys (down and up in turn)."""
    out = []
    for i in range(keys):
        key = ("down", "up")[i % 2]
        t = d.execute_script("const t = performance.now();"
                             "const p = skHost.plan(arguments[0]);"
                             "window.skPlay(p); return [t, p];", key)
        assert t[1], "no press gives %s" % key
        time.sleep(KEY_GAP_S)
        steps = d.execute_script("return skSteps.filter(s => s[0] >= arguments[0]).map(s => s[1])", t[0])
        out.append(max(steps))
    return out


def p90(values):
    v = sorted(values)
    return v[min(len(v) - 1, int(0.9 * len(v)))]


FORGET = """localStorage.clear(); indexedDB.deleteDatabase('scorekeeper');
localStorage.setItem('sk-board', arguments[0]);
const done = arguments[arguments.length - 1];
Promise.all([navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister()))),
             caches.keys().then(ks => Promise.all(ks.map(k => caches.delete(k))))]).then(() => done(0));"""


def phone(d, on):
    if on:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    else:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4 if on else 1})  # a phone's CPU (DevTools)


def offline(d, on):
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.emulateNetworkConditions",
                      {"offline": on, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def figures(keys=KEYS, loads=LOADS):
    """{board: {"fresh", "reload", "offline": first screen s; "key", "key90": web ms; "phone", "phone90":
    the same on a phone's emulation; "unix": ms}}."""
    import tempfile

    tmp = tempfile.mkdtemp(prefix="webbench-")
    out, _n, _size = webbuild.build(os.path.join(tmp, "web"))
    httpd, url = static.started(out)
    d = chrome.headless(420, 900, WAIT)
    res = {}
    try:
        for b in manifest.REAL_BOARDS:
            r = {}
            d.get(url)
            fresh = []
            for _ in range(loads):  # a first visit: no storage, no service worker, no cache of its own
                d.execute_async_script(FORGET, b)
                fresh.append(first_screen_s(d, url))
            d.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](0))")
            r["fresh"] = statistics.median(fresh)
            r["reload"] = statistics.median([first_screen_s(d, url) for _ in range(loads)])
            offline(d, True)
            r["offline"] = statistics.median([first_screen_s(d, url) for _ in range(loads)])
            offline(d, False)
            ms = web_key_ms(d, keys)
            r["key"], r["key90"] = statistics.median(ms), p90(ms)
            phone(d, True)
            first_screen_s(d, url)
            ms = web_key_ms(d, keys)
            r["phone"], r["phone90"] = statistics.median(ms), p90(ms)
            phone(d, False)
            r["unix"] = unix_key_ms(b, keys)
            res[b] = r
    finally:
        d.quit()
        httpd.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
    return res


def table(res):
    print("The web page (make web; tools/benches/webbench.py), headless Chromium on this machine, medians:")
    print("seconds from opening the page to the first screen (a first visit, a reload, offline), and ms")
    print("the firmware takes for a key (its longest loop turn after the key: read, redraw, shown; median")
    print("and p90), on the desktop window and on a phone's emulation (390x844, CPU 4x slower), against")
    print("the unix port's (its own driver on a bus that counts bytes)")
    print("{:<16}{:>8}{:>8}{:>8}{:>15}{:>16}{:>9}".format(
        "board", "fresh", "reload", "offline", "key (p90)", "phone (p90)", "unix"))
    row = "{:<16}{:>7.2f}s{:>7.2f}s{:>7.2f}s{:>7.1f} ({:>4.1f}) ms{:>7.1f} ({:>5.1f}) ms{:>6.1f} ms"
    for b, r in res.items():
        print(row.format(
            b, r["fresh"], r["reload"], r["offline"], r["key"], r["key90"], r["phone"], r["phone90"],
            r["unix"]))


USAGE = "usage: webbench.py   (make bench's web page figures: the first screen and ms a key, no options)"


def main(argv):
    args.parse(argv, USAGE, {})
    why = chrome.missing() or webbuild.missing_port()
    if why:
        print("The web page's figures (tools/benches/webbench.py): skipped: %s" % why)
    else:
        table(figures())
    return 0


if __name__ == "__main__":
    sys.exit(args.run(main, sys.argv[1:]))
