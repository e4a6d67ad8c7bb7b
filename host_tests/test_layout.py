# The layout (docs/ARCHITECTURE.md), read from the sources: the directions
# imports may go, no import circles in the firmware, and no two modules with
# one name on the paths the tests and tools use. Imports are read from the
# text (every import, at any depth, lazy ones included), so a wrong one fails
# here the day it is added. Both runtimes.
import os

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
ROOT = HERE + "/.."
FIRMWARE = ROOT + "/firmware"


def name_of(cell):
    """A part's name as the imports write it: `ui/` -> ui, `ui/draw` ->
    ui.draw, `app.py` -> app."""
    cell = cell.strip("`").rstrip("/")
    if cell.endswith(".py"):
        cell = cell[:-3]
    return cell.replace("/", ".")


def table(text):
    """docs/ARCHITECTURE.md's import table: {part: (names it may import)}.
    The second column's backquoted names, outside parentheses."""
    lines = text.split("\n")
    start = lines.index("| part | may import |")
    out = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = line.strip().strip("|").split("|")
        may = ""
        depth = 0
        for c in cells[1]:
            depth += 1 if c == "(" else -1 if c == ")" else 0
            if depth == 0 and c != ")":
                may += c
        names = tuple(name_of(w) for w in may.split("`")[1::2])
        for part in cells[0].split("`")[1::2]:
            out[name_of(part)] = names
    return out


with open(ROOT + "/docs/ARCHITECTURE.md") as f:
    ALLOWED = table(f.read())
BOARD_MAY = ALLOWED.pop("boards")  # and nothing of ui, engine, storage, app


def imports_of(text):
    """The module names a source imports, every `import` and `from`
    statement at any depth. For `from a import b`, both a and a.b (b may be
    a module)."""
    out = []
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("import "):
            for part in s[7:].split("#")[0].split(","):
                name = part.split()[0] if part.split() else ""
                if name:
                    out.append(name)
        elif s.startswith("from ") and " import " in s:
            mod = s[5:].split(" import ")[0].strip()
            out.append(mod)
            names = s.split(" import ", 1)[1].split("#")[0].strip(" (\\")
            for n in names.split(","):
                n = n.split()[0] if n.split() else ""
                if n:
                    out.append(mod + "." + n)
    return out


def modules(top, prefix=""):
    """{module name: path} of the .py files under top."""
    found = {}
    for name in sorted(os.listdir(top)):
        path = top + "/" + name
        if name.endswith(".py"):
            mod = prefix + name[:-3]
            found[mod[:-9] if mod.endswith(".__init__") else mod] = path
        elif "." not in name and name != "__pycache__":
            try:
                os.listdir(path)
            except OSError:
                continue
            found.update(modules(path, prefix + name + "."))
    return found


def graph():
    """{firmware module: [firmware modules it imports]}."""
    mods = modules(FIRMWARE)
    out = {}
    for mod, path in mods.items():
        with open(path) as f:
            names = imports_of(f.read())
        out[mod] = sorted(set(n for n in names if n in mods and n != mod))
    return out


def part(mod):
    return mod.split(".")[0]


def allowed(mod, dep):
    if part(dep) == part(mod) and part(mod) in ("engine", "drivers", "storage", "ui", "web"):
        return True
    return any(dep == a or dep.startswith(a + ".") for a in ALLOWED[part(mod)])


def wrong_imports(g):
    return ["%s imports %s" % (m, d) for m in sorted(g) for d in g[m] if not allowed(m, d)]


def circles(g):
    """The import circles: lists of modules, each a circle."""
    found = []
    done = set()
    for start in sorted(g):
        stack = [(start, [start])]
        while stack:
            m, path = stack.pop()
            for d in g[m]:
                if d == start:
                    key = tuple(sorted(path))
                    if key not in done:
                        done.add(key)
                        found.append(path)
                elif d not in path and d > start:  # each circle once, from its smallest module
                    stack.append((d, path + [d]))
    return found


def test_the_reader_sees_every_kind_of_import():
    text = ("import a\nimport b.c as d, e  # note\n    from f.g import h, i  # lazy\n"
            "from j import (k,\n  l)\nx = 1  # import nothing\n")
    assert imports_of(text) == ["a", "b.c", "e", "f.g", "f.g.h", "f.g.i", "j", "j.k"]


def test_the_table_is_read_as_written():
    text = ("intro\n| part | may import |\n|---|---|\n| `engine/` | nothing else |\n"
            "| `a.py`, `b.py` | `ui/draw` (only `ui/x` here), `compat` |\nafter | `no` |\n")
    assert table(text) == {"engine": (), "a": ("ui.draw", "compat"), "b": ("ui.draw", "compat")}
    assert ALLOWED["ui"] and ALLOWED["engine"] == () and "machine" in BOARD_MAY


