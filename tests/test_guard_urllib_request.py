"""urlspec.guard.opener (urllib.request) beyond what every client
shares (tests/test_guard_clients.py runs those guarantees through it):
the handlers it has and has not, other schemes, proxies, and
``install_opener``. Servers on the loopback; names from the policy's resolver.
"""

from __future__ import annotations

import urllib.request

import pytest
from guard_servers import PUBLIC_POLICY as PUBLIC
from guard_servers import LoopbackServer, public_fixture, public_module_fixture  # noqa: F401

from urlspec import guard
from urlspec.guard import Policy, Refused


def test_no_proxy_and_no_other_scheme_handler() -> None:
    opener = guard.opener(PUBLIC)
    assert isinstance(opener, urllib.request.OpenerDirector)
    unwanted = (
        urllib.request.ProxyHandler,
        urllib.request.FileHandler,
        urllib.request.FTPHandler,
        urllib.request.DataHandler,
        urllib.request.HTTPHandler,
        urllib.request.HTTPSHandler,
        urllib.request.HTTPRedirectHandler,
    )
    assert not [h for h in opener.handlers if isinstance(h, unwanted)]


@pytest.mark.parametrize(
    "url",
    ["file:///etc/passwd", "ftp://public.test/x", "data:text/plain,hi", "gopher://public.test/"],
)
def test_other_schemes_are_refused(url: str) -> None:
    with pytest.raises(Refused) as refused:
        guard.opener(PUBLIC).open(url)
    assert refused.value.reason == "scheme-not-allowed"


def test_a_scheme_the_policy_allows_is_still_not_opened() -> None:
    policy = Policy(schemes={"http", "https", "ftp"}, resolver=PUBLIC.resolver)
    with pytest.raises(Refused) as refused:
        guard.opener(policy).open("ftp://public.test/x")
    assert refused.value.reason == "scheme-not-allowed"
    assert "http and https only" in refused.value.detail


def test_a_string_that_is_no_url_is_refused() -> None:
    with pytest.raises(Refused) as refused:
        guard.opener(PUBLIC).open("http://[::1")
    assert refused.value.reason == "invalid-url"


def test_a_request_through_a_proxy_is_refused(public: LoopbackServer) -> None:
    request = urllib.request.Request(public.url(host="public.test"))
    request.set_proxy("127.0.0.9:3128", "http")
    with pytest.raises(Refused) as refused:
        guard.opener(PUBLIC).open(request)
    assert refused.value.reason == "proxy"
    opener = guard.opener(PUBLIC)
    opener.add_handler(urllib.request.ProxyHandler({"http": "http://127.0.0.9:3128"}))
    with pytest.raises(Refused) as refused:
        opener.open(public.url(host="public.test"))
    assert refused.value.reason == "proxy"
    assert public.seen == []


def test_a_request_object_and_install_opener(public: LoopbackServer) -> None:
    opener = guard.opener(PUBLIC)
    request = urllib.request.Request(public.url("/ok?a=1", host="public.test"))
    with opener.open(request) as response:
        assert response.read() == b"ok 127.0.0.1"
    urllib.request.install_opener(opener)
    try:
        with pytest.raises(Refused):
            urllib.request.urlopen("http://127.0.0.2/")
        with urllib.request.urlopen(public.url(host="public.test")) as response:
            assert response.status == 200
    finally:
        urllib.request.install_opener(None)  # type: ignore[arg-type]
    assert [s.path for s in public.seen] == ["/ok?a=1", "/ok"]
