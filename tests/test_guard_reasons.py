"""urlspec.guard.reasons: a refusal carries its facts, shows no password and no raw control
character, and builds its text only when shown.

Expected values: docs/security.md ("Nothing the guard shows carries a password"); the URL
Standard's userinfo (basic URL parser, authority state: the last "@" before the end of the
authority ends the credentials; the userinfo percent-encode set encodes "@" in an href); the
red team's probes (``check("http://user:s3cret@[::1/")``, too-many-redirects, ESC and BEL).
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from urlspec import URL, guard
from urlspec.guard import Policy, Refused
from urlspec.guard.reasons import href_without_userinfo, text_without_userinfo
from urlspec.guard.resolving import resolve_hop


def refusal(url: str, policy: Policy | None = None) -> Refused:
    with pytest.raises(Refused) as refused:
        guard.check(url, policy)
    return refused.value


def everything_shown(refused: Refused) -> str:
    return " ".join(
        (str(refused), repr(refused), refused.url, refused.detail, str(refused.host or ""))
    )


# (input, what a reader sees without its userinfo)
WITHOUT_USERINFO = [
    ("http://user:s3cret@[::1/", "http://[::1/"),
    ("http://user:s3cret@example.com/", "http://example.com/"),
    ("http://:s3cret@example.com/", "http://example.com/"),
    ("http://user@example.com/", "http://example.com/"),
    # Backslashes are slashes in a special URL; any number of them after the scheme.
    ("http:\\\\user:s3cret@[::1/", "http:\\\\[::1/"),
    ("http:/\\/user:s3cret@[::1/", "http:/\\/[::1/"),
    # A special URL needs no slash before its authority.
    ("http:user:s3cret@[::1/", "http:[::1/"),
    # Several "@": the last one ends the userinfo.
    ("http://a@b:s3cret@[::1/", "http://[::1/"),
    ("http://user:s3cret@evil@[::1]:99999/", "http://[::1]:99999/"),
    # Percent-encoded: removed with the rest.
    ("http://user:s3cret%40x@[::1/", "http://[::1/"),
    ("http://user%3As3cret@[::1/", "http://[::1/"),
    # Tabs and newlines, which the parser removes, are removed first.
    ("http://user:s3\tcr\net@[::1/", "http://[::1/"),
    ("ht\ttp:/\n/user:s3cret@[::1/", "http://[::1/"),
    # Leading C0 controls and spaces (the parser strips them) do not hide the scheme.
    (" \x00http://user:s3cret@[::1/", " \x00http://[::1/"),
    # No scheme: the whole text is looked at.
    ("//user:s3cret@[::1/", "//user:[::1/"),
    # An "@" after the authority is no userinfo.
    ("https://mastodon.example/@alice", "https://mastodon.example/@alice"),
    ("http://[::1/path@x", "http://[::1/path@x"),
    ("http://example.com/?q=a@b#c@d", "http://example.com/?q=a@b#c@d"),
]


@pytest.mark.parametrize(("text", "expected"), WITHOUT_USERINFO)
def test_text_without_userinfo(text: str, expected: str) -> None:
    assert text_without_userinfo(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://user:s3cret@example.com/a?b#c", "http://example.com/a?b#c"),
        ("http://user@example.com/", "http://example.com/"),
        ("http://:s3cret@example.com/", "http://example.com/"),
        # The parser percent-encodes "@" in the userinfo: the first "@" of the href ends it.
        ("http://a@b@c:s3cret@example.com/@x", "http://example.com/@x"),
        ("foo://user:s3cret@host/p", "foo://host/p"),
        ("https://example.com/@alice", "https://example.com/@alice"),
    ],
)
def test_href_without_userinfo(text: str, expected: str) -> None:
    assert href_without_userinfo(URL(text)) == expected


@pytest.mark.parametrize(
    "url",
    [
        "http://user:s3cret@[::1/",
        "http:\\\\user:s3cret@[::1/",
        "http://a@b:s3cret@[::1/",
        "http://user:s3cret%40x@[::1/",
        "http://user:s3cret@example.com/",
        "http://user:s3cret@0x7f.1/",
        "gopher://user:s3cret@example.com/",
    ],
)
def test_no_refusal_shows_the_password(url: str) -> None:
    assert "s3cret" not in everything_shown(refusal(url))
    # Also when credentials are allowed and the address refuses.
    if "0x7f.1" in url:
        refused = refusal(url, Policy(allow_credentials=True))
        assert refused.reason == "address-loopback"
        assert "s3cret" not in everything_shown(refused)


def test_redirect_refusals_show_no_password() -> None:
    policy = Policy(max_redirects=1, allow_credentials=True)
    with pytest.raises(Refused) as too_many:
        resolve_hop("http://user:s3cret@8.8.8.8/", policy, 2)
    assert too_many.value.reason == "too-many-redirects"
    assert too_many.value.url == "http://8.8.8.8/"
    assert "s3cret" not in everything_shown(too_many.value)
    with pytest.raises(Refused) as too_many_text:
        resolve_hop(URL("http://user:s3cret@8.8.8.8/"), policy, 2)
    assert "s3cret" not in everything_shown(too_many_text.value)
    with pytest.raises(Refused) as redirect:
        resolve_hop("http://user:s3cret@127.0.0.1/", policy, 1)
    assert (redirect.value.reason, redirect.value.hop_reason) == (
        "redirect-refused",
        "address-loopback",
    )
    assert "s3cret" not in everything_shown(redirect.value)


def test_a_client_given_string_is_cleaned_too() -> None:
    # What a client passes (a proxy URL, a request URL) is shown without its userinfo, and a
    # URL in the detail loses its userinfo too.
    refused = Refused("proxy", "http://u:s3cret@proxy.example:3128/", "proxy='http://u:s3cret@p/'")
    assert refused.url == "http://proxy.example:3128/"
    assert refused.detail == "proxy='http://p/'"
    assert "s3cret" not in everything_shown(refused)


def test_no_raw_control_character_is_shown() -> None:
    for text in ("http://\x1b[2J\x07.example/", "gopher://\x1b]0;x\x07/"):
        shown = everything_shown(refusal(text))
        assert "\x1b" not in shown and "\x07" not in shown
    refused = Refused("resolution-failed", "http://a.test/", "resolver said \x1b[31m\x07")
    assert refused.detail == "resolver said \\x1b[31m\\x07"
    assert "\x1b" not in str(refused)


def test_refused_carries_its_facts() -> None:
    refused = refusal("http://0x7f.1:8080/x")
    assert (refused.reason, refused.url, refused.host, refused.address) == (
        "address-loopback",
        "http://127.0.0.1:8080/x",
        "127.0.0.1",
        "127.0.0.1",
    )
    assert refused.hop_reason is None
    refused = refusal("http://[::ffff:a9fe:a9fe]/")
    assert (refused.host, refused.address) == ("[::ffff:a9fe:a9fe]", "::ffff:a9fe:a9fe")
    assert "169.254.169.254" in refused.detail
    refused = refusal("http://localhost./")
    assert (refused.host, refused.address) == ("localhost.", None)
    refused = refusal("http://user:s3cret@[::1/")
    assert (refused.reason, refused.url, refused.host) == ("invalid-url", "http://[::1/", None)
    assert "IPv6-unclosed" in refused.detail


def test_refused_stays_positional_and_pickles() -> None:
    refused = Refused("redirect-refused", "http://x.test/", "redirect 1: no", "address-private")
    assert (refused.reason, refused.url, refused.detail, refused.hop_reason) == (
        "redirect-refused",
        "http://x.test/",
        "redirect 1: no",
        "address-private",
    )
    assert isinstance(refused, ValueError)
    for original in (refused, refusal("http://[64:ff9b::a9fe:a9fe]/")):
        copy = pickle.loads(pickle.dumps(original))
        facts = ("reason", "url", "detail", "hop_reason", "host", "address")
        assert [getattr(copy, name) for name in facts] == [
            getattr(original, name) for name in facts
        ]
        assert str(copy) == str(original)


def test_the_message_is_built_when_shown_and_once() -> None:
    calls: list[int] = []

    def detail() -> str:
        calls.append(1)
        return "what decided"

    refused = Refused("address-private", URL("http://10.0.0.1/"), detail)
    assert calls == []  # made, raised and caught without building any text
    assert refused.reason == "address-private"
    assert calls == []
    assert str(refused) == (
        "refused 'http://10.0.0.1/' [address-private]: what decided "
        f"({guard.REASONS['address-private']})"
    )
    assert str(refused) == str(refused) and refused.detail == "what decided"
    assert calls == [1]


def test_a_refusal_of_check_builds_no_text_until_shown(monkeypatch: Any) -> None:
    # Counting steps, not time: check() of a refused URL calls no formatting function.
    from urlspec.guard import checking

    made: list[str] = []
    original = checking.AddressRefusal.detail

    def counting(self: Any) -> str:
        made.append(self.reason)
        return original(self)

    monkeypatch.setattr(checking.AddressRefusal, "detail", counting)
    refused = refusal("http://10.0.0.1/")
    assert made == []
    assert "10.0.0.0/8" in str(refused)
    assert made == ["address-private"]
