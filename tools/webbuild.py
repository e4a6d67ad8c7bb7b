# make web: the firmware in a web page (docs/WEB.md). Builds build/web/, a
# static folder any static host can serve (make web-serve serves it on
# http://127.0.0.1:8090/):
#   index.html, page.js, page.css   the page (tools/webpage/): picker, canvas, keys, flash
#   sw.js, manifest.webmanifest     offline once loaded, installable
#   micropython.mjs, .wasm          MicroPython's WebAssembly port (npm, pinned in tools/webpage/package.json)
#   firmware.json                   the firmware's files as make deploy puts them on a board
#                                   (tools/manifest.py), every board's, the page's board file
#                                   (boards/browser.py) as board.py, the page's host (webhost.py),
#                                   and the simulator's models of a keyboard matrix and a touch panel
#
#   python tools/webbuild.py [--out DIR] [--serve] [--port N]
import argparse
import hashlib
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

import manifest  # noqa: E402

PAGE = os.path.join(HERE, "webpage")
NPM_DIR = PAGE  # its package.json pins the port (the repository's own package.json is mip's)
NPM = os.path.join(NPM_DIR, "node_modules", "@micropython", "micropython-webassembly-pyscript")
OUT = os.path.join(ROOT, "build", "web")
# what the page's board needs beside the firmware: the models of the keys (tools/simulator)
EXTRA = {
    "board.py": os.path.join(ROOT, "boards", "browser.py"),
    "webhost.py": os.path.join(PAGE, "webhost.py"),
    "virtual.py": os.path.join(ROOT, "boards", "virtual.py"),
    "simulator/board.py": os.path.join(HERE, "simulator", "board.py"),
    "simulator/keyboard.py": os.path.join(HERE, "simulator", "keyboard.py"),
    "simulator/touch.py": os.path.join(HERE, "simulator", "touch.py"),
}
PAGE_FILES = ("index.html", "page.js", "page.css", "sw.js", "manifest.webmanifest", "icon.svg")


class WebError(Exception):
    pass


def files():
    """{path in the page's flash: source path}: every real board's files
    (its board file under its own name: the page picks one), and EXTRA."""
    out = {}
    for b in manifest.REAL_BOARDS:
        for dest, src in manifest.closure(b).items():
            if dest == "board.py":
                dest = os.path.basename(src)
            if dest.endswith(".py"):
                out[dest] = src
    out.update(EXTRA)
    return out


def boards():
    """[[id, name, input]] of the boards the page can stand for."""
    return [[b, manifest._boards.name(b), manifest.board_input(b)] for b in manifest.REAL_BOARDS]


def build(out=OUT):
    if not os.path.isfile(os.path.join(NPM, "micropython.mjs")):
        raise WebError("web: MicroPython's WebAssembly port is not installed (tools/webpage/node_modules): "
                       "make setup installs it (npm ci)")
    os.makedirs(out, exist_ok=True)
    code = {}
    for dest, src in sorted(files().items()):
        with open(src, encoding="utf-8") as f:
            code[dest] = f.read()
    with open(os.path.join(NPM_DIR, "package.json")) as f:
        pinned = json.load(f)["dependencies"]["@micropython/micropython-webassembly-pyscript"]
    fw = {"version": manifest.version(), "micropython": pinned, "boards": boards(), "files": code}
    data = json.dumps(fw, sort_keys=True, separators=(",", ":")).encode()
    with open(os.path.join(out, "firmware.json"), "wb") as f:
        f.write(data)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(NPM, name), os.path.join(out, name))
    # the service worker's cache is named after everything it holds: a new build replaces it
    h = hashlib.sha256(data)
    for name in ("micropython.wasm",) + PAGE_FILES:
        with open(os.path.join(PAGE if name in PAGE_FILES else out, name), "rb") as f:
            h.update(f.read())
    for name in PAGE_FILES:
        with open(os.path.join(PAGE, name), "rb") as f:
            text = f.read()
        if name == "sw.js":
            text = text.replace(b"@BUILD@", h.hexdigest()[:12].encode())
        with open(os.path.join(out, name), "wb") as f:
            f.write(text)
    return out, len(code), len(data)


def serve(out, port, host="127.0.0.1"):
    import http.server
    import functools

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                              **{".mjs": "text/javascript", ".wasm": "application/wasm",
                                 ".webmanifest": "application/manifest+json"})

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer((host, port), functools.partial(Handler, directory=out))
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
                                 "build/web/ "
                                 "(docs/WEB.md); --serve serves it.")
    ap.add_argument("--out", default=OUT, help="the folder to build into (default build/web)")
    ap.add_argument("--serve", action="store_true", help="then serve it on http://127.0.0.1:PORT/")
    ap.add_argument("--port", type=int, default=8090, help="the port for --serve (default 8090)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="the address --serve listens on (default 127.0.0.1, this computer only; 0.0.0.0: "
                         "every network, for a phone on the same one)")
    a = ap.parse_args(argv)
    try:
        out, n, size = build(a.out)
    except (WebError, manifest.ManifestError) as e:
        print(e, file=sys.stderr)
        return 1
    print("web: %s: the page, MicroPython's WebAssembly port and %d firmware files (%d KB)"
          % (os.path.relpath(out, ROOT), n, size // 1024))
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
