"""Punycode (RFC 3492): the encoding of Unicode labels into ASCII that IDNA's "xn--" labels use.

Implements https://www.rfc-editor.org/rfc/rfc3492 §6 (bias adaptation, decoding, encoding) with
the parameter values of §5, for UTS #46 (:mod:`urlspec.idna`).

Both directions run in O(n log n) time on a label of n code points, so that a label of millions of
code points stays fast:

* The decoder (§6.2) inserts each decoded code point at an index of the output built so far. Done
  with ``list.insert`` that is quadratic, so the decoder first collects the insertions and then
  :func:`_apply_insertions` places them; for long labels it works backwards with a Fenwick tree of
  free slots (the last insertion owns its slot; each earlier one takes the i-th slot still free).
* The encoder (§6.3) rescans the whole input once per distinct code point, which is quadratic for
  a label of many distinct code points. The deltas it emits are fully determined by where each
  code point gets inserted (the quantity the decoder reconstructs), so the encoder here computes
  each insertion index in one pass (with a sorted list for short labels, a Fenwick tree over
  the distinct code points for long ones) and derives the same deltas.

Integers are limited to ``MAXINT`` (2**32 - 1, the RFC's 32-bit ``punycode_uint``): a value that
would exceed it is an overflow, and overflow is a failure (§6.4).
"""

from __future__ import annotations

import bisect
import functools
import re
from operator import itemgetter
from typing import Final

from mypy_extensions import i64

__all__ = ["MAXINT", "PunycodeError", "decode", "encode", "encode_long", "encode_short"]

# §5 Parameter values for Punycode.
BASE: Final = 36
TMIN: Final = 1
TMAX: Final = 26
SKEW: Final = 38
DAMP: Final = 700
INITIAL_BIAS: Final = 72
INITIAL_N: Final = 0x80
DELIMITER: Final = "-"

#: §6.4 Overflow handling: the largest value the integers may hold.
MAXINT: Final = 2**32 - 1

_NON_BASIC_CODE_POINTS_RE: Final = re.compile("[^\x00-\x7f]+")

# Below this many code points, plain list insertion is cheaper than the Fenwick tree.
_SHORT_LABEL: Final = 2048


class PunycodeError(ValueError):
    """The input cannot be decoded (bad digit, bad code point, truncated) or overflows."""


def _adapt(delta: i64, numpoints: i64, firsttime: bool) -> i64:
    """§6.1 Bias adaptation function."""
    delta = delta // DAMP if firsttime else delta // 2
    delta += delta // numpoints
    k = 0
    while delta > ((BASE - TMIN) * TMAX) // 2:
        delta //= BASE - TMIN
        k += BASE
    return k + ((BASE - TMIN + 1) * delta) // (delta + SKEW)


def _threshold(k: int, bias: int) -> int:
    """The threshold t for the digit at position k (§6.2/§6.3: clamped to TMIN..TMAX)."""
    if k <= bias:
        return TMIN
    if k >= bias + TMAX:
        return TMAX
    return k - bias


# §5: the basic code points that are digits, with their values: A-Z and a-z are 0-25, 0-9 are
# 26-35.
_DIGIT_VALUES: dict[str, int] = {
    **{chr(0x41 + value): value for value in range(26)},
    **{chr(0x61 + value): value for value in range(26)},
    **{chr(0x30 + value): 26 + value for value in range(10)},
}


#: §5: the basic code point for each digit value, lowercase (index: the value); a list of
#: strings, from which the compiled build reads an item without making a string.
_BASIC_CODE_POINT_FOR_DIGIT: Final = list("abcdefghijklmnopqrstuvwxyz0123456789")


# --- §6.2 Decoding procedure --------------------------------------------------------------------


