# A stand-in for MicroPython's `machine` module, for running the board
# files' setup() on the host (test_board_setup.py): the real parts (pins,
# buses, timers) cannot run here. It records which pins are made and how,
# lets the SPI and I2C buses take what the drivers send, and can put a
# device on an I2C bus (the Cardputer ADV's key chip, the M5Stack's IP5306).

made: list = []  # (what, pin number, mode) for every Pin made, in order
levels: dict = {}  # GPIO -> the level last driven on it as an output (0 or 1)
devices: dict = {}  # I2C address -> an object with writeto_mem / readfrom_mem_into
pulled_up: set = set()  # GPIOs the board pulls up (the Cardputer ADV's I2C lines): an input reads 1


def reset_record():
    del made[:]
    levels.clear()
    devices.clear()
    pulled_up.clear()


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 2
    PULL_DOWN = 1

    def __init__(self, n, mode=-1, pull=-1, value=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        self.v = 1 if pull == Pin.PULL_UP else 0
        made.append(("pin", n, mode))
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.IN:
                return 1 if self.n in pulled_up or self.pull == Pin.PULL_UP else 0
            return self.v
        self.v = 1 if v else 0
        if self.mode == Pin.OUT:
            levels[self.n] = self.v
        return None

    def __call__(self, v=None):
        return self.value(v)

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self.pull = pull
        if value is not None:
            self.value(value)


class _Bus:
    def __init__(self, *args, **kw):
        self.args = args
        self.kw = kw
        self.sent = 0
        made.append((type(self).__name__, args[0] if args else None, tuple(sorted(
            (k, v.n if isinstance(v, Pin) else v) for k, v in kw.items()))))

    def write(self, buf):
        self.sent += len(buf)

    def readinto(self, buf, write=0):  # nothing answers: MISO floats high
        for i in range(len(buf)):
            buf[i] = 0xFF

    def write_readinto(self, tx, rx):  # a touch controller that is not being touched
        for i in range(len(rx)):
            rx[i] = 0
        self.sent += len(tx)

    def init(self, *args, **kw):
        pass


class SPI(_Bus):
    pass


class SoftSPI(_Bus):
    pass


class I2C(_Bus):
    def scan(self):
        return sorted(devices)

    def writeto_mem(self, addr, reg, buf):
        self.device(addr).writeto_mem(addr, reg, buf)

    def readfrom_mem_into(self, addr, reg, buf):
        self.device(addr).readfrom_mem_into(addr, reg, buf)

    def device(self, addr):
        if addr not in devices:
            raise OSError(19)  # ENODEV: nothing answers at addr, as MicroPython's I2C says
        return devices[addr]

    def readfrom_mem(self, addr, reg, n):
        buf = bytearray(n)
        self.readfrom_mem_into(addr, reg, buf)
        return buf

    def writeto(self, addr, buf):
        if addr in devices and hasattr(devices[addr], "writeto"):
            devices[addr].writeto(addr, buf)

    def writevto(self, addr, vector):
        if addr in devices and hasattr(devices[addr], "writevto"):
            devices[addr].writevto(addr, vector)


class SoftI2C(I2C):
    pass


class ADC:
    ATTN_11DB = 3

    def __init__(self, pin, atten=None):
        self.pin = pin
        made.append(("adc", pin.n, atten))

    def read_uv(self):
        return 1_900_000  # 3.8 V halved


class Timer:
    PERIODIC = 1

    def __init__(self, n):
        self.n = n
        self.callback = None

    def init(self, period=0, mode=0, callback=None):
        self.callback = callback

    def deinit(self):
        self.callback = None


def reset():
    raise SystemExit("machine.reset")
