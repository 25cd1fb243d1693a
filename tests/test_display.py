"""display() (urlspec.toolkit.display): an IRI for people that hides nothing.

Expected values are worked out from the rules of the module docstring, with the code points'
Unicode properties (category, NFKC form) as the Unicode Character Database gives them.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from toolkit_strategies import URLS

from urlspec import URL
from urlspec.toolkit.display import is_shown_decoded


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://xn--n3h.example/", "https://☃.example/"),  # domain to Unicode
        ("https://example.com/caf%C3%A9?q=%C3%A9#%C3%A9", "https://example.com/café?q=é#é"),
        ("https://example.com/%E4%BD%A0%E5%A5%BD", "https://example.com/你好"),
        # ASCII stays encoded: delimiters, "%", space, and letters someone chose to encode
        ("https://example.com/a%2Fb%3F%23%25%20%41", "https://example.com/a%2Fb%3F%23%25%20%41"),
        # bidi controls, zero-width and other invisible code points stay encoded
        ("https://example.com/%E2%80%AEabc", "https://example.com/%E2%80%AEabc"),
        ("https://example.com/a%E2%80%8Bb", "https://example.com/a%E2%80%8Bb"),
        ("https://example.com/%E3%85%A4", "https://example.com/%E3%85%A4"),  # U+3164
        ("https://example.com/%C2%A0", "https://example.com/%C2%A0"),  # NO-BREAK SPACE (Zs)
        # look-alikes of delimiters: FULLWIDTH SOLIDUS, DIVISION SLASH? (NFKC keeps U+2215)
        ("https://example.com/a%EF%BC%8Fb", "https://example.com/a%EF%BC%8Fb"),
        ("https://example.com/%EF%BC%9F", "https://example.com/%EF%BC%9F"),  # FULLWIDTH ?
        # bytes that are not UTF-8, and U+FFFD, stay as they are
        ("https://example.com/%FF%C3%A9%C3", "https://example.com/%FFé%C3"),
        ("https://example.com/%EF%BF%BD", "https://example.com/%EF%BF%BD"),
        # credentials and port as they are; IPv6 untouched
        ("https://u:p@xn--n3h.example:8080/", "https://u:p@☃.example:8080/"),
        ("http://[::1]/%C3%A9", "http://[::1]/é"),
        ("mailto:%C3%A9@example.com", "mailto:é@example.com"),
        ("sc:/.//p%C3%A9", "sc:/.//pé"),
    ],
)
def test_display(url: str, expected: str) -> None:
    assert URL(url).display() == expected


def test_which_code_points_are_shown_decoded() -> None:
    assert is_shown_decoded("é")
    assert is_shown_decoded("你")
    assert not is_shown_decoded("a")  # ASCII never
    assert not is_shown_decoded("\u202e")  # RIGHT-TO-LEFT OVERRIDE (Cf)
    assert not is_shown_decoded("\u00ad")  # SOFT HYPHEN (Cf)
    assert not is_shown_decoded("\uff0f")  # FULLWIDTH SOLIDUS: NFKC "/"
    assert not is_shown_decoded("\u2100")  # ACCOUNT OF: NFKC "a/c"
    assert not is_shown_decoded("\ufe0f")  # VARIATION SELECTOR-16 (default ignorable)
    assert not is_shown_decoded("\ue000")  # private use


@given(URLS)
def test_display_parses_back_to_the_same_url(url: URL) -> None:
    # The parser re-encodes exactly what display() decoded, and maps the Unicode host back.
    assert URL(url.display()) == url
