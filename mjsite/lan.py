"""The machine's addresses on its local networks, for the home-game server.

``make run`` serves the site to the phones around the table. Their browsers must be sent
to an address of this machine that they can reach: not ``127.0.0.1`` (on a phone that is
the phone itself) but the machine's address on the Wi-Fi. This module lists those
addresses from the network interfaces (read with psutil, no traffic is sent), best first,
so the start-up banner, the allowed hosts and the table's join link agree.

Only IPv4 is offered: ``make run`` binds ``0.0.0.0``, and a phone's user can read and type
a dotted address from the banner if the QR code will not scan.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass

import psutil

# Interfaces of containers, virtual machines and bridges on this machine: their addresses
# are not on the Wi-Fi, so a phone could not reach them.
_VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "lxc", "lxd",
                     "cni", "flannel", "cali", "podman", "kube", "tun", "tap", "wg", "zt",
                     "tailscale", "utun")
# Wi-Fi and Ethernet first, in the names Linux, macOS and BSD give them.
_PHYSICAL_PREFIXES = ("wl", "wlan", "en", "eth")


@dataclass(frozen=True)
class Interface:
    name: str
    up: bool
    addresses: tuple[str, ...]  # IPv4 addresses, as text


_HOME_NETWORKS = tuple(ipaddress.IPv4Network(n)
                       for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12"))


def _rank(interface: Interface, address: str) -> tuple[int, int, str, str]:
    ip = ipaddress.IPv4Address(address)
    # Home networks use the private ranges; any other address comes after them.
    private = 0 if any(ip in net for net in _HOME_NETWORKS) else 1
    physical = 0 if interface.name.startswith(_PHYSICAL_PREFIXES) else 1
    return (private, physical, interface.name, address)


def usable(address: str) -> bool:
    """Whether a phone on the same network could reach this machine at ``address``."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified
                or ip.is_reserved)


def pick(interfaces: Iterable[Interface]) -> list[str]:
    """The usable addresses of ``interfaces``, best first, each once."""
    ranked = []
    for interface in interfaces:
        if not interface.up or interface.name.startswith(_VIRTUAL_PREFIXES):
            continue
        for address in interface.addresses:
            if usable(address):
                ranked.append(_rank(interface, address))
    out: list[str] = []
    for *_ignored, address in sorted(ranked):
        if address not in out:
            out.append(address)
    return out


def interfaces() -> list[Interface]:
    """This machine's network interfaces with their IPv4 addresses."""
    stats = psutil.net_if_stats()
    out = []
    for name, addresses in psutil.net_if_addrs().items():
        stat = stats.get(name)
        out.append(Interface(
            name=name, up=bool(stat and stat.isup),
            addresses=tuple(a.address for a in addresses if a.family == socket.AF_INET)))
    return out


def lan_addresses() -> list[str]:
    """This machine's addresses that phones on its local networks can reach, best first."""
    try:
        return pick(interfaces())
    except OSError:
        # No interface table to read (an unusual sandbox): the site still runs, and the
        # banner says to set MJ_PUBLIC_URL or MJ_ALLOWED_HOSTS.
        return []


def host_names() -> list[str]:
    """The names a phone may use for this machine: its host name and the mDNS ``.local``
    name that phones resolve on most home networks."""
    name = socket.gethostname().strip().lower()
    if not name or name == "localhost":
        return []
    short = name.split(".")[0]
    return list(dict.fromkeys([name, short, f"{short}.local"]))
