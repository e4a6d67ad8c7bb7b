# What goes onto a board: the files its firmware imports, read (ast) from firmware/main.py and
# the board's file, so a board gets its own drivers and nothing it never loads (make deploy, make
# size, make package). tools/manifest.py is its command.
import ast
import json
import os

from common import boards as _boards

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS_DIR = os.path.join(ROOT, "boards")
# the libraries of requirements-board.txt, as make setup installs them (lib/ on the board)
LIB = os.path.join(ROOT, ".venv", "mplib")
# files that are not modules, put on the board with the module that uses each (a .gz compressed)
ASSETS = {"web/server.py": {"web/page.html.gz": "web/page.html"}}

# board id -> its file's module, every board's; the real ones (tools/common/boards.py)
BOARDS = _boards.MODULES
REAL_BOARDS = _boards.REAL

# Modules MicroPython's ESP32 port has built in; any other import is a file of ours or marked
# host-only (a try/except ImportError, a "# CPython only" or "# not on the board" comment).
BUILTIN = {
    "array", "binascii", "builtins", "collections", "errno", "framebuf", "gc", "hashlib",
    "heapq", "io", "json", "machine", "math", "micropython", "os", "random", "re",
    "select", "struct", "sys", "time", "uctypes", "asyncio", "esp", "esp32", "network",
    "deflate", "platform", "vfs", "cryptolib", "socket", "ssl", "bluetooth", "neopixel",
}
VERSION_FILE = os.path.join(FIRMWARE, "app.py")
# How a chip is flashed (docs/DEPLOY.md): its image's offset, MicroPython's stock board, its
# port's usual name, esptool's reset after writing (esptool #970)
FLASHING = {"esp32": (0x1000, "ESP32_GENERIC", "/dev/ttyUSB0", ""),
            "esp32s3": (0x0, "ESP32_GENERIC_S3", "/dev/ttyACM0", "--after watchdog-reset ")}
CHIP_ID = {"esp32": 0, "esp32s3": 9}  # an image header's chip id (esptool's IMAGE_CHIP_ID)


def image_chip(head):
    """The chip of a firmware image's first 24 bytes ("chip id N" for another); None: not ESP32's."""
    if len(head) < 24 or head[0] != 0xE9:
        return None
    cid = head[12] | head[13] << 8
    return {v: k for k, v in CHIP_ID.items()}.get(cid, "chip id %d" % cid)


class ManifestError(Exception):
    pass


def board_file(board_id):
    name = BOARDS.get(board_id)
    if name is None:
        raise ManifestError("unknown board '%s' (boards: %s)" % (board_id, ", ".join(sorted(BOARDS))))
    return os.path.join(BOARDS_DIR, name + ".py")


def device_board(board_id):
    """board_file() of a board make deploy and make flash-help take (a real one, or sim)."""
    takes = REAL_BOARDS + ("sim",)
    if board_id in BOARDS and board_id not in takes:
        raise ManifestError("%s is the scorekeeper in a web page (make web), not a board to put it on "
                            "(boards: %s)" % (board_id, ", ".join(takes)))
    if board_id not in BOARDS:
        raise ManifestError("unknown board '%s' (boards: %s)" % (board_id, ", ".join(takes)))
    return board_file(board_id)


def _module_file(name):
    """The source file of a module of ours (firmware/, the libraries, boards/), or None."""
    parts = name.split(".")
    paths = [os.path.join(top, *parts) + ".py" if py else os.path.join(top, *parts, "__init__.py")
             for top in (FIRMWARE, LIB) for py in (True, False)]
    if len(parts) == 1:
        paths.insert(2, os.path.join(BOARDS_DIR, name + ".py"))
    return next((p for p in paths if os.path.isfile(p)), None)


def _optional(tree):
    """Import nodes inside a try whose handlers catch ImportError (one catching Exception alone
    guards against a module failing, not against its absence)."""
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try):
            continue
        types = [h.type for h in node.handlers]  # (a name, a tuple of them, an attribute, None)
        caught = {getattr(e, "id", None) for t in types for e in (t.elts if type(t) is ast.Tuple else [t])}
        if caught & {"ImportError", "ModuleNotFoundError"}:
            out.update(id(sub) for stmt in node.body for sub in ast.walk(stmt)
                       if isinstance(sub, (ast.Import, ast.ImportFrom)))
    return out


# Modules a file loads by name from a table (__import__): {file: (table, column, package)}
TABLES = {os.path.join("engine", "game.py"): ("GAMES", 1, "engine.")}


def _tabled(path, tree):
    """[module name] that path's table (TABLES) names."""
    rel = os.path.relpath(path, FIRMWARE)
    if rel not in TABLES:
        return []
    table, column, package = TABLES[rel]
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == table:
            return [package + row[column] for row in ast.literal_eval(node.value)]
    raise ManifestError("%s has no %s (tools/common/manifest.py's TABLES)"
                        % (os.path.relpath(path, ROOT), table))


