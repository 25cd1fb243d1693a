"""Write src/urlspec/toolkit/_confusables_data.py from UTS #39's confusables.txt.

usage: python scripts/generate_confusables.py CONFUSABLES_TXT [OUTPUT]

CONFUSABLES_TXT is the Unicode Consortium's data file of the Unicode version of IDNA's tables
(18.0.0: https://www.unicode.org/Public/security/18.0.0/confusables.txt, kept in the
unicode-org/unicodetools repository as unicodetools/data/security/dev/confusables.txt at the
18.0 release; SHA-256 6ed3ee967c9dfdf6677d563c9985182fbc50a2efb7d6059cd57b2e2ce18f5b92).
OUTPUT defaults to src/urlspec/toolkit/_confusables_data.py.

What the module holds is only what ``display()`` needs to tell whether a label is confusable
with an ASCII label (UTS #39 section 4): the skeleton of a label is NFD, each code point mapped
to its prototype, NFD again; an ASCII label is made of "a"-"z", "0"-"9" and "-" (a host is
lowercase). So the module keeps, for each code point that can appear in an NFD string and whose
prototype (after NFD) is made of the characters of ASCII labels' skeletons, that NFD form. A
label whose NFD holds any other code point has a skeleton that no ASCII label has.

The character properties (NFD) come from ``unicodedata2``, which must be of the file's Unicode
version. The script checks what the module's reader relies on and stops when it does not hold:
the skeletons of ASCII labels are exactly the strings over one alphabet (so a skeleton is an
ASCII label's skeleton when each of its characters is in that alphabet).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections import defaultdict
from pathlib import Path

import unicodedata2  # type: ignore[import-not-found,import-untyped,unused-ignore]

DEFAULT_OUTPUT = Path(__file__).resolve().parent.parent / "src/urlspec/toolkit/_confusables_data.py"
#: The characters an ASCII label is made of (after UTS #46 mapping, which lowercases).
ASCII_LABEL_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-"
_MAPPING_LINE = re.compile(r"^([0-9A-F]{4,6}) ;\t([0-9A-F]{4,6}(?: [0-9A-F]{4,6})*) ;\tMA\t#")

LICENSE_NOTE = """\
# Data derived from confusables.txt, a Unicode Data File, under the Unicode License v3:
# Copyright (c) 1991-2026 Unicode, Inc. Permission is hereby granted, free of charge, to any
# person obtaining a copy of data files and any associated documentation (the "Data Files") to
# deal in the Data Files without restriction, including without limitation the rights to use,
# copy, modify, merge, publish, distribute, and/or sell copies of the Data Files, provided that
# this copyright and permission notice appear with all copies of the Data Files. THE DATA
# FILES ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND. See
# https://www.unicode.org/license.txt for the full terms."""


class ConfusablesFile:
    """confusables.txt, read: its header's version and date, and the prototype mapping."""

    def __init__(self, data: bytes) -> None:
        self.sha256 = hashlib.sha256(data).hexdigest()
        text = data.decode("utf-8-sig")
        version = re.search(r"^# Version: (\d+\.\d+\.\d+)$", text, re.MULTILINE)
        date = re.search(r"^# Date: (.+)$", text, re.MULTILINE)
        if version is None or date is None:
            raise SystemExit("not a confusables.txt: no '# Version:' or '# Date:' line")
        self.version = version.group(1)
        self.date = date.group(1).strip()
        #: Each source code point's prototype (confusables.txt's second field).
        self.prototypes: dict[str, str] = {}
        for line in text.splitlines():
            found = _MAPPING_LINE.match(line)
            if found is None:
                if line.strip() and not line.startswith("#"):
                    raise SystemExit(f"unexpected line in confusables.txt: {line!r}")
                continue
            source = chr(int(found.group(1), 16))
            self.prototypes[source] = "".join(chr(int(cp, 16)) for cp in found.group(2).split())

    def prototype(self, code_point: str) -> str:
        """The prototype of ``code_point``: itself when confusables.txt does not map it."""
        return self.prototypes.get(code_point, code_point)


def nfd(text: str) -> str:
    return str(unicodedata2.normalize("NFD", text))


def ascii_label_alphabet(confusables: ConfusablesFile) -> frozenset[str]:
    """The characters of the skeletons of ASCII labels, checking that those skeletons are
    exactly the strings over them: each ASCII label character's skeleton is a string of
    characters that are themselves the skeleton of one ASCII label character."""
    skeletons = {c: nfd(confusables.prototype(c)) for c in ASCII_LABEL_CHARACTERS}
    alphabet = frozenset(s for s in skeletons.values() if len(s) == 1)
    for c, skeleton in skeletons.items():
        if not skeleton or not set(skeleton) <= alphabet:
            raise SystemExit(f"the skeleton of {c!r} is {skeleton!r}, not over {alphabet}")
    return alphabet


