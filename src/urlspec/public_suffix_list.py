"""Public suffixes and registrable domains: the Public Suffix List and the URL Standard's use of it.

Implements the URL Standard's "public suffix" and "registrable domain" of a host
(https://url.spec.whatwg.org/#host-public-suffix, §3.2 Host miscellaneous) over the Public Suffix
List's formal algorithm (https://github.com/publicsuffix/list/wiki/Format#formal-algorithm):

1. match the domain against every rule (a rule matches when, from the right, each of its labels
   equals the domain's label or is "*");
2. no rule matches: the prevailing rule is "*" (the implicit rule);
3. an exception rule ("!") that matches prevails;
4. else the matching rule with the most labels prevails;
5. an exception rule loses its leftmost label;
6. the public suffix is the domain's labels the prevailing rule matches;
7. the registrable domain is the public suffix and one more label.

Rules are compared in A-labels, as a URL's host is serialized: each rule goes through the domain
parser when the list is read. A trailing dot is kept, as the URL Standard's steps say ("com." is
the public suffix of "example.com."). A domain with an empty label, but for a trailing dot
(".example.com", "a..com", "example.com.."), has neither a public suffix nor a registrable domain,
as the list's own tests say of the registrable domain.

The list is the ``publicsuffixlist`` package's copy of it (its data file only; that package
republishes the list as it changes), read and built into a matcher on first use: ``import
urlspec`` does not load it. :meth:`PublicSuffixList.from_file` reads a copy of one's own.
"""

from __future__ import annotations

import os
import re
from typing import Final

from mypy_extensions import i64

from urlspec.host import HostKind, parse_host_string
from urlspec.own_href import COMPILED

__all__ = [
    "PSL_FILE_VARIABLE",
    "PublicSuffixList",
    "default_list",
    "public_suffix",
    "registrable_domain",
    "user_list_path",
]

# The flags of a node: a suffix of the domain that a rule names, or a rule is below.
_ICANN_RULE: Final = 1  # a rule of the ICANN section names this suffix
_PRIVATE_RULE: Final = 2  # ... of the PRIVATE section
_ICANN_WILDCARD: Final = 4  # "*." followed by this suffix is a rule of the ICANN section
_PRIVATE_WILDCARD: Final = 8
_ICANN_EXCEPTION: Final = 16  # "!" followed by this suffix is a rule of the ICANN section
_PRIVATE_EXCEPTION: Final = 32
_HAS_LONGER_RULES: Final = 64  # some rule has more labels than this suffix and ends with it

# (rule, wildcard, exception) masks without and with the PRIVATE section.
_ICANN_MASKS: Final = (_ICANN_RULE, _ICANN_WILDCARD, _ICANN_EXCEPTION)
_ALL_MASKS: Final = (
    _ICANN_RULE | _PRIVATE_RULE,
    _ICANN_WILDCARD | _PRIVATE_WILDCARD,
    _ICANN_EXCEPTION | _PRIVATE_EXCEPTION,
)

_SECTION_RE: Final = re.compile(r"// ===(BEGIN|END) (ICANN|PRIVATE) DOMAINS===")
_VERSION_RE: Final = re.compile(r"// VERSION: (\S+)")


