# The line the serial console shows once the first screen is up (make deploy
# waits for it), said once at boot by guard.py's main(), which lets this module
# go after: its code is not in the heap while a game is played. Where the app
# is at the main menu with no game, the heap in use then is kept in the
# settings: the Wi-Fi check counts a board's need from it (web/wifi.py).
import gc
import sys


def line(hw, runner, used):
    """The line the serial console shows once the first screen is up (make
    deploy waits for it): version, board, and the heap left after boot
    (used: in use before this module was loaded, guard.py's main())."""
    from app import VERSION
    from storage.log import LOG

    gc.collect()
    if runner.app is None:
        return "Scorekeeper %s on %s: error at start, details in %s" % (VERSION, hw.board, LOG)
    free = gc.mem_free() if hasattr(gc, "mem_free") else 0  # type: ignore[attr-defined]
    free += (gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0) - used  # type: ignore[attr-defined]
    try:
        import imageinfo  # type: ignore[import-not-found]  # noqa: F401 (frozen in our image only)

        code = "code frozen"
    except ImportError:
        code = "code from files"
    a = runner.app
    if len(a.stack) == 1 and a.game is None and a.state["game"] is None:
        # the main menu alone (not a board check or a note on it), no game: what the Wi-Fi check
        # counts a board's need from (web/wifi.py's base()), kept for a start into a game in
        # progress while the build is this, with the roster's length (a save after a game carries
        # it on by the names the game left there: storage/savefile.py)
        a.state["settings"]["base"] = [VERSION + " " + code, len(a.state["roster"]), used]
    if sys.platform == "esp32":  # its mem_free() counts what the heap can still grow by (docs/MEMORY.md)
        return "Scorekeeper %s on %s: ready, %s, %d bytes of heap in use, %d free with the room to grow" % (
            VERSION, hw.board, code, used, free)
    # the total tells whether the heap had to grow past the first area (an
    # ESP32 starts with 56 KB: docs/MEMORY.md)
    return "Scorekeeper %s on %s: ready, %s, %d bytes of heap free of %d" % (VERSION, hw.board, code, free,
                                                                             free + used)
