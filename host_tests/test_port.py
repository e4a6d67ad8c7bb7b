# The stand-in port (tools/simulator/port.py) held to MicroPython's esp32
# port and ESP-IDF (the files docs/BOARDS.md, "What the port accepts",
# cites), and every board file held to it: each rule broken fails here, as
# the board would (the TTGO at 40 MHz on its GPIO-matrix pins among them).
from simulator import port


def raises(kind, fn, *args, **kw):
    """The exception fn raised, which must be a kind."""
    try:
        fn(*args, **kw)
    except kind as e:
        return e
    raise AssertionError("%s%r did not raise %s" % (getattr(fn, "__name__", fn), args, kind.__name__))


def test_the_spi_clock_is_the_one_esp_idf_makes():
    # ESP-IDF hal/esp32/include/hal/spi_ll.h spi_ll_master_cal_clock, from the 80 MHz APB clock: above
    # 3/4 of it, the APB clock itself; else 80 MHz / (pre * n). Worked by hand from the formula.
    for asked, made in ((40_000_000, 40_000_000), (80_000_000, 80_000_000), (100_000_000, 80_000_000),
                        (61_000_000, 80_000_000), (27_000_000, 26_666_666), (26_666_666, 26_666_666),
                        (10_000_000, 10_000_000), (30_000_000, 26_666_666), (35_000_000, 40_000_000),
                        (500_000, 500_000), (1_000_000, 1_000_000)):
        assert port.spi_clock(asked) == made, (asked, port.spi_clock(asked), made)


def test_the_gpio_matrix_limit_is_esp_idfs():
    # ESP-IDF's own words for the check (components/esp_driver_spi/include/driver/spi_master.h, and the
    # hint it logs): "When work in full-duplex mode at frequency > 26.7MHz, device cannot read correct
    # data"; on IO_MUX pins every clock up to 80 MHz passes
    assert port.matrix_limit_hz() == 26_666_666
    assert port.dummy_cycles(40_000_000, matrix=True) == 1
    assert port.dummy_cycles(26_666_666, matrix=True) == 0
    for hz in (80_000_000, 40_000_000, 26_666_666, 10_000_000):
        assert port.dummy_cycles(hz, matrix=False) == 0, hz


def test_a_matrix_bus_over_the_limit_fails_at_its_first_write():
    port.use("esp32")
    # VSPI on its IO_MUX pins (18, 23, 19): 40 MHz is taken
    spi = port.SPI(2, baudrate=40_000_000, sck=port.Pin(18), mosi=port.Pin(23), miso=port.Pin(19))
    assert not spi.matrix and spi.fault is None
    spi.write(b"\x00" * 8)
    # one pin off the IO_MUX (MOSI 19, the TTGO's): the matrix, and the port keeps a bus with no device
    spi = port.SPI(2, baudrate=40_000_000, sck=port.Pin(18), mosi=port.Pin(19), miso=None)
    assert spi.matrix
    e = raises(port.PortFault, spi.write, b"\x00" * 8)
    assert "spi_hal_cal_clock_conf" in str(e) and "26666666" in str(e), e
    # slower, it is taken; and SPI.init() to a faster clock is checked again (the CYD reads at 10 MHz,
    # then writes at 40)
    spi.init(baudrate=26_666_666)
    spi.write(b"\x00" * 8)
    spi.init(baudrate=40_000_000)
    raises(port.PortFault, spi.write, b"\x00")
    # the ESP32-S3 has no such check (SPI_LL_SUPPORT_TIME_TUNING is the ESP32's alone): SPI3 there is
    # matrix-only, and 40 MHz is taken
    port.use("esp32s3")
    spi = port.SPI(2, baudrate=40_000_000, sck=port.Pin(36), mosi=port.Pin(35), miso=None)
    assert spi.matrix and spi.fault is None
    spi.write(b"\x00" * 8)