def decode(input: str) -> str:
    """Decode a Punycode string (without the "xn--" prefix) into Unicode; raises PunycodeError."""
    # Consume all code points before the last delimiter (if there is one) and copy them to
    # output, failing on any non-basic code point; if more than zero code points were consumed,
    # consume one more (the last delimiter).
    last_delimiter = input.rfind(DELIMITER)
    basic = input[:last_delimiter] if last_delimiter > 0 else ""
    if not basic.isascii():
        raise PunycodeError("non-basic code point before the last delimiter")
    pointer = last_delimiter + 1 if last_delimiter > 0 else 0
    n = INITIAL_N
    i = 0
    bias = INITIAL_BIAS
    output_length = len(basic)
    insertions: list[tuple[int, int]] = []  # (insertion index, code point), in order
    end = len(input)
    while pointer < end:
        oldi = i
        w = 1
        k = BASE
        while True:
            if pointer >= end:
                raise PunycodeError("truncated input")
            digit = _DIGIT_VALUES.get(input[pointer])
            pointer += 1
            if digit is None:
                raise PunycodeError("not a basic code point digit")
            if digit > (MAXINT - i) // w:
                raise PunycodeError("overflow")
            i += digit * w
            t = _threshold(k, bias)
            if digit < t:
                break
            if w > MAXINT // (BASE - t):
                raise PunycodeError("overflow")
            w *= BASE - t
            k += BASE
        bias = _adapt(i - oldi, output_length + 1, oldi == 0)
        if i // (output_length + 1) > MAXINT - n:
            raise PunycodeError("overflow")
        n += i // (output_length + 1)
        i %= output_length + 1
        # (n starts at INITIAL_N and only grows, so it is never a basic code point.)
        if n > 0x10FFFF:
            raise PunycodeError("decoded a value beyond U+10FFFF")
        insertions.append((i, n))
        output_length += 1
        i += 1
    return _apply_insertions(basic, insertions)


def _apply_insertions(basic: str, insertions: list[tuple[int, int]]) -> str:
    """The string made by starting from ``basic`` and inserting each code point at its index."""
    length = len(basic) + len(insertions)
    if all(index == len(basic) + k for k, (index, _code_point) in enumerate(insertions)):
        return basic + "".join(chr(code_point) for _index, code_point in insertions)
    if length <= _SHORT_LABEL:
        output = list(basic)
        for index, code_point in insertions:
            output.insert(index, chr(code_point))
        return "".join(output)
    # Backwards: the last insertion keeps its index in the final string; going back in time,
    # the slots of later insertions are taken, and each insertion takes the (index + 1)-th slot
    # still free. The code points of ``basic`` come first of all, so they fill the slots left.
    free = _FenwickTree.all_ones(length)
    result: list[str] = [""] * length
    for index, code_point in reversed(insertions):
        slot = free.find_kth(index + 1)
        free.add(slot, -1)
        result[slot] = chr(code_point)
    basic_code_points = iter(basic)
    for slot in range(length):
        if not result[slot]:
            result[slot] = next(basic_code_points)
    return "".join(result)


# --- §6.3 Encoding procedure --------------------------------------------------------------------


#: Up to this many code points, :func:`encode` runs §6.3's own loop (:func:`encode_short`), which
#: rescans the input once per distinct non-basic code point; longer labels count insertion
#: indexes instead (:func:`encode_long`). A domain label is at most 63 code points long.
_RFC_LOOP_MAX_LENGTH: Final = 64


def encode(input: str) -> str:
    """Encode a Unicode string into Punycode (without the "xn--" prefix); raises PunycodeError.

    Surrogate code points are not scalar values, cannot be part of a domain and fail.
    """
    if len(input) <= _RFC_LOOP_MAX_LENGTH:
        return encode_short(input)
    return encode_long(input)


