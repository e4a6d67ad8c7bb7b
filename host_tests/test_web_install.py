# cpython-only
# make web with stock MicroPython images (issue 39, 2; docs/WEB.md "Install on
# a board"): each board's bundle (tools/bundle.py) and an ESP Web Tools
# manifest in the page, and the page's button, in a headless Chromium up to
# the serial port's prompt (no board here: navigator.serial.requestPort, the
# browser's port chooser, is where it stops). The page is built from the two
# real stock images micropython.org builds (test_bundle.py's, STOCK_IMAGES);
# the refusals use synthetic ones, laid out as micropython.org's are, with
# MicroPython's real partition table (host_tests/test_bundle.py).
import json
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bundle  # noqa: E402
from common import chrome, manifest  # noqa: E402
import webbuild as web  # noqa: E402
from common import deploy  # noqa: E402
from test_bundle import CURRENT, IMAGES, REAL, mounted_files, our_image, real_image, stock_image  # noqa: E402
from test_web_page import NO_PORT, booted, static_server, wait_for  # noqa: E402
from test_web_page import browser  # noqa: E402,F401  (the fixture: a headless Chromium on served)

NO_EWT = not os.path.isfile(os.path.join(web.EWT, "install-button.js"))


def images(tmp):
    """A stock image for each chip, as files."""
    out = []
    for chip in ("esp32", "esp32s3"):
        p = os.path.join(tmp, "ESP32_GENERIC%s.bin" % ("_S3" if chip == "esp32s3" else ""))
        with open(p, "wb") as f:
            f.write(stock_image(chip, CURRENT))
        out.append(p)
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    if NO_PORT or NO_EWT:
        pytest.skip("MicroPython's WebAssembly port or ESP Web Tools is not installed: make setup (npm ci)")
    tmp = str(tmp_path_factory.mktemp("install"))
    # the real stock images micropython.org builds (test_bundle.py's: STOCK_IMAGES), each checked
    # against its SHA-256; the synthetic ones stay for the refusals below
    for chip in ("esp32", "esp32s3"):
        real_image(chip)
    paths = [os.path.join(IMAGES, REAL[chip][0]) for chip in ("esp32", "esp32s3")]
    out, _n, _size = web.build(os.path.join(tmp, "web"), web.images(paths))
    return out, paths


EWT = os.path.dirname(web.EWT)  # the pinned ESP Web Tools' dist/ (tools/webpage/package.json)


def ewt_interfaces():
    """{interface: {field: (type text, optional)}} of ESP Web Tools' const.d.ts (the pinned package's,
    tools/webpage/package.json): Manifest and Build, read as TypeScript writes them."""
    import re

    with open(os.path.join(EWT, "const.d.ts")) as f:
        text = f.read()
    out = {}
    for name in ("Manifest", "Build"):
        body = text[text.index("export interface %s {" % name):]
        depth, end = 0, 0
        for i, ch in enumerate(body):
            depth += ch == "{"
            depth -= ch == "}"
            if ch == "}" and depth == 0:
                end = i
                break
        inner = re.sub(r"/\*.*?\*/", "", body[body.index("{") + 1:end], flags=re.S)
        fields, depth, cur = {}, 0, ""
        for ch in inner:  # fields at the interface's own depth, split at their ";"
            depth += ch in "{[("
            depth -= ch in "}])"
            if ch == ";" and depth == 0:
                key, _, typ = cur.strip().partition(":")
                fields[key.rstrip("?").strip()] = (typ.strip(), key.strip().endswith("?"))
                cur = ""
            else:
                cur += ch
        out[name] = fields
    return out


