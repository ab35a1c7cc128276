"""Round 97 (session 36, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- datadog's constructors, whose docstrings type the environment variables
they read (``:envvar DD_ENV: ...`` then ``:type DD_ENV: string``): the ``:type`` line belongs to
the ``:envvar`` field above it, not to a parameter named ``DD_ENV``."""

from __future__ import annotations

from pathlib import Path

from docref.segments import segment_docstring

from tests.static_helpers import default_findings, project_findings

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


# --- azure-eventhub's ``PartitionContext.last_enqueued_event_properties``: "if the receiver is
# created with `track_last_enqueued_event_properties` set to `True`" names the keyword of the
# receiving call, not an old name of the helper the property calls (2 FALSE C1-PROSE-NAME-STALE)

_COMMON = '''
def get_last_enqueued_event_properties(event):
    """The last enqueued event's properties of ``event``."""
    return dict(event.properties)
'''

_CONTEXT = '''
from pkg.common import get_last_enqueued_event_properties


class PartitionContext:
    """Where the received events of one partition come from."""

    def __init__(self, last_event=None):
        self._last_received_event = last_event

    @property
    def last_enqueued_event_properties(self):
        """The latest enqueued event information.

        This property is updated each time an event is received if the receiver is created
        with `{name}` {said}.
        """
        if self._last_received_event:
            return get_last_enqueued_event_properties(self._last_received_event)
        return None

    def receive(self, on_event, track_last_enqueued_event_props=False):
        """Receive events, calling ``on_event`` on each.

        With `track_last_enqueued_event_properties` set to `True` the properties are kept.
        """
        return on_event, track_last_enqueued_event_props
'''


def _stale(tmp_path: Path, name: str, said: str) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/common.py": _COMMON,
        "pkg/context.py": _CONTEXT.format(name=name, said=said),
    }
    found = project_findings(tmp_path, files, "pkg/context.py")
    return sorted(f.message.split("`")[1] for f in found if f.rule == "C1-PROSE-NAME-STALE")


def test_a_name_set_to_a_value_is_no_old_name_of_a_called_function(tmp_path: Path) -> None:
    # the control on `receive`: the same words, but its twin is its own parameter -- reported
    found = _stale(tmp_path, "track_last_enqueued_event_properties", "set to `True`")
    assert found == ["track_last_enqueued_event_properties"]


def test_a_name_not_given_a_value_keeps_its_callable_twin(tmp_path: Path) -> None:
    # "created with `get_last_enqueued_event_props`": the helper under an old name -- reported
    found = _stale(tmp_path, "get_last_enqueued_event_props", "as its reader")
    assert found == ["get_last_enqueued_event_props", "track_last_enqueued_event_properties"]


# --- pydoctor's ``GoogleDocstring._convert_type``: "the content of a ``:type:`` or ``rtype``
# field" names the reST field, a word of the docstring markup (1 FALSE C1-NAME-UNRESOLVED)

_FIELDS = '''
class GoogleDocstring:
    def __init__(self, process_type_fields=False):
        self._process_type_fields = process_type_fields

    def _convert_type(self, _type: str, is_type_field: bool = True) -> str:
        """Convert a type string.

        Arguments
        ---------
        _type: str
            the string type to convert.
        is_type_field: bool
            Whether the string is the content of a ``:type:`` or ``{name}`` {after}.
        """
        return _type if is_type_field else _type.strip()
'''


def _unresolved(tmp_path: Path, name: str, after: str) -> list[str]:
    found = default_findings(tmp_path, _FIELDS.format(name=name, after=after))
    return [f.message.split("`")[1] for f in found if f.rule == "C1-NAME-UNRESOLVED"]


def test_a_field_tag_called_a_field_is_markup(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, "rtype", "field") == []


def test_a_field_tag_alone_or_a_code_name_called_a_field_stays_a_name(tmp_path: Path) -> None:
    # the tag without "field", and a name of the code's shape before "field": reported
    assert _unresolved(tmp_path, "rtype", "value") == ["rtype"]
    assert _unresolved(tmp_path, "_typ", "field") == ["_typ"]
