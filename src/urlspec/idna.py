"""IDNA: the URL Standard's domain parser and domain to Unicode, over UTS #46 processing.

Implements https://url.spec.whatwg.org/#idna (§3.3) and, beneath it, Unicode IDNA Compatibility
Processing (UTS #46, https://www.unicode.org/reports/tr46/): §4 Processing (map, normalize, break,
convert/validate), §4.1 Validity Criteria, §4.2 ToASCII and §4.3 ToUnicode, with every flag. The
validity criteria bring in the ContextJ rules of RFC 5892 Appendix A (CheckJoiners) and the Bidi
rule of RFC 5893 §2 (CheckBidi). Punycode is :mod:`urlspec.punycode`.

Errors are named by the codes of the UTS #46 conformance test file (IdnaTestV2.txt), e.g. "P4"
or "V7"; :data:`ERROR_DESCRIPTIONS` says what each means.

Data: the IDNA mapping table is the ``idna`` package's ``idna.uts46data`` and the joining types
its ``idna.idnadata.joining_types`` (data only: the package's own IDNA2008 checks reject hosts the
URL Standard accepts). Bidi classes, combining classes, general categories and NFC come from
``unicodedata2``, the newest ``unicodedata`` as a package, pinned to the Unicode version of the
mapping table (:data:`UNICODE_VERSION`; a test fails when the two differ): every step sees one
Unicode version, whatever the interpreter's own ``unicodedata`` knows, so an input gets the same
answer on every Python. The tables are imported on first need: an ASCII domain with no "xn--"
label never needs them, and the domain parser's ASCII path only lowercases.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from typing import Final, NamedTuple, Protocol, cast, final

from mypy_extensions import i64

from urlspec import punycode
from urlspec.infra import to_scalar_value_string, usv_string_argument
from urlspec.validation import ValidationError, quote

__all__ = [
    "ERROR_DESCRIPTIONS",
    "InvalidDomain",
    "domain_to_ascii",
    "domain_to_unicode",
    "mapping_table_unicode_version",
    "to_ascii",
    "to_unicode",
    "unicode_data",
]

#: The error codes this module records, with their meaning: those of UTS #46's IdnaTestV2.txt,
#: and two for the URL Standard's own checks.
ERROR_DESCRIPTIONS: dict[str, str] = {
    "P4": "an xn-- label is not ASCII, is not valid Punycode, or decodes to ASCII or nothing",
    "V1": "a label is not in Unicode Normalization Form C",
    "V2": "a label has hyphens in its third and fourth positions (CheckHyphens)",
    "V3": "a label begins or ends with a hyphen (CheckHyphens)",
    "V4": "a decoded label begins with xn-- (CheckHyphens false)",
    "V5": "a label contains a U+002E (.)",
    "V6": "a label begins with a combining mark",
    "V7": "a code point is not valid (disallowed, unassigned, or mapped in a decoded label)",
    "U1": "an ASCII code point other than a-z, 0-9 and - (UseSTD3ASCIIRules)",
    "C1": "U+200C ZERO WIDTH NON-JOINER in a context RFC 5892 A.1 forbids (CheckJoiners)",
    "C2": "U+200D ZERO WIDTH JOINER in a context RFC 5892 A.2 forbids (CheckJoiners)",
    "B1": "Bidi rule 1: the first character of the label is not L, R or AL",
    "B2": "Bidi rule 2: an RTL label holds a character that is not allowed there",
    "B3": "Bidi rule 3: an RTL label does not end in R, AL, EN or AN (ignoring NSM)",
    "B4": "Bidi rule 4: an RTL label holds both EN and AN",
    "B5": "Bidi rule 5: an LTR label holds a character that is not allowed there",
    "B6": "Bidi rule 6: an LTR label does not end in L or EN (ignoring NSM)",
    "A3": "a label cannot be encoded in Punycode",
    "A4_1": "the domain is longer than 253 (or is empty) (VerifyDnsLength)",
    "A4_2": "a label is longer than 63 or empty (VerifyDnsLength)",
    # The URL Standard's domain parser, after ToASCII:
    "empty": "the domain is empty",
    "forbidden domain code point": "the domain contains a forbidden domain code point",
}

_ACE_PREFIX: Final = "xn--"
_ZWNJ: Final = "\u200c"
_ZWJ: Final = "\u200d"
_VIRAMA: Final = 9  # Canonical_Combining_Class=Virama
_RTL_BIDI_CLASSES: Final = frozenset(("R", "AL", "AN"))
# The Bidi classes (UAX #9 Table 4), numbered by their place here ("": unicodedata2 gives no
# class); a code point's number is in its property bits (_BIDI_CLASS_SHIFT).
_BIDI_CLASS_NAMES: Final = (
    *("L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "ON", "B", "S", "WS"),
    *("LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI", ""),
)
# Sets of Bidi classes, a bit 1 << number each.
_L: Final = 1 << 0
_R: Final = 1 << 1
_AL: Final = 1 << 2
_EN: Final = 1 << 3
_ES: Final = 1 << 4
_ET: Final = 1 << 5
_AN: Final = 1 << 6
_CS: Final = 1 << 7
_NSM: Final = 1 << 8
_BN: Final = 1 << 9
_ON: Final = 1 << 10
# RFC 5893 §2.
_RTL_LABEL_ALLOWED: Final = _R | _AL | _AN | _EN | _ES | _CS | _ET | _ON | _BN | _NSM
_RTL_LABEL_END: Final = _R | _AL | _EN | _AN
_LTR_LABEL_ALLOWED: Final = _L | _EN | _ES | _CS | _ET | _ON | _BN | _NSM
_LTR_LABEL_END: Final = _L | _EN


class InvalidDomain(ValueError):
    """The domain parser returned failure; ``errors`` holds the UTS #46 error codes recorded."""

    def __init__(self, domain: str, errors: list[str]) -> None:
        self.domain = domain
        self.errors = errors
        super().__init__(f"invalid domain {quote(domain)}: {', '.join(errors)}")

    def __reduce__(self) -> tuple[type[InvalidDomain], tuple[str, list[str]]]:
        return (InvalidDomain, (self.domain, self.errors))


