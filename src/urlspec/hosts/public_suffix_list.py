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

Two matchers run the same steps over the same rules (tests/test_public_suffix_list.py proves them
equal, and equal to the formal algorithm run rule by rule): the pure build looks each suffix of the
domain up in a dict of suffix strings; the compiled build walks the domain's code points once, from
the right, checking them (see :func:`_is_plain_domain`) and hashing each suffix as it grows, and
looks the hashes up in an open-addressing table (no new string is made or hashed per suffix). A
domain already serialized (``URL.hostname``) takes a shorter walk of its own,
:meth:`PublicSuffixList.registrable_domain_start`, with no check and an integer for its answer
(tests/test_public_suffix_list_walk.py proves it equal to the other two).

The list is the ``publicsuffixlist`` package's copy of it (its data file only; that package
republishes the list as it changes), read and built into a matcher on first use: ``import
urlspec`` does not load it. :meth:`PublicSuffixList.from_file` reads a copy of one's own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Final

from mypy_extensions import i64

from urlspec.host import HostKind, InvalidHost, parse_host_string
from urlspec.own_href import COMPILED
from urlspec.validation import quote

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

# The compiled build's table of suffixes (see PublicSuffixList._split_points). The hash of a
# suffix is a polynomial over its code points read from the right: h = (h * M + c) mod 2**40,
# which never overflows a 64-bit integer (h < 2**40, M < 2**20, c < 2**21). A slot holds the
# node (0: empty) and its flags; a hit is checked against the node's name, so two suffixes with
# the same hash are told apart: a short name (at most _SHORT_LENGTH ASCII code points) by its
# key (suffix_key: its length and its code points packed seven bits each, read from the right as
# the hash is, k = k * 128 + c: equal keys are equal names), a longer one code point by code
# point.
_HASH_MULTIPLIER: Final = 1_000_003
_HASH_MASK: Final = (1 << 40) - 1
_SHORT_LENGTH: Final = 8
_KEY_BITS: Final = 7 * _SHORT_LENGTH
# What the walk keeps of a key before the next code point (its last seven: the key stays below
# 2**63 whatever the code point).
_KEY_KEPT: Final = (1 << (_KEY_BITS - 7)) - 1
_FLAG_BITS: Final = 8  # _find_node answers node << _FLAG_BITS | flags
_FLAGS_MASK: Final = (1 << _FLAG_BITS) - 1
# The table is one string, _SLOT_WIDTH code points a slot (a probe reads one stretch of memory,
# no object per slot): the node (0: an empty slot), its flags, and the key of its name in four
# code points of _KEY_CHUNK_BITS bits each, the lowest first (a key is below 2**60: _KEY_BITS
# bits and a length of at most 8, so that its last chunk is below 0x4800); when the name is not
# short, the top bits of its hash (_HASH_CHECK_SHIFT: a probe that meets a longer name compares
# the names only when these are equal) and _KEY_CHUNK_MASK three times (no key's last chunk).
# Every code point is below 2**16, so that the string takes two bytes a code point.
_SLOT_WIDTH: Final = 6
_KEY_CHUNK_BITS: Final = 15
_KEY_CHUNK_MASK: Final = (1 << _KEY_CHUNK_BITS) - 1
_HASH_CHECK_SHIFT: Final = 40 - _KEY_CHUNK_BITS
_LONGER_NAME: Final = ((1 << (3 * _KEY_CHUNK_BITS)) - 1) << _KEY_CHUNK_BITS  # its last chunks

#: What PublicSuffixList._split_points answers instead of a position.
NOT_PLAIN: Final = -2  # the host is not a plain domain (the host parser must read it)
NO_SUFFIX: Final = -1  # a domain with an empty label: no public suffix

_SECTION_RE: Final = re.compile(r"// ===(BEGIN|END) (ICANN|PRIVATE) DOMAINS===")
_VERSION_RE: Final = re.compile(r"// VERSION: (\S+)")


