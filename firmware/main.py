# Started by MicroPython at boot: the board file (deployed as board.py)
# builds the hardware; guard.main runs the app on it for good, restarting it
# into the saved game after any error.
import board  # type: ignore[import-not-found]  # boards/<id>.py, deployed as board.py
from guard import main

main(board.setup())
