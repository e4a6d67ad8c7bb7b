# The application: a stack of screens fed with logical keys. Each step polls
# the keys, lets the screen in front update, and redraws only when it says
# something changed; the display then pushes only what was marked. The loop
# that runs it, and restarts it after an error, is guard.py.
from compat import ticks_diff
from ui.draw import Pen

VERSION = "0.1.0"


IN_MEMORY = {"in_memory": True}  # state["game"] while app.game holds the game in progress

# Collect after every 1/GC_EVERY of the heap is allocated: 4 KB in an 84 KB
# heap, where a whole game's smallest 32-bit heap is 71 KB that way, 74 KB
# collecting only when the heap is full, 72 KB with twice as much; and a
# 16 MB simulator's heap is not swept every 4 KB.
GC_EVERY = 20

# The modules that only some screens use: the screens' own, and the engine's
# option checks (a new game, the settings). Each is imported when needed;
# once the app is back at a hub (the main menu or the game's), they are
# dropped, so their code does not stay in the heap while a game is played
# (docs/MEMORY.md).
LEAVES = ("ui.newgame", "ui.names", "ui.settings", "ui.history", "ui.ninestools", "ui.scores", "ui.labels",
          "ui.cardlist", "ui.fix", "engine.options", "storage.loading", "storage.migrate", "storage.history",
          "storage.aside", "ui.direct", "ui.pad", "ui.calibrate", "ui.phones", "ui.qr", "ui.ongoing",
          "ui.finish", "ui.who", "ui.total", "engine.edit", "engine.undone", "storage.savefile",
          "storage.export", "ui.onepress", "ui.leave", "engine.playoff", "storage.laid", "ui.numpad",
          "engine.errtext", "ui.number")


def forget(name):
    """Let a module go: the next import loads it again. Its code is freed
    once nothing made from it is left."""
    import sys

    if sys.modules.pop(name, None) is not None:
        pkg, _, leaf = name.rpartition(".")
        parent = sys.modules.get(pkg)
        if parent is not None and hasattr(parent, leaf):
            delattr(parent, leaf)


