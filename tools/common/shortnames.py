# Shorter names for a stock bundle: a module loaded from a .mpy copies each of its names into
# the heap, so the bundle's copy of the firmware has its names, where safe, replaced by ones the
# port holds in flash or by one or two letters (docs/MEMORY.md#names-in-a-bundle says why each rule).
#
#   python tools/common/shortnames.py --ports      portnames.txt made again (STOCK_IMAGES: the images)
#   python tools/common/shortnames.py --show       each renamed name and what it became
#   python tools/common/shortnames.py --explain F  a board's traceback with the firmware's names back
import ast
import functools
import glob
import io
import keyword
import os
import pathlib
import re
import struct
import subprocess
import sys
import tokenize
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PORTNAMES = os.path.join(HERE, "portnames.txt")
# the stock images portnames.txt is made from (micropython.org's; test_bundle.py has their SHA-256)
STOCK = ("ESP32_GENERIC-20250911-v1.26.1.bin", "ESP32_GENERIC_S3-20251209-v1.27.0.bin")
QSTRDEFS = os.path.join(ROOT, "build", "unix32", "obj", "genhdr", "qstrdefs.generated.h")  # make unix32
# what runs beside a bundle and reaches into it by name
BESIDE = ["boards", "firmware/main.py", "tools/simulator/board.py", "tools/simulator/keyboard.py",
          "tools/simulator/touch.py", "tools/benches/heapgame.py", "tools/benches/heapwifi.py",
          "tools/benches/keygame.py"]
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# names the runtime or asyncio looks up on an object of ours (a stream's, a task's)
CALLED_BY_NAME = {"read", "readinto", "readline", "readlines", "write", "ioctl", "close", "flush",
                  "seek", "tell", "send", "throw", "cancel", "done", "data", "state", "result"}
# names MicroPython's compiler reads as its own (viper's types, the emitters, const())
COMPILER = {"const", "native", "viper", "bytecode", "ptr", "ptr8", "ptr16", "ptr32", "uint", "int",
            "asm_thumb", "asm_xtensa", "asm_rv32", "label", "align", "micropython"}


def image_qstrs(path):
    """The ROM qstrs of a stock ESP32 image: its pools, long runs of words that each point to a
    NUL-terminated string (the app's segments, esp_image_format.h, map addresses to the file)."""
    with open(path, "rb") as f:
        data = f.read()
    app = next(off for off in (0xF000, 0x10000) if data[off] == 0xE9)  # ESP32 at 0x1000, S3 at 0
    segs, p = [], app + 24
    for _ in range(data[app + 1]):
        addr, n = struct.unpack_from("<II", data, p)
        segs.append((addr, n, p + 8))
        p += 8 + n

    def string_at(a):
        for addr, n, off in segs:
            if addr <= a < addr + n:
                end = data.find(b"\x00", off + a - addr, off + a - addr + 256)
                s = data[off + a - addr:end] if end > 0 else b"\xff"
                return s.decode() if all(32 <= c < 127 for c in s) else None
        return None

    names = set()
    for _, n, off in segs:
        run: list = []
        for i in range(0, n - 3, 4):
            s = string_at(struct.unpack_from("<I", data, off + i)[0])
            if s is not None:
                run.append(s)
                continue
            if len(run) >= 40:  # a pool: hundreds of entries; a table of messages is shorter
                names.update(x for x in run if IDENT.match(x))
            run = []
    return names


def unix_qstrs(binary, names):
    """Those of names that are ROM qstrs of a unix port: interning one does not grow the pools."""
    tmp = os.path.join(ROOT, "build", "tmp", "names.txt")
    os.makedirs(os.path.dirname(tmp), exist_ok=True)
    names = sorted(names)
    with open(tmp, "w") as f:
        f.write("\n".join(names) + "\n")
    code = ("import micropython\nclass O: pass\no = O()\nmicropython.qstr_info()\n"
            "for n in open(%r):\n    setattr(o, n.strip(), 1)\n    micropython.qstr_info()\n" % tmp)
    out = subprocess.run([binary, "-c", code], capture_output=True, text=True, check=True).stdout
    counts = [int(c) for c in re.findall(r"n_qstr=(\d+)", out)]
    return {n for n, a, b in zip(names, counts, counts[1:]) if a == b}


