"""C1-PARAM-UNKNOWN: a class documenting the keys of the options dict its own body assigns
(round 44, metaflow's ``@conda``/``@pypi`` decorators: ``defaults = {"packages": {}, ...}``
filled from the ``attributes`` mapping the constructor takes, 12 FALSE)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .static_helpers import default_findings

_NUMPY = '''
class Decorator:
    def __init__(self, attributes=None, statically_defined=False):
        self.attributes = dict(self.defaults)
        self.attributes.update(attributes or {{}})


class CondaDecorator(Decorator):
    """Specifies the Conda environment for the step.

    Parameters
    ----------
    packages : Dict[str, str], default {{}}
        Packages to use for this step.
    python : str, optional, default None
        Version of Python to use.
    {extra}
    """

    name = "conda"
    defaults = {{
        "packages": {{}},
        # the interpreter's version when None
        "python": None,
        "disabled": None,
    }}

    def __init__(self, attributes=None, statically_defined=False):
        super().__init__(attributes, statically_defined)
'''

_GOOGLE = '''
class Plugin:
    """A plugin.

    Args:
        timeout (int): Seconds to wait.
        retries (int): How often to try again.
        {extra}
    """

    OPTIONS: dict = {{"timeout": 10, "retries": 3}}

    def __init__(self, options: dict):
        self.options = {{**self.OPTIONS, **options}}
'''

_REST = '''
class Plugin:
    """A plugin.

    :param timeout: Seconds to wait.
    :param retries: How often to try again.
    {extra}
    """

    defaults = {{'timeout': 10, 'retries': 3}}

    def __init__(self, config):
        self.config = config
'''


def _unknown(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.split('"')[1]
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PARAM-UNKNOWN"
    )


@pytest.mark.parametrize("template", [_NUMPY, _GOOGLE, _REST], ids=["numpy", "google", "rest"])
def test_entries_naming_the_keys_of_a_class_options_dict_are_options(
    tmp_path: Path, template: str
) -> None:
    assert _unknown(tmp_path, template.format(extra="")) == []


@pytest.mark.parametrize(
    ("template", "extra"),
    [
        (_NUMPY, "channel : str\n        The channel."),
        (_GOOGLE, "channel (str): The channel."),
        (_REST, ":param channel: The channel."),
    ],
    ids=["numpy", "google", "rest"],
)
def test_an_entry_that_is_no_key_stays_reported(tmp_path: Path, template: str, extra: str) -> None:
    assert _unknown(tmp_path, template.format(extra=extra)) == ["channel"]


def test_a_dict_built_in_a_method_declares_no_options(tmp_path: Path) -> None:
    code = '''
    class Plugin:
        """A plugin.

        Args:
            timeout (int): Seconds to wait.
        """

        def __init__(self, config):
            self.config = {"timeout": 10}
    '''
    assert _unknown(tmp_path, code) == ["timeout"]