class Flags(NamedTuple):
    """The UTS #46 processing flags (UTS #46 §4)."""

    check_hyphens: bool
    check_bidi: bool
    check_joiners: bool
    use_std3_ascii_rules: bool
    transitional_processing: bool
    verify_dns_length: bool
    ignore_invalid_punycode: bool


# --- URL Standard §3.3 IDNA ---------------------------------------------------------------------


def _make_domain_parser_flags(be_strict: bool) -> Flags:
    """The flags "domain parser ToASCII" passes (https://url.spec.whatwg.org/#idna)."""
    return Flags(
        check_hyphens=be_strict,
        check_bidi=True,
        check_joiners=True,
        use_std3_ascii_rules=be_strict,
        transitional_processing=False,
        verify_dns_length=be_strict,
        ignore_invalid_punycode=False,
    )


# (made once: the domain parser runs on every host that is not plain ASCII)
_STRICT_DOMAIN_PARSER_FLAGS: Final = _make_domain_parser_flags(True)
_DOMAIN_PARSER_FLAGS: Final = _make_domain_parser_flags(False)


def _domain_parser_flags(be_strict: bool) -> Flags:
    """The flags "domain parser ToASCII" passes (https://url.spec.whatwg.org/#idna)."""
    return _STRICT_DOMAIN_PARSER_FLAGS if be_strict else _DOMAIN_PARSER_FLAGS


def domain_to_ascii(
    domain: str,
    be_strict: bool = False,
    *,
    errors: list[ValidationError] | None = None,
    position: int = 0,
) -> str:
    """The domain parser (https://url.spec.whatwg.org/#concept-domain-to-ascii).

    Returns the ASCII domain or raises :class:`InvalidDomain`. When ``errors`` is a list, a
    domain-to-ASCII validation error is appended to it (at ``position``) whenever the strict
    ToASCII fails, even if the domain is accepted. ``domain`` must be a str (else
    :class:`TypeError`); lone surrogates in it become U+FFFD, which no domain may hold.
    """
    if not be_strict and errors is None and isinstance(domain, str) and not domain.isascii():
        by_labels_result = domain_to_ascii_by_labels(domain)
        if by_labels_result is not None:
            return by_labels_result
    # (Failure, which the full path names the errors of; or beStrict, or errors wanted.)
    return _domain_parser(domain, be_strict, errors, position)


def domain_to_ascii_or_none(domain: str) -> str | None:
    """:func:`domain_to_ascii` with beStrict false, or None where it fails."""
    if isinstance(domain, str) and not domain.isascii():
        return domain_to_ascii_by_labels(domain)
    try:
        return domain_to_ascii(domain)
    except InvalidDomain:
        return None


def _domain_parser(
    domain: str, be_strict: bool, errors: list[ValidationError] | None, position: int
) -> str:
    """:func:`domain_to_ascii`, every step as the URL Standard gives it."""
    if not isinstance(domain, str) or not domain.isascii():  # (an ASCII str needs no work)
        domain = usv_string_argument(domain, "domain")
    # 1.-3. The strict result: a validation error, and the answer when beStrict is true.
    if be_strict or errors is not None:
        strict_result, strict_errors = to_ascii(domain, _domain_parser_flags(True))
        if strict_errors and errors is not None:
            errors.append(ValidationError("domain-to-ASCII", position))
        if be_strict:
            if strict_errors:
                raise InvalidDomain(domain, strict_errors)
            return strict_result
    # 4.-6. An ASCII domain is only lowercased, whatever ToASCII would say (web compatibility).
    if domain.isascii():
        result = domain.lower()
    else:
        result, result_errors = to_ascii(domain, _domain_parser_flags(False))
        if result_errors:
            raise InvalidDomain(domain, result_errors)
    # 7.
    if not result:
        raise InvalidDomain(domain, ["empty"])
    # 8. Forbidden domain code points.
    if _forbidden_domain_code_point_re().search(result) is not None:
        raise InvalidDomain(domain, ["forbidden domain code point"])
    # 9.
    return result


def domain_to_ascii_by_labels(domain: str) -> str | None:
    """The domain parser with beStrict false for a domain beyond ASCII, label by label, each
    label's conversion remembered: the domain, or None where the domain parser fails.
    tests/test_idna.py proves it equal to the full path.

    UTS #46 processing of a domain is that of its labels (the parts between its U+002E (.)
    code points) one after the other, but for the Bidi rule:

    * step 1 maps code point by code point, and a code point of a label maps to the same code
      points wherever the label stands (a mapping may hold U+002E: the label then becomes
      several, and they are joined by U+002E again);
    * step 2: U+002E has canonical combining class 0 and composes with no code point on either
      side, so the NFC of a domain is the NFC of its labels joined by U+002E;
    * steps 3-4 and ToASCII step 3 break, decode, validate and encode each label by itself,
      and with beStrict false ToASCII step 4 (VerifyDnsLength) is off;
    * validity criterion 9, CheckBidi: in a Bidi domain name (one label holds a code point of
      Bidi class R, AL or AN, RFC 5893 §1.4) every non-empty label must meet the Bidi rule; so
      a converted label says whether it has such a code point and whether it meets the rule,
      and the domain fails when one label has one and some label does not meet the rule;
    * the scalar value conversion turns a surrogate pair into one code point and a lone
      surrogate into U+FFFD: no pair holds U+002E, so it converts a label as it converts the
      domain;
    * the domain parser's step 7 fails on an empty result (a domain of one label that maps to
      nothing) and step 8 on a forbidden domain code point, which is in the result when it is
      in one label's conversion (U+002E is no forbidden domain code point).
    """
    converted_labels = _CONVERTED_LABELS
    labels = domain.split(".")
    count = len(labels)
    has_rtl_label = False
    converted_in_order: list[_ConvertedLabel] = []
    for index in range(count):
        label = labels[index]
        converted = converted_labels.get(label)
        if converted is None:
            converted = _convert_label(label)
            if len(label) <= _CONVERTED_LABEL_MAX_LENGTH:
                if len(converted_labels) >= _CONVERTED_LABELS_MAX_SIZE:
                    converted_labels.clear()
                converted_labels[label] = converted
        if converted.fails:
            return None
        if converted.has_rtl_code_point:
            has_rtl_label = True
        converted_in_order.append(converted)
        labels[index] = converted.ascii
    if has_rtl_label:
        # A Bidi domain name: every label must meet the Bidi rule.
        for converted in converted_in_order:
            if not converted.meets_the_bidi_rule():
                return None
    result = ".".join(labels)
    return result if result else None


