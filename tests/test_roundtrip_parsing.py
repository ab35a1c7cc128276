"""Reading model answers as function bodies, string-aware indentation, and the splice."""

from __future__ import annotations

import ast
import textwrap

import pytest
from docref.roundtrip.parsing import dedent_code, indent_code, parse_answer


@pytest.mark.parametrize(
    ("answer", "body", "note"),
    [
        ("return a + b", "return a + b", None),
        ("```python\n    return a + b\n```", "return a + b", "taken from a code block"),
        ("~~~py\nreturn a + b\n~~~", "return a + b", "taken from a code block"),
        # unterminated fence: the rest of the answer is the code
        ("```python\nreturn a + b\n", "return a + b", "taken from a code block"),
        # prose around unfenced code
        (
            "Here is the body:\n\n    total = a\n    return total + b\n\nThis adds them.",
            "total = a\nreturn total + b",
            "line(s) of prose dropped",
        ),
        # a python block preferred over another block
        ("```text\nnot code\n```\n```python\nreturn 1\n```", "return 1", None),
        # the whole definition repeated, docstring and all
        (
            'def add(a, b):\n    """Add."""\n    return a + b',
            "return a + b",
            "whole definition",
        ),
        # a definition plus the import it needs: the import moves into the body
        ("import math\ndef add(a, b):\n    return math.fsum([a, b])", None, "whole definition"),
        # a method answered inside its class
        ("class Calc:\n    def add(self, a, b):\n        return a + b", "return a + b", None),
        # the first line lost its indentation
        ("x = a\n    return x + b", "x = a\nreturn x + b", "first line's indentation"),
        ("\treturn a\n", "return a", None),
    ],
)
def test_answers_are_repaired(answer: str, body: str | None, note: str | None) -> None:
    parsed = parse_answer(answer, name="add")
    assert parsed.reason is None and parsed.code is not None
    if body is not None:
        assert parsed.code == body
    else:
        assert parsed.code.startswith("import math\n") and "return math.fsum" in parsed.code
    if note is not None:
        assert any(note in n for n in parsed.notes), parsed.notes
    ast.parse(parsed.code)


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("", "empty answer"),
        ("   \n", "empty answer"),
        ("Sure, I can help with that.", "only prose"),
        ("```python\n```", "holds no code"),
        ("return (a +", "does not parse"),
        ("if a:\nreturn b", "does not parse"),
        ("await other()", "'await' outside async function"),
        ("# just a comment", "no statements"),
        ("def add(a, b):\n    'only a docstring'", "without a body"),
    ],
)
def test_unusable_answers_are_rejected_with_a_reason(answer: str, reason: str) -> None:
    parsed = parse_answer(answer, name="add")
    assert parsed.code is None
    assert parsed.reason is not None and reason in parsed.reason


def test_async_target_allows_await() -> None:
    parsed = parse_answer("data = await fetch()\nreturn data", name="get", is_async=True)
    assert parsed.code == "data = await fetch()\nreturn data"


def test_yield_and_return_are_bodies() -> None:
    assert parse_answer("for x in xs:\n    yield x", name="f").code == "for x in xs:\n    yield x"


def test_multiline_strings_are_never_reindented() -> None:
    body = 's = """first\n  second\nthird"""\nif s:\n    return s'
    indented = indent_code(body, "        ")
    assert indented.split("\n")[1] == "  second"  # string content unchanged
    assert indented.split("\n")[3] == "        if s:"
    assert dedent_code(indented) == body
    # the value of the string survives the round trip through a function wrapper
    src = "def f():\n" + indent_code(body, "    ")
    namespace: dict[str, object] = {}
    exec(compile(src, "<t>", "exec"), namespace)
    assert namespace["f"]() == "first\n  second\nthird"  # type: ignore[operator]


def test_answer_with_indented_multiline_string() -> None:
    # the model indented the whole body, the string's second line included: that line is
    # part of the string's value as the model wrote it, so it is kept as is
    answer = textwrap.indent('msg = """a\nb"""\nreturn msg', "    ")
    parsed = parse_answer(answer, name="f")
    assert parsed.code == 'msg = """a\n    b"""\nreturn msg'