class PublicSuffixList:
    """A Public Suffix List, read into a matcher: a dict from each suffix that a rule names (in
    A-labels, without "*." or "!") to the flags of :data:`_ICANN_RULE` and the rest."""

    def __init__(self, nodes: dict[str, int], version: str | None, source: str) -> None:
        self._nodes = nodes
        # The same nodes as a hash table (the compiled build's): node i (from 1; 0 is no node)
        # is named _names[i]; a suffix's hash (its bits folded, masked by _slot_mask) is the
        # first slot of a linear probe in _table (see _SLOT_WIDTH), a third of whose slots at
        # most are taken.
        self._names: list[str] = [""]
        size = 16
        while size < 3 * len(nodes):
            size *= 2
        table = [0] * (_SLOT_WIDTH * size)
        for name, flags in nodes.items():
            slot = _first_slot(suffix_hash(name), size - 1)
            while table[_SLOT_WIDTH * slot]:
                slot = (slot + 1) & (size - 1)
            if len(name) <= _SHORT_LENGTH and name.isascii():
                key = suffix_key(name)
            else:
                key = _LONGER_NAME | suffix_hash(name) >> _HASH_CHECK_SHIFT
            at = _SLOT_WIDTH * slot
            table[at] = len(self._names)
            table[at + 1] = flags
            for chunk in range(4):
                table[at + 2 + chunk] = key >> (chunk * _KEY_CHUNK_BITS) & _KEY_CHUNK_MASK
            self._names.append(name)
        self._table = "".join(map(chr, table))
        self._slot_mask: i64 = size - 1
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

    def with_rules(self, rules: Iterable[str]) -> PublicSuffixList:
        """This list with more rules, each written as in the list's file (``example.test``,
        ``*.dev.test``, ``!www.dev.test``; Unicode or A-labels) and counted in its ICANN section
        (they apply whatever ``include_private`` says), as tldextract's ``extra_suffixes`` are.
        ValueError for a rule that is no domain."""
        nodes = dict(self._nodes)
        for rule in rules:
            if not isinstance(rule, str):
                raise TypeError(f"a rule must be a str, not {type(rule).__name__}")
            prefix = "!" if rule.startswith("!") else "*." if rule.startswith("*.") else ""
            try:
                name = _domain(rule[len(prefix) :])
            except InvalidHost:
                name = None
            if name is None or name.endswith(".") or "*" in name or "!" in name:
                raise ValueError(f"the rule {quote(rule)} is not a domain")
            _add_rule(nodes, prefix + name, False, 0)
        return PublicSuffixList(nodes, self.version, f"{self.source} and more rules")

    def names_rule(self, suffix: str, include_private: bool) -> bool:
        """Whether a rule of the list names ``suffix`` (a serialized domain, no trailing dot),
        or a wildcard rule names its children: false for a suffix the list's implicit "*" rule
        alone makes one (an unlisted last label such as ``localhost``)."""
        rule_mask, wildcard_mask, _ = _ALL_MASKS if include_private else _ICANN_MASKS
        return self._nodes.get(suffix, 0) & (rule_mask | wildcard_mask) != 0

    def public_suffix(self, host: str, *, include_private: bool = True) -> str | None:
        """The public suffix of ``host`` (https://url.spec.whatwg.org/#host-public-suffix): None
        for an IP address or the empty host. See :func:`registrable_domain` for ``host``."""
        if COMPILED:
            plain, answer = self._answer_of_plain_domain(host, include_private, False)
            if plain:
                return answer
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
        if COMPILED:
            plain, answer = self._answer_of_plain_domain(host, include_private, True)
            if plain:
                return answer
        domain = _domain(host)
        if domain is None:
            return None
        return self.registrable_domain_of_domain(domain, include_private=include_private)

    def _answer_of_plain_domain(
        self, host: str, include_private: bool, registrable: bool
    ) -> tuple[bool, str | None]:
        """Whether ``host`` is a plain domain (in any case; see :meth:`_split_points`), and if
        so its registrable domain (``registrable``) or public suffix, in lowercase."""
        # (The points by index: unpacking into "_" would make an object of each.)
        points = self._split_points(host, 0, len(host), True, include_private)
        suffix_start, domain_start, has_upper = points[0], points[1], points[2]
        if suffix_start == NOT_PLAIN:
            return False, None
        start = domain_start if registrable else suffix_start
        if start < 0:
            return True, None
        return True, host[start:].lower() if has_upper else host[start:]

    def public_suffix_of_domain(self, domain: str, *, include_private: bool = True) -> str | None:
        """The public suffix of a domain already serialized (as ``URL.hostname`` gives it)."""
        if COMPILED:
            points = self._split_points(domain, 0, len(domain), False, include_private)
            suffix_start, node = points[0], points[3]
            if suffix_start < 0:
                return None
            return self._names[node] if node else domain[suffix_start:]
        return self.public_suffix_by_slices(domain, include_private)

    def public_suffix_by_slices(self, domain: str, include_private: bool) -> str | None:
        """:meth:`public_suffix_of_domain` by the dict of suffix strings (the pure build's)."""
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
        if COMPILED:
            start = self.registrable_domain_start(domain, 0, len(domain), include_private)
            return None if start < 0 else domain[start:]
        return self.registrable_domain_by_slices(domain, include_private)

    def registrable_domain_start_in(self, text: str, begin: i64, end: i64) -> i64:
        """Where the registrable domain (private rules included) of the domain already
        serialized ``text[begin:end]`` starts in ``text``, or -1 when it has none (the domain
        read where it lies: no string made of it in the compiled build)."""
        if COMPILED:
            return self.registrable_domain_start(text, begin, end, True)
        domain = self.registrable_domain_by_slices(text[begin:end], True)
        return -1 if domain is None else end - len(domain)

    def registrable_domain_by_slices(self, domain: str, include_private: bool) -> str | None:
        """:meth:`registrable_domain_of_domain` by the dict of suffix strings (the pure
        build's)."""
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

    def registrable_domain_start(
        self, text: str, begin: i64, stop: i64, include_private: bool
    ) -> i64:
        """Where the registrable domain of the domain already serialized ``text[begin:stop]``
        starts in ``text``, or -1 when it has none: the compiled build's walk for a serialized
        domain, read where it lies (nothing sliced or made), callable in both builds.

        The steps are those of :meth:`_split_points` without its check (and of
        :meth:`_public_suffix_start`): each suffix, from the last label leftwards, is looked up
        in the table of nodes by its hash and key, grown code point by code point, as long as
        some rule is longer than the suffix reached; the walk stops at the first suffix no rule
        names or is below. The labels left of the registrable domain are then only checked
        for an empty label.
        """
        rule_mask, wildcard_mask, exception_mask, longer_mask = _walk_masks(include_private)
        end: i64 = stop
        if end > begin and ord(text[end - 1]) == 0x2E:
            end -= 1  # the trailing dot
        suffix_hash: i64 = 0
        key: i64 = 0
        code_points: i64 = 0  # every code point read, or-ed: a key is exact below 0x80
        label_end: i64 = end
        index: i64 = end - 1
        domain_start: i64 = -1
        want_domain = False  # the registrable domain starts at the next label
        parent_has_wildcard = False
        while True:
            # One label, from the right, into the suffix's hash and key.
            while index >= begin:
                code_point: i64 = ord(text[index])
                if code_point == 0x2E:
                    break
                code_points |= code_point
                suffix_hash = (suffix_hash * _HASH_MULTIPLIER + code_point) & _HASH_MASK
                key = (key & _KEY_KEPT) * 128 + code_point
                index -= 1
            start: i64 = index + 1
            if start == label_end:
                return -1  # an empty label
            if want_domain:
                domain_start = start
                want_domain = False
            flags: i64 = (
                self._find_node(suffix_hash, key, text, start, end, False, code_points < 0x80)
                & _FLAGS_MASK
            )
            # 3. and 5. An exception rule prevails, less its leftmost label.
            if flags & exception_mask:
                if label_end == end:
                    return -1  # (an exception rule of one label leaves the whole host)
                domain_start = start
                break
            # 2. and 4. The implicit "*" rule for the last label; the longest matching rule
            # (this suffix, or a wildcard on its parent).
            if flags & rule_mask or parent_has_wildcard or label_end == end:
                domain_start = -1
                want_domain = True
            if index < begin or flags & longer_mask == 0:
                break
            parent_has_wildcard = flags & wildcard_mask != 0
            # The dot joins the suffix.
            suffix_hash = (suffix_hash * _HASH_MULTIPLIER + 0x2E) & _HASH_MASK
            key = (key & _KEY_KEPT) * 128 + 0x2E
            label_end = index
            index -= 1
        if want_domain:
            # The public suffix is the suffix matched last: the registrable domain adds the
            # label left of it (none: the host is its own public suffix).
            if index < begin:
                return -1
            dot: i64 = text.rfind(".", begin, index)
            domain_start = dot + 1 if dot >= 0 else begin
            if domain_start == index:
                return -1  # an empty label
        # A domain with an empty label has none.
        if domain_start > begin and _has_empty_label(text, begin, domain_start - 1):
            return -1
        return domain_start

    def _split_points(
        self, text: str, begin: i64, stop: i64, check: bool, include_private: bool
    ) -> tuple[i64, i64, bool, i64]:
        """Where the public suffix and the registrable domain of the host ``text[begin:stop]``
        start in ``text``, by one walk over its code points from the right (the compiled
        build's matcher): (suffix start, registrable domain start or -1 when the public suffix
        is the whole host, whether the host has uppercase letters, the node named by the public
        suffix or 0). The suffix start is :data:`NO_SUFFIX` for a domain with an empty label
        (but for a trailing dot). The node (``_names[node]`` is the public suffix, lowercased)
        is 0 when no rule names the suffix, or the host has a trailing dot.

        With ``check``, the host is any string: the walk checks on the way that it is a plain
        domain (:func:`_is_plain_domain`, but uppercase ASCII letters are allowed: the host
        parser lowercases them, and so does this walk), else answers :data:`NOT_PLAIN` (the
        host parser must read it). Without, it is a serialized domain, compared as it is.

        The steps are those of :meth:`_public_suffix_start`: each suffix, from the last label
        leftwards, as long as some rule is longer than the suffix reached, is matched against
        the rules that name it, wildcard rules naming its parent and exception rules; its hash
        and its key grow with each code point, and are looked up in the table of nodes.
        """
        rule_mask, wildcard_mask, exception_mask, longer_mask = _walk_masks(include_private)
        # A short suffix is found by its key: one of ASCII code points (always, but for a
        # serialized domain given as garbage: the walk notes its first non-ASCII code point,
        # after which every longer suffix has one).
        keyed = True
        end: i64 = stop
        if end > begin and ord(text[end - 1]) == 0x2E:
            end -= 1  # the trailing dot
        suffix_start: i64 = NO_SUFFIX
        suffix_node: i64 = 0
        domain_start: i64 = -1
        previous_start: i64 = begin  # the start of the label to the right of this one
        previous_node: i64 = 0  # the node named by the suffix from previous_start
        label_end: i64 = end
        suffix_hash: i64 = 0
        key: i64 = 0
        walking = True  # some rule may still match a longer suffix
        want_domain = False  # the registrable domain starts at the next label boundary
        parent_has_wildcard = False
        empty_label = False
        has_upper = False
        index: i64 = end - 1
        while True:
            # The start of the host ends its first label as a dot would.
            code_point: i64 = ord(text[index]) if index >= begin else 0x2E
            if code_point == 0x2E:
                start: i64 = index + 1
                if start == label_end:  # an empty label
                    if not check:
                        return NO_SUFFIX, -1, False, 0
                    if label_end == end:
                        return NOT_PLAIN, -1, False, 0  # no last label: not a domain
                    empty_label = True
                    walking = want_domain = False
                else:
                    if check and label_end == end:
                        first: i64 = ord(text[start]) | 0x20
                        if not 0x61 <= first <= 0x7A:
                            return NOT_PLAIN, -1, False, 0  # a last label that may be a number
                    if want_domain:
                        domain_start = start
                        want_domain = False
                    if walking:
                        found = self._find_node(
                            suffix_hash, key, text, start, end, has_upper, keyed
                        )
                        flags: i64 = found & _FLAGS_MASK
                        node: i64 = found >> _FLAG_BITS
                        # 3. and 5. An exception rule prevails, less its leftmost label.
                        if flags & exception_mask:
                            suffix_start, suffix_node = previous_start, previous_node
                            # (An exception rule of one label leaves the whole host.)
                            domain_start = start if previous_start > begin else -1
                            walking = False
                        else:
                            # 2. and 4. The implicit "*" rule for the last label; the longest
                            # matching rule (this suffix, or a wildcard on its parent).
                            if flags & rule_mask or parent_has_wildcard or label_end == end:
                                suffix_start, suffix_node, domain_start = start, node, -1
                                want_domain = True
                            walking = flags & longer_mask != 0
                            parent_has_wildcard = flags & wildcard_mask != 0
                        previous_node = node
                    previous_start = start
                if index < begin:
                    break
                if not (check or walking or want_domain):
                    # The rest of a serialized domain only matters if it has an empty label.
                    if _has_empty_label(text, begin, index):
                        return NO_SUFFIX, -1, False, 0
                    break
                label_end = index
            elif check:
                if 0x61 <= code_point <= 0x7A:  # a-z
                    if code_point == 0x78 and index + 3 < stop and _is_xn_dash_dash(text, index):
                        return NOT_PLAIN, -1, False, 0  # its labels the domain parser checks
                elif 0x41 <= code_point <= 0x5A:  # A-Z: lowercased
                    code_point += 0x20
                    has_upper = True
                    if code_point == 0x78 and index + 3 < stop and _is_xn_dash_dash(text, index):
                        return NOT_PLAIN, -1, False, 0
                elif not (
                    0x30 <= code_point <= 0x39  # 0-9
                    or code_point == 0x2D  # "-"
                    or code_point == 0x5F  # "_"
                ):
                    return NOT_PLAIN, -1, False, 0
            elif code_point > 0x7F:
                keyed = False
            if walking:
                suffix_hash = (suffix_hash * _HASH_MULTIPLIER + code_point) & _HASH_MASK
                key = (key & _KEY_KEPT) * 128 + code_point
            index -= 1
        if empty_label:
            return NO_SUFFIX, -1, False, 0
        if end != stop:
            suffix_node = 0  # the suffix has the trailing dot, the node's name has not
        return suffix_start, domain_start, has_upper, suffix_node

    def _find_node(
        self,
        suffix_hash: i64,
        key: i64,
        text: str,
        start: i64,
        end: i64,
        lower: bool,
        keyed: bool,
    ) -> i64:
        """The slot (node << _FLAG_BITS | flags) of the node named ``text[start:end]``
        (lowercased if ``lower``), of hash ``suffix_hash``, or 0 when no rule names it or is
        below it. ``key`` is the suffix's code points packed as :func:`suffix_key` packs
        them (without the length), the suffix's own when it is short and ``keyed`` (its code
        points are ASCII)."""
        table = self._table
        slot_mask: i64 = self._slot_mask
        slot = (suffix_hash ^ (suffix_hash >> 20)) & slot_mask  # _first_slot's, in line
        length: i64 = end - start
        short = keyed and length <= _SHORT_LENGTH
        if short:
            key |= length << _KEY_BITS
        while True:
            at: i64 = slot * _SLOT_WIDTH
            node: i64 = ord(table[at])
            if node == 0:
                return 0
            # The hash led here; the name decides (two suffixes may share a hash or a slot):
            # a short one by its key (its length and code points), a longer one (with the same
            # top bits of the hash) code point by code point.
            if short:
                # (The lowest chunk first: most other keys differ there.)
                if (
                    ord(table[at + 2]) == key & _KEY_CHUNK_MASK
                    and ord(table[at + 3]) == (key >> _KEY_CHUNK_BITS) & _KEY_CHUNK_MASK
                    and ord(table[at + 4]) == (key >> (2 * _KEY_CHUNK_BITS)) & _KEY_CHUNK_MASK
                    and ord(table[at + 5]) == key >> (3 * _KEY_CHUNK_BITS)
                ):
                    return node << _FLAG_BITS | ord(table[at + 1])
            elif ord(table[at + 2]) == suffix_hash >> _HASH_CHECK_SHIFT and _same_text(
                self._names[node], text, start, end, lower
            ):
                return node << _FLAG_BITS | ord(table[at + 1])
            slot = (slot + 1) & slot_mask


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


