# cpython-only
# Boards and games in one list each (issues 26, 38): the boards are their
# files (tools/common/boards.py reads boards/*.py), the games engine/game.py's
# GAMES (GAME_IDS their ids); every tool, test and the Makefile take them from there. A
# list written out again (three ids or more in one literal) fails here, as
# does a single id written in a tool or the firmware outside the places
# SINGLE allows, and a list beside those that disagrees with them (the
# simulator's copy, mypy's strict modules).
import ast
import configparser
import os
import subprocess

from common import boards
from common import manifest
from engine.game import GAME_IDS, GAMES, rules_for
from ui import labels

ALL_GAMES = GAME_IDS + ("multiple-9",)  # (multiple-9: tools at the table, engine/multiple_9.py)

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
# where a list of ids is the source itself
SOURCES = {"firmware/engine/game.py",  # (GAMES: id, module, class, names)
           "tools/simulator/board.py"}  # (the heap harness's: written by make package, checked below)
# Where one board's or one game's id may be written, outside the lists, docs/ and host_tests/: a
# fact of that board or game, or the one a bench or a tool takes on purpose. {path: why}. Anywhere
# else an id is taken from the lists (boards.DEFAULT, GAME_IDS, a game's Rules).
SINGLE = {
    "tools/common/boards.py": "DEFAULT: the board make takes when none is given",
    "firmware/ui/ninestools.py": "a Setup for its names only: any game (the table would load engine/)",
    "tools/simulator/glass.py": "each board's glass, with its maker's values",
    "tools/simulator/dealing.py": "the cards a game's deck holds beyond its Rules' deck (EXTRA)",
    "tools/simulator/websim.py": "the phones' harness: a keyboard board, as the tests type",
    "tools/shots.py": "the shots the docs show: the CYD on a phone, the Cardputer's keys",
    "tools/faults.py": "the power-cut report's boards and game, as docs/STORAGE.md gives its figures",
    "tools/bench.py": "make bench's figures: the games and the board docs/SPEED.md and MEMORY.md report",
    "tools/benches/bench_ui.py": "the hand game's entry (SuitUP Original), the game a bench records",
    "tools/benches/keygame.py": "the game a key's cost is measured in (docs/SPEED.md)",
    "tools/benches/soak.py": "the board the 1000-hole soak runs on",
}