def test_every_firmware_import_goes_the_allowed_way():
    g = graph()
    assert set(part(m) for m in g) <= set(ALLOWED), sorted(set(part(m) for m in g) - set(ALLOWED))
    assert wrong_imports(g) == []
    # and the check does catch one: a screen that reaches for the app, an
    # engine that draws
    g["ui.play"] = g["ui.play"] + ["app"]
    g["engine.game"] = g["engine.game"] + ["ui.draw"]
    assert wrong_imports(g) == ["engine.game imports ui.draw", "ui.play imports app"]


def test_no_import_circles_in_the_firmware():
    g = graph()
    assert circles(g) == []
    g["engine.rules"] = g["engine.rules"] + ["engine.play_nine"]  # the registry back in rules.py
    assert circles(g) == [["engine.play_nine", "engine.rules"]]


def test_the_board_files_import_no_firmware_but_drivers_and_hardware():
    for mod, path in modules(ROOT + "/boards").items():
        with open(path) as f:
            names = imports_of(f.read())
        for n in names:
            first = n.split(".")[0]
            if first in ("ui", "engine", "storage", "app", "guard", "crash"):
                raise AssertionError("boards/%s imports %s" % (mod, n))
            assert first in BOARD_MAY or first not in ALLOWED, (mod, n)


def test_no_two_modules_share_a_name_on_the_paths_tests_and_tools_use():
    seen = {}
    for top in ("firmware", "boards", "tools", "host_tests"):
        for name in os.listdir(ROOT + "/" + top):
            mod = name[:-3] if name.endswith(".py") else name if "." not in name else None
            if mod is None or mod == "__pycache__":
                continue
            assert mod not in seen, "%s/%s and %s/%s" % (seen[mod], name, top, name)
            seen[mod] = top


def name_checks(text):
    """The lines of a source that choose what to do by a class's or a
    module's name (`type(s).__name__ == "GridEntry"`, `via.__name__ in ...`)
    rather than ask the object (the input contract, ui/widgets.py's Screen)."""
    out = []
    for n, line in enumerate(text.split("\n")):
        code = line.split("#")[0]
        i = code.find("__name__")
        while i >= 0:
            rest = code[i + 8 :].lstrip()
            if [op for op in ("==", "!=", "in ", "not in ") if rest.startswith(op)]:
                out.append((n + 1, line.strip()))
                break
            i = code.find("__name__", i + 8)
        if 'getattr(' in code and '"__name__"' in code:
            out.append((n + 1, line.strip()))
    return out


def test_the_reader_sees_a_choice_by_name():
    assert name_checks('    if type(s).__name__ == "X":') and name_checks('x = t.__name__ in ("A", "B")')
    assert name_checks('    v = getattr(via, "__name__", "")')
    assert not name_checks('log("web: %s %s" % (type(e).__name__, e))')


def test_no_firmware_code_chooses_by_a_class_or_module_name():
    found = []
    for _mod, path in sorted(modules(FIRMWARE).items()):
        with open(path) as f:
            found += [(path[len(ROOT) + 1 :],) + hit for hit in name_checks(f.read())]
    assert not found, found


def tools_files(top=ROOT + "/tools"):
    """The .py files under tools/ (not npm's node_modules)."""
    out = []
    for name in sorted(os.listdir(top)):
        path = top + "/" + name
        if name.endswith(".py"):
            out.append(path)
        elif "." not in name and name not in ("__pycache__", "node_modules"):
            try:
                os.listdir(path)
            except OSError:
                continue
            out += tools_files(path)
    return out


def host_tests_uses(text, test_modules):
    """The lines of a tool that import a module of host_tests/ or name the
    folder in code (a path put on sys.path): tests import tools, never the
    reverse (docs/ARCHITECTURE.md)."""
    out = []
    for line in text.split("\n"):
        code = line.split("#")[0]
        named = [n.split(".")[0] for n in imports_of(code)]
        if any(n in test_modules for n in named):
            out.append(line.strip())
        elif "host_tests\"" in code or "host_tests'" in code or "host_tests/\"" in code:
            out.append(line.strip())
    return out


def test_the_reader_sees_a_tool_reaching_into_the_tests():
    mods = ("support", "test_dealt")
    assert host_tests_uses("from support import fresh_dir", mods)
    assert host_tests_uses("    import test_dealt  # lazy", mods)
    assert host_tests_uses('for _sub in ("tools", "host_tests"):', mods)
    assert host_tests_uses('sys.path.insert(0, HERE + "/../host_tests")', mods)
    assert not host_tests_uses("# the budgets (host_tests/test_budgets.py)", mods)
    assert not host_tests_uses('print("see host_tests/test_budgets.py")', mods)


