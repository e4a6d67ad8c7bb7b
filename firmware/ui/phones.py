# The phones at the table (issue 17): Settings > Wi-Fi turns the web side
# on (the device's own network, or joining one) or off; the Phones screen
# shows what a phone needs: the network and its password, the address to
# open, the PIN that lets a phone send its player's grid, who has sent, and
# where the panel shows one legibly, a QR code to scan instead (OK turns to
# it). guard.py runs the web side (web/server.py) while Wi-Fi is on.
from hardware import OK
from ui.widgets import Menu, Message, header

MODES = (("Off", "off"), ("Own network", "own"), ("Join a network", "join"))


def wifi_menu(app):
    s = app.state["settings"]

    def pick(mode):
        app.pop()
        if s.get("wifi", "off") != mode:
            s["wifi"] = mode
            app.save()
        elif app.net is not None and app.net.wifi.error:  # the mode it is in, which failed: again
            app.net.retry = True
        if mode != "off":
            app.push(Phones(app))

    items = [(label, lambda m=m: pick(m)) for label, m in MODES]
    on = s.get("wifi", "off")
    now = [m for _label, m in MODES].index(on) if on in ("own", "join") else 0
    app.push(Menu(app, "Wi-Fi", items, cursor=now, value=lambda i: "now" if i == now else ""))


class Phones(Message):
    """What a phone needs to open the page and send its grid, as it is now
    (a message made again at each drawing). OK: the QR codes in turn
    (joining the own network, then the page), where they fit; else it goes
    back, as a message's does."""

    def __init__(self, app):
        super().__init__(app, "Phones", [])
        self.showing = 0  # 0: the text; 1, 2...: the QR codes
        self.codes = None  # (size, bits) of the QR code on screen

    def key(self, key):
        n = len(self.qr_texts())
        if key == OK and n:
            self.showing = (self.showing + 1) % (n + 1)
            self.codes = None
            self.dirty = True
            return
        super().key(key)

    def qr_texts(self):
        net = self.app.net
        if net is None or net.wifi.ip is None or not self.qr_fits():
            return []
        w = net.wifi
        out = []
        if w.key is not None and w.ip != "127.0.0.1":  # the own network (not the simulator): a camera joins
            out.append("WIFI:T:WPA;S:%s;P:%s;;" % (w.ssid, w.key))
        if w.url() is not None:  # (the page's once it is served)
            out.append(w.url())
        return out

    def qr_fits(self):
        from ui.qr import fits

        d = self.app.pen.d
        return fits(41, d.width, self.app.pen.h) >= 2  # a version 6 code at 2 pixels a module

    def lines(self):
        app = self.app
        net = app.net
        mode = app.state["settings"].get("wifi", "off")
        if net is None:
            if mode != "off" and app.safe:
                return ["Wi-Fi stays off after errors, until the next start."]
            return ["Wi-Fi is starting..." if mode != "off" else "Wi-Fi is off: Settings > Wi-Fi."]
        w = net.wifi
        if w.error:
            return ["Wi-Fi: " + w.error, "Settings > Wi-Fi to try again or turn it off."]
        # what a player asks for most first: the PIN and who has sent (the Cardputer's panel has room
        # for five lines), where to go; then how to get on the network
        rows: list = []
        if app.game is not None:
            rows.append(("PIN", net.pin[:3] + " " + net.pin[3:]))  # (six digits: read as two threes)
            if net.sent:
                rows.append("Sent: " + ", ".join(app.game.names[s] for s in sorted(net.sent)))
        if w.url() is None:  # (the radio up, or not yet; the page served there once it listens)
            rows.append(("Wi-Fi", "joining..." if mode == "join" and w.ip is None else "starting..."))
        else:
            rows.append(("Open", w.ip + ("" if w.port == 80 else ":%d" % w.port)))
        if w.ssid:
            rows.append(("Network", w.ssid) if len(w.ssid) < 14 else "Network " + w.ssid)
        if w.key:
            rows.append(("Password", w.key))
        if w.note:
            rows.append(w.note)
        if self.qr_texts():
            rows.append("OK: QR code")
        return rows

    def draw(self, pen):
        texts = self.qr_texts()
        if self.showing and self.showing <= len(texts):
            from ui.qr import draw, fits, matrix

            text = texts[self.showing - 1]
            if self.codes is None:
                self.codes = matrix(text)
            size, bits = self.codes
            top = header(pen, "Scan: join Wi-Fi" if text.startswith("WIFI:") else "Scan: the page")
            k = fits(size, pen.d.width, pen.h - top)
            side = (size + 8) * k
            draw(pen, (pen.d.width - side) // 2, top, size, bits, k)
            return
        self.rows = self.lines()
        self._lines = None  # laid out again: what it shows changes (the address, who has sent)
        super().draw(pen)
