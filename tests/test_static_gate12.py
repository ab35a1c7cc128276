"""Session 12's precision-first defaults: evidence shapes that first-pass judging found unreliable
report under their own opt-in rule ids; the shapes that held stay on by default.  Each move has
a case that is now silent by default and reported once its id is selected (through the CLI's
``--extend-select``, a subprocess), and a control that still fires by default.  Numbers:
benchmarks/PRECISION.md, "Session 12: precision-first defaults (gate12)"."""

from __future__ import annotations

import pytest

from tests.static_helpers import cli_findings, cli_project

# qualname -> the rule id it is reported under (default or opt-in)
_CODE = '''
import json

import numpy as np


def no_hits(hits: int) -> bool:
    """Whether nothing was hit.

    Raises:
        ValueError: If the hits were never counted.
    """
    return not hits


def is_empty(lines: list[str]) -> bool:
    """Whether there are no lines.

    Raises:
        KeyError: If the lines were never read.
    """
    return not lines


def batches(loaders: list[list[int]]) -> list[int]:
    """The number of batches."""
    return [len(x) for x in loaders]


def rows(table: list[list[int]]) -> str:
    """Return the number of rows."""
    return str(len(table))


def frobnicate(x: int) -> int:
    """Frobnicate ``x``."""
    return x


def rotate(q: float) -> float:
    """Maps ``x_hat`` to the rotated vector."""
    x = q * 2
    return x


def reduce(chunk: int) -> int:
    """Weights with the shape of `x_chunk`."""
    return chunk


def run(items: list[int]) -> None:
    """Run; calls `frobnicate_all` first."""
    frobnicate(items[0])


def convert(return_weak_type_flag: bool) -> None:
    """Convert; the ``return_weak_type`` argument keeps the weak type."""
    print(return_weak_type_flag)


def percentile(data: np.ndarray) -> np.ndarray:
    """The 80th percentile.

    Returns
    -------
    value : number
        The percentile.
    """
    return data[int(len(data) * 0.8)]


def scale(data: np.ndarray, factor: np.ndarray) -> np.ndarray:
    """Scale the data.

    Parameters
    ----------
    data : ndarray
        The data.
    factor : int
        How much.
    """
    return data * factor


def label(data: np.ndarray) -> np.ndarray:
    """Label the data.

    Returns
    -------
    labels : str
        The labels.
    """
    return data
'''

OPT_IN = {
    "no_hits": "C3-RAISES-GENERIC",
    "batches": "C2-PROSE-RETURN-ITEMS",
    # a local or a parameter plus a word: a derived value (kornia's ``x_hat``, dask's
    # ``x_chunk``)
    "rotate": "C1-NAME-DERIVED",
    "reduce": "C1-NAME-DERIVED",
    # a number documented for a numpy array (nilearn's ``fast_abs_percentile``)
    "percentile": "C2-NUMPY-SCALAR",
    "scale": "C2-NUMPY-SCALAR",
}
DEFAULT = {
    "is_empty": "C3-RAISES",
    "rows": "C2-PROSE-RETURN-TYPE",
    # a helper of the file plus a word (the issue's ``frobnicate_all``), and a parameter one
    # word longer than the name (a renamed parameter: jax's ``return_weak_type``)
    "run": "C1-NAME-UNRESOLVED",
    "convert": "C1-NAME-UNRESOLVED",
    # a string documented for a numpy array stays a contradiction
    "label": "C2-RETURN-TYPE",
}


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    """qualname -> rule of every finding, by default and with the opt-in ids selected."""
    tmp = tmp_path_factory.mktemp("gate12")
    root = cli_project(tmp, _CODE)
    out: dict[str, dict[str, str]] = {}
    for label, flags in (
        ("default", []),
        ("opt-in", ["--extend-select", ",".join(OPT_IN.values())]),
    ):
        out[label] = {f["qualname"]: f["rule"] for f in cli_findings(root, *flags)}
    return out


@pytest.mark.parametrize("qualname", sorted(OPT_IN))
def test_an_unreliable_shape_is_silent_by_default_and_reported_when_selected(
    reports: dict[str, dict[str, str]], qualname: str
) -> None:
    assert qualname not in reports["default"]
    assert reports["opt-in"][qualname] == OPT_IN[qualname]


@pytest.mark.parametrize("qualname", sorted(DEFAULT))
def test_the_reliable_shape_still_fires_by_default(
    reports: dict[str, dict[str, str]], qualname: str
) -> None:
    assert reports["default"][qualname] == DEFAULT[qualname]
    assert reports["opt-in"][qualname] == DEFAULT[qualname]
