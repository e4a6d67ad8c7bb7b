#!/usr/bin/env python3
# The web page's screenshots for the docs (make screenshots runs it when
# chromium and the WebAssembly port are there): make web's page served as a
# static host would, in a headless Chromium, each board's tour (docs/keys,
# the simulator's scripts) played on the page up to one of its shots, then
# the whole page taken:
#   web-phone.png      the CYD on a phone (390 px wide, the page's default):
#                      ANN's grid being tapped in, hole 1
#   web-cardputer.png  the Cardputer on a computer (960 px wide), its keys on
#                      the page: a grid being typed
#   python tools/web_shots.py [--out docs/img]
# Needs selenium (requirements-dev.txt), Debian's chromium and
# chromium-driver, and MicroPython's WebAssembly port (make setup: npm ci).
import argparse
import os
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import webbuild  # noqa: E402
from common import chrome, static  # noqa: E402

WAIT = 30  # s
# (the PNG, the board, its tour, the tour's shot to stop at, the viewport: width, height, a phone's)
SHOTS = (
    ("web-phone.png", "cyd", "cyd-tour.txt", "grid", 390, 844, True),
    ("web-cardputer.png", "cardputer", "cardputer-tour.txt", "typing", 960, 800, False),
)
KEY_NAMES = {"esc": "`", "backspace": "bksp", "return": "enter"}  # as tools/sim.py reads them
MS = 80  # a press held (as the simulator's)


def wait(d, what, js):
    chrome.wait(d, what, js, WAIT, "web_shots")


def play(d, line, where):
    """A line of a tour (docs/SIMULATOR.md's script) pressed on the page, as
    its keys are (window.skPlay: the page's press queue); then the redraw."""
    words = line.split()
    w = words[0].lower()
    plans = []
    if w == "tap" and len(words) == 3:
        plans.append("tap %s %s %d" % (words[1], words[2], MS))
    elif w == "type":
        plans += ["keys %s %d" % ("space" if c == " " else c.lower(), MS) for c in line.strip()[5:]]
    elif w == "key" and len(words) == 2:
        plans.append("keys %s %d" % (KEY_NAMES.get(words[1].lower(), words[1]), MS))
    elif len(words) == 1:  # a logical key: whatever gives it on this board
        plans.append(d.execute_script("return skHost.plan(arguments[0])", w))
    if not plans or "" in plans:
        sys.exit("web_shots: %s: the page cannot play '%s'" % (where, line.strip()))
    for p in plans:
        d.execute_script("skPlay(arguments[0])", p)
        wait(d, "%s: '%s' done" % (where, line.strip()), "return skIdle()")
    time.sleep(0.1)  # the screen redrawn (a turn or two)


def take(d, url, name, board, tour, stop, width, height, phone, out):
    d.get(url)
    # the first screen's save kept by the browser first: cleared while it was on its way, the save's
    # mark outlived it, and the next start said a save was lost (issue 57, 8)
    wait(d, "the first save kept", "return !!window.skHost && localStorage.getItem('sk-unsaved') === null")
    d.execute_script("indexedDB.deleteDatabase('scorekeeper'); localStorage.clear();"
                     "localStorage.setItem('sk-board', arguments[0])", board)
    chrome.viewport(d, width, height, phone)
    d.get(url)
    wait(d, "%s's first screen" % board, "return !!window.skHost")
    path = os.path.join(ROOT, "docs", "keys", tour)
    with open(path) as f:
        lines = f.read().split("\n")
    started = False  # the page skips a touch board's calibration (its pointer is exact): so does its tour
    for n, line in enumerate(lines, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[:2] == ["shot", "home"]:
            started = True
        if words[0] == "tap" and not started:
            continue  # the calibration's crosses, before the main menu
        if words[0] == "shot":
            if words[1] == stop:
                break
            continue
        play(d, line, "%s:%d" % (tour, n))
    else:
        sys.exit("web_shots: %s has no 'shot %s'" % (tour, stop))
    # the same picture each run: no version line (it names the commit)
    d.execute_script("document.getElementById('version').textContent = '';"
                     "document.getElementById('persist').textContent = ''")  # (the browser's answer varies)
    target = os.path.join(out, name)
    print("%s: %dx%d" % (os.path.relpath(target, ROOT), *chrome.shot(d, target, width, phone)))
    errors = [e["message"] for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    if errors:
        sys.exit("web_shots: the page logged errors on the %s:\n%s" % (board, "\n".join(errors)))


def main(argv):
    ap = argparse.ArgumentParser(prog="web_shots.py",
                                 description="Screenshots of make web's page for the docs.")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img"), help="where the PNGs go")
    out = ap.parse_args(argv).out
    why = chrome.missing() or webbuild.missing_port()
    if why:
        sys.exit("web_shots: " + why)
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="web-shots-") as tmp:
        site, _n, _size = webbuild.build(os.path.join(tmp, "web"))
        httpd, url = static.started(site)
        d = chrome.headless(1000, 1000, WAIT)
        try:
            for name, board, tour, stop, width, height, phone in SHOTS:
                take(d, url, name, board, tour, stop, width, height, phone, out)
        finally:
            d.quit()
            httpd.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
