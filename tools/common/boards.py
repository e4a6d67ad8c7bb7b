# The boards, read from their files: every list of boards in the tools, the tests and the
# Makefile is this one (issue 26). A board is boards/<module>.py with an `ID = "..."` line; what
# only the tools need (KEYS: docs/ARCHITECTURE.md says each) is in its docstring, as "key: text"
# lines, a text going on in lines indented by two spaces (MicroPython drops docstrings: no heap).
# Plain Python: the MicroPython unix port runs it too.
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
    """{"step": ms, "screen": ms}: the board's likely time to answer a card step and a key that
    opens a new screen (its docstring's answer:); {} where it gives none."""
    return answer_ms_of(facts(board_id).get("answer", ""))


def answer_ms_of(said):
    """answer_ms() of an "answer:" line's text."""
    import re

    out = {}
    for kind, words in (("step", " ms a step"), ("screen", " ms a new screen")):
        m = re.search("([0-9]+)" + words, said)
        if m:
            out[kind] = int(m.group(1))
    return out


# the boards that are made: not the virtual one, nor the web page's
REAL = tuple(b for b in MODULES if chip(b) not in ("unix", "webassembly"))
VIRTUAL = [b for b in MODULES if chip(b) == "unix"][0]  # the unix port's (boards/virtual.py, make vboard)
DEFAULT = "ttgo-t-display"  # the board make takes when BOARD= is not given (the first one built)

if __name__ == "__main__":  # the Makefile's list; --default: its BOARD; --json, --chips: the workflow's
    import sys

    a = sys.argv[1:]
    if a == ["--json"]:
        print("[%s]" % ", ".join('"%s"' % b for b in REAL))
    else:
        print(DEFAULT if a == ["--default"] else " ".join(("%s:%s" % (b, chip(b))) if a == ["--chips"] else b
                                                          for b in REAL))