def test_pins_as_the_port_takes_them():
    port.use("esp32")
    # MicroPython ports/esp32/machine_pin.h: no GPIO 24, 28-31 on the ESP32
    for n in (24, 28, 31, 40, -1):
        assert str(raises(ValueError, port.Pin, n)) == "invalid pin", n
    # machine_pin.c, GPIO_FIRST_NON_OUTPUT 34: 34-39 input only
    for n in (34, 35, 39):
        assert str(raises(ValueError, port.Pin, n, port.Pin.OUT)) == "pin can only be input"
        port.Pin(n, port.Pin.IN)  # taken
        raises(port.PortFault, port.Pin, n, port.Pin.IN, port.Pin.PULL_UP)  # no pull resistors there
    # the flash's lines, 6-11: in the port's table, taken, and the chip stops
    for n in range(6, 12):
        raises(port.PortFault, port.Pin, n, port.Pin.OUT)
    port.Pin(33, port.Pin.IN, port.Pin.PULL_DOWN)
    # the ESP32-S3 (ESP32_GENERIC_S3, built with SPIRAM): 22-25 do not exist, and the port leaves out
    # 26 (the PSRAM's) and 27-32 (the flash's); there are no input-only pins
    port.use("esp32s3")
    for n in (22, 25, 26, 27, 32, 47):
        assert str(raises(ValueError, port.Pin, n)) == "invalid pin", n
    port.Pin(35, port.Pin.OUT)
    port.Pin(8, port.Pin.IN, port.Pin.PULL_DOWN)


def test_buses_and_parts_as_the_port_takes_them():
    port.use("esp32")
    assert str(raises(ValueError, port.SPI, 3)) == "SPI(3) doesn't exist"
    raises(ValueError, port.SPI, 0)
    # a clock or MOSI on an input-only pin: ESP-IDF's spicommon_bus_initialize_io refuses it
    assert str(raises(OSError, port.SPI, 1, sck=port.Pin(34), mosi=port.Pin(13))) == "invalid configuration"
    port.SPI(1, sck=port.Pin(14), mosi=port.Pin(13), miso=port.Pin(39))  # MISO may be input only
    raises(ValueError, port.I2C, 2, sda=port.Pin(21), scl=port.Pin(22))
    i2c = port.I2C(0, sda=port.Pin(21), scl=port.Pin(22))
    assert i2c.scan() == []
    assert raises(OSError, i2c.writeto, 0x3C, b"\x00").args[0] == 19  # ENODEV: nothing acknowledged
    raises(ValueError, port.Timer, 4)
    port.Timer(3)
    # ADC: ADC1 32-39, ADC2 0, 2, 4, 12-15, 25-27 (machine_adc.c); not an ADC pin: "invalid pin"
    for n in (5, 18, 23):
        assert str(raises(ValueError, port.ADC, port.Pin(n))) == "invalid pin", n
    port.analog[34] = port.analog[26] = 1_000_000
    assert port.ADC(port.Pin(34), atten=port.ADC.ATTN_11DB).read_uv() == 1_000_000
    adc2 = port.ADC(port.Pin(26), atten=port.ADC.ATTN_11DB)
    assert adc2.read_uv() == 1_000_000
    port.wifi[0] = True  # Wi-Fi holds ADC2: the port reads 0 and says nothing
    raises(port.PortFault, adc2.read_uv)
    assert port.ADC(port.Pin(34)).read_uv() == 1_000_000  # ADC1 reads on
    port.use("esp32s3")
    port.ADC(port.Pin(10), atten=port.ADC.ATTN_11DB)  # ADC1 channel 9 on the S3 (the Cardputer's battery)
    raises(ValueError, port.ADC, port.Pin(21))