def literals(text):
    """The string constants of each list, tuple, set and dict literal."""
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        yield node.lineno, [n.value for n in items
                            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def written_out(text, ids):
    """Lines where a literal holds three or more of ids."""
    return [line for line, strings in literals(text) if len(set(strings) & set(ids)) >= 3]


def single_ids(text, ids):
    """Lines where a string constant is one of ids."""
    return sorted({node.lineno for node in ast.walk(ast.parse(text))
                   if isinstance(node, ast.Constant) and node.value in ids})


def python_files():
    out = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return [p for p in out.split() if os.path.isfile(os.path.join(ROOT, p))]


def test_the_check_sees_a_list_written_out():
    assert written_out('B = ("cyd", "cardputer", "devkit-oled")', boards.REAL) == [1]
    many = 'x = 1\nB = {\n "cyd": 1,\n "cardputer": 2,\n "ttgo-t-display": 3}'
    assert written_out(many, boards.REAL) == [2]
    assert written_out('G = ["play-nine", "crazy-nines", "suitup-crazy-9s"]', GAME_IDS) == [1]
    assert not written_out('B = ("cyd", "cardputer")', boards.REAL)


def test_no_list_of_boards_or_games_is_written_out_again():
    bad = []
    for path in python_files():
        if path in SOURCES or path == "host_tests/test_lists.py":
            continue
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        bad += ["%s:%d (boards)" % (path, n) for n in written_out(text, boards.REAL)]
        bad += ["%s:%d (games)" % (path, n) for n in written_out(text, ALL_GAMES)]
    with open(os.path.join(ROOT, "Makefile")) as f:
        for n, line in enumerate(f, 1):
            if sum(1 for b in boards.REAL if b in line) >= 3:
                bad.append("Makefile:%d" % n)
    assert not bad, "lists written out again (take them from tools/common/boards.py, GAME_IDS): " + ", ".join(
        bad)


def test_the_check_sees_a_single_id_written():
    assert single_ids('if board == "cyd":\n    pass\nx = "cyd-ish"', boards.REAL) == [1]
    assert single_ids('Game("play-nine", names)  # "crazy-nines" in a comment', GAME_IDS) == [1]


def test_no_single_board_or_game_id_is_written_outside_the_lists():
    ids = set(boards.REAL) | set(GAME_IDS)
    bad, used = [], set()
    for path in python_files():
        if path in SOURCES or path.startswith(("host_tests/", "docs/", "boards/")):
            continue  # the lists, the tests, the docs' scripts; a board file's ID is its id
        with open(os.path.join(ROOT, path)) as f:
            lines = single_ids(f.read(), ids)
        if lines and path in SINGLE:
            used.add(path)
        elif lines:
            bad += ["%s:%s" % (path, ",".join(map(str, lines)))]
    assert not bad, ("an id written out (take it from tools/common/boards.py, GAME_IDS; or say "
                     "why in SINGLE): " + ", ".join(bad))
    assert used == set(SINGLE), "SINGLE names files without an id: %s" % sorted(set(SINGLE) - used)


def test_the_default_and_the_virtual_board_are_named_in_the_list():
    assert boards.DEFAULT in boards.REAL
    assert boards.VIRTUAL == "sim" and boards.VIRTUAL not in boards.REAL
    made = subprocess.run(["make", "-s", "-n", "sim"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    assert "--board %s " % boards.DEFAULT in made  # the Makefile's BOARD


def test_the_simulators_copy_of_the_boards_is_the_one_make_package_writes():
    from common import manifest

    with open(os.path.join(ROOT, manifest.SIM_BOARDS)) as f:
        assert f.read() == manifest.sim_boards(), "tools/simulator/board.py is out of date: make package"


def test_every_board_file_is_found_and_says_what_the_tools_need():
    assert len(boards.REAL) >= 5 and "sim" in boards.MODULES and "sim" not in boards.REAL
    assert "browser" in boards.MODULES and "browser" not in boards.REAL  # the web page's (make web)
    from simulator import board as simboard  # (the harness's copy: tools/simulator/board.py says why)

    assert simboard.BOARDS == {b: boards.MODULES[b] for b in boards.REAL}
    for b in boards.MODULES:
        f = boards.facts(b)
        assert f["chip"] in ("esp32", "esp32s3", "unix", "webassembly"), (b, f)
        if b in boards.REAL:
            assert f.get("usb") and f.get("boot") and f.get("port"), (b, f)
            assert boards.name(b), b
    made = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "BOARD=<id>: %s " % " ".join(boards.REAL) in made  # the Makefile's list


def lacking(board_id, facts, panel, have_mip, glass_boards, boards_md, readme):
    """What a board lacks that the tools and the docs need (issue 59, 1), each with where it goes: a
    new board is its file, its docs and what make package writes."""
    out = []
    for key in ("usb", "boot", "port", "answer"):
        if not facts.get(key):
            out.append("its file's docstring has no '%s:' line (tools/common/boards.py: what it holds)" % key)
    if facts.get("answer") and sorted(boards.answer_ms_of(facts["answer"])) != ["screen", "step"]:
        out.append("its 'answer:' gives no 'N ms a step, M ms a new screen' (tools/benches/keycost.py)")
    if not have_mip:
        out.append("no boards/%s.json: make package" % board_id)
    if panel[0] != "ssd1306" and board_id not in glass_boards:
        out.append("no glass for its %s panel in tools/simulator/glass.py (the maker's values)" % panel[0])
    if "`%s`" % board_id not in boards_md:
        out.append("docs/BOARDS.md does not name it (`%s`)" % board_id)
    if board_id not in readme:
        out.append("README.md does not name it")
    return out


def test_every_board_lacks_nothing_the_tools_and_the_docs_need():
    from simulator import glass

    with open(os.path.join(ROOT, "docs", "BOARDS.md")) as f:
        boards_md = f.read()
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    bad = []
    for b in boards.REAL:
        bad += ["%s: %s" % (b, why) for why in lacking(
            b, boards.facts(b), manifest.board_attr(b, "PANEL"),
            os.path.exists(os.path.join(ROOT, "boards", b + ".json")), glass.UNITS, boards_md, readme)]
    assert not bad, "\n".join(bad)
    # and a board written as a first try would be, a copy of a file with its docstring cut short
    new = lacking("new-board", {"chip": "esp32", "usb": "USB-C"}, ("ili9341", 1), False, glass.UNITS, "", "")
    assert len(new) == 7 and "'boot:'" in new[0] and "make package" in new[3] and "glass" in new[4], new
    fast = dict(boards.facts(boards.DEFAULT), answer="fast")
    assert "no 'N ms" in lacking("x", fast, ("ssd1306", 1, 1), True, (), "`x`", "x")[0]


def test_the_games_table_names_each_games_module_class_and_titles():
    """engine/game.py's GAMES is the games' one list: the menus' names and
    order, the module and Rules class rules_for loads, the id a game saves."""
    assert [row[0] for row in GAMES] == list(GAME_IDS)
    for gid, module, cls, name, short in GAMES:
        rules = rules_for(gid)
        assert rules.id == gid and rules is rules_for(gid)  # loaded once
        assert type(rules).__name__ == cls and type(rules).__module__ == "engine." + module, gid
        assert module == gid.replace("-", "_"), gid  # the module is named after its id
        assert labels.title(gid) == name and labels.title(gid, short=True) == short, gid
        assert len(short) <= 14, gid  # (ARCHITECTURE.md, "A game")
    assert labels.title(ALL_GAMES[-1]) == "Multiple 9"


def test_the_manifest_finds_the_games_the_table_loads():
    """rules_for imports a game's module by its name in GAMES: the manifest
    reads the table (manifest.TABLES), so every board carries every game."""
    import engine.multiple_9  # noqa: F401  (multiple-9's: no Rules, its own functions)

    for board in boards.REAL:
        files = manifest.closure(board)
        for row in GAMES:
            assert "engine/%s.py" % row[1] in files, (board, row[0])
    game_py = os.path.join(ROOT, "firmware", "engine", "game.py")
    assert ("engine.play_nine", False) in manifest.imports(game_py)
    with open(game_py) as f:
        text = f.read()
    assert "engine.play_nine" not in text  # (found through the table alone)


def test_mypy_checks_every_board_file_and_firmware_module():
    """Every module is checked but the stubs' named in mypy.ini: none of
    ours is among them (a board added needs nothing there)."""
    cfg = configparser.ConfigParser()
    cfg.read(os.path.join(ROOT, "mypy.ini"))
    assert cfg["mypy"].get("ignore_errors", "False") == "False"
    ignored = set()
    for sec in cfg.sections():
        if sec.startswith("mypy-") and cfg[sec].get("ignore_errors") == "True":
            ignored |= {m.split(".")[0] for m in sec[len("mypy-"):].split(",")}
    ours = set(boards.MODULES.values()) | {n[:-3] if n.endswith(".py") else n
                                           for n in os.listdir(os.path.join(ROOT, "firmware"))}
    assert not ignored & ours, "mypy.ini leaves out modules of ours: %s" % ", ".join(sorted(ignored & ours))
    made = subprocess.run(["make", "-n", "typecheck"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    for b in boards.MODULES.values():
        assert "boards/%s.py" % b in made, b


def test_the_card_order_in_using_md_is_the_one_up_and_down_step_through():
    # (issue 29, 8: the order was nowhere) docs/USING.md's table, against the engine's cards
    with open(os.path.join(ROOT, "docs", "USING.md")) as f:
        text = f.read()
    rows = {}
    for line in text[text.index("| game | down steps through |"):].splitlines()[2:]:
        if not line.startswith("|"):
            break
        name, order = [c.strip() for c in line.strip("|").split("|")]
        rows[name] = order.strip("`").split()
    grid_games = [g for g in GAME_IDS if not rules_for(g).hand and g != "multiple-9"]
    hands = [g for g in GAME_IDS if g != "multiple-9" and rules_for(g).hand]
    # (a newcomer: the hand's and Multiple 9's orders were not there) each named first in its row
    found = {n.split(" (")[0]: order for n, order in rows.items()}
    names = [labels.title(g) for g in grid_games + hands] + ["Multiple 9's tools"]
    assert sorted(found) == sorted(names), rows
    for g in grid_games:
        r = rules_for(g)
        assert found[labels.title(g)] == list(r.tokens) + (["."] if r.dots else []) + ["#"], g
    for g in hands:
        assert found[labels.title(g)] == ["end"] + list(rules_for(g).tokens) + ["#"], g
    from engine import multiple_9

    assert found["Multiple 9's tools"] == list(multiple_9.RANKS) + ["end"]
