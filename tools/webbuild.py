# make web: the firmware in a web page (docs/WEB.md, which says what each file is): build/web/, a
# static folder (make web-serve serves it): the page (tools/webpage/), MicroPython's WebAssembly
# port, firmware.json (every board's files as make deploy puts them, and the page's own); with
# --firmware or --images each board's bundle and ESP Web Tools (the page's "Install on a board").
#
#   python tools/webbuild.py [--out DIR] [--firmware IMAGE.bin ...] [--serve] [--port N]
import argparse
import hashlib
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

import bundle  # noqa: E402
from common import manifest  # noqa: E402

PAGE = os.path.join(HERE, "webpage")
# its package.json pins the port (the repository's own package.json is mip's)
NPM = os.path.join(PAGE, "node_modules", "@micropython", "micropython-webassembly-pyscript")
OUT = os.path.join(ROOT, "build", "web")
# what the page's board needs beside the firmware: its file, its host, the models of the keys
EXTRA = {"board.py": os.path.join(ROOT, "boards", "browser.py"),
         "virtual.py": os.path.join(ROOT, "boards", "virtual.py"),
         "webhost.py": os.path.join(PAGE, "webhost.py"),
         **{"simulator/%s.py" % m: os.path.join(HERE, "simulator", m + ".py")
            for m in ("board", "inputs", "keyboard", "touch")}}
PAGE_FILES = ("index.html", "page.js", "page.css", "sw.js", "manifest.webmanifest", "icon.svg")
EWT = os.path.join(PAGE, "node_modules", "esp-web-tools", "dist", "web")  # its bundled web build
INSTALL = "install"  # the page's folder of bundles and their manifests
CHIP_FAMILY = {"esp32": "ESP32", "esp32s3": "ESP32-S3"}  # ESP Web Tools' names (its src/const.ts)


class WebError(Exception):
    pass


def files():
    """{path in the page's flash: source}: every real board's files (its board file under its
    own name: the page picks one), and EXTRA."""
    out = {}
    for b in manifest.REAL_BOARDS:
        for dest, src in manifest.closure(b).items():
            if dest == "board.py":
                dest = os.path.basename(src)
            if dest.endswith(".py"):
                out[dest] = src
    out.update(EXTRA)
    return out


WAYS = ("IMAGES=<folder>", "in FIRMWARE=")  # how make web is given our images, and stock ones


def images(paths):
    """{chip: image bytes} of stock MicroPython images, by the chip each header names."""
    found: dict = {}
    for path in paths:
        image = bundle.read_image(path, None, None, WAYS)
        chip = manifest.image_chip(image)
        if chip in found:
            raise WebError("web: two images for the %s: give one for each chip" % chip)
        found[chip] = image
    return found


def our_images(folder):
    """{board: our image} of folder's <board>/firmware.bin or scorekeeper-image-<board>.bin."""
    if not os.path.isdir(folder):
        raise WebError("web: %s is not a folder (make image's build/image, or a release's files)" % folder)
    found = {}
    for b in manifest.REAL_BOARDS:
        for name in (os.path.join(b, "firmware.bin"), "scorekeeper-image-%s.bin" % b):
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                found[b] = bundle.read_image(path, manifest.board_chip(b), b, WAYS)
                break
    if not found:
        raise WebError("web: no image of ours in %s (make image BOARD=<id> writes <id>/firmware.bin)"
                       % folder)
    return found


def installers(out, firmware, ours=None):
    """Each board's bundle and ESP Web Tools manifest under out/install, for the boards of the
    stock images' chips (firmware: {chip: image}) or with our image (ours: {board: image}, first),
    and ESP Web Tools; {board: the manifest's path in the page}."""
    ours = ours or {}
    if not os.path.isfile(os.path.join(EWT, "install-button.js")):
        raise WebError("web: ESP Web Tools is not installed (tools/webpage/node_modules): make setup "
                       "installs it (npm ci)")
    shutil.rmtree(os.path.join(out, INSTALL), ignore_errors=True)
    os.makedirs(os.path.join(out, INSTALL))
    shutil.rmtree(os.path.join(out, "esp-web-tools"), ignore_errors=True)
    shutil.copytree(EWT, os.path.join(out, "esp-web-tools"))
    made = {}
    for b in manifest.REAL_BOARDS:
        chip = manifest.board_chip(b)
        if b not in ours and chip not in firmware:
            continue
        image = ours.get(b, firmware.get(chip))
        try:  # over our image: what make deploy IMAGE=1 copies (board.py, main.py, the page)
            data, _vfs = bundle.bundle(b, image, bundle.firmware_files(b, image=b in ours), chip)
        except bundle.BundleError as e:
            raise WebError("web: no bundle for %s: %s" % (b, e))
        with open(os.path.join(out, INSTALL, b + ".bin"), "wb") as f:
            f.write(data)
        name = "Scorekeeper for the %s%s" % (manifest._boards.name(b), " (our image)" if b in ours else "")
        m = {"name": name, "version": manifest.version(),
             "new_install_prompt_erase": True,  # a bundle replaces the flash: ESP Web Tools asks first
             # no Improv Wi-Fi probe: its bytes hold a Ctrl-C, which can stop main.py at the REPL
             "new_install_improv_wait_time": 0,
             "builds": [{"chipFamily": CHIP_FAMILY[chip],
                         "parts": [{"path": b + ".bin", "offset": bundle.BOOT_OFFSET[chip]}]}]}
        with open(os.path.join(out, INSTALL, b + ".json"), "w") as f:
            json.dump(m, f, indent=1)
        made[b] = INSTALL + "/" + b + ".json"
    return made


