# Wi-Fi on a plain ESP32 (docs/MEMORY.md, "Wi-Fi on a plain ESP32"): before
# the web side is loaded, web/run.py checks that it fits (web/wifi.py's room): the heap's free
# space and what the system can still give it, leaving ESP-IDF's Wi-Fi its
# RAM. When it would not fit, Wi-Fi stays off (saved), the screen says what
# would (our image, a board with more memory) and the game is untouched.
# A stand-in esp32 module gives a real board's figures: MicroPython issue
# #12952 (a plain ESP32 after boot, ESP-IDF 5: esp32.idf_heap_info(HEAP_DATA)
# and the heap's largest new split, 48 KB) and an ESP32-S3's (#12075, its
# internal RAM). Both runtimes.
import os
import sys

from web import run, wifi

KB = 1024
ESP32 = "Generic ESP32 module with ESP32"
ESP32_HEAPS = [(15448, 14804, 14336, 4), (240, 4, 0, 4), (7288, 4, 0, 4), (16648, 44, 36, 4),
               (86184, 4, 0, 4), (15072, 4, 0, 4), (113840, 84932, 49152, 45392)]
S3 = "Generic ESP32S3 module with ESP32S3"
S3_HEAPS = [(32767, 32031, 31744, 32015), (265392, 230676, 229376, 230676)]


def mem_free(heap_free, heaps):
    """gc.mem_free() on an ESP32: the heap's free bytes and the largest block it could grow by."""
    return heap_free + max(h[2] for h in heaps)


def test_a_plain_esp32_from_files_has_no_room_for_the_phones_and_says_what_would():
    # the game from .mpy files: 40 KB of the first 56 KB in use
    why = wifi.room(False, ESP32, mem_free(16 * KB, ESP32_HEAPS), ESP32_HEAPS)
    assert why is not None
    text = " ".join(why)
    assert "Not enough memory for Wi-Fi: room for 64 KB, a game with the phones needs 80 KB." in text
    assert "Our image (make image)" in text and "ESP32-S3, or PSRAM" in text and "game goes on" in text


def test_a_boards_own_need_and_the_margin_decide_from_its_main_menu():
    # a board file's WIFI_NEED (a whole game with 4 phones beyond the main menu, measured:
    # test_budgets holds it) and issue 60's 8 KB for the heap's layout: with 30 KB in use at the
    # main menu, #12952's figures give 26 + 48 KB; a need of 66 KB fits, 66.5 does not
    boot = 30 * KB
    free = mem_free(56 * KB - boot, ESP32_HEAPS)
    assert wifi.room(False, ESP32, free, ESP32_HEAPS, 66 * KB, boot, boot) is None
    why = wifi.room(False, ESP32, free, ESP32_HEAPS, 66 * KB + 512, boot, boot)
    assert why is not None and "room for 74 KB, a game with the phones needs 75 KB" in why[0]  # 74.5 asked
    # turned on from Settings, 6 KB more in use than at the main menu (its screens, let go before
    # a hole): the same answer, the need being counted from the main menu
    later = mem_free(56 * KB - boot - 6 * KB, ESP32_HEAPS)
    assert wifi.room(False, ESP32, later, ESP32_HEAPS, 66 * KB, boot + 6 * KB, boot) is None
    assert wifi.room(False, ESP32, later, ESP32_HEAPS, 66 * KB + 512, boot + 6 * KB, boot) is not None
    # a board with no need of its own is asked NEED_FILES, above every board's (the Cardputer's 65.7 KB)
    assert wifi.room(False, ESP32, free, ESP32_HEAPS, 0, boot, boot) is not None
    assert wifi.NEED_FILES + wifi.MARGIN == 80 * KB


def test_our_image_on_a_plain_esp32_has_room():
    # frozen: 16 KB of the heap in use after boot, the code in flash
    assert wifi.room(True, ESP32, mem_free(40 * KB, ESP32_HEAPS), ESP32_HEAPS) is None


def test_an_esp32_s3_from_files_has_room():
    assert wifi.room(False, S3, mem_free(24 * KB, S3_HEAPS), S3_HEAPS) is None


def test_the_system_keeps_wifis_ram_the_heap_cannot_grow_into_it():
    heaps = [(113840, 45000, 40000, 30000)]  # a heap that grew before: 45 KB left to the system
    why = wifi.room(True, ESP32, mem_free(8 * KB, heaps), heaps)
    assert why is not None and "Our image" not in " ".join(why)  # frozen already: a bigger board
    # the same memory with no room kept for Wi-Fi would be enough: the check is what refuses it
    assert 8 * KB + 40000 >= wifi.NEED_FROZEN


class FakeEsp32:
    HEAP_DATA = 4

    def __init__(self, heaps):
        self.heaps = heaps

    def idf_heap_info(self, caps):
        assert caps == self.HEAP_DATA
        return self.heaps


class FakeApp:
    def __init__(self):
        self.state = {"settings": {"wifi": "own"}, "game": {"holes": 3}}
        self.saves = 0
        self.stack = []

    def save(self):
        self.saves += 1

    def push(self, screen):
        self.stack.append(screen)


