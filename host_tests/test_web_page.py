# cpython-only
# make web's page (issue 28, docs/WEB.md): the firmware on MicroPython's
# WebAssembly port in a headless Chromium, served as any static host would
# (tools/webbuild.py --serve). Skipped without chromium/chromedriver or without
# the port (make setup: npm ci); the build itself is tested without a browser.
import json
import os
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))

from common import chrome, manifest  # noqa: E402
import webbuild as web  # noqa: E402
from score import run as score_run  # noqa: E402

NO_PORT = web.missing_port() is not None
WAIT = 30  # s

P28 = [[0, 1, 2, 3], [4, 5, 6, 7]]
P36 = [[1, 2, 3, 4], [5, 6, 7, 8]]
P12 = [[5, 5, 1, 1], [5, 5, 1, 1]]


def four_players(holes):
    grids = [[P28, P36, P12, P28], [P36, P36, P28, P12], [P12, P28, P36, P36]]
    return {"game": "play-nine", "players": ["Ann", "Bob", "Cy", "Di"], "options": {},
            "holes": [{"ender": h % 4, "grids": grids[h % 3]} for h in range(holes)]}


def scored(text):
    status, out, err = score_run([], text)
    assert status == 0, err
    return json.loads(out)


@pytest.mark.skipif(NO_PORT, reason="MicroPython's WebAssembly port is not installed: make setup (npm ci)")
def test_make_web_builds_a_static_folder_with_every_boards_files(tmp_path):
    out, n, size = web.build(str(tmp_path / "web"))
    for name in web.PAGE_FILES + ("micropython.mjs", "micropython.wasm", "firmware.json"):
        assert os.path.getsize(os.path.join(out, name)) > 0, name
    with open(os.path.join(out, "firmware.json")) as f:
        fw = json.load(f)
    files = fw["files"]
    assert len(files) == n
    with open(os.path.join(ROOT, "boards", "browser.py")) as f:
        assert files["board.py"] == f.read()  # the page's board file is its board.py
    for b in manifest.REAL_BOARDS:  # the same files make deploy puts on each board, its board file by name
        for dest, src in manifest.closure(b).items():
            if dest.endswith(".py"):
                dest = os.path.basename(src) if dest == "board.py" else dest
                with open(src) as f:
                    assert files[dest] == f.read(), dest
    assert [b[0] for b in fw["boards"]] == list(manifest.REAL_BOARDS)
    with open(os.path.join(out, "sw.js")) as f:
        sw = f.read()
    assert "@BUILD@" not in sw and "firmware.json" in sw


def test_the_pages_board_is_not_one_to_deploy_to():
    with pytest.raises(manifest.ManifestError, match="web page's board: make web"):
        manifest.closure("browser")
    assert "browser" in manifest.BOARDS and "browser" not in manifest.REAL_BOARDS


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    why = chrome.missing() or web.missing_port()
    if why:
        pytest.skip(why)
    out, _n, _size = web.build(str(tmp_path_factory.mktemp("web") / "web"))
    httpd, url = static_server(out)
    yield url
    httpd.shutdown()


def static_server(out):
    """A plain static server of the folder out, as any static host is (tools/common/static.py)."""
    from common import static

    return static.started(out)


@pytest.fixture
def browser(served):
    d = chrome.headless(420, 900, WAIT)
    yield d
    d.quit()


def booted(d, url, board=None):
    """Open the page (as board), wait for the firmware's first screen; the time it took."""
    if board is not None:
        d.get(url)
        d.execute_script("localStorage.setItem('sk-board', arguments[0])", board)
    t0 = time.time()
    d.get(url)
    end = t0 + WAIT
    while time.time() < end:
        if d.execute_script("return !!window.skHost"):
            return time.time() - t0
        status = d.execute_script("return document.getElementById('status').textContent")
        assert "could not start" not in status, status
        time.sleep(0.1)
    raise AssertionError("no first screen in %d s" % WAIT)


