"""The deployment samples in deploy/ work as written: the systemd unit's daphne command
serves the site and its websockets, and nginx proxies to the ports the units listen on."""

from __future__ import annotations

import re
import shlex

import pytest

from .conftest import Site
from .harness import DAPHNE, ROOT, Client, Server, free_port

pytestmark = pytest.mark.integration

UNIT = ROOT / "deploy" / "mjsite@.service"
NGINX = ROOT / "deploy" / "nginx.conf"


def _exec_start() -> list[str]:
    text = UNIT.read_text(encoding="utf-8").replace("\\\n", " ")
    (line,) = [ln for ln in text.splitlines() if ln.startswith("ExecStart=")]
    return shlex.split(line.removeprefix("ExecStart="))


def test_nginx_forwards_the_address_it_saw_never_one_the_client_wrote():
    text = "\n".join(line.split("#")[0] for line in NGINX.read_text().splitlines())
    assert "$proxy_add_x_forwarded_for" not in text
    assert text.count("proxy_set_header X-Forwarded-For $remote_addr;") == 2
    assert "MJ_TRUSTED_PROXIES=1" in UNIT.read_text()


def test_nginx_proxies_to_the_ports_the_unit_instances_listen_on():
    upstream = re.search(r"upstream mjsite \{(.*?)\}", NGINX.read_text(), re.S)
    assert upstream is not None
    ports = re.findall(r"server 127\.0\.0\.1:(\d+)", upstream.group(1))
    assert len(ports) == 2
    for port in ports:
        assert f"mjsite@{port}" in UNIT.read_text()
    assert "--port %i" in " ".join(_exec_start())


async def test_the_units_daphne_command_serves_pages_and_table_sockets(site: Site) -> None:
    port = free_port()
    unit = _exec_start()
    # The unit's venv python, run as this one: the rest of its command line as written.
    assert unit[0].endswith("/.venv/bin/python") and unit[1:3] == DAPHNE[1:], unit
    command = [*DAPHNE, *(arg.replace("%i", str(port)) for arg in unit[3:])]
    # daphne's --proxy-headers takes the first X-Forwarded-For entry, which the client
    # writes: the site reads the header through MJ_TRUSTED_PROXIES instead.
    assert "--proxy-headers" not in command
    server = Server(site.env(), port=port, log_dir=site.log_dir, command=command)
    (table,) = site.tables(1)
    server.start()
    try:
        phone = Client(server, table["public_id"], table["devices"][0])
        assert (await phone.connect())["you"]["seat"] == 0
        await phone.record("via-unit")
        assert (await phone.answer_to("via-unit"))["type"] == "ack"
        await phone.close()
    finally:
        server.stop()
