# make bundle: one file per board on stock MicroPython: the stock image with what make deploy
# puts on the flash (deployed.json too) in a littlefs filesystem, in a "vfs" partition added to
# the image's own ESP-IDF partition table where it has none (docs/DEPLOY.md, "One file").
#
#   python tools/bundle.py --board cyd --firmware ESP32_GENERIC-<date>-v<version>.bin [--out FILE]
import argparse
import hashlib
import json
import os
import re
import struct
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from common import deploy  # noqa: E402
from common import manifest  # noqa: E402
from simulator import flash as flashsim  # noqa: E402

ROOT = manifest.ROOT
OUT = os.path.join(ROOT, "build", "bundle")
BOOT_OFFSET = {chip: f[0] for chip, f in manifest.FLASHING.items()}  # where the image's start goes
TABLE_OFFSET = 0x8000  # the partition table, in the flash
TABLE_MAX = 0xC00  # ESP-IDF's ESP_PARTITION_TABLE_MAX_LEN
ENTRY = struct.Struct("<2sBBII16sI")  # magic, type, subtype, offset, size, label, flags
MAGIC = b"\xaa\x50"
MD5_MAGIC = b"\xeb\xeb"
DATA, FAT = 0x01, 0x81  # ESP_PARTITION_TYPE_DATA, ESP_PARTITION_SUBTYPE_DATA_FAT (main.c's "vfs")
FLASH_SIZES = {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 32, 6: 64, 7: 128}  # header's high nibble -> MB
MB = 1024 * 1024
# the oldest MicroPython that mounts a bundle's littlefs (disk v2.1) and loads our .mpy (v6.3)
OLDEST = (1, 23)
FS_BLOCK = flashsim.BLOCK
# our image is told from stock MicroPython by imageinfo.py among its frozen modules' names (and
# its DIGEST, a C string of the qstr pool)
FROZEN_INFO = (manifest.IMAGE_INFO + ".py").encode() + b"\0"


class BundleError(Exception):
    pass


def parse_table(table):
    """[(type, subtype, offset, size, label, flags)] of a partition table (its MD5 checked)."""
    parts = []
    for pos in range(0, TABLE_MAX, ENTRY.size):
        raw = table[pos:pos + ENTRY.size]
        if raw[:2] == MD5_MAGIC:
            if raw[16:] != hashlib.md5(table[:pos]).digest():
                raise BundleError("its partition table's MD5 does not match its entries (a damaged image)")
            continue
        if raw[:2] != MAGIC:
            break
        magic, ptype, sub, off, size, label, flags = ENTRY.unpack(raw)
        parts.append((ptype, sub, off, size, label.rstrip(b"\x00").decode("ascii", "replace"), flags))
    return parts


def make_table(parts):
    """The bytes of a partition table (TABLE_MAX of them) with its MD5 entry."""
    body = b"".join(ENTRY.pack(MAGIC, t, s, o, n, label.encode(), f) for t, s, o, n, label, f in parts)
    body += MD5_MAGIC + b"\xff" * 14 + hashlib.md5(body).digest()
    if len(body) > TABLE_MAX:
        raise BundleError("no room for one more entry in its partition table")
    return body + b"\xff" * (TABLE_MAX - len(body))


def firmware_files(board_id, arch=deploy.ESP32_ARCH, image=False):
    """{path: bytes} of what make deploy (image: IMAGE=1) puts on the board's flash."""
    with tempfile.TemporaryDirectory() as tmp:
        files = deploy.compile_files(board_id, arch, tmp, image=image)
    files[deploy.RECORD] = json.dumps(deploy.record_of(board_id, arch, files, image)).encode()
    files[deploy.CHECK_FILE] = b""  # the board check at its first start, as after a first make deploy
    return files


