"""C1-PROSE-NAME-STALE: a plain word in code markup whose parameter was renamed by adding
words (``table`` -> ``user_table``), in each docstring style, and the controls that stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import RULE_WORD, c1_name_unresolved, c1_prose_name_word
from docref.checks.static.prose_names import RULE_STALE, plain_affix

from tests.static_helpers import static_input


def _stale(tmp_path: Path, code: str, qualname: str = "f", **kw: str) -> list[tuple[str, str]]:
    inp = static_input(tmp_path, code, qualname, **kw)
    # the guess on an uncued Python word is the opt-in C1-PROSE-NAME-WORD (round 12a)
    both = c1_name_unresolved(inp) + c1_prose_name_word(inp)
    found = [f for f in both if f.rule in (RULE_STALE, RULE_WORD)]
    return [(inp.source[f.start : f.end], f.fix_hint or "") for f in found]


GOOGLE = '''
def f(input_data, n):
    """Aggregate the rows.

    Each row of `data` is summed.

    Args:
        n: How many rows.
    """
    return n
'''
NUMPY = '''
def f(user_table, n):
    """Split a table.

    If the length of ``table`` is not divisible by ``n``, the last tuple is dropped.

    Parameters
    ----------
    n : int
        Size of each tuple.
    """
    return n
'''
REST = '''
def f(raw_model, surface):
    """Integrate over the sky.

    The ``model`` is evaluated at each angle.

    :param surface: the tilt
    """
    return surface
'''


@pytest.mark.parametrize(
    ("code", "sentence", "old", "new"),
    [
        (GOOGLE, "Each row of `data` is summed.", "data", "input_data"),
        (
            NUMPY,
            "If the length of ``table`` is not divisible by ``n``, the last tuple is dropped.",
            "table",
            "user_table",
        ),
        (REST, "The ``model`` is evaluated at each angle.", "model", "raw_model"),
    ],
)
def test_plain_word_extended_by_a_qualifier_is_flagged(
    tmp_path: Path, code: str, sentence: str, old: str, new: str
) -> None:
    assert _stale(tmp_path, code) == [(sentence, f"rename `{old}` to `{new}` in this sentence")]


@pytest.mark.parametrize(
    "code",
    [
        # the added word names another value: the elements, the count, the function, a flag
        'def f(path_list):\n    """Each `path` is read."""\n',
        'def f(n_samples):\n    """Each ``samples`` row."""\n',
        'def f(key_func):\n    """Sort by the ``key`` of each item."""\n',
        'def f(use_cache):\n    """Store it in the ``cache``."""\n',
        'def f(fname_or_buffer):\n    """Read ``fname``."""\n',
        # the docstring names the parameter too: the plain word means something else
        'def f(input_data):\n    """Copy `data` into ``input_data``.\n\n    Args:\n'
        '        input_data: rows\n    """\n',
        # two parameters extend it: ambiguous
        'def f(input_data, raw_data):\n    """Each row of `data` is summed."""\n',
        # the word modifies a noun after it: English ("a `data` row")
        'def f(input_data):\n    """Sum each `data` row."""\n',
        # another callable's argument, named before it
        'def f(input_data):\n    """The callback takes an argument `data`."""\n',
        # emphasis is English stress as often
        'def f(input_data):\n    """Each row of *data* is summed."""\n',
    ],
)
def test_plain_word_controls_are_silent(tmp_path: Path, code: str) -> None:
    assert _stale(tmp_path, code) == []


def test_javadoc_code_markup_plain_word_extended(tmp_path: Path) -> None:
    code = """\
package p;

public class C {
    /**
     * Sums each row of {@code data}.
     *
     * @return the sum
     */
    public int sum(int[] inputData) {
        return inputData.length;
    }
}
"""
    found = _stale(tmp_path, code, "C.sum", filename="C.java")
    hint = "rename `data` to `inputData` in this sentence"
    assert found == [("Sums each row of {@code data}.", hint)]
    control = code.replace("Sums each row", "Sums the {@code inputData}; each row")
    assert _stale(tmp_path / "c", control, "C.sum", filename="C.java") == []


@pytest.mark.parametrize(
    ("name", "param", "expected"),
    [
        ("data", "input_data", True),
        ("seq", "seq_obj", True),
        ("path", "path_list", False),
        ("cache", "use_cache", False),
        ("point", "points", False),
        ("seq", "seq", False),
    ],
)
def test_plain_affix(name: str, param: str, expected: bool) -> None:
    assert plain_affix(name, param) is expected
