"""A fast path for relative references: ``URL(ref, base)`` for the common shapes of ``ref``.

The basic URL parser (§4.4, https://url.spec.whatwg.org/#concept-basic-url-parser) resolves a
reference without a scheme against its base in the no scheme, relative, relative slash and path
states: it copies the base's scheme, credentials, host, port, path and query as far as the
reference leaves them, then goes on with the reference's code points in the state where the
copied parts end. So for the common shapes of references, the URL it returns is the one it
returns for an absolute input made of the base's serialization up to that point and the
reference:

* ``""``: everything but the fragment (the relative state at EOF): the base without its fragment;
* ``#f``: the same (the no scheme state, then the relative state): that and ``#f``;
* ``?q``: scheme, credentials, host, port and path (the relative state): the base up to its
  query, and ``?q``;
* ``//h/p``: the scheme (the relative slash state, then the authority state): ``scheme:`` and
  ``//h/p``;
* ``/p``: scheme, credentials, host and port (the relative slash state, then the path state):
  the base up to its path, and ``/p``;
* ``p``, ``../p``, ``./p``: that, and the base's path less its last segment (the relative state,
  then the path state): the base up to its path, the path resolved, and the query and fragment.

:func:`resolve_reference` builds that absolute input (resolving a path-relative reference's
single-dot and double-dot segments against the base's path as the path state does,
https://url.spec.whatwg.org/#path-state) and returns it only when the fast path's tier 1 says
that it is its own href (:func:`urlspec.fast_path.is_own_href`): the absolute input is then
the href the parser gives, since a serialized URL parses back to the same record, and tier 1 has
checked that no code point of the reference is one the parser would change (a tab, a space, a
``\\``, a code point to percent-encode, a dot segment left). Anything else returns None, and the
caller runs the state machine. ``tests/test_relative.py`` proves the two equal on references
derived from every corpus line and on generated ones.

Left to the state machine on purpose: bases with an opaque path (only ``#f`` resolves against
them here), non-special bases for ``/p`` and path-relative references, and file: bases for those
when a Windows drive letter quirk could apply (the file and file slash states and shortening
keep or reset a drive letter, https://url.spec.whatwg.org/#file-slash-state).
"""

from __future__ import annotations

import re
from typing import Final

from urlspec.fast_path import is_own_href
from urlspec.own_href import COMPILED, FILE, SPECIAL_NOT_FILE, scheme_kind
from urlspec.url_record import (
    is_double_dot_path_segment,
    is_normalized_windows_drive_letter,
    is_single_dot_path_segment,
)

__all__ = ["absolute_input", "resolve_reference", "starts_with_scheme"]


def starts_with_scheme(input: str) -> bool:
    """Whether the scheme state would find a scheme: an ASCII alpha, then ASCII alphanumerics,
    "+", "-" or "." up to a ":" (https://url.spec.whatwg.org/#scheme-start-state).

    Only for inputs without tabs, newlines or leading C0 controls and spaces (the callers check
    the result with tier 1, which admits none). The pure build asks a regex (``re`` runs in C),
    the compiled build a loop over code points (tests/test_relative.py proves them equal).
    """
    if COMPILED:
        return _scheme_by_code_points(input)
    return _SCHEME.match(input) is not None


def _scheme_by_code_points(input: str) -> bool:
    """starts_with_scheme as a loop over code points (the compiled build's)."""
    length = len(input)
    if length == 0 or not _is_ascii_alpha(ord(input[0])):
        return False
    i = 1
    while i < length:
        c = ord(input[i])
        if c == 0x3A:  # ":"
            return True
        if not (_is_ascii_alpha(c) or 0x30 <= c <= 0x39 or c == 0x2B or c == 0x2D or c == 0x2E):
            return False
        i += 1
    return False


_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+\-.]*:")


def _is_ascii_alpha(c: int) -> bool:
    return 0x61 <= c <= 0x7A or 0x41 <= c <= 0x5A


def resolve_reference(reference: str, base_href: str) -> str | None:
    """The href of the URL the basic URL parser makes of ``reference`` against the URL whose href
    is ``base_href`` (UTF-8), or None: run the state machine.

    ``reference`` must not start with a scheme (:func:`starts_with_scheme`).
    """
    href = absolute_input(reference, base_href)
    return href if href is not None and is_own_href(href) else None


