#!/usr/bin/env python3
"""A local HTTP/1.1 server for the remote-photo tests (Tests/GroupIconTests/Pipeline/Remote).

Listens on 127.0.0.1 at two ephemeral ports and prints them on its first line with a third, bound but not
listening (so connecting to it is refused, and no other process can take it): "PORT CONTROL_PORT CLOSED_PORT".
PORT serves
the routes below and counts requests per path (query excluded), responses per "path status", requests with
validators, connections, the most connections open at once and responses the client aborted. CONTROL_PORT is
kept apart so that reading the counts adds no connection to them: GET /__stats returns them as JSON,
GET /__version?value=V sets the version /versioned serves and GET /__release opens the gate of /gated/. Exits when its standard input closes, so it cannot
outlive the test process that started it, even after a crash.

Routes (max-age=N, no-cache=1, no-store=1 in any query add Cache-Control; delay=S waits S seconds first):
  /photos/NAME.jpg|.png      a real JPEG / PNG
  /slow?seconds=S            a JPEG after S seconds
  /gated/NAME                a JPEG once the test opens the gate (so a test decides when it arrives)
  /status/CODE               that status with a short text body
  /redirect/N                N redirects, then a JPEG        /loop  redirects to itself
  /to-file                   redirects to file:///etc/passwd /wrong-type  a JPEG sent as text/plain
  /redirect-to?url=U         redirects to U
  /big?bytes=N               N bytes with Content-Length     /big-chunked?bytes=N  the same, chunked
  /truncated                 announces 4000 bytes, sends 1000 and closes
  /garbage                   answers bytes that are not HTTP (no status line) and closes
  /etag                      ETag "v1", 304 for If-None-Match: "v1"
  /last-modified             Last-Modified, 304 for an equal If-Modified-Since
  /versioned                 ETag = the current version ("v1": JPEG, else PNG)
"""
import argparse
import json
import os
import socket
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LAST_MODIFIED = "Tue, 03 Nov 2026 10:00:00 GMT"


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = Counter()
        self.statuses = Counter()
        self.conditional = Counter()
        self.aborted = Counter()
        self.connections = 0
        self.open = 0
        self.max_open = 0
        self.user_agent = ""
        self.version = "v1"

    def snapshot(self):
        with self.lock:
            return {"requests": dict(self.requests), "statuses": dict(self.statuses),
                    "conditional": dict(self.conditional), "aborted": dict(self.aborted),
                    "connections": self.connections, "maxOpenConnections": self.max_open,
                    "userAgent": self.user_agent}