@final
class _ConvertedLabel:
    """One label of a domain beyond ASCII through ToASCII with the domain parser's flags (and
    beStrict false), but for the Bidi rule: :func:`domain_to_ascii_by_labels` applies that to the
    whole domain, when it is a Bidi domain name."""

    __slots__ = ("_bidi_rule", "ascii", "fails", "has_rtl_code_point", "processed")

    def __init__(self, ascii: str, fails: bool, has_rtl_code_point: bool, processed: str) -> None:
        self.ascii = ascii  # the label's ToASCII result (several labels when a mapping has ".")
        self.fails = fails  # an error other than the Bidi rule's, or a forbidden code point
        self.has_rtl_code_point = has_rtl_code_point  # RFC 5893 §1.4
        # The labels that processing made of it (ToASCII before step 3), joined by ".", where
        # the Bidi rule is checked; and what the rule says of them (found on first need: 0 not
        # known yet, 1 met, 2 not met).
        self.processed = processed
        self._bidi_rule = 0

    def meets_the_bidi_rule(self) -> bool:
        """Whether each label processing made of it meets the Bidi rule (RFC 5893 §2)."""
        if self._bidi_rule == 0:
            errors: list[str] = []
            for label in self.processed.split("."):
                if label:
                    _check_bidi_rule(label, errors)
            self._bidi_rule = 2 if errors else 1
        return self._bidi_rule == 1


# The conversions of the labels met so far, up to a bound, so that hostile input cannot make
# the cache hold every label it sends (longer labels are converted every time).
_CONVERTED_LABELS: Final[dict[str, _ConvertedLabel]] = {}
_CONVERTED_LABELS_MAX_SIZE: Final = 1 << 12
_CONVERTED_LABEL_MAX_LENGTH: Final = 63
# The domain parser's flags (beStrict false) but CheckBidi, which the domain decides on.
_LABEL_FLAGS: Final = _DOMAIN_PARSER_FLAGS._replace(check_bidi=False)


# (what a failing label converts to: the domain fails, whatever the rest of it)
_FAILED_LABEL: Final = _ConvertedLabel("", True, False, "")


def forget_converted_labels() -> None:
    """Empty the cache of converted labels (what a benchmark does to time labels met for the
    first time; the answers never depend on it)."""
    _CONVERTED_LABELS.clear()


def _convert_label(label: str) -> _ConvertedLabel:
    """ToASCII (UTS #46 §4.2) of one label with the domain parser's flags, the Bidi rule apart;
    then the domain parser's step 8 on it."""
    converted = _convert_one_label_in_one_scan(label)
    return converted if converted is not None else _convert_label_in_full(label)


def _convert_label_in_full(label: str) -> _ConvertedLabel:
    """:func:`_convert_label`, every step as UTS #46 gives it."""
    label = to_scalar_value_string(label)
    # 1.-2. Processing.
    labels, errors = _process(label, _LABEL_FLAGS)
    processed = ".".join(labels)
    has_rtl_code_point = False
    for index in range(len(labels)):
        processed_label = labels[index]
        if _is_rtl_label(processed_label):
            has_rtl_code_point = True
        # 3. Punycode.
        if not processed_label.isascii():
            try:
                labels[index] = _ACE_PREFIX + punycode.encode(processed_label)
            except punycode.PunycodeError:
                _record(errors, "A3")
    result = ".".join(labels)
    # (Without errors, every label beyond ASCII was encoded: the result is ASCII.)
    fails = bool(errors) or _has_forbidden_ascii_domain_code_point(result)
    return _ConvertedLabel(result, fails, has_rtl_code_point, processed)


