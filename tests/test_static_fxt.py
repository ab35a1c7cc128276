"""Session 16 (fxt, issue 12): type and default mechanisms found on rounds 13-20's false alarms,
each with a consistent control beside it that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.types_rules import c2_param_type
from docref.checks.types import parse_doc_type

from tests.names_helpers import messages
from tests.static_helpers import run_rule

# ---- loose tuple notation inside a generic: ``List[(str, str)]`` (round 20, dagster) -------


@pytest.mark.parametrize(
    ("text", "rendered"),
    [
        ("List[(str, str)]", "list[tuple[str, str]]"),
        ("Dict[str, (int, int)]", "dict[str, tuple[int, int]]"),
        ("(str, str)", "tuple[str, str]"),
        # without parentheses the arguments stay the generic's own
        ("Tuple[int, int]", "tuple[int, int]"),
        ("Dict[str, int]", "dict[str, int]"),
        ('Literal[("a", "b")]', "Literal['a', 'b']"),
        ("Union[(int, str)]", "int | str"),
    ],
)
def test_a_parenthesised_tuple_argument_is_a_tuple(text: str, rendered: str) -> None:
    parsed = parse_doc_type(text)
    assert parsed is not None
    assert parsed.render() == rendered


_PAIRS = '''
from collections.abc import Sequence

def load(defs: {annotation}) -> None:
    """Load the definitions.

    Args:
        defs (List[(str, str)]): The (module, file) pairs to load.
    """
'''


@pytest.mark.parametrize(
    ("annotation", "flagged"),
    [
        ("Sequence[tuple[str, str]]", False),
        ("list[tuple[str, str]]", False),
        # controls: the pairs' items or the container differ
        ("Sequence[tuple[int, int]]", True),
        ("Sequence[str]", True),
        ("dict[str, str]", True),
    ],
)
def test_a_list_of_parenthesised_pairs(tmp_path: Path, annotation: str, flagged: bool) -> None:
    code = _PAIRS.format(annotation=annotation)
    found = messages(run_rule(c2_param_type, tmp_path, code, "load"))
    expected = f'documents defs as "List[(str, str)]", but the signature says {annotation}'
    assert found == ([expected] if flagged else [])


# ---- a documented default read verbatim: backslashes are characters (round 16, tortoise) ----

_ESCAPE = '''
def like(field, escape={default}):
    """Build a LIKE filter.

    :param field: The field.
    :param escape: The escape clause to use. Defaults to " ESCAPE '\\\\'".
    """
    return field, escape
'''


def test_a_documented_default_with_a_backslash_read_verbatim(tmp_path: Path) -> None:
    # the docstring's text is `` ESCAPE '\'`` (one backslash): the signature's value
    code = _ESCAPE.format(default='''" ESCAPE '\\\\'"''')
    assert run_rule(c2_default_mismatch, tmp_path, code, "like") == []
    # the control: another escape character is still reported
    other = _ESCAPE.format(default='''" ESCAPE '!'"''')
    found = messages(run_rule(c2_default_mismatch, tmp_path / "other", other, "like"))
    assert found == [
        """documents default " ESCAPE '\\'" for "escape", but the signature default is """
        """" ESCAPE '!'\""""
    ]
