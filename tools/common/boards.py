# The boards, read from their files: every list of boards in the tools, the
# tests and the Makefile is this one (issue 26). A board is a file
# boards/<module>.py with its id in an `ID = "..."` line; what only the
# tools need of it (its chip, how it is put in its bootloader) is in the
# file's docstring, as "key: text" lines at its end, a key's text going on
# in lines indented by two spaces. MicroPython keeps no docstring (mpy-cross
# drops it), so these cost the board nothing: a name more in a board file
# would be one more in its heap's table of names (docs/MEMORY.md).
#
#   chip: esp32 | esp32s3 | unix (the virtual board) | webassembly (the web page's, make web)
#   usb:  the connector and its USB serial chip (make flash-help)
#   boot: how to put it in its bootloader
#   port: the names its serial port takes
#   reset: (where it is not the usual button) how to restart it by hand,
#         out of its bootloader (make flash-help, make deploy)
#   answer: how long it likely takes to answer a key: "N ms a step, M ms a new screen" (the
#         stock port's, counted by tools/benches/keycost.py and held by host_tests/test_speed.py;
#         the entry bench's person waits that long: tools/simulator/driver.py)
#
# Plain Python: the MicroPython unix port runs it too (the simulator's
# boards, tools/benches/heapgame.py).
import os

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
if not HERE.startswith("/"):  # absolute: a caller may change into a simulated flash later
    HERE = os.getcwd() + "/" + HERE
BOARDS_DIR = HERE + "/../../boards"
KEYS = ("chip", "usb", "boot", "port", "reset", "answer")


def _read(path):
    with open(path) as f:
        return f.read()


def _const(text, name):
    """The string a board file gives name (NAME = "...")."""
    head = name + ' = "'
    for line in text.split("\n"):
        if line.startswith(head):
            return line[len(head) : line.index('"', len(head))]
    return None


def _scan():
    out = {}
    for name in sorted(os.listdir(BOARDS_DIR)):
        if name.endswith(".py"):
            board_id = _const(_read(BOARDS_DIR + "/" + name), "ID")
            if board_id is not None:
                out[board_id] = name[:-3]
    return out


MODULES = _scan()  # board id -> its file's module name, every board (the virtual one, "sim", too)


def facts(board_id):
    """{key: text} of the board file's docstring (KEYS)."""
    text = _read("%s/%s.py" % (BOARDS_DIR, MODULES[board_id]))
    doc = text[3 : text.index('"""', 3)] if text.startswith('"""') else ""
    out: dict = {}
    key = None
    for line in doc.split("\n"):
        head = line.split(":", 1)[0]
        if head in KEYS and ":" in line:
            key = head
            out[key] = line.split(":", 1)[1].strip()
        elif key is not None and line.startswith("  "):
            out[key] += " " + line.strip()
        else:
            key = None
    return out


def name(board_id):
    """The board's name (its file's NAME)."""
    return _const(_read("%s/%s.py" % (BOARDS_DIR, MODULES[board_id])), "NAME")


def reset(board_id):
    """How to restart the board by hand, out of its bootloader: its reset:, or the usual way."""
    said = facts(board_id).get("reset") if board_id in MODULES else None
    return said or "press its reset button, or unplug it and plug it in again"


def chip(board_id):
    return facts(board_id).get("chip", "esp32")


def answer_ms(board_id):
    """{"step": ms, "screen": ms}: the board's likely time to answer a card step or a cursor move,
    and a key that opens a new screen (its docstring's answer:); {} where it gives none (the
    virtual board's, the web page's)."""
    return answer_ms_of(facts(board_id).get("answer", ""))


def answer_ms_of(said):
    """answer_ms() of an "answer:" line's text."""
    out = {}
    for kind, words in (("step", " ms a step"), ("screen", " ms a new screen")):
        end = said.find(words)
        start = end
        while start > 0 and said[start - 1].isdigit():
            start -= 1
        if start < end:
            out[kind] = int(said[start:end])
    return out


# the boards that are made: not the virtual one, nor the web page's
REAL = tuple(b for b in MODULES if chip(b) not in ("unix", "webassembly"))
VIRTUAL = [b for b in MODULES if chip(b) == "unix"][0]  # the unix port's (boards/virtual.py, make vboard)
DEFAULT = "ttgo-t-display"  # the board make takes when BOARD= is not given (the first one built)

if __name__ == "__main__":  # the Makefile's list; --default: its BOARD; the images workflow's:
    import sys  # --json (its matrix), --chips (each board and its chip, for the stock image it needs)

    a = sys.argv[1:]
    if a == ["--json"]:
        print("[%s]" % ", ".join('"%s"' % b for b in REAL))
    else:
        print(DEFAULT if a == ["--default"] else " ".join(("%s:%s" % (b, chip(b))) if a == ["--chips"] else b
                                                          for b in REAL))
