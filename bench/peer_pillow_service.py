#!/usr/bin/env python3
"""`chat-tui serve` done the way a Python developer would with Pillow: a WSGI app under gunicorn (threaded
workers, one process per core) answering `GET /v1/groups/{id}.png?scale=N&margin=M&size=S` for the groups of
a fixture. Each request opens the members' JPEGs with `draft`, composes the WeChat nine-grid with
peer_pillow.compose (as bench/peer_pillow_batch.py does) and saves a PNG with Pillow's defaults. With
--no-cache every request composes; without it the PNG bytes are kept in a dict in each worker, keyed by the
group and the parameters (no bound: what a quick service would do).

The nine-grid's geometry is chat-tui's (NineGridLayout): the gap and the outer padding are the margin
(default size/18), three square tiles a row, the grey background.

Usage: peer_pillow_service.py --fixtures FILE --listen 127.0.0.1:PORT [--workers N] [--threads N] [--no-cache]
"""

import argparse
import io
import json
import os
import sys
import threading
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import peer_pillow  # noqa: E402  (the composition of bench/compare.sh's Pillow peer)


def nine_grid(size, margin, scale):
    """peer_pillow.compose's layout of a nine-member WeChat grid of `size` points at `scale`."""
    side = (size - 4 * margin) / 3
    tiles = []
    for row in range(3):
        for column in range(3):
            frame = [(margin + column * (side + margin)) * scale, (margin + row * (side + margin)) * scale,
                     side * scale, side * scale]
            tiles.append({"frame": frame, "shape": {"kind": "rect", "rect": frame}})
    return {"pixels": round(size * scale), "background": [0xAA, 0xAA, 0xAA, 255], "tiles": tiles,
            "corner_radius": 0}


class Service:
    def __init__(self, fixtures, cache):
        folder = os.path.dirname(os.path.abspath(fixtures))
        with open(fixtures, encoding="utf-8") as handle:
            groups = json.load(handle)["groups"]
        self.photos = {group["id"]: [os.path.join(folder, member["avatar"]) for member in group["members"][:9]]
                       for group in groups}
        self.cache = {} if cache else None
        self.lock = threading.Lock()

    def render(self, group, size, margin, scale):
        layout = nine_grid(size, margin, scale)
        photos = [peer_pillow.open_for_tile(path, max(round(t["frame"][2]), round(t["frame"][3])))
                  for path, t in zip(self.photos[group], layout["tiles"])]
        out = io.BytesIO()
        peer_pillow.compose(layout, photos).save(out, "PNG")
        return out.getvalue()

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path == "/healthz":
            return respond(start_response, "200 OK", "text/plain", b"ok\n")
        if not (path.startswith("/v1/groups/") and path.endswith(".png")):
            return respond(start_response, "404 Not Found", "text/plain", b"not found\n")
        group = path[len("/v1/groups/"):-len(".png")]
        if group not in self.photos:
            return respond(start_response, "404 Not Found", "text/plain", b"unknown group\n")
        query = urllib.parse.parse_qs(environ.get("QUERY_STRING", ""))
        try:
            size = float(query.get("size", ["132"])[0])
            scale = int(query.get("scale", ["1"])[0])
            margin = float(query.get("margin", [str(size / 18)])[0])
            if not (16 <= size <= 1024 and 1 <= scale <= 4 and 0 <= margin <= size / 8):
                raise ValueError
        except ValueError:
            return respond(start_response, "400 Bad Request", "text/plain", b"bad size, scale or margin\n")
        key = (group, size, margin, scale)
        if self.cache is None:
            body = self.render(*key)
        else:
            body = self.cache.get(key)
            if body is None:
                body = self.render(*key)
                with self.lock:
                    self.cache[key] = body
        return respond(start_response, "200 OK", "image/png", body)


def respond(start_response, status, content_type, body):
    start_response(status, [("Content-Type", content_type), ("Content-Length", str(len(body)))])
    return [body]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--listen", default="127.0.0.1:8081")
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)),
                        help="worker processes (default: the cores this process may run on)")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker")
    parser.add_argument("--no-cache", action="store_true", help="compose every request")
    args = parser.parse_args()

    from gunicorn.app.base import BaseApplication

    service = Service(args.fixtures, cache=not args.no_cache)

    class Application(BaseApplication):
        def load_config(self):
            for name, value in {"bind": args.listen, "workers": args.workers, "threads": args.threads,
                                "worker_class": "gthread", "accesslog": None, "loglevel": "warning",
                                "keepalive": 30, "backlog": 2048}.items():
                self.cfg.set(name, value)

        def load(self):
            return service

    Application().run()


if __name__ == "__main__":
    main()
