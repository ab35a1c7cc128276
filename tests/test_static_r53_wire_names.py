"""Round 53 (session 24): influxdb-client's generated models mention the JSON names of their
fields (`envRef`, `shardGroupDurationsSeconds`) beside snake_case parameters (2 FALSE, 2 DEB
C1-PROSE-NAME-STALE); a camelCase name a string literal of the file spells, or misses by
one letter, is a wire name, not an old parameter name.  Controls: the same sentence without
the literal stays reported, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_FORMS = {
    "google": '''
class TemplateApply:
    {attribute_map}

    def set_env_refs(self, env_refs):
        """Set the environment references.

        InfluxDB replaces `envRef` objects in the template with the values you provide.

        Args:
            env_refs: The references.
        """
        self._env_refs = env_refs
''',
    "numpy": '''
class TemplateApply:
    {attribute_map}

    def set_env_refs(self, env_refs):
        """Set the environment references.

        InfluxDB replaces `envRef` objects in the template with the values you provide.

        Parameters
        ----------
        env_refs : dict
            The references.
        """
        self._env_refs = env_refs
''',
    "rest": '''
class TemplateApply:
    {attribute_map}

    def set_env_refs(self, env_refs):
        """Set the environment references.

        InfluxDB replaces `envRef` objects in the template with the values you provide.

        :param env_refs: The references.
        """
        self._env_refs = env_refs
''',
}


def _stale(tmp_path: Path, style: str, attribute_map: str) -> list[str]:
    code = _FORMS[style].replace("{attribute_map}", attribute_map)
    return [f.rule for f in default_findings(tmp_path, code) if f.rule.startswith("C1-PROSE")]


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_camel_case_name_a_literal_of_the_file_spells_is_a_wire_name(
    tmp_path: Path, style: str
) -> None:
    assert _stale(tmp_path, style, "attribute_map = {'env_refs': 'envRefs'}") == []


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_camel_case_name_no_literal_spells_stays_reported(tmp_path: Path, style: str) -> None:
    assert _stale(tmp_path, style, "attribute_map = {'env_refs': 'environment'}") == [
        "C1-PROSE-NAME-STALE"
    ]
