# The 32-bit unix port with the firmware frozen into it (docs/MEMORY.md,
# "Frozen"): what a MicroPython image of our own would give an ESP32, where
# frozen modules' bytecode and names stay in flash and take no heap. The
# same as manifest.py (asyncio), and every module of the firmware but
# main.py (the boot script stays a file, as do board.py and the page), and
# microdot's core (requirements-board.txt; make setup puts it in
# .venv/mplib). Built as manifest.py says, with BUILD=build-32f and this
# file as FROZEN_MANIFEST; make bench and tools/heap.py use it from
# build/unix32f/micropython (or MPY32F).
include("manifest.py")  # noqa: F821  (MicroPython's manifest language)
for name in ("app", "compat", "crash", "guard", "hardware", "watchdog"):
    module(name + ".py", base_path="../../firmware")  # noqa: F821
for name in ("drivers", "engine", "storage", "ui", "web"):
    package(name, base_path="../../firmware")  # noqa: F821
package("microdot", files=["__init__.py", "microdot.py", "helpers.py"], base_path="../../.venv/mplib")  # noqa: F821
