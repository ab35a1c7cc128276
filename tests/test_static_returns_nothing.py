"""C3-RETURNS-YIELDS on Returns entries that claim no value (session 18), with controls."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.returns_raises import c3_returns_vs_yields, c3_returns_without_value

from tests.names_helpers import messages
from tests.static_helpers import run_rule


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("No return value. The callback returns the element.", []),
        ("No value.", []),
        ("null on success, raise FixError if the request fails", []),
        (
            "Nullable list of the fixed values.",
            ["documents a return value, but fix() never returns one"],
        ),
        ("No return since updates in place.", []),  # round 75, deepchem's compute_charges
        (
            "No returned rows are kept; the fixed element.",
            ["documents a return value, but fix() never returns one"],
        ),
        (
            "The fixed element.",
            ["documents a return value, but fix() never returns one"],
        ),
        (
            "Nonempty list of the fixed values.",
            ["documents a return value, but fix() never returns one"],
        ),
    ],
    ids=[
        "no-return-value",
        "no-value",
        "null-on-success",
        "control-nullable",
        "no-return-since",
        "control-no-returned-rows",
        "control-a-value",
        "control-nonempty",
    ],
)
def test_a_returns_text_saying_there_is_no_value(
    tmp_path: Path, text: str, expected: list[str]
) -> None:
    # round 24 (pydicom ``fix_separator``): "Returns: No return value. However, the callback
    # function will return ..." says nothing is returned; a value described stays reported
    code = f'''
    def fix(separator):
        """Install a callback fixing separators.

        Returns
        -------
        {text}
        """
        install(separator)
    '''
    assert messages(run_rule(c3_returns_without_value, tmp_path, code, "fix")) == expected


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        (":return:", []),
        (
            ":return: the rows of the result",
            ["documents a return value, but execute() is a generator: use Yields"],
        ),
    ],
    ids=["empty-field", "control-a-list"],
)
def test_an_empty_return_field_on_a_generator(
    tmp_path: Path, field: str, expected: list[str]
) -> None:
    # round 25 (luigi ``PrestoClient.execute``): an empty ``:return:`` an IDE template left
    # claims nothing, as it does on a function that returns nothing (round 12, redis)
    code = f'''
    def execute(query):
        """Run a query.

        :param query: query to run
        {field}
        """
        for row in run(query):
            yield row
    '''
    assert messages(run_rule(c3_returns_vs_yields, tmp_path, code, "execute")) == expected