class FakeRunner:
    def __init__(self, board="ttgo-t-display"):
        from simulator import board as simboard  # (MicroPython only, as the tests that make one)
        from ui.draw import Pen

        self.app = FakeApp()
        self.hw = simboard.build(board, emulate=False)[0]
        self.pen = Pen(self.hw.display)  # the TTGO's: 5 bands of 27 rows


def test_turning_wifi_on_where_it_does_not_fit_keeps_it_off_and_the_game_as_it_was():
    try:
        import framebuf  # noqa: F401 (the message screen draws on it)
    except ImportError:
        import pytest

        pytest.skip("the message screen needs framebuf: MicroPython only")
    had = sys.modules.get("esp32")
    sys.modules["esp32"] = FakeEsp32(ESP32_HEAPS)  # type: ignore[assignment]
    from web import wifi as here  # (as serve() will find it: a serve before may have let it go)

    real_free = here._free
    r = FakeRunner()
    steps = []
    try:
        here._free = lambda: mem_free(16 * KB, ESP32_HEAPS)
        run.serve(r, lambda: steps.append(1), 5)
    finally:
        here._free = real_free
        if had is None:
            del sys.modules["esp32"]
        else:
            sys.modules["esp32"] = had
    a = r.app
    assert a.state["settings"]["wifi"] == "off" and a.saves == 1
    assert a.state["game"] == {"holes": 3} and steps == []  # nothing ran, nothing changed
    msg = a.stack[-1]
    assert msg.title == "Wi-Fi off" and "Our image" in " ".join(msg.rows)
    assert "web.server" not in sys.modules  # the server was never loaded


def test_without_an_esp32_module_nothing_is_checked():
    assert "esp32" not in sys.modules
    assert wifi.room_here(None) is None


def test_turning_wifi_off_lets_go_of_every_module_of_the_web_side():
    """run.WEB is what is dropped when Wi-Fi is turned off, so that its code
    leaves the heap: a module of web/ left out would stay, holding the
    classes of the web/http.py dropped, when Wi-Fi comes back on."""
    here = run.__file__[: run.__file__.rfind("/")]
    mine = sorted("web." + f[:-3] for f in os.listdir(here) if f.endswith(".py"))
    assert len(mine) >= 6 and [m for m in mine if m not in run.WEB] == [], mine


class ServedApp(FakeApp):
    """What the web side reads of the app while it serves (web/state.py's Net)."""

    def __init__(self):
        super().__init__()
        self.state["seq"] = 0
        self.game = None
        self.net = None

    @property
    def wifi(self):
        return self.state["settings"]["wifi"] != "off"

    def redraw(self):
        pass


def test_once_the_radio_is_up_its_code_is_let_go_and_what_the_screen_shows_stays():
    """web/wifi.py (whether the web side fits, the radio brought up) is wanted
    once each time Wi-Fi comes on: let go once the radio is up, its code is out
    of the heap the phones need (docs/MEMORY.md); the address the screen shows
    (web/state.py's Wifi) stays."""
    try:
        import framebuf  # noqa: F401 (the app's module, which lets modules go, draws on it)
    except ImportError:
        import pytest

        pytest.skip("the app's modules need framebuf: MicroPython only")
    r = FakeRunner()
    r.app = ServedApp()
    seen = []

    def step():
        net = r.app.net
        seen.append(("web.wifi" in sys.modules, net.wifi.ip if net is not None else None))
        if len(seen) == 30:
            r.app.state["settings"]["wifi"] = "off"  # Settings > Wi-Fi: off

    run.serve(r, step, 1, 0)  # (port 0: any free one)
    assert seen[0] == (True, None), seen[:3]  # loaded to bring the radio up
    assert seen[-1] == (False, "127.0.0.1"), seen[-3:]  # up (the simulator's loopback), and let go
    assert "web.wifi" not in sys.modules and r.app.net is None


def test_the_address_is_shown_once_the_page_is_served_there_and_never_where_it_is_not():
    # (a newcomer: with the simulator's port taken, its "wifi" answer gave the address, and only a
    # later one said EADDRINUSE) web/state.py's Wifi.url() is None until the server listens
    try:
        import framebuf  # noqa: F401 (the app's module, which lets modules go, draws on it)
    except ImportError:
        import pytest

        pytest.skip("the app's modules need framebuf: MicroPython only")
    import socket

    taken = socket.socket()  # a port another program serves on (another simulator's)
    port = 20800
    while True:
        try:
            taken.bind(socket.getaddrinfo("127.0.0.1", port)[0][-1])
            break
        except OSError:
            port += 1
    taken.listen(1)
    try:
        for busy in (False, True):
            r = FakeRunner()
            r.app = ServedApp()
            seen = []

            def step(r=r, seen=seen):
                net = r.app.net
                w = net.wifi if net is not None else None
                seen.append(None if w is None else (w.ip, w.url(), w.error))
                if len(seen) == 30:
                    r.app.state["settings"]["wifi"] = "off"

            run.serve(r, step, 1, port if busy else port + 1)
            urls = [s[1] for s in seen if s]
            assert urls[0] is None, seen[:3]  # not before the server listens
            if busy:
                assert all(u is None for u in urls) and "could not be served" in seen[-1][2], seen[-1]
            else:
                assert seen[-1][1] == "http://127.0.0.1:%d/" % (port + 1), seen[-1]
    finally:
        taken.close()


