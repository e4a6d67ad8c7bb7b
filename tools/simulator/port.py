# A stand-in for MicroPython's `machine` on an ESP32, from the port's and ESP-IDF's source (docs/BOARDS.md,
# "What the port accepts"): what the port refuses it refuses in its own words; what it takes and the
# chip then fails on raises PortFault naming the rule. Each rule cites its file:
#   MP:  micropython/micropython v1.27.0 (commit 78ff170), ports/esp32/... (v1.26.1 the same)
#   IDF: espressif/esp-idf v5.5.1 (commit fcae328, v1.27.0's ports/esp32/README.md's), components/...
# use(chip) picks the rules and clears the record (`made`); wiring.py or a test attaches the copper.
import sys


class PortFault(Exception):
    """What the port accepts and the chip then fails on, named."""


def _gpios(*spans):
    out = set()
    for s in spans:
        out.update(range(s[0], s[1] + 1) if type(s) is tuple else (s,))
    return frozenset(out)


class Chip:
    """gpios: what Pin(n) finds; input_only: no output, no pulls; flash: the flash's (and PSRAM's)
    lines; strapping: read at reset, free afterwards; spi: SPI id -> (ESP-IDF host, IO_MUX
    sck/mosi/miso, the port's defaults); matrix_limit: the full-duplex clock check
    (SPI_LL_SUPPORT_TIME_TUNING); adc1, adc2: GPIO -> channel (ADC2 Wi-Fi's while it runs)."""

    timers = (0, 1, 2, 3)  # MP machine_timer.c: 2 groups x 2 timers, id = group << 1 | timer (both chips)
    i2c = (0, 1)  # hardware I2C ids: MP machine_i2c.c, I2C_NUM_MAX (both chips)

    def __init__(self, name, **kw):
        self.name = name
        for k, v in kw.items():
            setattr(self, k, v)


ESP32 = Chip(
    "esp32",
    # MP machine_pin.h, CONFIG_IDF_TARGET_ESP32: 0-23, 25-27, 32-39 (16 and 17 not on a SPIRAM build:
    # the ESP32_GENERIC image a bundle uses has them); 24, 28-31 do not exist
    gpios=_gpios((0, 23), (25, 27), (32, 39)),
    # MP machine_pin.c GPIO_FIRST_NON_OUTPUT 34 ("pin can only be input"); IDF esp_driver_gpio/src/gpio.c
    # gpio_pullup_en / gpio_pulldown_en refuse them (no internal PU / PD), which machine_pin.c ignores
    input_only=_gpios((34, 39)),
    # IDF soc/esp32/include/soc/spi_pins.h: MSPI_IOMUX_PIN_NUM_CLK 6 ... CS0 11 (the flash)
    flash=_gpios((6, 11)),
    # Espressif's ESP32 datasheet, "Strapping Pins": MTDI 12, GPIO 0, 2, MTDO 15, GPIO 5 (read at
    # reset: a board that pulls one the wrong way does not boot; free once it runs)
    strapping=frozenset((0, 2, 5, 12, 15)),
    # MP machine_hw_spi.c: SPI(1) is SPI2_HOST (HSPI), SPI(2) SPI3_HOST (VSPI), their defaults the IO_MUX
    # pins; IDF soc/esp32/include/soc/spi_pins.h: HSPI 14/13/12, VSPI 18/23/19 (sck/mosi/miso)
    spi={1: ("SPI2_HOST (HSPI)", (14, 13, 12), (14, 13, 12)),
         2: ("SPI3_HOST (VSPI)", (18, 23, 19), (18, 23, 19))},
    matrix_limit=True,
    # MP machine_adc.c madc_obj[], CONFIG_IDF_TARGET_ESP32
    adc1={36: 0, 37: 1, 38: 2, 39: 3, 32: 4, 33: 5, 34: 6, 35: 7},
    adc2={4: 0, 0: 1, 2: 2, 15: 3, 13: 4, 12: 5, 14: 6, 27: 7, 25: 8, 26: 9},
    i2c_max_hz=4_000_000,
)

