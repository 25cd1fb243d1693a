"""Validation errors: the names the URL Standard gives them, and the exception raised on failure.

Implements https://url.spec.whatwg.org/#validation-error. A validation error does not by itself
stop the parser; only some of them are also failures. The parser records each one it meets
as a :class:`ValidationError` (its spec name and where in the input it happened) when asked
to (``urlspec.validate``), and raises :class:`InvalidURL` when parsing fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = [
    "ERROR_DESCRIPTIONS",
    "InvalidURL",
    "StrictReplaceError",
    "ValidationError",
    "failure_reason",
    "quote",
]

#: Every validation error type of the standard's table, by its spec name, with a short
#: description of what it means (in our words).
ERROR_DESCRIPTIONS: dict[str, str] = {
    # IDNA
    "domain-to-ASCII": "the domain failed UTS #46 ToASCII or has a forbidden domain code point",
    # Host parsing
    "domain-percent-encoded": "the domain contains a percent-encoded byte",
    "host-invalid-code-point": "the opaque host contains a forbidden host code point",
    "IPv4-empty-part": "the IPv4 address ends with a '.'",
    "IPv4-too-few-parts": "the IPv4 address has fewer than four parts",
    "IPv4-too-many-parts": "the IPv4 address has more than four parts",
    "IPv4-non-numeric-part": "an IPv4 address part is not numeric",
    "IPv4-non-decimal-part": "an IPv4 address part is written in hexadecimal or octal",
    "IPv4-out-of-range-part": "an IPv4 address part is larger than 255",
    "IPv6-unclosed": "the IPv6 address is missing its closing ']'",
    "IPv6-invalid-compression": "the IPv6 address begins with a lone ':'",
    "IPv6-too-many-pieces": "the IPv6 address has more than eight pieces",
    "IPv6-multiple-compression": "the IPv6 address is compressed ('::') more than once",
    "IPv6-invalid-code-point": "the IPv6 address contains a code point that is not allowed",
    "IPv6-too-few-pieces": "the uncompressed IPv6 address has fewer than eight pieces",
    "IPv6-piece-leading-zero": "an IPv6 piece is written with a leading 0 (as in [::01])",
    "IPv4-in-IPv6-too-many-pieces": "the IPv6 address with IPv4 has more than six pieces before it",
    "IPv4-in-IPv6-invalid-code-point": "the IPv4 part of the IPv6 address is malformed",
    "IPv4-in-IPv6-out-of-range-part": "an IPv4 part of the IPv6 address is larger than 255",
    "IPv4-in-IPv6-too-few-parts": "the IPv4 part of the IPv6 address has fewer than four parts",
    # URL parsing
    "invalid-URL-unit": "a code point that is not a URL unit (or a bad percent-encoding)",
    "special-scheme-missing-following-solidus": "the special scheme is not followed by '//'",
    "missing-scheme-non-relative-URL": "no scheme, and no base URL to resolve against",
    "invalid-reverse-solidus": "a special URL uses '\\' where '/' belongs",
    "invalid-credentials": "the URL includes credentials",
    "host-missing": "a special URL is missing its host",
    "port-out-of-range": "the port is larger than 65535",
    "port-invalid": "the port is not a number",
    "file-invalid-Windows-drive-letter": "a relative file: URL starts with a Windows drive letter",
    "file-invalid-Windows-drive-letter-host": "a file: URL's host is a Windows drive letter",
}


def quote(text: str) -> str:
    """``text`` quoted for a message, the one way every urlspec message quotes an input.

    Always in single quotes, as a Python string literal: a ``'`` or ``\\`` inside is escaped
    with a backslash, and so is every character that is not printable (``\\n``, ``\\x1b``,
    ``\\u200f``), so that the quotes always show where the input ends and a control character
    can neither hide nor mangle the terminal. ``eval`` of the result gives ``text`` back.
    """
    if text.isprintable() and "'" not in text and "\\" not in text:
        return f"'{text}'"
    parts = ["'"]
    for character in text:
        if character == "'" or character == "\\":
            parts.append("\\" + character)
        elif character.isprintable():
            parts.append(character)
        else:
            parts.append(repr(character)[1:-1])  # "\\n", "\\x00", "\\u200f", ...
    parts.append("'")
    return "".join(parts)


class ValidationError(NamedTuple):
    """One validation error: its spec name and the index in the input where it was found.

    A named tuple: the parser may make one per input code point on bad input, so it must be cheap.
    """

    name: str
    position: int

    @property
    def description(self) -> str:
        return ERROR_DESCRIPTIONS.get(self.name, self.name)

    def __str__(self) -> str:
        return f"{self.name} at position {self.position}: {self.description}"


def failure_reason(errors: Sequence[ValidationError]) -> str:
    """Why the URL parser failed, for messages: the last validation error it met (the one that
    made it fail), by name and description."""
    if not errors:
        return "the URL parser failed"
    return f"{errors[-1].name} ({errors[-1].description})"


class InvalidURL(ValueError):
    """Raised when an input is not a valid URL: the URL parser returned failure.

    ``errors`` holds the validation errors the parser met, the last one being the one that made
    it fail; ``input`` and ``base`` are what was parsed.

    It is also made as any exception is, from a message alone (``InvalidURL("no scheme")``, in
    code of one's own or a test double): then the message is the text given, ``errors`` is
    empty and ``input`` is that text too.
    """

    def __init__(
        self,
        input: str = "",
        errors: list[ValidationError] | None = None,
        base: str | None = None,
    ) -> None:
        self.input = input
        self.base = base
        if errors is None:  # a message alone, as for any exception
            self.errors = []
            super().__init__(input)
            return
        self.errors = errors
        message = f"invalid URL {quote(input)}: {failure_reason(errors)}"
        if base is not None:
            message += f" against base {quote(base)}"
        super().__init__(message)

    def _is_message_alone(self) -> bool:
        """Whether this was made from a message alone (its message is its input, no errors)."""
        return not self.errors and self.args == (self.input,)

    @property
    def reason(self) -> str:
        """Why the URL parser failed: its fatal validation error, by name and description (the
        message, for one made from a message alone)."""
        if self._is_message_alone():
            return self.input
        return failure_reason(self.errors)

    def __reduce__(
        self,
    ) -> tuple[type[InvalidURL], tuple[str, list[ValidationError] | None, str | None]]:
        errors = None if self._is_message_alone() else self.errors
        return (InvalidURL, (self.input, errors, self.base))


class StrictReplaceError(ValueError):
    """Raised by ``URL.replace(..., strict=True)`` where a setter did nothing or failed.

    ``attribute`` names the setter (the keyword given to ``replace``), ``value`` is what it was
    given and ``reason`` says why: one of the standard's early returns (a port on a URL that
    cannot have one, a host on an opaque path, ...) or the parser's failure under the setter's
    state override (https://url.spec.whatwg.org/#urlutils-members).
    """

    def __init__(self, attribute: str, value: object, reason: str) -> None:
        self.attribute = attribute
        self.value = value
        self.reason = reason
        shown = quote(value) if isinstance(value, str) else repr(value)
        super().__init__(f"cannot set {attribute} to {shown}: {reason}")

    def __reduce__(self) -> tuple[type[StrictReplaceError], tuple[str, object, str]]:
        return (StrictReplaceError, (self.attribute, self.value, self.reason))
