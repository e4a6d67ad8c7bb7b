# The device's loop beside the web side, while Wi-Fi is on: guard.py hands
# its loop over to serve() when Settings > Wi-Fi is on, and gets it back when
# it is turned off, with everything the web side loaded let go. Kept out of
# guard.py so that none of it is in the heap at boot. web_side() brings
# Wi-Fi up and serves (web/conns.py: the connections; web/server.py: the routes).
import gc

# what the web side loads: dropped when Wi-Fi is turned off, so that its code leaves the heap
WEB = ("web.server", "web.conns", "web.state", "web.reader", "web.wifi", "web.run", "web.http",
       "web.download")


def wifi_wanted(runner, serving=False):
    """Wi-Fi is on (App.wifi). On the error screen it stays as it was: the
    phones keep the network while the app restarts."""
    a = runner.app
    return serving if a is None else a.wifi


def _off(runner, lines):
    """Wi-Fi off (saved), and lines on the screen; the game as it was."""
    a = runner.app
    if a is not None:
        from ui.widgets import Message

        a.state["settings"]["wifi"] = "off"
        a.save()
        a.push(Message(a, "Wi-Fi off", lines))


def _room(runner):
    """web/wifi.py's room_here(): whether the web side fits (None if it does).
    (A function of its own: serve() keeps no hold on web/wifi.py, which
    web_side() lets go once the radio is up.)"""
    from web import wifi

    return wifi.room_here(runner)


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

    why = _room(runner)  # before the server is loaded: the memory it would take
    try:
        import socket  # noqa: F401
    except ImportError:  # a port without a network (WebAssembly: the web page, docs/WEB.md)
        why = ["This board has no Wi-Fi: it is the scorekeeper in a web page.",
               "Phones join a real board's Wi-Fi (docs/PHONES.md)."]
    pen = runner.pen
    rows = pen.rows
    if why is not None:
        _off(runner, why)
    else:
        if rows < pen.d.height and pen.d.wifi_band:  # bands of fewer rows: the heap the phones'
            _rows(pen, pen.d.wifi_band)
        try:
            web_side(runner, lambda: wifi_wanted(runner, True), step, poll_ms, port)
        except Exception as e:  # (a KeyboardInterrupt goes through: the REPL, the simulator's quit)
            from storage.log import log_error

            log_error("web: %s %s" % (type(e).__name__, e))
            _off(runner, ["The web side stopped: %s (%s)." % (e, type(e).__name__),
                     "Settings > Wi-Fi turns it on again."])
    for name in WEB:
        forget(name)
    gc.collect()
    if pen.rows != rows:  # the board's bands back, once the web side's heap is free
        _rows(pen, rows)


def _rows(pen, rows):
    """The frame drawn in bands of rows (drivers/dcs.py's reband(): the TTGO's
    1.5 KB less with half, docs/MEMORY.md); kept as it was where there is no room."""
    try:
        pen.d.reband(rows)
    except MemoryError:
        return
    pen.rows = pen.d.band


async def _up(wifi):
    """web/wifi.py's up(), web/wifi.py loaded for it alone."""
    from web import wifi as radio

    await radio.up(wifi)


async def page(web, wifi, port):
    """Serve until shut down (web.shutdown()): the address is shown once
    the server listens (wifi.port); if it cannot (the port taken, no
    sockets left), the Phones screen says why."""
    import asyncio

    try:
        web.server = await asyncio.start_server(web.handle_request, wifi.host, port)
    except Exception as e:
        wifi.error = "The page could not be served (%s)." % (str(e) or type(e).__name__)
        return
    wifi.port = port
    await web.server.wait_closed()


def web_side(runner, wanted, step, poll_ms=5, port=80):
    """Serve while wanted() is true, calling step() every poll_ms: the
    device's loop (guard.py), the simulator's. Wi-Fi comes up first (web/wifi.py)
    and goes down at the end; what the server held is freed."""
    import asyncio

    from app import forget
    from web.state import Net, Wifi, mode

    async def main():
        a = runner.app
        wifi = Wifi(a.state["settings"] if a is not None else {})
        net = Net(runner, wifi)
        web = _server().make(net)
        server = None
        try:
            up: "asyncio.Task | None" = asyncio.create_task(_up(wifi))
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
                if up is not None and up.done():  # the radio up (or not): its code let go
                    up = None
                    forget("web.wifi")
                step()
                net.expire()
                net.refresh()
                await asyncio.sleep(poll_ms / 1000)
            if up is not None:
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
