# Saves on the real littlefs over NOR flash in RAM (tools/simulator/flash.py): the
# unix port's VfsLfs2 under MicroPython, littlefs-python under CPython.
# A power cut at every flash operation of a whole game's saves loses
# nothing; a full flash fails the save with a message and keeps the old
# one; damaged files on the flash are set aside; the flash work per hole
# stays at one small save.
import json

import faults
from storage import loading, savefile
from simulator.flash import BLOCK, EIO, Flash, Volume, formatted
from support import whole

STATES = []


def states():
    """A whole game's saves (recorded once; the engine path, on both runtimes)."""
    if not STATES:
        STATES.extend(faults.record_engine_game())
    return STATES


def test_make_faults_plays_its_game_and_loses_nothing():
    # what make faults runs (make test runs it too): under MicroPython the game through the screens
    # and keys, a past hole's card fixed among its saves (issue 27, 5: the key path had gone stale
    # when editing a hole became a player menu, and only make faults walked it)
    r = faults.report(every=7)
    assert r["recorded"] == ("keys" if faults.MICROPYTHON else "engine")
    assert r["saves"] >= 12 and r["cut_points"] > 20
    assert r["lost"] == 0, r["problems"]


def test_the_flash_model_behaves_like_nor():
    f = Flash(2)
    assert f.read(0, 0, 4) == b"\xff" * 4
    f.prog(0, 0, b"\x0f\xf0")
    f.prog(0, 0, b"\xf3\xff")  # programming only clears bits
    assert f.read(0, 0, 2) == b"\x03\xf0"
    f.erase(0)
    assert f.read(0, 0, 2) == b"\xff\xff"
    assert (f.progs, f.erases, f.prog_bytes) == (2, 1, 4)


def test_a_cut_tears_one_operation_and_stops_the_rest():
    torn = set()
    for k in range(1, 60):
        f = Flash(1)
        f.cut_at = k
        for _ in range(k - 1):
            assert f.prog(0, 0, b"\xff") == 0
        assert f.prog(0, 64, b"\x00" * 64) == EIO  # the cut: a prefix happens
        got = f.read(0, 64, 64)
        n = 0
        while n < 64 and got[n] == 0:
            n += 1
        assert all(x == 0xFF for x in got[n:]), k
        torn.add(n)
        assert f.prog(0, 200, b"\x00") == EIO and f.read(0, 200, 1) == b"\xff"  # after it: nothing
        assert f.erase(0) == EIO and f.read(0, 64, 64) == got
    assert len(torn) > 20 and min(torn) < 8 and max(torn) > 56  # tears of many sizes


def test_power_cut_at_every_flash_operation_of_a_whole_game_loses_nothing():
    r = faults.sweep(states())
    assert r["saves"] == len(states()) >= 12
    assert r["cut_points"] == r["flash_ops"] > 100
    # the finished games copied from the save before at each save but the game's end (issue 60)
    assert r["copied"] >= 2 * (r["saves"] - 2), r["copied"]
    assert r["lost"] == 0, r["problems"]
    # (issue 57, 12) and a second cut at each write of the start that puts the first right: littlefs's
    # own runner walks these (-Pnone,linear); the start finishes a cut save by renames
    assert r["double"] > 20, r["double"]
    assert r["old"] + r["new"] == r["cut_points"]
    assert r["old"] > 0 and r["new"] > 0


def test_littlefs_own_power_loss_behaviours_lose_nothing_either():
    # (issue 41, 1: a cut was only ever a clean prefix of one operation; littlefs's own power-loss tests,
    # bd/lfs_emubd.c, also cut between whole operations and let writes between syncs land out of order)
    for b in ("atomic", "ooo"):
        r = faults.sweep(states(), behaviour=b)
        assert r["cut_points"] == r["flash_ops"] > 100, b
        assert r["lost"] == 0, (b, r["problems"])
        assert r["old"] > 0 and r["new"] > 0 and r["double"] > 20, b
        if b == "ooo":
            assert r["reverted"] > r["cut_points"] // 4  # the out-of-order loss did happen, often


def test_the_flash_model_cuts_as_littlefs_emubd_does():
    f = Flash(2, behaviour="atomic")
    f.cut_at = 2
    assert f.prog(0, 0, b"\x00") == 0
    assert f.prog(0, 8, b"\x00" * 64) == EIO and f.read(0, 8, 64) == b"\x00" * 64  # whole, then no power
    assert f.prog(0, 100, b"\x00") == EIO and f.read(0, 100, 1) == b"\xff"
    # ooo: the first block erased since the last sync comes back as it was before its erase
    f = Flash(2, behaviour="ooo")
    f.prog(0, 0, b"\x12")
    f.prog(1, 0, b"\x34")
    f.sync()
    f.cut_at = f.ops + 4
    f.erase(0)
    f.prog(0, 0, b"\x56")
    f.erase(1)
    assert f.prog(1, 0, b"\x78") == EIO  # the cut
    assert f.read(0, 0, 1) == b"\x12" and f.read(1, 0, 1) == b"\x78"  # block 0 as before; block 1 written
    f = Flash(2, behaviour="ooo")
    f.prog(0, 0, b"\x12")
    f.cut_at = f.ops + 3
    f.erase(0)
    f.sync()  # synced: in order from here
    f.prog(0, 0, b"\x56")
    assert f.erase(1) == EIO and f.read(0, 0, 1) == b"\x56"


