# Started by MicroPython at boot: the board file (deployed as board.py)
# builds the hardware; the app runs on it.
import board
from app import App

App(board.setup()).run()
