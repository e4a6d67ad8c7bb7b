# A plain static web server of one folder, as any static host serves the web page (make
# web-serve, the page's tests, make bench's web figure). CPython only.
import functools
import http.server
import threading

TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm", ".webmanifest": "application/manifest+json"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, *args):
        pass


def server(out, port=0, host="127.0.0.1"):
    """A server of the folder out (port 0: any free one), not yet serving."""
    return http.server.ThreadingHTTPServer((host, port), functools.partial(_Handler, directory=out))


def started(out):
    """(server, its URL): out served on 127.0.0.1 from a thread of its own until shutdown()."""
    httpd = server(out)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, "http://127.0.0.1:%d/" % httpd.server_address[1]
