"""A rule family's one pass per function (:func:`per_function`): a default rule and its
opt-in twin filter the same candidates, computed once for the two."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from docref.checks.static.base import StaticInput, per_function, run_rules
from docref.checks.static.types_rules import c2_param_type, c2_param_weak
from docref.core.findings import Criterion, Finding

from tests.static_helpers import static_input

CODE = '''
class Gadget:
    pass


def scale(x: int, gadget: Gadget) -> int:
    """Scale a value.

    Args:
        x (str): the value.
        gadget (str): what it is scaled for.
    """
    return x
'''


def _input(tmp_path: Path) -> StaticInput:
    return static_input(tmp_path, CODE, "scale")


def test_the_family_runs_once_per_function_and_arguments(tmp_path: Path) -> None:
    calls: list[str] = []

    @per_function
    def family(inp: StaticInput, rule: str) -> list[Finding]:
        calls.append(rule)
        segment = inp.docstring.segments[0]
        return [inp.finding(segment, Criterion.C2, rule, "m")]

    inp = _input(tmp_path)
    first = family(inp, "A")
    second = family(inp, "A")
    assert calls == ["A"]
    assert first == second
    first.clear()  # a caller filtering in place does not change what the next one gets
    assert len(family(inp, "A")) == 1
    family(inp, "B")
    assert calls == ["A", "B"]
    family(_input(tmp_path), "A")  # another input (a re-check) computes afresh
    assert calls == ["A", "B", "A"]
    other = replace(inp, function=replace(inp.function, name="other"))
    assert other.shared is inp.shared  # replace keeps the Shared: the key tells them apart
    family(other, "A")
    assert calls == ["A", "B", "A", "A"]


def test_a_family_that_fails_fails_for_each_rule(tmp_path: Path) -> None:
    calls: list[int] = []

    @per_function
    def family(inp: StaticInput) -> list[Finding]:
        calls.append(1)
        raise ValueError("bug")

    def rule_a(inp: StaticInput) -> list[Finding]:
        return family(inp)

    def rule_b(inp: StaticInput) -> list[Finding]:
        return family(inp)

    errors: list[str] = []
    assert run_rules(_input(tmp_path), (rule_a, rule_b), errors) == []
    assert len(calls) == 2  # nothing cached from a failure: each rule reports it
    assert [e.split("rule ")[1].split()[0] for e in errors] == ["rule_a", "rule_b"]


def test_the_twins_split_one_pass_as_separate_passes_did(tmp_path: Path) -> None:
    inp = _input(tmp_path)
    together = run_rules(inp, (c2_param_type, c2_param_weak), [])
    assert len(inp.shared.families) == 1  # C2-PARAM-TYPE's pass, once for both ids
    apart = c2_param_type(_input(tmp_path)) + c2_param_weak(_input(tmp_path))
    assert together == apart
    assert [(f.rule, f.segment_text.split()[0]) for f in together] == [
        ("C2-PARAM-TYPE", "x"),  # two builtins: corroborated
        ("C2-PARAM-TYPE-WEAK", "gadget"),  # a project class: not corroborated
    ]
