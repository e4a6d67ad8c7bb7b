# cpython-only
# make bundle (issue 39, 1): one .bin a board, the stock MicroPython image
# with the firmware already in a filesystem (tools/bundle.py). Every board's
# bundle of two real stock images (micropython.org's, found where
# STOCK_IMAGES says) read by a peer's tool (mp-image-tool-esp32) and esptool. No board and no download
# here: the other stock images are synthetic, an ESP32 image header
# and MicroPython's real partition tables (ports/esp32/partitions-*.csv, as
# of 1c3c201: current images have no "vfs" entry; v1.25's had one) with a
# fake bootloader and app around them. Held: the bundle's table parses, its
# MD5 is right, and its "vfs" partition is where MicroPython mounts it; that
# region, mounted with littlefs-python, holds the files and bytes make
# deploy would copy; mounted with the unix port's VfsLfs2 as the virtual
# board's flash, it boots to ready; what cannot be bundled is refused in
# one line. (Subprocesses: CPython.)
import hashlib
import json
import os
import select
import struct
import subprocess
import sys
import time

import pytest

import bundle
from common import deploy
from littlefs import LittleFS
from simulator.flash import BLOCK, LFS_CONFIG, Flash, _lfs_context

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
PY = sys.executable
MB = 1024 * 1024

# MicroPython's tables, verbatim (Name, Type, SubType, Offset, Size)
CURRENT = """\
nvs,      data, nvs,     0x9000,  0x6000,
phy_init, data, phy,     0xf000,  0x1000,
factory,  app,  factory, 0x10000, 0x1F0000,
"""  # ports/esp32/partitions-4MiBplus.csv: sdkconfig.base's, ESP32_GENERIC and ESP32_GENERIC_S3 both
OLD = CURRENT + "vfs,      data, fat,     0x200000, 0x200000,\n"  # partitions-4MiB.csv until v1.25
FULL = CURRENT.replace("0x1F0000", "0x3F0000")  # an app to the end of 4 MB: no room left
TYPES = {"app": 0, "data": 1}
SUBTYPES = {"factory": 0, "nvs": 2, "phy": 1, "fat": 0x81}


def csv_parts(csv):
    out = []
    for line in csv.splitlines():
        name, t, s, off, size = [x.strip() for x in line.split(",")[:5]]
        out.append((TYPES[t], SUBTYPES[s], int(off, 0), int(size, 0), name))
    return out


def table_bytes(parts):
    """ESP-IDF's gen_esp32part.py's binary form, written here apart from tools/bundle.py."""
    body = b"".join(struct.pack("<2sBBII16sI", b"\xaa\x50", t, s, o, n, name.encode(), 0)
                    for t, s, o, n, name in parts)
    body += b"\xeb\xeb" + b"\xff" * 14 + hashlib.md5(body).digest()
    return body + b"\xff" * (0xC00 - len(body))


def stock_image(chip, csv, version="v1.27.0"):
    """A merged image as micropython.org's .bin is laid out: bootloader at
    its offset, the table at 0x8000, the app at 0x10000."""
    base = bundle.BOOT_OFFSET[chip]
    chip_id = deploy.manifest.CHIP_ID[chip]
    boot = bytes([0xE9, 3, 2, 0x20, 0, 0, 0, 0, 0xEE, 0, 0, 0]) + struct.pack("<H", chip_id)
    boot += bytes(range(256)) * 40  # the bootloader's "code"
    img = boot + b"\xff" * (0x8000 - base - len(boot)) + table_bytes(csv_parts(csv))
    app = b"\xe9\x06\x02\x20"
    if version:  # its banner, as a real app holds it (before the rest: a test cuts an image's end)
        app += b"MicroPython %s on 2025-12-09\0" % version.encode()
    app += hashlib.sha256(chip.encode()).digest() * 2000  # 64 KB of "app"
    return img + b"\xff" * (0x10000 - base - len(img)) + app


def read_table(raw):
    """[(type, subtype, offset, size, label)], checking the MD5 entry (an assertion)."""
    parts = []
    for pos in range(0, 0xC00, 32):
        e = raw[pos:pos + 32]
        if e[:2] == b"\xeb\xeb":
            assert e[2:16] == b"\xff" * 14 and e[16:] == hashlib.md5(raw[:pos]).digest(), "bad MD5 entry"
            assert raw[pos + 32:0xC00] == b"\xff" * (0xC00 - pos - 32)
            return parts
        assert e[:2] == b"\xaa\x50", "no MD5 entry after the entries"
        _m, t, s, o, n, label, _f = struct.unpack("<2sBBII16sI", e)
        parts.append((t, s, o, n, label.rstrip(b"\0").decode()))
    raise AssertionError("no MD5 entry")