STATS = Stats()
GATE = threading.Event()
PHOTOS = {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        with STATS.lock:
            STATS.connections += 1
            STATS.open += 1
            STATS.max_open = max(STATS.max_open, STATS.open)

    def finish(self):
        try:
            super().finish()
        except OSError:
            pass
        with STATS.lock:
            STATS.open -= 1

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        self.path_key = path
        with STATS.lock:
            STATS.requests[path] += 1
            STATS.user_agent = self.headers.get("User-Agent", "")
            if self.headers.get("If-None-Match") or self.headers.get("If-Modified-Since"):
                STATS.conditional[path] += 1
        try:
            self.route(path, query)
        except (BrokenPipeError, ConnectionResetError):
            with STATS.lock:
                STATS.aborted[path] += 1
            self.close_connection = True

    def route(self, path, query):
        if "delay" in query:
            time.sleep(float(query["delay"][0]))
        cache = self.cache_headers(query)
        if path.startswith("/photos/"):
            kind = "png" if path.endswith(".png") else "jpeg"
            self.send_body(200, PHOTOS[kind], "image/" + kind, cache)
        elif path == "/slow":
            time.sleep(float(query.get("seconds", ["5"])[0]))
            self.send_body(200, PHOTOS["jpeg"], "image/jpeg", cache)
        elif path.startswith("/gated/"):
            # Long enough for a test on a loaded, sanitized run to cancel before the answer comes.
            GATE.wait(600)
            self.send_body(200, PHOTOS["jpeg"], "image/jpeg", cache)
        elif path.startswith("/status/"):
            code = int(path.rsplit("/", 1)[1])
            self.send_body(code, b"status %d" % code, "text/plain", cache)
        elif path.startswith("/redirect/"):
            remaining = int(path.rsplit("/", 1)[1])
            if remaining > 0:
                self.send_redirect("/redirect/%d" % (remaining - 1))
            else:
                self.send_body(200, PHOTOS["jpeg"], "image/jpeg", cache)
        elif path == "/loop":
            self.send_redirect("/loop")
        elif path == "/to-file":
            self.send_redirect("file:///etc/passwd")
        elif path == "/redirect-to":
            self.send_redirect(query.get("url", ["/"])[0])
        elif path == "/wrong-type":
            self.send_body(200, PHOTOS["jpeg"], "text/plain", cache)
        elif path == "/big":
            self.send_large(int(query.get("bytes", ["0"])[0]), chunked=False)
        elif path == "/big-chunked":
            self.send_large(int(query.get("bytes", ["0"])[0]), chunked=True)
        elif path == "/garbage":
            self.wfile.write(b"this is not HTTP\r\n\r\n")
            self.close_connection = True
        elif path == "/truncated":
            self.count_status(200)
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", "4000")
            self.end_headers()
            self.wfile.write(PHOTOS["jpeg"][:1000].ljust(1000, b"\0"))
            self.wfile.flush()
            self.close_connection = True
        elif path == "/etag":
            self.send_validated(200, '"v1"', None, PHOTOS["jpeg"], "image/jpeg", cache)
        elif path == "/last-modified":
            self.send_validated(200, None, LAST_MODIFIED, PHOTOS["png"], "image/png", cache)
        elif path == "/versioned":
            with STATS.lock:
                version = STATS.version
            kind = "jpeg" if version == "v1" else "png"
            self.send_validated(200, '"%s"' % version, None, PHOTOS[kind], "image/" + kind, cache)
        else:
            self.send_body(404, b"no such route", "text/plain", cache)

    def cache_headers(self, query):
        directives = []
        if "max-age" in query:
            directives.append("max-age=" + query["max-age"][0])
        if "no-cache" in query:
            directives.append("no-cache")
        if "no-store" in query:
            directives.append("no-store")
        return [("Cache-Control", ", ".join(directives))] if directives else []

    def send_validated(self, code, etag, last_modified, body, content_type, extra):
        headers = list(extra)
        if etag:
            headers.append(("ETag", etag))
        if last_modified:
            headers.append(("Last-Modified", last_modified))
        match = etag is not None and self.headers.get("If-None-Match") == etag
        match = match or (last_modified is not None and self.headers.get("If-Modified-Since") == last_modified)
        if match:
            self.count_status(304)
            self.send_response(304)
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
        else:
            self.send_body(code, body, content_type, headers)

    def send_redirect(self, location):
        self.count_status(302)
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def send_large(self, size, chunked):
        self.count_status(200)
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        block = b"\xAB" * 65536
        sent = 0
        while sent < size:
            piece = block[:min(len(block), size - sent)]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            sent += len(piece)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def send_body(self, code, body, content_type, extra=()):
        self.count_status(code)
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def count_status(self, code):
        with STATS.lock:
            STATS.statuses["%s %d" % (self.path_key, code)] += 1


class ControlHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        if parts.path == "/__stats":
            body, content_type = json.dumps(STATS.snapshot()).encode(), "application/json"
        elif parts.path == "/__version":
            with STATS.lock:
                STATS.version = parse_qs(parts.query).get("value", ["v1"])[0]
            body, content_type = b"ok", "text/plain"
        elif parts.path == "/__release":
            GATE.set()
            body, content_type = b"ok", "text/plain"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def exit_when_parent_goes():
    """Reads standard input to its end (the parent closed it or died), then exits at once."""
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jpeg", required=True)
    parser.add_argument("--png", required=True)
    arguments = parser.parse_args()
    for kind, path in (("jpeg", arguments.jpeg), ("png", arguments.png)):
        with open(path, "rb") as file:
            PHOTOS[kind] = file.read()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    control = ThreadingHTTPServer(("127.0.0.1", 0), ControlHandler)
    server.daemon_threads = control.daemon_threads = True
    threading.Thread(target=exit_when_parent_goes, daemon=True).start()
    threading.Thread(target=control.serve_forever, daemon=True).start()
    closed = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    closed.bind(("127.0.0.1", 0))
    print(server.server_address[1], control.server_address[1], closed.getsockname()[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