def encode_short(input: str) -> str:
    """§6.3 Encoding procedure, step by step as the RFC writes it, over integer code points.

    Quadratic in the number of distinct non-basic code points, so :func:`encode` uses it for
    short labels only; tests/test_idna.py proves it equal to :func:`encode_long`. (Native
    integers, i64, in the compiled build: every value stays below 2**40, as delta is checked
    against MAXINT after each step that grows it.)
    """
    length: i64 = len(input)
    # let n = initial_n, let delta = 0, let bias = initial_bias
    n: i64 = INITIAL_N
    delta: i64 = 0
    bias: i64 = INITIAL_BIAS
    # let h = b = the number of basic code points in the input; copy them to the output in
    # order, followed by a delimiter if b > 0.
    # (No non-basic code point is below n = initial_n: the basic ones are all below 0x80.)
    # let m = the minimum {non-basic} code point >= n in the input (and count the basic ones)
    m: i64 = MAXINT
    b: i64 = 0
    i: i64 = 0
    while i < length:
        c: i64 = ord(input[i])
        if c < n:
            b += 1
        elif c < m:
            m = c
        i += 1
    h: i64 = b
    output: list[str] = []
    if b > 0:
        # (the basic code points are the ASCII ones: encoding to ASCII drops the others, in C)
        output = [input.encode("ascii", "ignore").decode("ascii"), DELIMITER]
    while h < length:
        if 0xD800 <= m <= 0xDFFF:
            raise PunycodeError("surrogate code point")
        # let delta = delta + (m - n) * (h + 1), fail on overflow; let n = m
        delta += (m - n) * (h + 1)
        if delta > MAXINT:
            raise PunycodeError("overflow")
        n = m
        # (The pass below also finds the next m, the minimum code point >= n + 1, which the
        # RFC's loop finds in a pass of its own: the code points greater than n.)
        m = MAXINT
        i = 0
        while i < length:
            c = ord(input[i])
            i += 1
            # if c < n {or c is basic} then increment delta, fail on overflow
            if c < n:
                delta += 1
                if delta > MAXINT:
                    raise PunycodeError("overflow")
            elif c == n:
                # let q = delta; output q as a generalized variable-length integer
                q: i64 = delta
                k: i64 = BASE
                while True:
                    t: i64 = TMIN if k <= bias else TMAX if k >= bias + TMAX else k - bias
                    if q < t:
                        break
                    output.append(_BASIC_CODE_POINT_FOR_DIGIT[t + (q - t) % (BASE - t)])
                    q = (q - t) // (BASE - t)
                    k += BASE
                output.append(_BASIC_CODE_POINT_FOR_DIGIT[q])
                # let bias = adapt(delta, h + 1, test h equals b?), let delta = 0, increment h
                bias = _adapt(delta, h + 1, h == b)
                delta = 0
                h += 1
            elif c < m:
                m = c
        # increment delta and n
        delta += 1
        n += 1
    return "".join(output)


def encode_long(input: str) -> str:
    """§6.3 Encoding procedure in O(n log n) for a label of n code points: the deltas from the
    index each code point is inserted at (see the module's docstring)."""
    basic = _NON_BASIC_CODE_POINTS_RE.sub("", input)
    output = [basic, DELIMITER] if basic else []
    b = h = len(basic)
    n = INITIAL_N
    bias = INITIAL_BIAS
    previous_next_index = 0  # the decoder's i after the previous insertion
    for index, code_point in _insertion_indexes(input):
        if 0xD800 <= code_point <= 0xDFFF:
            raise PunycodeError("surrogate code point")
        # The §6.3 delta: (m - n) * (h + 1) for the code points skipped, then one for every
        # position passed since the previous insertion, which is the decoder's i in closed form.
        delta = (code_point - n) * (h + 1) + index - previous_next_index
        if delta > MAXINT:
            raise PunycodeError("overflow")
        output.append(_encode_variable_length_integer(delta, bias))
        bias = _adapt(delta, h + 1, h == b)
        h += 1
        n = code_point
        previous_next_index = index + 1
    return "".join(output)


@functools.lru_cache(maxsize=4096)
def _encode_variable_length_integer(q: int, bias: int) -> str:
    """§6.3: output q as a generalized variable-length integer, given the current bias."""
    digits: list[str] = []
    k = BASE
    while True:
        t = _threshold(k, bias)
        if q < t:
            break
        q, digit = divmod(q - t, BASE - t)
        digits.append(_BASIC_CODE_POINT_FOR_DIGIT[t + digit])
        k += BASE
    digits.append(_BASIC_CODE_POINT_FOR_DIGIT[q])
    return "".join(digits)


