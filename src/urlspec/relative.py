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
that it is its own href (:func:`urlspec.own_href_pattern.is_own_href`): the absolute input is then
the href the parser gives, since a serialized URL parses back to the same record, and tier 1 has
checked that no code point of the reference is one the parser would change (a tab, a space, a
``\\``, a code point to percent-encode, a dot segment left). Anything else returns None, and the
caller runs the state machine. ``tests/test_relative.py`` proves them equal on references
derived from every corpus line and on generated ones.

The compiled build's ``URL`` constructor asks :func:`resolve_with_spans` instead, when the base
is its own href: it knows where the base's parts are, so it checks only the reference's part of
the absolute input with tier 1's code-point scanner and gives the new URL's parts' offsets with
its href (what the getters slice).

Left to the state machine on purpose: bases with an opaque path (only ``#f`` resolves against
them here), non-special bases for ``/p`` and path-relative references, and file: bases for those
when a Windows drive letter quirk could apply (the file and file slash states and shortening
keep or reset a drive letter, https://url.spec.whatwg.org/#file-slash-state).
"""

from __future__ import annotations

import re
from typing import Final

from mypy_extensions import i64

from urlspec.fast_path import tier_2_or_3_href
from urlspec.own_href import (
    COMPILED,
    FILE,
    NOT_OWN_HREF,
    NOT_SPECIAL,
    PACKABLE_LENGTH,
    SPANS_TOO_LONG,
    SPECIAL_NOT_FILE,
    pack_spans,
    path_run_end,
    scan_own_href,
    scan_query_and_fragment,
    scheme_kind,
    unpack_spans,
)
from urlspec.own_href_pattern import is_own_href
from urlspec.url_record import (
    is_double_dot_path_segment,
    is_normalized_windows_drive_letter,
    is_single_dot_path_segment,
)

__all__ = [
    "absolute_input",
    "relative_reference_start",
    "resolve_reference",
    "resolve_with_spans",
    "starts_with_scheme",
]


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
    length: i64 = len(input)
    if length == 0 or not _is_ascii_alpha(ord(input[0])):
        return False
    # The ":" that ends the scheme: looked for code point by code point in a short input, by a
    # C search in a longer one (a path-relative reference such as "index.html" is made of scheme
    # code points to its end, and most have no ":").
    colon: i64 = length
    if length > 8:
        colon = input.find(":", 1)
        if colon < 0:
            return False
    i: i64 = 1
    while i < colon:
        c = ord(input[i])
        if c == 0x3A:  # ":"
            return True
        if not (_is_ascii_alpha(c) or 0x30 <= c <= 0x39 or c == 0x2B or c == 0x2D or c == 0x2E):
            return False
        i += 1
    return colon < length


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


# --- the compiled build's form: the reference scanned against the base's known parts -----------


def relative_reference_start(input: str, base: str, base_spans: int) -> i64:
    """Where the relative reference in ``input`` starts, against a base that is its own href
    whose parts' offsets are ``base_spans``; -1 when ``input`` is an absolute URL.

    0 when ``input`` starts with no scheme. After the scheme's ":" when the scheme is the base's
    (as the scheme state writes it: lowercase), special and not file, and no "//" follows: the
    special relative or authority state then goes on in the relative state, which reads the rest
    as it reads a reference without a scheme
    (https://url.spec.whatwg.org/#special-relative-or-authority-state).
    """
    protocol_end: i64 = unpack_spans(base_spans)[0]
    return _reference_start(input, base, protocol_end, scheme_kind(base, protocol_end - 1))


def _reference_start(input: str, base: str, protocol_end: i64, kind: i64) -> i64:
    """relative_reference_start for a base whose scheme ends at ``protocol_end`` (after its
    ":") and is of ``kind`` (own_href.scheme_kind)."""
    if not _scheme_by_code_points(input):  # (the compiled build's starts_with_scheme)
        return 0
    if (
        kind == SPECIAL_NOT_FILE
        and input.startswith(base[:protocol_end])
        and input[protocol_end : protocol_end + 2] != "//"
    ):
        return protocol_end
    return -1


def resolve_with_spans(input: str, base: str, base_spans: int) -> tuple[str, int]:
    """:func:`resolve_reference` for a base that is its own href, whose parts' offsets
    (``base_spans``, from :func:`urlspec.own_href.scan_own_href`) are known: the href and its
    parts' offsets (packed, or SPANS_TOO_LONG), or ("", NOT_OWN_HREF): run the state machine.

    ``input`` is the reference, or the base's scheme and ":" followed by one (see
    :func:`relative_reference_start`), or an absolute URL: one whose parse reads nothing of the
    base (:func:`_base_unread`) gets the fast path's href of it alone, any other
    ("", NOT_OWN_HREF).

    The same absolute input as :func:`absolute_input`, and the same answer where both answer
    (tests/test_relative.py), but tier 1 scans only what the reference adds: the base's part of
    the absolute input is an own href's, which tier 1 accepts, and tier 1 reads left to right,
    so the absolute input is an own href exactly when the reference's part, read in the state
    where the base's part ends, is accepted. The new URL's scheme, host and path start are the
    base's. Dot segments in a path-relative or path-absolute reference are resolved here, as the
    path state does (https://url.spec.whatwg.org/#path-state); a code point tier 1 does not
    admit in a segment that a double-dot segment could remove, or a reference over
    _LONGEST_REBUILT code points whose kept segments a dot segment splits, is left to
    :func:`resolve_reference` (on strings, then tier 1 on the whole href).
    """
    protocol_end: i64
    host_start: i64
    path_start: i64
    query: i64
    fragment: i64
    protocol_end, host_start, path_start, query, fragment = unpack_spans(base_spans)
    kind = scheme_kind(base, protocol_end - 1)
    base_parts = (protocol_end, host_start, path_start, query)
    reference_start: i64 = 0
    if input != "" and _is_ascii_alpha(ord(input[0])):  # (no scheme otherwise: no call)
        reference_start = _reference_start(input, base, protocol_end, kind)
        if reference_start < 0:  # an absolute URL
            if _base_unread(input, base, protocol_end, kind):
                return _absolute_href(input)
            return "", NOT_OWN_HREF
    reference = input[reference_start:] if reference_start != 0 else input
    base_end: i64 = len(base)  # (not a conditional expression: its int would be boxed)
    if fragment != 0:
        base_end = fragment
    length: i64 = len(reference)
    first = ord(reference[0]) if length != 0 else -1
    if first == 0x23:  # "#": the no scheme state, the fragment replaced
        return _joined(base, base_end, "", reference, 0, 0, kind, base_parts)
    if host_start == 0:
        return "", NOT_OWN_HREF  # an opaque path: the no scheme state fails on all but "#..."
    if length == 0:
        # https://url.spec.whatwg.org/#relative-state at EOF: the base without its fragment.
        href = base if fragment == 0 else base[:base_end]
        return href, pack_spans(protocol_end, host_start, path_start, query, 0)
    if first == 0x3F:  # "?": the relative state, the query replaced
        end = query if query != 0 else base_end
        return _joined(base, end, "", reference, 0, 0, kind, base_parts)
    if first == 0x2F and length > 1 and ord(reference[1]) == 0x2F:  # "//": a new authority
        # The relative slash state, then the authority state, as for the absolute input (the
        # file state, then the file slash and file host states, for file:): the fast path's
        # href of the absolute input, with its offsets when it is its own href.
        return _scheme_relative_href(base[:protocol_end], reference, kind)
    if kind != SPECIAL_NOT_FILE and not (
        kind == FILE and _no_drive_letter_quirk_at(reference, base, path_start, base_end)
    ):
        return "", NOT_OWN_HREF  # non-special schemes' path rules are left to the state machine
    keep_end: i64  # the base up to here is kept: it ends with the "/" before the new segments
    start: i64  # where the reference's first segment starts
    if first == 0x2F:
        # https://url.spec.whatwg.org/#relative-slash-state: the path starts empty after "/".
        keep_end = path_start + 1
        start = 1
    else:
        # https://url.spec.whatwg.org/#relative-state: the base's path, its last item removed.
        keep_end = _last_slash(base, path_start, query if query != 0 else base_end) + 1
        start = 0
    # The reference's segments (https://url.spec.whatwg.org/#path-state): a double-dot segment
    # removes the path's last segment (the reference's last kept one, or else the base's: the
    # base is then kept up to its "/" before), a dot segment last leaves an empty last segment
    # ("/" at the end of the path), and other segments are appended. The reference's kept
    # segments are ``text`` (each followed by "/"), then ``run_count`` segments that lie side by
    # side in the reference, ``reference[run_start:run_end]``: a segment that does not follow
    # the run at once (a dot segment came between) first moves the run to ``text``.
    text = ""
    run_start: i64 = start
    run_end: i64 = start
    run_count: i64 = 0
    i = start
    while True:
        segment_end = path_run_end(reference, i, length)
        last = True
        if segment_end < length:
            c = ord(reference[segment_end])
            if c == 0x2F:  # "/"
                last = False
            elif c != 0x3F and c != 0x23:  # neither "?" nor "#"
                # A code point tier 1 does not admit, in a segment that a later double-dot
                # segment may remove: resolved on strings.
                return _resolved_on_strings(reference, base)
        dots = _dot_segment(reference, i, segment_end)
        if dots == 0:
            if run_count != 0 and run_end + 1 != i:
                if length > _LONGEST_REBUILT:
                    return _resolved_on_strings(reference, base)
                text += reference[run_start : run_end + 1]  # the run and the "/" after it
                run_count = 0
            if run_count == 0:
                run_start = i
            run_count += 1
            run_end = segment_end
        elif dots == 2:
            if run_count > 1:
                run_end = _last_slash(reference, run_start, run_end)
                run_count -= 1
            elif run_count == 1:
                run_count = 0
            elif text != "":
                text = text[: _last_slash(text, 0, len(text) - 1) + 1]
            elif keep_end > path_start + 1:
                # Shorten the path (no drive letter quirk: see above).
                keep_end = _last_slash(base, path_start, keep_end - 1) + 1
        if last:
            break
        i = segment_end + 1
    # segment_end is where the path ends. A dot segment last leaves the path ending in "/": the
    # run's, or the one that ends ``text`` or the base's part.
    if run_count != 0 and run_end == segment_end:
        return _joined(base, keep_end, text, reference, run_start, segment_end, kind, base_parts)
    if run_count != 0:
        text += reference[run_start : run_end + 1]
    return _joined(base, keep_end, text, reference, segment_end, segment_end, kind, base_parts)


# The longest reference whose kept segments are rebuilt as text when a dot segment splits them:
# each change copies the text, so a longer one is resolved on strings (a list of segments), in
# time linear in its length.
_LONGEST_REBUILT: Final = 1024


def _base_unread(input: str, base: str, protocol_end: i64, kind: i64) -> bool:
    """Whether the basic URL parser, given ``input``, which starts with a scheme, and a base
    whose scheme ends at ``protocol_end`` (after its ":") and is of ``kind``, reads nothing of
    the base: then it returns what it returns for ``input`` without a base.

    The scheme state goes on in a state that reads the base only when the input's scheme
    (lowercased) is the base's and special: the special relative or authority state, or for
    file: the file state (https://url.spec.whatwg.org/#scheme-state); for any other scheme the
    base is never read. Even then, "//" after the ":" leads to states that never read it: the
    special authority ignore slashes state
    (https://url.spec.whatwg.org/#special-relative-or-authority-state), or the file slash and
    file host states (https://url.spec.whatwg.org/#file-state,
    https://url.spec.whatwg.org/#file-slash-state). The base's scheme is lowercase; the input's
    scheme is made of ASCII alphanumerics, "+", "-" and "." (``_scheme_by_code_points``), so
    setting the 0x20 bit lowercases it without making any other code point a letter.
    """
    if kind == NOT_SPECIAL:
        return True
    scheme_length = protocol_end - 1
    if len(input) < protocol_end or ord(input[scheme_length]) != 0x3A:  # ":"
        return True  # a scheme of another length: another scheme
    i: i64 = 0
    while i < scheme_length:
        if ord(input[i]) | 0x20 != ord(base[i]):
            return True
        i += 1
    return (
        len(input) >= protocol_end + 2
        and ord(input[protocol_end]) == 0x2F
        and ord(input[protocol_end + 1]) == 0x2F
    )


def _absolute_href(input: str) -> tuple[str, int]:
    """The fast path's href of ``input`` parsed without a base, with its parts' offsets (or
    SPANS_TOO_LONG), or ("", NOT_OWN_HREF): run the state machine."""
    spans = scan_own_href(input)
    if spans != NOT_OWN_HREF:
        return input, spans
    return _href_of_tiers_2_and_3(input)


def _href_of_tiers_2_and_3(input: str) -> tuple[str, int]:
    """:func:`_absolute_href` for an input that tier 1 does not accept."""
    href = tier_2_or_3_href(input)
    if href is None:
        return "", NOT_OWN_HREF
    spans = scan_own_href(href)
    return href, SPANS_TOO_LONG if spans == NOT_OWN_HREF else spans


def _scheme_relative_href(protocol: str, reference: str, kind: i64) -> tuple[str, int]:
    """``_absolute_href(protocol + reference)`` for a reference that starts with "//", scanned
    at most twice: when it is not its own href, and its authority is followed by nothing, a
    query or a fragment in a special URL, the path start state makes the path [""]
    (https://url.spec.whatwg.org/#path-start-state), serialized "/": the href is the input with
    "/" put in after the authority, when tier 1 accepts that.

    The authority state ends the authority at the first "/", "?" or "#" (or "\\" in a special
    URL) after the "//" (https://url.spec.whatwg.org/#authority-state).
    """
    absolute = protocol + reference
    spans = scan_own_href(absolute)
    if spans != NOT_OWN_HREF:
        return absolute, spans  # (most often: an authority, then a path)
    if kind != NOT_SPECIAL:
        length: i64 = len(reference)
        i: i64 = 2
        while i < length:
            c = ord(reference[i])
            if c == 0x2F or c == 0x5C:  # "/" or "\\": a path follows
                return _href_of_tiers_2_and_3(absolute)
            if c == 0x3F or c == 0x23:  # "?" or "#"
                break
            i += 1
        href = protocol + reference[:i] + "/" + reference[i:]
        spans = scan_own_href(href)
        if spans != NOT_OWN_HREF:
            return href, spans
    return _href_of_tiers_2_and_3(absolute)


def _no_drive_letter_quirk_at(reference: str, base: str, path_start: i64, base_end: i64) -> bool:
    """:func:`_no_drive_letter_quirk` in code points, for ``base[:base_end]`` (no slices): the
    base's first path segment is no normalized Windows drive letter (an ASCII alpha and ":",
    then "/", "?" or the end, https://url.spec.whatwg.org/#normalized-windows-drive-letter), and
    the reference's path (up to its first "?" or "#") has neither ":" nor "|"."""
    first = path_start + 1
    if (
        first + 2 <= base_end
        and _is_ascii_alpha(ord(base[first]))
        and ord(base[first + 1]) == 0x3A  # ":"
        and (first + 2 == base_end or ord(base[first + 2]) in (0x2F, 0x3F))  # "/" or "?"
    ):
        return False
    # The first ":" or "|" (C searches: most references have neither), then whether the path
    # ends before it.
    first_colon_or_bar: i64 = reference.find(":")
    bar: i64 = reference.find("|")
    if first_colon_or_bar < 0 or 0 <= bar < first_colon_or_bar:
        first_colon_or_bar = bar
    if first_colon_or_bar < 0:
        return True
    i: i64 = 0
    while i < first_colon_or_bar:
        c = ord(reference[i])
        if c == 0x3F or c == 0x23:  # "?" or "#": the path ends
            return True
        i += 1
    return False


def _dot_segment(input: str, start: i64, end: i64) -> i64:
    """2 when ``input[start:end]`` is a double-dot path segment (".." or, ASCII
    case-insensitively, ".%2e", "%2e." or "%2e%2e"), 1 when it is a single-dot one ("." or
    "%2e"), 0 otherwise (https://url.spec.whatwg.org/#double-dot-path-segment; the same as
    url_record's is_double_dot_path_segment and is_single_dot_path_segment, without a slice)."""
    size = end - start
    if size == 1:
        return 1 if ord(input[start]) == 0x2E else 0
    if size == 2:
        return 2 if ord(input[start]) == 0x2E and ord(input[start + 1]) == 0x2E else 0
    if size == 3:
        return 1 if _is_encoded_dot(input, start) else 0
    if size == 4:
        if ord(input[start]) == 0x2E:
            return 2 if _is_encoded_dot(input, start + 1) else 0
        return 2 if _is_encoded_dot(input, start) and ord(input[start + 3]) == 0x2E else 0
    if size == 6:
        return 2 if _is_encoded_dot(input, start) and _is_encoded_dot(input, start + 3) else 0
    return 0


def _is_encoded_dot(input: str, start: i64) -> bool:
    """Whether "%2e" or "%2E" is at ``start`` (the caller knows three code points are there)."""
    return (
        ord(input[start]) == 0x25
        and ord(input[start + 1]) == 0x32
        and ord(input[start + 2]) | 0x20 == 0x65
    )


def _last_slash(input: str, start: i64, end: i64) -> i64:
    """Where the last "/" of ``input[start:end]`` is, or -1: a loop over the last 16 code points
    (a path segment is most often shorter), then str.rfind (a C call, which costs as much as the
    loop over 16)."""
    i = end - 1
    stop = end - 16
    if stop < start:
        stop = start
    while i >= stop:
        if ord(input[i]) == 0x2F:
            return i
        i -= 1
    return input.rfind("/", start, stop) if stop > start else -1


def _joined(
    base: str,
    end: i64,
    middle: str,
    reference: str,
    start: i64,
    tail: i64,
    kind: i64,
    base_parts: tuple[i64, i64, i64, i64],
) -> tuple[str, int]:
    """``base[:end] + middle + reference[start:]``, with its parts' offsets (see
    resolve_with_spans), or ("", NOT_OWN_HREF).

    ``base[:end]`` is the start of an own href whose scheme's end, host's start, path's start and
    query (``base_parts``: the base's offsets, see pack_spans) are the new URL's up to its path
    start, and its query too when ``end`` is past it (a "#" reference), and ends in its path or
    query; ``middle`` and ``reference[start:tail]`` are path segments tier 1 admits, and
    ``reference[tail:]`` must be empty, or a query and/or fragment as tier 1 accepts them.
    """
    length: i64 = len(reference)
    fragment = scan_query_and_fragment(reference, tail, length, kind != NOT_SPECIAL)
    if fragment < 0:
        return "", NOT_OWN_HREF
    shift = end - start  # where the reference's code points move to in the href
    if middle == "":
        href = base[:end] + (reference[start:] if start != 0 else reference)
    else:
        href = base[:end] + middle + reference[start:]
        shift += len(middle)
    if length + shift >= PACKABLE_LENGTH:  # (the href's length)
        return href, SPANS_TOO_LONG
    protocol_end, host_start, path_start, query = base_parts
    if tail < length and ord(reference[tail]) == 0x3F:  # "?"
        query = tail + shift
    elif query >= end:
        query = 0  # the base's query is not kept
    if fragment == length:
        fragment = 0
    else:
        fragment += shift
    return href, pack_spans(protocol_end, host_start, path_start, query, fragment)


def _resolved_on_strings(reference: str, base: str) -> tuple[str, int]:
    """resolve_reference's answer and its offsets, or ("", NOT_OWN_HREF)."""
    href = absolute_input(reference, base)
    if href is None:
        return "", NOT_OWN_HREF
    spans = scan_own_href(href)
    return ("", NOT_OWN_HREF) if spans == NOT_OWN_HREF else (href, spans)
