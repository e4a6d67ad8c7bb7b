# Starting the web side, once each time Wi-Fi is turned on: whether it fits
# in the heap (room), and the radio brought up (up): the device's own
# network, which the phones join with the name and password on its screen,
# or a network the device joins, named in wifi.json on its flash (copied
# with the deploy: docs/PHONES.md). Where MicroPython has no network module
# (the simulator, on the unix port) the page is served on 127.0.0.1 alone.
# web/run.py lets this module go once the radio is up: none of it is wanted
# after, and its code leaves the heap for the phones' (docs/MEMORY.md). The
# radio's state, what the screen shows, is web/state.py's Wifi.
import asyncio
import gc
import json

JOIN_FILE = "wifi.json"  # {"ssid": "the network", "password": "its password"}
JOIN_MS = 20000  # joining gives up after this long
KEY_CHARS = "abcdefghjkmnpqrstuvwxyz23456789"  # a password read off a screen: no 0/o, 1/l/i
PHONES = 8  # the own network takes this many phones


# Whether the web side fits (docs/MEMORY.md, "Wi-Fi on a plain ESP32"): what the web side
# with the phones needs of the heap beyond the game, the code frozen in our image or loaded from
# files (the bench's figures with 4 phones, and room for the rest of a game: from files what a
# whole game takes beyond the main menu, the board file's WIFI_NEED where it is measured, else
# NEED_FILES, above each board's; and MARGIN for what the heap's layout wastes, issue 60's 8 KB),
# and the RAM ESP-IDF's Wi-Fi takes from the system's once it starts (which the heap must leave it).
NEED_FROZEN = 36 * 1024
NEED_FILES = 72 * 1024
MARGIN = 8 * 1024
WIFI_RAM = 40 * 1024


