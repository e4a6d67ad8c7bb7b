# The error log: errors.log (errors.old: the part before). Loaded at boot
# with crash.py and kept, so that logging an error never needs memory to
# load code; the save (savefile.py) is loaded only to save (docs/MEMORY.md).
import os

LOG = "errors.log"
LOG_OLD = "errors.old"
LOG_BYTES = 2048  # errors.log is moved to errors.old beyond this
JOURNAL = "hole"  # the hole being entered, its label (and "hole.0" ... each player's cards): ui/entry.py
# writes them a card at a time, ui/reopen.py reads them after a power cut, ui/finish.py removes them


def log_error(text):
    """Append to errors.log (kept small: the older part moves to errors.old)."""
    try:
        try:
            if os.stat(LOG)[6] > LOG_BYTES:
                os.rename(LOG, LOG_OLD)
        except OSError:
            pass
        with open(LOG, "a") as f:
            f.write(text)
            if not text.endswith("\n"):
                f.write("\n")
    except Exception:
        pass  # a full or broken flash, or no memory: one error must not become two
