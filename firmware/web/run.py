# The device's loop beside the web side, while Wi-Fi is on: guard.py hands
# its loop over to serve() when Settings > Wi-Fi is on, and gets it back when
# it is turned off, with everything the web side loaded let go. Kept out of
# guard.py so that none of it is in the heap at boot. web_side() brings
# Wi-Fi up and serves (web/conns.py: the connections; web/server.py: the routes).
import gc

# what the web side loads: dropped when Wi-Fi is turned off, so that its code leaves the heap
WEB = ("web.server", "web.conns", "web.state", "web.reader", "web.wifi", "web.run", "web.http")


def wifi_wanted(runner, serving=False):
    """Wi-Fi is on (App.wifi). On the error screen it stays as it was: the
    phones keep the network while the app restarts."""
    a = runner.app
    return serving if a is None else a.wifi


# Whether the web side fits (docs/MEMORY.md, "Wi-Fi on a plain ESP32"): what the web side
# with the phones needs of the heap beyond the game, the code frozen in our image or loaded from
# files (the bench's figures with 4 phones, and room for the rest of a game), and the RAM ESP-IDF's
# Wi-Fi takes from the system's once it starts (which the heap must leave it).
NEED_FROZEN = 36 * 1024
NEED_FILES = 72 * 1024
WIFI_RAM = 40 * 1024


def room(frozen, machine, free, heaps):
    """None if Wi-Fi and the web side fit, else the lines that say why not
    and what would. frozen: the code is in the image; machine: os.uname()'s;
    free: gc.mem_free() (on an ESP32 it counts the largest block the heap
    could still grow by); heaps: esp32.idf_heap_info(HEAP_DATA)'s (total,
    free, largest free block, least free) per region."""
    largest = max([h[2] for h in heaps] or [0])
    system = sum(h[1] for h in heaps)
    have = max(0, free - largest) + max(0, min(largest, system - WIFI_RAM))
    need = NEED_FROZEN if frozen else NEED_FILES
    if have >= need:
        return None
    lines = ["Not enough memory for Wi-Fi: %d KB free, the phones need about %d KB." % (
        have // 1024, need // 1024)]
    if not frozen:
        lines.append("Our image (make image) keeps the code in flash: phones on every board.")
    if "SPIRAM" not in machine and "ESP32S3" not in machine:
        lines.append("Or a board with more memory: an ESP32-S3, or PSRAM.")
    lines.append("The game goes on as it was.")
    return lines


def _free():
    """gc.mem_free() (a test's stand-in ESP32 gives its own)."""
    return gc.mem_free()  # type: ignore[attr-defined]


def room_here():
    """room() with this device's figures; None where there are none (no
    esp32 module: the unix port, the simulator)."""
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
    return room(frozen, machine, _free(), esp32.idf_heap_info(esp32.HEAP_DATA))


def _off(runner, lines):
    """Wi-Fi off (saved), and lines on the screen; the game as it was."""
    a = runner.app
    if a is not None:
        from ui.widgets import Message

        a.state["settings"]["wifi"] = "off"
        a.save()
        a.push(Message(a, "Wi-Fi off", lines))


def _server():
    """web/server.py, loaded (outside serve()'s try, where tools/manifest.py
    would take it for an import the board may go without)."""
    from web import server

    return server


def serve(runner, step, poll_ms, port=80):
    """step() (the device's loop, the simulator's) runs beside the web server
    (web/server.py) until Wi-Fi is turned off. A failure of the web side turns
    Wi-Fi off and says why; the game and the keys go on."""
    from app import forget

    why = room_here()  # before the server is loaded: the memory it would take
    try:
        import socket  # noqa: F401
    except ImportError:  # a port without a network (WebAssembly: the web page, docs/WEB.md)
        why = ["This board has no Wi-Fi: it is the scorekeeper in a web page.",
               "Phones join a real board's Wi-Fi (docs/PHONES.md)."]
    if why is not None:
        _off(runner, why)
    else:
        try:
            web_side(runner, lambda: wifi_wanted(runner, True), step, poll_ms, port)
        except Exception as e:  # (a KeyboardInterrupt goes through: the REPL, the simulator's quit)
            from storage.savefile import log_error

            log_error("web: %s %s" % (type(e).__name__, e))
            _off(runner, ["The web side stopped: %s (%s)." % (e, type(e).__name__),
                     "Settings > Wi-Fi turns it on again."])
    for name in WEB:
        forget(name)
    gc.collect()


async def page(web, wifi, port):
    """Serve until shut down; if it cannot (the port taken, no sockets
    left), the Phones screen says why."""
    try:
        await web.start_server(host=wifi.host, port=port)
    except Exception as e:
        wifi.error = "The page could not be served (%s)." % (str(e) or type(e).__name__)


def web_side(runner, wanted, step, poll_ms=5, port=80):
    """Serve while wanted() is true, calling step() every poll_ms: the
    device's loop (guard.py), the simulator's. Wi-Fi comes up first (web/wifi.py)
    and goes down at the end; what the server held is freed."""
    import asyncio

    from web.state import Net
    from web.wifi import Wifi, mode

    async def main():
        a = runner.app
        wifi = Wifi(a.state["settings"] if a is not None else {})
        net = Net(runner, wifi)
        web = _server().make(net)
        server = None
        try:
            up = asyncio.create_task(wifi.up())
            # until Wi-Fi is turned off, or to the other mode, or tried again (guard.py starts it again)
            while wanted() and not net.retry and (
                    runner.app is None or mode(runner.app.state["settings"]) == wifi.mode):
                a = runner.app
                if a is not None:
                    a.net = net
                    if wifi.new_key:  # the own network's password, made now: kept from the start
                        wifi.new_key = False
                        a.save()
                if server is None and wifi.ip:
                    server = asyncio.create_task(page(web, wifi, port))
                    wifi.port = port
                step()
                net.expire()
                net.refresh()
                await asyncio.sleep(poll_ms / 1000)
            up.cancel()
        finally:
            if server is not None and getattr(web, "server", None) is not None:
                web.shutdown()
                try:
                    await asyncio.wait_for(server, 1)
                except Exception:
                    pass
            wifi.down()
            a = runner.app
            if a is not None:
                a.net = None

    asyncio.run(main())
    if hasattr(asyncio, "sleep_ms"):  # MicroPython: the tasks left (polls held open) go with a new loop
        asyncio.new_event_loop()
    gc.collect()