def room(frozen, machine, free, heaps, need=0, used=0, boot=0):
    """None if Wi-Fi and the web side fit, else the lines that say why not
    and what would. frozen: the code is in the image; machine: os.uname()'s;
    free: gc.mem_free() (on an ESP32 it counts the largest block the heap
    could still grow by); heaps: esp32.idf_heap_info(HEAP_DATA)'s (total,
    free, largest free block, least free) per region; need: the board's
    WIFI_NEED (0: NEED_FILES); used: gc.mem_alloc(); boot: in use at the
    main menu with no game (0: not known). A board's need is counted from
    there: what is in use now beyond it (the settings' screens, a game in
    progress: the need holds it) counts as room."""
    largest = max([h[2] for h in heaps] or [0])
    system = sum(h[1] for h in heaps)
    have = max(0, free - largest) + max(0, min(largest, system - WIFI_RAM))
    if boot:  # (0: not known, nothing counted)
        have += max(0, used - boot)
    need = NEED_FROZEN if frozen else (need or NEED_FILES) + MARGIN
    if have >= need:
        return None
    # (room down, need up: never "71 KB, needs 71")
    lines = ["Not enough memory for Wi-Fi: room for %d KB, a game with the phones needs %d KB." % (
        have // 1024, -(-need // 1024))]
    if not frozen:
        lines.append("Our image (make image) keeps the code in flash: phones on every board.")
    if "SPIRAM" not in machine and "ESP32S3" not in machine:
        lines.append("Or a board with more memory: an ESP32-S3, or PSRAM.")
    lines.append("The game goes on as it was.")
    return lines


def _free():
    """gc.mem_free() (a test's stand-in ESP32 gives its own)."""
    return gc.mem_free()  # type: ignore[attr-defined]


def _used():
    """gc.mem_alloc() (a test's stand-in ESP32 gives its own)."""
    return gc.mem_alloc()  # type: ignore[attr-defined]


def base(app, frozen):
    """The heap in use at the main menu with no game, which ready.py keeps in the settings
    (and a save after a game carries on), while the version and the code's kind (frozen) are
    as they were then (a start into a game in progress has no such moment); 0 if not known."""
    from app import VERSION

    b = app.state["settings"].get("base") if app is not None else None
    key = VERSION + (" code frozen" if frozen else " code from files")
    if type(b) is list and len(b) == 3 and b[0] == key and type(b[1]) is int \
            and type(b[2]) is int and 0 < b[2] < 1 << 24:  # (a damaged one: not known)
        return b[2]
    return 0


def room_here(runner):
    """room() with this device's figures (the board's need, the heap in use at
    its main menu: base()); None where there are none (no esp32 module: the
    unix port, the simulator)."""
    try:
        import esp32
    except ImportError:
        return None
    import sys

    try:
        import imageinfo  # type: ignore[import-not-found]  # noqa: F401 (frozen in our image only)

        frozen = True
    except ImportError:
        frozen = False
    gc.collect()
    machine = getattr(sys.implementation, "_machine", "")  # os.uname().machine: "... with ESP32S3"
    return room(frozen, machine, _free(), esp32.idf_heap_info(esp32.HEAP_DATA), runner.hw.wifi_need, _used(),
                base(runner.app, frozen))


def own_key(wifi):
    """The own network's password: made once, kept in the settings; one saved
    that is not a password (damaged) is made again, and the Phones screen
    says so (wifi.note): the phones join with the new one."""
    settings = wifi.settings
    k = settings.get("wifi_key")
    if type(k) is not str or len(k) < 8:
        import os

        if k is not None:
            wifi.note = "The saved Wi-Fi password was damaged: this one is new."
        k = "".join(KEY_CHARS[b % len(KEY_CHARS)] for b in os.urandom(8))
        settings["wifi_key"] = k
        wifi.new_key = True  # saved at once (web/run.py): a restart keeps it
    return k


def joined():
    """(ssid, password) from JOIN_FILE; ValueError saying what is wrong."""
    try:
        with open(JOIN_FILE) as f:
            d = json.load(f)
    except OSError:
        raise ValueError("No %s on the device: see docs/PHONES.md." % JOIN_FILE)
    except ValueError:
        raise ValueError("%s is not JSON." % JOIN_FILE)
    if type(d) is not dict or type(d.get("ssid")) is not str or not d["ssid"]:
        raise ValueError('%s needs "ssid" (and "password").' % JOIN_FILE)
    pw = d.get("password", "")
    if type(pw) is not str:
        raise ValueError('%s: "password" must be text.' % JOIN_FILE)
    return d["ssid"], pw


async def up(wifi):
    """The radio brought up in the mode wifi (web/state.py's Wifi) names:
    wifi.ip once it is, or wifi.error saying why not."""
    try:
        import network  # type: ignore[import-not-found]
    except ImportError:  # the simulator: loopback only (a password made and kept all the same)
        wifi.ssid = "this computer"
        wifi.key = own_key(wifi)
        wifi.host = wifi.ip = "127.0.0.1"
        return
    try:
        if wifi.mode == "join":  # (web/state.py's JOIN: nothing of the web side loaded before room())
            ssid, pw = joined()
            wifi.ssid = ssid
            w = wifi.wlan = network.WLAN(network.STA_IF)
            w.active(True)
            w.connect(ssid, pw)
            waited = 0
            while not w.isconnected():
                if waited >= JOIN_MS:
                    raise ValueError("Could not join %s: check %s and that it is in reach."
                                     % (ssid, JOIN_FILE))
                await asyncio.sleep(0.25)
                waited += 250
        else:
            w = wifi.wlan = network.WLAN(network.AP_IF)
            w.active(True)
            # its name ends with the radio's own address: two devices at two tables differ
            wifi.ssid = "Scorekeeper-%s" % "".join("%02X" % b for b in w.config("mac")[-2:])
            wifi.key = own_key(wifi)
            try:
                w.config(ssid=wifi.ssid, key=wifi.key, security=3, max_clients=PHONES)  # 3: WPA2-PSK
            except (TypeError, ValueError, OSError):  # an older MicroPython's names
                w.config(essid=wifi.ssid, password=wifi.key, authmode=3)
        wifi.ip = w.ifconfig()[0]
    except Exception as e:  # whatever the radio says: shown, and the device goes on
        wifi.error = str(e) or "Wi-Fi did not start (%s)." % type(e).__name__
        wifi.down()