def imports(path):
    """[(module name, optional)] that a source file imports, and those its table loads (TABLES)."""
    with open(path) as f:
        text = f.read()
    tree = ast.parse(text, path)
    lines = text.splitlines()
    optional = _optional(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                raise ManifestError("%s:%d: relative import (the firmware imports by full name)"
                                    % (os.path.relpath(path, ROOT), node.lineno))
            # "from pkg import mod" may name a submodule: keep both candidates
            names = [node.module] + ["%s.%s" % (node.module, a.name) for a in node.names]
        else:
            continue
        line = lines[node.lineno - 1]
        host_only = id(node) in optional or "CPython only" in line or "not on the board" in line
        found.extend((n, host_only) for n in names)
    return found + [(n, False) for n in _tabled(path, tree)]


INPUT_MARK = "# boards with INPUT "  # an import for those boards only: "# boards with INPUT keyboard"


def input_only(path):
    """{module name: the INPUT it is imported for} of path's imports marked INPUT_MARK."""
    out = {}
    with open(path) as f:
        for line in f:
            if INPUT_MARK in line and "import " in line:  # import X; from X import Y: X
                out[line.split()[1]] = line.split(INPUT_MARK)[1].split()[0]
    return out


def board_attr(board_id, name, default=None):
    """A constant of the board file (INPUT...), read without importing it; or default."""
    with open(board_file(board_id)) as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
                return ast.literal_eval(node.value)
    return default


def board_input(board_id):
    """The board file's INPUT: buttons (the default), keyboard or touch."""
    return board_attr(board_id, "INPUT", "buttons")


def write_flash(chip, port, path):
    """The esptool command that writes an image (path) where the chip boots from."""
    offset, _stock, usual, after = FLASHING[chip]
    return ".venv/bin/esptool --chip %s --port %s --baud 460800 %swrite-flash -z 0x%x %s" % (
        chip, port or usual, after, offset, path)


def board_chip(board_id):
    """The board's chip: esp32, esp32s3, unix (the virtual board) or webassembly."""
    board_file(board_id)  # a clear error for an unknown board
    return _boards.chip(board_id)


def closure(board_id):
    """{device path: source path} of main.py, board.py and every module reached from them."""
    if board_chip(board_id) == "webassembly":
        raise ManifestError("'%s' is the web page's board: make web builds the page (docs/WEB.md); "
                            "nothing is deployed to it" % board_id)
    files = {"main.py": os.path.join(FIRMWARE, "main.py"), "board.py": board_file(board_id)}
    todo = list(files.values())
    seen = set(todo)
    kind = board_input(board_id)
    while todo:
        path = todo.pop()
        only = input_only(path)
        in_lib = path.startswith(LIB + os.sep)
        for name, host_only in imports(path):
            if name == "board" or host_only or only.get(name, kind) != kind:
                continue  # main.py's board (already in); host-only; for boards with another input
            src = _module_file(name)
            if src is None:
                top = name.split(".")[0]
                if in_lib or top in BUILTIN or _module_file(top) is not None:
                    continue  # a library's own business; built in; or "from pkg import name"
                if os.path.isdir(os.path.join(FIRMWARE, *name.split("."))) or \
                        _module_file(name.rpartition(".")[0]) is not None:
                    continue  # a package without an __init__.py; or "from pkg.mod import name"
                if not os.path.isdir(LIB):  # a library of requirements-board.txt not installed
                    raise ManifestError("the board's libraries are not installed (%s, for '%s'): run make "
                                        "setup" % (os.path.relpath(LIB, ROOT), name))
                raise ManifestError("%s imports '%s', which is neither a firmware file nor built "
                                    "into MicroPython" % (os.path.relpath(path, ROOT), name))
            parts = name.split(".")  # a package's modules need its __init__ on the board too
            inits = [os.path.join(top, *parts[:i], "__init__.py") for i in range(1, len(parts))
                     for top in (FIRMWARE, LIB)]
            for p in [i for i in inits if os.path.isfile(i)] + [src]:
                if p not in seen:
                    seen.add(p)
                    todo.append(p)
    for src in seen:
        if src in files.values():
            continue
        if src.startswith(FIRMWARE + os.sep):
            dest = os.path.relpath(src, FIRMWARE)
            for asset, source in ASSETS.get(dest.replace(os.sep, "/"), {}).items():
                files[asset] = os.path.join(FIRMWARE, source)
        elif src.startswith(LIB + os.sep):
            dest = os.path.join("lib", os.path.relpath(src, LIB))
        else:
            dest = os.path.relpath(src, BOARDS_DIR)  # a board file another imports (sim's model)
        files[dest.replace(os.sep, "/")] = src
    return dict(sorted(files.items()))


# Our own image (make image, make unix32; docs/DEPLOY.md, "Our image"): closure() frozen but for
# main.py, the board files and the assets, which stay at the flash's root; and IMAGE_INFO.
IMAGE_INFO = "imageinfo"


def _on_flash(dest, src):
    """A file of closure() that stays a file over our image."""
    return dest == "main.py" or not dest.endswith(".py") or src.startswith(BOARDS_DIR + os.sep)


def frozen_modules(board_id):
    """{path in the image: source} of what our image freezes for the board."""
    return dict(sorted((dest[len("lib/"):] if dest.startswith("lib/") else dest, src)
                       for dest, src in closure(board_id).items() if not _on_flash(dest, src)))


def image_flash(board_id):
    """{device path: source} of what make deploy IMAGE=1 puts on the flash."""
    return dict(sorted((dest if dest.endswith(".py") else dest.rsplit("/", 1)[-1], src)
                       for dest, src in closure(board_id).items() if _on_flash(dest, src)))


def image_digest(board_id):
    """What our image for the board freezes, as 16 hex digits."""
    import hashlib

    h = hashlib.sha256()
    for target, src in frozen_modules(board_id).items():
        with open(src, "rb") as f:
            h.update(target.encode() + b"\0" + f.read() + b"\0")
    return h.hexdigest()[:16]


def image_info(board_id):
    """IMAGE_INFO's source for the board's image."""
    return ("# Frozen into our MicroPython image (tools/manifest.py): which firmware it holds.\n"
            "BOARD = %r\nVERSION = %r\nDIGEST = %r\n" % (board_id, version(), image_digest(board_id)))


def image_manifests(board_id, out_dir):
    """Write the board's manifests (firmware, unix, esp32) and IMAGE_INFO's module into out_dir;
    {name: path}."""
    os.makedirs(out_dir, exist_ok=True)
    files = {IMAGE_INFO + ".py": None, **frozen_modules(board_id)}
    lines = ["# Generated by tools/manifest.py: what our image freezes for %s (make deploy's modules"
             % board_id,
             "# but main.py and the board files). Used by both unix.py and esp32.py beside it."]
    lines += ["module(%r, base_path=%r)" % (target, out_dir if src is None else src[: -len(target) - 1])
              for target, src in files.items()]
    out = {}
    texts = {IMAGE_INFO + ".py": image_info(board_id),
             "firmware.py": "\n".join(lines) + "\n",
             "unix.py": '# The 32-bit unix port with %s\'s firmware frozen in (make unix32)\n'
                        'include("$(MPY_DIR)/extmod/asyncio")\ninclude("firmware.py")\n' % board_id,
             "esp32.py": "# Our image for %s: the esp32 port's own modules (asyncio among them), then the\n"
                         "# firmware (make image)\n"
                         'include("$(PORT_DIR)/boards/manifest.py")\ninclude("firmware.py")\n' % board_id}
    for name, text in texts.items():
        out[name[:-3]] = os.path.join(out_dir, name)
        update(out[name[:-3]], text)  # unchanged files keep their time: the builds see nothing new
    return out


def update(path, text):
    """Whether the file at path differed from text (or was not there): then rewritten."""
    old = open(path).read() if os.path.exists(path) else None
    if old != text:
        with open(path, "w") as f:
            f.write(text)
    return old != text


def version():
    with open(VERSION_FILE) as f:
        for line in f:
            if line.startswith("VERSION = "):
                return ast.literal_eval(line.split("=", 1)[1].strip())
    raise ManifestError("no VERSION in firmware/app.py")


def _url(src, base):
    return os.path.relpath(src, base).replace(os.sep, "/")


# the simulator's list of boards, written by make package between "BOARDS = {" and its "}"
SIM_BOARDS = "tools/simulator/board.py"


def sim_boards():
    """tools/simulator/board.py's text with its BOARDS written from the board files."""
    with open(os.path.join(ROOT, SIM_BOARDS)) as f:
        text = f.read()
    start = text.index("BOARDS = {\n")
    end = text.index("}\n", start) + 2
    rows = "".join('    "%s": "%s",\n' % (b, BOARDS[b]) for b in REAL_BOARDS)
    return text[:start] + "BOARDS = {\n" + rows + "}\n" + text[end:]


def packages():
    """{repo path: text} of what make package writes: package.json (what every board shares,
    and every board's drivers: mip cannot choose), boards/<id>.json (the board's files), each
    with paths beside or below itself only, and the simulator's list of boards."""
    shared, each = {}, {}  # the files every board shares; each board's own mip file
    for board_id in BOARDS:
        if board_chip(board_id) == "webassembly":
            continue  # the web page's board: make web builds its files (tools/webbuild.py), mip never does
        files = closure(board_id)
        own = {d: s for d, s in files.items() if s.startswith(BOARDS_DIR + os.sep)}
        each["boards/%s.json" % board_id] = _json([[d, _url(s, BOARDS_DIR)] for d, s in sorted(own.items())])
        shared.update((d, s) for d, s in packaged(files).items() if d not in own)
    return {"package.json": _json([[d, _url(s, ROOT)] for d, s in sorted(shared.items())]), **each,
            SIM_BOARDS: sim_boards()}


def packaged(files):
    """{device path: source} of closure()'s files that mip lists: not the libraries (from their
    own repositories), and the page uncompressed (web/server.py serves either)."""
    return {(d[:-3] if d.endswith(".gz") else d): s for d, s in files.items() if not d.startswith("lib/")}


def _json(urls):
    """mip's package format, a file a line, so a diff shows what changed."""
    rows = ",\n".join("    " + json.dumps(u) for u in urls)
    return '{\n  "urls": [\n%s\n  ],\n  "version": %s\n}\n' % (rows, json.dumps(version()))
