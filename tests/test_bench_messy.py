"""bench/messy.py: each corpus line gets two deterministic mutations, and the mutations that the
workload says force the state machine do (by the fast path's own tests, ``is_own_href`` and
``tier_2_or_3_href``)."""

from __future__ import annotations

from shared_data import dataset_path, iter_corpus

from bench.messy import (
    backslash,
    backslashes,
    dot_dot_segment,
    dot_segments,
    hex_ipv4,
    idn_label,
    invalid_escape,
    messy_corpus,
    mutate,
    reaches_state_machine,
    surrounding_spaces,
    tab,
    uppercase_host,
)
from urlspec import COMPILED, URL


def test_the_mutations_of_a_known_url() -> None:
    # Expected values: the mutations as bench/messy.py's docstring defines them.
    url = "https://www.example.com/a/b?q#f"
    assert uppercase_host(url, 0) == "https://WWW.EXAMPLE.COM/a/b?q#f"
    assert tab(url, 1) == "https://www.exa\tmple.com/a/b?q#f"
    assert backslash(url, 2) == "https://www.example.com\\a/b?q#f"
    assert dot_dot_segment(url, 3) == "https://www.example.com/s3/%2e%2e/a/b?q#f"
    assert idn_label(url, 4) == "https://bücher.www.example.com/a/b?q#f"
    assert hex_ipv4(url, 5) == f"https://0x{(5 * 2654435761) & 0xFFFFFFFF:x}/a/b?q#f"
    assert dot_segments(url, 3) == "https://www.example.com/./s3/../a/b?q#f"
    assert invalid_escape(url, 3) == "https://www.example.com/%zz%/a/b?q#f"
    assert backslashes(url, 3) == "https://www.example.com\\a\\b?q#f"
    assert surrounding_spaces(url, 3) == "  https://www.example.com/a/b?q#f "
    # Two mutations a line: line 0 gets the first pair (uppercase host, dot segments), line 9
    # the last (backslashes, surrounding spaces).
    assert mutate(url, 0) == "https://WWW.EXAMPLE.COM/./s0/../a/b?q#f"
    assert mutate(url, 9) == "  https://www.example.com\\a\\b?q#f "
    # A mutation that cannot apply gives way to the next one in turn (here, only the spaces).
    assert mutate("mailto:someone@example.com", 0) == "    mailto:someone@example.com  "


def test_each_line_gets_one_mutation_deterministically() -> None:
    dataset_path("kasztp.txt")  # fails when the corpus is missing
    lines = [line for _, line in zip(range(600), iter_corpus("kasztp.txt"), strict=False)]
    messy, mixed, harsh = messy_corpus(lines)
    assert (messy, mixed, harsh) == messy_corpus(lines)
    assert len(messy) > 500
    assert not set(messy) & set(lines)
    assert mixed[1::2] == messy
    assert set(mixed[::2]) <= set(lines)


def test_harsh_lines_carry_every_mutation_and_a_line_ending() -> None:
    dataset_path("kasztp.txt")
    lines = [line for _, line in zip(range(300), iter_corpus("kasztp.txt"), strict=False)]
    harsh = messy_corpus(lines)[2]
    assert len(harsh) > 200
    for line in harsh:
        assert line.startswith(" ") and line.endswith(" \r\n") and "\t" in line
        # The basic URL parser strips leading and trailing C0 controls and spaces, then removes
        # every ASCII tab or newline (URL Standard, basic URL parser, steps 1 and 3).
        assert URL(line).href == URL(line.strip(" \r\n").replace("\t", "")).href


def test_the_mutations_that_reach_the_state_machine() -> None:
    """The hex IPv4 mutation always does, and so do the %2e%2e and IDN ones in the pure build
    (the compiled build's tiers drop dot segments and convert common labels); an uppercase host
    and a backslash are the fast path's (tier 2 normalizes them), and so is a tab in a line the
    fast path takes (it answers for the input without its tabs and newlines, which the parser
    removes first)."""
    dataset_path("kasztp.txt")
    lines = [line for _, line in zip(range(300), iter_corpus("kasztp.txt"), strict=False)]
    always = (hex_ipv4,) if COMPILED else (dot_dot_segment, idn_label, hex_ipv4)
    for index, line in enumerate(lines):
        for mutation in always:
            mutated = mutation(line, index)
            if mutated is not None and URL.can_parse(mutated):
                assert reaches_state_machine(mutated), mutated
        with_tab = tab(line, index)
        if with_tab is not None and not reaches_state_machine(line):
            assert not reaches_state_machine(with_tab), with_tab
