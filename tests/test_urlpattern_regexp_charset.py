"""ECMAScript CharSets and Canonicalize (urlspec.urlpattern.regexp_charset).

The case folding module is regenerated from tests/data/CaseFolding-simple.txt (the lines of
Unicode's CaseFolding.txt with status C or S; tests/data/SOURCES.md) and compared byte for
byte; the expected foldings are the data file's lines, read here on their own.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from urlspec.idna import mapping_table_unicode_version
from urlspec.urlpattern import _case_folding_data
from urlspec.urlpattern.regexp_charset import (
    MAX_CODE_POINT,
    accepted_by_folding,
    all_characters,
    character_complement,
    contains,
    maybe_simple_case_folding,
    simple_case_folding,
    word_characters,
)

ROOT = Path(__file__).resolve().parent.parent
CASE_FOLDING_TXT = ROOT / "tests" / "data" / "CaseFolding-simple.txt"


def _folding() -> dict[int, int]:
    mapping: dict[int, int] = {}
    for line in CASE_FOLDING_TXT.read_text(encoding="utf-8").splitlines():
        match = re.match(r"([0-9A-F]+); [CS]; ([0-9A-F]+);", line)
        if match:
            mapping[int(match.group(1), 16)] = int(match.group(2), 16)
    return mapping


def test_generated_module_is_the_data_file_regenerated(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "generate_case_folding", ROOT / "scripts" / "generate_case_folding.py"
    )
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    output = tmp_path / "_case_folding_data.py"
    assert generator.main([str(CASE_FOLDING_TXT), str(output)]) == 0
    committed = ROOT / "src" / "urlspec" / "urlpattern" / "_case_folding_data.py"
    assert output.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")


def test_folding_is_of_the_unicode_version_of_idna() -> None:
    assert mapping_table_unicode_version() == _case_folding_data.UNICODE_VERSION
    header = CASE_FOLDING_TXT.read_text()[:200]
    assert f"Unicode {mapping_table_unicode_version()}" in header


def test_simple_case_folding_is_the_data_file() -> None:
    folding = _folding()
    assert len(folding) > 1400
    for source, target in folding.items():
        assert simple_case_folding(source) == target
    for code_point in range(0, 0x3000):
        if code_point not in folding:
            assert simple_case_folding(code_point) == code_point
    # CaseFolding.txt: U+0130 and U+0131 have only F and T foldings, none simple; U+1E9E has
    # status S (to U+00DF); U+212A KELVIN SIGN folds to "k".
    assert simple_case_folding(0x130) == 0x130
    assert simple_case_folding(0x131) == 0x131
    assert simple_case_folding(0x1E9E) == 0xDF
    assert simple_case_folding(0x212A) == ord("k")


def test_all_characters_with_ignore_case_are_the_fixed_points() -> None:
    # §22.2.2.9.4 AllCharacters: with v and i, the code points whose folding is themselves.
    characters = all_characters(True)
    assert contains(characters, ord("a")) and not contains(characters, ord("A"))
    assert not contains(characters, 0x212A)
    assert all_characters(False) == [(0, MAX_CODE_POINT)]


def test_word_characters_with_ignore_case() -> None:
    # §22.2.2.9.6 WordCharacters: the basic ones and those folding into them.
    assert contains(word_characters(True), 0x17F) and contains(word_characters(True), 0x212A)
    assert not contains(word_characters(False), 0x212A)


def test_complement_is_taken_after_folding() -> None:
    # [^a] with v and i: CharacterComplement of {a}, accepting neither "a" nor "A".
    complement = character_complement(maybe_simple_case_folding([(97, 97)], True), True)
    accepted = accepted_by_folding(complement, True)
    assert not contains(accepted, ord("a")) and not contains(accepted, ord("A"))
    assert contains(accepted, ord("B"))