def errors(d):
    """The console's errors and warnings (the firmware's stderr goes to console.warn)."""
    return [e["message"] for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def lit(d):
    """How many of the canvas's pixels are not black."""
    return d.execute_script("""
        const c = document.getElementById('screen');
        const p = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 0; i < p.length; i += 4) if (p[i] || p[i + 1] || p[i + 2]) n++; return n;""")


def top(d):
    return d.execute_script("return skHost.top()")


def wait_for(d, what, cond):
    end = time.time() + WAIT
    while time.time() < end:
        v = what()
        if cond(v):
            return v
        time.sleep(0.1)
    raise AssertionError("still %r" % (v,))


def saved(d):
    """Until the page says the flash as it is now is all in IndexedDB (page.js skSaved)."""
    wait_for(d, lambda: d.execute_script("return skSaved()"), bool)


def test_every_boards_first_screen_with_no_console_error(browser, served):
    for b in manifest.REAL_BOARDS:
        booted(browser, served, b)
        # a touch board's first start asks for no calibration on the page (its pointer is exact): saved as is
        assert wait_for(browser, lambda: top(browser), lambda t: "|" in t).startswith("Home"), b
        if manifest.board_input(b) == "touch":
            cal = browser.execute_script(
                "return skEval(\"repr(_b.runner.app.state['settings'].get('touch'))\")")
            raw = browser.execute_script("return skEval('repr(list(_b.fingers.raw))')")
            assert cal == raw, (cal, raw)
        w, h = browser.execute_script("const c = document.getElementById('screen'); "
                                      "return [c.width, c.height]")
        assert lit(browser) > w * h // 50, b  # drawn: the title and the menu
        assert browser.execute_script("return document.getElementById('board').value") == b
        assert not errors(browser), (b, errors(browser))


def test_a_game_loaded_is_downloaded_as_score_py_scores_it_and_survives_a_reload(browser, served):
    booted(browser, served, "ttgo-t-display")
    doc = four_players(5)
    out = browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(doc))
    assert out.startswith("Loaded: Play Nine, 4 players, 5 holes"), out
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Play"))
    got = browser.execute_script("return skHost.game_json()")
    assert scored(got) == scored(json.dumps(doc))  # the same totals, the same hole scores
    saved(browser)  # the flash in IndexedDB (written at most 0.4 s after a turn)
    booted(browser, served)  # reloaded, as a closed and reopened tab is
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Play"))
    assert scored(browser.execute_script("return skHost.game_json()")) == scored(json.dumps(doc))
    assert not errors(browser)


def test_loading_asks_before_replacing_and_refuses_bad_files_keeping_the_game(browser, served, tmp_path):
    booted(browser, served, "ttgo-t-display")
    browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(four_players(1)))
    ask = browser.execute_script("return skHost.load_question()")
    assert "game in progress" in ask and "Ann, Bob, Cy, Di" in ask and "1 hole in" in ask, ask
    before = browser.execute_script("return skHost.game_json()")
    load = browser.find_element("id", "load")
    message = lambda: browser.find_element("id", "message").text  # noqa: E731
    for n, (bad, said) in enumerate((("{nope", "not a JSON file"), ("[1, 2]", "not a game"),
                                     (json.dumps({"game": "play-nine", "players": []}), "player"),
                                     (json.dumps({"game": "golf-9", "players": ["A", "B"]}), "golf-9"),
                                     (json.dumps({"players": ["A", "B"]}), "no game in it"))):
        out = browser.execute_script("return skHost.load_game(arguments[0])", bad)
        assert out.startswith("error: ") and said in out and out.endswith("."), (bad, out)
        assert browser.execute_script("return skHost.check_game(arguments[0])", bad) == out
        # the page's own Load: the file refused with its reason before any question
        f = tmp_path / ("bad%d.json" % n)
        f.write_text(bad)
        load.send_keys(str(f))
        said_ = wait_for(browser, message, lambda m, name=f.name: m.startswith(name))
        assert out[7:] in said_ and said_.endswith(". Nothing was changed."), said_
        assert browser.execute_script("return skHost.game_json()") == before
    # a good one: asked first (the game in progress named), then loaded
    good = tmp_path / "good.json"
    good.write_text(json.dumps(four_players(3)))
    load.send_keys(str(good))
    alert = wait_for(browser, lambda: _alert(browser), bool)
    assert "1 hole in" in alert.text
    alert.accept()
    assert wait_for(browser, message, bool) == "Loaded: Play Nine, 4 players, 3 holes."
    assert scored(browser.execute_script("return skHost.game_json()")) == scored(json.dumps(four_players(3)))
    assert not errors(browser)


def _alert(d):
    from selenium.common.exceptions import NoAlertPresentException

    try:
        a = d.switch_to.alert
        return a if a.text is not None else None  # (.text: there is one)
    except NoAlertPresentException:
        return None


