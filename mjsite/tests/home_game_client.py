"""Run inside the test's network namespace (see test_home_game_server.py): acts as the
browser on the serving machine and as a phone on the Wi-Fi, both over loopback only (a
phone is a request to 127.0.0.1 carrying the LAN address in its Host header).

Usage: ``python home_game_client.py PORT LAN_ADDRESS``; prints one JSON object.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def main() -> None:
    port, lan = int(sys.argv[1]), sys.argv[2]
    base = f"http://127.0.0.1:{port}"
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)

    def fetch(path: str, host: str, data: dict[str, str] | None = None,
              opener: Any = None, headers: dict[str, str] | None = None) -> tuple[int, str, Any]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(base + path, data=body,
                                         headers={"Host": host, **(headers or {})})
        try:
            with (opener or browser).open(request, timeout=30) as answer:
                return answer.status, answer.read().decode("utf-8", "replace"), answer.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace"), error.headers

    # `make run` migrates a new database and collects the static files before it listens:
    # minutes on a busy CI machine. The loop ends as soon as the server answers.
    deadline = time.monotonic() + 240
    while True:
        try:
            status, _text, _h = fetch("/healthz", f"127.0.0.1:{port}")
            if status == 200:
                break
        except OSError:
            pass
        if time.monotonic() > deadline:
            print(json.dumps({"error": "the server did not answer"}))
            return
        time.sleep(0.3)

    out: dict[str, Any] = {}
    phone = f"{lan}:{port}"
    out["home"] = fetch("/", phone)[:2]
    out["missing"] = fetch("/no-such-page/", phone)[:2]
    out["bad_host"] = fetch("/", "evil.example")[:2]
    status, text, _h = fetch("/favicon.ico", phone)
    out["favicon"] = status
    css = re.search(r'href="(/static/css/site[^"]*\.css)"', out["home"][1])
    out["css"] = fetch(css.group(1), phone)[0] if css else None
    out["css_path"] = css.group(1) if css else None
    # What every page asks for besides its static files: the service worker and manifest.
    out["service_worker"] = fetch("/sw.js", phone)[0]
    manifest = re.search(r'<link rel="manifest" href="([^"]+)"', out["home"][1])
    out["manifest"] = fetch(manifest.group(1), phone)[0] if manifest else None

    # The creator's browser on the serving machine creates a table through loopback.
    local = f"127.0.0.1:{port}"
    status, page, _h = fetch("/tables/new/", local)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    config = re.search(r'<select name="config"[^>]*>\s*<option value="(\d+)"', page)
    form = {"csrfmiddlewaretoken": token.group(1) if token else "", "name": "Game night",
            "config": config.group(1) if config else "", "visibility": "link",
            "player_0": "Aki", "player_1": "Bob", "player_2": "Chen", "player_3": "Dai"}
    status, _text, headers = fetch("/tables/new/", local, form,
                                   headers={"Referer": f"http://{local}/tables/new/"})
    out["create"] = status
    location = headers.get("Location", "") if headers else ""
    status, table_page, _h = fetch(location, local)
    join = re.search(r'id="join-url" type="text" readonly value="([^"]+)"', table_page)
    out["join_url"] = join.group(1) if join else None
    # The phone opens the join link exactly as it reads.
    if join:
        parts = urllib.parse.urlsplit(join.group(1))
        out["join_page"] = fetch(parts.path, parts.netloc)[0]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
