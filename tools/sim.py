# The simulator: the real firmware under the MicroPython unix port, on the
# chosen board's real display driver talking to a panel emulator, with the
# board's real buttons and key map pressed from the keyboard or a script
# (the Cardputer's keys typed, the CYD's touch panel tapped with the mouse).
#
#   micropython tools/sim.py --board ttgo-t-display              live, in the terminal
#   micropython tools/sim.py --board m5stack-core --keys K.txt --screenshot out.png
#
# Its options are docs/SIMULATOR.md's table ("Headless"), which --help prints: one place for them.
import os
import sys

if sys.implementation.name != "micropython":  # the firmware draws with framebuf, the port's own
    sys.exit("sim: the simulator runs under the MicroPython unix port: make sim BOARD=<id>, or\n"
             "  .venv/bin/micropython -X heapsize=16M tools/sim.py --board <id> ...  "
             "(make setup installs it)")

# firmware/, tools/ and boards/ on sys.path, absolute (the sim changes into the state dir)
from common import paths  # noqa: E402,F401
from common.scratch import CHECKOUT as ROOT  # noqa: E402
sys.path.append(ROOT + "/.venv/mplib")  # the board's libraries (requirements-board.txt: none now)
from hardware import LONG, SHORT  # noqa: E402
from simulator import board as simboard  # noqa: E402
from simulator import inputs  # noqa: E402
from simulator.session import GAP_MS, LONG_MS, SHORT_MS, STEP_MS, ScriptError, Sim  # noqa: E402

class Quit(KeyboardInterrupt):
    """Leave the simulator from inside the web side's loop (not an error of it)."""


def run_loop(s, turn):
    """turn(wait_ms) until it says False; while Wi-Fi is on, inside the web side's loop (turn(0))."""
    while True:
        if s.serving():
            def step():
                if not turn(0):
                    raise Quit()

            try:
                s.serve(step)
            except Quit:
                return
        elif not turn(30):
            return


def control(s):
    """--keys -: the script's lines from stdin as they come, each answered on stdout."""
    import select

    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)

    def turn(wait):
        if not poll.poll(wait):
            s.tick(max(wait, STEP_MS))
            return True
        line = sys.stdin.readline()
        if not line:
            return False
        try:
            if line.strip() in ("pin", "wifi"):  # what the Phones screen shows: the test reads it here
                net = s.app.net if s.app is not None else None
                if line.strip() == "pin":
                    print("pin %s" % (net.pin if net is not None else "-"))
                else:
                    w = net.wifi if net is not None else None
                    print("wifi %s" % ("-" if w is None else "error: " + w.error if w.error else
                                       "starting" if w.url() is None else "%s key %s" % (w.url(), w.key)))
                return True
            s.run_line(line)
            print("ok")
        except ScriptError as e:
            print("error: %s" % e)
        return True

    run_loop(s, turn)


def render(emu, zoom):
    """The screen as half-block characters in 24-bit colour, two pixels a character; one colour: a
    space on it (VS Code's and iTerm's terminals draw a glyph on its own colour as a pale block)."""
    w, h = emu.size()
    out = []
    for y in range(0, h - zoom, 2 * zoom):
        parts = []
        last = None
        for x in range(0, w, zoom):
            pair = (block(emu, x, y, zoom), block(emu, x, min(h - 1, y + zoom), zoom))
            if pair[0] == pair[1]:
                if last is None or last[1] != pair[1]:
                    parts.append("\x1b[48;2;%d;%d;%dm" % pair[1])
                    last = (None, pair[1])
                parts.append(" ")
                continue
            if pair != last:
                parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (pair[0] + pair[1]))
                last = pair
            parts.append("\u2580")
        out.append("".join(parts) + "\x1b[0m")
    return out


def block(emu, x, y, zoom):
    """The pixel a zoom x zoom block shows: its first, or a brighter one of a 1-pixel stroke (which
    would drop out). Letters drawn at twice size: the first pixel is exactly one of theirs (the
    block's brightest would merge them, 6 and 9 reading as 8)."""
    best = emu.pixel(x, y)
    if zoom == 1:
        return best
    w, h = emu.size()
    lum = best[0] + best[1] + best[2]
    for dy in range(zoom):
        for dx in range(zoom):
            if (dx or dy) and x + dx < w and y + dy < h:
                p = emu.pixel(x + dx, y + dy)
                if p[0] + p[1] + p[2] > lum and thin(emu, x + dx, y + dy, p, w, h):
                    best, lum = p, p[0] + p[1] + p[2]
    return best


