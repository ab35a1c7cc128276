"""Return claims read in session 31 (prose recall): "`True` for ..." is a flag claim (narwhals'
``_is_multi_output_unnamed`` made ``-> int``), and an untyped Returns entry's appositive names
the kind ("the share of failures, a float in ``[0, 1]``", the s16 prose probe)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import static_input


def _flagged(tmp_path: Path, code: str) -> list[str]:
    inp = static_input(tmp_path, code, "f")
    return [inp.source[f.start : f.end] for f in c2_prose_return_type(inp)]


SUMMARY = '''
def f(x: list) -> {ret}:
    """{summary}"""
    return x
'''


@pytest.mark.parametrize(
    ("summary", "bad", "good"),
    [
        ("Return `True` for multi-output aggregations without names.", "int", "bool"),
        ("Returns ``False`` for an empty list.", "str", "bool"),
    ],
)
def test_true_for_is_a_flag_claim(tmp_path: Path, summary: str, bad: str, good: str) -> None:
    assert len(_flagged(tmp_path / "bad", SUMMARY.format(summary=summary, ret=bad))) == 1
    assert _flagged(tmp_path / "good", SUMMARY.format(summary=summary, ret=good)) == []


@pytest.mark.parametrize(
    "summary",
    [
        "Return `True` for example when empty, else the count.",  # an example, an alternative
        "Return the count, `True` for an empty list.",  # not the claim's start
    ],
)
def test_true_for_traps(tmp_path: Path, summary: str) -> None:
    assert _flagged(tmp_path, SUMMARY.format(summary=summary, ret="int")) == []


ENTRY = '''
def f(x: list) -> {ret}:
    """Failures over all workers.

    :returns: {entry}
    """
    return x
'''


@pytest.mark.parametrize(
    ("entry", "bad", "good"),
    [
        ("the share of failures, a float in ``[0, 1]``.", "int", "float"),
        ("the names of the workers, a list of strings.", "str", "list[str]"),
        ("the worker's label, a string such as ``'w1'``.", "int", "str"),
    ],
)
def test_an_entrys_appositive_names_the_kind(
    tmp_path: Path, entry: str, bad: str, good: str
) -> None:
    [said] = _flagged(tmp_path / "bad", ENTRY.format(entry=entry, ret=bad))
    assert said.startswith(":returns:")
    assert _flagged(tmp_path / "good", ENTRY.format(entry=entry, ret=good)) == []


@pytest.mark.parametrize(
    "entry",
    [
        # an appositive of something else than the value
        "the count of workers (each one, a string) that failed.",
    ],
)
def test_appositive_traps(tmp_path: Path, entry: str) -> None:
    assert _flagged(tmp_path, ENTRY.format(entry=entry, ret="int")) == []


def test_a_comma_after_a_case_is_no_appositive_but_the_case_claim(tmp_path: Path) -> None:
    # the comma after a clause, not after the value's noun: no appositive; since session 36
    # (pr36) the entry opening with its case claims what follows it, "a string" when the queue
    # is empty -- which ``-> int`` contradicts and ``-> int | str`` holds
    entry = "if the queue is empty, a string naming the reason."
    assert len(_flagged(tmp_path / "bad", ENTRY.format(entry=entry, ret="int"))) == 1
    assert _flagged(tmp_path / "good", ENTRY.format(entry=entry, ret="int | str")) == []
