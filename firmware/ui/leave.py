# A hole left before its end: rare, so apart from ui/entry.py, whose code is in the heap through
# every hole (docs/MEMORY.md).
from ui.finish import unjournal
from ui.widgets import confirm


def leave(flow):
    """Leave the hole (ui/entry.py's Flow.leave), asking first: it costs the cards entered for it;
    its files go from the flash too."""
    def gone():
        flow.keep(-1, "")  # (the open one closed)
        if flow.logged:
            unjournal(len(flow.hole.players))
        flow.app.pop_to(flow.anchor)

    if flow.hole.fix:  # a past hole's edit: nothing of it is saved yet, nothing dropped (a probe)
        confirm(flow.app, ("Leave the edit?", "Leave edit?"), gone, no="Stay", yes="Leave it as it was")
    else:
        confirm(flow.app, "Leave hole?", gone, no="Stay", yes="Drop & leave")
