"""docref.core.brackets: where a bracket closes, for the checks that cut calls and literals
out of code text (class_dict_keys, class_forwarded_hook, class_set_attributes, segments.heads)."""

from __future__ import annotations

from docref.core.brackets import closing_bracket


def test_the_matching_parenthesis_past_nested_ones() -> None:
    text = "super().__init__(dict(a, b=(1, 2)), arguments) + rest"
    opening = text.index("__init__(") + len("__init__(")
    end = closing_bracket(text, opening)
    assert end is not None
    assert text[opening:end] == "dict(a, b=(1, 2)), arguments"


def test_unbalanced_text_has_no_closing_bracket() -> None:
    assert closing_bracket("f(a, (b, c)", 2) is None
    assert closing_bracket("", 0) is None


def test_only_the_named_kinds_count() -> None:
    # parentheses alone: the ``]`` of the subscript is text, the ``)`` closes
    text = "f(x[0)]"
    assert closing_bracket(text, 2) == text.index(")")
    # all three kinds nesting together: ``[`` opens a level, so ``)`` closes it, not the call
    assert closing_bracket(text, 2, "([{", ")]}") == text.index("]")
    # braces alone: a dict literal cut from ``{`` to its ``}``
    body = 'defaults = {"a": {"b": f(1)}, "c": None}  # )'
    start = body.index("{") + 1
    end = closing_bracket(body, start, "{", "}")
    assert end == body.rindex("}")
