"""bench/messy.py: each corpus line gets one deterministic mutation, and the mutations that the
workload says force the state machine do (by the fast path's own tests, ``is_own_href`` and
``tier_2_or_3_href``)."""

from __future__ import annotations

from shared_data import dataset_path, iter_corpus

from bench.messy import (
    backslash,
    dot_dot_segment,
    hex_ipv4,
    idn_label,
    messy_corpus,
    mutate,
    reaches_state_machine,
    tab,
    uppercase_host,
)
from urlspec import URL


def test_the_mutations_of_a_known_url() -> None:
    # Expected values: the mutations as bench/messy.py's docstring defines them.
    url = "https://www.example.com/a/b?q#f"
    assert uppercase_host(url, 0) == "https://WWW.EXAMPLE.COM/a/b?q#f"
    assert tab(url, 1) == "https://www.exa\tmple.com/a/b?q#f"
    assert backslash(url, 2) == "https://www.example.com\\a/b?q#f"
    assert dot_dot_segment(url, 3) == "https://www.example.com/s3/%2e%2e/a/b?q#f"
    assert idn_label(url, 4) == "https://bücher.www.example.com/a/b?q#f"
    assert hex_ipv4(url, 5) == f"https://0x{(5 * 2654435761) & 0xFFFFFFFF:x}/a/b?q#f"
    # A mutation that cannot apply gives way to the next one in turn.
    # (26 code points: the tab goes after the 13th)
    assert mutate("mailto:someone@example.com", 0) == "mailto:someon\te@example.com"


def test_each_line_gets_one_mutation_deterministically() -> None:
    dataset_path("kasztp.txt")  # fails when the corpus is missing
    lines = [line for _, line in zip(range(600), iter_corpus("kasztp.txt"), strict=False)]
    messy = messy_corpus(lines)
    assert messy == messy_corpus(lines)
    assert len(messy) > 500
    assert not set(messy) & set(lines)


def test_three_mutations_of_six_reach_the_state_machine() -> None:
    """The %2e%2e, IDN and hex IPv4 mutations always do; an uppercase host and a backslash are
    the fast path's (tier 2 normalizes them), and so is a tab in a line the fast path takes (it
    answers for the input without its tabs and newlines, which the parser removes first)."""
    dataset_path("kasztp.txt")
    lines = [line for _, line in zip(range(300), iter_corpus("kasztp.txt"), strict=False)]
    for index, line in enumerate(lines):
        for mutation in (dot_dot_segment, idn_label, hex_ipv4):
            mutated = mutation(line, index)
            if mutated is not None and URL.can_parse(mutated):
                assert reaches_state_machine(mutated), mutated
        with_tab = tab(line, index)
        if with_tab is not None and not reaches_state_machine(line):
            assert not reaches_state_machine(with_tab), with_tab