def _convert_one_label_in_one_scan(label: str) -> _ConvertedLabel | None:
    """:func:`_convert_label` in one scan: steps 1-2 map and normalize the label, then one scan
    of the result finds what step 4's validity criteria, the Bidi domain name test and the
    domain parser's step 8 ask of each label it breaks into (step 3: several where a mapping
    holds U+002E). None when the label needs the full path (tests/test_idna.py proves the two
    equal): it holds a surrogate code point (which the scalar value conversion may join with the
    next one), or a processed label starting with "xn--" (which step 4 decodes and validates).

    With the domain parser's flags and beStrict false, a processed label not starting with
    "xn--" fails §4.1 criterion 6 (a mark first), 7 (a code point beyond ASCII neither valid nor
    a deviation) or 8 (ContextJ, only where a joiner is); criteria 1, 4 and 5 hold (it is a
    label of the normalized string, broken at U+002E), 2-3 and UseSTD3ASCIIRules are off, and an
    empty label is valid. Punycode keeps the ASCII code points of a label as they are and adds
    only a-z, 0-9 and "-", so the result holds a forbidden domain code point when a processed
    label does.
    """
    # 1.-2. Map, normalize (unless the NFC quick check of UAX #15 §9 says it is in NFC).
    processed, is_known_nfc = _map_and_check_nfc(label, False)
    if not is_known_nfc:
        processed = _nfc(processed)
    ascii_kinds = _ascii_domain_code_point_kinds or _load_ascii_domain_code_point_kinds()
    length: i64 = len(processed)
    # The result is the processed string with each label beyond ASCII replaced by its "xn--"
    # form: the ASCII labels between those are copied as they are, processed[copied:start].
    pieces: list[str] = []
    copied: i64 = 0
    label_start: i64 = 0
    label_is_ascii = True
    label_has_joiner = False
    has_rtl_code_point = False
    # (A label that fails is scanned to its end all the same: a surrogate code point further on
    # sends the label to the full path, whose scalar value conversion may change what fails.)
    fails = False
    index: i64 = -1
    while index < length:
        index += 1
        code_point: i64 = ord(processed[index]) if index < length else 0x2E  # (EOF ends it)
        if code_point < 0x80:
            if code_point != 0x2E:
                if ascii_kinds[code_point] == _ASCII_DOMAIN_FORBIDDEN:
                    fails = True  # (the domain parser's step 8)
                continue
            # 3. U+002E (.): the label processed[label_start:index] ends.
            if fails:
                pass
            elif (
                index - label_start >= 4
                and ord(processed[label_start]) == 0x78
                and ord(processed[label_start + 1]) == 0x6E
                and ord(processed[label_start + 2]) == 0x2D
                and ord(processed[label_start + 3]) == 0x2D
            ):
                # 4.1. It starts with "xn--" (mapped: in lowercase): the full path decodes and
                # validates it. (Rare here: only a domain beyond ASCII comes this way, an ASCII
                # domain is only lowercased.)
                return None
            elif not label_is_ascii:
                processed_label = processed[label_start:index]
                # 4. Criterion 8.
                if label_has_joiner:
                    joiner_errors: list[str] = []
                    _check_joiners(processed_label, joiner_errors)
                    fails = bool(joiner_errors)
                # ToASCII step 3.
                encoded = ""
                if not fails:
                    try:
                        encoded = punycode.encode(processed_label)
                    except punycode.PunycodeError:
                        fails = True
                if label_start == 0 and index == length and not fails:  # (the only label)
                    return _ConvertedLabel(
                        _ACE_PREFIX + encoded, False, has_rtl_code_point, processed
                    )
                if copied < label_start:
                    pieces.append(processed[copied:label_start])
                pieces.append(_ACE_PREFIX)
                pieces.append(encoded)
                copied = index
            label_start = index + 1
            label_is_ascii = True
            label_has_joiner = False
        else:
            label_is_ascii = False
            bits = _code_point_properties(code_point)
            if not bits & (_STATUS_V | _STATUS_D):
                if 0xD800 <= code_point <= 0xDFFF:
                    return None
                fails = True  # (criterion 7)
            # 4. Criterion 6 (no ASCII code point is a mark).
            elif index == label_start and bits & _GENERAL_CATEGORY_MARK:
                fails = True
            elif bits & _BIDI_CLASS_R_AL_OR_AN:
                has_rtl_code_point = True
            elif code_point == 0x200C or code_point == 0x200D:
                label_has_joiner = True
    if fails:
        return _FAILED_LABEL
    if copied == 0:
        return _ConvertedLabel(processed, False, has_rtl_code_point, processed)
    if copied < length:
        pieces.append(processed[copied:])
    return _ConvertedLabel("".join(pieces), False, has_rtl_code_point, processed)


def _has_forbidden_ascii_domain_code_point(ascii: str) -> bool:
    """Whether an ASCII string holds a forbidden domain code point."""
    ascii_kinds = _ascii_domain_code_point_kinds or _load_ascii_domain_code_point_kinds()
    for index in range(len(ascii)):
        if ascii_kinds[ord(ascii[index])] == _ASCII_DOMAIN_FORBIDDEN:
            return True
    return False


# What an ASCII code point is to a domain: urlspec.host.ASCII_DOMAIN_CODE_POINT_KINDS, read on
# first use (that module imports this one).
_ASCII_DOMAIN_FORBIDDEN: Final = 2  # (urlspec.host.ASCII_DOMAIN_FORBIDDEN)
_ascii_domain_code_point_kinds: bytes = b""


def _load_ascii_domain_code_point_kinds() -> bytes:
    global _ascii_domain_code_point_kinds
    from urlspec.host import ASCII_DOMAIN_CODE_POINT_KINDS

    _ascii_domain_code_point_kinds = ASCII_DOMAIN_CODE_POINT_KINDS
    return ASCII_DOMAIN_CODE_POINT_KINDS


_normalize: Callable[[str, str], str] | None = None  # unicode_data().normalize once loaded


def _nfc(label: str) -> str:
    """The label in Normalization Form C (``unicode_data()``'s)."""
    global _normalize
    normalize = _normalize
    if normalize is None:
        normalize = _normalize = unicode_data().normalize
    return normalize("NFC", label)


@functools.cache
def _forbidden_domain_code_point_re() -> re.Pattern[str]:
    """The forbidden domain code points, which :mod:`urlspec.host` defines (with the other host
    code point classes). That module imports this one, so this one imports it on first use."""
    from urlspec.host import FORBIDDEN_DOMAIN_CODE_POINT_RE

    return FORBIDDEN_DOMAIN_CODE_POINT_RE


def domain_to_unicode(domain: str, be_strict: bool = False) -> str:
    """Domain to Unicode (https://url.spec.whatwg.org/#concept-domain-to-unicode); never fails.

    Runs UTS #46 ToUnicode with the flags the spec gives; on any recorded error the domain
    comes back unchanged (step 2). ``domain`` must be a str (else :class:`TypeError`).

    ``be_strict`` is this library's extension, for symmetry with :func:`domain_to_ascii` (the
    spec's algorithm has no such parameter and always passes UseSTD3ASCIIRules false): when
    true, ToUnicode runs with UseSTD3ASCIIRules true, so that a domain holding an ASCII code point
    other than a-z, 0-9, "-" and "." (after mapping; e.g. "_" or "*") records an error and comes
    back unchanged. The other flags stay as the spec has them.
    """
    domain = usv_string_argument(domain, "domain")
    # 1.
    result, errors = to_unicode(
        domain,
        Flags(
            check_hyphens=False,
            check_bidi=True,
            check_joiners=True,
            use_std3_ascii_rules=be_strict,
            transitional_processing=False,
            verify_dns_length=False,
            ignore_invalid_punycode=False,
        ),
    )
    # 2.-3.
    return domain if errors else result


# --- UTS #46 §4.2 ToASCII and §4.3 ToUnicode ----------------------------------------------------


def to_ascii(domain_name: str, flags: Flags) -> tuple[str, list[str]]:
    """UTS #46 §4.2 ToASCII: the converted domain and the error codes recorded (none = success)."""
    # 1.-2. Processing, which leaves the labels broken apart.
    labels, errors = _process(domain_name, flags)
    # 3. Convert each label with non-ASCII code points to Punycode, prefixed by "xn--".
    for index in range(len(labels)):
        label = labels[index]
        if not label.isascii():
            try:
                labels[index] = _ACE_PREFIX + punycode.encode(label)
            except punycode.PunycodeError:
                _record(errors, "A3")
    # 4. DNS length restrictions.
    if flags.verify_dns_length:
        _verify_dns_length(labels, errors)
    # 5.
    return ".".join(labels), errors


