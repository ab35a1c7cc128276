"""Round 97 (session 36, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- datadog's constructors, whose docstrings type the environment variables
they read (``:envvar DD_ENV: ...`` then ``:type DD_ENV: string``): the ``:type`` line belongs to
the ``:envvar`` field above it, not to a parameter named ``DD_ENV``."""

from __future__ import annotations

from pathlib import Path

from docref.segments import segment_docstring

from tests.static_helpers import default_findings

_ENVVAR = '''
import os

# read through a mapping, as datadog does: no `os.environ.get("DD_ENV")` names the variable
_ENV_TAGS = {"DD_AGENT_HOST": "host", "DD_ENV": "env"}


class DogStatsd:
    def __init__(self, host=None, port=None, max_buffer_size=None):
        """Initialize a DogStatsd object.

        :envvar DD_AGENT_HOST: the host of the DogStatsd server.
        If set, it overrides default value.
        :type DD_AGENT_HOST: string

        :envvar DD_ENV: the env of the service running the client.
        :type DD_ENV: string

        :param host: the host of the DogStatsd server.
        :type host: string

        :param port: the port of the DogStatsd server.
        :type port: integer

        :max_buffer_size: Deprecated option, do not use it anymore.
        :type {stale}: None
        """
        self.tags = {tag: os.environ.get(var) for var, tag in _ENV_TAGS.items()}
        self.host = host or self.tags["host"]
        self.port = port
'''


def _unknown(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return sorted(f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN")


def _segments(code: str) -> list[tuple[str, str | None]]:
    start = code.index('"""')
    end = code.index('"""', start + 3) + 3
    parsed = segment_docstring(code, start, end, "python")
    return [(s.kind, s.name) for s in parsed.segments if s.name]


def test_type_of_an_envvar_field_is_not_a_parameter(tmp_path: Path) -> None:
    # the misspelt `:type max_buffer_type:` (no field of that name) is datadog's judged TRUE row
    assert _unknown(tmp_path, _ENVVAR.replace("{stale}", "max_buffer_type")) == ["max_buffer_type"]


def test_type_fields_pair_with_the_field_of_their_name() -> None:
    segments = _segments(_ENVVAR.replace("{stale}", "max_buffer_size").split("    def __init__")[1])
    assert ("other", "DD_AGENT_HOST") in segments
    assert ("param", "DD_AGENT_HOST") not in segments
    assert ("param", "host") in segments
    # `:type max_buffer_size:` beside the untagged `:max_buffer_size:` field: a parameter's type
    assert ("param", "max_buffer_size") in segments


_LONE_TYPE = '''
def connect(host, timeout=None):
    """Connect to the server.

    :envvar DOCREF_HOST: read when ``host`` is empty.
    :type DOCREF_HOST: str
    :param host: the server.
    :type host: str
    :type {name}: float
    """
    return host, timeout
'''


def test_a_lone_type_field_is_still_a_parameter_entry(tmp_path: Path) -> None:
    # a `:type` naming no field at all, or a parameter also named by an envvar field: unchanged
    assert _unknown(tmp_path, _LONE_TYPE.format(name="time_out")) == ["time_out"]
    assert _unknown(tmp_path, _LONE_TYPE.format(name="timeout")) == []