def _walk_masks(include_private: bool) -> tuple[i64, i64, i64, i64]:
    """The walks' masks of the flags: (rule, wildcard, exception, some rule is longer), of the
    ICANN section and, if ``include_private``, the PRIVATE one (i64: machine integers in the
    compiled build)."""
    rule_mask: i64 = _ICANN_RULE
    wildcard_mask: i64 = _ICANN_WILDCARD
    exception_mask: i64 = _ICANN_EXCEPTION
    if include_private:
        rule_mask |= _PRIVATE_RULE
        wildcard_mask |= _PRIVATE_WILDCARD
        exception_mask |= _PRIVATE_EXCEPTION
    return rule_mask, wildcard_mask, exception_mask, _HAS_LONGER_RULES | wildcard_mask


def suffix_hash(name: str) -> int:
    """The hash of a suffix in the compiled build's table: see :data:`_HASH_MULTIPLIER`."""
    value: i64 = 0
    for character in reversed(name):
        value = (value * _HASH_MULTIPLIER + ord(character)) & _HASH_MASK
    return value


def suffix_key(name: str) -> int:
    """The key of a short name in the compiled build's table (at most :data:`_SHORT_LENGTH`
    ASCII code points): its length, then its code points seven bits each, read from the right
    (as :func:`suffix_hash` reads them); two names have the same key only if they are equal."""
    value: i64 = 0
    for character in reversed(name):
        value = value * 128 + ord(character)
    return len(name) << _KEY_BITS | value