def test_i2c_the_port_takes_and_esp_idf_refuses():
    # ESP-IDF's legacy driver (driver/i2c/i2c.c, which MicroPython's machine_i2c.c uses) refuses SDA or
    # SCL on an input-only pad (i2c_set_pin) and a clock over a 20th of its source (s_get_clk_src: APB
    # 80 MHz on the ESP32, XTAL 40 MHz on the S3); the port ignores both answers
    port.use("esp32")
    raises(port.PortFault, port.I2C, 0, sda=port.Pin(34), scl=port.Pin(22))
    raises(port.PortFault, port.I2C, 0, sda=port.Pin(21), scl=port.Pin(22), freq=5_000_000)
    port.I2C(0, sda=port.Pin(21), scl=port.Pin(22), freq=4_000_000)
    port.use("esp32s3")
    raises(port.PortFault, port.I2C, 0, sda=port.Pin(8), scl=port.Pin(9), freq=3_000_000)
    port.I2C(0, sda=port.Pin(8), scl=port.Pin(9), freq=400_000)


def test_wlan_as_the_port_takes_it():
    # MicroPython ports/esp32/network_wlan.c network_wlan_config: keys it does not know, the access
    # point's keys on the station, and ESP-IDF's refusal of a WPA2 key under 8 characters
    port.use("esp32")
    ap = port.WLAN(port.AP_IF)
    assert port.WLAN(port.AP_IF) is ap  # one object an interface
    raises(ValueError, port.WLAN, 2)
    ap.active(True)
    assert port.wifi[0]  # Wi-Fi runs: ADC2 is its
    raises(ValueError, ap.config, ssid="x", colour="red")
    raises(TypeError, ap.config, "mac", ssid="x")
    raises(OSError, ap.config, ssid="Table", key="1234567", security=3)
    ap.config(ssid="Table-with-a-name-longer-than-thirty-two", key="12345678", security=3, max_clients=8)
    assert ap.config("ssid") == "Table-with-a-name-longer-than-th"  # cut to 32 bytes
    assert len(ap.config("mac")) == 6
    sta = port.WLAN(port.STA_IF)
    assert str(raises(OSError, sta.config, max_clients=2)) == "AP required"
    ap.active(False)
    assert not port.wifi[0]


def test_the_firmwares_wifi_starts_on_the_port():
    # web/wifi.py's own network, as a board brings it up: the names and key it gives the port are taken
    import asyncio

    from web import wifi
    from web.state import Wifi

    port.use("esp32")
    undo = port.install()
    try:
        settings: dict = {"wifi": "own"}
        w = Wifi(settings)
        asyncio.run(wifi.up(w))
    finally:
        undo()
    assert w.error is None, w.error
    ap = port.WLAN(port.AP_IF)
    assert w.ssid == ap.config("ssid") == "Scorekeeper-%02X%02X" % tuple(ap.config("mac")[-2:])
    assert ap.cfg["security"] == 3 and ap.cfg["key"] == w.key == settings["wifi_key"] and len(w.key) >= 8
    assert ap.cfg["max_clients"] == wifi.PHONES and w.ip == "192.168.4.1" and w.note is None
    key = w.key  # kept: the next start's network has the same password
    for saved in (key, 12345678, "short", ["x"]):  # (a probe: a damaged one was made again unsaid)
        settings = {"wifi": "own", "wifi_key": saved}
        undo = port.install()
        try:
            w = Wifi(settings)
            asyncio.run(wifi.up(w))
        finally:
            undo()
        assert w.error is None and settings["wifi_key"] == w.key, (saved, w.error)
        assert w.new_key == (saved != key), saved  # a new one saved at once (web/run.py): a restart keeps it
        assert (w.key == key and w.note is None) if saved == key else (
            w.key != saved and len(w.key) >= 8 and "password was damaged" in w.note), (saved, w.note)
    # the board's key made too short (a former belief): the port refuses it, and the device says so
    settings = {"wifi": "own", "wifi_key": "x"}
    old = wifi.own_key
    wifi.own_key = lambda w: "shortkey"[:7]
    undo = port.install()
    try:
        w = Wifi(settings)
        asyncio.run(wifi.up(w))
    finally:
        undo()
        wifi.own_key = old
    assert w.error == "Wifi Invalid Password" and w.ip is None, w.error
