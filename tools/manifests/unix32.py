# The stock 32-bit unix port's frozen modules (make unix32): asyncio, as the ESP32's MicroPython
# has it frozen; the firmware is loaded from .mpy files, as make deploy puts it on a board.
include("$(MPY_DIR)/extmod/asyncio")  # noqa: F821  (MicroPython's manifest language)