def ascii_label_prototypes(confusables: ConfusablesFile) -> dict[str, str]:
    """Each code point that can appear in an NFD string (it has no canonical decomposition)
    whose prototype, after NFD, is over the ASCII label alphabet: that NFD form."""
    alphabet = ascii_label_alphabet(confusables)
    candidates = set(confusables.prototypes) | alphabet
    found: dict[str, str] = {}
    for code_point in sorted(candidates):
        if nfd(code_point) != code_point:
            continue  # never in an NFD string: the skeleton's first step decomposed it
        skeleton = nfd(confusables.prototype(code_point))
        if skeleton and set(skeleton) <= alphabet:
            found[code_point] = skeleton
    return found


def _escape(text: str) -> str:
    """``text`` as a Python string literal in ASCII (the code points as escapes)."""
    return '"' + text.encode("ascii", "backslashreplace").decode("ascii") + '"'


def _wrapped(code_points: list[str], width: int) -> list[str]:
    """``code_points`` as string literals of at most ``width`` characters each."""
    chunks: list[str] = []
    current = ""
    for code_point in code_points:
        if current and len(_escape(current + code_point)) > width:
            chunks.append(_escape(current))
            current = ""
        current += code_point
    chunks.append(_escape(current))
    return chunks


def render(confusables: ConfusablesFile) -> str:
    prototypes = ascii_label_prototypes(confusables)
    by_skeleton: dict[str, list[str]] = defaultdict(list)
    for code_point, skeleton in prototypes.items():
        by_skeleton[skeleton].append(code_point)
    alphabet = "".join(sorted(ascii_label_alphabet(confusables)))
    lines = [
        "# Generated by scripts/generate_confusables.py: do not edit. Regenerate with",
        "#   python scripts/generate_confusables.py confusables.txt",
        f"# from confusables.txt (UTS #39), Version: {confusables.version}",
        f"# Date: {confusables.date}",
        f"# SHA-256: {confusables.sha256}",
        "#",
        LICENSE_NOTE,
        '"""What ``display()`` needs of UTS #39\'s confusables.txt to tell whether a label is',
        "confusable with an ASCII label: for each code point that can appear in an NFD string and",
        "whose prototype (after NFD) is made of the characters of ASCII labels' skeletons, that",
        'NFD form (``ASCII_PROTOTYPES``)."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        f'UNICODE_VERSION: Final = "{confusables.version}"',
        f'SOURCE_SHA256: Final = "{confusables.sha256}"',
        "#: The characters of the skeletons of ASCII labels (a-z, 0-9, '-'): each ASCII label's",
        "#: skeleton is a string of them, and each string of them is an ASCII label's skeleton.",
        f"ASCII_LABEL_ALPHABET: Final = frozenset({_escape(alphabet)})",
        "#: Each prototype (after NFD), with the code points that map to it.",
        "_CODE_POINTS_BY_PROTOTYPE: Final = {",
    ]
    for skeleton in sorted(by_skeleton):
        chunks = _wrapped(by_skeleton[skeleton], width=88)
        if len(chunks) == 1:
            lines.append(f"    {_escape(skeleton)}: {chunks[0]},")
        else:
            lines.append(f"    {_escape(skeleton)}: (")
            lines += [f"        {chunk}" for chunk in chunks]
            lines.append("    ),")
    lines += [
        "}",
        "#: A code point's prototype after NFD, for the code points whose prototype is made of",
        "#: ``ASCII_LABEL_ALPHABET``.",
        "ASCII_PROTOTYPES: Final = {",
        "    code_point: prototype",
        "    for prototype, code_points in _CODE_POINTS_BY_PROTOTYPE.items()",
        "    for code_point in code_points",
        "}",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("confusables", type=Path, help="confusables.txt of UTS #39")
    parser.add_argument("output", type=Path, nargs="?", default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    confusables = ConfusablesFile(args.confusables.read_bytes())
    if confusables.version != unicodedata2.unidata_version:
        raise SystemExit(
            f"confusables.txt is of Unicode {confusables.version}, "
            f"unicodedata2 of {unicodedata2.unidata_version}: install the matching unicodedata2"
        )
    args.output.write_text(render(confusables), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
