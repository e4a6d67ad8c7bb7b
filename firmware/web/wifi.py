# Wi-Fi for the phones at the table (Settings > Wi-Fi): the device's own
# network, which the phones join with the name and password on its screen,
# or a network the device joins, named in wifi.json on its flash (copied
# with the deploy: docs/PHONES.md). Off by default; turned off, the radio
# is off and what it took is freed. Where MicroPython has no network module
# (the simulator, on the unix port) the page is served on 127.0.0.1 alone.
import asyncio
import json

OFF, OWN, JOIN = "off", "own", "join"
MODES = (OFF, OWN, JOIN)
JOIN_FILE = "wifi.json"  # {"ssid": "the network", "password": "its password"}
JOIN_MS = 20000  # joining gives up after this long
KEY_CHARS = "abcdefghjkmnpqrstuvwxyz23456789"  # a password read off a screen: no 0/o, 1/l/i
PHONES = 8  # the own network takes this many phones


def mode(settings):
    m = settings.get("wifi", OFF)
    return m if m in MODES else OFF


def own_key(settings):
    """The own network's password: made once, kept in the settings."""
    k = settings.get("wifi_key")
    if type(k) is not str or len(k) < 8:
        import os

        k = "".join(KEY_CHARS[b % len(KEY_CHARS)] for b in os.urandom(8))
        settings["wifi_key"] = k
    return k


def joined():
    """(ssid, password) from JOIN_FILE; ValueError saying what is wrong."""
    try:
        with open(JOIN_FILE) as f:
            d = json.load(f)
    except OSError:
        raise ValueError("No %s on the device: see docs/PHONES.md." % JOIN_FILE)
    except ValueError:
        raise ValueError("%s is not JSON." % JOIN_FILE)
    if type(d) is not dict or type(d.get("ssid")) is not str or not d["ssid"]:
        raise ValueError('%s needs "ssid" (and "password").' % JOIN_FILE)
    pw = d.get("password", "")
    if type(pw) is not str:
        raise ValueError('%s: "password" must be text.' % JOIN_FILE)
    return d["ssid"], pw


class Wifi:
    """The radio, in the mode the settings name. ip: the address to serve
    on once it is up (None before); error: why it is not."""

    def __init__(self, settings):
        self.mode = mode(settings)
        self.settings = settings
        self.ip = None
        self.host = "0.0.0.0"
        self.port = 80
        self.ssid = self.key = None  # the network's name and password, to show
        self.error = None
        self.wlan = None
        self.new_key = False  # the own network's password was made now: to be saved

    async def up(self):
        try:
            import network  # type: ignore[import-not-found]
        except ImportError:  # the simulator: loopback only (a password made and kept all the same)
            self.ssid = "this computer"
            self.new_key = "wifi_key" not in self.settings
            self.key = own_key(self.settings)
            self.host = self.ip = "127.0.0.1"
            return
        try:
            if self.mode == JOIN:
                ssid, pw = joined()
                self.ssid = ssid
                w = self.wlan = network.WLAN(network.STA_IF)
                w.active(True)
                w.connect(ssid, pw)
                waited = 0
                while not w.isconnected():
                    if waited >= JOIN_MS:
                        raise ValueError("Could not join %s: check %s and that it is in reach."
                                         % (ssid, JOIN_FILE))
                    await asyncio.sleep(0.25)
                    waited += 250
            else:
                w = self.wlan = network.WLAN(network.AP_IF)
                w.active(True)
                # its name ends with the radio's own address: two devices at two tables differ
                self.ssid = "Scorekeeper-%s" % "".join("%02X" % b for b in w.config("mac")[-2:])
                self.new_key = "wifi_key" not in self.settings
                self.key = own_key(self.settings)
                try:
                    w.config(ssid=self.ssid, key=self.key, security=3, max_clients=PHONES)  # 3: WPA2-PSK
                except (TypeError, ValueError, OSError):  # an older MicroPython's names
                    w.config(essid=self.ssid, password=self.key, authmode=3)
            self.ip = w.ifconfig()[0]
        except Exception as e:  # whatever the radio says: shown, and the device goes on
            self.error = str(e) or "Wi-Fi did not start (%s)." % type(e).__name__
            self.down()

    def url(self):
        if self.ip is None:
            return None
        return "http://%s/" % self.ip if self.port == 80 else "http://%s:%d/" % (self.ip, self.port)

    def down(self):
        if self.wlan is not None:
            try:
                self.wlan.active(False)
            except OSError:
                pass
            self.wlan = None
