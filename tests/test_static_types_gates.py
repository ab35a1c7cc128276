"""C2-PARAM-TYPE's general gates (session 8): when a documented type and the annotation disagree
but the code says neither is the whole story, the finding cannot tell which side is stale."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_partial, c2_param_type

from tests.names_helpers import messages
from tests.static_helpers import run_rule


@pytest.mark.parametrize(
    ("test", "expected"),
    [
        ("if isinstance(path, (list, tuple)):\n        path = path[0]", []),
        (
            "if isinstance(paths, (list, tuple)):\n        path = path[0]",
            ['documents path as "str", but the signature says list[str]'],
        ),
    ],
    ids=["body-tests-the-type", "control-tests-another-name"],
)
def test_a_body_testing_the_parameters_type(tmp_path: Path, test: str, expected: list[str]) -> None:
    # round 5 (fsspec ``open_parquet_files``): ``path: list[str]`` documented ``str`` while the
    # body does ``isinstance(path, (list, tuple))``: both kinds are taken, the annotation is as
    # partial as the docstring
    code = f'''
    def open_files(path: list[str], paths=None):
        """Open.

        Parameters
        ----------
        path : str
            Target file path.
        """
        {test}
        return path
    '''
    assert messages(run_rule(c2_param_type, tmp_path, code, "open_files")) == expected


@pytest.mark.parametrize(
    ("documented", "expected"),
    [
        ("int, sequence of intdict, or None, optional", []),
        (
            "int, sequence of int, or None, optional",
            [
                'documents order as "int, sequence of int, or None, optional", '
                "but the signature says dict[str, int] | int | None"
            ],
        ),
    ],
    ids=["typo-in-the-type", "control-readable-type"],
)
def test_a_documented_type_with_a_word_that_names_nothing(
    tmp_path: Path, documented: str, expected: list[str]
) -> None:
    # round 6 (statsmodels ``UECM``): ``sequence of intdict`` is a typo of the type text; what
    # it is compared for would mislead.  A readable type that disagrees stays reported (under
    # the opt-in C2-PARAM-PARTIAL since session 13: it shares ``int`` with the annotation).
    code = f'''
    def fit(order: dict[str, int] | int | None = None):
        """Fit.

        Parameters
        ----------
        order : {documented}
            The lags.
        """
        return order
    '''
    assert messages(run_rule(c2_param_partial, tmp_path, code, "fit")) == expected


@pytest.mark.parametrize(
    ("documented", "expected"),
    [
        ("ndarray", []),
        ("str", ['documents f2 as "str", but the signature says float']),
    ],
    ids=["array-for-a-number", "control-a-string"],
)
def test_an_array_documented_for_a_number(
    tmp_path: Path, documented: str, expected: list[str]
) -> None:
    # round 6 (statsmodels ``ConfintEffectSizeResult``): ``f2 : ndarray`` for ``f2: float``,
    # values at both confidence limits: NumPy-style code broadcasts, either side may be narrow
    code = f'''
    def effect(f2: float):
        """Effect.

        Parameters
        ----------
        f2 : {documented}
            Squared effect size.
        """
        return f2
    '''
    assert messages(run_rule(c2_param_type, tmp_path, code, "effect")) == expected
