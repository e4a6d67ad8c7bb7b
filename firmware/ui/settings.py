# Settings: the default house rules of each game, the sleep timeout (any key
# wakes the screen), the long-press time, Wi-Fi for the phones (ui/phones.py),
# the roster, the board check (ui/check.py), the OLED's controller (on the
# OLED board), and about.
import gc

from ui import labels
from engine.game import GAMES
from ui.labels import titles
from ui.number import Number
from ui.widgets import Menu, Message, confirm


class SettingsMenu(Menu):
    ITEMS = (("House rules", "rules"), ("Sleep after", "sleep"), ("Long press", "long_press"),
             ("Wi-Fi", "wifi"), ("Roster", "roster"), ("Check this board", "check"), ("About", "about"))

    def __init__(self, app):
        # a long press is the buttons'; a touch panel is calibrated instead
        kind = getattr(app.hw.keys, "kind", None)
        items = [(label, getattr(self, name)) for label, name in self.ITEMS
                 if name != "long_press" or kind is None]
        if kind == "touch":
            items.insert(2, ("Calibrate touch", self.calibrate))
        if hasattr(app.hw.display, "sh1106"):  # the OLED board's driver: before Check this board
            items.insert(len(items) - 2, ("OLED chip", self.oled))
        super().__init__(app, "Settings", items)

    def value(self, i):
        s = self.app.state["settings"]
        label = self.items[i][0]
        if label == "Sleep after":
            return _sleep(s["sleep_s"] // 30)
        if label == "Long press":
            return "%dms" % s["long_ms"]
        if label == "Wi-Fi":
            return {"own": "own", "join": "join"}.get(s.get("wifi"), "off")
        if label == "OLED chip":
            return OLED_CHIPS[s.get("glass", 0) & (_AS_SSD1306 | _AS_SH1106)]
        return ""

    def oled(self):
        """The OLED's controller: as found at start (the status byte:
        boards/devkit_oled.py), or forced to an SSD1306 or an SH1106 (most
        1.3-inch modules), for a module that answers wrong. Kept in the
        glass bits (16, 32) the app gives the driver's fix() at every start."""
        app = self.app
        s = app.state["settings"]

        def choose(bit):
            n = (s.get("glass", 0) & ~(_AS_SSD1306 | _AS_SH1106)) | bit
            if n:
                s["glass"] = n
            else:
                s.pop("glass", None)
            app.hw.display.fix(n)
            app.save()
            app.pop()

        found = "SH1106" if type(app.hw.display).sh1106 else "SSD1306"
        app.push(Menu(app, "OLED chip", [("Auto: " + found, lambda: choose(0)),
                                          ("SSD1306", lambda: choose(_AS_SSD1306)),
                                          ("SH1106", lambda: choose(_AS_SH1106))],
                      cursor=min(2, (s.get("glass", 0) & (_AS_SSD1306 | _AS_SH1106)) >> 4)))

    def wifi(self):
        from ui.phones import wifi_menu  # a leaf (app.LEAVES)

        wifi_menu(self.app)

    def calibrate(self):
        from ui.calibrate import Calibrate  # boards with INPUT touch

        self.app.push(Calibrate(self.app))

    def rules(self):
        items = [(g[3], lambda g=g: self.game_rules(g[0])) for g in GAMES]
        self.app.push(Menu(self.app, "House rules", items))

    def game_rules(self, game_id):
        from engine.game import rules_for
        from engine.options import clean
        from ui.newgame import in_effect, option_value, reset_note

        app = self.app
        r = rules_for(game_id)
        saved = app.state["settings"]["rules"].setdefault(game_id, {})
        dropped = clean(r, saved)  # what no game takes (an older version's, a damaged save's): said
        opts = r.make_options(saved)
        specs = r.option_specs()
        shown = in_effect(specs, opts)

        def change(spec):
            def done(value):
                saved[spec[0]] = value
                opts[spec[0]] = value
                shown[:] = in_effect(specs, opts)
                menu.items = build()
                menu.cursor = min(menu.cursor, len(menu.items) - 1)
                app.save()
                app.pop()

            option_value(app, labels.option(spec[0]), spec, opts[spec[0]], done)

        def build():
            return [(labels.option(sp[0]), lambda sp=sp: change(sp)) for sp in shown]

        menu = Menu(app, titles(game_id), build(), value=lambda i: labels.value(opts[shown[i][0]]))
        app.push(menu)
        if dropped:
            reset_note(app, dropped)

    def sleep(self):
        # (the bounds of this and Long press: storage/migrate.py's settle() puts a loaded save back in them)
        s = self.app.state["settings"]

        def done(steps):
            s["sleep_s"] = steps * 30
            self.app.save()
            self.app.pop()

        self.app.push(Number(self.app, "Sleep after", 0, 20, s["sleep_s"] // 30, done, show=_sleep))

    def long_press(self):
        s = self.app.state["settings"]

        def done(steps):
            s["long_ms"] = steps * 100
            self.app.hw.keys.set_timings(long_ms=s["long_ms"])
            self.app.save()
            self.app.pop()

        self.app.push(Number(self.app, "Long press", 3, 15, s["long_ms"] // 100, done,
                             show=lambda n: "%dms" % (n * 100)))

    def roster(self):
        app = self.app
        names = app.state["roster"]

        def forget(name):
            def gone():
                names.remove(name)
                app.save()
                app.pop()  # the roster list, now stale

            # the name beside the answer: "Forget NAME?" is too long for a title line
            confirm(app, "Forget a name?", gone, yes="Forget", what=name)

        if not names:
            app.push(Message(app, "Roster", ["No names yet: they are added when a game starts."]))
            return
        app.push(Menu(app, "Roster", [(n, lambda n=n: forget(n)) for n in names]))

    def check(self):
        from ui.check import BoardCheck  # a leaf (app.LEAVES)

        self.app.push(BoardCheck(self.app))

    def about(self):
        hw = self.app.hw
        gc.collect()
        rows: list = [("version", self.app.version), ("board", hw.board),
                      ("panel", getattr(hw.display, "found", None) or type(hw.display).__name__),
                      ("free", "%dK" % (gc.mem_free() // 1024))]
        if getattr(hw.display, "touch", None):  # the CYD's touch controller, as found (drivers/cydtouch.py)
            rows.insert(3, ("touch", hw.display.touch))
        if hw.battery is not None:
            p = hw.battery.percent()
            rows.append(("battery", "USB" if p is None else "%d%%" % p))
        self.app.push(Message(self.app, "About", rows))


# Settings > OLED chip: drivers/ssd1306.py's fix() bits (kept in settings["glass"] with the board
# check's; ui/ imports no driver but the buttons')
_AS_SSD1306 = 16
_AS_SH1106 = 32
OLED_CHIPS = {0: "auto", _AS_SSD1306: "SSD1306", _AS_SH1106: "SH1106", _AS_SSD1306 | _AS_SH1106: "SH1106"}


def _sleep(steps):
    """steps of 30 s, as it reads."""
    if steps == 0:
        return "never"
    return "%ds" % (steps * 30) if steps < 2 else "%d:%02d" % divmod(steps * 30, 60)