def test_a_damaged_stored_save_falls_back_with_the_boards_note(browser, served):
    booted(browser, served, "ttgo-t-display")
    browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(four_players(4)))
    browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(four_players(5)))  # a .bak
    saved(browser)
    # the browser's copy of state.json damaged, as a flipped bit on a flash would be
    browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const r = indexedDB.open('scorekeeper', 1);
        r.onsuccess = () => {
          const tx = r.result.transaction('flash', 'readwrite'), st = tx.objectStore('flash');
          const g = st.get('state.json');
          g.onsuccess = () => {
            const a = new Uint8Array(g.result); a[a.length - 20] ^= 4; st.put(a, 'state.json');
          };
          tx.oncomplete = () => done(true);
        };""")
    booted(browser, served)
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Message|Note"))
    got = scored(browser.execute_script("return skHost.game_json()"))
    assert got == scored(json.dumps(four_players(4)))  # state.bak's game: the save before
    assert not errors(browser)


def test_the_page_works_offline_after_the_first_load(browser, served):
    booted(browser, served, "devkit-oled")
    # installable: Chromium finds nothing missing (manifest, icon, service worker)
    missing = lambda: browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]  # noqa: E731
    wait_for(browser, missing, lambda e: e == [])
    browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready.then(() => done(true));""")
    wait_for(browser, lambda: browser.execute_script("return !!navigator.serviceWorker.controller") or
             (browser.get(served) or False), bool)
    browser.set_network_conditions(offline=True, latency=0, throughput=0)
    try:
        booted(browser, served)
        wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
        assert lit(browser) > 0
    finally:
        browser.set_network_conditions(offline=False, latency=0, throughput=0)


def test_a_new_build_shows_at_the_next_load_and_the_old_one_stays_offline(browser, served, tmp_path):
    out, _n, _size = web.build(str(tmp_path / "web"))
    httpd, url = static_server(out)
    try:
        booted(browser, url, "devkit-oled")
        browser.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](true))")
        wait_for(browser, lambda: browser.execute_script("return !!navigator.serviceWorker.controller") or
                 (browser.get(url) or False), bool)
        with open(os.path.join(out, "index.html")) as f:
            page = f.read()
        with open(os.path.join(out, "index.html"), "w") as f:  # a new build of the page
            f.write(page.replace("<h1>Scorekeeper</h1>", "<h1>Scorekeeper, rebuilt</h1>"))
        # written seconds later than the first (Last-Modified counts whole seconds: within the
        # same one, the server would answer "not modified")
        later = time.time() + 5
        os.utime(os.path.join(out, "index.html"), (later, later))
        booted(browser, url)
        assert browser.find_element("tag name", "h1").text == "Scorekeeper, rebuilt"
        browser.set_network_conditions(offline=True, latency=0, throughput=0)
        try:
            booted(browser, url)  # offline: the copy kept at the last load
            assert browser.find_element("tag name", "h1").text == "Scorekeeper, rebuilt"
            wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
        finally:
            browser.set_network_conditions(offline=False, latency=0, throughput=0)
    finally:
        httpd.shutdown()
    assert not errors(browser)


def test_on_page_buttons_and_the_keyboard_drive_the_board(browser, served):
    booted(browser, served, "m5stack-core")
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
    buttons = browser.find_elements("css selector", "#keys button")
    assert [b.text for b in buttons] == list(manifest.board_attr("m5stack-core", "BUTTONS"))
    help_ = browser.find_element("id", "help").text  # what each button does, from the board's key map
    for name in manifest.board_attr("m5stack-core", "BUTTONS"):
        assert "%s short: " % name in help_, help_
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).click_and_hold(buttons[1]).pause(0.1).release().perform()  # the middle: OK
    wait_for(browser, lambda: top(browser), lambda t: not t.startswith("Home"))  # New game's list
    browser.find_element("tag name", "body").send_keys("\b")  # Backspace: back
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
    assert not errors(browser)



