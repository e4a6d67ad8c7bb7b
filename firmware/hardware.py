# What a board file hands to the app: the display, the keys and, where the
# board has them, the battery and the watchdog. Boards build it; nothing
# else knows pins.

# The logical keys every screen takes, and the kinds of press a button
# gives (drivers/buttons.py): here, not with the buttons' code, so that a
# board without buttons (a keyboard, a touch panel) loads none of it (as
# .mpy files, 2 KB of heap: the CYD's whole game, docs/MEMORY.md).
UP = "up"
DOWN = "down"
OK = "ok"
BACK = "back"
KEYS = (UP, DOWN, OK, BACK)
LEFT = "left"  # a keyboard's arrows (drivers/keyboard.py): screens without them ignore them
RIGHT = "right"

SHORT = "short"
LONG = "long"
HOLD = "hold"  # held: the key again and again (after LONG, if the button has one)


class Hardware:
    # where the host runs the loop (the web page: boards/browser.py): run(runner, every_ms), then guard.step
    run = None

    def __init__(self, board, display, keys, button_names, battery=None, watchdog=None, wifi_need=0):
        self.board = board  # the board id, e.g. "ttgo-t-display"
        # what a whole game with Wi-Fi and 4 phones takes beyond the main menu, from files (bytes: the
        # board file's WIFI_NEED, measured; 0: web/wifi.py's NEED_FILES): web/wifi.py's room() asks it
        self.wifi_need = wifi_need
        self.display = display  # the display contract: FrameBuffer + width, height, mono, mark, show
        self.keys = keys  # drivers.buttons.Keys
        self.button_names = button_names  # ("left", "right"): for help and docs
        self.battery = battery  # .percent() or None
        self.watchdog = watchdog  # watchdog.Watchdog or None: fed by every turn of the loop
