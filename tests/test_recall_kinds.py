"""benchmarks/recall_kinds.py: a parameter rename or type change of an ``@overload``ed function
is made in the stubs as well as in the implementation, as a person makes it (until session 35
the harness edited the documented definition only, and the stubs kept the old name, which the
rules read as a parameter of the function: not stale)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import recall_kinds as kinds  # noqa: E402

OVERLOADED = '''\
from typing import overload


@overload
def pick(items: list[int], default: int) -> int: ...


@overload
def pick(items: list[str], default: str) -> str: ...


def pick(items, default: bool = False):
    """Pick one item.

    Args:
        items: the candidates.
        default (bool): whether to fall back on the first.
    """
    return items[0] if default else items[-1]


def plain(value: bool, other: int = 0) -> int:
    """Scale a value.

    Args:
        value (bool): whether to scale.
        other: unused.
    """
    return int(value) + other
'''


def _params(text: str, name: str) -> list[list[str]]:
    tree = ast.parse(text)
    return [
        [a.arg for a in node.args.args]
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == name
    ]


def _annotations(text: str, name: str, param: str) -> list[str | None]:
    tree = ast.parse(text)
    return [
        ast.unparse(a.annotation) if a.annotation is not None else None
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == name
        for a in node.args.args
        if a.arg == param
    ]


def _mutation(finder, kind_old: str, qualname: str):  # type: ignore[no-untyped-def]
    src = kinds.Source("m.py", OVERLOADED)
    return next(m for m in finder(src) if m.qualname == qualname and m.old == kind_old)


def test_param_rename_renames_the_overload_stubs_too() -> None:
    m = _mutation(kinds.param_renames, "default", "pick")
    text = kinds.apply(OVERLOADED, m.edits)
    assert text is not None
    assert _params(text, "pick") == [["items", m.new]] * 3
    entry = "        default (bool): whether to fall back on the first."
    assert m.target_lines == [OVERLOADED.splitlines().index(entry) + 1]


def test_param_rename_of_a_single_definition_edits_it_alone() -> None:
    m = _mutation(kinds.param_renames, "value", "plain")
    text = kinds.apply(OVERLOADED, m.edits)
    assert text is not None
    assert _params(text, "plain") == [[m.new, "other"]]
    assert _params(text, "pick") == [["items", "default"]] * 3
    assert f"int({m.new}) + other" in text


def test_param_type_changes_the_stubs_spelling_it_the_same_only() -> None:
    src = kinds.Source("m.py", OVERLOADED.replace("default: int) -> int", "default: bool) -> int"))
    m = next(m for m in kinds.param_type_changes(src) if m.qualname == "pick")
    text = kinds.apply(src.text, m.edits)
    assert text is not None
    # the first stub and the implementation said bool: both changed; the str stub is another
    # signature and keeps its annotation
    assert _annotations(text, "pick", "default") == ["int", "str", "int"]
