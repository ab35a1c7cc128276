"""A Python summary "Get the list of ..." on ``-> None`` fetches into the object's state.

Round 63 (leafmap's ``Map.get_pc_collections() -> None``: "Get the list of Microsoft
Planetary Computer collections.", stored in ``self.pc_collections``; FALSE): the summary's
"Get" of a method that stores into its object, like "Compute"/"Build", claims a value only
when the function returns one.  "Return the list of ..." and "Get ... and return it" on
``-> None``, "Get the list of ..." on ``-> str`` and on a ``-> None`` method that stores
nothing (session 19's control: it prints what it gets), stay reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import DOC_STYLES, default_findings


def _function(style: str, summary: str, returns: str, stores: bool = True) -> str:
    """``load(self, limit)`` in a class, its docstring ``summary`` and ``limit`` documented in
    ``style``, annotated ``-> returns``, storing what it fetched (or, not ``stores``, printing
    it)."""
    if style == "google":
        entries = ["Args:", "    limit (int): How many to fetch."]
    elif style == "numpy":
        entries = ["Parameters", "----------", "limit : int", "    How many to fetch."]
    else:
        entries = [":param limit: How many to fetch.", ":type limit: int"]
    doc = "\n".join(f"        {line}" for line in entries)
    body = "self.items = list(range(limit))" if stores else "print(list(range(limit)))"
    value = "" if returns == "None" else "\n        return str(limit)"
    return f'''
class Map:
    def load(self, limit: int) -> {returns}:
        """{summary}

{doc}
        """
        {body}{value}
'''


def _prose_returns(tmp_path: Path, code: str) -> list[str]:
    return [f.message for f in default_findings(tmp_path, code) if f.rule.startswith("C2-PROSE")]


@pytest.mark.parametrize("stored", ["self.items = ", 'setattr(self, "items", '])
@pytest.mark.parametrize("style", DOC_STYLES)
def test_get_the_list_of_on_a_none_function_claims_no_return(
    tmp_path: Path, style: str, stored: str
) -> None:
    code = _function(style, "Get the list of collections.", "None")
    if stored.startswith("setattr"):
        code = code.replace("self.items = list(range(limit))", f"{stored}list(range(limit)))")
    assert _prose_returns(tmp_path, code) == []


@pytest.mark.parametrize(
    ("summary", "returns", "stores"),
    [
        ("Return the list of collections.", "None", True),
        ("Get the list of collections and return it.", "None", True),
        ("Get the list of collections.", "str", True),
        ("Get the list of collections.", "None", False),
    ],
)
@pytest.mark.parametrize("style", DOC_STYLES)
def test_return_claims_and_a_get_that_stores_nothing_stay_reported(
    tmp_path: Path, style: str, summary: str, returns: str, stores: bool
) -> None:
    code = _function(style, summary, returns, stores)
    assert len(_prose_returns(tmp_path, code)) == 1