def thin(emu, x, y, p, w, h):
    """Whether pixel p at (x, y) is of a 1-pixel stroke: neither neighbour across it is its colour."""
    return (x == 0 or emu.pixel(x - 1, y) != p) and (x + 1 >= w or emu.pixel(x + 1, y) != p) or \
        (y == 0 or emu.pixel(x, y - 1) != p) and (y + 1 >= h or emu.pixel(x, y + 1) != p)


LIVE_KEYS = "asd"  # buttons 1, 2, 3: short press; upper case: long press
CHORD_KEY = "x"  # two buttons pressed together, on a board whose key map has that


def live_help(s):
    """The lines under the screen: what the terminal's keys do."""
    return LIVE[s.input.kind].help(s)


# The terminal's keys on each kind of input (simulator/inputs.py's): help, char (a key no arrow), start
# (the terminal made ready), esc (Esc alone); q quits but on a keyboard; a keyboard takes every arrow.
class Live:
    q_quits = True
    all_arrows = False

    @staticmethod
    def start(s):
        pass

    @staticmethod
    def esc(s):
        pass

    @staticmethod
    def char(s, c):  # Enter is ok, Backspace back
        if c in ("\r", "\n", "\x7f", "\x08"):
            s.press_key("ok" if c in ("\r", "\n") else "back")


class LiveButtons(Live, inputs.Buttons):
    @staticmethod
    def help(s):
        names = s.board.BUTTONS
        lines = []
        for i in range(len(names)):
            short, long_, held = [s.board.KEYMAP.get((i, how)) for how in (SHORT, LONG, "hold")]
            # (issue 37, 8: "long -" for a press that does nothing was unclear: it is left out)
            does = ["a press: %s" % short if long_ is None else "short %s" % short] if short else []
            does += ["long %s" % long_] if long_ else []
            does += ["held on: %s again and again" % held] if held else []
            lines.append("%s / %s  button %s: %s" % (LIVE_KEYS[i], LIVE_KEYS[i].upper(), names[i],
                                                      ", ".join(does) or "nothing"))
        chord = chords(s)
        if chord:
            a, b = chord[0]
            held = s.board.KEYMAP.get((chord[0], "hold"))
            lines.append("%s / %s  buttons %s and %s together: %s%s" % (
                CHORD_KEY, CHORD_KEY.upper(), names[a], names[b], s.board.KEYMAP[(chord[0], SHORT)],
                ", held on: %s again and again" % held if held else ""))
        lines.append("arrows: up / down, Enter: ok, Backspace: back, q: quit")
        return lines

    @staticmethod
    def char(s, c):
        chord, ms = chords(s), LONG_MS if c.isupper() else SHORT_MS
        if c.lower() == CHORD_KEY and chord:
            s.press(chord[0], ms)
        elif c.lower() in LIVE_KEYS[: len(s.board.BUTTONS)]:
            s.press(LIVE_KEYS.index(c.lower()), ms)
        else:
            Live.char(s, c)


class LiveKeyboard(Live, inputs.Keyboard):
    q_quits = False
    all_arrows = True

    @staticmethod
    def help(s):
        return ["your keyboard is the Cardputer's: a key types itself, Enter is enter, Backspace",
                "backspace, Esc esc (back), arrows are fn with ; . , / (docs/KEYS.md). Ctrl-C: quit"]

    @staticmethod
    def esc(s):
        s.type_key("`")  # the Cardputer's esc

    @staticmethod
    def char(s, c):
        s.type_key({"\r": "enter", "\n": "enter", "\x7f": "bksp", "\x08": "bksp", " ": "space",
                    "\t": "tab"}.get(c, c.lower()))


class LiveTouch(Live, inputs.Touch):
    @staticmethod
    def help(s):
        return ["click on the screen to tap it (a terminal that reports mouse clicks: most do);",
                "arrows: up / down, Enter: ok, Backspace: back (the keys along the bottom). q: quit"]

    @staticmethod
    def start(s):
        sys.stdout.write("\x1b[?1000h\x1b[?1006h")  # report mouse clicks (SGR)


LIVE = {c.kind: c for c in (LiveButtons, LiveKeyboard, LiveTouch)}


def chords(s):
    """The board's buttons pressed together for a key of its own (none off buttons)."""
    return [b for (b, kind) in s.board.KEYMAP if type(b) is tuple and kind == SHORT]


ARROWS = {"[A": "up", "[B": "down", "[C": "right", "[D": "left"}


ZOOM_MOST = 8  # --zoom's range: 1 to this