def ewt_type_errors(m, kind="Manifest", types=None):
    """What in m does not fit ESP Web Tools' type kind (a list of words, [] if it fits)."""
    types = types or ewt_interfaces()
    fields = types[kind]
    errors = ["%s lacks %s" % (kind, k) for k, (_, optional) in fields.items() if not optional and k not in m]
    for k, v in m.items():
        if k not in fields:
            errors.append("%s has no field %s" % (kind, k))
            continue
        typ = fields[k][0]
        if typ in ("string", "number", "boolean"):
            want = {"string": str, "number": int, "boolean": bool}[typ]
            ok = type(v) is want or typ == "number" and type(v) is float
        elif typ == "Build[]":
            ok = type(v) is list and all(not ewt_type_errors(x, "Build", types) for x in v)
        elif typ.startswith('"'):  # a union of strings
            ok = v in [t.strip().strip('"') for t in typ.split("|")]
        elif typ.startswith("{"):  # parts: {path: string; offset: number;}[]
            ok = type(v) is list and all(type(x) is dict and set(x) == {"path", "offset"}
                                         and type(x["path"]) is str and type(x["offset"]) is int for x in v)
        else:
            ok = False
        if not ok:
            errors.append("%s.%s: %r is not %s" % (kind, k, v, typ))
    return errors


def test_the_manifest_type_is_read_as_esp_web_tools_declares_it():
    # the reader above, against the pinned package's own declaration (a wrong reading would let
    # any manifest through)
    if NO_EWT:
        pytest.skip("ESP Web Tools is not installed: make setup (npm ci)")
    types = ewt_interfaces()
    assert types["Manifest"]["builds"] == ("Build[]", False)
    assert types["Manifest"]["new_install_improv_wait_time"] == ("number", True)
    assert "ESP32-S3" in types["Build"]["chipFamily"][0]
    good = {"name": "x", "version": "1",
            "builds": [{"chipFamily": "ESP32", "parts": [{"path": "a", "offset": 0}]}]}
    assert ewt_type_errors(good) == []
    assert ewt_type_errors(dict(good, new_install_improv_wait_time="0"))  # a string, not a number
    assert ewt_type_errors(dict(good, improv_wait=0))  # no such field
    assert ewt_type_errors({"name": "x", "version": "1"})  # no builds
    assert ewt_type_errors(dict(good, builds=[{"chipFamily": "ESP32S3", "parts": []}]))
    # and the behaviour the field is set for: 0 skips the Improv probe (its install-dialog.js)
    with open(os.path.join(EWT, "install-dialog.js")) as f:
        assert "this._manifest.new_install_improv_wait_time === 0" in f.read()

def test_every_board_gets_its_bundle_and_a_manifest_esp_web_tools_reads(built):
    out, paths = built
    with open(os.path.join(out, "firmware.json")) as f:
        made = json.load(f)["install"]
    assert sorted(made) == sorted(manifest.REAL_BOARDS)
    stock = {}
    for chip, p in zip(("esp32", "esp32s3"), paths):  # images()'s order
        with open(p, "rb") as f:
            stock[chip] = f.read()
    for b in manifest.REAL_BOARDS:
        chip = manifest.board_chip(b)
        with open(os.path.join(out, made[b])) as f:
            m = json.load(f)
        # ESP Web Tools' manifest, held to its own type (the pinned package's dist/const.d.ts)
        assert ewt_type_errors(m) == [], (b, ewt_type_errors(m))
        assert m["name"] and m["version"] == manifest.version() and m["new_install_prompt_erase"] is True
        # MicroPython has no Improv: ESP Web Tools skips its probe (Ctrl-C among its bytes) at 0 alone
        assert m["new_install_improv_wait_time"] == 0
        (build,) = m["builds"]
        assert build["chipFamily"] == {"esp32": "ESP32", "esp32s3": "ESP32-S3"}[chip]
        (part,) = build["parts"]
        assert part["offset"] == {"esp32": 0x1000, "esp32s3": 0x0}[chip]  # where esptool writes the image
        with open(os.path.join(out, os.path.dirname(made[b]), part["path"]), "rb") as f:
            got = f.read()
        want, _vfs = bundle.bundle(b, stock[chip], bundle.firmware_files(b), chip)
        assert got == want, b  # make bundle's bytes: the image and the filesystem deploy would fill
    assert os.path.isfile(os.path.join(out, "esp-web-tools", "install-button.js"))