def test_an_arrow_key_held_repeats(browser, served):
    # (issue 57, 4) the keyboard's repeat (keydown with repeat set, some 30 a second) presses the
    # board's button again, each once the one before has ended: it was ignored, one press a hold
    booted(browser, served, "m5stack-core")
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
    browser.execute_script("""
        window.log = [];
        const real = skHost.button;
        skHost.button = (i, on) => {
            if (on) window.log.push([i, performance.now()]);
            return real(i, on);
        };""")
    browser.execute_async_script("""
        const done = arguments[0];
        const ev = (type, repeat) =>
            document.dispatchEvent(new KeyboardEvent(type, {key: "ArrowDown", repeat}));
        ev("keydown", false);
        let n = 0;
        const t = setInterval(() => {
            if (++n < 30) { ev("keydown", true); return; }
            clearInterval(t); window.upAt = performance.now(); ev("keyup", false); setTimeout(done, 800);
        }, 33);""")
    log, up_at = browser.execute_script("return [window.log, window.upAt]")
    plan = "return skHost.plan(arguments[0])"
    down_b, up_b = [int(browser.execute_script(plan, k).split()[1]) for k in ("down", "up")]
    downs = [t for i, t in log if i == down_b]
    assert 4 <= len(downs) <= 30, downs  # a press of 80 ms and a gap each: not one, and none piled up
    # (a probe: a hold went one step past the value shown at its let-go) the repeats' presses that
    # went down in its last 195 ms are taken back, the other way's press each, as a held button's
    late = [t for t in downs[1:] if up_at - t < 195]
    ups = [t for i, t in log if i == up_b]
    assert len(ups) == len(late) and all(t >= up_at for t in ups), (late, ups, up_at)
    assert not errors(browser)


def test_a_save_the_browser_had_not_kept_when_the_tab_closed_is_said_at_the_next_start(browser, served):
    # (issue 57, 8) a hole the screen showed as kept, lost with the tab closed before IndexedDB
    # had it (the page wrote it up to 0.4 s after the turn), said nothing when reopened. The save's
    # header goes to localStorage in the turn it is made (written at once) until IndexedDB has it.
    booted(browser, served, "m5stack-core")
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
    unsaved = "return localStorage.getItem('sk-unsaved')"
    browser.execute_script("skPython('import board as _b\\n_b.runner.app.save()')")
    saved(browser)
    assert browser.execute_script(unsaved) is None  # IndexedDB has it: nothing to say
    # the browser never finishes writing the next save (the tab closes first)
    browser.execute_script("IDBObjectStore.prototype.put = function () { throw new Error('closed'); };")
    browser.execute_script("skPython('import board as _b\\n_b.runner.app.save()')")
    wait_for(browser, lambda: browser.execute_script(unsaved), bool)
    booted(browser, served)
    wait_for(browser, lambda: browser.find_element("id", "message").text, lambda t: "may need entering" in t)
    assert browser.execute_script(unsaved) is None  # said once
    booted(browser, served)
    assert "may need entering" not in browser.find_element("id", "message").text


def test_a_tab_closed_mid_hole_opens_the_hole_again_with_its_cards(browser, served):
    # (issue 57, 1) the page keeps the firmware's flash, the hole's card files with it (docs/STORAGE.md):
    # three cards typed, the tab closed once IndexedDB has them, the page reopened: the hole is back
    booted(browser, served, "cardputer")
    out = browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(four_players(2)))
    assert out.startswith("Loaded: Play Nine, 4 players"), out
    settled(browser, "Play|")
    body = browser.find_element("tag name", "body")
    body.send_keys("\n")  # the game's menu: the next hole
    settled(browser, "GridEntry|")
    for card in "574":
        body.send_keys(card)
    settled(browser, "GridEntry|")
    cells = "return skEval('repr(_b.runner.app.stack[-1].hole.cells)')"
    before = browser.execute_script(cells)
    assert before.count("None") == 5, before  # 3 of the 8 cells typed
    saved(browser)  # IndexedDB has the flash as it is now (written at most 0.4 s after a turn)
    booted(browser, served)  # the tab closed and opened again
    settled(browser, "Message|")
    note = browser.execute_script("return skEval('repr(_b.runner.app.stack[-1].rows)')")
    assert "Hole 3 again" in note, note
    body = browser.find_element("tag name", "body")
    body.send_keys("\n")
    settled(browser, "GridEntry|")
    assert browser.execute_script(cells) == before
    assert not errors(browser)