def filesystem(files, size):
    """A littlefs image of size bytes holding files, as VfsLfs2 mounts it."""
    from littlefs.errors import LittleFSError

    flash = flashsim.Flash(size // FS_BLOCK)
    fs = flashsim.littlefs(flash)
    fs.format()
    fs.mount()
    try:
        flashsim.write_tree(fs, files)
        fs.unmount()
    except LittleFSError as e:
        raise BundleError("the firmware (%d KB) does not fit in a filesystem of %d KB (%s)"
                          % (sum(len(d) for d in files.values()) // 1024, size // 1024, e))
    return flash.image()


def layout(image, chip):
    """(the table's position in the image, its partitions, the flash size its header declares);
    BundleError where it is not an ESP32 image of that chip."""
    found = manifest.image_chip(image)
    if found is None:
        raise BundleError("it is not an ESP32 firmware image (no 0xE9 at its start): give MicroPython's "
                          ".bin from micropython.org/download")
    if found != chip:
        raise BundleError("it is an image for %s, not %s" % (found, chip))
    pos = TABLE_OFFSET - BOOT_OFFSET[chip]
    parts = parse_table(image[pos:pos + TABLE_MAX])
    if not parts:
        raise BundleError("it has no partition table at 0x%x: not a whole MicroPython image (the one "
                          "whose name has no -OTA or app in it)" % TABLE_OFFSET)
    return pos, parts, FLASH_SIZES.get(image[3] >> 4, 4) * MB


def version_of(image):
    """The MicroPython version (major, minor, micro) its banner names, or None."""
    m = re.search(rb"MicroPython v(\d+)\.(\d+)(?:\.(\d+))?", image)
    return m and (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))


def kind_check(image, chip, board_id=None, ways=("IMAGE=1", "without IMAGE=1")):
    """BundleError where the image is not the kind asked for: stock MicroPython (board_id None),
    or our image of this checkout's firmware for board_id. ways: how the tool is given each."""
    if FROZEN_INFO not in image:
        if board_id is not None:
            raise BundleError("it is stock MicroPython, not our image (no %s frozen in it): %s takes our "
                              "image, build/image/%s/firmware.bin (make image BOARD=%s); stock MicroPython "
                              "goes %s"
                              % (manifest.IMAGE_INFO, ways[0], board_id, board_id, ways[1]))
        return
    if board_id is None:
        raise BundleError("it is our image (the scorekeeper frozen in: make image's), not stock MicroPython: "
                          "give it with %s, or give stock MicroPython's .bin (micropython.org/download/%s/)"
                          % (ways[0], manifest.FLASHING[chip][1]))
    digest = manifest.image_digest(board_id)
    if digest.encode() + b"\0" not in image:
        raise BundleError("it is our image, but not of this checkout's firmware for %s (its %s has no digest "
                          "%s: built for another board, or from other firmware), and main.py and board.py "
                          "from here would run with its modules: make image BOARD=%s again"
                          % (board_id, manifest.IMAGE_INFO, digest, board_id))


def read_image(path, chip, board_id=None, ways=("IMAGE=1", "without IMAGE=1")):
    """The image at path: an ESP32 image for chip (None: any) of the kind asked for (kind_check)."""
    try:
        image = deploy.read(path)
    except OSError as e:
        raise BundleError("cannot read %s: %s" % (path, e.strerror))
    try:
        chip = chip or manifest.image_chip(image)
        if chip not in BOOT_OFFSET:
            raise BundleError("it is not an image for an ESP32 or an ESP32-S3 (its header)")
        layout(image, chip)
        kind_check(image, chip, board_id, ways)
    except BundleError as e:
        raise BundleError("%s: %s" % (path, e))
    return image


def bundle(board_id, image, files, chip=None):
    """(the bundle's bytes, the vfs partition's (offset, size)) of a stock image."""
    chip = chip or manifest.board_chip(board_id)
    base = BOOT_OFFSET[chip]
    pos, parts, flash = layout(image, chip)
    version = version_of(image)
    if version is None:
        raise BundleError("no MicroPython version in it (its banner, \"MicroPython v1.x.y\"): not a "
                          "MicroPython image")
    if version[:2] < OLDEST:
        raise BundleError("it is MicroPython v%d.%d.%d; a bundle needs v%d.%d or newer (older ones cannot "
                          "mount its filesystem nor load its .mpy files): micropython.org/download"
                          % (version + OLDEST))
    vfs = [p for p in parts if p[0] == DATA and p[4] in ("vfs", "ffat")]
    if vfs:
        offset, size = vfs[0][2], vfs[0][3]
        table = image[pos:pos + TABLE_MAX]
    else:
        end = max(p[2] + p[3] for p in parts)
        offset = (end + FS_BLOCK - 1) // FS_BLOCK * FS_BLOCK
        size = flash - offset
        if size < 64 * FS_BLOCK:
            raise BundleError("no room left for a filesystem: its partitions end at 0x%x of the %d MB "
                              "flash its header declares" % (end, flash // MB))
        table = make_table(parts + [(DATA, FAT, offset, size, "vfs", 0)])
    if len(image) > offset - base:
        raise BundleError("the image's data reaches past 0x%x, where its filesystem partition starts"
                          % offset)
    out = bytearray(image) + b"\xff" * (offset - base - len(image))
    out[pos:pos + TABLE_MAX] = table
    out += filesystem(files, size)
    return bytes(out), (offset, size)


def sizes(board_id, path):
    """The line CI prints for a board's image (make image's firmware.bin): its app against its partition."""
    image, chip = deploy.read(path), manifest.board_chip(board_id)
    apps = [p for p in layout(image, chip)[1] if p[0] == 0]  # ESP_PARTITION_TYPE_APP: factory (or ota_0)
    if not apps:
        raise BundleError("its partition table has no app partition")
    app = min(apps, key=lambda p: p[2])
    used, room = len(image) - (app[2] - BOOT_OFFSET[chip]), app[3]
    return "%s: app %d bytes of its partition's %d (%d%%, %d KB free)%s" % (
        board_id, used, room, 100 * used // room, (room - used) // 1024, "" if used <= room else ": TOO BIG")


def main(argv):
    ap = argparse.ArgumentParser(description="Stock MicroPython with the scorekeeper in its filesystem: "
                                             "one .bin.")
    ap.add_argument("--board", help="board id: %s" % ", ".join(manifest.REAL_BOARDS))
    ap.add_argument("--firmware", default="",
                    help="MicroPython's .bin for the board (micropython.org/download)")
    ap.add_argument("--image", action="store_true", help="the image is ours (make image): the bundle "
                    "holds what make deploy IMAGE=1 copies (board.py, main.py, the page)")
    ap.add_argument("--out", help="the bundle (default build/bundle/scorekeeper-<board>.bin)")
    ap.add_argument("--size-of", metavar="FILE", help="print only the app's size in the image FILE (make "
                    "image's firmware.bin) against its partition's; fail if it does not fit")
    args = ap.parse_args(argv)
    if not args.board:  # (make bundle without BOARD= had made the TTGO's, unsaid)
        print("bundle: say which board: make bundle BOARD=<id> FIRMWARE=<MicroPython .bin> (boards: %s)"
              % ", ".join(manifest.REAL_BOARDS), file=sys.stderr)
        return 2
    if args.size_of:
        try:
            line = sizes(args.board, args.size_of)
        except (BundleError, OSError, manifest.ManifestError) as e:
            print("bundle: %s: %s" % (args.size_of, e), file=sys.stderr)
            return 2
        print(line)
        return 1 if line.endswith("TOO BIG") else 0
    try:
        if args.board not in manifest.REAL_BOARDS:  # (a newcomer: the list offered browser and sim)
            raise BundleError("%s (boards: %s)" % (
                "%s is not an ESP32 board: nothing to bundle" % args.board if args.board in manifest.BOARDS
                else "unknown board '%s'" % args.board, ", ".join(manifest.REAL_BOARDS)))
        chip = manifest.board_chip(args.board)
        if not args.firmware:
            raise BundleError("say which MicroPython image: make bundle BOARD=%s FIRMWARE=<the .bin from "
                              "micropython.org/download/%s/>" % (args.board, manifest.FLASHING[chip][1]))
        image = read_image(args.firmware, chip, args.board if args.image else None)
        files = firmware_files(args.board, image=args.image)
        data, (offset, size) = bundle(args.board, image, files, chip)
    except (BundleError, deploy.DeployError, manifest.ManifestError) as e:
        print("bundle: %s" % e, file=sys.stderr)
        return 2
    out = args.out or os.path.join(OUT, "scorekeeper-%s.bin" % args.board)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "wb") as f:
        f.write(data)
    rel = os.path.relpath(out, ROOT) if out.startswith(ROOT) else out
    print("%s: %s with %d files (%d KB) in a %d KB filesystem at 0x%x, %d KB in all" % (
        rel, os.path.basename(args.firmware), len(files), sum(len(d) for d in files.values()) // 1024,
        size // 1024, offset, len(data) // 1024))
    print("Write it (this replaces everything on the board's flash, saved games too: make export first):")
    print("  " + manifest.write_flash(chip, None, rel))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
