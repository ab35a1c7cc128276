"""Static rules: false-alarm patterns of the held-out precision round 13 (mne, nilearn,
diffusers, lifelines, invoke, ...), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import rule_ids

_FORMS = {
    "google": '''
def f(original_size: ANN = None):
    """Resize.

    Args:
        original_size (DOC, *optional*, defaults to (1024, 1024)): The size.
    """
    return original_size
''',
    "numpy": '''
def f(original_size: ANN = None):
    """Resize.

    Parameters
    ----------
    original_size : DOC, optional
        The size.
    """
    return original_size
''',
}


@pytest.mark.parametrize("form", sorted(_FORMS))
@pytest.mark.parametrize(
    ("doc", "annotation", "reported"),
    [
        # round 13 (diffusers' SDXL pipelines, 137 findings): ``tuple[int]`` is "a tuple of
        # ints", not a one-item tuple
        ("tuple[int]", "tuple[int, int] | None", False),
        ("Tuple[int]", "Optional[Tuple[int, int, int]]", False),
        ("tuple[int]", "tuple[int] | None", False),
        # controls: the items contradict, or a fixed length differs
        ("tuple[str]", "tuple[int, int] | None", True),
        ("tuple[int, int, int]", "tuple[int, int] | None", True),
    ],
)
def test_a_one_item_tuple_documents_a_tuple_of_that_type(
    tmp_path: Path, form: str, doc: str, annotation: str, reported: bool
) -> None:
    header = "from typing import Optional, Tuple\n"
    code = header + _FORMS[form].replace("DOC", doc).replace("ANN", annotation)
    assert rule_ids(c2_param_type, tmp_path, code) == (["C2-PARAM-TYPE"] if reported else [])


_ALTERNATION = '''
from typing import Optional


def read_proc_stdout(num_bytes: int) -> ANN:
    """Read from the process's stdout.

    :returns: CLAIM
    """
    return None
'''


@pytest.mark.parametrize(
    ("claim", "annotation", "reported"),
    [
        # round 13 (invoke's ``Runner.read_proc_stdout``): "string/bytes" names two kinds
        ("A string/bytes object.", "Optional[bytes]", False),
        # controls: one kind, contradicted
        ("A string object.", "Optional[bytes]", True),
        ("A list/tuple of strings.", "Optional[bytes]", False),
    ],
)
def test_an_alternation_of_kinds_is_no_single_claim(
    tmp_path: Path, claim: str, annotation: str, reported: bool
) -> None:
    code = _ALTERNATION.replace("CLAIM", claim).replace("ANN", annotation)
    found = rule_ids(c2_prose_return_type, tmp_path, code, "read_proc_stdout")
    assert found == (["C2-PROSE-RETURN-TYPE"] if reported else [])
