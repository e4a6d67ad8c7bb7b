# Started by MicroPython at boot: the board file (deployed as board.py)
# builds the hardware; the app runs on it.
import board  # type: ignore[import-not-found]  # boards/<id>.py, deployed as board.py
from app import App

App(board.setup()).run()
