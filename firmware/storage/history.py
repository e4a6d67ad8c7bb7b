# What the device keeps of finished games: the history (newest first,
# bounded by count and bytes), each player's all-time stats per game, and
# the roster of names. Loaded when a game finishes or starts, and let go.
import json

from storage.savefile import HISTORY_BYTES, HISTORY_MAX, ROSTER_MAX, STATS_NAMES


def add_stats(stats, rec):
    """Count a finished game into the all-time stats."""
    per = stats.setdefault(rec["game"], {})
    for p, name in enumerate(rec["players"]):
        s = per.get(name)
        if s is None:
            s = per[name] = [0, 0, 0, 0, None]
        s[0] += 1
        s[1] += 1 if rec.get("winner") == p else 0
        for hole in rec["holes"]:
            s[2] += 1
            s[3] += hole[p]
            s[4] = hole[p] if s[4] is None else min(s[4], hole[p])
    while len(per) > STATS_NAMES:  # forget whoever played least
        least = min(per, key=lambda n: (per[n][0], n))
        del per[least]


def finish(state, record):
    """Move a finished game into the history (newest first, bounded by
    count and bytes) and the all-time stats, read from the flash for it
    (the next save lays them there again: savefile.LAID)."""
    from storage.laid import held  # (not at a game's start: remember() is)

    add_stats(held(state, "stats"), record)
    h = held(state, "history")
    h.insert(0, compact(record))
    del h[HISTORY_MAX:]
    size = 0  # the history's JSON, counted record by record (no big string)
    for i in range(len(h)):
        size += len(json.dumps(h[i])) + 1
        if size > HISTORY_BYTES and i:
            del h[i:]
            break
    state["game"] = None


def compact(rec):
    """A history record as kept: the scores of each hole go into the stats,
    the record keeps how many holes there were."""
    rec = dict(rec)
    rec["holes"] = len(rec["holes"])
    return rec


def remember(state, name):
    """Put a name at the front of the roster (a full one's last let go
    first: inserted first, the list a start loads, 16 places, grew to 32,
    64 bytes at the main menu no save carries, savefile.NAME_BYTES)."""
    r = state["roster"]
    if name in r:
        r.remove(name)
    del r[ROSTER_MAX - 1 :]
    r.insert(0, name)