def mounted_files(region):
    """{path: bytes} of a littlefs region, mounted with littlefs-python as VfsLfs2 makes it."""
    flash = Flash(len(region) // BLOCK, region)
    fs = LittleFS(_lfs_context(flash), mount=False, block_size=BLOCK, block_count=flash.blocks, **LFS_CONFIG)
    fs.mount()
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            p = (top.rstrip("/") + "/" + n).lstrip("/")
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    return out


_FILES = {}


def board_files(board_id, arch=deploy.ESP32_ARCH):
    if (board_id, arch) not in _FILES:
        _FILES[board_id, arch] = bundle.firmware_files(board_id, arch)
    return _FILES[board_id, arch]


@pytest.mark.parametrize("board_id,chip,csv", [("cyd", "esp32", CURRENT), ("cardputer", "esp32s3", CURRENT),
                                               ("ttgo-t-display", "esp32", OLD)],
                         ids=["ESP32_GENERIC", "ESP32_GENERIC_S3", "v1.25-with-vfs"])
def test_the_bundle_is_the_stock_image_with_a_vfs_partition_holding_what_deploy_copies(board_id, chip, csv):
    stock = stock_image(chip, csv)
    out, (offset, size) = bundle.bundle(board_id, stock, board_files(board_id))
    base = bundle.BOOT_OFFSET[chip]
    pos = 0x8000 - base
    # everything of the stock image but its table is there unchanged
    assert out[:pos] == stock[:pos] and out[pos + 0xC00:len(stock)] == stock[pos + 0xC00:]
    parts = read_table(out[pos:pos + 0xC00])
    assert parts[:3] == csv_parts(CURRENT)  # the stock entries, as they were
    # one "vfs" data partition, as flashbdev.py finds it, after the app, up to the end of 4 MB
    assert parts[3:] == [(1, 0x81, 0x200000, 0x200000, "vfs")] and (offset, size) == (0x200000, 0x200000)
    assert len(out) == 4 * MB - base  # one esptool write at base covers the whole table's flash
    if csv is OLD:
        assert out[pos:pos + 0xC00] == stock[pos:pos + 0xC00]  # its own table, as it is
    # the filesystem: what make deploy copies, byte for byte, and its record
    files = mounted_files(out[offset - base:offset - base + size])
    want = deploy.compile_files(board_id, deploy.ESP32_ARCH, os.path.join(ROOT, "build", "tmp", "sk-bundle"))
    record = json.loads(files.pop(deploy.RECORD))
    assert files.pop(deploy.CHECK_FILE) == b""  # the board check at the first start, as after make deploy
    assert files == want
    assert record["board"] == board_id and record["arch"] == "xtensawin"
    assert record["files"] == {p: deploy.sha(d) for p, d in want.items()}
    assert "main.py" in files and "board.mpy" in files and "web/http.mpy" in files
    assert not any(p.startswith("lib/") for p in files)  # no library (requirements-board.txt: none now)
    assert "web/page.html.gz" in files  # the page


# The two real stock images micropython.org builds, by their names there and their SHA-256, in the
# folder STOCK_IMAGES names (by default the one beside the checkout where this workplace keeps
# them); and a peer's tool that reads such images on its own:
# mp-image-tool-esp32 (glenn20's, pinned in requirements-dev.txt: its partition table reader, its app
# hash check through esptool, its littlefs reader), and esptool's own image-info on the app.
IMAGES = os.environ.get("STOCK_IMAGES") or os.path.join(ROOT, "..", "shared", "micropython", "images")
REAL = {"esp32": ("ESP32_GENERIC-20250911-v1.26.1.bin",
                  "6b5272b6edd15fc4d1627ec559a27a5d5a7b86e5ea7f8013941eb10c877edd4e"),
        "esp32s3": ("ESP32_GENERIC_S3-20251209-v1.27.0.bin",
                    "f533115edca660863b1308445d5c08e3fa108b34c39229a53c2f984a8186a9cd")}
MPIT = os.path.join(ROOT, ".venv", "bin", "mp-image-tool-esp32")
ESPTOOL = os.path.join(ROOT, ".venv", "bin", "esptool")


def real_image(chip):
    name, digest = REAL[chip]
    path = os.path.join(IMAGES, name)
    if not os.path.exists(path):
        pytest.skip("the stock images are not found: STOCK_IMAGES=<the folder holding %s>" % name)
    with open(path, "rb") as f:
        data = f.read()
    assert hashlib.sha256(data).hexdigest() == digest, name
    return data


@pytest.mark.parametrize("board_id", list(deploy.manifest.REAL_BOARDS))
def test_a_bundle_of_the_real_stock_image_reads_right_with_a_peers_tool_and_esptool(board_id, tmp_path):
    chip = deploy.manifest.board_chip(board_id)
    stock = real_image(chip)
    out, (offset, size) = bundle.bundle(board_id, stock, board_files(board_id))
    path = tmp_path / ("%s.bin" % board_id)
    path.write_bytes(out)
    base = bundle.BOOT_OFFSET[chip]
    # the table, as the peer's tool reads it: the stock entries and our vfs, each where it says
    run = subprocess.run([MPIT, str(path), "--check-app"], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, COLUMNS="200"))
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    rows = {r[0]: r[1:] for r in (
        [c.strip() for c in line.split("│")[1:-1]] for line in said.splitlines() if line.startswith("│"))
        if r and r[0] in ("nvs", "phy_init", "factory", "vfs")}
    assert rows["factory"][:4] == ["app", "factory", "0x10000", "0x1f0000"], rows
    assert rows["vfs"][:4] == ["data", "fat", hex(offset), hex(size)], rows
    assert "Partition 'factory': Hash confirmed" in said, said  # the app untouched
    # the flash the stock header declares, kept (docs/DEPLOY.md: why not the Cardputer's 8 MB)
    assert "firmware file (4MB flash)" in said and out[3] >> 4 == stock[3] >> 4 == 2, said
    # the filesystem, as its littlefs reader lists it: every file make deploy would copy
    run = subprocess.run([MPIT, "-q", str(path), "--fs", "ls"], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, COLUMNS="200"))
    listed = set(run.stdout.split())
    assert run.returncode == 0, run.stdout + run.stderr
    assert set(board_files(board_id)) <= listed, sorted(set(board_files(board_id)) - listed)
    # esptool's own reading of the app image in the bundle: its checksum and hash valid
    app = tmp_path / "app.bin"
    app.write_bytes(out[0x10000 - base:0x10000 - base + 0x1F0000])
    run = subprocess.run([ESPTOOL, "--chip", chip, "image-info", str(app)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "(valid)" in run.stdout and "invalid" not in run.stdout.lower(), run.stdout

BOOT = r"""
import sys, os, vfs
sys.path.insert(0, sys.argv[2])
from simulator.flash import Flash, BlockDev
sys.path.pop(0)
with open(sys.argv[1], "rb") as f:
    img = f.read()
vfs.mount(vfs.VfsLfs2(BlockDev(Flash(len(img) // 4096, img))), "/flash")
os.chdir("/flash")
sys.path[:] = ["", ".frozen", "/flash/lib"]  # an ESP32's: the flash's root, frozen modules, /lib
exec(open("main.py").read(), {"__name__": "__main__"})
"""


def test_the_bundles_filesystem_boots_the_virtual_board_under_vfslfs2(tmp_path):
    """The region as VfsLfs2 (the ESP32 port's filesystem) mounts it, main.py run from it."""
    stock = stock_image("esp32", CURRENT)
    out, (offset, size) = bundle.bundle("sim", stock, board_files("sim", "x64"), chip="esp32")
    region = tmp_path / "vfs.img"
    region.write_bytes(out[offset - 0x1000:offset - 0x1000 + size])
    proc = subprocess.Popen([MPY, "-X", "heapsize=8M", "-c", BOOT, str(region), os.path.join(ROOT, "tools")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            cwd=str(tmp_path))
    seen = b""
    try:
        end = time.monotonic() + 60
        while b"on sim: ready" not in seen and time.monotonic() < end and proc.poll() is None:
            if select.select([proc.stdout], [], [], 1)[0]:
                seen += os.read(proc.stdout.fileno(), 4096)
    finally:
        proc.kill()
        proc.wait()
    assert b"on sim: ready" in seen, seen.decode(errors="replace")


def run_bundle(tmp_path, board_id, data, *more):
    fw = tmp_path / "fw.bin"
    fw.write_bytes(data)
    return subprocess.run([PY, os.path.join(ROOT, "tools", "bundle.py"), "--board", board_id, "--firmware",
                           str(fw), "--out", str(tmp_path / "out.bin")] + list(more), capture_output=True,
                          text=True)


@pytest.mark.parametrize("data,board_id,says", [
    (b"PK\x03\x04" + b"\0" * 5000, "cyd", "not an ESP32 firmware image"),
    (stock_image("esp32", FULL), "cyd", "no room left for a filesystem"),
    (stock_image("esp32", CURRENT), "cardputer", "an image for esp32, not esp32s3"),
    (stock_image("esp32", CURRENT, "v1.20.0"), "cyd",
     "it is MicroPython v1.20.0; a bundle needs v1.23 or newer"),
    (stock_image("esp32", CURRENT, "v1.22.2"), "cyd", "it is MicroPython v1.22.2; a bundle needs v1.23"),
    (stock_image("esp32", CURRENT, None), "cyd", "no MicroPython version in it"),
    # (a newcomer: the boards listed for an unknown one took in browser and sim, then refused them)
    (stock_image("esp32", CURRENT), "ttgo", "unknown board 'ttgo' (boards: cardputer, cyd, devkit-oled, "
     "m5stack-core, ttgo-t-display)"),
    (stock_image("esp32", CURRENT), "browser", "browser is not an ESP32 board: nothing to bundle (boards: "
     "cardputer,"),
], ids=["a zip", "no room", "another chip", "v1.20", "v1.22.2", "no banner", "unknown board", "browser"])
def test_what_cannot_be_bundled_is_refused_in_one_line(tmp_path, data, board_id, says):
    run = run_bundle(tmp_path, board_id, data)
    assert run.returncode == 2 and run.stdout == "", run.stdout + run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bundle: ") and says in lines[0], run.stderr
    assert not (tmp_path / "out.bin").exists()


def our_image(chip, board_id):
    """A synthetic image of ours (make image's) for the board: a stock one whose app holds what
    freezing writes into the real one (the frozen port's, read below): the frozen modules' names in
    a row, imageinfo.py among them, and imageinfo's digest as a C string of its own."""
    frozen = b"asyncio/stream.py\0uasyncio.py\0imageinfo.py\0app.py\0compat.py\0"
    digest = deploy.manifest.image_digest(board_id).encode()
    return stock_image(chip, CURRENT) + frozen + b"\0\0" + digest + b"\0"


def test_our_image_and_stock_micropython_are_told_apart_as_micropython_builds_them():
    """What make bundle tells the two kinds by, read from real builds: the real stock images have no
    imageinfo frozen in them; each frozen 32-bit port (make unix32: the same manifest our image
    freezes, through MicroPython's own freezing) has it, and its board's digest, and no other board's."""
    from common import unix32

    for chip in REAL:
        stock = real_image(chip)
        assert bundle.FROZEN_INFO not in stock
        bundle.kind_check(stock, chip)  # stock, as asked
    built = [b for b in deploy.manifest.REAL_BOARDS
             if os.path.exists(unix32.frozen_port(b)) and unix32.stale(b) is None]
    if not built:
        pytest.skip("no frozen 32-bit port built from this firmware (make unix32)")
    for b in built:
        with open(unix32.frozen_port(b), "rb") as f:
            port = f.read()
        assert b"\0uasyncio.py\0imageinfo.py\0" in port  # mp_frozen_names, as our_image() has it
        chip = deploy.manifest.board_chip(b)
        bundle.kind_check(port, chip, b)  # ours, of this checkout's firmware for the board
        with pytest.raises(bundle.BundleError, match="it is our image .*, not stock MicroPython"):
            bundle.kind_check(port, chip)
        for other in deploy.manifest.REAL_BOARDS:
            if other != b:
                with pytest.raises(bundle.BundleError, match="not of this checkout's firmware for " + other):
                    bundle.kind_check(port, chip, other)


@pytest.mark.parametrize("data,image,says", [
    (stock_image("esp32", CURRENT), True,
     "it is stock MicroPython, not our image (no imageinfo frozen in it): IMAGE=1 takes our image, "
     "build/image/cyd/firmware.bin (make image BOARD=cyd); stock MicroPython goes without IMAGE=1"),
    (our_image("esp32", "cyd"), False, "it is our image (the scorekeeper frozen in: make image's), not stock "
     "MicroPython: give it with IMAGE=1, or give stock MicroPython's .bin "
     "(micropython.org/download/ESP32_GENERIC/)"),
    (our_image("esp32", "m5stack-core"), True, "it is our image, but not of this checkout's firmware for cyd "
     "(its imageinfo has no digest %s: built for another board" % deploy.manifest.image_digest("cyd")),
], ids=["stock with IMAGE=1", "ours without", "another board's"])
def test_image_1_takes_our_image_alone_and_without_it_stock_alone(tmp_path, data, image, says):
    run = run_bundle(tmp_path, "cyd", data, *(["--image"] if image else []))
    assert run.returncode == 2 and run.stdout == "", run.stdout + run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bundle: %s: " % (tmp_path / "fw.bin")), run.stderr
    assert says in lines[0], run.stderr
    assert not (tmp_path / "out.bin").exists()


def test_make_bundle_image_1_bundles_our_image_with_what_deploy_image_1_copies(tmp_path):
    fw = tmp_path / "firmware.bin"
    ours = our_image("esp32", "cyd")
    fw.write_bytes(ours)
    out = tmp_path / "b.bin"
    run = subprocess.run(["make", "--no-print-directory", "bundle", "BOARD=cyd", "FIRMWARE=%s" % fw,
                          "OUT=%s" % out, "IMAGE=1"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    got = out.read_bytes()
    files = mounted_files(got[0x200000 - 0x1000:0x400000 - 0x1000])
    assert json.loads(files.pop(deploy.RECORD))["image"] == deploy.manifest.image_digest("cyd")
    assert files.pop(deploy.CHECK_FILE) == b""
    assert files == deploy.compile_files("cyd", deploy.ESP32_ARCH, str(tmp_path / "mpy"), image=True)
    assert got[:len(ours)][0x8000 - 0x1000 + 0xC00:] == ours[0x8000 - 0x1000 + 0xC00:]  # the image, kept


def test_make_bundle_writes_one_file_and_says_the_one_esptool_command(tmp_path):
    fw = tmp_path / "ESP32_GENERIC_S3-test.bin"
    fw.write_bytes(stock_image("esp32s3", CURRENT))
    out = tmp_path / "b.bin"
    run = subprocess.run(["make", "--no-print-directory", "bundle", "BOARD=cardputer", "FIRMWARE=%s" % fw,
                          "OUT=%s" % out], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "write-flash -z 0x0 %s" % out in run.stdout and "--chip esp32s3" in run.stdout
    assert len(out.read_bytes()) == 4 * MB
    # (a newcomer: without BOARD= it made the TTGO's, unsaid) no board named: asked for
    run = subprocess.run(["make", "--no-print-directory", "bundle", "FIRMWARE=%s" % fw, "OUT=%s" % out],
                         capture_output=True, text=True, cwd=ROOT,
                         env={k: v for k, v in os.environ.items() if k != "BOARD"})
    assert run.returncode != 0 and "bundle: say which board: make bundle BOARD=<id>" in run.stderr, run.stderr


def test_the_apps_size_is_told_against_its_partitions(tmp_path):
    """What CI prints for each board's image (.github/workflows/images.yml)."""
    fw = tmp_path / "firmware.bin"
    stock = stock_image("esp32s3", CURRENT)
    fw.write_bytes(stock)
    run = subprocess.run([PY, os.path.join(ROOT, "tools", "bundle.py"), "--board", "cardputer", "--size-of",
                          str(fw)], capture_output=True, text=True)
    used = len(stock) - 0x10000  # the app's bytes: from its partition's start to the image's end
    want = "cardputer: app %d bytes of its partition's %d (3%%, %d KB free)\n" % (
        used, 0x1F0000, (0x1F0000 - used) // 1024)
    assert run.returncode == 0 and run.stdout == want, run.stdout + run.stderr
    fw.write_bytes(stock + b"\0" * 0x1F0000)  # an app larger than its partition fails
    run = subprocess.run([PY, os.path.join(ROOT, "tools", "bundle.py"), "--board", "cardputer", "--size-of",
                          str(fw)], capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout.endswith("TOO BIG\n"), run.stdout


if __name__ == "__main__":
    sys.exit("run with pytest")


def test_the_readme_names_each_boards_stock_image_and_its_bundles_size():
    # (issue 58, 6) what a user fetches first, where, and what comes out: held to the real bundles
    import image

    with open(os.path.join(ROOT, "README.md")) as f:
        rows = [line for line in f if line.strip().startswith("| ") and "micropython.org/download" in line]
    for b in deploy.manifest.REAL_BOARDS:
        chip = deploy.manifest.board_chip(b)
        (row,) = [r for r in rows if "`%s`" % b in r]
        base = image.base_board(b)
        assert "`%s`: https://micropython.org/download/%s/" % (base, base) in row, row
        out, _ = bundle.bundle(b, real_image(chip), board_files(b))
        size = "{:,} KB, written at 0x{:x}".format(len(out) // 1024, bundle.BOOT_OFFSET[chip])
        assert size in row, (row, len(out))