def _has_empty_label(text: str, begin: i64, dot: i64) -> bool:
    """Whether ``text[begin:dot]``, the labels left of the dot at ``text[dot]``, has an empty
    label: a dot at ``begin``, at ``dot``, or beside another (one loop, no search)."""
    previous: i64 = dot  # the dot right of the label being read
    index: i64 = dot - 1
    while index >= begin:
        if ord(text[index]) == 0x2E:
            if index + 1 == previous:
                return True
            previous = index
        index -= 1
    return previous == begin


def _is_xn_dash_dash(text: str, index: i64) -> bool:
    """Whether "xn--" (in any case) starts at ``text[index]``, an "x" or "X"."""
    second: i64 = ord(text[index + 1]) | 0x20
    third: i64 = ord(text[index + 2])
    fourth: i64 = ord(text[index + 3])
    return second == 0x6E and third == 0x2D and fourth == 0x2D


def _first_slot(suffix_hash: i64, slot_mask: i64) -> i64:
    """The slot where the probe for ``suffix_hash`` starts (its high bits folded in)."""
    return (suffix_hash ^ (suffix_hash >> 20)) & slot_mask


def _same_text(name: str, text: str, start: i64, end: i64, lower: bool) -> bool:
    """Whether ``text[start:end]`` (lowercased if ``lower``: ASCII letters only) is ``name``,
    without making the slice."""
    if len(name) != end - start:
        return False
    if not lower:  # one comparison in C
        if end == len(text):
            return text.endswith(name)
        return text.find(name, start, end) == start
    offset: i64 = 0
    while start + offset < end:
        code_point: i64 = ord(text[start + offset])
        if lower and 0x41 <= code_point <= 0x5A:
            code_point += 0x20
        expected: i64 = ord(name[offset])
        if code_point != expected:
            return False
        offset += 1
    return True


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
