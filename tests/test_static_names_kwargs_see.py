"""A function taking ``**kwargs`` whose docstring sends the reader to a misspelt function of
the file ("See `set_simulation_output` for more details" beside the method
``get_simulation_output``: statsmodels' ``SimulationSmoother.simulation_smoother``, fixed in
ac86759f, mined drift) is reported with the did-you-mean: a "See" clause names a function,
not a keyword passed on.  Controls: the same name without "See" may be a forwarded keyword,
and a "See" to a name no function of the file spells like stays silent, as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import RULE_NAME

from tests.names_helpers import both_rules

_STYLES = {
    "google": '''
class Smoother:
    def get_simulation_output(self, simulation_output=None, smooth_state=None):
        """The bitmask of what the smoother computes."""
        return simulation_output

    def simulation_smoother(self, method="kfs", **kwargs):
        """A simulation smoother for the model.

        Args:
            method (str): How to smooth.
            **kwargs: Keyword arguments choosing the output. {said}
        """
        return self.get_simulation_output(**kwargs), method
''',
    "numpy": '''
class Smoother:
    def get_simulation_output(self, simulation_output=None, smooth_state=None):
        """The bitmask of what the smoother computes."""
        return simulation_output

    def simulation_smoother(self, method="kfs", **kwargs):
        """A simulation smoother for the model.

        Parameters
        ----------
        method : str
            How to smooth.
        **kwargs
            Keyword arguments choosing the output. {said}
        """
        return self.get_simulation_output(**kwargs), method
''',
    "rest": '''
class Smoother:
    def get_simulation_output(self, simulation_output=None, smooth_state=None):
        """The bitmask of what the smoother computes."""
        return simulation_output

    def simulation_smoother(self, method="kfs", **kwargs):
        """A simulation smoother for the model.

        :param method: How to smooth.
        :param kwargs: Keyword arguments choosing the output. {said}
        """
        return self.get_simulation_output(**kwargs), method
''',
}


def _found(tmp_path: Path, style: str, said: str) -> list[tuple[str, str]]:
    code = _STYLES[style].format(said=said)
    found = both_rules(tmp_path, code, "Smoother.simulation_smoother")
    return [(f.rule, f.message) for f in found]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    "said",
    [
        "See `set_simulation_output` for more details.",
        "See also ``set_simulation_output``.",
        "For the choices see `set_simulation_output()`.",
    ],
    ids=["see", "see-also", "see-call"],
)
def test_a_see_to_a_misspelt_function_under_kwargs_is_reported(
    tmp_path: Path, style: str, said: str
) -> None:
    found = _found(tmp_path, style, said)
    assert [rule for rule, _ in found] == [RULE_NAME]
    assert "did you mean `get_simulation_output`?" in found[0][1]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    "said",
    [
        # no "See": a keyword the function may pass on
        "Pass `set_simulation_output` to choose it.",
        # "See" to a name no function of the file is spelt like
        "See `configure_output_mask` for more details.",
        # "See" to a misspelt parameter of another function: a keyword, not a function
        "See `smooth_stat` for more details.",
    ],
    ids=["no-see", "no-twin", "param-twin"],
)
def test_a_keyword_or_a_see_without_a_function_twin_stays_silent(
    tmp_path: Path, style: str, said: str
) -> None:
    assert _found(tmp_path, style, said) == []