def port_taken(binary):
    """The builtins' and the modules' names of a unix port."""
    run = subprocess.run([binary, "-c", "import builtins\nfor n in dir(builtins): print(n)\nhelp('modules')"],
                         capture_output=True, text=True, check=True)
    return set(re.findall(r"\w+", run.stdout))


def traced_names(src):
    """The names a traceback shows that are not ours: the runtime's type names and asyncio's
    functions and classes (so that a traceback reads one way)."""
    out = set()
    for sub in ("py", "extmod"):
        for name in sorted(os.listdir(os.path.join(src, sub))):
            if name.endswith(".c"):
                with open(os.path.join(src, sub, name), errors="replace") as f:
                    out.update(re.findall(r"MP_DEFINE_CONST_OBJ_TYPE\(\s*\w+,\s*MP_QSTR_(\w+)", f.read()))
    folder = os.path.join(src, "extmod", "asyncio")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            with open(os.path.join(folder, name)) as f:
                out.update(re.findall(r"^\s*(?:async\s+)?(?:def|class)\s+(\w+)", f.read(), re.M))
    return out


def make_port_names(images, unix32, others, ours, qstrdefs=None, traced=()):
    """portnames.txt's text: the ROM qstrs of the stock images and the unix ports (never
    renamed); marked "+", those of the 32-bit port and every image that are no builtin,
    module, dunder, name the runtime calls, nor one a traceback shows (traced): free to give."""
    roms = [image_qstrs(p) for p in images]
    every = set(ours).union(*roms)
    if qstrdefs:
        with open(qstrdefs) as f:
            every |= set(re.findall(r'QDEF[01]?\(MP_QSTR_\w*, \d+, \d+, "(\w+)"\)', f.read()))
    rom32 = unix_qstrs(unix32, every)
    kept = set().union(rom32, *roms, *(unix_qstrs(b, every) for b in others))
    taken = port_taken(unix32).union(*map(port_taken, others)) | CALLED_BY_NAME | COMPILER | set(traced)
    free = {n for n in rom32.intersection(*roms) if n not in taken and not n.startswith("_")
            and not keyword.iskeyword(n)}
    lines = ["# Names MicroPython's ports hold in flash (python tools/common/shortnames.py --ports;",
             "# host_tests/test_shortnames.py makes it again and compares), the ROM qstrs of",
             "# " + ", ".join(sorted(os.path.basename(p) for p in images)) + " and the unix ports.",
             "# None is ever renamed in a bundle; one marked + is a ROM qstr of the 32-bit unix",
             "# port and of every image too, that a name of ours may take."]
    lines += [("+" if n in free else " ") + n for n in sorted(kept | free) if IDENT.match(n)]
    return "\n".join(lines) + "\n"


def port_names(path=PORTNAMES):
    """(every name the ports hold, the sorted names free to give)."""
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    return {line[1:].strip() for line in lines}, sorted(line[1:].strip() for line in lines if line[0] == "+")