def _insertion_indexes(input: str) -> list[tuple[int, int]]:
    """Each non-basic code point with the index the decoder inserts it at, in insertion order.

    The decoder inserts in increasing code point order, equal code points in input order, into a
    string holding the basic code points and those inserted before. So a code point's index is
    the number of code points before its position in ``input`` that are basic or not greater
    than it. One pass over the non-basic code points counts them (the basic code points before a
    run of non-basic ones are known from where the run starts).
    """
    if len(input) <= _SHORT_LABEL:
        indexes = _insertion_indexes_in_input_order_by_bisection(input)
    else:
        indexes = _insertion_indexes_in_input_order_by_fenwick_tree(input)
    # Insertion order: by code point, and (the sort is stable) equal code points in input order.
    indexes.sort(key=itemgetter(1))
    return indexes


def _insertion_indexes_in_input_order_by_bisection(input: str) -> list[tuple[int, int]]:
    """The insertion indexes, counting with a sorted list of the non-basic code points met so
    far: a binary search, and an insertion that is quadratic only for long labels."""
    result: list[tuple[int, int]] = []
    seen: list[str] = []  # sorted
    for run in _NON_BASIC_CODE_POINTS_RE.finditer(input):
        basic_before = run.start() - len(seen)
        for code_point in run.group():
            not_greater = bisect.bisect_right(seen, code_point)
            seen.insert(not_greater, code_point)
            result.append((basic_before + not_greater, ord(code_point)))
    return result


def _insertion_indexes_in_input_order_by_fenwick_tree(input: str) -> list[tuple[int, int]]:
    """The insertion indexes, counting with a Fenwick tree indexed by rank among the distinct
    non-basic code points: O(n log d) for n code points, d of them distinct."""
    distinct = sorted(set("".join(_NON_BASIC_CODE_POINTS_RE.findall(input))))
    rank = {code_point: rank for rank, code_point in enumerate(distinct)}
    seen = _FenwickTree(len(distinct))  # how many of each rank were met so far
    result: list[tuple[int, int]] = []
    non_basic_before = 0
    for run in _NON_BASIC_CODE_POINTS_RE.finditer(input):
        basic_before = run.start() - non_basic_before
        for code_point in run.group():
            code_point_rank = rank[code_point]
            not_greater = seen.prefix_sum(code_point_rank + 1)
            seen.add(code_point_rank, 1)
            result.append((basic_before + not_greater, ord(code_point)))
        non_basic_before += run.end() - run.start()
    return result


class _FenwickTree:
    """A Fenwick (binary indexed) tree of counts over positions 0..size-1."""

    __slots__ = ("size", "tree")

    def __init__(self, size: int) -> None:
        self.size = size
        self.tree = [0] * (size + 1)

    @classmethod
    def all_ones(cls, size: int) -> _FenwickTree:
        fenwick = cls(size)
        fenwick.tree = [index & -index for index in range(size + 1)]
        return fenwick

    def add(self, position: int, amount: int) -> None:
        index = position + 1
        tree = self.tree
        while index <= self.size:
            tree[index] += amount
            index += index & -index

    def prefix_sum(self, position: int) -> int:
        """The sum of the counts at positions before ``position``."""
        total = 0
        index = position
        tree = self.tree
        while index > 0:
            total += tree[index]
            index -= index & -index
        return total

    def find_kth(self, k: int) -> int:
        """The smallest position whose prefix sum through it is k (counts are 0 or 1, k >= 1)."""
        position = 0
        step = 1 << self.size.bit_length()
        tree = self.tree
        while step:
            following = position + step
            if following <= self.size and tree[following] < k:
                position = following
                k -= tree[following]
            step >>= 1
        return position