def missing_port():
    """Why the page cannot be built here (MicroPython's WebAssembly port not installed), or None."""
    if not os.path.isfile(os.path.join(NPM, "micropython.mjs")):
        return ("MicroPython's WebAssembly port is not installed (tools/webpage/node_modules): "
                "make setup (npm ci)")


def build(out=OUT, firmware=None, ours=None):
    """Build the page into out, with installers for firmware's and ours' boards (installers())."""
    if missing_port():
        raise WebError("web: " + missing_port())
    os.makedirs(out, exist_ok=True)
    code = {}
    for dest, src in sorted(files().items()):
        with open(src, encoding="utf-8") as f:
            code[dest] = f.read()
    with open(os.path.join(PAGE, "package.json")) as f:
        pinned = json.load(f)["dependencies"]["@micropython/micropython-webassembly-pyscript"]
    boards = [[b, manifest._boards.name(b), manifest.board_input(b)] for b in manifest.REAL_BOARDS]
    fw = {"version": manifest.version(), "micropython": pinned, "boards": boards, "files": code,
          "install": installers(out, firmware or {}, ours) if firmware or ours else {}}
    if not firmware and not ours:  # no installer in this build: none left from an earlier one
        shutil.rmtree(os.path.join(out, INSTALL), ignore_errors=True)
        shutil.rmtree(os.path.join(out, "esp-web-tools"), ignore_errors=True)
    data = json.dumps(fw, sort_keys=True, separators=(",", ":")).encode()
    with open(os.path.join(out, "firmware.json"), "wb") as f:
        f.write(data)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(NPM, name), os.path.join(out, name))
    # the service worker's cache is named after everything it holds: a new build replaces it
    h = hashlib.sha256(data)
    texts = {}
    for name in ("micropython.wasm",) + PAGE_FILES:
        with open(os.path.join(PAGE if name in PAGE_FILES else out, name), "rb") as f:
            texts[name] = f.read()
        h.update(texts[name])
    texts["sw.js"] = texts["sw.js"].replace(b"@BUILD@", h.hexdigest()[:12].encode())
    for name in PAGE_FILES:
        with open(os.path.join(out, name), "wb") as f:
            f.write(texts[name])
    return out, len(code), len(data)


def serve(out, port, host="127.0.0.1"):
    from common import static

    httpd = static.server(out, port, host)
    if host == "127.0.0.1":
        print("web: the page is on http://127.0.0.1:%d/ (Ctrl-C stops it)" % port, flush=True)
    else:
        print("web: the page is on http://<this computer's address>:%d/ (listening on %s; Ctrl-C stops it). "
              "Over plain http from another device the page works but keeps no offline copy and cannot be "
              "installed: browsers allow that on https or 127.0.0.1 only" % (port, host), flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


def main(argv):
    ap = argparse.ArgumentParser(prog="webbuild.py", description="Build the firmware's web page into "
                                 "build/web/ (docs/WEB.md); --serve serves it.")
    ap.add_argument("--out", default=OUT, help="the folder to build into (default build/web)")
    ap.add_argument("--serve", action="store_true", help="then serve it on http://127.0.0.1:PORT/")
    ap.add_argument("--port", type=int, default=8090, help="the port for --serve (default 8090)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="the address --serve listens on (default 127.0.0.1, this computer only; 0.0.0.0: "
                         "every network, for a phone on the same one)")
    ap.add_argument("--firmware", nargs="*", default=None, metavar="IMAGE",
                    help="stock MicroPython images (ESP32_GENERIC, ESP32_GENERIC_S3 .bin): the page gets "
                         "Install on a board for every board of their chips")
    ap.add_argument("--images", metavar="DIR", help="our images (make image's build/image, or a release's "
                    "scorekeeper-image-<board>.bin files): Install on a board puts our image on those boards")
    a = ap.parse_args(argv)
    try:
        ours = our_images(a.images) if a.images else None
        if a.firmware == [] and not ours:
            raise WebError("web: say which stock MicroPython images: make web BUNDLES=1 FIRMWARE="
                           "\"<ESP32_GENERIC .bin> <ESP32_GENERIC_S3 .bin>\" (micropython.org/download)")
        firmware = images(a.firmware or [])
        out, n, size = build(a.out, firmware, ours)
    except (WebError, manifest.ManifestError) as e:
        print(e, file=sys.stderr)
        return 1
    except bundle.BundleError as e:  # an image given that will not do
        print("web: %s" % e, file=sys.stderr)
        return 1
    print("web: %s: the page, MicroPython's WebAssembly port and %d firmware files (%d KB)"
          % (os.path.relpath(out, ROOT), n, size // 1024))
    if firmware or ours:
        with open(os.path.join(out, "firmware.json")) as f:
            made = sorted(json.load(f)["install"])
        missing = [b for b in manifest.REAL_BOARDS if b not in made]
        print("web: Install on a board for %s%s" % (", ".join(made), "; none for %s (no image for it or its "
              "chip: %s)" % (", ".join(missing), ", ".join(sorted({manifest.board_chip(b) for b in missing})))
              if missing else ""))
    if a.serve:
        try:
            serve(out, a.port, a.host)
        except OSError as e:
            print("web: cannot serve on %s port %d (%s): make web-serve WEB_PORT=<another>"
                  % (a.host, a.port, e.strerror), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
