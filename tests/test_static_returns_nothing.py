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


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("Returns : nothing\n              Nothing is returned", []),
        (
            "Returns : list\n              The robust options, or nothing when unset",
            ["documents a return value, but check_robust() never returns one"],
        ),
    ],
    ids=["typed-nothing", "control-typed-list"],
)
def test_a_numpy_entry_typed_nothing(tmp_path: Path, entry: str, expected: list[str]) -> None:
    # round 82 (spreg ``check_robust``): "Returns : nothing" puts the word in the NumPy type
    # slot, where only "None"/"void" were read as no value; a typed value stays reported
    code = f'''
    def check_robust(robust, wk):
        """Check the robust option.

        Returns
        -------
        {entry}
        """
        if robust and wk is None:
            raise ValueError("HAC needs kernel weights")
    '''
    assert messages(run_rule(c3_returns_without_value, tmp_path, code, "check_robust")) == expected


@pytest.mark.parametrize(
    ("head", "text", "expected"),
    [
        ("self.edge_artists : dict", "Updates mapping of edges to edge artists.", []),
        ("edge_artists : dict", "Updates mapping of edges to edge artists.", []),
        (
            "self.edge_artists : dict",
            "Mapping of edges to edge artists.",
            ["documents a return value, but draw_edges() never returns one"],
        ),
    ],
    ids=["self-attribute-updated", "attribute-updated", "control-a-mapping"],
)
def test_a_typed_entry_saying_what_the_call_updates(
    tmp_path: Path, head: str, text: str, expected: list[str]
) -> None:
    # round 79 (netgraph ``BaseGraph.draw_edges``): a NumPy entry naming the attribute the
    # method fills, its description opening with the change ("Updates mapping ..."), as an
    # untyped "Updates the edges attribute" (round 46) does; a value described stays reported
    code = f'''
    class Graph:
        def draw_edges(self, edges):
            """Draw the edges.

            Returns
            -------
            {head}
                {text}
            """
            self.edge_artists = dict.fromkeys(edges)
    '''
    found = run_rule(c3_returns_without_value, tmp_path, code, "Graph.draw_edges")
    assert messages(found) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("If successful, no response is returned from this endpoint", []),
        ("On success, no value is returned.", []),
        ("No response is returned.", []),
        (
            "If successful, no response is returned; otherwise the error payload",
            ["documents a return value, but delete_observation() never returns one"],
        ),
        (
            "If a dry run was requested, no rows are returned.",
            ["documents a return value, but delete_observation() never returns one"],
        ),
        (
            "If successful, the deleted observation's record",
            ["documents a return value, but delete_observation() never returns one"],
        ),
    ],
    ids=[
        "no-response-on-success",
        "on-success-no-value",
        "no-response",
        "control-otherwise-a-value",
        "control-rows-under-another-condition",
        "control-a-record",
    ],
)
def test_a_returns_text_saying_no_response_comes_back(
    tmp_path: Path, text: str, expected: list[str]
) -> None:
    # round 84 (pyinaturalist ``delete_observation``, v0/v1/v2): a Google "Returns:" whose
    # sentence says nothing comes back once the call succeeds; a value described stays reported
    code = f'''
    def delete_observation(observation_id, **params):
        """Delete an observation.

        Args:
            observation_id: Observation ID

        Returns:
            {text}
        """
        send("DELETE", f"observations/{{observation_id}}", **params)
    '''
    found = run_rule(c3_returns_without_value, tmp_path, code, "delete_observation")
    assert messages(found) == expected
