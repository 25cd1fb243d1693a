"""The test session's network fence: no test sends a packet anywhere but the loopback.

For the whole session, ``socket.socket.connect``/``connect_ex``/``sendto`` refuse an IPv4 or
IPv6 destination outside 127.0.0.0/8 and ::1 (Unix sockets are free), and ``socket.getaddrinfo``
/ ``gethostbyname`` answer only for ``localhost``, IP literals (no query is made for them) and
the names a test gave addresses through the ``fake_dns`` fixture: any other name would be a real
DNS query, and this machine's DNS server is not on the loopback. ``socket.create_connection``
goes through both. A refused call raises an ``OSError`` (so code under test sees a network
failure) and is recorded: the test fails at teardown even when the code swallowed the error.

It also marks the corpus-wide differentials ``corpus_wide`` (see ``CORPUS_WIDE``).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest

#: What the fence refused during the current test.
VIOLATIONS: list[str] = []
#: name -> addresses, for getaddrinfo (filled by the fake_dns fixture).
FAKE_DNS: dict[str, list[str]] = {}

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_sendto = socket.socket.sendto
_real_getaddrinfo = socket.getaddrinfo
_real_gethostbyname = socket.gethostbyname


class NetworkFenceError(ConnectionRefusedError):
    """A test tried to reach something outside the loopback."""


def _is_loopback(host: object) -> bool:
    if not isinstance(host, str):
        return False
    try:
        address = ipaddress.ip_address(host.partition("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def _is_literal(host: object) -> bool:
    try:
        ipaddress.ip_address(str(host).partition("%")[0])
    except ValueError:
        return False
    return True


def _refuse(what: str) -> NetworkFenceError:
    VIOLATIONS.append(what)
    return NetworkFenceError(f"network fence: {what} is outside the loopback")


def _check_destination(sock: socket.socket, address: Any, call: str) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address[0]):
        raise _refuse(f"{call} to {address!r}")


def _connect(self: socket.socket, address: Any) -> None:
    _check_destination(self, address, "connect")
    _real_connect(self, address)


def _connect_ex(self: socket.socket, address: Any) -> int:
    _check_destination(self, address, "connect_ex")
    return _real_connect_ex(self, address)


def _sendto(self: socket.socket, data: Any, *rest: Any) -> int:
    _check_destination(self, rest[-1], "sendto")
    return _real_sendto(self, data, *rest)  # type: ignore[call-overload,no-any-return]


def _getaddrinfo(host: Any, port: Any, *rest: Any, **options: Any) -> Any:
    name = host.decode("ascii") if isinstance(host, bytes) else host
    if isinstance(name, str) and name.rstrip(".").lower() in FAKE_DNS:
        family = rest[0] if rest else options.get("family", 0)
        answers = []
        for address in FAKE_DNS[name.rstrip(".").lower()]:
            is_v6 = ":" in address
            if family not in (0, socket.AF_INET6 if is_v6 else socket.AF_INET):
                continue
            sockaddr = (address, int(port or 0), 0, 0) if is_v6 else (address, int(port or 0))
            answers.append(
                (
                    socket.AF_INET6 if is_v6 else socket.AF_INET,
                    socket.SOCK_STREAM,
                    socket.IPPROTO_TCP,
                    "",
                    sockaddr,
                )
            )
        return answers
    if name is None or name == "localhost" or _is_literal(name):
        return _real_getaddrinfo(host, port, *rest, **options)
    raise _refuse(f"DNS lookup of {name!r}")


def _gethostbyname(name: str) -> str:
    if name.rstrip(".").lower() in FAKE_DNS:
        return FAKE_DNS[name.rstrip(".").lower()][0]
    if name == "localhost" or _is_literal(name):
        return _real_gethostbyname(name)
    raise _refuse(f"DNS lookup of {name!r}")


@pytest.fixture(autouse=True, scope="session")
def network_fence() -> Iterator[None]:
    """Installed for the whole session (see the module's documentation)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket.socket, "connect", _connect)
        patch.setattr(socket.socket, "connect_ex", _connect_ex)
        patch.setattr(socket.socket, "sendto", _sendto)
        patch.setattr(socket, "getaddrinfo", _getaddrinfo)
        patch.setattr(socket, "gethostbyname", _gethostbyname)
        yield


@pytest.fixture(autouse=True)
def no_traffic_off_the_loopback() -> Iterator[None]:
    """Fails the test when the fence refused anything during it."""
    VIOLATIONS.clear()
    yield
    if VIOLATIONS:
        found = list(VIOLATIONS)
        VIOLATIONS.clear()
        pytest.fail(f"the test tried to leave the loopback: {found}")


@pytest.fixture
def fake_dns() -> Iterator[dict[str, list[str]]]:
    """Give test host names addresses: ``fake_dns["service.test"] = ["127.0.0.1"]`` makes
    ``socket.getaddrinfo("service.test", ...)`` answer 127.0.0.1 (loopback addresses only, so
    that the fence still holds)."""
    FAKE_DNS.clear()
    yield FAKE_DNS
    FAKE_DNS.clear()


#: The corpus-wide differentials: each sends every line of a corpus (tens of thousands) through
#: urlspec and a second implementation, the slowest tests of the suite. scripts/test.sh runs them
#: on one environment per build (the first Python's) and the rest of the matrix with
#: ``-m "not corpus_wide"``, which keeps CI within its time budget; the generated-input and
#: sampled tests of the same modules run everywhere.
CORPUS_WIDE = (
    "tests/test_quoting_differential.py::test_corpus[",
    "tests/test_parse_differential.py::test_corpus_",
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "corpus_wide: a differential over every line of a corpus (see conftest.py)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(CORPUS_WIDE):
            item.add_marker(pytest.mark.corpus_wide)