def absolute_input(reference: str, base_href: str) -> str | None:
    """The absolute input that the parser reads as ``reference`` resolved against the URL whose
    href is ``base_href`` (see the module docstring), before tier 1 checks it; None for the
    shapes left to the state machine."""
    fragment_start = base_href.find("#")
    without_fragment = base_href if fragment_start < 0 else base_href[:fragment_start]
    if reference[:1] == "#":
        return without_fragment + reference
    protocol_end = base_href.find(":") + 1
    if base_href[protocol_end : protocol_end + 2] != "//":
        # An opaque path (against which all but "#..." fail: the no scheme state), or no host.
        return None
    if reference == "":
        return without_fragment
    first = reference[0]
    if first == "?":
        query_start = without_fragment.find("?")
        return (without_fragment if query_start < 0 else without_fragment[:query_start]) + reference
    if reference.startswith("//"):
        return base_href[:protocol_end] + reference
    # The path starts at the first "/" after the authority (a serialized authority holds none:
    # userinfo percent-encodes it and hosts cannot contain it).
    path_start = without_fragment.find("/", protocol_end + 2)
    if path_start < 0:
        return None  # a non-special URL with a host and an empty path
    kind = scheme_kind(base_href, protocol_end - 1)
    if kind != SPECIAL_NOT_FILE and not (
        kind == FILE and _no_drive_letter_quirk(reference, without_fragment, path_start)
    ):
        return None  # non-special schemes' path rules are left to the state machine
    if first == "/":
        # https://url.spec.whatwg.org/#relative-slash-state: the path state starts with an empty
        # path after the "/".
        return _with_path(reference, 1, without_fragment, path_start, path_start + 1)
    # https://url.spec.whatwg.org/#relative-state: the base's path, its last item removed.
    query_start = without_fragment.find("?", path_start)
    directory_end = without_fragment.rfind(
        "/", path_start, None if query_start < 0 else query_start
    )
    return _with_path(reference, 0, without_fragment, path_start, directory_end + 1)


def _no_drive_letter_quirk(reference: str, base: str, path_start: int) -> bool:
    """Whether the Windows drive letter quirks of file: URLs cannot apply to ``reference``
    against ``base`` (the base without its fragment).

    The quirks: the file state empties the path for a reference that starts with a Windows drive
    letter, and otherwise shortens the base's path, which keeps a lone normalized drive letter
    (https://url.spec.whatwg.org/#file-state, https://url.spec.whatwg.org/#shorten-a-urls-path);
    the file slash state keeps the base's drive letter
    (https://url.spec.whatwg.org/#file-slash-state); the path state turns a segment that is a
    Windows drive letter into a normalized one ("C|" into "C:") when the path is empty, which
    a double-dot segment can make it, and shortening keeps it
    (https://url.spec.whatwg.org/#path-state). So they cannot apply when the base's first path
    segment (which ends at "/", at "?" or at the end) is no normalized Windows drive letter,
    and the reference's path has neither ":" nor "|", so that none of its segments is a Windows
    drive letter. (Tier 1 admits no "|" in a path, but a double-dot segment can remove the
    segment that held it: "C|/.." against file:///tmp/x is file:///C:/.)
    """
    first_segment_end = len(base)
    for delimiter in "/?":
        found = base.find(delimiter, path_start + 1)
        if 0 <= found < first_segment_end:
            first_segment_end = found
    if is_normalized_windows_drive_letter(base[path_start + 1 : first_segment_end]):
        return False
    path_end = _path_end(reference)
    return reference.find(":", 0, path_end) < 0 and reference.find("|", 0, path_end) < 0


def _path_end(reference: str) -> int:
    """Where the path of a relative reference ends: at its first "?" or "#", or its end."""
    query = reference.find("?")
    fragment = reference.find("#")
    if query < 0:
        return len(reference) if fragment < 0 else fragment
    return query if fragment < 0 or query < fragment else fragment


def _with_path(
    reference: str, start: int, base: str, path_start: int, directory_end: int
) -> str | None:
    """The absolute input for a reference whose path, from ``start``, the path state appends to
    the base's path up to ``directory_end`` (an index in ``base``: the base's path less its last
    segment, or nothing), resolving its single-dot and double-dot segments as the path state does
    (https://url.spec.whatwg.org/#path-state)."""
    path_end = _path_end(reference)
    path = reference[start:path_end]
    if not (path[:1] == "." or path[:1] == "%" or "/." in path or "/%" in path):
        # No part starts with "." or "%": no dot segment, nothing to resolve.
        return base[:directory_end] + reference[start:]
    if " " in path or "\\" in path or not path.isprintable():
        # C0 controls and spaces (stripped at the start; tabs and newlines removed anywhere, which
        # can make a dot segment), or "\\" (a separator in special URLs): the parser's segments
        # may not be these parts. (Tier 1 would reject them in the absolute input, but a
        # double-dot segment can remove the part that held one. isprintable() is false for more
        # than C0 controls: those inputs go to the state machine, which is never wrong.)
        return None
    # The base's segments kept (never dot segments: the parser resolved them) ...
    segments = (
        base[path_start + 1 : directory_end - 1].split("/")
        if directory_end > path_start + 1
        else []
    )
    # ... then the reference's: a segment ends at "/" or, the last one, at EOF, "?" or "#".
    parts = path.split("/")
    last = len(parts) - 1
    for index, part in enumerate(parts):
        if part[:1] != "." and part[:1] != "%":
            segments.append(part)  # no dot segment (they start with "." or "%")
        elif is_double_dot_path_segment(part):
            if segments:
                segments.pop()  # shorten the path (no drive letter quirk: see absolute_input)
            if index == last:
                segments.append("")
        elif is_single_dot_path_segment(part):
            if index == last:
                segments.append("")
        else:
            segments.append(part)
    return base[:path_start] + "/" + "/".join(segments) + reference[path_end:]
