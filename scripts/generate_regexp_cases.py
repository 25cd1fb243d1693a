"""Write tests/data/ecmascript_regexp_generated.json: random ECMAScript v-flag regular
expressions (groups, alternatives, greedy and lazy repeats, counted repeats, lookarounds,
backreferences, assertions, classes), anchored as URLPattern anchors them, with short inputs;
then ``node scripts/record_ecmascript_answers.js tests/data/ecmascript_regexp_generated.json``
records an engine's answers (the same format as ecmascript_regexp_answers.json).

usage: python scripts/generate_regexp_cases.py [COUNT] [SEED]
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

OUTPUT = Path(__file__).resolve().parent.parent / "tests/data/ecmascript_regexp_generated.json"
ATOMS = ["a", "b", "c", "[ab]", "[^a]", ".", "\\w", "(?:)", "\\b", "$", "^"]
ZERO_WIDTH = ("\\b", "$", "^")
QUANTIFIERS = ["", "", "", "*", "+", "?", "*?", "+?", "??", "{2}", "{0,2}", "{1,3}?", "{2,}"]


def pattern(rng: random.Random, depth: int = 0) -> str:
    items = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.45 or depth > 2:
            item = rng.choice(ATOMS)
        elif r < 0.6:
            item = "(" + pattern(rng, depth + 1) + ")"
        elif r < 0.7:
            item = "(?:" + pattern(rng, depth + 1) + "|" + pattern(rng, depth + 1) + ")"
        elif r < 0.78:
            opening = rng.choice(["(?=", "(?!", "(?<=", "(?<!"])
            items.append(opening + pattern(rng, depth + 1) + ")")
            continue
        elif r < 0.85:
            item = "\\" + str(rng.randint(1, 3))
        else:
            item = "(" + pattern(rng, depth + 1) + "|" + pattern(rng, depth + 1) + ")"
        if item in ZERO_WIDTH:
            items.append(item)
            continue
        items.append(item + rng.choice(QUANTIFIERS))
    return "".join(items)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    count = int(args[0]) if args else 300
    rng = random.Random(int(args[1]) if len(args) > 1 else 7)
    cases = []
    for _ in range(count):
        source = "^(?:" + pattern(rng) + ")$"
        flags = rng.choice(["v", "v", "vi"])
        for _ in range(2):
            text = "".join(rng.choice("abcAB") for _ in range(rng.randint(0, 7)))
            cases.append({"regexp": source, "flags": flags, "input": text})
    table = {"header": "", "engine": "", "cases": cases}
    OUTPUT.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