class PublicSuffixList:
    """A Public Suffix List, read into a matcher: a dict from each suffix that a rule names (in
    A-labels, without "*." or "!") to the flags of :data:`_ICANN_RULE` and the rest."""

    def __init__(self, nodes: dict[str, int], version: str | None, source: str) -> None:
        self._nodes = nodes
        #: The list's version (its "// VERSION:" line), or None when it has none.
        self.version = version
        #: Where the list comes from (a path or a package's name and version).
        self.source = source

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> PublicSuffixList:
        """Read a list in the format of public_suffix_list.dat (UTF-8, a BOM allowed). Raises
        OSError when the file cannot be read, ValueError when a rule is not a domain."""
        with open(path, encoding="utf-8-sig") as file:
            text = file.read()
        return cls.from_text(text, source=os.fspath(path))

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> PublicSuffixList:
        """Read a list from its text (https://github.com/publicsuffix/list/wiki/Format).

        Rules outside the ICANN and PRIVATE sections count as ICANN rules. Raises ValueError
        naming the line of a rule that is not a domain.
        """
        nodes: dict[str, int] = {}
        version: str | None = None
        private = False
        for line_number, raw_line in enumerate(text.splitlines(), 1):
            # Each line is read up to the first whitespace (the format's rule).
            line = raw_line.split(None, 1)[0] if raw_line.strip() else ""
            if line.startswith("//"):
                section = _SECTION_RE.match(raw_line.strip())
                if section is not None:
                    private = section.group(1) == "BEGIN" and section.group(2) == "PRIVATE"
                found = _VERSION_RE.match(raw_line.strip())
                if found is not None and version is None:
                    version = found.group(1)
                continue
            if not line:
                continue
            _add_rule(nodes, line, private, line_number)
        return cls(nodes, version, source)

    def public_suffix(self, host: str, *, include_private: bool = True) -> str | None:
        """The public suffix of ``host`` (https://url.spec.whatwg.org/#host-public-suffix): None
        for an IP address or the empty host. See :func:`registrable_domain` for ``host``."""
        domain = _domain(host)
        if domain is None:
            return None
        return self.public_suffix_of_domain(domain, include_private=include_private)

    def registrable_domain(self, host: str, *, include_private: bool = True) -> str | None:
        """The registrable domain of ``host`` (https://url.spec.whatwg.org/#host-registrable-domain).

        ``host`` is any string a special URL's host may be written as (IDN in Unicode or in
        A-labels, any case, IPv4 in any spelling, IPv6 with or without brackets); the answer is
        in A-labels, as the URL's host is serialized. None for an IP address, the empty host, a
        host that is its own public suffix, or a domain with an empty label. Raises
        :class:`~urlspec.host.InvalidHost` for a string the host parser rejects.
        """
        domain = _domain(host)
        if domain is None:
            return None
        return self.registrable_domain_of_domain(domain, include_private=include_private)

    def public_suffix_of_domain(self, domain: str, *, include_private: bool = True) -> str | None:
        """The public suffix of a domain already serialized (as ``URL.hostname`` gives it)."""
        # One rule for empty labels (for this and the registrable domain): a domain with an
        # empty label but for one trailing dot (".example.com", "a..com", "example.com..") is no
        # host name the list's algorithm is defined on ("canonicalized in the normal way for
        # hostnames", https://github.com/publicsuffix/list/wiki/Format#formal-algorithm; the
        # list's tests/test_psl.txt: ".example.com" has none): it has none.
        if domain.startswith(".") or ".." in domain:
            return None
        trailing_dot = 1 if domain.endswith(".") else 0
        start = self._public_suffix_start(domain, len(domain) - trailing_dot, include_private)
        return None if start < 0 else domain[start:]

    def registrable_domain_of_domain(
        self, domain: str, *, include_private: bool = True
    ) -> str | None:
        """The registrable domain of a domain already serialized (as ``URL.hostname`` gives it)."""
        trailing_dot = 1 if domain.endswith(".") else 0
        start = self._public_suffix_start(domain, len(domain) - trailing_dot, include_private)
        # 1. The public suffix is null or the whole host: null.
        if start <= 0:
            return None
        # A domain with an empty label (but for a trailing dot) has none, as the list's own
        # tests say (".example.com" has none).
        if domain.startswith(".") or ".." in domain:
            return None
        # The public suffix and the domain label preceding it.
        return domain[domain.rfind(".", 0, start - 1) + 1 :]

    def _public_suffix_start(self, domain: str, end: int, include_private: bool) -> int:
        """Where the public suffix of ``domain[:end]`` (a domain without its trailing dot)
        starts in ``domain``, or -1 when it has none (its last label is empty).

        Walks the domain's suffixes from its last label leftwards, as long as some rule is
        longer than the suffix reached: each suffix is matched against the rules that name it,
        wildcard rules naming its parent, and exception rules (steps 1-6 of the algorithm).
        """
        rule_mask, wildcard_mask, exception_mask = _ALL_MASKS if include_private else _ICANN_MASKS
        nodes = self._nodes
        # 2. The implicit "*" rule: the last label, if it is not empty.
        dot = domain.rfind(".", 0, end)
        if dot == end - 1:
            return -1
        start = dot + 1
        public_suffix_start = start
        parent_has_wildcard = False
        while True:
            flags = nodes.get(domain[start:end], 0)
            # 3. and 5. An exception rule prevails, less its leftmost label.
            if flags & exception_mask:
                return domain.find(".", start, end) + 1
            # 4. The longest matching rule (this suffix, or a wildcard on its parent).
            if flags & rule_mask or parent_has_wildcard:
                public_suffix_start = start
            if dot < 0 or not flags & (_HAS_LONGER_RULES | wildcard_mask):
                return public_suffix_start
            parent_has_wildcard = bool(flags & wildcard_mask)
            dot = domain.rfind(".", 0, dot)
            start = dot + 1


def _add_rule(nodes: dict[str, int], rule: str, private: bool, line_number: int) -> None:
    """Add one rule of the list to the matcher's nodes."""
    if rule.startswith("!"):
        kind = _PRIVATE_EXCEPTION if private else _ICANN_EXCEPTION
        name = rule[1:]
    elif rule.startswith("*."):
        kind = _PRIVATE_WILDCARD if private else _ICANN_WILDCARD
        name = rule[2:]
    else:
        kind = _PRIVATE_RULE if private else _ICANN_RULE
        name = rule
    if not name or "*" in name or "!" in name:
        raise ValueError(f"line {line_number}: unsupported rule {rule!r}")
    if not name.isascii() or any(c.isupper() for c in name):
        from urlspec.idna import InvalidDomain, domain_to_ascii

        try:
            name = domain_to_ascii(name)
        except InvalidDomain as error:
            raise ValueError(f"line {line_number}: rule {rule!r} is not a domain") from error
    nodes[name] = nodes.get(name, 0) | kind
    # Every shorter suffix has a longer rule below it.
    dot = name.find(".")
    while dot >= 0:
        suffix = name[dot + 1 :]
        nodes[suffix] = nodes.get(suffix, 0) | _HAS_LONGER_RULES
        dot = name.find(".", dot + 1)


