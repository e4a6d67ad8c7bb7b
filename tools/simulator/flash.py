# NOR flash in RAM under the real littlefs (MicroPython's VfsLfs2; on CPython littlefs-python set up
# the same): an erase sets 0xff, a program only clears bits; the power can be cut at the k-th program
# or erase, a cut landing as `behaviour` says: "torn", ours, or littlefs's own tests' "atomic" and
# "ooo" (littlefs-project/littlefs bd/lfs_emubd.c; docs/STORAGE.md, "How it is tested").
import os
import sys

MICROPYTHON = sys.implementation.name == "micropython"
BLOCK = 4096  # the ESP32 flash sector: littlefs's block there
EIO = -5
MOUNT = "/flash"
BEHAVIOURS = ("torn", "atomic", "ooo")


class Flash:
    def __init__(self, blocks=32, image=None, behaviour="torn", cut_at=None):
        self.blocks = blocks
        if image is not None:
            self.data = bytearray(image)
        else:  # erased: all ones (filled a block at a time: no second copy in the heap)
            self.data = bytearray(blocks * BLOCK)
            ones = b"\xff" * BLOCK
            for b in range(blocks):
                self.data[b * BLOCK:(b + 1) * BLOCK] = ones
        self.ops = self.progs = self.erases = self.prog_bytes = 0
        self.cut_at = cut_at  # the operation that loses the power
        self.dead = False
        self.behaviour = behaviour
        self.ooo = None  # "ooo": (block, its bytes before its erase), the first erased since the last sync
        self.reverted = None  # "ooo": the block put back at the cut, if one was

    def _begin(self, n):
        """Count an operation of n bytes: how many happen (n; a part, fixed by the cut point, at the
        cut; None after it)."""
        self.ops += 1
        if self.dead:
            return None
        if self.cut_at is None or self.ops < self.cut_at:
            return n
        self.dead = True
        if self.behaviour != "torn":  # littlefs's emubd: the operation whole (then, "ooo", see erase())
            return n
        x = (self.cut_at * 1103515245 + 12345) & 0x7FFFFFFF
        return x % (n + 1)

    def _lost(self):
        """At the cut, "ooo": the first block erased since the last sync as it was (lfs_emubd_powerloss);
        the operation's answer: EIO from the cut on."""
        if self.dead and self.behaviour == "ooo" and self.ooo is not None:
            block, before = self.ooo
            self.data[block * BLOCK:(block + 1) * BLOCK] = before
            self.ooo = None
            self.reverted = block
        return EIO if self.dead else 0

    def sync(self):
        """The filesystem's sync: writes before it are on the flash in order ("ooo" forgets its block)."""
        if not self.dead:
            self.ooo = None
        return 0

    def read(self, block, off, n):
        start = block * BLOCK + off
        return self.data[start:start + n]

    def prog(self, block, off, buf):
        n = self._begin(len(buf))
        if n is None:
            return EIO
        start = block * BLOCK + off
        d = self.data
        for i in range(n):
            d[start + i] &= buf[i]
        self.progs += 1
        self.prog_bytes += n
        return self._lost()

    def erase(self, block):
        n = self._begin(BLOCK)
        if n is None:
            return EIO
        start = block * BLOCK
        if self.behaviour == "ooo" and self.ooo is None:
            self.ooo = (block, bytes(self.data[start:start + BLOCK]))
        self.data[start:start + n] = b"\xff" * n
        self.erases += 1
        return self._lost()

    def image(self):
        return bytes(self.data)


# ---- MicroPython: VfsLfs2 on the block device protocol ---------------------

class BlockDev:
    """The extended block device protocol VfsLfs2 calls."""

    def __init__(self, flash):
        self.flash = flash

    def readblocks(self, block, buf, off=0):
        buf[:] = self.flash.read(block, off, len(buf))

    def writeblocks(self, block, buf, off=None):
        if off is None:  # the simple protocol: erase, then program
            r = self.flash.erase(block)
            return r or self.flash.prog(block, 0, buf)
        return self.flash.prog(block, off, buf)

    def ioctl(self, op, arg):  # 3 sync, 4 the block count, 5 the block size, 6 erase
        f = self.flash
        if op in (3, 6):
            return f.sync() if op == 3 else f.erase(arg)
        return {4: f.blocks, 5: BLOCK}.get(op, 0)


# ---- CPython: littlefs-python, and an os/open for the firmware's store -----

def _lfs_context(flash):
    from littlefs import UserContext

    class Context(UserContext):
        def __init__(self):
            self.buffer = flash.data

        def read(self, cfg, block, off, size):
            return flash.read(block, off, size)

        def prog(self, cfg, block, off, data):
            return flash.prog(block, off, data)

        def erase(self, cfg, block):
            return flash.erase(block)

        def sync(self, cfg):
            return flash.sync()

    return Context()


