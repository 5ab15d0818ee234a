"""``python -m mjsite.serve``: the home-game server that ``make run`` starts.

It prints where the phones at the table open the site (the URL on this machine's Wi-Fi
and its QR code, drawn in the terminal) and then serves the site with daphne, websockets
included. The settings come from the environment as always; ``make run`` sets
``MJ_HOME_GAME=true`` (see ``mjsite/settings.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

import segno

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000

# Daphne faces the LAN directly under `make run` (no proxy in front to cut slow clients
# off), so its timeouts must do it (issue 24: a client sending its headers a byte at a
# time held a connection forever; Twisted only drops one idle for a minute).
# A request's headers must all arrive within this many seconds (MJ_HTTP_HEADER_TIMEOUT).
HEADER_TIMEOUT = 15
# An application that has not started its answer by then gets 503.
HTTP_TIMEOUT = 60
# A websocket's opening handshake must complete within this.
WEBSOCKET_CONNECT_TIMEOUT = 10
# How long a closed connection's application may take to finish before it is killed.
APPLICATION_CLOSE_TIMEOUT = 10


def daphne_arguments(host: str, port: int) -> list[str]:
    """The daphne command line of the home game: the timeouts above."""
    return ["-b", host, "-p", str(port),
            "--http-timeout", str(HTTP_TIMEOUT),
            "--websocket_connect_timeout", str(WEBSOCKET_CONNECT_TIMEOUT),
            "--application-close-timeout", str(APPLICATION_CLOSE_TIMEOUT),
            "mjsite.asgi:application"]


def phone_urls(addresses: list[str], port: int, public_url: str = "") -> list[str]:
    """The addresses to give the phones, best first."""
    if public_url:
        return [f"{public_url}/"]
    suffix = "" if port == 80 else f":{port}"
    return [f"http://{address}{suffix}/" for address in addresses]


def banner(host: str, port: int, addresses: list[str], public_url: str = "",
           out: TextIO = sys.stdout) -> None:
    """Tell the person who started the server where everyone opens the site."""
    local = "127.0.0.1" if host in {"0.0.0.0", "::", ""} else host
    urls = phone_urls(addresses, port, public_url)
    lines = ["", "mjsite: the home game is being served.",
             f"  On this computer:  http://{local}:{port}/"]
    reachable = host in {"0.0.0.0", "::", ""} or host in addresses
    if urls and (reachable or public_url):
        lines.append("  Phones on the same Wi-Fi open:")
        lines += [f"    {url}" for url in urls]
    elif not reachable:
        lines.append(f"  Only this computer can open it (HOST={host}); use HOST=0.0.0.0 "
                     "to let phones join.")
    else:
        lines.append("  No Wi-Fi or Ethernet address found: set MJ_PUBLIC_URL to the "
                     "address phones should open, e.g. http://192.168.1.20:8000")
    out.write("\n".join(lines) + "\n")
    if urls and (reachable or public_url):
        out.write("  Scan to open it on a phone:\n")
        out.flush()
        segno.make(urls[0], error="m").terminal(out=out, compact=True, border=2)
    out.write("  Stop the server with Ctrl+C.\n\n")
    out.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m mjsite.serve", description=__doc__)
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to listen on (default {DEFAULT_HOST}: every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")
    import django
    from django.conf import settings

    django.setup()
    banner(args.host, args.port, list(settings.LAN_ADDRESSES), settings.PUBLIC_URL)

    from mjsite.settings import env_int

    from .header_deadline import serve

    serve(daphne_arguments(args.host, args.port),
          env_int("MJ_HTTP_HEADER_TIMEOUT", HEADER_TIMEOUT, minimum=1, maximum=3600))


if __name__ == "__main__":
    main()
