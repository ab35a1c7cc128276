"""Round 50 (session 24): monai's keys of a dict parameter documented as entries after a code
block that shows the dict (``gpu_customization_specs = {'ALGO': {'num_trials': 6, ...}}``,
then ``ALGO:``, ``num_trials:`` ... at the entries' indent; 8 FALSE C1-PARAM-UNKNOWN), beside
the controls that stay reported, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_FORMS = {
    "google": '''
def customize(enabled=False, specs=None):
    """Set the options of the trials.

    Args:
        enabled: whether to customize the trials.
        specs: the settings to overwrite, shaped as follows.

            .. code-block:: python

                specs = {
                    {algo}: {
                        {trials}: 6,
                    }
                }

        ALGO: the name of the algorithm.
        num_trials: the number of trials to run.
    """
    return enabled, specs
''',
    "numpy": '''
def customize(enabled=False, specs=None):
    """Set the options of the trials.

    Parameters
    ----------
    enabled : bool
        Whether to customize the trials.
    specs : dict
        The settings to overwrite, shaped as::

            specs = {{{algo}: {{{trials}: 6}}}}

    ALGO : str
        The name of the algorithm.
    num_trials : int
        The number of trials to run.
    """
    return enabled, specs
''',
    "rest": '''
def customize(enabled=False, specs=None):
    """Set the options of the trials.

    :param enabled: whether to customize the trials.
    :param specs: the settings to overwrite, shaped as::

        specs = {{{algo}: {{{trials}: 6}}}}

    :param ALGO: the name of the algorithm.
    :param num_trials: the number of trials to run.
    """
    return enabled, specs
''',
}


def _code(style: str, algo: str, trials: str) -> str:
    code = _FORMS[style]
    if style == "google":  # its braces are the code block's own
        return code.replace("{algo}", algo).replace("{trials}", trials)
    return code.format(algo=algo, trials=trials)


def _unknown(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return sorted(f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN")


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_entries_naming_keys_of_a_dict_shown_above_are_no_parameters(
    tmp_path: Path, style: str
) -> None:
    assert _unknown(tmp_path, _code(style, "'ALGO'", '"num_trials"')) == []


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_entry_whose_name_the_dict_shown_does_not_key_stays_reported(
    tmp_path: Path, style: str
) -> None:
    # ``num_trials`` is a stale entry when the dict shown keys something else
    assert "num_trials" in _unknown(tmp_path, _code(style, "'ALGO'", "'max_epochs'"))


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_name_quoted_as_a_value_not_a_key_stays_reported(tmp_path: Path, style: str) -> None:
    # ``'ALGO'`` as a value of the dict: no key of it, so ``ALGO`` stays a stale parameter
    assert "ALGO" in _unknown(tmp_path, _code(style, "'name'", "'num_trials': 'ALGO', 'x'"))