ESP32S3 = Chip(
    "esp32s3",
    # MP machine_pin.h, CONFIG_IDF_TARGET_ESP32S3: 0-21, 26 (not with SPIRAM: ESP32_GENERIC_S3 is built
    # with boards/sdkconfig.spiram_sx, CONFIG_SPIRAM=y), 33-37 (not with octal PSRAM), 38-46
    gpios=_gpios((0, 21), (33, 46)),
    input_only=frozenset(),  # GPIO_FIRST_NON_OUTPUT is not defined for the S3
    # IDF soc/esp32s3/include/soc/spi_pins.h: MSPI CS1 26, HD 27 ... MOSI 32 (33-37 too on octal PSRAM)
    flash=_gpios((26, 32)),
    strapping=frozenset((0, 3, 45, 46)),  # ESP32-S3 datasheet, "Strapping Pins"
    # SPI(1) SPI2_HOST, IO_MUX 12/11/13; SPI(2) SPI3_HOST: GPIO matrix only, the port's defaults 36/35/37
    spi={1: ("SPI2_HOST", (12, 11, 13), (12, 11, 13)),
         2: ("SPI3_HOST", None, (36, 35, 37))},
    matrix_limit=False,  # SPI_LL_SUPPORT_TIME_TUNING: the ESP32's alone (IDF hal/esp32/include/hal/spi_ll.h)
    adc1={n: n - 1 for n in range(1, 11)},
    adc2={n: n - 11 for n in range(11, 21)},
    i2c_max_hz=2_000_000,
)

CHIPS = {"esp32": ESP32, "esp32s3": ESP32S3}

APB_HZ = 80_000_000  # IDF: SPI_CLK_SRC_DEFAULT is the APB clock, 80 MHz
MATRIX_DELAY_NS = 25  # IDF hal/esp32/include/hal/gpio_ll.h: GPIO_LL_MATRIX_DELAY_NS


def spi_clock(hz, fapb=APB_HZ):
    """The clock the SPI peripheral makes for hz: MP machine_hw_spi.c's spi_get_actual_clock, IDF
    hal/esp32/include/hal/spi_ll.h spi_ll_master_cal_clock: fapb above 3/4 of it, else
    fapb / (pre * n), n 2-64, pre rounded, the last n of the least error."""
    if hz > fapb // 4 * 3:
        return fapb

    def clock(n):  # what n and its pre (rounded) make
        return fapb // (min(max((fapb // n + hz // 2) // hz, 1), 8192) * n)
    return min((clock(n) for n in range(64, 1, -1)), key=lambda f: abs(f - hz))  # 64 down: the last n


