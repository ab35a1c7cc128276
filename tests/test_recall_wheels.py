"""Every recall split's project can be fetched on a machine whose corpora folder is empty."""

from __future__ import annotations

import pytest

from tests.helpers import benchmark_module

recall = benchmark_module("recall")


@pytest.mark.parametrize("name", sorted({n for names in recall.SPLITS.values() for n in names}))
def test_every_split_project_has_a_pinned_wheel(name: str) -> None:
    corpus = recall.wheel_of(name)
    # an exact pin: a recall run must measure the same sources on every machine
    assert "==" in corpus["requirement"]


def test_a_project_of_the_first_splits_is_pinned_by_its_precision_corpus() -> None:
    # werkzeug is in no WHEELS entry: its pin is round 0's precision corpus
    assert "werkzeug" not in recall.WHEELS
    assert recall.wheel_of("werkzeug")["requirement"] == "werkzeug==3.1.9"


def test_an_unknown_project_is_a_clear_error() -> None:
    with pytest.raises(SystemExit, match="no wheel pinned"):
        recall.wheel_of("no-such-project-anywhere")