# A host string that the host parser leaves as it is, a domain (see _is_plain_domain), as a regex:
# the pure build's test (one call into re's C loop beats a Python loop over the code points).
# Possessive quantifiers: it never backtracks, so it runs in linear time.
_PLAIN_DOMAIN_RE: Final = re.compile(r"(?:[a-z0-9_-]*+\.(?!\Z))*+[a-z][a-z0-9_-]*+\.?")


def _is_plain_domain(host: str) -> bool:
    """Whether the host parser would give ``host`` back as the domain it is (a shortcut).

    Such a host is lowercase ASCII labels of letters, digits, "-" and "_" (so that neither the
    domain to ASCII step nor lowercasing changes it), with a last label, before an optional
    trailing dot, that starts with a letter (so that it does not end in a number: it is no IPv4
    address), and no "xn--" (whose labels the domain parser checks). The compiled build tests
    it with a loop over the code points, the pure build with a regex;
    tests/test_public_suffix_list.py proves the two equal, and equal to the host parser.
    """
    if COMPILED:
        return is_plain_domain_by_code_points(host)
    return _PLAIN_DOMAIN_RE.fullmatch(host) is not None and "xn--" not in host


def is_plain_domain_by_code_points(host: str) -> bool:
    """:func:`_is_plain_domain` as one loop over the code points (the compiled build's)."""
    # (i64: machine integers in the compiled build, ~40% fewer instructions than Python ints)
    end: i64 = len(host)
    if end and host[end - 1] == ".":
        end -= 1  # the trailing dot
    last_label: i64 = 0
    index: i64 = 0
    while index < end:
        code_point = ord(host[index])
        if code_point == 0x2E:  # "."
            last_label = index + 1
        elif not (
            0x61 <= code_point <= 0x7A  # a-z
            or 0x30 <= code_point <= 0x39  # 0-9
            or code_point == 0x2D  # "-"
            or code_point == 0x5F  # "_"
        ):
            return False
        index += 1
    return last_label < end and 0x61 <= ord(host[last_label]) <= 0x7A and "xn--" not in host


def _domain(host: str) -> str | None:
    """The serialized domain a host string stands for, or None when it is not a domain."""
    if isinstance(host, str) and _is_plain_domain(host):
        return host
    parsed = parse_host_string(host)
    if parsed.kind is not HostKind.DOMAIN:
        return None
    assert isinstance(parsed.value, str)
    return parsed.value


_default_list: PublicSuffixList | None = None


def default_list() -> PublicSuffixList:
    """The list this library uses unless told otherwise, read on first use (and kept: it is
    built once): the file ``URLSPEC_PSL_FILE`` names, else the one ``urlspec psl update``
    stored (:func:`user_list_path`) if there is one, else the ``publicsuffixlist`` package's
    copy of public_suffix_list.dat."""
    global _default_list
    if _default_list is None:
        _default_list = _read_default_list()
    return _default_list


#: The environment variable naming the list file :func:`default_list` reads.
PSL_FILE_VARIABLE: Final = "URLSPEC_PSL_FILE"


def user_list_path() -> str:
    """Where ``urlspec psl update`` stores a list and :func:`default_list` looks for one: the
    file named by ``URLSPEC_PSL_FILE`` if set, else
    ``$XDG_DATA_HOME/urlspec/public_suffix_list.dat`` (``~/.local/share/urlspec/...`` when
    ``XDG_DATA_HOME`` is not set)."""
    named = os.environ.get(PSL_FILE_VARIABLE)
    if named:
        return named
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return os.path.join(data_home, "urlspec", "public_suffix_list.dat")


def _read_default_list() -> PublicSuffixList:
    """The list of :func:`user_list_path` (which must exist when ``URLSPEC_PSL_FILE`` names
    it), else the ``publicsuffixlist`` package's copy."""
    path = user_list_path()
    if os.environ.get(PSL_FILE_VARIABLE) or os.path.isfile(path):
        return PublicSuffixList.from_file(path)
    from importlib import metadata, resources

    text = resources.files("publicsuffixlist").joinpath("public_suffix_list.dat").read_text("utf-8")
    return PublicSuffixList.from_text(
        text, source=f"publicsuffixlist {metadata.version('publicsuffixlist')}"
    )


def public_suffix(host: str, *, include_private: bool = True) -> str | None:
    """The public suffix of ``host`` by the default list (see :func:`registrable_domain`)."""
    return default_list().public_suffix(host, include_private=include_private)


def registrable_domain(host: str, *, include_private: bool = True) -> str | None:
    """The registrable domain of ``host`` by the default list.

    ``host`` is any string a special URL's host may be written as (IDN in Unicode or in
    A-labels, any case, IPv4/IPv6 literals); the answer is in A-labels (``domain_to_unicode``
    turns it back for display). ``include_private=False`` ignores the list's PRIVATE section
    (e.g. "github.io"). Raises :class:`~urlspec.host.InvalidHost` for a string that is no host.
    """
    return default_list().registrable_domain(host, include_private=include_private)
