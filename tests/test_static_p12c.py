"""Static rules: mechanism gaps behind round 13's false and debatable findings (lifelines,
diffusers, mne, nilearn, sanic), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.optional_flag import c2_optional_flag
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import c3_returns_without_value
from docref.checks.static.types_rules import c2_param_type, c2_param_weak, c2_return_type

from tests.static_helpers import rule_ids, run_rule, static_input

_EFRON = '''
from typing import Tuple


def efron(d: int) -> Tuple[list, list, float]:
    """Differentials.

    Returns
    -------
    RETURNS
    """
    return [], [], 0.0
'''


@pytest.mark.parametrize(
    ("returns", "names", "reported"),
    [
        # round 13 (lifelines ``_get_efron_values_single``): ``name:`` alone on its line, its
        # type and description below, is a named entry of its own, not prose of the next one
        (
            "hessian:\n        (d, d) numpy array,\n    gradient:\n        (1, d) numpy array\n"
            "    log_likelihood: float",
            ["hessian", "gradient", "log_likelihood"],
            False,
        ),
        (
            "hessian: (d, d) numpy array,\n    gradient: (1, d) numpy array\n"
            "    log_likelihood: float",
            ["hessian", "gradient", "log_likelihood"],
            False,
        ),
        # control: one entry, contradicted by the tuple annotation, stays reported
        ("log_likelihood: float\n        The value.", ["log_likelihood"], True),
        # control: a ``word:`` line with nothing indented below is no named entry (the rule
        # is silent still: two entries, see test_numpy_returns_that_document_tuple_items)
        ("hessian:\n    log_likelihood: float", ["log_likelihood"], False),
        # control: a ``word: …`` line wrapped onto a line that is no ``name:`` line is prose
        ("hessian: (d, d) numpy array, wrapped\n    onto a second line: float", [], False),
    ],
)
def test_a_name_colon_line_is_a_numpy_returns_entry(
    tmp_path: Path, returns: str, names: list[str], reported: bool
) -> None:
    inp = static_input(tmp_path, _EFRON.replace("RETURNS", returns), "efron")
    found = [s.name for s in inp.docstring.segments if s.kind == "returns" and s.name]
    assert found == names
    rules = [f.rule for f in c2_return_type(inp)]
    assert rules == (["C2-RETURN-TYPE"] if reported else [])


_ALPHA_BAR = '''
import math


def alpha_bars(t):
    return math.cos(t) ** 2


def betas_for_alpha_bar(steps: int, alpha_transform_type: str = "cosine") -> list:
    """Create a beta schedule.

    INTRO

    Args:
        steps (`int`): The number of betas to produce.
        alpha_transform_type (`str`): The type of noise schedule for `alpha_bar`.
    """
    return [alpha_bars(i / steps) for i in range(steps)]
'''


@pytest.mark.parametrize(
    ("intro", "reported"),
    [
        # round 13 (diffusers' ``betas_for_alpha_bar``, 27 clones): the docstring introduces
        # the symbol it then names in backticks (there beside a nested ``alpha_bar_fn``, which
        # the C1-NAME-DERIVED shape also covers since; here a helper one letter longer)
        ("Contains a function alpha_bar that takes an argument t.", False),
        ("Uses a function `alpha_bar` which maps t to the product.", False),
        # controls: nothing introduces it, or "the function" refers to one (maybe renamed)
        ("Contains the cumulative product over time.", True),
        ("Calls the function alpha_bar that takes an argument t.", True),
    ],
)
def test_a_symbol_the_docstring_introduces_is_not_unresolved(
    tmp_path: Path, intro: str, reported: bool
) -> None:
    code = _ALPHA_BAR.replace("INTRO", intro)
    rules = rule_ids(c1_name_unresolved, tmp_path, code, "betas_for_alpha_bar")
    # reported as a name in nothing's scope with the did-you-mean `alpha_bars` (the function's
    # own name ending in ``_alpha_bar`` is no wrapper of it: no imported module prefixes it)
    assert rules == (["C1-NAME-UNRESOLVED"] if reported else [])


_ENCODE = '''
def encode_prompt(prompt: str, prompt_2: str, prompt_embeds: list | None = None) -> list:
    """Encode.

    Args:
        prompt (`str`, *optional*): The prompt.
        prompt_2 (`str`, *optional*): Sent to the second encoder. If not defined, `prompt` is used.
        prompt_embeds (`list`, *optional*): Pre-generated embeddings.
    """
    BODY
'''


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        # round 13 (diffusers' ``encode_prompt``): read only when the alternative is not given,
        # or replaced by a fallback when falsy -- None is fine in practice
        (
            "prompt = [prompt] if isinstance(prompt, str) else prompt\n"
            "    if prompt_embeds is None:\n"
            "        prompt_2 = prompt_2 or prompt\n"
            "        prompt_embeds = [prompt, prompt_2]\n"
            "    return prompt_embeds",
            [],
        ),
        # controls: read unconditionally, or under a test of something else
        (
            "prompt_embeds = [prompt, prompt_2]\n    return prompt_embeds",
            ["prompt", "prompt_2"],
        ),
        (
            "if len(prompt) > 3:\n        prompt_2 = prompt_2 or prompt\n    return [prompt_2]",
            ["prompt"],
        ),
    ],
)
def test_a_parameter_read_only_without_its_alternative_is_optional(
    tmp_path: Path, body: str, reported: list[str]
) -> None:
    found = run_rule(c2_optional_flag, tmp_path, _ENCODE.replace("BODY", body), "encode_prompt")
    assert [f.message.split('"')[1] for f in found] == reported


_EVENT = '''
def event(name: str) -> None:
    """Wait for an event.

    Returns:
        The context dict of the event.
    """
    BODY
'''


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        # round 13 (sanic ``Sanic.event``, lifelines ``check_assumptions``): the body returns
        # the value the docstring describes; ``-> None`` is what is wrong
        ("context = {'name': name}\n    return context", False),
        # controls: the body returns nothing, or only ``None``
        ("print(name)", True),
        ("if not name:\n        return None\n    print(name)", True),
    ],
)
def test_a_none_annotation_the_body_contradicts_does_not_blame_the_docstring(
    tmp_path: Path, body: str, reported: bool
) -> None:
    rules = rule_ids(c2_prose_return_type, tmp_path, _EVENT.replace("BODY", body), "event")
    assert rules == (["C2-PROSE-RETURN-TYPE"] if reported else [])


_CHECK_NDIMS = '''
def check_ndims(data: list, dim: int) -> None:
    """Check the data has a given dimension.

    Returns
    -------
    RETURNS
    """
    if len(data) != dim:
        raise ValueError("wrong dimension")
'''


@pytest.mark.parametrize(
    ("returns", "reported"),
    [
        # round 13 (nilearn ``PolyData._check_ndims``): a Raises sentence written under
        # Returns claims no return value
        ("raise ValueError if the data is not of the given\ndimension.", False),
        ("Raises `ValueError` when the dimension differs.", False),
        # controls: a value is claimed (the raise is a side remark, or the word starts a name)
        ("ok : bool\n    True, or raise ValueError if not.", True),
        ("raised_count : int\n    How many checks failed.", True),
    ],
)
def test_a_raise_sentence_under_returns_claims_no_value(
    tmp_path: Path, returns: str, reported: bool
) -> None:
    code = _CHECK_NDIMS.replace("RETURNS", returns.replace("\n", "\n    "))
    rules = rule_ids(c3_returns_without_value, tmp_path, code, "check_ndims")
    assert rules == (["C3-RETURNS-YIELDS"] if reported else [])


_DECORATOR = '''
def DECORATOR(replacement_params):
    """Deprecate parameters."""

    def _replace_params(func):
        def wrapper(*args, **kwargs):
            _warn_deprecated_params(replacement_params, kwargs)
            return func(*args, **kwargs)

        return wrapper

    return _replace_params


def OTHER(removed_params):
    """Remove parameters."""

    def _remove_params(func):
        return func

    return _remove_params


def _warn_deprecated_params(replacement_params, kwargs):
    """Warn about deprecated parameters, for the decorator MENTION."""
    return set(kwargs) & set(replacement_params)
'''


@pytest.mark.parametrize(
    ("decorator", "other", "mention", "hint"),
    [
        # round 13 (nilearn ``_warn_deprecated_params``): a call names the renamed function
        # (of two one word away, the one whose wrapper calls the documented function), not
        # the parameter that shares its words
        ("rename_parameters", "remove_parameters", "replace_parameters()", "rename_parameters"),
        ("rename_parameters", "strip", "replace_parameters()", "rename_parameters"),
        # controls: no function one word away, or the name is not called
        ("deprecate", "strip", "replace_parameters()", "replacement_params"),
        ("rename_parameters", "strip", "`replace_parameters`", "replacement_params"),
    ],
)
def test_a_called_stale_name_hints_the_function(
    tmp_path: Path, decorator: str, other: str, mention: str, hint: str
) -> None:
    code = _DECORATOR.replace("DECORATOR", decorator).replace("MENTION", mention)
    code = code.replace("OTHER", other)
    found = run_rule(c1_name_unresolved, tmp_path, code, "_warn_deprecated_params")
    assert [(f.rule, f.fix_hint) for f in found] == [
        ("C1-PROSE-NAME-STALE", f"rename `replace_parameters` to `{hint}` in this sentence")
    ]


_ITEMS = '''
from typing import Union


def items(start: int) -> ANN:
    """Find.

    Returns
    -------
    RETURNS
    """
    return None, None
'''


@pytest.mark.parametrize(
    ("returns", "annotation", "reported"),
    [
        # round 14 (pyvista ``intersect_with_line``): one type per item of the tuple
        ("list, dict\n    Tuple of a list and a dict.", "tuple[list, dict]", False),
        # round 14 (napari ``_get_index_and_intersection``): an entry without its colon
        # before a named one -- two entries, the items of a tuple
        (
            "value Union[None, float, int]\n    The value.\n"
            "point : Union[None, list]\n    The point.",
            "tuple[float | int | None, list | None]",
            False,
        ),
        # round 15 (sktime ``_assign_clusters``): two unnamed entries, the first type line
        # with a nested parenthetical
        (
            "list (1d list of shape (n_instance,))\n    The labels.\nfloat\n    The inertia.",
            "tuple[list, float]",
            False,
        ),
        # controls: an item contradicted; a single named entry for the whole tuple
        ("list, list\n    Tuple of lists.", "tuple[list, dict]", True),
        ("point : Union[None, list]\n    The point.", "tuple[float | None, list | None]", True),
    ],
)
def test_numpy_returns_that_document_tuple_items(
    tmp_path: Path, returns: str, annotation: str, reported: bool
) -> None:
    code = _ITEMS.replace("ANN", annotation).replace("RETURNS", returns.replace("\n", "\n    "))
    rules = rule_ids(c2_return_type, tmp_path, code, "items")
    assert rules == (["C2-RETURN-TYPE"] if reported else [])


_PARAM = '''
from typing import Callable, SupportsFloat, Union

import numpy as np


def f(value: ANN) -> None:
    """Use the value.

    Parameters
    ----------
    value : DOC
        The value.
    """
    print(value)
'''


@pytest.mark.parametrize(
    ("doc", "annotation", "reported"),
    [
        # round 14 (pyvista ``voxelize``): the argument list written without its brackets
        ("Callable[int, str], optional", "Callable[[int], str] | None", False),
        # round 14 (gymnasium ``TransformReward.reward``): numbers implement SupportsFloat
        ("Union[float, int, np.ndarray]", "SupportsFloat", False),
        ("int", "SupportsIndex", False),
        # controls: another argument or return type; a string supports no float()
        ("Callable[int, bytes], optional", "Callable[[int], str] | None", True),
        ("Callable[str, str], optional", "Callable[[int], str] | None", True),
        ("str", "SupportsFloat", True),
    ],
)
def test_informal_callables_and_number_protocols(
    tmp_path: Path, doc: str, annotation: str, reported: bool
) -> None:
    header = "from typing import SupportsIndex\n"
    code = header + _PARAM.replace("DOC", doc).replace("ANN", annotation)
    found = run_rule(c2_param_type, tmp_path, code, "f")
    assert [f.rule for f in found] == (["C2-PARAM-TYPE"] if reported else [])


_OPENER = '''
class Opener:
    """Open a file."""

    def __init__(self, name: str) -> None:
        self.name = name

    def METHOD(self, n: int = -1) -> bytes:
        return b""


def get_fileobj(name: str) -> Opener:
    """Open.

    Returns
    -------
    fileobj : file-like object
        Positioned at the start.
    """
    return Opener(name)
'''


@pytest.mark.parametrize(
    ("method", "reported"),
    [
        # round 14 (nibabel ``FileHolder.get_prepare_fileobj``): "file-like" is a duck type
        ("read", False),
        ("write", False),
        # control: a class that neither reads nor writes is no file
        ("size", True),
    ],
)
def test_a_reading_class_is_file_like(tmp_path: Path, method: str, reported: bool) -> None:
    code = _OPENER.replace("METHOD", method)
    rules = rule_ids(c2_return_type, tmp_path, code, "get_fileobj")
    assert rules == (["C2-RETURN-TYPE"] if reported else [])


_PROSE = '''
from typing import Optional


def f(preds: list, threshold: float = 0.5, min_args: Optional[int] = None) -> None:
    """Score.

    PROSE

    Args:
        preds: The predictions.
        threshold: The threshold.
        min_args: MIN_ARGS
    """
    print(preds, threshold, min_args)
'''


@pytest.mark.parametrize(
    ("prose", "min_args", "reported"),
    [
        # round 14 (kornia ``mean_average_precision``): the exclusion is not the subject
        (
            "Every argument but ``preds`` and ``threshold`` is a list with one item.",
            "The count.",
            [],
        ),
        # round 14 (lightning ``is_param_in_hook_signature``): the test the number drives
        ("Scores.", "whether the `hook` has at least `min_args` parameters.", []),
        # controls: the name is the subject; a flag entry that does not use it as a number
        ("Note that ``threshold`` is a list with one item.", "The count.", ["threshold"]),
        ("Scores.", "whether to check the `hook` arguments.", ["min_args"]),
    ],
)
def test_excluded_names_and_whether_on_a_number(
    tmp_path: Path, prose: str, min_args: str, reported: list[str]
) -> None:
    code = _PROSE.replace("PROSE", prose).replace("MIN_ARGS", min_args)
    found = run_rule(c2_prose_param_type, tmp_path, code, "f")
    assert [f.message.split('"')[1] for f in found] == reported


@pytest.mark.parametrize(
    ("returns", "reported"),
    [
        # round 15 (sktime ``__setstate__``): a lone dash placeholder under Returns
        ("-", False),
        # control: a value claimed
        ("state : dict\n    The state.", True),
    ],
)
def test_a_dash_placeholder_claims_no_value(tmp_path: Path, returns: str, reported: bool) -> None:
    code = _CHECK_NDIMS.replace("RETURNS", returns.replace("\n", "\n    "))
    rules = rule_ids(c3_returns_without_value, tmp_path, code, "check_ndims")
    assert rules == (["C3-RETURNS-YIELDS"] if reported else [])


_SERIAL = '''
def set_serial_number(serial: int) -> None:
    """Set the serial number.

    :return: RETURN
    """
    print(serial)
'''


@pytest.mark.parametrize(
    ("claim", "reported"),
    [
        # round 15 (pyOpenSSL ``X509.set_serial_number``): a role missing its closing colon
        (":py:data`None`", False),
        (":py:data:`None`", False),
        # control: a value claimed
        ("The serial.", True),
    ],
)
def test_none_in_a_malformed_role(tmp_path: Path, claim: str, reported: bool) -> None:
    code = _SERIAL.replace("RETURN", claim)
    found = run_rule(c3_returns_without_value, tmp_path, code, "set_serial_number")
    assert [f.rule for f in found] == (["C3-RETURNS-YIELDS"] if reported else [])


_WEIGHTS = '''
from typing import Optional

from numpy.typing import ArrayLike


def salience(weights: ANN = None) -> None:
    """Salience.

    Parameters
    ----------
    weights : DOC
        The weights.
    """
    print(weights)
'''


@pytest.mark.parametrize(
    ("doc", "annotation", "reported"),
    [
        # round 15 (librosa ``salience``): numpydoc's "list-like" for ArrayLike
        ("list-like", "Optional[ArrayLike]", False),
        ("list-like", "ArrayLike", False),
        # controls: "list-like" for a number, a mapping for ArrayLike
        ("list-like", "Optional[int]", True),
        ("dict", "Optional[ArrayLike]", True),
    ],
)
def test_list_like_documents_an_array_like(
    tmp_path: Path, doc: str, annotation: str, reported: bool
) -> None:
    code = _WEIGHTS.replace("DOC", doc).replace("ANN", annotation)
    inp = static_input(tmp_path, code, "salience")
    found = c2_param_type(inp) + c2_param_weak(inp)  # NumPy's ArrayLike: the opt-in part
    assert bool(found) is reported


_NOT_BEFORE = '''
from typing import Optional


def get_not_before() -> Optional[bytes]:
    """Get the timestamp.

    :return: A timestamp string, or None if there is none.
    :rtype: RTYPE
    """
    return None
'''


@pytest.mark.parametrize(
    ("rtype", "reported"),
    [
        # round 15 (pyOpenSSL ``get_notBefore``): the type field agrees with the annotation;
        # "a timestamp string" tells the content
        ("bytes or NoneType", False),
        # control: the type field disagrees too (C2-RETURN-TYPE's), the prose is judged
        ("int", True),
    ],
)
def test_an_agreeing_type_field_speaks_for_the_return_text(
    tmp_path: Path, rtype: str, reported: bool
) -> None:
    code = _NOT_BEFORE.replace("RTYPE", rtype)
    found = run_rule(c2_prose_return_type, tmp_path, code, "get_not_before")
    assert [f.rule for f in found] == (["C2-PROSE-RETURN-TYPE"] if reported else [])