def to_unicode(domain_name: str, flags: Flags) -> tuple[str, list[str]]:
    """UTS #46 §4.3 ToUnicode: the converted domain and the error codes recorded."""
    labels, errors = _process(domain_name, flags)
    return ".".join(labels), errors


def _verify_dns_length(labels: list[str], errors: list[str]) -> None:
    """UTS #46 §4.2 step 4: the domain, less a root label and its dot, is 1 to 253 long; each
    label is 1 to 63 long."""
    length = sum(map(len, labels)) + len(labels) - 1
    if len(labels) > 1 and labels[-1] == "":
        length -= 1
    if not 1 <= length <= 253:
        _record(errors, "A4_1")
    lengths = list(map(len, labels))
    if min(lengths) < 1 or max(lengths) > 63:
        _record(errors, "A4_2")


def _record(errors: list[str], code: str) -> None:
    if code not in errors:
        errors.append(code)


# --- UTS #46 §4 Processing ----------------------------------------------------------------------


def _process(domain_name: str, flags: Flags) -> tuple[list[str], list[str]]:
    """UTS #46 §4 Processing: the processed labels and the error codes recorded."""
    errors: list[str] = []
    # 1. Map. 2. Normalize (unless the NFC quick check of UAX #15 §9 says the string is in NFC).
    mapped, is_known_nfc = _map_and_check_nfc(domain_name, flags.transitional_processing)
    if not is_known_nfc:
        mapped = _nfc(mapped)
    # 3. Break into labels.
    labels = mapped.split(".")
    # 4. Convert/Validate.
    if mapped.isascii() and _ACE_PREFIX not in mapped:
        _check_validity_of_ascii_labels(mapped, flags, errors)
        return labels, errors
    count = len(labels)
    decoded_from_punycode = [False] * count
    if _ACE_PREFIX in mapped:
        for index in range(count):
            label = labels[index]
            if label.startswith(_ACE_PREFIX):
                decoded = _convert_punycode_label(label, flags, errors)
                if decoded is not None:
                    labels[index] = decoded
                    decoded_from_punycode[index] = True
    is_bidi_domain_name = False
    if flags.check_bidi:
        for label in labels:
            if _is_rtl_label(label):
                is_bidi_domain_name = True
                break
    for index in range(count):
        label = labels[index]
        if decoded_from_punycode[index]:
            # Decoded labels are validated with Nontransitional Processing.
            _check_validity(label, _nontransitional(flags), errors, is_in_nfc=False)
        elif label.isascii():
            # The ASCII shortcut: criteria 2, 3 and 7 are all an ASCII label can fail (see
            # _check_validity_of_ascii_labels). A label starting with "xn--" here could not be
            # decoded, and step 4 validates no such label.
            if not label.startswith(_ACE_PREFIX):
                _check_validity_of_ascii_labels(label, flags, errors)
        elif not label.startswith(_ACE_PREFIX):
            # (A label of the normalized domain is in NFC: U+002E has canonical combining class
            # 0 and composes with no code point, so NFC breaks at it as step 3 does.)
            _check_validity(label, flags, errors, is_in_nfc=True)
        if is_bidi_domain_name and label:
            _check_bidi_rule(label, errors)
    return labels, errors


def _nontransitional(flags: Flags) -> Flags:
    """The flags with Nontransitional Processing (those of the domain parser are already so)."""
    return flags._replace(transitional_processing=False) if flags.transitional_processing else flags


def _map_and_check_nfc(domain_name: str, transitional_processing: bool) -> tuple[str, bool]:
    """UTS #46 §4 step 1: map each code point by its status in the IDNA Mapping Table
    (disallowed code points stay: the validity criteria reject them; ignored ones go; mapped
    ones are replaced; deviations are replaced only with Transitional Processing), and whether
    the mapped string is known to be in NFC without a normalize call: the quick check of UAX #15
    §9 says YES (each code point has NFC_Quick_Check=Yes, and the canonical combining classes
    other than 0 do not decrease from one code point to the next; ASCII code points are of class
    0, with NFC_Quick_Check=Yes).

    In the table, the only ASCII code points not valid are A-Z, mapped to a-z; a valid code point
    (or a deviation, with Nontransitional Processing) maps to itself. Runs of such code points
    are copied as they are, and only the others are looked up, one by one (tests/test_idna.py
    proves this equal to looking up every code point).
    """
    kept: i64 = _STATUS_V if transitional_processing else _STATUS_V | _STATUS_D
    table = _mapping_translation(transitional_processing)
    length: i64 = len(domain_name)
    pieces: list[str] = []
    is_known_nfc = True
    # (the canonical combining class of the last code point of the mapped string so far)
    last_class: i64 = 0
    run_start: i64 = 0
    index: i64 = 0
    while index < length:
        code_point: i64 = ord(domain_name[index])
        if code_point < 0x80:
            last_class = 0
            if not 0x41 <= code_point <= 0x5A:
                index += 1
                continue
            mapping: str | None = _ASCII_LOWERCASE_LETTERS[code_point - 0x41]  # A-Z: a-z
        else:
            bits = _code_point_properties(code_point)
            if bits & kept:
                if is_known_nfc:
                    last_class = _nfc_quick_check_step(bits, last_class)
                    is_known_nfc = last_class >= 0
                index += 1
                continue
            mapping = table[code_point]
            if mapping is not None and is_known_nfc:
                last_class = _nfc_quick_check(mapping, last_class)
                is_known_nfc = last_class >= 0
        if run_start < index:
            pieces.append(domain_name[run_start:index])
        if mapping is not None:
            pieces.append(mapping)
        index += 1
        run_start = index
    if run_start == 0:
        return domain_name, is_known_nfc
    pieces.append(domain_name[run_start:])
    return "".join(pieces), is_known_nfc


_ASCII_LOWERCASE_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"