def test_no_tool_imports_the_tests():
    test_modules = tuple(modules(ROOT + "/host_tests"))
    found = []
    for path in tools_files():
        with open(path) as f:
            lines = host_tests_uses(f.read(), test_modules)
        found += ["%s: %s" % (path[len(ROOT) + 1 :], line) for line in lines]
    assert not found, "tools/ reaches into host_tests/ (move what it needs to tools/):\n" + "\n".join(found)


def stack_uses(text):
    """The lines that reach into the app's stack of screens (`.stack[`,
    `.stack.pop`, `.stack.append`...), comments aside: only app.py may."""
    out = []
    for line in text.split("\n"):
        code = line.split("#")[0]
        if ".stack[" in code or ".stack." in code:
            out.append(line.strip())
    return out


def test_the_reader_sees_a_reach_into_the_stack():
    assert stack_uses("        top = self.app.stack[-1]") and stack_uses("    app.stack.pop()")
    assert stack_uses("            a.stack[-1].dirty = True  # the screen")
    assert not stack_uses("        app.pop_to(None)  # at the main menu (app.stack[0])")


# The hole's flow (ui/entry.py's Flow, ui/who.py, ui/finish.py, ui/reopen.py) and the web side reach the
# screens through the app's methods (push, pop, pop_to, redraw), never its stack (issue 59, 3). The two
# menus that walk back to a screen of their own (ui/newgame.py, ui/ninestools.py) are the rest.
STACK_ALLOWED = ("app.py", "ui/newgame.py", "ui/ninestools.py")


def test_only_the_app_touches_its_stack_of_screens():
    found = []
    for _mod, path in sorted(modules(FIRMWARE).items()):
        rel = path[len(FIRMWARE) + 1 :]
        if rel in STACK_ALLOWED:
            continue
        with open(path) as f:
            found += ["%s: %s" % (rel, line) for line in stack_uses(f.read())]
    assert not found, found


def test_the_engine_hole_has_no_subclass_outside_the_engine():
    # the hole's screens are given a Flow that holds the engine's Hole, never a Hole with screen
    # methods (issue 59, 3): the engine knows no screen, and its advance() ends in no UI method
    found = []
    for _mod, path in sorted(modules(FIRMWARE).items()):
        if "/engine/" in path:
            continue
        with open(path) as f:
            for line in f.read().split("\n"):
                code = line.split("#")[0]
                if code.lstrip().startswith("class ") and "Hole" in code.split("(", 1)[-1]:
                    found.append("%s: %s" % (path[len(FIRMWARE) + 1 :], line.strip()))
    assert not found, found


def kind_switches(text):
    """The lines that test an input kind by its name (`== "keyboard"`, `!= "buttons"`...)."""
    out = []
    for line in text.split("\n"):
        code = line.split("#")[0]
        for kind in ("buttons", "keyboard", "touch"):
            if '== "%s"' % kind in code or '!= "%s"' % kind in code:
                out.append(line.strip())
                break
    return out


def test_the_reader_sees_a_switch_on_the_input_kind():
    assert kind_switches('        if self.kind == "keyboard":') and kind_switches('x = k != "buttons"')
    assert not kind_switches('KINDS = {"buttons": Buttons}  # == "touch" in a comment')


# Each input kind is one class (tools/simulator/inputs.py, extended by the driver's ways): the tools
# ask it, not the kind's name (issue 59, 2). These still test the name, each for a reason:
KIND_SWITCHES_LEFT = {
    "tools/simulator/board.py": "builds the board's inputs; in the heap harness, whose names count",
    "tools/benches/heapgame.py": "the heap harness: a module more moves every figure",
    "tools/benches/heapwifi.py": "the heap harness, as heapgame.py",
    "tools/benches/keygame.py": "machine code for the instruction counts, per kind",
}


def test_the_tools_ask_the_input_kind_not_its_name():
    found = []
    for path in tools_files():
        rel = path[len(ROOT) + 1 :]
        with open(path) as f:
            lines = kind_switches(f.read())
        if lines and rel not in KIND_SWITCHES_LEFT:
            found += ["%s: %s" % (rel, line) for line in lines]
        elif not lines and rel in KIND_SWITCHES_LEFT:
            found.append("%s: in KIND_SWITCHES_LEFT, but it tests no kind's name now" % rel)
    assert not found, "ask tools/simulator/inputs.py's kind instead:\n" + "\n".join(found)
