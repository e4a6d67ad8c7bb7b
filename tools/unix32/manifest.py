# The modules frozen into the 32-bit unix port that measures the heap
# (docs/MEMORY.md): asyncio, as the ESP32's MicroPython has it frozen (its
# code in flash), for the Wi-Fi figures. Built with
#   make -C ports/unix VARIANT=standard BUILD=build-32 CFLAGS_EXTRA=-m32 LDFLAGS_EXTRA=-m32 \
#     MICROPY_PY_FFI=0 MICROPY_PY_BTREE=0 MICROPY_PY_SSL=0 FROZEN_MANIFEST=<this file>
include("$(MPY_DIR)/extmod/asyncio")  # noqa: F821  (MicroPython's manifest language)
