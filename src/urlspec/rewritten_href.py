"""Tiers 2 and 3 of the compiled build's fast path: one loop over the code points of a special
URL that rewrites it as the basic URL parser reads it, for tier 1 to judge.

:func:`rewritten_href` lowercases the scheme and host (a host beyond ASCII becomes its domain to
ASCII), drops a default port, reads "\\" in the path as "/", drops dot segments and
percent-encodes the query and fragment, as the parser's states do, and returns the result when
tier 1 (:func:`urlspec.own_href.scan_own_href`) would take it as its own href; it also answers
:data:`DECLINED` at once for what the fast path's first look
(:func:`urlspec.fast_path.goes_to_the_state_machine`) sends to the state machine, and None when
it cannot tell (then the patterns of :mod:`urlspec.normalized_href` and
:mod:`urlspec.tolerated_href` decide). The pure build does not ask it: there the patterns, which
``re`` runs in C, are cheaper than a loop in Python. ``tests/test_rewritten_href.py`` proves its
answers equal to the state machine's and to the patterns'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy_extensions import i64

from urlspec.own_href import (
    _CLASSES,
    _IN_LABEL,
    _IN_PATH,
    _STARTS_LAST_LABEL_BIT,
    NOT_OWN_HREF,
    _is_serialized_ipv4,
    scan_own_href,
)
from urlspec.tolerated_href import (
    _FRAGMENT_PERCENT_ENCODE_SET,
    _SPECIAL_QUERY_PERCENT_ENCODE_SET,
    _percent_encoded_byte,
)

__all__ = ["DECLINED", "rewritten_href"]

#: :func:`rewritten_href`'s answer for an input that no tier takes: the state machine parses it.
DECLINED: Final = ""


def rewritten_href(input: str, as_is: bool = False) -> str | None:
    """Tiers 2 and 3 of the compiled build, for a special URL: the href of ``input``, or
    :data:`DECLINED` when no tier takes ``input``, or None when this loop cannot tell (then
    :func:`urlspec.fast_path.goes_to_the_state_machine` and the patterns decide).

    One loop over the code points finds the parts of ``scheme "://" host [":" port] path
    ["?" query] ["#" fragment]`` of a special URL (https://url.spec.whatwg.org/#special-scheme)
    and rewrites each as the parser reads it, into a candidate href:

    * the scheme, ASCII letters, is lowercased (https://url.spec.whatwg.org/#scheme-state);
    * the slashes after it, two or more of "/" and "\\" (exactly two for file), become "//": the
      special authority slashes and ignore slashes states skip them, the file and file slash
      states read two (https://url.spec.whatwg.org/#special-authority-ignore-slashes-state);
    * the host, the code points up to the first "/", "\\", "?", "#" or ":" (no "@": no
      credentials), is lowercased: the host parser's domain to ASCII returns an ASCII domain
      lowercased whatever ToASCII says, and checks and parses the lowercased domain
      (https://url.spec.whatwg.org/#concept-domain-to-ascii); a host beyond ASCII (but a file
      URL's) becomes its domain to ASCII (``idna.domain_to_ascii_or_none``, the host parser's
      answer; a failure, or a "%" in the host, which the host parser percent-decodes first:
      DECLINED), trailing "." and all (a mapped dot such as U+3002 is
      "." there), unless it ends in a number
      (https://url.spec.whatwg.org/#ends-in-a-number-checker, run on the ASCII domain);
      a file URL's ``localhost`` becomes the empty host (https://url.spec.whatwg.org/#file-host-state);
    * a port of digits (not of a file URL, whose file host state reads ":" as part of the host)
      in range is kept as a number, and dropped when it is the scheme's default port
      (https://url.spec.whatwg.org/#port-state);
    * the path's "\\" becomes "/" (the path start and path states read a special URL's "\\" as
      "/", https://url.spec.whatwg.org/#path-state), an empty path "/" (the path [""]), and,
      but in a file URL or one without a host, a single-dot or double-dot segment is dropped
      (with the segment before it) as the path state drops it;
    * the query's and fragment's code points of the special-query and fragment percent-encode
      sets (``'``, ``"``, ``<``, ``>``, space; and `````) are percent-encoded
      (https://url.spec.whatwg.org/#query-state, https://url.spec.whatwg.org/#fragment-state).

    The rewritten input is the href only if tier 1 would take it, without its port, as its own
    href: the parser then reads the input as it reads the rewritten one, and returns that (with
    the port). The loop checks what tier 1 checks on the way (``scan_own_href`` checks a host
    beyond ASCII once rewritten): each code point of the host and path is one tier 1 admits
    there (its table, ``own_href._CLASSES``; the host's once lowercased), the host is not
    empty (but a file URL's) and its last label starts with no digit, or it is an IPv4 address
    as the IPv4 serializer writes it; no dot segment is left in the path; the query and
    fragment hold printable ASCII code points only, every one of which tier 1 admits once
    percent-encoded. Otherwise None. An input that needs no rewriting is its own href, which
    tier 1 would take: the answer is ``input`` itself when ``as_is`` is true (the caller has
    not asked tier 1), else None (the caller has, and tier 1 declined it).

    The loop also sees what :func:`urlspec.fast_path.goes_to_the_state_machine` looks for, and
    answers DECLINED for the shapes it looks for (a code point beyond ASCII, a tab or newline, a
    special URL's hexadecimal last label, a file URL's "/"-led dot segment ended by "/", "?",
    "#" or the end), so that such an input is scanned once. ``tests/test_rewritten_href.py``
    proves the answers equal to the state machine's and to the patterns' (DECLINED only where
    the first look says so).
    """
    if input == "" or ord(input[len(input) - 1]) <= 0x20:
        return None  # the parser strips a trailing C0 control or space
    # The loop reads the input's UTF-8 (a native read per byte in the compiled build, where
    # ord(input[i]) is a call per code point): the bytes of a code point beyond ASCII are all
    # beyond ASCII, and the loop treats every one beyond ASCII alike. The href's parts are
    # slices of ``text``, the bytes as Latin-1 code points (``input`` itself when ASCII): where
    # ``input`` is ASCII (everywhere but in a host beyond ASCII), the same code points.
    try:
        data = input.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (the parser's input never holds one)
        data = input.encode("utf-8", "surrogatepass")
    length: i64 = len(data)
    text = input if length == len(input) else data.decode("latin-1")
    classes = _CLASSES
    # The scheme: ASCII letters (as every special scheme is), then ":".
    uppercase = False  # in the scheme or host
    i: i64 = 0
    c: i64 = 0
    while i < length:
        c = data[i]
        if 0x41 <= c <= 0x5A:
            uppercase = True
        elif not 0x61 <= c <= 0x7A:
            break
        i += 1
    scheme_end = i
    if i == length or c != 0x3A:  # ":"
        return _declined_at(c) if i < length else None
    default_port = _default_port_of_special_scheme(data, scheme_end)
    if default_port == _NOT_SPECIAL:
        return None
    # The slashes before the host: the special authority slashes and special authority ignore
    # slashes states skip every "/" and "\\" (https://url.spec.whatwg.org/#special-authority-
    # ignore-slashes-state); the file and file slash states read two, each "/" or "\\"
    # (https://url.spec.whatwg.org/#file-slash-state). Two at least: then a base is never read
    # (the special relative or authority, relative and relative slash states go on to the
    # special authority ignore slashes state; the file state to the file slash state), and the
    # API URL parser gives the fast path an input with a scheme whatever the base.
    # ``as_written``: they are "//".
    host_start = scheme_end + 1
    if default_port == _FILE:
        if not (
            host_start + 1 < length
            and data[host_start] in (0x2F, 0x5C)
            and data[host_start + 1] in (0x2F, 0x5C)
        ):
            return None
        host_start += 2
    else:
        while host_start < length and data[host_start] in (0x2F, 0x5C):
            host_start += 1
        if host_start < scheme_end + 3:
            return None  # fewer than two: the parser reads a base of the same scheme
    as_written = (
        host_start == scheme_end + 3
        and data[scheme_end + 1] == 0x2F
        and data[scheme_end + 2] == 0x2F
    )
    # The host, and where its last label starts (and the one before, for a trailing "."). Every
    # code point of an ASCII host must be one tier 1 admits in a host's labels, once lowercased.
    i = host_start
    last_label = host_start
    label_before: i64 = host_start
    beyond_ascii = False  # in the host
    # A forbidden domain code point, or "%" (percent-decoded first), in the host: the patterns
    # decide, but in a host beyond ASCII, whose domain to ASCII decides (it fails on a forbidden
    # domain code point left once mapped; "<" and ">" before U+0338 compose to one beyond ASCII,
    # "≮" and "≯").
    not_in_label = False
    while i < length:
        c = data[i]
        if 0x61 <= c | 0x20 <= 0x7A:  # an ASCII letter (the commonest)
            if c < 0x61:
                uppercase = True
            i += 1
            continue
        if 0x30 <= c <= 0x39 or c == 0x2D:  # 0-9 "-"
            i += 1
            continue
        if c == 0x2F or c == 0x5C or c == 0x3F or c == 0x23 or c == 0x3A:  # / \ ? # :
            break
        if c == 0x2E:  # "."
            label_before = last_label
            last_label = i + 1
        elif c >= 0x80 and default_port != _FILE:
            beyond_ascii = True
        elif c <= 0x20 or c >= 0x7F or c == 0x40:  # a control, space, beyond ASCII; "@"
            return _declined_at(c)
        elif not classes[c] & _IN_LABEL:
            not_in_label = True
        i += 1
    host_end = i
    if not_in_label and not beyond_ascii:
        return None
    # A host beyond ASCII: its domain to ASCII (the host parser's answer for it,
    # https://url.spec.whatwg.org/#concept-host-parser, which idna.domain_to_ascii_or_none gives
    # when it gives anything); a failure goes to the state machine.
    ascii_host = ""
    if beyond_ascii:
        # (The code points of the host: every code point before it is ASCII, and so is every
        # one after it, or the loop declines the input below.)
        host = input[host_start : host_end - (length - len(input))]
        if "%" in host:
            return DECLINED  # the host parser percent-decodes it first
        # The domain parser (each label new to it converted in one scan, UTS #46's steps). A
        # lone surrogate, which the parser's input never holds (it is made a scalar value string
        # first), becomes U+FFFD in it as in the parser's input.
        to_ascii = _domain_to_ascii_or_none or _load_domain_to_ascii_or_none()
        ascii_domain = to_ascii(host)
        if ascii_domain is None:
            return DECLINED
        ascii_host = ascii_domain
    if last_label == host_end and host_end > host_start:
        # A trailing "." (the ends-in-a-number checker skips it). (Of a host beyond ASCII, the
        # labels as written, which its domain to ASCII may split at a mapped dot: a hexadecimal
        # one is a hexadecimal one there too; the checker runs on the ASCII domain below.)
        last_label = label_before
        label_end = host_end - 1
        if not beyond_ascii and not _is_hexadecimal_number(data, last_label, label_end):
            return None  # tier 1 admits no trailing "." (the patterns decide)
    else:
        label_end = host_end
    if _is_hexadecimal_number(data, last_label, label_end):
        # the host ends in a number: the IPv4 parser reads it
        return DECLINED if as_written else None
    if not beyond_ascii and host_end > host_start:
        # The last label as tier 1 wants it: starting with no digit, or the host is an IPv4
        # address as the IPv4 serializer writes it.
        first: i64 = data[last_label]
        if not (
            0x41 <= first <= 0x5A
            or classes[first] & _STARTS_LAST_LABEL_BIT
            or _is_serialized_ipv4(text, host_start, host_end)
        ):
            return None
    elif host_end == host_start and default_port != _FILE:
        return None  # host-missing: the parser fails
    # The port.
    port: i64 = -1
    if i < length and c == 0x3A:  # ":"
        if default_port == _FILE:
            return None  # the file host state reads ":" as part of the host
        i += 1
        port_start = i
        value: i64 = 0
        while i < length:
            c = data[i]
            if not 0x30 <= c <= 0x39:
                break
            value = value * 10 + (c - 0x30)
            if value > 0xFFFF:
                return None  # port-out-of-range: the parser fails
            i += 1
        if i < length and not (c == 0x2F or c == 0x5C or c == 0x3F or c == 0x23):
            return _declined_at(c)  # port-invalid, or credentials: the patterns decide
        if i > port_start and value != default_port:
            port = value
    # The path, up to "?" or "#": "\\" is "/"; a "/"-led dot segment ended by "/", "?", "#" or
    # the end is what goes_to_the_state_machine looks for.
    # A dot segment of a special URL other than file, with a host, is dropped as the path state
    # drops it, in this same pass (see below); a file URL's (where a Windows drive letter may
    # stop "..") is left to the state machine. Every other code point must be a path code
    # point tier 1 admits (or "%").
    #
    # Dropping dot segments (https://url.spec.whatwg.org/#path-state): each segment (the buffer,
    # ended by "/" or "\\", or by "?", "#" or the end) is read as the path state reads it: a
    # double-dot segment shortens the path (removes its last item, if any; a special URL other
    # than file has no Windows drive letter to keep) and appends "" when the path ends there; a
    # single-dot segment appends "" when the path ends there; any other segment is appended.
    # The path is serialized as it goes ("/" before each item,
    # https://url.spec.whatwg.org/#url-path-serializer): the segments appended since the last
    # dot segment are one run of ``input`` from ``run_start``; at a dot segment, the run goes to
    # the kept items: ``kept``, serialized, then ``text[kept_start:kept_end]`` (the last run
    # kept, still unsliced: a double-dot segment after it shortens it in place, and a run
    # emptied so, as in "/./a/../", is never sliced).
    path_start = i
    backslash = False
    # Whether an ASCII upper-case letter follows the host, and a "\\" the path: then lowercasing
    # or replacing "\\" in the whole input does not make the href (see below).
    uppercase_after_host = False
    backslash_after_path = False
    dot_segments = False
    resolves_dot_segments = default_port != _FILE
    segment_start = i
    kept = ""
    kept_start = kept_end = run_start = i
    ends_with_dot_segment = False
    while i <= length:
        c = 0x23 if i == length else data[i]  # (the end ends the path as "#" does)
        if 0x61 <= c <= 0x7A or 0x30 <= c <= 0x39:  # a-z 0-9 (the commonest)
            i += 1
            continue
        if c == 0x2F or c == 0x5C or c == 0x3F or c == 0x23:  # / \ ? #
            dots: i64 = 0
            if path_start < segment_start < i and data[segment_start] in (0x2E, 0x25):
                dots = _dots_of_dot_segment(data, segment_start, i)  # "." or "%" first
            if dots > 0:
                if resolves_dot_segments:
                    dot_segments = True
                    if run_start < segment_start - 1:  # the run goes to the kept items
                        if kept_start < kept_end:
                            kept += text[kept_start:kept_end]
                        kept_start = run_start
                        kept_end = segment_start - 1
                    if dots == 2:
                        # Shorten the path: its last item goes, from its "/" (or "\\", still
                        # "\\" here): every item of a run starts with one.
                        if kept_start < kept_end:
                            kept_end -= 1
                            while data[kept_end] != 0x2F and data[kept_end] != 0x5C:
                                kept_end -= 1
                        elif kept:
                            cut = kept.rfind("/")
                            if backslash:
                                cut = max(cut, kept.rfind("\\"))
                            kept = kept[:cut]
                    run_start = i
                    # the path ends with a dot segment: the item "" is appended
                    ends_with_dot_segment = c == 0x3F or c == 0x23
                elif as_written and c != 0x5C and data[segment_start - 1] == 0x2F:
                    return DECLINED
                else:
                    return None  # a file URL's dot segment: the state machine
            if c == 0x3F or c == 0x23:
                break
            backslash = backslash or c == 0x5C
            segment_start = i + 1
        elif 0x41 <= c <= 0x5A:
            uppercase_after_host = True
        elif c <= 0x20 or c >= 0x7F:
            return _declined_at(c)
        elif not classes[c] & _IN_PATH:
            return None  # kept by the path state, or percent-encoded: the patterns decide
        i += 1
    query_start = min(i, length)
    # The query, up to "#", and the fragment: every printable ASCII code point is one tier 1
    # admits once those of the percent-encode sets are percent-encoded.
    encode_query = False
    while i < length:
        c = data[i]
        if c == 0x23:  # "#"
            break
        if c == 0x27 or c == 0x22 or c == 0x3C or c == 0x3E or c == 0x20:  # ' " < > space
            encode_query = True
        elif c < 0x20 or c >= 0x7F:
            return _declined_at(c)
        elif 0x41 <= c <= 0x5A:
            uppercase_after_host = True
        elif c == 0x5C:
            backslash_after_path = True
        i += 1
    fragment_start = i
    encode_fragment = False
    while i < length:
        c = data[i]
        if c == 0x60 or c == 0x22 or c == 0x3C or c == 0x3E or c == 0x20:  # ` " < > space
            encode_fragment = True
        elif c < 0x20 or c >= 0x7F:
            return _declined_at(c)
        elif 0x41 <= c <= 0x5A:
            uppercase_after_host = True
        elif c == 0x5C:
            backslash_after_path = True
        i += 1
    # The href: the scheme and host lowercased (a host beyond ASCII: its domain to ASCII), the
    # port if any, then the rest; the input itself when none of these changes anything.
    rewritten = backslash or dot_segments or encode_query or encode_fragment
    file_localhost = (
        default_port == _FILE
        and host_end - host_start == 9
        and data[host_start:host_end].lower() == b"localhost"
    )
    if not (
        uppercase
        or beyond_ascii
        or rewritten
        or file_localhost
        or not as_written
        or path_start != host_end
        or path_start == query_start
    ):
        return input if as_is else None  # (as_is False: tier 1 has declined it)
    if (
        as_written
        and path_start == host_end
        and path_start < query_start
        and not (dot_segments or encode_query or encode_fragment or beyond_ascii or file_localhost)
        and not (uppercase and uppercase_after_host)
        and not (backslash and backslash_after_path)
    ):
        # The input, but "\\" for "/" and in lower case: "\\" is only in the path, upper case
        # only in the scheme and host (one new string or two, no slices).
        href = input.replace("\\", "/") if backslash else input
        return href.lower() if uppercase else href
    href_host_start = scheme_end + 3
    if beyond_ascii:
        before_path = text[:scheme_end].lower() + "://" + ascii_host
    else:
        if as_written:
            before_path = text[:host_end]
        else:
            before_path = text[:scheme_end] + "://" + text[host_start:host_end]
        if uppercase:
            before_path = before_path.lower()
    if file_localhost:
        before_path = before_path[:href_host_start]  # the file host state empties "localhost"
    if not (backslash or encode_query or encode_fragment or beyond_ascii) and (
        path_start < query_start
    ):
        # The path (but its dot segments), query and fragment as written: one slice of the
        # input (the dot segments' kept items before it).
        if not dot_segments:
            rest = text[path_start:]
        else:
            rest = "/" + text[query_start:] if ends_with_dot_segment else text[run_start:]
            if kept_start < kept_end:
                rest = text[kept_start:kept_end] + rest
            if kept:
                rest = kept + rest
        if port < 0:
            return before_path + rest
        return f"{before_path}:{port}{rest}"
    if backslash or dot_segments:
        if dot_segments:
            path = "/" if ends_with_dot_segment else text[run_start:query_start]
            if kept_start < kept_end:
                path = text[kept_start:kept_end] + path
            if kept:
                path = kept + path
        else:
            path = text[path_start:query_start]
        if backslash:
            path = path.replace("\\", "/")
    elif path_start == query_start:
        path = "/"  # an empty path: the path [""]
    else:
        path = text[path_start:query_start]
    if encode_query or encode_fragment:
        query = text[query_start:fragment_start]
        if encode_query:
            query = _SPECIAL_QUERY_PERCENT_ENCODE_SET.sub(_percent_encoded_byte, query)
        fragment = text[fragment_start:]
        if encode_fragment:
            fragment = _FRAGMENT_PERCENT_ENCODE_SET.sub(_percent_encoded_byte, fragment)
        after_path = query + fragment
    else:
        after_path = text[query_start:]
    if beyond_ascii:
        # The host is the domain to ASCII unless that ends in a number (then the IPv4 parser
        # reads it), which the ends-in-a-number checker decides on the ASCII domain, skipping one
        # trailing empty label (https://url.spec.whatwg.org/#ends-in-a-number-checker): a mapped
        # dot (such as U+3002) or full-width digits show only there. Tier 1 checks the ASCII
        # domain but a trailing "." (which it admits in no host): its last label before that "."
        # must start with no ASCII digit (a number, or an IPv4 address whose serialization has no
        # trailing "."; starting with a digit is only ever declined).
        before_checked_path = before_path
        if ascii_host[len(ascii_host) - 1] == ".":
            last = ascii_host.rfind(".", 0, len(ascii_host) - 1) + 1
            if last == len(ascii_host) - 1 or 0x30 <= ord(ascii_host[last]) <= 0x39:
                return None  # an empty label, or a last label that may be a number
            before_checked_path = before_path[: len(before_path) - 1]
        if scan_own_href(f"{before_checked_path}{path}{after_path}") == NOT_OWN_HREF:
            return None  # (a domain to ASCII that tier 1 does not admit, such as an IPv4 address)
    if port < 0:
        return f"{before_path}{path}{after_path}"
    return f"{before_path}:{port}{path}{after_path}"


# idna.domain_to_ascii_or_none, imported on the first host beyond ASCII (a common URL needs no
# IDNA: tests/test_import_cost.py).
_domain_to_ascii_or_none: Callable[[str], str | None] | None = None


def _load_domain_to_ascii_or_none() -> Callable[[str], str | None]:
    global _domain_to_ascii_or_none
    from urlspec.idna import domain_to_ascii_or_none

    _domain_to_ascii_or_none = domain_to_ascii_or_none
    return domain_to_ascii_or_none


# What _default_port_of_special_scheme says of a scheme that is not special, and of file.
_NOT_SPECIAL: Final = -2
_FILE: Final = -1


def _default_port_of_special_scheme(data: bytes, end: i64) -> i64:
    """The default port of the scheme ``data[:end]`` (UTF-8), ASCII letters in any
    case, if it is a special scheme (https://url.spec.whatwg.org/#special-scheme; file: _FILE),
    or _NOT_SPECIAL; compared code point by code point, ASCII case-insensitively (no slice, no
    lowercasing)."""
    if end < 2 or end > 5:
        return _NOT_SPECIAL
    c0: i64 = data[0] | 0x20
    c1: i64 = data[1] | 0x20
    if end == 2:
        return 80 if c0 == 0x77 and c1 == 0x73 else _NOT_SPECIAL  # "ws"
    c2: i64 = data[2] | 0x20
    if end == 3:
        if c0 == 0x77 and c1 == 0x73 and c2 == 0x73:  # "wss"
            return 443
        return 21 if c0 == 0x66 and c1 == 0x74 and c2 == 0x70 else _NOT_SPECIAL  # "ftp"
    c3: i64 = data[3] | 0x20
    if c0 == 0x68 and c1 == 0x74 and c2 == 0x74 and c3 == 0x70:  # "http"
        if end == 4:
            return 80
        return 443 if data[4] | 0x20 == 0x73 else _NOT_SPECIAL  # "https"
    if end == 4 and c0 == 0x66 and c1 == 0x69 and c2 == 0x6C and c3 == 0x65:  # "file"
        return _FILE
    return _NOT_SPECIAL


def _declined_at(code_point: i64) -> str | None:
    """DECLINED for a code point that no tier admits anywhere in an input (beyond ASCII, a tab
    or newline: see goes_to_the_state_machine), None for any other."""
    if code_point >= 0x80 or code_point == 0x09 or code_point == 0x0A or code_point == 0x0D:
        return DECLINED
    return None


def _is_hexadecimal_number(data: bytes, start: i64, end: i64) -> bool:
    """Whether ``data[start:end]`` is "0x" or "0X" and ASCII hex digits (IPv4 number syntax)."""
    if end - start < 2 or data[start] != 0x30 or data[start + 1] | 0x20 != 0x78:
        return False
    i = start + 2
    while i < end:
        c: i64 = data[i] | 0x20
        if not (0x30 <= c <= 0x39 or 0x61 <= c <= 0x66):
            return False
        i += 1
    return True


def _dots_of_dot_segment(data: bytes, start: i64, end: i64) -> i64:
    """1 when ``data[start:end]`` is a single-dot path segment, 2 when it is a double-dot one
    (https://url.spec.whatwg.org/#single-dot-path-segment), else 0: one or two of "." and
    "%2e", ASCII case-insensitively (url_record's is_single_dot_path_segment and
    is_double_dot_path_segment, read in place)."""
    dots: i64 = 0
    i = start
    while i < end:
        if data[i] == 0x2E:  # "."
            i += 1
        elif (
            i + 3 <= end
            and data[i] == 0x25  # "%"
            and data[i + 1] == 0x32  # "2"
            and data[i + 2] | 0x20 == 0x65  # "e" or "E"
        ):
            i += 3
        else:
            return 0
        dots += 1
        if dots > 2:
            return 0
    return dots
