"""Speed changes of session 32 that must not change a result: each faster form against
the plain one it replaced."""

from __future__ import annotations

import hashlib
import random
import sysconfig
from pathlib import Path

from docref.checks.static.names_rebound import standing_class, top_bindings
from docref.checks.types_members import split_top
from docref.graph.model import FileExtract, Import
from docref.graph.python_extract import extract_python


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


def _scanned(fe: FileExtract, name: str) -> tuple[bool, bool, bool, Import | None]:
    """What the walk read of ``name`` by scanning the extract's lists, as it did before."""
    return (
        any(c.qualname == name for c in fe.classes),
        any(f.qualname == name for f in fe.functions)
        or any(v.scope == "module" and v.name == name for v in fe.variables),
        standing_class(fe, name),
        next((i for i in fe.imports if not i.scope and i.bound_name == name), None),
    )


def _indexed(fe: FileExtract, name: str) -> tuple[bool, bool, bool, Import | None]:
    bindings = top_bindings(fe)
    standing = name in bindings.classes and standing_class(fe, name)
    return (name in bindings.classes, name in bindings.leaves, standing, bindings.imports.get(name))


REBOUND = b"""
import os
from a import Thing, Other as Alias
from b import Thing
try:
    from c import Stub
except ImportError:
    class Stub:
        pass
class Thing(Thing):
    def method(self):
        import json
        local = 1
VALUE = 1
def helper():
    inner = 2
"""


def test_top_bindings_answer_as_the_scans_did() -> None:
    """Every name bound anywhere in a few real modules and a file binding names twice."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    sources = [("rebound.py", REBOUND)]
    sources += [(name, (stdlib / name).read_bytes()) for name in ("typing.py", "argparse.py")]
    asked = 0
    for path, data in sources:
        fe = extract_python(data, path, hashlib.sha256(data).hexdigest())
        names = {c.qualname for c in fe.classes} | {f.qualname for f in fe.functions}
        names |= {v.name for v in fe.variables} | {i.bound_name for i in fe.imports}
        names |= {"missing", "os.path", "*"}
        for name in sorted(names):
            assert _indexed(fe, name) == _scanned(fe, name), (path, name)
            asked += 1
    assert asked > 300


def test_top_bindings_follow_a_re_extracted_file() -> None:
    """An edited file (same path, a new extract) is indexed again, not read from the old."""
    before = extract_python(b"def f():\n    pass\n", "m.py", "one")
    assert "f" in top_bindings(before).leaves
    after = extract_python(b"import f\n", "m.py", "two")
    assert "f" not in top_bindings(after).leaves and "f" in top_bindings(after).imports
