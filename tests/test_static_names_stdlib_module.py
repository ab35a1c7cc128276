"""A standard library module named in prose is the library, not a parameter's old name.

pysmi's ``HttpReader.__init__(self, url)`` says "The proxy variables are respected by the
underlying `urllib` stdlib module": ``url`` is ``urllib`` cut short, so the name read as the
parameter's old name (session 34, judged FALSE; tornado's `fcntl` and transformers' `argparse`
were the same shape).  Control: a name that is no module, ``offset`` beside ``off``, whose
only use is another function's parameter, stays reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_CODE = '''
def seek(offset, whence):
    """Move to a position."""
    return offset + whence


class HttpReader:
    def __init__(self, {param}):
        """Create a reader bound to one source.

        {sentence}
        """
        self._value = {param}
'''


@pytest.mark.parametrize(
    ("param", "sentence"),
    [
        ("url", "The proxy variables are respected by the underlying `urllib` stdlib module."),
        ("arg", "Options are read with `argparse` when none are given."),
    ],
)
def test_a_stdlib_module_is_no_old_name(tmp_path: Path, param: str, sentence: str) -> None:
    code = _CODE.format(param=param, sentence=sentence)
    assert [f.rule for f in default_findings(tmp_path, code)] == []


def test_a_name_that_is_no_module_stays_reported(tmp_path: Path) -> None:
    code = _CODE.format(param="off", sentence="Reading starts `offset` bytes into the stream.")
    found = default_findings(tmp_path, code)
    assert [f.rule for f in found] == ["C1-PROSE-NAME-STALE"]
    assert "`off`" in found[0].message