def dummy_cycles(eff_hz, matrix, fapb=APB_HZ):
    """IDF hal/spi_hal_iram.c spi_hal_cal_timing: a read's dummy cycles at eff_hz (the matrix: 25 ns more)."""
    delay_apb_n = (1 + (MATRIX_DELAY_NS if matrix else 0)) * (fapb // 1000) // 1000 // 1000
    return delay_apb_n // (fapb // eff_hz)


def matrix_limit_hz(fapb=APB_HZ):
    """IDF spi_hal_get_freq_limit on the matrix: 80 MHz / 3."""
    return fapb // ((1 + MATRIX_DELAY_NS) * (fapb // 1000) // 1000 // 1000 + 1)


chip = ESP32
made: list = []  # (what, number or id, details): every part made, in order
levels: dict = {}  # GPIO -> the level last driven on it as an output
pulled_up: set = set()  # GPIOs the board pulls up: an input reads 1
lines: dict = {}  # GPIO -> a part's Line the board wires there (a panel's DC, CS, ...)
spi_devices: list = []  # (sck, mosi, miso or None, host id or None, device): write(buf) / readinto(buf)
i2c_devices: dict = {}  # (sda, scl, address) -> a chip: writeto_mem, readfrom_mem_into, writeto, ...
analog: dict = {}  # GPIO -> microvolts an ADC reads there
wifi = [False]  # the radio is on: ADC2 is Wi-Fi's
_spi_used: dict = {}  # SPI id -> the SPI object on it (the port keeps one static object an id)


def use(name="esp32"):
    """The chip's rules, and a fresh record and copper."""
    global chip
    chip = CHIPS[name]
    for d in (made, spi_devices, levels, lines, i2c_devices, analog, _spi_used, _wlans, reachable, pulled_up):
        d.clear()
    wifi[0] = False


def buses():
    """The hardware SPI buses made, one an id (the port keeps one object an id)."""
    return list(_spi_used.values())


def attach_line(gpio, line):
    lines[gpio] = line


def attach_spi(sck, mosi, miso, device, host=None):
    spi_devices.append((sck, mosi, miso, host, device))


def attach_i2c(sda, scl, addr, device):
    i2c_devices[(sda, scl, addr)] = device


class Line:
    """A part's own line (a panel's DC, CS, RST, BL; a chip's CS or reset; a PENIRQ), driven by a Pin
    wired to it (attach_line) or used as a pin itself. changed(level) hears each level driven;
    read(pull), if given, is what an input Pin reads where the part drives the line."""

    def __init__(self, changed=None, level=1, read=None):
        self.level = level
        self.changed = changed
        if read is not None:
            self.read = read

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0
        if self.changed:
            self.changed(self.level)
        return None

    __call__ = value


def _num(p):  # an int: the port looks it up as Pin does (machine_pin_get_id)
    return p.n if isinstance(p, Pin) else None if p is None else Pin(p).n


class Pin:
    # MP machine_pin.c's locals: the ESP-IDF gpio_mode_t and the port's pull bits
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 2
    PULL_DOWN = 1

    def __init__(self, n, mode=-1, pull=-1, value=None):
        if type(n) is not int or n not in chip.gpios:
            raise ValueError("invalid pin")  # MP machine_pin.c machine_pin_find
        if n in chip.flash:
            raise PortFault("GPIO %d is the flash's (IDF soc/%s/include/soc/spi_pins.h, MSPI_IOMUX_PIN_*): "
                            "the port lets Python take it, and the chip stops reading its code"
                            % (n, chip.name))
        self.n = n
        self.mode = Pin.IN
        self.pull = None
        self.init(mode, pull, value, "Pin")

    def init(self, mode=-1, pull=-1, value=None, what="Pin.init"):
        made.append((what, self.n, mode))
        n = self.n
        if value is not None:
            self.value(value)
        if mode != -1 and mode is not None:
            if n in chip.input_only and mode & 2:  # GPIO_MODE_DEF_OUTPUT
                raise ValueError("pin can only be input")  # MP machine_pin.c, GPIO_FIRST_NON_OUTPUT
            self.mode = mode
        if pull != -1:  # -1 leaves the pulls; None clears them (MP machine_pin.c)
            if pull and n in chip.input_only:
                raise PortFault("GPIO %d has no pull resistors: IDF esp_driver_gpio/src/gpio.c "
                                "gpio_pullup_en refuses it (input-only pad has no internal PU), MP "
                                "machine_pin.c ignores the answer, and the pin floats" % n)
            self.pull = pull
        if self.mode & 2 and n in levels:
            self._drive()

    def _drive(self):
        line = lines.get(self.n)
        if line is not None:
            line.value(levels[self.n])

    def value(self, v=None):
        if v is None:
            if self.mode & 2 and self.mode != Pin.OPEN_DRAIN:
                return levels.get(self.n, 0)
            line = lines.get(self.n)
            if line is not None and hasattr(line, "read"):
                return line.read(self.pull)
            return 1 if self.n in pulled_up or self.pull == Pin.PULL_UP else 0
        # MP: gpio_set_level, kept by the pad for when it becomes an output (value= before mode)
        levels[self.n] = 1 if v else 0
        if self.mode & 2:
            self._drive()
        return None

    __call__ = value


_UNSET = object()


class SPI:
    """MP machine_hw_spi.c on ESP-IDF's spi_master: the ids, the pins (not given: the port's
    defaults; None: not used), the clock made, the bus ESP-IDF refuses."""

    def __init__(self, id, baudrate=500_000, *, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=_UNSET, mosi=_UNSET, miso=_UNSET):
        if id not in chip.spi:
            raise ValueError("SPI(%d) doesn't exist" % id)  # MP machine_hw_spi.c make_new
        self.id = id
        self.host, self.iomux, defaults = chip.spi[id]
        self.sck, self.mosi, self.miso = [d if g is _UNSET else -1 if g is None else _num(g)
                                          for g, d in zip((sck, mosi, miso), defaults)]
        self.baudrate, self.device = 0, None
        _spi_used[id] = self
        self._bus(baudrate)
        made.append(("SPI", id, {"baudrate": baudrate, "sck": self.sck, "mosi": self.mosi,
                                 "miso": None if self.miso == -1 else self.miso}))

    def _bus(self, baudrate):
        for p in (self.sck, self.mosi):
            if p in chip.input_only:
                # IDF spi_common.c spicommon_bus_initialize_io: SPI_CHECK_PIN(.., GPIO_IS_VALID_OUTPUT_GPIO)
                # gives ESP_ERR_INVALID_ARG, which MP machine_hw_spi.c raises so
                raise OSError("invalid configuration")
        # MP machine_hw_spi.c: self->baudrate = spi_get_actual_clock(APB_CLK_FREQ, baudrate, 0)
        self.baudrate = spi_clock(baudrate)
        # IDF spi_common.c check_iomux_pins_quad: every pin given (>= 0) on the host's IO_MUX pin, or
        # the whole bus goes through the GPIO matrix
        self.matrix = self.iomux is None or any(
            p >= 0 and p != m for p, m in zip((self.sck, self.mosi, self.miso), self.iomux))
        self.fault = None
        if chip.matrix_limit and dummy_cycles(self.baudrate, self.matrix):
            # IDF hal/spi_hal_iram.c spi_hal_cal_clock_conf: a full-duplex device (MP sets neither
            # SPI_DEVICE_HALFDUPLEX nor SPI_DEVICE_NO_DUMMY) whose reads need a dummy cycle:
            # ESP_ERR_NOT_SUPPORTED from spi_bus_add_device, which MP machine_hw_spi.c does not handle
            self.fault = ("SPI(%d) at %d Hz on %s pins sck %d mosi %d miso %d: ESP-IDF refuses a "
                          "full-duplex device over %d Hz on the GPIO matrix (spi_hal_cal_clock_conf, "
                          "ESP_ERR_NOT_SUPPORTED); MicroPython's machine_hw_spi.c ignores that answer "
                          "and keeps no device: a transfer of over 4 bytes dereferences it (a crash and a "
                          "reset), a shorter one sends nothing and reads zeros; after SPI.init(), the "
                          "device it freed is used"
                          % (self.id, self.baudrate, "GPIO-matrix" if self.matrix else "IO_MUX",
                             self.sck, self.mosi, self.miso, matrix_limit_hz()))
        self.device = None
        self.others = []  # more chips on the bus, each minding its own select (the M5Stack's SD card)
        for sck, mosi, miso, host, device in spi_devices:
            if (sck, mosi) == (self.sck, self.mosi) and host in (None, self.id):
                if self.device is None:
                    self.device = (device, miso is not None and miso == self.miso)
                else:
                    self.others.append(device)

    def init(self, baudrate=None, **kw):
        # MP machine_hw_spi.c init: a changed setting frees the bus and sets it up again
        made.append(("SPI.init", self.id, baudrate))
        if baudrate is not None:
            self._bus(baudrate)

    def _check(self):
        if self.fault:
            raise PortFault(self.fault)

    def write(self, buf):
        self._check()
        if self.device is not None:
            self.device[0].write(buf)
        for d in self.others:
            d.write(buf)

    def readinto(self, buf, write=0):
        self._check()
        for d in self.others:  # one selected drives MISO
            if d.selected():
                if hasattr(d, "hz"):  # a chip with a most clock of its own (an XPT2046: 2.5 MHz)
                    d.hz = self.baudrate
                d.readinto(buf)
                return
        if self.device is not None and self.device[1]:
            self.device[0].readinto(buf)
        else:  # MISO not wired: the line floats; read as all ones
            buf[:] = b"\xff" * len(buf)

    def write_readinto(self, tx, rx):
        self._check()
        for d in self.others:  # (what goes out while reading: a command to a chip that answers)
            if d.selected():
                d.write(tx)
        self.readinto(rx)


class SoftSPI:
    """extmod/machine_spi.c: any pins, sck and mosi outputs (mp_hal_pin_output), not input-only ones."""

    def __init__(self, baudrate=500_000, *, polarity=0, phase=0, bits=8, firstbit=0, sck=None, mosi=None,
                 miso=None):
        if sck is None or mosi is None or miso is None:
            raise ValueError("must specify all of sck/mosi/miso")  # extmod/machine_spi.c
        self.sck, self.mosi, self.miso = _num(sck), _num(mosi), _num(miso)
        for p in (self.sck, self.mosi):
            if p in chip.input_only:
                raise ValueError("pin can only be input")
        self.device = None
        for sck_, mosi_, _miso, host, device in spi_devices:
            if host is None and (sck_, mosi_) == (self.sck, self.mosi):
                self.device = device
        made.append(("SoftSPI", None, {"baudrate": baudrate, "sck": self.sck, "mosi": self.mosi,
                                       "miso": self.miso}))

    def write_readinto(self, tx, rx):
        if self.device is not None:
            self.device.write_readinto(tx, rx)
            return
        rx[:] = bytes(len(rx))  # nothing answers: a touch controller not touched reads 0


class I2C:
    """MP machine_i2c.c: a chip answers at its address on its SDA and SCL; nothing there: OSError 19."""

    def __init__(self, id=0, *, scl=None, sda=None, freq=400_000, timeout=50000):
        if id not in chip.i2c:
            raise ValueError("I2C(%d) doesn't exist" % id)  # MP machine_i2c.c make_new
        self.id = id
        self.sda, self.scl, self.freq = _num(sda), _num(scl), freq
        made.append(("I2C", id, {"sda": self.sda, "scl": self.scl, "freq": freq}))
        # IDF driver/i2c/i2c.c i2c_set_pin (output-capable, two pins) and s_get_clk_src (at most a 20th
        # of the source clock: APB 80 MHz on the ESP32, XTAL 40 MHz on the S3) refuse these with
        # ESP_ERR_INVALID_ARG; MP machine_i2c.c ignores both answers, and the bus never works
        if self.sda in chip.input_only or self.scl in chip.input_only or self.sda == self.scl:
            raise PortFault("I2C(%d) on SDA %s, SCL %s: ESP-IDF's i2c_set_pin refuses them, the port "
                            "does not say so, and nothing on the bus answers" % (id, self.sda, self.scl))
        if freq > chip.i2c_max_hz:
            raise PortFault("I2C(%d) at %d Hz: over %d Hz, ESP-IDF's i2c_param_config refuses the clock, the "
                            "port does not say so, and the bus is not set up" % (id, freq, chip.i2c_max_hz))

    def scan(self):
        return sorted(a for (sda, scl, a) in i2c_devices if (sda, scl) == (self.sda, self.scl))

    def _chip(self, addr):
        d = i2c_devices.get((self.sda, self.scl, addr))
        if d is None:
            raise OSError(19)
        return d

    def writeto(self, addr, buf):
        return self._chip(addr).writeto(addr, buf)

    def writevto(self, addr, vector):
        return self._chip(addr).writevto(addr, vector)

    # addrsize: the register address's bits, sent high byte first, only its low addrsize bits
    # (extmod/machine_i2c.c fill_memaddr_buf); a chip's model gets addrsize where it is not 8
    def readfrom_mem_into(self, addr, reg, buf, *, addrsize=8):
        reg, kw = _mem(reg, addrsize)
        self._chip(addr).readfrom_mem_into(addr, reg, buf, **kw)

    def writeto_mem(self, addr, reg, buf, *, addrsize=8):
        reg, kw = _mem(reg, addrsize)
        self._chip(addr).writeto_mem(addr, reg, buf, **kw)

    def readfrom_mem(self, addr, reg, n, *, addrsize=8):
        buf = bytearray(n)
        self.readfrom_mem_into(addr, reg, buf, addrsize=addrsize)
        return bytes(buf)  # (machine_i2c.c returns bytes)


def _mem(reg, addrsize):
    if addrsize & 7 or addrsize > 32:
        raise ValueError("invalid addrsize")  # machine_i2c.c fill_memaddr_buf
    return reg & ((1 << addrsize) - 1), {} if addrsize == 8 else {"addrsize": addrsize}


class SoftI2C(I2C):
    """extmod/machine_i2c.c's bit-banged I2C: any pins (open drain)."""

    def __init__(self, scl=None, sda=None, *, freq=400_000, timeout=50000):
        self.id = None
        self.sda, self.scl, self.freq = _num(sda), _num(scl), freq
        made.append(("SoftI2C", None, {"sda": self.sda, "scl": self.scl, "freq": freq}))


class ADC:
    # MP machine_adc.c: ADC_ATTEN_DB_0 ... ADC_ATTEN_DB_11 (IDF hal/adc_types.h: 0-3)
    ATTN_11DB = 3

    def __init__(self, pin, *, atten=None):
        n = _num(pin)
        if n not in chip.adc1 and n not in chip.adc2:
            raise ValueError("invalid pin")  # MP machine_adc.c mp_machine_adc_make_new
        if atten is not None and atten not in (0, 1, 2, 3):
            raise ValueError("invalid attenuation")
        self.n = n
        made.append(("ADC", n, atten))

    def read_uv(self):
        if self.n in chip.adc2 and wifi[0]:
            # IDF esp_adc/adc_oneshot.c: ADC2 is Wi-Fi's while it runs (ESP_ERR_TIMEOUT); MP adc.c
            # madcblock_read_helper ignores the answer and reads 0
            raise PortFault("GPIO %d is on ADC2, which Wi-Fi holds while it runs: the reading is 0" % self.n)
        return analog.get(self.n, 0)


class Timer:
    PERIODIC = 1

    def __init__(self, id, **kw):
        if id not in chip.timers:
            raise ValueError("invalid Timer number")  # MP machine_timer.c make_new
        self.id = id
        made.append(("Timer", id, None))
        self.init(**kw)

    def init(self, *, mode=1, period=-1, callback=None, freq=-1):
        self.mode, self.period, self.callback = mode, period, callback

    def deinit(self):
        self.callback = None


def reset():
    raise SystemExit("machine.reset")


# network: MP ports/esp32/network_wlan.c, network_common.c
AP_KEYS = ("ssid", "essid", "hidden", "security", "authmode", "key", "password", "max_clients")
ALIASES = {"essid": "ssid", "authmode": "security", "password": "key"}  # network_wlan.c's other names
WLAN_KEYS = AP_KEYS + ("mac", "channel", "hostname", "dhcp_hostname", "reconnects", "txpower", "protocol",
                       "pm")
reachable: dict = {}  # ssid -> password of the networks a station can join here


class _WLAN:
    def __init__(self, if_id):
        self.if_id = if_id
        self.on = False
        self.cfg = {"ssid": "ESP_%02X%02X%02X" % tuple(self.mac()[3:]), "security": 0, "key": "",
                    "max_clients": 4, "channel": 1}
        self.joined = None

    def mac(self):
        return bytes((0x24, 0x0A, 0xC4, 0x12, 0x34, 0x56 + self.if_id))

    def active(self, v=None):
        if v is None:
            return self.on
        self.on = bool(v)
        wifi[0] = any(w.on for w in _wlans.values())
        if not self.on:
            self.joined = None
        return self.on

    def config(self, *args, **kw):
        if args and kw:
            raise TypeError("either pos or kw args are allowed")
        if kw:
            cfg = dict(self.cfg)
            for k, v in kw.items():
                if k not in WLAN_KEYS:
                    raise ValueError("unknown config param")
                if k in AP_KEYS and self.if_id != AP_IF:
                    raise OSError("AP required")
                if k == "reconnects" and self.if_id != STA_IF:
                    raise OSError("STA required")
                k = ALIASES.get(k, k)
                # cfg.ap.ssid[32], cfg.ap.password[64] (NUL-terminated)
                cfg[k] = v[:{"ssid": 32, "key": 63}[k]] if k in ("ssid", "key") else v
            # esp_wifi_set_config: a WPA/WPA2 key under 8 characters is refused (ESP_ERR_WIFI_PASSWORD,
            # IDF components/esp_wifi/include/esp_wifi.h; the check is in ESP-IDF's closed Wi-Fi
            # library: espressif/esp-idf#4506), which network_common.c raises so
            if self.if_id == AP_IF and cfg["security"] != 0 and len(cfg["key"]) < 8:
                raise OSError("Wifi Invalid Password")
            self.cfg = cfg
            return None
        if len(args) != 1:
            raise TypeError("can query only one param")
        k = ALIASES.get(args[0], args[0])
        if k == "mac":
            return self.mac()
        if k not in self.cfg or k == "key":
            raise ValueError("unknown config param")
        return self.cfg[k]

    def connect(self, ssid=None, key=None, **kw):
        if self.if_id != STA_IF:
            raise OSError("STA required")
        if not self.on:
            raise OSError("Wifi Not Started")
        self.joined = ssid if reachable.get(ssid) == key else None

    def isconnected(self):
        return self.if_id == STA_IF and self.joined is not None

    def ifconfig(self, *args):
        if self.if_id == AP_IF:
            return ("192.168.4.1", "255.255.255.0", "192.168.4.1", "0.0.0.0")
        return ("0.0.0.0",) * 4 if self.joined is None else ("192.168.1.57", "255.255.255.0", "192.168.1.1",
                                                               "192.168.1.1")


STA_IF = 0  # modnetwork_globals.h: WIFI_IF_STA, WIFI_IF_AP
AP_IF = 1
_wlans: dict = {}


def WLAN(if_id=STA_IF):  # noqa: N802 (MicroPython's name: one object an interface)
    if if_id not in (STA_IF, AP_IF):
        raise ValueError("invalid WLAN interface identifier")
    if if_id not in _wlans:
        _wlans[if_id] = _WLAN(if_id)
    return _wlans[if_id]


class network:  # noqa: N801  (the stand-in `network` module: its names read off the class)
    STA_IF = STA_IF
    AP_IF = AP_IF
    WLAN = staticmethod(WLAN)


def install():
    """This module as `machine`, and its `network` (after use() and the copper); returns the undo."""
    old = {name: sys.modules.get(name) for name in ("machine", "network")}
    sys.modules.update(machine=sys.modules[__name__], network=network)

    def undo():
        sys.modules.update(old)
        for name in [name for name, mod in old.items() if mod is None]:
            del sys.modules[name]
    return undo
