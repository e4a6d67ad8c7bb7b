# The simulator's hardware: the board's real display driver on a panel emulator (or boards/virtual.py's
# bus), its real buttons and key map read from switches the simulator presses.
from virtual import NullBus, Switch  # boards/virtual.py

# The real boards' ids -> their files' module names, written here by make package (manifest.py's
# sim_boards): the heap harness runs this module without tools/common, and its names must stay
# (docs/MEMORY.md, "The harness's names count the same way"). test_lists.py and make package
# hold it to the board files.
BOARDS = {
    "cardputer": "cardputer",
    "cyd": "cyd",
    "devkit-oled": "devkit_oled",
    "m5stack-core": "m5stack_core",
    "ttgo-t-display": "ttgo_t_display",
}


def board_module(board_id):
    name = BOARDS.get(board_id)
    if name is None:
        raise ValueError("unknown board '%s' (boards: %s)" % (board_id, ", ".join(sorted(BOARDS))))
    return __import__(name)


def build(board_id, emulate=True, glass=None):
    """(Hardware, emulator or NullBus, fingers: what the simulator presses, board module). emulate:
    the board file's panel() on the unit glass's emulated glass (simulator/panel.py's build). (Few
    names here: the heap harness loads this module, and its names count in the figures.)"""
    from hardware import Hardware
    from watchdog import Watchdog

    mod = board_module(board_id)
    kind = mod.PANEL[0]
    if emulate:
        from simulator import panel  # only then: the heap figures run without it

        emu, display = panel.build(mod, glass)
        if hasattr(display, "keys"):  # a look-alike's touch: the whole of the board's setup()
            return display, emu, emu.touch, mod
    elif kind == "st7789":
        from drivers.st7789 import ST7789

        emu = NullBus()
        display = ST7789(emu, emu, emu, None, rotation=mod.PANEL[1], band=mod.BAND)
    elif kind == "ili9341":
        from drivers.ili9341 import ILI9341

        emu = NullBus()
        display = ILI9341(emu, emu, emu, None, rotation=mod.PANEL[1], band=mod.BAND)
    elif kind == "ili9342":
        from drivers.ili9342 import ILI9342

        emu = NullBus()
        display = ILI9342(emu, emu, emu, None, rotation=mod.PANEL[1], band=mod.BAND)
    else:
        from drivers.ssd1306 import SSD1306

        emu = NullBus()
        display = SSD1306(mod.PANEL[1], mod.PANEL[2], emu)
    if not emulate and getattr(mod, "WIFI_BAND", 0):  # the band with Wi-Fi on, as its panel() sets it
        display.wifi_band = mod.WIFI_BAND
    fingers, keys = inputs(mod, display)
    hw = Hardware(board_id, display, keys, mod.BUTTONS, None, Watchdog(mod.WATCHDOG[1], watchdog_reset),
                  getattr(mod, "WIFI_NEED", 0))
    return hw, emu, fingers, mod


def inputs(mod, display):
    """(what the simulator presses, the board's keys on it)."""
    kind = getattr(mod, "INPUT", "buttons")
    if kind == "keyboard":  # the Cardputer's: the original's matrix (the ADV's chip is tested on its own)
        from drivers.keyboard import KeyboardKeys
        from drivers.keymatrix import KeyMatrix
        from simulator.keyboard import Matrix

        m = Matrix()
        return m, KeyboardKeys(KeyMatrix(m.addr, m.ins, mod.LEGENDS), mod.KEYMAP, mod.FN_MAP)
    if kind == "touch":  # the CYD's: an XPT2046
        from drivers.xpt2046 import Taps, Touch
        from simulator.touch import Panel

        # a panel wired another way than the board file's first guess: the
        # calibration screen has something to learn
        t = Panel(display.width, display.height, raw=(210, 3870, 3790, 180, False))
        return t, Taps(Touch(t, t.cs, display.width, display.height, mod.TOUCH_CAL))
    from drivers.buttons import Button, Keys

    switches = [Switch() for _ in mod.BUTTONS]
    return switches, Keys([Button(s.read) for s in switches], mod.KEYMAP)


def watchdog_reset():
    raise RuntimeError("watchdog reset: the loop stopped")
