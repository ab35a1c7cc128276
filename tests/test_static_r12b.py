"""Static rules: the C2/C3 false-alarm patterns of precision round 12b (held-out projects:
torchvision, biopython, langchain-core, ...) and round 11's last debatable shapes, each with a
control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_loose, c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_inferred, c2_prose_return_type
from docref.checks.static.returns_raises import (
    c3_raises_generic,
    c3_raises_unraised,
    c3_returns_vs_yields,
    c3_returns_without_value,
)
from docref.checks.static.types_rules import c2_param_type, c2_param_weak, c2_return_type

from tests.static_helpers import rule_ids

_MASK = '''
import numpy as np


class Syntax:
    pass


def f(selector: {annotation} = None):
    """Update the selected rows.

    :param {documented} selector: rows to update
    """
    return selector
'''


@pytest.mark.parametrize(
    ("documented", "annotation", "rules"),
    [
        # biopython ``IC_Chain.distance_plot``: ``[bool]`` is a boolean mask, an array of flags
        ("[bool]", "np.ndarray | None", []),
        # control: a list of flags is no string
        ("[bool]", "str | None", ["C2-PARAM-TYPE"]),
        # control: ``[Syntax]`` stays a decorated class name, compared as the class (a
        # project class: the opt-in C2-PARAM-TYPE-WEAK)
        ("[Syntax]", "int | None", ["C2-PARAM-TYPE-WEAK"]),
    ],
)
def test_a_bracketed_scalar_is_a_list_of_it(
    tmp_path: Path, documented: str, annotation: str, rules: list[str]
) -> None:
    code = _MASK.format(documented=documented, annotation=annotation)
    assert rule_ids([c2_param_type, c2_param_weak], tmp_path, code) == rules


_SEQUENCE = '''
from typing import Optional


def f(image_mean: {annotation} = None):
    """Normalise.

    Args:
        image_mean ({documented}): mean values used for input normalization.
    """
    return image_mean
'''


@pytest.mark.parametrize(
    ("documented", "annotation", "rules"),
    [
        # torchvision ``SSD``/``FCOS``: a tuple of floats for TorchScript's ``list[float]``
        ("Tuple[float, float, float]", "Optional[list[float]]", []),
        ("list of int", "tuple[int, ...]", []),
        # control: the items disagree, not only the sequence
        ("Tuple[str, str]", "Optional[list[float]]", ["C2-PARAM-TYPE"]),
        # control: a sequence for a number stays reported
        ("tuple", "Optional[float]", ["C2-PARAM-TYPE"]),
    ],
)
def test_a_sequence_documented_for_another_sequence_parameter(
    tmp_path: Path, documented: str, annotation: str, rules: list[str]
) -> None:
    code = _SEQUENCE.format(documented=documented, annotation=annotation)
    assert rule_ids(c2_param_type, tmp_path, code) == rules


def test_a_returned_list_documented_as_a_tuple_stays_reported(tmp_path: Path) -> None:
    # a return value is one concrete object: list for tuple was judged TRUE four times
    code = '''
    def f() -> tuple[str, ...]:
        """Devices.

        Returns:
            list[str]: the devices.
        """
        return ("cpu",)
    '''
    assert rule_ids(c2_return_type, tmp_path, code) == ["C2-RETURN-TYPE"]


_PROSE = '''
def f(data: dict) -> str:
    """{summary}

    Args:
        data: The dictionary.

    Returns:
        {returns}
    """
    return "".join(f"{{k}}: {{v}}" for k, v in data.items())
'''


@pytest.mark.parametrize(
    ("summary", "returns", "rules"),
    [
        # langchain-core ``stringify_dict``: the stringified dictionary is a string
        ("Stringify a dictionary.", "The stringified dictionary.", []),
        ("Stringify a dictionary.", "The serialized list of rows.", []),
        # control: a dictionary said of ``-> str`` stays reported
        ("Stringify a dictionary.", "The settings dictionary.", ["C2-PROSE-RETURN-TYPE"]),
        # biopython ``Edron.__repr__``: a clause about the tuple, not a claim that one comes back
        ("Tuple of AtomKeys is default repr string.", "", []),
        # control: the noun-phrase summary alone claims a tuple
        ("Tuple of AtomKeys.", "", ["C2-PROSE-RETURN-TYPE"]),
        ("Tuple of AtomKeys that are joined.", "", ["C2-PROSE-RETURN-TYPE"]),
    ],
)
def test_prose_return_claims_of_converted_nouns_and_clauses(
    tmp_path: Path, summary: str, returns: str, rules: list[str]
) -> None:
    code = _PROSE.format(summary=summary, returns=returns or "The text.")
    if not returns:
        code = code.replace("    Returns:\n        The text.\n", "")
    assert rule_ids(c2_prose_return_type, tmp_path, code) == rules


_GENERATOR = '''
from rich.console import RenderResult


def f(lines) {annotation}:
    """Render the lines.

    Returns:
        Segments of each line.
    """
    for line in lines:
        yield line
'''


@pytest.mark.parametrize(
    ("annotation", "rules"),
    [
        # textual ``Digits.render`` (round 11, DEBATABLE): ``RenderResult`` is rich's alias of
        # an iterable; a function that yields can only be annotated with one
        ("-> RenderResult", []),
        # control: no annotation, a generator documented under Returns
        ("", ["C3-RETURNS-YIELDS"]),
        # control: annotated with a plain value type
        ("-> str", ["C3-RETURNS-YIELDS"]),
    ],
)
def test_a_generator_annotated_with_an_unexpanded_alias_declares_an_iterable(
    tmp_path: Path, annotation: str, rules: list[str]
) -> None:
    code = _GENERATOR.format(annotation=annotation)
    assert rule_ids(c3_returns_vs_yields, tmp_path, code) == rules


_FLAG = '''
def f(ignore_self: {annotation} = 1):
    """Walk the parents.

    Args:
        ignore_self: If ``True``, the object itself is not returned.
    """
    return ignore_self
'''


@pytest.mark.parametrize(
    ("annotation", "rules", "default"),
    [
        # round 12 (GitPython ``ignore_self: int = 1``, astroid ``is_lazy: int = 0``): an int
        # the code spells 0/1 is a C-style flag the entry describes right
        ("int", [], "1"),
        ("int | None", [], "0"),
        # control: a flag said of a string (loose English for an enum-like string: opt-in)
        ("str", ["C2-PROSE-PARAM-LOOSE"], "1"),
        # control: a flag whose code default is a bool (``bool`` became ``int``): reported
        ("int", ["C2-PROSE-PARAM-TYPE"], "False"),
    ],
)
def test_a_flag_entry_on_an_int_parameter_is_a_c_style_flag(
    tmp_path: Path, annotation: str, rules: list[str], default: str
) -> None:
    code = _FLAG.format(annotation=annotation).replace("= 1)", f"= {default})")
    found = rule_ids(c2_prose_param_type, tmp_path, code)
    assert found + rule_ids(c2_prose_param_loose, tmp_path / "loose", code) == rules


def test_an_empty_returns_field_claims_nothing(tmp_path: Path) -> None:
    # round 12 (redis ``_start_event_loop_in_thread``): a template's empty ``:return:``
    template = '''
    def f(loop):
        """Start the loop.

        :param loop: the loop
        :return:{rest}
        """
        loop.run_forever()
    '''
    assert rule_ids(c3_returns_without_value, tmp_path / "a", template.format(rest="")) == []
    # control: a return value described on a function that returns none
    found = rule_ids(c3_returns_without_value, tmp_path / "b", template.format(rest=" the loop"))
    assert found == ["C3-RETURNS-YIELDS"]


def test_a_generator_annotated_with_a_union_of_iterators(tmp_path: Path) -> None:
    # round 12 (astroid ``nodes_of_class``: ``-> Iterator[A] | Iterator[B]``)
    code = '''
    from typing import Iterator


    def f(nodes) -> {annotation}:
        """Walk the nodes.

        :returns: the nodes of the class.
        """
        yield from nodes
    '''
    union = code.format(annotation="Iterator[int] | Iterator[str]")
    assert rule_ids(c3_returns_vs_yields, tmp_path / "a", union) == []
    # control: a union with a plain value type declares no iterable
    plain = code.format(annotation="Iterator[int] | str")
    assert rule_ids(c3_returns_vs_yields, tmp_path / "b", plain) == ["C3-RETURNS-YIELDS"]


_DISPATCHER = '''
import _umath


def array_function_dispatch(implementation):
    def wrap(dispatcher):
        return implementation
    return wrap


{decorator}
def dot(a, b, out=None):
    """Dot product.

    Raises
    ------
    ValueError
        If the last dimension of a is not the same size as the second-to-last of b.
    """
    return (a, b, out)
'''


@pytest.mark.parametrize(
    ("decorator", "rules"),
    [
        # round 12 (numpy ``dot``/``inner``/``bincount``): the decorator puts the C function
        # in the dispatcher's place; what raises is not this body
        ("@array_function_dispatch(_umath.dot)", []),
        # control: ``@staticmethod``-like decorators run the body as written
        # (a ValueError: the opt-in C3-RAISES-GENERIC's since session 12)
        ("", ["C3-RAISES-GENERIC"]),
    ],
)
def test_a_decorated_function_may_not_run_its_body(
    tmp_path: Path, decorator: str, rules: list[str]
) -> None:
    code = _DISPATCHER.format(decorator=decorator)
    assert rule_ids(c3_raises_unraised, tmp_path, code, "dot") == []
    assert rule_ids(c3_raises_generic, tmp_path / "g", code, "dot") == rules


def test_returned_values_evidence_is_the_opt_in_rule(tmp_path: Path) -> None:
    # claims judged against returned values (no annotation) are C2-PROSE-RETURN-INFERRED,
    # opt-in; the declared type's evidence stays C2-PROSE-RETURN-TYPE
    code = '''
    def f(rows){annotation}:
        """Return a dict of the names."""
        return [r.name for r in rows]
    '''
    bare = code.format(annotation="")
    assert rule_ids(c2_prose_return_type, tmp_path / "a", bare) == []
    assert rule_ids(c2_prose_return_inferred, tmp_path / "b", bare) == ["C2-PROSE-RETURN-INFERRED"]
    typed = code.format(annotation=" -> list[str]")
    assert rule_ids(c2_prose_return_type, tmp_path / "c", typed) == ["C2-PROSE-RETURN-TYPE"]
    assert rule_ids(c2_prose_return_inferred, tmp_path / "d", typed) == []


@pytest.mark.parametrize(
    ("returns", "rules"),
    [
        # round 9's unsampled mlflow finding: the dictionary is the noun, "string" its keys
        ("A dictionary mapping string keys to repositories.", []),
        # control: a string said of ``-> dict``
        ("A comma-separated string of the keys.", ["C2-PROSE-RETURN-TYPE"]),
    ],
)
def test_a_container_noun_before_string_is_what_comes_back(
    tmp_path: Path, returns: str, rules: list[str]
) -> None:
    code = f'''
    def f() -> dict[str, int]:
        """Registry.

        Returns:
            {returns}
        """
        return {{}}
    '''
    assert rule_ids(c2_prose_return_type, tmp_path, code) == rules