def test_while_the_phones_are_served_the_frame_is_drawn_in_bands_of_half_the_rows():
    """The frame's buffer (a band of the screen's rows, drivers/dcs.py) is made
    again with fewer rows while the web side runs (the TTGO's half, the CYD's
    four fifths): 0.5-1.6 KB of the heap for the phones (docs/MEMORY.md); the
    board's bands are back once Wi-Fi is off."""
    try:
        import framebuf  # noqa: F401 (the display's buffer is one)
    except ImportError:
        import pytest

        pytest.skip("the display needs framebuf: MicroPython only")
    for board, width, rows, fewer in (("ttgo-t-display", 240, 27, 14), ("cyd", 320, 15, 12)):
        served_bands(board, width, rows, fewer)


def served_bands(board, width, rows, fewer):
    r = FakeRunner(board)
    r.app = ServedApp()
    d = r.pen.d
    assert (r.pen.rows, d.band, len(d.buf)) == (rows, rows, width * rows // 2)  # the board file's BAND
    seen = []

    def step():
        seen.append((r.pen.rows, d.band, len(d.buf)))
        if len(seen) == 10:
            r.app.state["settings"]["wifi"] = "off"

    run.serve(r, step, 1, 0)
    assert seen[0] == seen[-1] == (fewer, fewer, width * fewer // 2), (board, seen)
    assert (r.pen.rows, d.band, len(d.buf)) == (rows, rows, width * rows // 2)


def test_where_there_is_no_room_for_the_boards_bands_again_the_half_ones_stay():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        import pytest

        pytest.skip("the display needs framebuf: MicroPython only")
    r = FakeRunner()
    r.app = ServedApp()
    d = r.pen.d
    made = []

    def step():
        if not made:
            real = d.reband

            def full(rows):  # no room for a buffer of the board's rows
                made.append(rows)
                if rows > 14:
                    raise MemoryError
                real(rows)
            d.reband = full
        r.app.state["settings"]["wifi"] = "off"

    run.serve(r, step, 1, 0)
    assert made == [27] and (r.pen.rows, d.band, len(d.buf)) == (14, 14, 240 * 14 // 2)


def test_the_need_is_counted_from_the_main_menu_kept_while_the_version_stays():
    # (a review: counted from the first screen after a start, a start into a game in progress, a
    # power cut's, counted the game twice and refused Wi-Fi for the rest of it) ready.py keeps the
    # heap in use at the main menu with no game in the settings, with the roster's length; the check
    # counts from it while the version is the same, else from what is free now (the finished games
    # are on the flash: the history's length no longer matters)
    try:
        import framebuf  # noqa: F401 (the stand-in board's display)
    except ImportError:
        import pytest

        pytest.skip("the app's modules need framebuf: MicroPython only")
    from app import VERSION

    from web import wifi as here  # (as serve() will find it: a serve before may have let it go)

    r = FakeRunner()
    files, frozen = VERSION + " code from files", VERSION + " code frozen"  # (the ready line's words)
    for base, want in (([files, 1, 32 * KB], 32 * KB), (None, 0), ([files, "1", 32 * KB], 0),
                       (["0.0.0 code from files", 1, 32 * KB], 0), ([frozen, 1, 32 * KB], 0),
                       ([files, 1, "32768"], 0), ([files, 1], 0), ({"v": VERSION}, 0),
                       ([files, 1, -10 ** 9], 0), ([files, 1, 0], 0), ([files, 1, 1 << 30], 0)):
        r.app.state["settings"]["base"] = base
        assert here.base(r.app, False) == want, base
    r.app.state["settings"]["base"] = [frozen, 1, 12 * KB]  # our image's: its own, not the files'
    assert here.base(r.app, True) == 12 * KB
    assert here.base(None, False) == 0  # the error screen: no app
    # a start into a game in progress (a power cut's): 18 KB in use beyond the main menu's 32 KB
    assert r.hw.wifi_need == __import__("ttgo_t_display").WIFI_NEED  # (test_board_setup: setup()'s too)
    used = 50 * KB
    had = sys.modules.get("esp32")
    sys.modules["esp32"] = FakeEsp32(ESP32_HEAPS)  # type: ignore[assignment]
    real = here._free, here._used
    try:
        here._free = lambda: mem_free(56 * KB - used, ESP32_HEAPS)
        here._used = lambda: used
        r.app.state["settings"]["base"] = [files, 1, 32 * KB]
        assert here.room_here(r) is None  # 72 KB for the TTGO's 63.5 and 8
        r.app.state["settings"]["base"] = ["0.0.0 code from files", 1, 32 * KB]  # another build's: not known
        assert "room for 54 KB" in here.room_here(r)[0]
    finally:
        here._free, here._used = real
        if had is None:
            del sys.modules["esp32"]
        else:
            sys.modules["esp32"] = had
