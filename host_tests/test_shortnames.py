# cpython-only
# A stock bundle's names shortened (tools/common/shortnames.py, docs/MEMORY.md
# "Names in a bundle"): the firmware a bundle compiles has its names, where
# safe, replaced by names MicroPython holds in flash or by one or two letters.
# Held to what is outside the renamer: the ROM names of micropython.org's
# stock ESP32 images (no name of ours that an image holds is ever renamed)
# and of the unix ports; MicroPython itself running a module before and after
# (the same output); and the firmware on every board, pressed at random, saving
# the same files byte for byte from the renamed bundle as from its sources.
import ast
import os
import random
import subprocess

import pytest

import heap
from common import deploy, shortnames

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMAGES = os.environ.get("STOCK_IMAGES") or os.path.join(ROOT, "..", "shared", "micropython", "images")
STOCK = shortnames.STOCK
X64 = os.path.join(ROOT, ".venv", "bin", "micropython")


def images():
    paths = [os.path.join(IMAGES, n) for n in STOCK]
    if not all(os.path.exists(p) for p in paths):
        pytest.skip("the stock images are not found: STOCK_IMAGES=<the folder holding %s>" % STOCK[0])
    return paths


def unix32():
    if not os.path.exists(heap.MPY32):
        pytest.skip("the 32-bit MicroPython port is not built: make unix32")
    return heap.MPY32


def ours():
    return set().union(*map(shortnames.names_in, shortnames.firmware_sources().values()))


def test_portnames_is_what_the_stock_images_and_the_ports_hold():
    from common import unix32 as source

    want = shortnames.make_port_names(images(), unix32(), [X64], ours(), shortnames.QSTRDEFS,
                                      shortnames.traced_names(source.mpy_source()))
    with open(shortnames.PORTNAMES) as f:
        assert f.read() == want, ("tools/common/portnames.txt is not what the ports hold (a port changed, "
                                  "or a unix port's name new to the firmware): "
                                  "python tools/common/shortnames.py --ports")


# Names the esp32 port's C code and its frozen asyncio intern, that the firmware calls:
# micropython/micropython ports/esp32/modesp32.c (idf_heap_info, HEAP_DATA), network_wlan.c
# (WLAN, STA_IF, isconnected, config's txpower), machine_hw_spi.c (baudrate, polarity),
# machine_pin.c (PULL_UP), extmod/modframebuf.c (FrameBuffer, fill_rect), extmod/asyncio (wait_for).
PORT_API = ("idf_heap_info", "HEAP_DATA", "WLAN", "STA_IF", "isconnected", "txpower", "baudrate",
            "polarity", "PULL_UP", "FrameBuffer", "fill_rect", "wait_for", "start_server", "mem_free")


def test_an_images_rom_names_are_found_and_none_of_them_is_renamed():
    plan = shortnames.firmware_plan()
    for path in images():
        rom = shortnames.image_qstrs(path)
        assert len(rom) > 1200, (path, len(rom))  # the port's ~1,550
        assert set(PORT_API) <= rom, sorted(set(PORT_API) - rom)
        assert not {"title_and_score", "grid_box", "GridEntry"} & rom  # ours: no port's
        assert not set(plan) & rom, sorted(set(plan) & rom)[:20]
    assert not set(plan) & shortnames.unix_qstrs(unix32(), set(plan))
    taken = set(plan.values())
    assert len(taken) == len(plan)  # one new name a name
    assert not taken & ours()  # none a name the firmware has
    free = shortnames.port_names()[1]
    rom32 = shortnames.unix_qstrs(unix32(), set(free))
    for path in images():  # the names given from flash are in flash everywhere
        assert set(free) <= shortnames.image_qstrs(path) and set(free) <= rom32


