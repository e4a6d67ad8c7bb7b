# The stock 32-bit unix port's frozen modules (make unix32, tools/unix32.py):
# asyncio, as the ESP32's MicroPython has it frozen (its code in flash), for
# the Wi-Fi figures; the firmware itself is loaded from .mpy files, as make
# deploy puts it on a board. The ports with the firmware frozen in are made
# from each board's generated manifest instead (tools/manifest.py).
include("$(MPY_DIR)/extmod/asyncio")  # noqa: F821  (MicroPython's manifest language)
