"""C2-PROSE-RETURN-TYPE, session 20: a scalar conversion said of a plural noun ("Return
properties as bytes") on a container the code returns describes its items (round 30, zeroconf);
the same words of a singular noun, or on a scalar return type, stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import flagged as findings

_PROPERTIES = '''
class ServiceInfo:
    def properties(self) -> {returns}:
        """{summary}

        {rest}
        """
        return self._properties
'''


@pytest.mark.parametrize(
    ("summary", "returns", "flagged"),
    [
        # round 30 (zeroconf ``ServiceInfo.properties``): keys and values are bytes
        ("Return properties as bytes.", "dict[bytes, bytes | None]", False),
        ("Returns the names as str, in order.", "list[str]", False),
        # controls: a singular noun converted, and a plural noun on a scalar return type
        ("Return the header as bytes.", "dict[bytes, bytes]", True),
        ("Return properties as bytes.", "str", True),
        ("Return the payload as a string.", "list[str]", True),
        ("Return the names as a string.", "list[str]", True),
    ],
)
def test_a_plural_converted_to_a_scalar_is_said_of_the_items(
    tmp_path: Path, summary: str, returns: str, flagged: bool
) -> None:
    code = _PROPERTIES.format(summary=summary, returns=returns, rest="Keys are names.")
    found = findings(c2_prose_return_type, tmp_path, code, "ServiceInfo.properties")
    assert bool(found) is flagged
