"""urlspec.guard.pool_manager (urllib3) beyond what every client
shares (tests/test_guard_clients.py runs those guarantees through it):
urllib3's ``retries`` and ``redirect`` settings, and its pools
used without the manager. Servers on the loopback; names from the policy's resolver.

Expected values: urllib3's documented semantics of ``Retry(redirect=n)`` (n redirects, then
MaxRetryError), ``retries=False`` (redirect responses returned, not followed) and
``redirect=False``; the policy's ``max_redirects`` bounds all of them.
"""

from __future__ import annotations

import pytest
import urllib3
from guard_servers import PUBLIC_POLICY as PUBLIC
from guard_servers import LoopbackServer, public_fixture, public_module_fixture  # noqa: F401
from urllib3.util.retry import Retry

from urlspec import URL, guard
from urlspec.guard import Refused


def test_it_is_a_pool_manager() -> None:
    manager = guard.pool_manager(PUBLIC, num_pools=3)
    assert isinstance(manager, urllib3.PoolManager)
    assert isinstance(manager, guard.GuardedPoolManager)


def test_retries_cannot_raise_the_policys_redirect_limit(public: LoopbackServer) -> None:
    with guard.pool_manager(PUBLIC) as manager, pytest.raises(Refused) as refused:
        manager.request("GET", public.chain_url(7, public.url()), retries=Retry(redirect=10))
    assert refused.value.reason == "too-many-redirects"
    assert len(public.seen) == 6  # the request and 5 redirects


def test_retries_can_lower_it(public: LoopbackServer) -> None:
    with guard.pool_manager(PUBLIC) as manager, pytest.raises(urllib3.exceptions.MaxRetryError):
        manager.request("GET", public.chain_url(3, public.url()), retries=Retry(redirect=1))
    assert len(public.seen) == 2
    public.seen.clear()
    manager = guard.pool_manager(PUBLIC, retries=Retry(redirect=1))
    with manager, pytest.raises(urllib3.exceptions.MaxRetryError):
        manager.request("GET", public.chain_url(3, public.url()))
    assert len(public.seen) == 2


def test_without_retries_the_policy_alone_counts_redirects(public: LoopbackServer) -> None:
    # urllib3's default Retry(3) would stop at 3 redirects; the guard's limit is the policy's.
    with guard.pool_manager(PUBLIC) as manager:
        assert manager.request("GET", public.chain_url(5, public.url())).status == 200
    assert len(public.seen) == 6


@pytest.mark.parametrize("options", [{"retries": False}, {"redirect": False}])
def test_a_redirect_not_followed_is_returned(
    options: dict[str, bool], public: LoopbackServer
) -> None:
    with guard.pool_manager(PUBLIC) as manager:
        response = manager.request("GET", public.redirect_url(302, "http://10.0.0.5/"), **options)
    assert response.status == 302
    assert len(public.seen) == 1


def test_a_pool_used_without_the_manager_refuses_to_connect(public: LoopbackServer) -> None:
    with guard.pool_manager(PUBLIC) as manager:
        pool = manager.connection_from_url(public.url(host="public.test"))
        with pytest.raises(Refused) as refused:
            pool.urlopen("GET", "/ok", retries=False)
    assert refused.value.reason == "resolution-failed"
    assert public.seen == []


def test_fields_and_a_urlspec_url(public: LoopbackServer) -> None:
    with guard.pool_manager(PUBLIC) as manager:
        url = URL(public.url("/ok", host="public.test"))
        assert manager.request("GET", url, fields={"q": "a b"}).status == 200
        assert manager.urlopen("GET", url).status == 200
    assert [(s.path, s.host) for s in public.seen] == [
        ("/ok?q=a+b", f"public.test:{public.port}"),
        ("/ok", f"public.test:{public.port}"),
    ]
