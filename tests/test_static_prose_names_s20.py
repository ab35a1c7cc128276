"""C1-PROSE-NAME-STALE, session 20: a plain word written as a call (``react()``) beside a
parameter the code never calls is a function elsewhere, not the parameter's old name (round 30,
autobahn); the same word beside a parameter the code calls, a stale name, stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import RULE_WORD, c1_name_unresolved, c1_prose_name_word
from docref.checks.static.prose_names import RULE_STALE

from tests.static_helpers import project_findings, static_input


def _stale(tmp_path: Path, code: str, qualname: str = "run") -> list[str]:
    inp = static_input(tmp_path, code, qualname)
    both = c1_name_unresolved(inp) + c1_prose_name_word(inp)
    return [f.message.split("`")[1] for f in both if f.rule in (RULE_STALE, RULE_WORD)]


HELD = '''
def run(reactor, components):
    """Start the components.

    This is called by {call} (or run_until_complete() so any errors coming out of
    this are handled.
    """
    for component in components:
        component.start(reactor)
    return reactor.running
'''
CALLED = '''
def run(reactor, components):
    """Start the components.

    This is called by {call} (or run_until_complete() so any errors coming out of
    this are handled.
    """
    for component in components:
        reactor(component)
'''


@pytest.mark.parametrize("call", ["react()", "``react()``"])
def test_a_call_beside_a_parameter_never_called_names_another_function(
    tmp_path: Path, call: str
) -> None:
    assert _stale(tmp_path, HELD.format(call=call)) == []


@pytest.mark.parametrize("call", ["react()", "``react()``"])
def test_a_call_beside_a_parameter_the_code_calls_stays_reported(tmp_path: Path, call: str) -> None:
    assert _stale(tmp_path, CALLED.format(call=call)) == ["react"]


def test_the_plain_word_unmarked_by_a_call_stays_reported(tmp_path: Path) -> None:
    assert _stale(tmp_path, HELD.format(call="the `react` object")) == ["react"]


# ---- findings no round had judged (sample nur2-unjudged, session 20) ------------------------


def _named(tmp_path: Path, code: str, qualname: str) -> list[str]:
    """The names either default name rule flags (C1-NAME-UNRESOLVED, C1-PROSE-NAME-STALE)."""
    return [
        f.message.split("`")[1] for f in c1_name_unresolved(static_input(tmp_path, code, qualname))
    ]


def _stale_in(tmp_path: Path, files: dict[str, str], path: str) -> list[str]:
    """The names C1-PROSE-NAME-STALE flags (default rules) in file ``path`` of ``files``."""
    found = project_findings(tmp_path, files, path)
    return [f.message.split("`")[1] for f in found if f.rule == RULE_STALE]


# a term the docstring defines itself (nibabel ``float_to_int``): Google, NumPy, reST
THRESHOLD = {
    "google": '''
def clip(arr, clip_value):
    """Clip an array.

    {define} To avoid undefined results we threshold `arr` at ``clip_val``.

    Args:
        arr: the values.
        clip_value: the largest value allowed.
    """
    return min(arr, clip_value)
''',
    "numpy": '''
def clip(arr, clip_value):
    """Clip an array.

    {define} To avoid undefined results we threshold `arr` at ``clip_val``.

    Parameters
    ----------
    arr : array
        The values.
    clip_value : float
        The largest value allowed.
    """
    return min(arr, clip_value)
''',
    "rest": '''
def clip(arr, clip_value):
    """Clip an array.

    {define} To avoid undefined results we threshold `arr` at ``clip_val``.

    :param arr: the values.
    :param clip_value: the largest value allowed.
    """
    return min(arr, clip_value)
''',
}


@pytest.mark.parametrize("style", sorted(THRESHOLD))
@pytest.mark.parametrize(
    "define",
    [
        "Define ``clip_val`` to be the largest value both types hold.",
        "Let `clip_val` denote the largest value both types hold.",
        "``clip_val`` is defined as the largest value both types hold.",
    ],
)
def test_a_term_the_docstring_defines_is_its_own(tmp_path: Path, style: str, define: str) -> None:
    assert _named(tmp_path, THRESHOLD[style].format(define=define), "clip") == []


@pytest.mark.parametrize("style", sorted(THRESHOLD))
def test_the_same_term_undefined_stays_reported(tmp_path: Path, style: str) -> None:
    code = THRESHOLD[style].format(define="The bound is the largest value both types hold.")
    assert _named(tmp_path, code, "clip") == ["clip_val"]


# a measure of a thing, or a qualified head word, beside a name the code uses (tfp, cirq)
FILTER = '''
def one_step(current, transition_fn):
    """A single step of the filter.

    Args:
        current: the current state.
        transition_fn: a callable that accepts vectors of length {name}.
    """
    state_prior = transition_fn(current)
    is_mergeable = state_prior.is_mergeable
    return state_prior, is_mergeable
'''


@pytest.mark.parametrize("name", ["`state_size`", "`state_max`", "`is_subset`"])
def test_a_measure_or_another_qualified_head_is_another_value(tmp_path: Path, name: str) -> None:
    assert _stale(tmp_path, FILTER.format(name=name), "one_step") == []


def test_a_head_word_swapped_stays_reported(tmp_path: Path) -> None:
    assert _stale(tmp_path, FILTER.format(name="`state_post`"), "one_step") == ["state_post"]


# a private name another file's code uses (pandas' offsets attribute, defined in Cython)
RANGES = '''
def daily_range(start, freq: BaseOffset):
    """Generate the days.

    Parameters
    ----------
    freq : BaseOffset
        Must have ``_supports_daily_mask`` (the caller ensures it).
    """
    return freq._get_daily_mask(start)
'''
CALLER = """
def dates(freq: BaseOffset):
    return freq._supports_daily_mask
"""


def test_a_private_name_other_code_uses_is_that_codes(tmp_path: Path) -> None:
    files = {"arrays/ranges.py": RANGES, "arrays/dates.py": CALLER}
    assert _stale_in(tmp_path, files, "arrays/ranges.py") == []


def test_a_private_name_no_code_uses_stays_reported(tmp_path: Path) -> None:
    files = {"arrays/ranges.py": RANGES}
    assert _stale_in(tmp_path, files, "arrays/ranges.py") == ["_supports_daily_mask"]