def _nfc_quick_check(text: str, last_class: i64) -> i64:
    """The NFC quick check (UAX #15 §9) of ``text`` after a code point of canonical combining
    class ``last_class``: the class of its last code point (``last_class`` for an empty text),
    or -1 when the answer is not YES."""
    for index in range(len(text)):
        code_point: i64 = ord(text[index])
        if code_point < 0x80:
            last_class = 0
        else:
            last_class = _nfc_quick_check_step(_code_point_properties(code_point), last_class)
            if last_class < 0:
                return -1
    return last_class


def _nfc_quick_check_step(bits: i64, last_class: i64) -> i64:
    """One step of the NFC quick check (UAX #15 §9), for a code point of property bits ``bits``
    after one of canonical combining class ``last_class``: its class, or -1 when the answer is
    not YES (NFC_Quick_Check is not Yes, or the classes are not in canonical order)."""
    if not bits & _NFC_QUICK_CHECK_YES:
        return -1
    canonical_combining_class = (bits >> _CANONICAL_COMBINING_CLASS_SHIFT) & 0xFF
    if canonical_combining_class != 0 and last_class > canonical_combining_class:
        return -1
    return canonical_combining_class


class _MappingTranslation(dict[int, str | None]):
    """A ``str.translate`` table for step 1 that fills itself in from the mapping table.

    It remembers the code points met so far, up to a bound, so that hostile input cannot make it
    hold the whole table.
    """

    MAX_SIZE: Final = 1 << 16  # (Final: a class attribute the compiled build keeps on the class)

    def __init__(self, transitional_processing: bool) -> None:
        super().__init__()
        self.transitional_processing = transitional_processing

    def __missing__(self, code_point: int) -> str | None:
        status, mapping = _mapping_table().lookup(chr(code_point))
        result: str | None
        if status == "M" or (status == "D" and self.transitional_processing):
            result = mapping
        elif status == "I":
            result = None
        else:
            result = chr(code_point)
        if len(self) >= self.MAX_SIZE:
            self.clear()
        self[code_point] = result
        return result


# (empty until a code point is looked up: the mapping table loads then)
_NONTRANSITIONAL_MAPPING_TRANSLATION: Final = _MappingTranslation(False)
_TRANSITIONAL_MAPPING_TRANSLATION: Final = _MappingTranslation(True)


def _mapping_translation(transitional_processing: bool) -> _MappingTranslation:
    if transitional_processing:
        return _TRANSITIONAL_MAPPING_TRANSLATION
    return _NONTRANSITIONAL_MAPPING_TRANSLATION


def _convert_punycode_label(label: str, flags: Flags, errors: list[str]) -> str | None:
    """UTS #46 §4 step 4 for a label that starts with "xn--": the decoded label, or None when
    it cannot be decoded (the label then stays as it is)."""
    # 4.1.1.
    if not label.isascii():
        _record(errors, "P4")
        return None
    # 4.1.2.
    try:
        decoded = punycode.decode(label[len(_ACE_PREFIX) :])
    except punycode.PunycodeError:
        if not flags.ignore_invalid_punycode:
            _record(errors, "P4")
        return None
    # 4.1.3.
    if not decoded or decoded.isascii():
        _record(errors, "P4")
    return decoded


def _is_rtl_label(label: str) -> bool:
    """RFC 5893 §1.4: a label with a character of Bidi class R, AL or AN."""
    if label.isascii():
        return False
    for index in range(len(label)):
        code_point: i64 = ord(label[index])
        if code_point >= 0x80 and _code_point_properties(code_point) & _BIDI_CLASS_R_AL_OR_AN:
            return True
    return False


# --- UTS #46 §4.1 Validity Criteria -------------------------------------------------------------


def _check_validity(label: str, flags: Flags, errors: list[str], is_in_nfc: bool = False) -> None:
    """UTS #46 §4.1: record an error for each validity criterion the label does not meet
    (``is_in_nfc``: the label is known to meet criterion 1, being a label of step 2's result).

    Criterion 9 (CheckBidi) depends on the whole domain name and is checked by the caller.
    """
    if not label:
        return
    is_ascii = label.isascii()
    # 1.
    if not is_ascii and not is_in_nfc and _nfc(label) != label:
        _record(errors, "V1")
    # 2.-3.
    if flags.check_hyphens:
        if label[2:4] == "--":
            _record(errors, "V2")
        if label.startswith("-") or label.endswith("-"):
            _record(errors, "V3")
    # 4.
    elif label.startswith(_ACE_PREFIX):
        _record(errors, "V4")
    # 5.
    if "." in label:
        _record(errors, "V5")
    # 7. (UseSTD3ASCIIRules) ASCII code points must be a-z, 0-9 or -.
    if flags.use_std3_ascii_rules and _NOT_STD3_ASCII_RE.search(label) is not None:
        _record(errors, "U1")
    if is_ascii:
        return  # Lowercase ASCII is valid and holds no mark, no joiner, no RTL code point.
    # 6. (No ASCII code point is a mark.)
    first: i64 = ord(label[0])
    if first >= 0x80 and _code_point_properties(first) & _GENERAL_CATEGORY_MARK:
        _record(errors, "V6")
    # 7. Each code point must be valid (or a deviation, with Nontransitional Processing).
    allowed: i64 = _STATUS_V if flags.transitional_processing else _STATUS_V | _STATUS_D
    for index in range(len(label)):
        code_point: i64 = ord(label[index])
        if code_point >= 0x80 and not _code_point_properties(code_point) & allowed:
            _record(errors, "V7")
            break
    # 8.
    if flags.check_joiners:
        _check_joiners(label, errors)


# Lowercase ASCII labels that do not start with "xn--" meet validity criteria 1 and 4-9 (they are
# in NFC, valid, and hold no mark, joiner, period or RTL code point); these find the labels of a
# whole domain that fail criteria 2, 3 and 7's UseSTD3ASCIIRules, in one pass each.
_HYPHENS_IN_THIRD_AND_FOURTH_POSITIONS_RE: Final = re.compile(r"(?:^|\.)[^.]{2}--")
# (\Z, not "$", which also matches before a final "\n")
_HYPHEN_AT_LABEL_START_OR_END_RE: Final = re.compile(r"(?:^|\.)-|-(?:\.|\Z)")
_NOT_STD3_ASCII_OR_DOT_RE: Final = re.compile(r"[^a-z0-9.\-]")
# An ASCII code point that UseSTD3ASCIIRules rejects (criterion 7: all but a-z, 0-9 and -).
_NOT_STD3_ASCII_RE: Final = re.compile(r"[\x00-,./:-`{-\x7f]")