# littlefs-python set up as MicroPython's VfsLfs2 by default (host_tests/test_littlefs_cross.py)
LFS_CONFIG = {"read_size": 32, "prog_size": 32, "cache_size": 128, "lookahead_size": 32, "block_cycles": 100}


def littlefs(flash):
    """A littlefs-python LittleFS on flash (a Flash), not yet mounted."""
    from littlefs import LittleFS

    return LittleFS(_lfs_context(flash), mount=False, block_size=BLOCK, block_count=flash.blocks,
                    **LFS_CONFIG)


def write_tree(fs, files):
    """files ({path: bytes}) written into fs (a mounted littlefs-python LittleFS), their folders
    made: a bundle's filesystem (tools/bundle.py) and make size's count (tools/size.py)."""
    for path, data in sorted(files.items()):
        parts = path.split("/")
        for i in range(1, len(parts)):
            try:
                fs.mkdir("/".join(parts[:i]))
            except FileExistsError:
                pass
        with fs.open(path, "wb") as f:
            f.write(data)


class LfsOS:
    """What storage/savefile.py uses of os and open(), on a littlefs-python volume,
    with its errors as OSError(errno) like MicroPython's."""

    def __init__(self, fs):
        self.fs = fs

    def _call(self, fn, *args):
        from littlefs.errors import LittleFSError

        try:
            return fn(*args)
        except LittleFSError as e:
            raise OSError(-e.code, str(e))

    def stat(self, path):
        st = self._call(self.fs.stat, path)
        return (0x8000 if st.type == 1 else 0x4000, 0, 0, 0, 0, 0, st.size, 0, 0, 0)

    def __getattr__(self, name):  # rename, remove
        method = getattr(self.fs, name)
        return lambda *a: self._call(method, *a)

    def listdir(self, path="."):
        return self._call(self.fs.listdir, "/" if path == "." else path)

    def open(self, path, mode="r"):
        try:
            return LfsFile(self, self._call(self.fs.open, path, mode))
        except FileNotFoundError as e:
            raise OSError(2, str(e))


class LfsFile:
    """A littlefs-python file whose errors are OSError(errno)."""

    def __init__(self, lfs_os, f):
        self.call, self.f = lfs_os._call, f

    def __getattr__(self, name):  # read, readline, write
        method = getattr(self.f, name)
        return lambda *a: self.call(method, *a)

    def close(self):
        try:
            self.call(self.f.close)
        except OSError:
            # littlefs forgets a file whose close failed: littlefs-python must not close it again
            raw = self.f
            while hasattr(raw, "buffer") or hasattr(raw, "raw"):
                raw = getattr(raw, "buffer", None) or raw.raw
            setattr(raw, "__IOBase_closed", True)
            raise

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        try:
            self.close()
        except OSError:
            if exc[0] is None:
                raise


class Volume:
    """A littlefs volume on a Flash where the firmware looks (MicroPython: /flash, made current;
    CPython: storage.savefile's os and open); close() undoes it."""

    def __init__(self, flash, fresh=False):
        from storage import savefile

        self.flash = flash
        self.store = savefile
        if MICROPYTHON:
            import vfs

            dev = BlockDev(flash)
            if fresh:
                vfs.VfsLfs2.mkfs(dev)
            self.cwd = os.getcwd()
            vfs.mount(vfs.VfsLfs2(dev), MOUNT)
            os.chdir(MOUNT)
        else:
            fs = littlefs(flash)
            if fresh:
                fs.format()
            fs.mount()
            self.os = LfsOS(fs)
            self.saved = (savefile.os, savefile.__dict__.get("open"))
            savefile.os = self.os
            savefile.open = self.os.open

    def write(self, path, data):
        """A file of our own (junk to fill the flash, a damaged save)."""
        opener = open if MICROPYTHON else self.os.open
        with opener(path, "wb") as f:
            f.write(data)

    def remove(self, path):
        (os if MICROPYTHON else self.os).remove(path)

    def close(self):
        if MICROPYTHON:
            import vfs

            os.chdir(self.cwd)
            try:
                vfs.umount(MOUNT)
            except OSError:
                pass  # a dead flash cannot take the last sync
        else:
            self.store.os = self.saved[0]
            if self.saved[1] is None:
                del self.store.open
            else:
                self.store.open = self.saved[1]


def formatted(blocks=32):
    """The image of a freshly formatted volume."""
    f = Flash(blocks)
    Volume(f, fresh=True).close()
    return f.image()