def test_our_images_install_with_what_deploy_image_1_copies(tmp_path):
    # make image's build/image/<board>/firmware.bin, or a release's scorekeeper-image-<board>.bin:
    # those boards get our image and the three files make deploy IMAGE=1 puts beside it; the others
    # the stock image given
    if NO_EWT:
        pytest.skip("ESP Web Tools is not installed: make setup (npm ci)")
    (stock,) = [p for p in images(str(tmp_path)) if "S3" not in p]
    ours = {"cyd": our_image("esp32", "cyd") + b"our frozen firmware" * 200,
            "cardputer": our_image("esp32s3", "cardputer") + b"ours, S3" * 400}
    folder = tmp_path / "image"
    (folder / "cyd").mkdir(parents=True)
    (folder / "cyd" / "firmware.bin").write_bytes(ours["cyd"])
    (folder / "scorekeeper-image-cardputer.bin").write_bytes(ours["cardputer"])
    out = str(tmp_path / "web")
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "webbuild.py"), "--out", out, "--images",
                        str(folder), "--firmware", stock], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "Install on a board for %s" % ", ".join(sorted(manifest.REAL_BOARDS)) in p.stdout
    with open(os.path.join(out, "firmware.json")) as f:
        made = json.load(f)["install"]
    for b in ("cyd", "cardputer"):
        with open(os.path.join(out, made[b])) as f:
            assert json.load(f)["name"].endswith("(our image)")
        with open(os.path.join(out, "install", b + ".bin"), "rb") as f:
            got = f.read()
        offset, size = 0x200000, 0x200000
        base = bundle.BOOT_OFFSET[manifest.board_chip(b)]
        pos = 0x8000 - base  # the partition table, where the vfs partition is added
        assert got[:pos] == ours[b][:pos] and got[pos + 0xC00:len(ours[b])] == ours[b][pos + 0xC00:]
        files = mounted_files(got[offset - base:offset - base + size])
        record = json.loads(files.pop("deployed.json"))
        assert files.pop(deploy.CHECK_FILE) == b""  # the board check at its first start (issue 56, 3)
        assert files == deploy.compile_files(b, deploy.ESP32_ARCH, str(tmp_path / ("mpy-" + b)), image=True)
        assert "main.py" in files and "board.mpy" in files and not any(p.startswith("engine/") for p in files)
        assert record["image"] == manifest.image_digest(b) and record["board"] == b
    with open(os.path.join(out, made["ttgo-t-display"])) as f:
        assert "our image" not in json.load(f)["name"]  # the stock image's bundle
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "webbuild.py"), "--out", out, "--images",
                        str(tmp_path / "nothing")], capture_output=True, text=True)
    assert p.returncode == 1 and "is not a folder" in p.stderr
    # each kind where the other is wanted: refused, saying where it goes
    (folder / "cyd" / "firmware.bin").write_bytes(stock_image("esp32", CURRENT))
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "webbuild.py"), "--out", out, "--images",
                        str(folder)], capture_output=True, text=True)
    assert p.returncode == 1 and "it is stock MicroPython, not our image" in p.stderr, p.stderr
    assert "stock MicroPython goes in FIRMWARE=" in p.stderr, p.stderr
    (tmp_path / "ours.bin").write_bytes(ours["cyd"])
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "webbuild.py"), "--out", out,
                        "--firmware", str(tmp_path / "ours.bin")], capture_output=True, text=True)
    assert p.returncode == 1 and "it is our image" in p.stderr, p.stderr
    assert "give it with IMAGES=<folder>" in p.stderr, p.stderr


def test_a_build_without_images_has_no_installer_and_none_left_over(built, tmp_path):
    out = str(tmp_path / "web")
    shutil.copytree(built[0], out)
    assert os.path.isdir(os.path.join(out, "install"))
    web.build(out)  # the same folder, built again without --firmware
    with open(os.path.join(out, "firmware.json")) as f:
        assert json.load(f)["install"] == {}
    assert not os.path.exists(os.path.join(out, "install")) and not os.path.exists(
        os.path.join(out, "esp-web-tools"))