def _check_validity_of_ascii_labels(domain: str, flags: Flags, errors: list[str]) -> None:
    """UTS #46 §4.1 for every label of a lowercase ASCII domain with no "xn--" label: the same
    errors as :func:`_check_validity` label by label, without a Python loop over the labels."""
    if flags.check_hyphens:
        if _HYPHENS_IN_THIRD_AND_FOURTH_POSITIONS_RE.search(domain):
            _record(errors, "V2")
        if _HYPHEN_AT_LABEL_START_OR_END_RE.search(domain):
            _record(errors, "V3")
    if flags.use_std3_ascii_rules and _NOT_STD3_ASCII_OR_DOT_RE.search(domain):
        _record(errors, "U1")


def _check_joiners(label: str, errors: list[str]) -> None:
    """RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER), the ContextJ
    rules. Each scan stops at a code point that is not of joining type T, and a joiner is not,
    so every code point is scanned at most twice."""
    index = label.find(_ZWNJ)
    while index >= 0:
        if not _follows_virama(label, index) and not _zwnj_joins(label, index):
            _record(errors, "C1")
            break
        index = label.find(_ZWNJ, index + 1)
    index = label.find(_ZWJ)
    while index >= 0:
        if not _follows_virama(label, index):
            _record(errors, "C2")
            break
        index = label.find(_ZWJ, index + 1)


def _follows_virama(label: str, index: int) -> bool:
    """If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True."""
    return index > 0 and unicode_data().combining(label[index - 1]) == _VIRAMA


def _zwnj_joins(label: str, index: int) -> bool:
    """RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\\u200C(Joining_Type:T)*
    (Joining_Type:{R,D})) around the ZWNJ at ``index``."""
    joining_type = _joining_types()
    before = index - 1
    while before >= 0 and joining_type(label[before]) == "T":
        before -= 1
    if before < 0 or joining_type(label[before]) not in ("L", "D"):
        return False
    after = index + 1
    while after < len(label) and joining_type(label[after]) == "T":
        after += 1
    return after < len(label) and joining_type(label[after]) in ("R", "D")


def _check_bidi_rule(label: str, errors: list[str]) -> None:
    """The Bidi rule, RFC 5893 §2, for one non-empty label of a Bidi domain name."""
    # The Bidi classes of the label's code points (as a set), and of its last one that is not
    # NSM (none: 0).
    classes: i64 = 0
    last: i64 = 0
    length: i64 = len(label)
    for index in range(length):
        bidi_class = _bidi_class(ord(label[index]))
        classes |= bidi_class
        if bidi_class != _NSM:
            last = bidi_class
    # 1. The label is an RTL label if it starts with R or AL, an LTR label if it starts with L;
    # rules 2-6 are about those two kinds only.
    first = _bidi_class(ord(label[0]))
    if not first & (_L | _R | _AL):
        _record(errors, "B1")
        return
    if first == _L:
        # 5.-6. An LTR label.
        if classes & ~_LTR_LABEL_ALLOWED:
            _record(errors, "B5")
        if not last & _LTR_LABEL_END:
            _record(errors, "B6")
    else:
        # 2.-4. An RTL label.
        if classes & ~_RTL_LABEL_ALLOWED:
            _record(errors, "B2")
        if not last & _RTL_LABEL_END:
            _record(errors, "B3")
        if classes & _EN and classes & _AN:
            _record(errors, "B4")


def _bidi_class(code_point: i64) -> i64:
    """The Bidi class of a code point, as the bit 1 << its number in _BIDI_CLASS_NAMES."""
    return 1 << ((_code_point_properties(code_point) >> _BIDI_CLASS_SHIFT) & _BIDI_CLASS_FIELD)


# --- Tables -------------------------------------------------------------------------------------


class _MappingTable:
    """The UTS #46 IDNA Mapping Table (§5), from ``idna.uts46data``: ranges of code points, each
    with a status (V valid, M mapped, D deviation, I ignored, X disallowed) and a mapping."""

    def __init__(self, starts: list[int], statuses: str, mappings: list[str | None]) -> None:
        self.starts = starts
        self.statuses = statuses
        self.mappings = mappings

    def lookup(self, code_point: str) -> tuple[str, str]:
        """The status of a code point, and its mapping (the empty string if it has none)."""
        index = bisect.bisect_right(self.starts, ord(code_point)) - 1
        return self.statuses[index], self.mappings[index] or ""

    def status(self, code_point: str) -> str:
        """The status of a code point."""
        return self.statuses[bisect.bisect_right(self.starts, ord(code_point)) - 1]


# What the validity criteria (§4.1) and the Bidi rule ask of a code point, as the bits of one int:
# its status in the mapping table is V or D (criterion 7), its General_Category is a mark
# (criterion 6), its Bidi class is R, AL or AN (RFC 5893 §1.4, an RTL label); and its Bidi class
# (RFC 5893 §2), a number in bits 8-12.
_STATUS_V: Final = 1
_STATUS_D: Final = 2
_GENERAL_CATEGORY_MARK: Final = 4
_BIDI_CLASS_R_AL_OR_AN: Final = 8
# (NFC_Quick_Check=Yes: the quick check of UAX #15 §9 reads it, with the canonical combining
# class, a number in bits 16-23)
_NFC_QUICK_CHECK_YES: Final = 32
_CANONICAL_COMBINING_CLASS_SHIFT: Final = 16
# The number of the Bidi class (in _BIDI_CLASS_NAMES), from this bit on.
_BIDI_CLASS_SHIFT: Final = 8
_BIDI_CLASS_FIELD: Final = 0x1F
# The code points that may compose with the code point before them (NFC_Quick_Check=Maybe): the
# second code point of each primary composite, and the Hangul vowel and trailing consonant jamo
# (UAX #15 §1.3's Hangul composition). tests/test_idna.py derives them from the Unicode data.
_COMPOSING_WITH_THE_PREVIOUS: Final = frozenset(
    (
        *range(0x0300, 0x0305), *range(0x0306, 0x030D), 0x030F, 0x0311, *range(0x0313, 0x0315),
        0x031B, *range(0x0323, 0x0329), *range(0x032D, 0x032F), *range(0x0330, 0x0332), 0x0338,
        0x0342, 0x0345, *range(0x0653, 0x0656), 0x093C, 0x09BE, 0x09D7, 0x0B3E, 0x0B56, 0x0B57,
        0x0BBE, 0x0BD7, 0x0C56, 0x0CC2, 0x0CD5, 0x0CD6, 0x0D3E, 0x0D57, 0x0DCA, 0x0DCF, 0x0DDF,
        0x102E, *range(0x1161, 0x1176), *range(0x11A8, 0x11C3), 0x1B35, 0x3099, 0x309A, 0x110BA,
        0x11127, 0x1133E, 0x11357, 0x113B8, 0x113BB, 0x113C2, 0x113C9, 0x114B0, 0x114BA, 0x114BD,
        0x115AF, 0x11930, *range(0x1611E, 0x16121), 0x16129, 0x16D67,
    )
)  # fmt: skip


