"""Speed changes of session 32 that must not change a result: each faster form against
the plain one it replaced."""

from __future__ import annotations

import random

from docref.checks.types_members import split_top


def _walk(text: str, separator: str) -> list[str]:
    """``split_top`` as it was: one character at a time, for every text."""
    parts: list[str] = []
    depth, quote, start, index = 0, "", 0, 0
    lowered = text.lower()
    while index < len(text):
        char = text[index]
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif depth == 0 and lowered.startswith(separator, index):
            parts.append(text[start:index])
            index += len(separator)
            start = index
            continue
        index += 1
    parts.append(text[start:])
    return parts


SEPARATORS = [",", " to ", ":", " or "]
TEXTS = [
    "int, str",
    "int or None",
    "INT OR NONE",
    "dict of str TO int",
    "list[int, str], or None",
    "tuple(int, int) or None",
    "'a, b' or \"c, d\"",
    "a), b, c",  # a stray closer
    "İ, or, İx",  # lower() lengthens 'İ': positions are read on the lowered text
    "İİİİ to x to y",
    "",
    ",,, or or",
    "{a: b}: c",
]


def test_split_top_matches_the_character_walk() -> None:
    alphabet = [
        "a",
        "B",
        " ",
        ",",
        ":",
        " or ",
        " TO ",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "'",
        '"',
        "İ",
    ]
    rng = random.Random(32)
    texts = TEXTS + [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) for _ in range(4000)
    ]
    for text in texts:
        for separator in SEPARATORS:
            assert split_top(text, separator) == _walk(text, separator), (text, separator)


def test_split_top_splits_flat_texts_and_keeps_nested_ones() -> None:
    assert split_top("int or None", " or ") == ["int", "None"]
    assert split_top("Int OR none", " or ") == ["Int", "none"]
    assert split_top("list[int or str] or None", " or ") == ["list[int or str]", "None"]
    assert split_top("'x, y', z", ",") == ["'x, y'", " z"]
