"""What importing urlspec.guard loads: its policy and checks, not the HTTP clients (they load on
first use of their names, so that ``import urlspec.guard`` works without httpx, requests or
aiohttp)."""

from __future__ import annotations

import json
import subprocess
import sys


def loaded_after(code: str) -> set[str]:
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    output = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    return {name.split(".")[0] for name in json.loads(output)} | set(json.loads(output))


def test_import_urlspec_does_not_load_the_guard() -> None:
    assert "urlspec.guard" not in loaded_after("import urlspec")


def test_checking_loads_no_http_client() -> None:
    loaded = loaded_after(
        "from urlspec import guard\nguard.check('https://example.com/')\n"
        "guard.resolve('http://8.8.8.8/')"
    )
    assert not loaded & {
        "httpx",
        "httpcore",
        "anyio",
        "requests",
        "urllib3",
        "urllib.request",
        "aiohttp",
        "yarl",
    }
    assert "urlspec.guard.sockets" not in loaded


def test_the_clients_load_on_first_use() -> None:
    loaded = loaded_after("from urlspec import guard\nguard.GuardedTransport")
    assert "httpx" in loaded and "requests" not in loaded
    loaded = loaded_after("from urlspec import guard\nguard.GuardedAdapter")
    assert "requests" in loaded and "httpx" not in loaded
    loaded = loaded_after("from urlspec import guard\nguard.aiohttp_session")
    assert "aiohttp" in loaded and not loaded & {"httpx", "requests"}
    loaded = loaded_after("from urlspec import guard\nguard.create_connection")
    assert "urlspec.guard.sockets" in loaded
    assert not loaded & {"httpx", "requests", "aiohttp", "urllib3"}
    loaded = loaded_after("from urlspec import guard\nguard.pool_manager")
    assert "urllib3" in loaded and not loaded & {"httpx", "requests"}
    loaded = loaded_after("from urlspec import guard\nguard.opener")
    assert "urllib.request" in loaded and not loaded & {"httpx", "requests", "urllib3"}


def test_the_lazy_names_are_the_functions() -> None:
    # A client module's name must not hide the function of the same name.
    from urlspec import guard
    from urlspec.guard import aiohttp_client, sockets

    assert guard.aiohttp_session is aiohttp_client.aiohttp_session
    assert guard.create_connection is sockets.create_connection
    assert guard.open_connection is sockets.open_connection


def test_unknown_names_are_attribute_errors() -> None:
    import pytest

    from urlspec import guard

    with pytest.raises(AttributeError):
        guard.no_such_name  # noqa: B018
