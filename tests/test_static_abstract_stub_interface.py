"""Round 96 (session 36): an abstract stub ``name(self)`` documenting what its overrides take.

argopy's ``ArgoIndexSearchEngine`` declares each search as ``@abstractmethod def wmo(self)``
and documents ``WMOs`` and ``nrows``, which both implementations take (20 FALSE
C1-PARAM-UNKNOWN): the docstring states the interface, the stub's signature is elided.  The
controls: an entry no override takes, a stub with no override in reach, a concrete base method
with the same docstring, and a stub whose own signature lists parameters (its contract) keep
their findings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_BASE = '''
from abc import ABC, abstractmethod


class SearchEngine(ABC):
    """Search methods of an index."""

    {decorator}def wmo(self{own}):
        """Search the index for floats defined by WMO.

        Parameters
        ----------
        WMOs : list(int)
            List of WMOs to search
        nrows : int, optional
            Maximum number of rows to return
        cycles : list(int)
            Cycle numbers (no override takes this name)
        """
        {body}
'''

_IMPL = '''
from pkg.engine import SearchEngine


class PandasSearchEngine(SearchEngine):
    """The pandas implementation."""

    def wmo(self, WMOs, nrows=None):
        """See :meth:`SearchEngine.wmo`."""
        return list(WMOs)[:nrows]
'''


def _unknown(
    tmp_path: Path, *, decorator: str, body: str, own: str = "", impl: str | None = _IMPL
) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/engine.py": _BASE.format(decorator=decorator, body=body, own=own),
    }
    if impl is not None:
        files["pkg/pandas_engine.py"] = impl
    return sorted(
        f.message.split('"')[1]
        for f in project_findings(tmp_path, files, "pkg/engine.py")
        if f.rule == "C1-PARAM-UNKNOWN"
    )


@pytest.mark.parametrize(
    ("decorator", "body"),
    [
        ("@abstractmethod\n    ", "pass"),
        ("@abstractmethod\n    ", 'raise NotImplementedError("Not implemented")'),
        ("", "raise NotImplementedError"),
        ("", "..."),
    ],
)
def test_stub_documents_what_its_overrides_take(tmp_path: Path, decorator: str, body: str) -> None:
    # ``WMOs`` and ``nrows`` are the override's; ``cycles`` no override takes: still reported
    assert _unknown(tmp_path, decorator=decorator, body=body) == ["cycles"]


def test_stub_without_override_in_reach_stays_reported(tmp_path: Path) -> None:
    found = _unknown(tmp_path, decorator="@abstractmethod\n    ", body="pass", impl=None)
    assert found == ["WMOs", "cycles", "nrows"]


def test_concrete_base_method_stays_reported(tmp_path: Path) -> None:
    # a body that does something is no interface stub: a caller of the base gets a TypeError
    found = _unknown(tmp_path, decorator="", body="return []")
    assert found == ["WMOs", "cycles", "nrows"]


def test_stub_with_its_own_parameters_keeps_override_only_entries_reported(
    tmp_path: Path,
) -> None:
    # ``wmo(self, WMOs)`` states its contract: ``nrows``, only the override's, is stale here
    found = _unknown(tmp_path, decorator="@abstractmethod\n    ", body="pass", own=", WMOs")
    assert found == ["cycles", "nrows"]


def test_override_taking_kwargs_may_receive_every_entry(tmp_path: Path) -> None:
    # argopy's ``lon(self, BOX=None, nrows=None, **kwargs)`` hands ``ge``/``le`` to its parser:
    # as on a function of its own with ``**kwargs``, no entry is provably unknown
    impl = _IMPL.replace("def wmo(self, WMOs, nrows=None):", "def wmo(self, WMOs, **kwargs):")
    assert _unknown(tmp_path, decorator="@abstractmethod\n    ", body="pass", impl=impl) == []