def _tokens(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def names_in(text):
    """Every name token in a Python source."""
    return {t.string for t in _tokens(text) if t.type == tokenize.NAME}


def _spelled(tree, ours=False):
    """Every name a source's strings spell (setattr(display, "found")), and but in ours (where
    an f-string is a ValueError) the names of its code."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.match(r"[\w.]+\Z", node.value):  # a name, or a module's path
                out.update(p for p in node.value.split(".") if IDENT.match(p))
        elif ours and isinstance(node, ast.JoinedStr):
            raise ValueError("an f-string, whose names the renamer cannot read (use % formatting)")
        elif not ours and isinstance(node, ast.Name):
            out.add(node.id)
        elif not ours and isinstance(node, ast.Attribute):
            out.add(node.attr)
    return out


def kept_by(text, modules, driver=False):
    """The names of one firmware source that keep their name: those a string could reach, a
    module's, an exception's or a driver's class, a dict()'s keyword, a const()'s, and any
    imported from outside the firmware."""
    tree = ast.parse(text)
    keep = _spelled(tree, ours=True)  # "engine.game": a module's path
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                keep.update(a.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            keep.update(p for p in (node.module or "").split(".") if p)
            outside = node.level == 0 and node.module not in modules
            for a in node.names:
                if outside or a.name in modules or (node.module or "") + "." + a.name in modules:
                    keep.add(a.name)  # the port's, or a module of ours
        elif isinstance(node, ast.ClassDef) and (driver or any(  # a driver's class, an exception
                getattr(b, "id", getattr(b, "attr", "")).endswith(("Error", "Exception"))
                for b in node.bases)):
            keep.add(node.name)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "dict":
            keep.update(k.arg for k in node.keywords if k.arg)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                getattr(node.value.func, "id", None) == "const":
            keep.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return keep


def plan(sources, beside_texts, ports=None):
    """{old: new} for the names of sources ({device path: text}, the
    firmware a bundle compiles), given the texts of what runs beside it."""
    kept, free = ports or port_names()
    modules = set()  # each module's name, and its packages'
    for dest in sources:
        parts = dest[:-3].split("/")
        modules.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    keep = set(kept) | set(keyword.kwlist) | {"self"} | CALLED_BY_NAME | COMPILER
    ours, used = set(), set()  # the sources' names; every name a source or what runs beside uses
    for dest, text in sources.items():
        try:
            named = kept_by(text, modules, dest.startswith("drivers/"))
        except ValueError as e:
            raise ValueError("%s: %s" % (dest, e))
        keep |= named
        used |= named
        keep.update(dest[:-3].split("/"))
        ours |= names_in(text)
    for text in beside_texts:  # every name it has, and every name a string of it spells
        named = names_in(text) | _spelled(ast.parse(text))
        keep |= named
        used |= named
    used |= ours
    rename = sorted((n for n in ours if n not in keep and not n.startswith("__")), key=_crc)
    # each name takes the first place open in its own order (its checksum's): a name more in the
    # firmware moves one or two others, and a deploy copies little more than what changed
    tables = [free, SHORT]
    taken = set(used)
    out = {}
    for old in rename:
        new = next((n for table in tables[(_crc(old) % 1000 >= ROM_SHARE):] for n in _tries(old, table)
                    if n not in taken), None)
        if new is None:
            raise ValueError("no name left to give %s" % old)
        taken.add(new)
        out[old] = new
    return out


ROM_SHARE = 350  # of 1000: the names whose checksum says so try the ports' names first


def _crc(name):
    return zlib.crc32(name.encode())


def _tries(name, table):
    """table's names in an order of name's own (its checksum's)."""
    seen = set()
    for i in range(4 * len(table)):
        k = zlib.crc32(("%s/%d" % (name, i)).encode()) % len(table)
        if k not in seen:
            seen.add(k)
            yield table[k]
    yield from (n for k, n in enumerate(table) if k not in seen)


_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
SHORT = [n for n in list(_LETTERS) + [a + b for a in _LETTERS for b in _LETTERS + "0123456789_"]
         if not keyword.iskeyword(n)]


def rename(text, mapping):
    """text with each name token of mapping replaced (strings and comments untouched)."""
    lines = text.split("\n")  # tokenize's rows: not splitlines(), which also breaks at \f or U+2028
    for t in reversed(_tokens(text)):
        if t.type == tokenize.NAME and t.string in mapping:
            row, col = t.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + mapping[t.string] + line[t.end[1]:]
    return "\n".join(lines)


def beside_texts():
    """The texts of what runs beside a bundle (BESIDE; a folder: its .py files)."""
    paths = [os.path.join(ROOT, rel) for rel in BESIDE]
    return [pathlib.Path(p).read_text() for path in paths
            for p in (sorted(glob.glob(os.path.join(path, "*.py"))) if os.path.isdir(path) else [path])]


def firmware_sources():
    """{device path: text} of every firmware module a bundle may compile."""
    fw = os.path.join(ROOT, "firmware")
    return {os.path.relpath(p, fw).replace(os.sep, "/"): pathlib.Path(p).read_text()
            for p in sorted(glob.glob(os.path.join(fw, "**", "*.py"), recursive=True))
            if os.path.basename(p) != "main.py"}


@functools.cache
def firmware_plan():
    """The one renaming of the firmware every bundle uses (made once a run)."""
    return plan(firmware_sources(), beside_texts())


def explain(text, mapping):
    """A board's traceback with the firmware's own names put back: a frame's function in a .mpy
    of ours, and the names an error's message quotes as code (never a key or value: data)."""
    back = {new: old for old, new in mapping.items()}

    def name(m):
        return m.group(1) + back.get(m.group(2), m.group(2)) + m.group(3)

    out = []
    for line in text.split("\n"):
        frame = re.match(r'(\s*File "([^"]+)".*, in )(\w+)$', line)
        if frame:
            if frame.group(2).endswith(".mpy"):  # ours: asyncio's are "asyncio/core.py" (frozen)
                line = frame.group(1) + back.get(frame.group(3), frame.group(3))
        else:
            line = re.sub(r"(')(\w+)(' object has no attribute ')", name, line)
            line = re.sub(r"(object has no attribute ')(\w+)(')", name, line)
            line = re.sub(r"(name ')(\w+)(' (?:isn't|is not) defined)", name, line)
            line = re.sub(r"(^|[\s:])(\w+)(\(\) (?:takes|missing|got|requires))", name, line)
        out.append(line)
    return "\n".join(out)


def main(argv):
    if argv[:1] == ["--ports"]:
        shared = os.environ.get("STOCK_IMAGES") or os.path.join(ROOT, "..", "shared", "micropython", "images")
        images = [os.path.join(shared, n) for n in STOCK if os.path.exists(os.path.join(shared, n))]
        unix = os.path.join(ROOT, "build", "unix32", "micropython")
        if len(images) < len(STOCK) or not os.path.exists(unix):
            print("shortnames.py --ports needs the stock ESP32 images %s (STOCK_IMAGES=<their folder>; "
                  "looked in %s) and the 32-bit unix port (make unix32)" % (", ".join(STOCK), shared))
            return 2
        ours = set().union(*map(names_in, firmware_sources().values()))
        sys.path.insert(0, os.path.dirname(HERE))
        from common import unix32  # MicroPython's source: MPY_DIR, or the one make unix32 unpacked

        text = make_port_names(images, unix, [os.path.join(ROOT, ".venv", "bin", "micropython")], ours,
                               QSTRDEFS, traced_names(unix32.mpy_source()))
        with open(PORTNAMES, "w") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(PORTNAMES, ROOT))
        return 0
    if argv[:1] == ["--show"]:
        for old, new in sorted(firmware_plan().items()):
            print(old, new)
        return 0
    if argv[:1] == ["--explain"] and len(argv) == 2:
        try:
            with open(argv[1], errors="replace") as f:
                text = f.read()
        except OSError as e:
            print("shortnames.py --explain: cannot read %s (%s)" % (argv[1], e.strerror))
            return 2
        sys.stdout.write(explain(text, firmware_plan()))
        return 0
    print("usage: shortnames.py --ports | --show | --explain CRASH_LOG")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