class App:
    version = VERSION  # for the screens: they are given the app, and import nothing of it
    forget = staticmethod(forget)  # (ui/finish.py's: a hole's entry let go before its save)
    in_memory = IN_MEMORY  # (start.py's and ui/play.py's: a game opened)
    safe = False  # the safe start after errors: the game is not opened, Wi-Fi not started
    net = None  # while Wi-Fi is on: the web side (web/state.py's Net), which web/server.py sets
    def __init__(self, hw, safe=False, note=None, pen=None):
        """safe: do not open the game in progress (it kept crashing); note:
        a sentence to show first (why the app restarted); pen: the guard's,
        made once at boot. What only a start runs is start.py's, let go once
        done (its code is not in the heap while a game is played)."""
        import gc

        import start

        # collect early and often: small collections keep the heap from
        # fragmenting, so a module loaded mid-game finds room
        gc.collect()
        gc.threshold(max(2048, (gc.mem_free() + gc.mem_alloc()) // GC_EVERY))
        self.hw = hw
        self.pen = pen or Pen(hw.display)
        self.stack: list = []
        self.game = None  # the engine Game in progress
        self.state: dict = {}  # the saved state (start.py loads it)
        self.last_key = None  # when a key was last pressed (ms)
        self.asleep = False
        self.pending = None  # a screen to show after the key being handled (a failed save), or what opens it
        self.via = None  # typed keys' or taps' way to the screens (ui/typed.py, ui/touch.py)
        try:
            start.start(self, hw, safe, note)
        finally:
            forget("start")
        for name in LEAVES:  # what the start loaded (the state's loading, the save): not kept, even
            if name[:8] == "storage.":  # under a hole reopened (its screens import their own)
                forget(name)
        self.drop_leaves()

    @property
    def wifi(self):
        """Wi-Fi is on in the settings, and this is not the safe start after
        errors (guard.py runs the web side then)."""
        return not self.safe and self.state["settings"].get("wifi", "off") != "off"

    def resume(self):
        """Open the saved game in progress (at boot, or from the menu): ui/play.py's
        (its code is not in the heap while a hole is entered, as the game's menu's)."""
        import ui.play

        ui.play.resume(self)

    def save(self):
        """Save the state, the game in progress included; True if saved. A
        failed save is shown; the game in memory is kept. The save's code is
        loaded for it (a leaf: let go at the next hub)."""
        if self.game is not None:  # a new game too: the Game has it all
            self.state["game"] = IN_MEMORY
        try:
            from storage import savefile

            try:
                savefile.save(self.state, self.game)  # the game's document made a hole at a time, as written
                return True
            except savefile.SaveError as e:
                why = str(e)
        except MemoryError:  # no room to load the save's code: said as a save that found none
            why = "Saving failed: not enough memory."
        from ui.widgets import Message

        # shown once the key's work is done, on top of wherever it went
        self.pending = Message(self, "Not saved", [why, "Everything is kept in memory and saved "
                                                        "again at the next change."])
        return False

    def hole(self):
        """The hole being entered on the device (engine/hole.py), or None:
        what web/state.py gives a phone's entry to and asks about."""
        for s in self.stack:
            hole = getattr(s if type(s) is not tuple else s[0], "hole", None)  # (Flow.park: its flow's)
            if hole is not None:
                return hole
        return None

    def rest(self, anchor):
        """A hole's entry begins (ui/entry.py's Flow): the hubs over the main
        menu (the game's menu) let go, each kept on the stack as its module's
        and class's names and made again once back in front (front()): their
        code is out of the heap while the hole is entered. Not the main menu:
        made at boot, low in the heap, it would leave holes there where every
        frame a key takes from the heap looks first (docs/SPEED.md). Returns
        what stands for anchor on the stack (anchor may be its names, as
        "Edit a hole" gives them, or a screen let go before: its names there)."""
        st = self.stack
        t = type(anchor)
        a = anchor if t is tuple else None if anchor is None else (t.__module__, t.__name__)
        for i in range(1, len(st)):
            s = st[i]
            if type(s) is not tuple and s.hub:
                t = type(s)
                st[i] = (t.__module__, t.__name__)
                forget(t.__module__)
            if s is anchor or st[i] == a:
                anchor = st[i]
        return anchor

    def front(self):
        """The screen in front; a hub let go (rest()) made again first, once
        the leaves are let go: it has their room."""
        s = self.stack[-1]
        if type(s) is tuple:
            if type(s[0]) is str:
                self.drop_leaves()
                s = getattr(__import__(s[0], None, None, (s[1],)), s[1])(self)
            else:  # a hole's player's screen let go (ui/entry.py's Flow.park)
                s = s[0].screen(s[1])
            self.stack[-1] = s
            s.dirty = True
        return s

    def push(self, screen):
        self.stack.append(screen)
        screen.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            s = self.front()
            s.dirty = True
            s.shown()
        self.drop_leaves()

    def pop_to(self, screen, show=True):
        """Go back until screen is in front (None: the first, the main menu);
        show: let it show itself (not yet at a hole's end: the save has the
        screens' room first, ui/entry.py's Flow.off)."""
        while len(self.stack) > 1 and self.stack[-1] is not screen:
            self.stack.pop()
        self.drop_leaves()  # before the hub refreshes too: what it makes has the leaves' room
        if show:
            s = self.front()
            s.dirty = True
            s.shown()
            self.drop_leaves()

    def redraw(self):
        """The screen in front drawn whole at the next turn (what the web side changed on it)."""
        self.front().dirty = True

    def drop_leaves(self):
        """At a hub, forget the leaf screens' modules (LEAVES): nothing on
        the stack uses them, and the next import loads them again."""
        for s in self.stack:
            if type(s) is not tuple and not s.hub:  # (a tuple: a hub let go, rest())
                return
        for name in LEAVES:
            forget(name)

    def pressed(self, keys, now):
        """A turn's keys (a list, emptied) to the screen in front; True if
        they only woke the screen. None for a while: the screen sleeps."""
        if self.last_key is None:
            self.last_key = now
        if keys:
            self.last_key = now
            if self.asleep:  # any key wakes the screen, and only wakes it
                self.asleep = False
                self.hw.display.sleep(False)
                return True
            while keys:  # (a for loop's iterator would take four more slots)
                if self.via is None:
                    self.front().key(keys.pop(0))
                else:
                    self.via.key(self, self.front(), keys.pop(0))
                self.after()  # what the key left for after it, before the next key
        elif not self.asleep:
            after = self.state["settings"]["sleep_s"]
            if after and ticks_diff(now, self.last_key) > after * 1000:
                self.asleep = True
                self.hw.display.sleep(True)
        return False

    def after(self):
        """The pending work (self.pending), after the key that asked for it (or
        whatever did), one after another: each may ask for more."""
        p = self.pending
        while p is not None:
            self.pending = None
            if hasattr(p, "draw"):  # a screen (callable too: Screen.__call__ draws it)
                self.push(p)
            else:  # what opens one, its module let go first (ui/newgame.py): a lower peak; a hole's
                p()  # save once its flow is gone (ui/finish.py)
            p = self.pending

    def step(self, now):
        """One turn of the loop at time now (ms); True if it redrew. (This and
        what it calls each turn keep to 11 slots of locals and stack: a
        bigger frame MicroPython takes from the heap, each call; docs/SPEED.md.)"""
        if self.pressed(self.hw.keys.poll(now), now):
            return False
        self.after()  # (what the web side or a start asked for)
        top = self.stack[-1]
        if not getattr(top, "dirty", True):  # (a tuple: a hub let go, made again below)
            return False
        top = self.front()
        d = top.dirty  # True, or the rectangles that changed (Pen.frame)
        top.dirty = False
        if self.via is not None and hasattr(self.via, "frame"):
            self.via.frame(self, top, d)  # the touch keys under the screen
        else:
            self.pen.frame(top, d)  # (the screen draws when called: Screen.__call__)
        return True