def needed(s, zoom):
    """(columns, rows) the live view takes: the screen, the key lines, the phones' page's line."""
    w, h = s.emu.size()
    lines = live_help(s)
    cols = max([(w + zoom - 1) // zoom] + [len(ln) for ln in lines])
    return cols, len(range(0, h - zoom, 2 * zoom)) + 1 + len(lines) + 1


def too_small(s, zoom, size):
    """Why the terminal (size: stty's "ROWS COLS", from make sim) cannot show the live view, or None."""
    try:
        rows, cols = [int(x) for x in size.split()]
    except (AttributeError, ValueError):
        return None
    if rows <= 0 or cols <= 0:  # (a terminal that does not say: a pty made without a size)
        return None
    need = needed(s, zoom)
    if cols >= need[0] and rows >= need[1]:
        return None
    why = ("this terminal is %d x %d (columns x rows); the %s's live view needs %d x %d: make it larger "
           "(or its font smaller)" % (cols, rows, s.board.ID, need[0], need[1]))
    for z in range(zoom + 1, ZOOM_MOST + 1):  # the first smaller view that fits, if one does
        n = needed(s, z)
        if cols >= n[0] and rows >= n[1]:
            return why + ", or ZOOM=%d for a smaller view (%d x %d)" % (z, n[0], n[1])
    return why


def live(s, zoom):
    import select
    import termios


    fd = 0
    try:
        saved = termios.tcgetattr(fd)
    except OSError:  # (ENOTTY) piped in, or no terminal at all: the live view cannot read keys
        raise OSError("the live view needs a terminal for its keys, and its input is not one; "
                      "run it in a terminal, or give it a script: --keys FILE (docs/SIMULATOR.md)")
    # a terminal: big enough? (its size as make sim read it with stty, if it did: LINES and COLUMNS
    # are the shell's, and may be another terminal's)
    why = too_small(s, zoom, os.getenv("SIM_TERM"))
    if why:
        raise OSError(why)
    termios.setraw(fd)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    lines = live_help(s)
    LIVE[s.input.kind].start(s)
    shown = [-1]

    def turn(wait):
        if s.frames != shown[0]:
            shown[0] = s.frames
            screen = render(s.emu, zoom)
            web = [page_line(s)] if s.serving() else []
            sys.stdout.write("\x1b[H\x1b[2J" + "\r\n".join(screen + [""] + lines + web) + "\r\n")
        if not poll.poll(wait):
            s.tick(max(wait, STEP_MS))
            return True
        return live_key(s, poll, zoom)

    try:
        run_loop(s, turn)
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
        sys.stdout.write("\x1b[?1000l\x1b[?1006l\x1b[0m\r\n")


def live_key(s, poll, zoom):
    """A key from the terminal; False to quit."""
    import time

    live = LIVE[s.input.kind]
    c = sys.stdin.read(1)
    if c == "\x03" or c == "q" and live.q_quits:
        return False
    try:
        if c == "\x1b":  # an arrow (ESC [ A), a mouse click (ESC [ < b ; x ; y M), or Esc alone
            seq = sys.stdin.read(2) if poll.poll(20) else ""
            if seq == "[<":
                click(s, sys.stdin, zoom)
            elif seq in ARROWS and (live.all_arrows or seq in ("[A", "[B")):
                s.press_key(ARROWS[seq])
            elif not seq:
                live.esc(s)
        else:
            live.char(s, c)
    except ScriptError:
        pass  # no key for it (on this screen: a touch board's card pad; a key the Cardputer has not)
    time.sleep_ms(1)
    return True


def click(s, stdin, zoom):
    """After ESC [ <: a mouse event "b;col;row" then M (pressed) or m; a left press is a tap there."""
    text = ""
    while True:
        ch = stdin.read(1)
        if ch in ("M", "m") or len(text) > 16:
            break
        text += ch
    parts = text.split(";")
    if ch != "M" or len(parts) != 3 or parts[0] != "0":
        return
    x = (int(parts[1]) - 1) * zoom + zoom // 2
    y = (int(parts[2]) - 1) * 2 * zoom + zoom
    w, h = s.emu.size()
    if 0 <= x < w and 0 <= y < h:
        s.tap(x, y)


def wifi_on(s):
    """--wifi: Wi-Fi on as Settings > Wi-Fi turns it on, the screens made (a Phones item) made again."""
    s.app.state["settings"]["wifi"] = "own"
    s.app.save()
    for screen in s.app.stack:
        if hasattr(screen, "refresh"):
            screen.refresh()


def page_line(s):
    """The line under the live view while Wi-Fi is on: where the phones' page is, or why it is not."""
    net = s.app.net if s.app is not None else None
    error = net.wifi.error if net is not None else None
    if error:
        return "the phones' page: %s Another port: WEB_PORT=N (make sim), --port N" % error
    if net is None or net.wifi.url() is None:  # (not before the server listens there)
        return "the phones' page: starting..."
    return "the phones' page: %s" % net.wifi.url()


def make_dirs(path):
    """The folder and its parents (os.makedirs: the port has none); whether it is a folder now."""
    built = "/" if path.startswith("/") else ""
    for part in path.split("/"):
        if not part:
            continue
        built += part + "/"
        try:
            os.mkdir(built)
        except OSError:
            pass  # there already
    try:
        return os.stat(path)[0] & 0x4000 != 0  # S_IFDIR
    except OSError:
        return False


def usage():
    """--help: what the simulator is, and its options as docs/SIMULATOR.md's table gives them."""
    text = open(__file__).read().split("\n# Its options")[0].replace("# ", "").replace("#", "")
    with open(ROOT + "/docs/SIMULATOR.md") as f:
        for line in f:
            if line.startswith("| `--"):
                option, what = line.strip("|\n ").replace("`", "").split(" | ", 1)
                text += "\n  %-22s" % option
                width = 25
                for word in what.split():  # wrapped at 100 columns, under the option's column
                    if width + len(word) > 100:
                        text += "\n" + " " * 24
                        width = 25
                    text += " " + word
                    width += len(word) + 1
    return text + "\n\nKey scripts, the live view's keys: docs/SIMULATOR.md"


def main(argv):
    opts = {"--board": None, "--keys": None, "--state-dir": None, "--screenshot": None,
            "--scale": "3", "--zoom": None, "--shots": None, "--port": "8080", "--unit": None}
    flags = {"--live": False, "--wifi": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in flags:
            flags[a] = True
        elif a in opts and i + 1 < len(argv):
            opts[a] = argv[i + 1]
            i += 1
        elif a in ("-h", "--help"):
            print(usage())
            return 0
        else:
            print("sim: unknown or incomplete option %s (try --help)" % a)
            return 2
        i += 1
    if opts["--board"] is None:
        print("sim: --board is needed: %s" % ", ".join(sorted(simboard.BOARDS)))
        return 2
    try:  # before its flash is made: an unknown board leaves no folder
        simboard.board_module(opts["--board"])
    except ValueError as e:
        print("sim: %s" % e)
        return 2
    cwd = os.getcwd()
    for k, lo, hi in (("--port", 1, 65535), ("--scale", 1, 16), ("--zoom", 1, ZOOM_MOST)):
        v = opts[k]
        if v is not None and (not v.isdigit() or not lo <= int(v) <= hi):
            print("sim: %s is a whole number from %d to %d, not %s" % (k, lo, hi, v))
            return 2
    for k in ("--keys", "--screenshot", "--shots"):
        if opts[k] and opts[k] != "-" and not opts[k].startswith("/"):
            opts[k] = cwd + "/" + opts[k]
    if opts["--shots"] and not make_dirs(opts["--shots"]):
        print("sim: --shots %s cannot be a folder (a file is there, or it cannot be made)" % opts["--shots"])
        return 2
    # The flash: the current directory. Without --state-dir an empty one each run, so a script plays the
    # same each time.
    flash = opts["--state-dir"]
    if not flash:
        flash = ROOT + "/build/sim-scratch/" + opts["--board"]
        make_dirs(flash)
        for name in os.listdir(flash):
            os.remove(flash + "/" + name)
    if not make_dirs(flash):  # its parents too (build/ on a fresh clone)
        print("sim: --state-dir %s cannot be a folder (a file is there, or it cannot be made)" % flash)
        return 2
    os.chdir(flash)
    try:
        s = Sim(opts["--board"], unit=opts["--unit"])
    except ValueError as e:
        print("sim: %s" % e)
        return 2
    s.shots = opts["--shots"] or cwd
    s.shot_scale = int(opts["--scale"])
    s.port = int(opts["--port"])
    if flags["--wifi"] and s.app is not None and not s.serving():
        wifi_on(s)
    try:
        if opts["--keys"] == "-":
            control(s)
        elif opts["--keys"]:
            s.run_script(opts["--keys"])
            s.tick(GAP_MS)
        if flags["--live"] or not opts["--keys"]:  # (after a script: the web side, if it turned Wi-Fi on)
            w = s.emu.size()[0]
            live(s, int(opts["--zoom"] or (1 if w <= 160 else 2)))
        if opts["--screenshot"]:
            s.screenshot(opts["--screenshot"], int(opts["--scale"]))
            print("sim: %s, %d frames drawn, screenshot %s" % (opts["--board"], s.frames,
                                                                opts["--screenshot"]))
    except (ScriptError, OSError) as e:
        print("sim: %s" % e)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