def test_damaged_browser_storage_is_set_aside_and_the_page_starts(browser, served):
    # (issue 57, 9) a huge number as a value, a key like sub/x, "..", or empty, a missing store:
    # each stopped the page from starting, with no way out
    booted(browser, served, "m5stack-core")
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
    saved(browser)
    browser.execute_async_script("""
        const done = arguments[0];
        const r = indexedDB.open("scorekeeper");
        r.onsuccess = () => {
            const d = r.result, tx = d.transaction("flash", "readwrite"), st = tx.objectStore("flash");
            st.put(1e308, "huge");
            st.put(new Uint8Array([1, 2]), "sub/x");
            st.put(new Uint8Array([1]), "..");
            st.put(new Uint8Array([1]), "");
            st.put("text", "notes");
            tx.oncomplete = () => { d.close(); done(); };
        };""")
    booted(browser, served)
    note = wait_for(browser, lambda: browser.find_element("id", "message").text, lambda t: "set aside" in t)
    for name in ('"huge" (the number 1e+308)', '"sub/x" (2 bytes)', '".."', '"" (1 bytes)', '"notes"'):
        assert name in note, (name, note)
    assert top(browser).startswith("Home")  # started
    assert len(browser.execute_script("return JSON.parse(localStorage.getItem('sk-aside'))")) == 5
    booted(browser, served)  # set aside: not said again
    assert "set aside" not in browser.find_element("id", "message").text
    # the store itself gone (another version of the database without it), made with the page closed
    browser.get(served.rstrip("/") + "/manifest.webmanifest")  # (the same origin, no page running)
    assert browser.execute_async_script("""
        const done = arguments[0];
        const r = indexedDB.open("scorekeeper");
        r.onsuccess = () => {
            const v = r.result.version + 1;
            r.result.close();
            const u = indexedDB.open("scorekeeper", v);
            u.onupgradeneeded = () => u.result.deleteObjectStore("flash");
            u.onsuccess = () => { done(u.result.objectStoreNames.contains("flash")); u.result.close(); };
            u.onerror = () => done("error");
        };""") is False
    booted(browser, served)
    wait_for(browser, lambda: browser.find_element("id", "message").text, lambda t: "missing" in t)
    assert top(browser).startswith("Home")
    assert not [e for e in errors(browser) if "favicon" not in e]  # (the manifest's tab asked for one)


def test_wifi_on_the_page_says_there_is_none_and_the_board_goes_on(browser, served):
    booted(browser, served, "ttgo-t-display")
    # as Settings > Wi-Fi > Own network leaves it
    browser.execute_script("skPython('import board; "
                           "board.runner.app.state[\"settings\"][\"wifi\"] = \"own\"')")
    wait_for(browser, lambda: top(browser), lambda t: t == "Message|Wi-Fi off")
    said = browser.execute_script("return skEval(\"' '.join(_b.runner.app.stack[-1].rows)\")")
    assert "no Wi-Fi" in said and "web page" in said, said
    browser.find_element("tag name", "body").send_keys("\n")  # Enter: OK
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home"))
    assert not errors(browser)


# --- a whole game through the page's own keys -------------------------

MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
HOLD_S = 0.08  # a tap or a key held (the page holds at least 70 ms)
GAP_S = 0.07  # between two (the firmware has redrawn long before)