class _CodePointProperties(dict[int, int]):
    """The property bits of each code point, one dict lookup per code point once met (a
    bisection of the mapping table and a few ``unicodedata2`` calls the first time).

    It remembers the code points met so far, up to a bound, so that hostile input cannot make it
    hold every code point. tests/test_idna.py proves its bits equal to the tables'.
    """

    MAX_SIZE: Final = 1 << 16

    def __missing__(self, code_point: int) -> int:
        character = chr(code_point)
        status = _mapping_table().status(character)
        ucd = unicode_data()
        properties = 0
        if status == "V":
            properties |= _STATUS_V
        elif status == "D":
            properties |= _STATUS_D
        if ucd.category(character).startswith("M"):
            properties |= _GENERAL_CATEGORY_MARK
        # (NFC_Quick_Check is No for a code point NFC changes, Maybe for one that may compose
        # with the code point before it, Yes for every other one)
        if (
            code_point not in _COMPOSING_WITH_THE_PREVIOUS
            and ucd.normalize("NFC", character) == character
        ):
            properties |= _NFC_QUICK_CHECK_YES
        properties |= ucd.combining(character) << _CANONICAL_COMBINING_CLASS_SHIFT
        bidi_class = ucd.bidirectional(character)
        if bidi_class in _RTL_BIDI_CLASSES:
            properties |= _BIDI_CLASS_R_AL_OR_AN
        properties |= _BIDI_CLASS_NAMES.index(bidi_class) << _BIDI_CLASS_SHIFT
        if len(self) >= self.MAX_SIZE:
            self.clear()
        self[code_point] = properties
        return properties


# (empty until a code point is looked up: the tables load then)
_CODE_POINT_PROPERTIES: Final = _CodePointProperties()
# The same bits of the code points up to U+FFFF met so far, with _PROPERTIES_KNOWN set (0: not
# looked up yet): one list read instead of a dict lookup. (A list of small ints, not a bytearray:
# the compiled build reads a list item at a native index without making an int object.)
_PROPERTIES_KNOWN: Final = 64
_KNOWN_BASIC_MULTILINGUAL_PLANE_PROPERTIES: Final[list[int]] = [0] * 0x10000


def _code_point_properties(code_point: i64) -> i64:
    """The property bits of a code point (_CODE_POINT_PROPERTIES's; the scans over code points
    read those of ASCII ones only for the Bidi rule)."""
    if code_point < 0x10000:
        known: i64 = _KNOWN_BASIC_MULTILINGUAL_PLANE_PROPERTIES[code_point]
        if known == 0:
            known = _CODE_POINT_PROPERTIES[code_point] | _PROPERTIES_KNOWN
            _KNOWN_BASIC_MULTILINGUAL_PLANE_PROPERTIES[code_point] = known
        return known
    return _CODE_POINT_PROPERTIES[code_point]


@functools.cache
def _mapping_table() -> _MappingTable:
    # The idna package keeps the table in this form since its release 3.18.
    from idna import uts46data

    return _MappingTable(
        list(uts46data.uts46_starts),
        uts46data.uts46_statuses.decode("ascii"),
        list(uts46data.uts46_replacements),
    )


@functools.cache
def _joining_types() -> Callable[[str], str]:
    """A function giving the Joining_Type of a code point (U when it has none listed), from
    ``idna.idnadata.joining_types`` (ranges encoded as ``start << 32 | end``)."""
    from idna import idnadata

    ranges = sorted(
        (encoded >> 32, encoded & 0xFFFFFFFF, joining_type)
        for joining_type, encoded_ranges in idnadata.joining_types.items()
        for encoded in encoded_ranges
    )
    starts = [start for start, _end, _type in ranges]

    @functools.lru_cache(maxsize=4096)
    def joining_type(code_point: str) -> str:
        index = bisect.bisect_right(starts, ord(code_point)) - 1
        if index >= 0:
            start, end, found = ranges[index]
            if start <= ord(code_point) < end:
                return found
        return "U"

    return joining_type


class UnicodeData(Protocol):
    """The part of the ``unicodedata`` interface IDNA uses (``unicodedata2`` has no stubs)."""

    @property
    def unidata_version(self) -> str: ...

    def bidirectional(self, chr: str, /) -> str: ...

    def category(self, chr: str, /) -> str: ...

    def combining(self, chr: str, /) -> int: ...

    def normalize(self, form: str, unistr: str, /) -> str: ...


@functools.cache
def unicode_data() -> UnicodeData:
    """The Unicode Character Database every IDNA step reads character properties from:
    ``unicodedata2``, of the mapping table's Unicode version (not the interpreter's
    ``unicodedata``, which is Unicode 14.0 on Python 3.11, 15.0 on 3.12, 15.1 on 3.13)."""
    import unicodedata2  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return cast(UnicodeData, unicodedata2)


def mapping_table_unicode_version() -> str:
    """The Unicode version of the ``idna`` package's UTS #46 mapping table (e.g. "18.0.0")."""
    from idna import uts46data

    return str(uts46data.__version__)
