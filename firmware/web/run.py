# The device's loop beside the web side, while Wi-Fi is on: guard.py hands
# its loop over to serve() when Settings > Wi-Fi is on, and gets it back when
# it is turned off, with everything the web side loaded let go. Kept out of
# guard.py so that none of it is in the heap at boot.
import gc

# what the web side loads: dropped when Wi-Fi is turned off, so that its code leaves the heap
WEB = ("web.server", "web.wifi", "web.qr", "web.run", "microdot", "microdot.microdot", "microdot.helpers")


def wifi_wanted(r, serving=False):
    """Wi-Fi is on (App.wifi). On the error screen it stays as it was: the
    phones keep the network while the app restarts."""
    a = r.app
    return serving if a is None else a.wifi


def _server():
    """web/server.py, loaded (outside serve()'s try, where tools/manifest.py
    would take it for an import the board may go without)."""
    from web import server

    return server


def serve(r, step, poll_ms, port=80):
    """step() (the device's loop, the simulator's) runs beside the web server
    (web/server.py) until Wi-Fi is turned off. A failure of the web side turns
    Wi-Fi off and says why; the game and the keys go on."""
    from app import forget

    try:
        _server().run(r, lambda: wifi_wanted(r, True), step, poll_ms, port)
    except Exception as e:  # (a KeyboardInterrupt goes through: the REPL, the simulator's quit)
        from storage.savefile import log_error

        log_error("web: %s %s" % (type(e).__name__, e))
        a = r.app
        if a is not None:
            from ui.widgets import Message

            a.state["settings"]["wifi"] = "off"
            a.save()
            a.push(Message(a, "Wi-Fi off", ["The web side stopped: %s (%s)." % (e, type(e).__name__),
                                            "Settings > Wi-Fi turns it on again."]))
    for name in WEB:
        forget(name)
    gc.collect()