def recorded_game(board, seed, holes, reload_after):
    """host_tests/pagegame.py on the unix port's simulator: the inputs a
    whole 4-player Play Nine game took on this board, in parts, and the
    engine's game of the same cards."""
    import subprocess

    args = [board, str(seed), str(holes), str(reload_after)]
    out = subprocess.run([MPY, "-X", "heapsize=16M", os.path.join(HERE, "pagegame.py")] + args,
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr + out.stdout
    return json.loads(out.stdout)


def settled(d, what):
    """Every press the page was given made (its queue empty), then the screen shown: what it starts with."""
    wait_for(d, lambda: d.execute_script("return skIdle()"), bool)
    wait_for(d, lambda: top(d), lambda t: t.startswith(what))


def on_page(d, events):
    """The events played on the page as a person does: taps on the canvas
    with a finger, clicks on the on-page keyboard's keys (fn tapped first:
    it stays down until the next key is let go), in chunks of W3C actions."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    left, top_, cw, ch, w, h = d.execute_script("""
        const c = document.getElementById('screen'), r = c.getBoundingClientRect();
        return [r.left + c.clientLeft, r.top + c.clientTop, c.clientWidth, c.clientHeight,
                c.width, c.height];""")
    keys = {b.get_attribute("data-legend"): b for b in d.find_elements("css selector", "#keys button")}
    for i in range(0, len(events), 40):
        if events[0][0] == "tap":
            finger = PointerInput(interaction.POINTER_TOUCH, "finger")
            a = ActionBuilder(d, mouse=finger, duration=0)  # a move at once (Selenium's default: 250 ms)
            for _t, x, y in events[i:i + 40]:
                px, py = round(left + (x + 0.5) * cw / w), round(top_ + (y + 0.5) * ch / h)
                a.pointer_action.move_to_location(px, py)
                a.pointer_action.pointer_down().pause(HOLD_S).pointer_up().pause(GAP_S)
            a.perform()
        else:
            a = ActionChains(d, duration=0)
            for e in events[i:i + 40]:
                assert e[0] == "key", e
                for legend in e[1:-1]:  # fn, shift: tapped, they stay down
                    a.click(keys[legend])
                a.click_and_hold(keys[e[-1]]).pause(HOLD_S).release().pause(GAP_S)
            a.perform()


# (a whole game of 4 holes on the CYD: the same paths as 9, which took a minute of make test's CPU
# more: the page's MicroPython in the browser, every tap)
@pytest.mark.parametrize("board,holes", [("cyd", 4), ("cardputer", 2)])
def test_a_whole_four_player_game_through_the_pages_keys_ends_with_the_engines_totals(browser, served, board,
                                                                                       holes):
    game = recorded_game(board, 1, holes, holes // 2)
    want = scored(json.dumps(game["game"]))
    assert want["totals"] == game["totals"]
    booted(browser, served, board)
    first, later, finish = game["parts"]
    on_page(browser, first)
    settled(browser, "Play|")
    assert len(scored(browser.execute_script("return skHost.game_json()"))["hole_scores"]) == holes // 2
    saved(browser)  # the flash in IndexedDB (written at most 0.4 s after a turn)
    booted(browser, served)  # reloaded mid-game: the game resumes where it was
    settled(browser, "Play|")
    on_page(browser, later)
    settled(browser, "Play|")
    got = scored(browser.execute_script("return skHost.game_json()"))
    assert got == want  # every hole's scores, the totals, the winner: the engine's
    on_page(browser, finish)  # Finish game: into the history
    settled(browser, "Message|Game over")
    browser.execute_script("skPython('import json; from storage import laid')")  # (on the page's flash)
    rec = json.loads(browser.execute_script(
        "return skEval(\"json.dumps(laid.value(_b.runner.app.state, 'history')[0])\")"))
    assert rec["totals"] == want["totals"] and rec["winner"] == want["winner"], rec
    assert not errors(browser)


def test_a_finger_lands_on_the_pixel_under_it_and_a_quick_tap_counts(browser, served):
    # (Chromium runs no timer while a finger is down: the page's loop did
    # not turn under a tap, which the firmware never saw before the page's
    # press queue held each press for turns of the loop as well as for time)
    booted(browser, served, "cyd")
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home|"))
    browser.execute_script("skPython('import webhost, board\\nboard.log = []\\n_t = webhost.touch\\n"
                           "def _touch(x, y):\\n    board.log.append((x, y))\\n    _t(x, y)\\n"
                           "webhost.touch = _touch')")
    points = [(30, 30), (289, 30), (30, 209), (0, 0), (319, 239), (161, 117)]
    on_page(browser, [["tap", x, y] for x, y in points])  # each held 80 ms, as a quick tap is
    got = wait_for(browser, lambda: browser.execute_script("return skEval('repr(_b.log)')"),
                   lambda s: s.count("None") == 2 * len(points))
    assert got == repr([p for xy in points for p in (xy, (None, None))])
    # the first tap (each as short as the page makes it) chose the menu's first row
    assert wait_for(browser, lambda: top(browser), lambda t: not t.startswith("Home|")) != ""
    assert not errors(browser)


def test_keys_typed_faster_than_the_firmware_reads_them_all_count_in_order(browser, served):
    # (Selenium types a string with no time between the keys: the page's
    # press queue lets them down one after the other)
    booted(browser, served, "cardputer")
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("Home|"))
    body = browser.find_element("tag name", "body")
    body.send_keys("1\n1\n3\n1\n")  # New game, Play Nine, 3 players, New name (docs/keys/cardputer-tour.txt)
    wait_for(browser, lambda: top(browser), lambda t: t.startswith("NameEntry|"))
    body.send_keys("annabel")
    name = lambda: browser.execute_script("return skEval('_b.runner.app.stack[-1].name')")  # noqa: E731
    assert wait_for(browser, name, lambda n: len(n) == 7) == "ANNABEL"
    assert not errors(browser)


def holes_of(d):
    return len(json.loads(d.execute_script("return skHost.game_json()"))["holes"])


def shown(d, el):
    return d.execute_script("const e = document.getElementById(arguments[0]); return !e.hidden", el)


def test_one_tab_owns_the_game_and_every_hole_a_tab_took_is_kept(browser, served):
    # (issue 36: two tabs each kept their own copy of the flash and wrote what changed in it: a hole
    # entered in one was lost to the other's next save, with no warning in either)
    booted(browser, served, "ttgo-t-display")
    a = browser.current_window_handle
    browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(four_players(1)))
    saved(browser)
    browser.switch_to.new_window("tab")
    b = browser.current_window_handle
    browser.get(served)  # a second tab: the game is A's, so B asks, and runs nothing meanwhile
    wait_for(browser, lambda: shown(browser, "elsewhere"), bool)
    assert "open in another tab" in browser.find_element("id", "elsewhere-text").text
    time.sleep(1)
    assert not browser.execute_script("return !!window.skHost")
    browser.find_element("id", "take").click()  # use it here: A lets go, B starts on A's game
    wait_for(browser, lambda: browser.execute_script("return !!window.skHost"), bool)
    assert holes_of(browser) == 1
    browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(four_players(2)))  # hole 2: B
    saved(browser)
    browser.switch_to.window(a)  # A says so, and keeps nothing of what is done there now
    wait_for(browser, lambda: shown(browser, "elsewhere"), bool)
    assert "nothing you do here is kept" in browser.find_element("id", "elsewhere-text").text
    browser.execute_script("return skHost.load_game(arguments[0])", json.dumps(four_players(3)))
    time.sleep(1)
    browser.switch_to.window(b)
    browser.close()  # B closed: what it took stays
    browser.switch_to.window(a)
    browser.find_element("id", "take").click()  # A takes the game back: it starts again on what was kept
    wait_for(browser, lambda: browser.execute_script("return !!window.skHost"), bool)
    assert holes_of(browser) == 2  # B's hole 2; A's 3 holes, loaded while B had the game, were never kept
    assert not [e for e in errors(browser) if "persist" not in e]


PHONES = ((360, 740), (390, 844))


def phone(d, w, h):
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": w, "height": h, "deviceScaleFactor": 2, "mobile": True})


def test_the_page_fits_a_phone_for_every_board(browser, served):
    # (issue 36: at 390 px the Cardputer's keyboard made the page 404 px wide, its keys cut off; the
    # buttons were 34-36 px tall): no sideways scroll, every control at least 44 px tall, a key 24 px wide
    for w, h in PHONES:
        for b in manifest.REAL_BOARDS:
            phone(browser, w, h)
            booted(browser, served, b)
            wait_for(browser, lambda: top(browser), lambda t: "|" in t)
            got = browser.execute_script("""
                const root = document.documentElement, small = [];
                for (const e of document.querySelectorAll('button, select, label.button')) {
                  const r = e.getBoundingClientRect();
                  if (!r.width || e.closest('[hidden]')) continue;  // not shown
                  if (r.height < 44 || (e.closest('.row') && r.width < 24))
                    small.push(e.textContent.trim() + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
                  // (a probe: bksp, enter and space were cut at 390 px) its label whole inside it
                  const rg = document.createRange();
                  rg.selectNodeContents(e);
                  const tw = rg.getBoundingClientRect().width;
                  if (tw > e.clientWidth + 0.5)
                    small.push(e.textContent.trim() + ': ' + Math.round(tw) + ' px in ' + e.clientWidth);
                }
                return [root.scrollWidth, root.clientWidth, small];""")
            assert got[0] <= got[1], (w, b, got)  # no sideways scroll
            assert not got[2], (w, b, got[2])
            if b == "cardputer":  # the keys the scorekeeper reads are all there
                shown_keys = browser.execute_script(
                    "return [...document.querySelectorAll('#keys .row button')]"
                    ".filter((e) => e.getBoundingClientRect().width).map((e) => e.dataset.legend)")
                for k in "1234567890qwertyuiopasdfghjklzxcvbnm":
                    assert k in shown_keys, (w, k)
                for k in ("enter", "bksp", "fn", "space", ";", ".", ",", "/", "-", "="):
                    assert k in shown_keys, (w, k)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
