"""C1-PROSE-NAME-STALE, session 20: a plain word written as a call (``react()``) beside a
parameter the code never calls is a function elsewhere, not the parameter's old name (round 30,
autobahn); the same word beside a parameter the code calls, a stale name, stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import RULE_WORD, c1_name_unresolved, c1_prose_name_word
from docref.checks.static.prose_names import RULE_STALE

from tests.static_helpers import static_input


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
