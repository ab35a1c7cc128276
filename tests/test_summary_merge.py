"""Every counter of a run's summary survives every merge: several roots' runs
(:meth:`CheckSummary.add`), the model workers' usage (:meth:`Usage.add`) and the shards'
JSON reports (``docref merge``).  The summaries are built from ``dataclasses.fields``, so a
counter added later is covered without touching these tests."""

from __future__ import annotations

import typing
from dataclasses import fields
from typing import Any

from docref.cli.check_output import CheckSummary, report_json
from docref.cli.merge import merge_json
from docref.engine.outcome import Usage

_KINDS = {"sum", "max", "join", "cost", "first", "model", "rows"}


def _summary(tag: str, base: int) -> CheckSummary:
    """A summary whose every field holds a value of its own (``tag``, numbers from ``base``)."""
    hints = typing.get_type_hints(CheckSummary)
    values: dict[str, Any] = {}
    for i, f in enumerate(fields(CheckSummary)):
        kind = str(hints[f.name])
        number = base + i
        if kind.startswith("dict"):
            values[f.name] = {"shared": {"asked": number}, tag: {"unanswered": number}}
        elif kind.startswith("list"):
            values[f.name] = [f"{f.name}-{tag}"]
        elif "float" in kind:
            values[f.name] = number + 0.25
        elif kind == "<class 'int'>":
            values[f.name] = number
        else:
            values[f.name] = f"{f.name}-{tag}"
    return CheckSummary(**values)


def test_every_summary_field_says_how_it_merges() -> None:
    for f in fields(CheckSummary):
        assert f.metadata.get("merge") in _KINDS, f.name


def test_merging_summaries_combines_every_field() -> None:
    a, b = _summary("a", 1), _summary("b", 100)
    total = CheckSummary.total([a, b])
    for f in fields(CheckSummary):
        mine, theirs, got = getattr(a, f.name), getattr(b, f.name), getattr(total, f.name)
        how = f.metadata["merge"]
        if how in ("sum", "join", "cost"):
            assert got == mine + theirs, f.name
        elif how == "max":
            assert got == max(mine, theirs) == theirs, f.name
        elif how == "first":
            assert got == mine, f.name
        elif how == "model":  # the last run that used a model names it
            assert got == theirs, f.name
        else:
            assert got == {
                "shared": {"asked": mine["shared"]["asked"] + theirs["shared"]["asked"]},
                "a": mine["a"],
                "b": theirs["b"],
            }, f.name
    # the inputs are left as they were (the lists and rows were copied, not extended)
    assert a == _summary("a", 1) and b == _summary("b", 100)


def test_merge_keeps_what_only_one_side_has() -> None:
    ran = CheckSummary(model="m", endpoint="e", fatal="down", unanswered="too many")
    static = CheckSummary(cost_usd=None)
    total = CheckSummary.total([ran, static])
    assert (total.model, total.endpoint, total.fatal, total.unanswered) == (
        "m",
        "e",
        "down",
        "too many",
    )
    assert total.cost_usd is None  # one run's cost unknown: the total's too
    assert CheckSummary.total([static, ran]).fatal == "down"


def test_usage_add_covers_every_counter() -> None:
    def usage(base: int) -> Usage:
        return Usage(
            **{
                f.name: (base % 2 == 0) if f.type in (bool, "bool") else base + i
                for i, f in enumerate(fields(Usage))
            }
        )

    total, other = usage(1), usage(10)
    total.add(other)
    for i, f in enumerate(fields(Usage)):
        if f.type in (bool, "bool"):
            assert getattr(total, f.name) is True, f.name  # known on either side
        else:
            assert getattr(total, f.name) == (1 + i) + (10 + i), f.name


def test_shard_merge_adds_every_counter_of_the_json_report() -> None:
    """``docref merge`` of two shards' reports equals the report of the merged summary, but
    for what shards share: every shard reads every file, and they ran one model."""
    a, b = _summary("a", 1), _summary("b", 100)
    b.model, b.endpoint = a.model, a.endpoint
    merged = merge_json([report_json([], [], a), report_json([], [], b)])
    expected = report_json([], [], CheckSummary.total([a, b]))
    assert merged["stats"].pop("shards") == 2
    assert merged["stats"].pop("files") == max(a.files, b.files)
    expected["stats"].pop("files")
    assert merged["stats"] == expected["stats"]
    assert merged["llm"] == expected["llm"]


def test_shard_merge_keeps_an_unknown_cost_and_a_static_shard() -> None:
    ran = report_json([], [], CheckSummary(files=2, llm_calls=3, cost_usd=None, model="m"))
    static = report_json([], [], CheckSummary(files=2, functions=4))
    merged = merge_json([static, ran])
    assert merged["stats"]["cost_usd"] == 0.0  # the static shard's cost is known: nothing
    assert merged["llm"]["model"] == "m" and merged["llm"]["fatal"] is None
    assert merged["llm"]["unanswered"] is None
    assert merged["stats"]["llm_calls"] == 3 and merged["stats"]["functions"] == 4