def test_the_sweep_would_see_a_save_that_is_not_atomic():
    """A save written straight over the file in two steps loses games:
    the sweep must say so (so that its zero above means something)."""
    real = savefile.save

    def naive(state):
        opener = savefile.__dict__.get("open") or open  # littlefs-python's, under CPython
        state["seq"] += 1
        head, body = savefile.encode(state)
        with opener(savefile.FILE, "wb") as f:
            f.write(head)
        with opener(savefile.FILE, "ab") as f:
            f.write(body)

    savefile.save = naive
    try:
        r = faults.sweep(states()[:3])
    finally:
        savefile.save = real
    assert r["lost"] > 0


def test_a_full_flash_fails_the_save_with_a_message_and_keeps_the_old_one():
    f = Flash(16, formatted(16))
    v = Volume(f)
    try:
        first = json.loads(states()[3])
        savefile.save(first)
        n = 0
        try:
            while True:  # fill the flash with someone else's file
                v.write("junk%d" % n, b"\x55" * BLOCK)
                n += 1
        except OSError:
            pass
        big = json.loads(states()[-1])
        big["roster"] = ["N%07d" % i for i in range(16)]
        big["history"] = [big["history"][0]] * 20
        big["seq"] = first["seq"]
        try:
            savefile.save(big)
            raise AssertionError("saved on a full flash")
        except savefile.SaveError as e:
            assert str(e) == "Saving failed: the flash is full."
        state, note = loading.load()
        assert note is None and state == whole(first)
        for i in range(n):  # space again: saving works
            v.remove("junk%d" % i)
        savefile.save(big)
        assert loading.load()[0] == whole(big)
    finally:
        v.close()


def test_a_flash_full_to_its_last_entry_says_so_too():
    """Filled with small files as well, the flash has no room for the new
    file's name: littlefs 2.9 on says NAMETOOLONG (36) where it once said
    NOSPC (lib/littlefs/lfs2.c, lfs2_file_opencfg_). The screen says the
    flash is full, not "error 36"."""
    f = Flash(16, formatted(16))
    v = Volume(f)
    try:
        first = json.loads(states()[3])
        savefile.save(first)
        n = m = 0
        try:
            while True:
                v.write("junk%d" % n, b"\x55" * BLOCK)
                n += 1
        except OSError:
            pass
        try:
            while True:  # and the last entries of the folder
                v.write("s%d" % m, b"x")
                m += 1
        except OSError:
            pass
        big = json.loads(states()[-1])
        big["seq"] = first["seq"]
        try:
            savefile.save(big)
            raise AssertionError("saved on a full flash")
        except savefile.SaveError as e:
            assert str(e) == "Saving failed: the flash is full.", str(e)
        assert loading.load() == (whole(first), None)
    finally:
        v.close()


def test_a_damaged_save_on_the_flash_falls_back_and_is_kept():
    f = Flash(16, formatted(16))
    v = Volume(f)
    try:
        a, b = json.loads(states()[4]), json.loads(states()[5])
        savefile.save(a)
        savefile.save(b)
        v.write(savefile.FILE, b"SK 2 9 4 00000000\n{}{}")
        state, note = loading.load()
        assert state == whole(a) and "checksum" in note and savefile.BAD in note
        savefile.save(b)
        v.write(savefile.FILE, b"SK 2 10 4 00000000\n[][]")  # a second damage: beside the first
        state, note = loading.load()
        assert state == whole(a) and "It is kept as state.bad.2." in note, note
        for name, data in ((savefile.BAD, b"{}{}"), ("state.bad.2", b"[][]")):
            with savefile.fopen(name, "rb") as fh:
                assert fh.read().endswith(data), name
    finally:
        v.close()


def test_flash_work_per_hole_is_one_small_save():
    per = faults.writes_per_save(states())
    holes = faults.hole_saves(states())
    assert len(holes) == 9
    for i in holes:
        programs, nbytes, erases = per[i]
        size = faults.file_bytes(states()[i])
        # one copy of the file, and littlefs's metadata: never the whole flash
        assert size <= nbytes < 3 * size + 2 * BLOCK, (i, nbytes, size)
        assert erases <= 3, (i, erases)