def test_images_that_cannot_make_a_bundle_are_refused_in_one_line(tmp_path):
    good = images(str(tmp_path))
    bad = tmp_path / "notes.txt"
    bad.write_text("not an image")
    full = tmp_path / "full.bin"
    full.write_bytes(stock_image("esp32", CURRENT.replace("0x1F0000", "0x3F0000")))
    for args, says in (([str(bad)], "not an image for an ESP32"),
                       ([good[0], good[0]], "two images for the esp32"),
                       ([str(tmp_path / "none.bin")], "cannot read")):
        p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "webbuild.py"), "--out",
                            str(tmp_path / "web"), "--firmware"] + args, capture_output=True, text=True)
        assert p.returncode == 1 and says in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
    if not NO_PORT and not NO_EWT:
        with pytest.raises(web.WebError, match="no bundle for .*no room left"):
            web.build(str(tmp_path / "web"), web.images([str(full)]))
        old = tmp_path / "old.bin"  # (issue 58, 2) an image older than a bundle runs on
        old.write_bytes(stock_image("esp32", CURRENT, "v1.20.0"))
        with pytest.raises(web.WebError, match="no bundle for .*v1.20.0; a bundle needs v1.23 or newer"):
            web.build(str(tmp_path / "web"), web.images([str(old)]))


@pytest.fixture(scope="module")
def served(built):
    why = chrome.missing()
    if why:
        pytest.skip(why)
    httpd, url = static_server(built[0])
    yield url
    httpd.shutdown()


def test_each_boards_page_has_its_install_button_up_to_the_serial_prompt(browser, served):  # noqa: F811
    d = browser
    for b in manifest.REAL_BOARDS:
        booted(d, served, b)
        el = wait_for(d, lambda: d.execute_script(
            "return document.querySelector('#install-here esp-web-install-button')"), bool)
        assert el.get_attribute("manifest") == "install/%s.json" % b
        assert d.execute_script("return !document.getElementById('install').hidden")
        # ESP Web Tools took the element (Web Serial is there): its button is ours
        assert el.get_attribute("install-supported") is not None
        assert manifest._boards.name(b) in el.text
        # a click goes to the browser's port chooser: a stand-in records it (no board here) and
        # answers as a person who closes it does
        d.execute_script("""
            window.asked = [];
            navigator.serial.requestPort = (o) => { window.asked.push(o || {});
                return Promise.reject(new DOMException('No port selected.', 'NotFoundError')); };""")
        d.execute_script("document.querySelector('#install-here esp-web-install-button button').click()")
        wait_for(d, lambda: d.execute_script("return window.asked.length"), lambda n: n == 1)
        m = d.execute_async_script("""const done = arguments[arguments.length - 1];
            fetch('install/' + arguments[0] + '.json').then((r) => r.json()).then(done)""", b)
        assert m["builds"][0]["parts"][0]["path"] == b + ".bin"


def test_without_web_serial_the_page_gives_the_file_and_the_one_command(browser, served):  # noqa: F811
    d = browser
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                      {"source": "delete Navigator.prototype.serial;"})  # as Firefox, Safari, a phone
    for b in ("ttgo-t-display", "cardputer"):
        booted(d, served, b)
        text = wait_for(d, lambda: d.execute_script("return document.getElementById('install').innerText"),
                        lambda t: "esptool" in t)
        chip, offset = ("esp32s3", "0x0") if b == "cardputer" else ("esp32", "0x1000")
        assert "no Web Serial" in text and "Chrome or Edge" in text
        after = "--after watchdog-reset " if b == "cardputer" else ""  # as make bundle and DEPLOY.md say
        command = "esptool --chip %s --baud 460800 %swrite-flash -z %s scorekeeper-%s.bin" % (
            chip, after, offset, b)
        assert command in text, text
        href = d.execute_script("return document.querySelector('#install-here a').href")
        assert href == served + "install/%s.bin" % b
        assert not d.execute_script("return document.querySelector('esp-web-install-button')")
