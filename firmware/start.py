# What a start of the app runs once (App.__init__, app.py): the saved state
# loaded, the key timings and the picture's fixes set, the main menu and the
# game in progress opened, the start's notes, a touch board's calibration. Its
# own module, let go once the app is up: its code is not in the heap after.


def start(app, hw, safe, note):
    from storage import loading, savefile

    # the game opened as the save is loaded: a copy whose game the engine cannot read is set
    # aside and the one before tried (not at the safe start: opening it may be what failed)
    app.state, problem = loading.load(None if safe else lambda state: opened(app, state))
    loading.lay(app.state)  # the finished games: on the flash, not in the heap
    del loading
    app.drop_leaves()  # loading and what it took: needed again only at the next start
    if safe:
        app.safe = True
    hw.keys.set_timings(long_ms=app.state["settings"].get("long_ms", 600))
    fix = app.state["settings"].get("glass")  # the board check's fixes to the picture (ui/check.py)
    if fix:
        hw.display.fix(fix)
    # a keyboard's typed keys and a touch panel's taps reach the screens
    # through their own module; buttons go straight to the screen (app.via None)
    kind = getattr(hw.keys, "kind", None)
    if kind == "keyboard":
        import ui.typed  # boards with INPUT keyboard

        app.via = ui.typed
    elif kind == "touch":
        import ui.touch  # boards with INPUT touch

        app.via = ui.touch
    from ui.home import Home

    app.push(Home(app))
    if app.state["game"] is not None and not safe:
        app.resume()
    notes = [n for n in (note, problem) if n]
    if app.state["game"] is not None and safe:
        notes.append("The game in progress is kept; Continue game opens it.")
    if savefile._exists("check"):  # left by make deploy: check the board, once (ui/check.py)
        from ui.settings import SettingsMenu

        SettingsMenu(app).check()
    if kind == "touch":
        cal = calibration(app.state["settings"].get("touch"))
        if cal:
            hw.keys.touch.cal = cal
        # never calibrated; or a finger on it at power-on (not at a restart after an error,
        # whose screen a tap may have closed): the way out of a calibration that is wrong
        cal = not cal or note is None and hw.keys.touch.touching()
    if notes:
        from ui.widgets import Message

        # load's note stays on the flash until read: a restart first shows it again
        app.push(Message(app, "Note", notes, on_close=savefile.noted if problem else None))
    if kind == "touch" and cal:  # on top of a note: taps that land where they are aimed, first
        from ui.calibrate import Calibrate  # boards with INPUT touch

        hw.keys.touch.held = True  # that finger is not the first cross: it must lift first
        app.push(Calibrate(app, cancel=False))


def opened(app, state):
    """The saved game of state opened as app.game (loading.load()'s
    check): None, or why the engine cannot read it."""
    if state["game"] is None:
        return None
    from engine.doc import from_doc
    from engine.errors import ScoreError

    try:
        app.game = from_doc(state["game"], False, True)  # (saved: its holes' lists are there)
    except ScoreError as e:
        return e.text()
    finally:
        app.forget("engine.doc")  # needed again only at the next start
    state["game"] = app.in_memory  # the Game holds it; the document is made again at each save
    return None


def calibration(saved):
    """A saved calibration as the touch driver takes it, or None if it is
    not one (five values, four whole numbers whose ends are apart). (Here:
    needed at a start only, not in the heap after, as ui/touch.py is.)"""
    if type(saved) is not list or len(saved) != 5:
        return None
    for v in saved[:4]:
        if type(v) is not int:
            return None
    if abs(saved[1] - saved[0]) < 100 or abs(saved[3] - saved[2]) < 100:
        return None
    return tuple(saved[:4]) + (saved[4] is True,)
