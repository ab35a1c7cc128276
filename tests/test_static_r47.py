"""Static rules: mechanism gaps behind round 47's false alarms (session 23's public tuning
round: skforecast, sbi, aeon), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.types_returns import c2_return_type
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import static_input

_RETURNS = {
    "google": '"""Wrap.\n\n    Returns:\n        {doc}: The wrapped function.\n    """',
    "numpy": '"""Wrap.\n\n    Returns\n    -------\n    {doc}\n'
    '        The wrapped function.\n    """',
    "rest": '"""Wrap.\n\n    :returns: The wrapped function.\n    :rtype: {doc}\n    """',
}

_WRAPS = """
from functools import wraps
from typing import Callable, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def manage(func: Callable[P, R]) -> Callable[P, R]:
    {doc}

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        return func(*args, **kwargs)

    return wrapper
"""


@pytest.mark.parametrize("style", sorted(_RETURNS))
@pytest.mark.parametrize(
    ("documented", "expected"),
    [("Callable[P, R]", 0), ("Callable[[int], R]", 1), ("Callable[Q, R]", 1)],
    ids=["same-paramspec", "control-parameter-list", "control-other-paramspec"],
)
def test_a_callable_over_a_paramspec_documented_as_annotated_is_the_same_type(
    tmp_path: Path, style: str, documented: str, expected: int
) -> None:
    # round 47 (skforecast ``manage_warnings``, 1 FALSE): ``Callable[P, R]`` documented for
    # ``-> Callable[P, R]`` -- the docstring parser reads the list-less ``P`` as a parameter
    # list (``Callable[[P], R]``); the annotation's ``P`` is the ParamSpec itself.  A written
    # parameter list and another ParamSpec's name stay contradicted.
    code = _WRAPS.format(doc=_RETURNS[style].format(doc=documented))
    found = c2_return_type(static_input(tmp_path, code, "manage"))
    assert len(found) == expected, [f.message for f in found]


_PARAM_DOCS = {
    "google": '"""Apply.\n\n    Args:\n        resets ({doc}): Pairs of keys and callbacks.\n'
    '    """',
    "numpy": '"""Apply.\n\n    Parameters\n    ----------\n    resets : {doc}\n'
    '        Pairs of keys and callbacks.\n    """',
    "rest": '"""Apply.\n\n    :param resets: Pairs of keys and callbacks.\n'
    '    :type resets: {doc}\n    """',
}

_APPLY = """
from typing import Callable


def apply(resets: {annotation}) -> None:
    {doc}
    for keys, callback in resets:
        callback()
"""


@pytest.mark.parametrize("style", sorted(_PARAM_DOCS))
@pytest.mark.parametrize(
    ("documented", "annotation", "expected"),
    [
        ("tuple of (set, callable)", "tuple[tuple[set[str], Callable[[], None]], ...]", 0),
        ("tuple of (str, int)", "tuple[str, int]", 0),
        ("tuple of (str, int)", "tuple[tuple[str, bytes], ...]", 1),
        ("tuple of (str, int)", "tuple[str, bytes]", 1),
        ("tuple of (set, callable)", "dict[str, Callable[[], None]]", 1),
    ],
    ids=[
        "tuple-of-pairs",
        "the-pair-itself",
        "control-pairs-of-other-items",
        "control-pair-of-other-items",
        "control-mapping",
    ],
)
def test_tuple_of_a_parenthesised_group_reads_as_a_tuple_of_such_groups_too(
    tmp_path: Path, style: str, documented: str, annotation: str, expected: int
) -> None:
    # round 47 (skforecast ``_apply_set_params``, 1 FALSE): "resets : tuple of (set,
    # callable)" for ``tuple[tuple[set[str], Callable[[], None]], ...]`` -- a tuple whose
    # items are (set, callable) pairs; read before only as the pair ``tuple[set, Callable]``.
    # Both readings are kept; items the annotation does not hold, and a mapping, stay
    # contradicted.
    doc = _PARAM_DOCS[style].format(doc=documented)
    code = _APPLY.format(doc=doc, annotation=annotation)
    found = c2_param_type(static_input(tmp_path, code, "apply"))
    assert len(found) == expected, [f.message for f in found]


_SAMPLERS = {
    "google": '"""Sample.\n\n    Args:\n        method: One of {methods}. The samplers ending on\n'
    '            `_pyro` use Pyro.\n    """',
    "numpy": '"""Sample.\n\n    Parameters\n    ----------\n    method : str\n'
    '        One of {methods}. The samplers ending on\n        `_pyro` use Pyro.\n    """',
    "rest": '"""Sample.\n\n    :param method: One of {methods}. The samplers ending on\n'
    '        `_pyro` use Pyro.\n    """',
}

_SAMPLE = """
def _pyro_mcmc(method):
    return method


def sample(method: str = "slice_np") -> str:
    {doc}
    if method.endswith("pyro"):
        return _pyro_mcmc(method)
    return method
"""


@pytest.mark.parametrize("style", sorted(_SAMPLERS))
@pytest.mark.parametrize(
    ("methods", "expected"),
    [("`slice_np`, `hmc_pyro`, `nuts_pyro`", 0), ("`slice_np`, `hmc_pyro`", 1)],
    ids=["suffix-of-two-names", "control-one-name"],
)
def test_a_quoted_suffix_that_two_words_of_the_docstring_end_with_is_a_family(
    tmp_path: Path, style: str, methods: str, expected: int
) -> None:
    # round 47 (sbi ``MCMCPosterior.__init__``, 2 FALSE): "the samplers ending on `_pyro`"
    # after `hmc_pyro`, `nuts_pyro` -- the suffix the docstring's method names share, as
    # ``the _codepoint arguments`` names a family of parameters.  A suffix only one word of
    # the docstring ends with stays judged as a name (here ``_pyro_mcmc``'s old name).
    doc = _SAMPLERS[style].format(methods=methods)
    found = c1_name_unresolved(static_input(tmp_path, _SAMPLE.format(doc=doc), "sample"))
    assert len(found) == expected, [f.message for f in found]


_WEIGHTS = '''
def set_weight_fn(weight_fn):
    """Set the weight function.

    Args:
        weight_fn: Function to compute the weights over time.{wrap}
        following:
            - "identity": constant weights,
            - a custom function.
    """
    return weight_fn
'''


@pytest.mark.parametrize(
    ("wrap", "expected"),
    [(" Can be one of the", 0), (" Can be either", 0), (" Can be one of these.", 1), ("", 1)],
    ids=["open-on-the", "open-on-either", "control-sentence-ended", "control-entry-ended"],
)
def test_a_bare_word_colon_line_after_a_line_left_open_continues_the_entry(
    tmp_path: Path, wrap: str, expected: int
) -> None:
    # round 47 (sbi ``ConditionalScoreEstimator._set_weight_fn``, 1 FALSE): ``weight_fn: ...
    # Can be one of the`` then ``following:`` at the entries' indent -- the sentence wrapped
    # unindented, not an entry named ``following``.  After a line that ends a sentence (or an
    # entry that ends without one) the ``following:`` line stays an entry, and unknown.
    code = _WEIGHTS.format(wrap=wrap)
    found = c1_param_unknown(static_input(tmp_path, code, "set_weight_fn"))
    assert len(found) == expected, [f.message for f in found]
