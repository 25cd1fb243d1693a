"""Inputs on which differential fuzzing (bench/fuzz_fast_paths.py) found a fast path and its full
algorithm to disagree, minimized, with the answer the specification gives.

Each test holds the minimized inputs of one disagreement, fixed since: it failed before the fix.
"""

from __future__ import annotations

import pytest
from test_idna import STRICT_FLAGS

from urlspec import idna
from urlspec.idna import InvalidDomain

# UTS #46 ToASCII/ToUnicode with CheckHyphens (the URL Standard's strict flags, and the same
# without UseSTD3ASCIIRules and VerifyDnsLength).
HYPHENS_ONLY = STRICT_FLAGS._replace(use_std3_ascii_rules=False, verify_dns_length=False)

# UTS #46 §4.1 criterion 3 (V3): "the label must neither begin nor end with U+002D HYPHEN-MINUS".
# A label that ends with "-" and then a newline ends with the newline: V3 does not apply. (The
# same label with a non-ASCII letter after the newline takes the full path, which agrees. The
# last domain holds "xn--", so that its labels are checked one by one (the label shortcut).)
TRAILING_NEWLINE_LABELS = ["a-\n", "x.a-\n", "x-y.0-\n", "axn--\n."]


@pytest.mark.parametrize("domain", TRAILING_NEWLINE_LABELS)
def test_hyphen_before_a_final_newline_is_not_at_the_label_end(domain: str) -> None:
    assert idna.to_ascii(domain, HYPHENS_ONLY) == (domain, [])
    assert idna.to_unicode(domain, HYPHENS_ONLY) == (domain, [])


@pytest.mark.parametrize("domain", ["a-\n\u00e9", "a-\n.b"])
def test_hyphen_before_a_newline_elsewhere(domain: str) -> None:
    # The full path (a non-ASCII label) and a newline that is not the last character: no V3.
    assert idna.to_ascii(domain, HYPHENS_ONLY)[1] == []


def test_strict_domain_to_ascii_codes_of_a_trailing_newline() -> None:
    # "\n" is not a-z, 0-9 or "-": UseSTD3ASCIIRules records U1 (criterion 7), and only that.
    with pytest.raises(InvalidDomain) as raised:
        idna.domain_to_ascii("a-\n", be_strict=True)
    assert raised.value.errors == ["U1"]