def test_a_new_name_moves_few_others():
    """A deploy copies the modules that differ: a change's new names must not rename the rest."""
    sources, beside = shortnames.firmware_sources(), shortnames.beside_texts()
    before = shortnames.plan(sources, beside)
    r = random.Random(1)
    words = ("alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "theta", "zeta", "rho")
    for k in range(10):  # a function of three new names, ten times
        a, b, c = ("%s_%s_%d" % (r.choice(words), r.choice(words), k) for _ in range(3))
        added = "def %s(%s):\n    return %s.%s\n" % (a, b, b, c)
        after = shortnames.plan(dict(sources, **{"ui/added.py": added}), beside)
        assert set(after) - set(before) == {a, b, c}
        moved = [n for n in before if before[n] != after[n]]
        assert len(moved) <= 6, moved


SAMPLE = '''
from micropython import const

_LIMIT = const(3)
ITEMS = (("Sound", "sound_level"),)


class TooMany(ValueError):
    pass


class Tallier:
    sound_level = 7

    def __init__(self, start_value):
        self.running_total = start_value

    def bump_by(self, amount_given=1):
        self.running_total += amount_given
        if self.running_total > _LIMIT * 10:
            raise TooMany("over %d" % self.running_total)
        return self.running_total


def tally_up(values_seen, counter_made):
    for value_now in sorted(values_seen, key=lambda item_x: -item_x, reverse=False):
        counter_made.bump_by(amount_given=value_now)
    return counter_made


made = tally_up([1, 2, 3], Tallier(start_value=4))
print(made.running_total, [getattr(made, name) for _, name in ITEMS], "running total")
try:
    made.bump_by(100)
except ValueError as e:
    print(type(e).__name__, e)
'''


def test_a_renamed_module_runs_the_same_under_micropython(tmp_path):
    plan = shortnames.plan({"sample.py": SAMPLE}, [])
    assert {"running_total", "bump_by", "amount_given", "Tallier", "tally_up"} <= set(plan)
    # kept: a name a string reaches, an exception's class, a const(), the port's keywords
    assert not {"sound_level", "TooMany", "_LIMIT", "key", "reverse", "sorted"} & set(plan)
    renamed = shortnames.rename(SAMPLE, plan)
    assert '"running total"' in renamed and '"sound_level"' in renamed and "bump_by" not in renamed
    ast.parse(renamed)
    outs = []
    for text in (SAMPLE, renamed):
        path = tmp_path / "m.py"
        path.write_text(text)
        outs.append(subprocess.run([X64, str(path)], capture_output=True, text=True, check=True).stdout)
    assert outs[0] == outs[1] == "10 [7] running total\nTooMany over 110\n"


def test_the_bundle_has_the_short_names_and_tracebacks_read_back(tmp_path):
    files = deploy.compile_files("ttgo-t-display", deploy.ESP32_ARCH, str(tmp_path))
    with open(os.path.join(ROOT, "firmware", "ui", "entry.py")) as f:
        assert "title_and_score" in f.read()
    entry = files["ui/entry.mpy"]
    assert b"title_and_score" not in entry and b"ui/entry.mpy" in entry  # its name its file's
    plan = shortnames.firmware_plan()
    for name in os.listdir(os.path.join(ROOT, "boards")):  # their names kept: what reads them runs beside
        with open(os.path.join(ROOT, "boards", name)) as f:
            text = f.read()
        assert shortnames.rename(text, plan) == text, name
    log = ('Traceback (most recent call last):\n  File "ui/entry.mpy", in %s\n'
           "AttributeError: '%s' object has no attribute 'zz'\n"
           % (plan["title_and_score"], plan["GridEntry"]))
    assert shortnames.explain(log, plan).endswith(
        '"ui/entry.mpy", in title_and_score\nAttributeError: \'GridEntry\' object has no attribute \'zz\'\n')
    # a frame of asyncio's, and a key (data), stay as they are; a function called wrongly is put back
    short = plan["title_and_score"]
    for line in ('  File "asyncio/core.py", line 1, in %s' % short, "KeyError: '%s'" % short):
        assert shortnames.explain(line, plan) == line
    assert shortnames.explain("TypeError: %s() takes 2 positional arguments" % short, plan) == \
        "TypeError: title_and_score() takes 2 positional arguments"


def test_explain_reads_a_crash_log_and_says_what_it_cannot_read(tmp_path):
    cmd = [os.path.join(ROOT, ".venv", "bin", "python"),
           os.path.join(ROOT, "tools", "common", "shortnames.py")]
    log = tmp_path / "errors.log"
    log.write_text('  File "app.mpy", in %s\n' % shortnames.firmware_plan()["title_and_score"])
    got = subprocess.run(cmd + ["--explain", str(log)], capture_output=True, text=True)
    assert got.returncode == 0 and got.stdout == '  File "app.mpy", in title_and_score\n'
    got = subprocess.run(cmd + ["--explain", str(tmp_path / "none.log")], capture_output=True, text=True)
    assert got.returncode == 2 and "cannot read" in got.stdout and "Traceback" not in got.stdout + got.stderr


def test_an_f_string_in_the_firmware_is_refused_naming_its_file():
    with pytest.raises(ValueError, match="ui/added.py: an f-string"):
        shortnames.plan({"ui/added.py": 'x_val = 1\nprint(f"{x_val}")\n'}, [])


def test_the_renamer_keeps_rows_where_a_comment_breaks_a_line_as_splitlines_would():
    text = "x_value = 1\n# a form feed \x0c and a line separator \u2028 in a comment\ny_value = x_value\n"
    plan = {"x_value": "q", "y_value": "r"}
    assert shortnames.rename(text, plan) == text.replace("x_value", "q").replace("y_value", "r")


def test_the_compilers_own_names_and_a_tracebacks_are_never_given():
    free = set(shortnames.port_names()[1])
    assert not free & shortnames.COMPILER and not free & shortnames.CALLED_BY_NAME
    from common import unix32 as source

    traced = shortnames.traced_names(source.mpy_source())  # MicroPython's py/, extmod/ and asyncio
    assert {"NoneType", "function", "generator", "closure", "module", "Task", "wait_for", "gather"} <= traced
    assert not free & traced
    plan = shortnames.firmware_plan()
    assert not (set(plan.values()) | set(plan)) & (shortnames.COMPILER | shortnames.CALLED_BY_NAME)


def random_keys(board_id, seed, n):
    """A key file for heapgame.py: n presses at random on the board's own
    buttons, keyboard (the keys that move and take most) or screen."""
    with open(heap.manifest.board_file(board_id)) as f:
        tree = ast.parse(f.read())
    c = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                c[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    r = random.Random(seed)
    lines = []
    for _ in range(n):
        ms = r.choice([80] * 12 + [700, 1600])
        if c.get("INPUT") == "keyboard":
            keys = [k for row in c["LEGENDS"] for k in row if k not in ("fn", "shift", "opt", "ctrl", "alt")]
            k = r.choice(keys + ["enter", "bksp"] * 8 + ["fn+;", "fn+.", "fn+,", "fn+/"] * 6)
            lines.append("k %s %d" % (k, min(ms, 200)))
        elif c.get("INPUT") == "touch":
            lines.append("t %d %d %d" % (r.randrange(320), r.randrange(240), min(ms, 200)))
        else:
            both = "0+1" if r.random() < 0.1 else str(r.randrange(len(c["BUTTONS"])))
            lines.append("%s %d" % (both, ms))
    return "\n".join(lines) + "\n= -\n"  # no totals to check: the replay says what it got


def flash_after(binary, src, board_id, keys):
    work = heap.workdir()
    p = subprocess.run(heap.command(binary, 16 << 20, src, board_id, "game", keys, cwd=work), cwd=work,
                       capture_output=True, text=True, timeout=600, env=heap.PORT_ENV)
    said = [line for line in (p.stdout + p.stderr).splitlines() if not line.startswith("HEAP")]
    mine = {os.path.relpath(os.path.join(d, n), src) for d, _, names in os.walk(src) for n in names}
    files = {}
    for d, _, names in os.walk(work):
        for n in names:
            rel = os.path.relpath(os.path.join(d, n), work)
            if rel not in mine:
                with open(os.path.join(d, n), "rb") as f:
                    files[rel] = f.read()
    return said, files


@pytest.mark.parametrize("board_id", list(heap.manifest.REAL_BOARDS))
def test_random_keys_save_the_same_game_from_the_bundle_as_from_the_sources(board_id, tmp_path):
    binary = unix32()
    keys = tmp_path / "keys"
    keys.write_text(random_keys(board_id, 1, 3000))
    said, files = flash_after(binary, heap.firmware(board_id, "py"), board_id, str(keys))
    assert said and said[-1].startswith("the replay went astray: totals ")  # what it got, said
    assert "state.json" in files  # the keys reached a save
    assert (said, files) == flash_after(binary, heap.firmware(board_id, "x86"), board_id, str(keys))
