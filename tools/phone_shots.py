#!/usr/bin/env python3
# The phones' page screenshots for the docs (make screenshots runs it when
# chromium is there): the firmware under the MicroPython unix port with
# Wi-Fi on (tools/sim.py --wifi, as tools/simulator/websim.py runs it), a Play
# Nine game for ANN, BOB and CY started on the Cardputer's keys, two holes
# played (ANN's and BOB's grids from their phones, CY's typed on the
# device), then the page in a headless Chromium the size of a phone
# (390 px wide), each shot the whole page:
#   phone-scoreboard.png  the standings, the table and the chart after 2 holes
#   phone-entry.png       hole 3: ANN's sent (the tick), BOB's grid being
#                         entered, the cells coloured and the bonus shown
#                         (the PIN not typed yet: the shots are the same each run)
#   python tools/phone_shots.py [--out docs/img]
# Needs selenium (requirements-dev.txt) and Debian's chromium and
# chromium-driver; nothing is downloaded (the driver's path is given).
import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from common import chrome  # noqa: E402
from simulator.websim import START, WebSim  # noqa: E402

WIDTH, HEIGHT = 390, 844  # a phone's viewport, CSS pixels
HOLES = [  # ANN's and BOB's grids (rows of 4) sent from their phones, CY's typed on the Cardputer
    (["5", "HIO", "10", "3", "5", "7", "0", "3"], ["4", "8", "12", "11", "4", "8", "2", "1"], "4488w2e1"),
    (["HIO", "2", "9", "9", "HIO", "2", "1", "0"], ["10", "11", "7", "6", "12", "11", "5", "6"], "55h7t033"),
]
ANN3 = ["3", "3", "8", "0", "3", "3", "12", "1"]
BOB3 = ["7", "7", "HIO", "9", "7", "7", "4", "5"]  # two columns of 7: cancelled, and a bonus


def tap(d, css):
    from selenium.webdriver.common.by import By

    d.find_element(By.CSS_SELECTOR, css).click()


def shot(d, path):
    """The whole page, however tall; then the phone's viewport again."""
    print("%s: %dx%d" % (os.path.relpath(path, ROOT), *chrome.shot(d, path, WIDTH)))
    chrome.viewport(d, WIDTH, HEIGHT)


def wait(d, what, js):
    chrome.wait(d, what, js, 20, "phone_shots")


def grid(s, pin, seat, hole, cards):
    status, body = s.post("/grid", {"pin": pin, "player": seat, "hole": hole, "cards": cards})
    assert status == 200, body


def holes_played(s, pin):
    """HOLES, each ANN's and BOB's grids sent from their phones and CY's typed on the device
    (test_web.py plays them too: the keys drift when the device's screens change)."""
    for n, (ann, bob, cy) in enumerate(HOLES, 1):
        grid(s, pin, 0, "Hole %d" % n, ann)
        grid(s, pin, 1, "Hole %d" % n, bob)
        # the device: the hole; OK takes ANN's and BOB's grids; CY's typed, which stands scored
        # until Enter takes it to the hole's end (issue 57, 3); OK closes the result
        s.key("ok", "ok", "ok", "type " + cy, "ok", "ok")


def main(argv):
    ap = argparse.ArgumentParser(description="Screenshots of the phones' page for the docs.")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img"), help="where the PNGs go")
    out = ap.parse_args(argv).out
    os.makedirs(out, exist_ok=True)
    why = chrome.missing()
    if why:
        sys.exit("phone_shots: " + why)
    d = chrome.headless(WIDTH, HEIGHT)
    chrome.viewport(d, WIDTH, HEIGHT)
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
            sys.exit("phone_shots: the page logged errors:\n" + "\n".join(errors))
    finally:
        d.quit()
        s.close()
        shutil.rmtree(flash, ignore_errors=True)
    if s.noise:
        sys.exit("phone_shots: the simulator printed:\n" + "\n".join(s.noise))


if __name__ == "__main__":
    main(sys.argv[1:])
