#!/usr/bin/env python3
# The pages' screenshots for the docs (make screenshots, when chromium is there), each the whole page
# in a headless Chromium:
#   phones  the phones' page of the firmware with Wi-Fi on (simulator/websim.py), a Play Nine game
#           for ANN, BOB and CY two holes in, on a phone: phone-scoreboard.png, phone-entry.png
#   web     make web's page (it needs the WebAssembly port: make setup's npm ci), a board's tour
#           (docs/keys) played on it up to one of its shots: web-phone.png, web-cardputer.png
#   python tools/shots.py phones|web [--out docs/img]      (selenium, Debian's chromium and chromium-driver)
import argparse
import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import webbuild  # noqa: E402
from common import chrome, static  # noqa: E402
from simulator.websim import START, WebSim  # noqa: E402

WAIT = 30  # s, for what a page is to show

# the phones' page
WIDTH, HEIGHT = 390, 844  # a phone's viewport, CSS pixels
HOLES = [  # ANN's and BOB's grids (rows of 4) sent from their phones, CY's typed on the Cardputer
    (["5", "HIO", "10", "3", "5", "7", "0", "3"], ["4", "8", "12", "11", "4", "8", "2", "1"], "4488w2e1"),
    (["HIO", "2", "9", "9", "HIO", "2", "1", "0"], ["10", "11", "7", "6", "12", "11", "5", "6"], "55h7t033"),
]
ANN3 = ["3", "3", "8", "0", "3", "3", "12", "1"]
BOB3 = ["7", "7", "HIO", "9", "7", "7", "4", "5"]  # two columns of 7: cancelled, and a bonus


def wait(d, what, js):
    """Until js is true on the page; after WAIT s, exit saying what it waited for."""
    end = time.time() + WAIT
    while time.time() < end:
        if d.execute_script(js):
            return
        time.sleep(0.05)
    sys.exit("shots: %s: not on the page within %d s" % (what, WAIT))


def tap(d, css):
    from selenium.webdriver.common.by import By

    d.find_element(By.CSS_SELECTOR, css).click()


def viewport(d, width, height, phone=True):
    """The page's viewport exactly (a window's size includes the browser's frame)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})


def shot(d, path, width=WIDTH, phone=True):
    """The whole page, however tall (the viewport grown to it), into the PNG path; its size said."""
    height = d.execute_script("return Math.ceil(document.documentElement.getBoundingClientRect().height)")
    viewport(d, width, height, phone)
    d.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.2)
    png = d.get_screenshot_as_png()
    with open(path, "wb") as f:
        f.write(png)
    size = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")  # (its IHDR)
    print("%s: %dx%d" % (os.path.relpath(path, ROOT), *size))


def grid(s, pin, seat, hole, cards):
    status, body = s.post("/grid", {"pin": pin, "player": seat, "hole": hole, "cards": cards})
    assert status == 200, body


def holes_played(s, pin):
    """HOLES played (test_web.py plays them too: the keys drift when the device's screens change)."""
    for n, (ann, bob, cy) in enumerate(HOLES, 1):
        grid(s, pin, 0, "Hole %d" % n, ann)
        grid(s, pin, 1, "Hole %d" % n, bob)
        # the device: the hole; OK takes ANN's and BOB's grids; CY's typed, which stands scored
        # until Enter takes it to the hole's end (issue 57, 3); OK closes the result
        s.key("ok", "ok", "ok", "type " + cy, "ok", "ok")


def phones(out):
    """phone-scoreboard.png (after 2 holes) and phone-entry.png (hole 3: ANN's sent, BOB's being entered)."""
    d = chrome.headless(WIDTH, HEIGHT)
    viewport(d, WIDTH, HEIGHT)
    flash = tempfile.mkdtemp(prefix="phone-shots-")
    s = WebSim(os.path.join(flash, "flash"))
    try:
        s.key(*START)
        pin = s.pin()
        holes_played(s, pin)
        d.get("http://127.0.0.1:%d/" % s.port)
        wait(d, "hole 2", "return document.querySelector('#table tbody tr:nth-child(2) td').textContent!==''"
                          " && document.getElementById('status').textContent==='live'")
        shot(d, os.path.join(out, "phone-scoreboard.png"))
        viewport(d, WIDTH, HEIGHT)  # the phone's again
        grid(s, pin, 0, "Hole 3", ANN3)  # ANN has sent hole 3: the tick
        wait(d, "ANN's tick", "return !!document.querySelector('#who button[data-seat=\"0\"] .tick')")
        tap(d, '#who button[data-seat="1"]')
        for c in BOB3:
            tap(d, '#keypad button[data-card="%s"]' % c)
        total = s.post("/score", {"cards": BOB3})[1]["total"]
        wait(d, "BOB's score", "return document.getElementById('score').textContent==='Score: %d'"
                               " && document.querySelectorAll('#extras li').length>0" % total)
        # the PIN left to be typed: the device's is random, the shot the same each time
        shot(d, os.path.join(out, "phone-entry.png"))
        errors = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]
        if errors:
            sys.exit("shots: the phones' page logged errors:\n" + "\n".join(errors))
    finally:
        d.quit()
        s.close()
        shutil.rmtree(flash, ignore_errors=True)
    if s.noise:
        sys.exit("shots: the simulator printed:\n" + "\n".join(s.noise))


# make web's page
# (the PNG, the board, its tour, the tour's shot to stop at, the viewport: width, height, a phone's)
SHOTS = (
    ("web-phone.png", "cyd", "cyd-tour.txt", "grid", 390, 844, True),
    ("web-cardputer.png", "cardputer", "cardputer-tour.txt", "typing", 960, 800, False),
)
KEY_NAMES = {"esc": "`", "backspace": "bksp", "return": "enter"}  # as tools/sim.py reads them
MS = 80  # a press held (as the simulator's)


def play(d, line, where):
    """A line of a tour pressed on the page (window.skPlay: its press queue); then the redraw."""
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
        sys.exit("shots: %s: the page cannot play '%s'" % (where, line.strip()))
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
    viewport(d, width, height, phone)
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
        sys.exit("shots: %s has no 'shot %s'" % (tour, stop))
    # the same picture each run: no version line (it names the commit)
    d.execute_script("document.getElementById('version').textContent = '';"
                     "document.getElementById('persist').textContent = ''")  # (the browser's answer varies)
    shot(d, os.path.join(out, name), width, phone)
    errors = [e["message"] for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    if errors:
        sys.exit("shots: the page logged errors on the %s:\n%s" % (board, "\n".join(errors)))


def web(out):
    """web-phone.png (the CYD on a phone, tapping a grid), web-cardputer.png (a grid typed)."""
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


def main(argv):
    ap = argparse.ArgumentParser(prog="shots.py", description="Screenshots of the pages for the docs: the "
                                 "phones' page, make web's page.")
    ap.add_argument("page", choices=("phones", "web"), help="which page")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img"), help="where the PNGs go")
    a = ap.parse_args(argv)
    why = chrome.missing() or (webbuild.missing_port() if a.page == "web" else None)
    if why:
        sys.exit("shots: " + why)
    os.makedirs(a.out, exist_ok=True)
    (phones if a.page == "phones" else web)(a.out)


if __name__ == "__main__":
    main(sys.argv[1:])
