"""A compiled module of the project is opaque, not missing (issue 12, rounds 17 and 19):
pandas' Cython ``pandas._libs.parsers`` and qiskit's Rust ``qiskit._accelerate`` have no
``.py`` in the wheel or the tree; a name in them is unknown (C1 name rules) and a call into
them may raise the project's own exceptions (C3-RAISES).  Controls: a missing attribute of a
pure-Python module and a project exception behind a call to an external library stay
reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.returns_raises import c3_raises_unraised

from tests.names_helpers import messages
from tests.static_helpers import project_input

_COMMON = '''
from pkg._libs.parsers import NA_VALUES


def mangle(names):
    """De-duplicate names, matching ``pkg._libs.parsers.TextReader``."""
    return [n for n in names if n not in NA_VALUES]


def hashed(values):
    """Hashes as ``pkg._libs.hashing.hash_array`` does."""
    return values


def read(values):
    """Reads as ``pkg._libs.readers.TextReader`` does."""
    return values


def reads(values):
    """Reads as ``pkg.helpers.TextReader`` does."""
    return values
'''


def _files() -> dict[str, str]:
    return {
        "pkg/__init__.py": "",
        "pkg/_libs/__init__.py": "",
        "pkg/helpers.py": "def helper():\n    return 1\n",
        "pkg/common.py": _COMMON,
    }


def test_names_in_a_compiled_module_are_unknown(tmp_path: Path) -> None:
    files = _files()
    # an extension module next to the package's files (a built tree, a wheel unpacked)
    so = tmp_path / "proj" / "pkg" / "_libs" / "hashing.cpython-312-x86_64-linux-gnu.so"
    so.parent.mkdir(parents=True)
    so.write_bytes(b"\x7fELF")

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "pkg/common.py", qualname)
        return messages(c1_name_unresolved(inp))

    assert found("mangle") == []  # imported by the project, no source: compiled
    assert found("hashed") == []  # its extension file lies in the package
    # controls: neither imported nor built; a pure-Python module without the name
    assert found("read") == [
        "`pkg._libs.readers.TextReader` names nothing: module `pkg._libs` has no `readers`"
    ]
    assert found("reads") == [
        "`pkg.helpers.TextReader` names nothing: module `pkg.helpers` has no `TextReader`"
    ]


_DECOMPOSE = '''
import json

from pkg._accelerate import two_qubit
from pkg.errors import PkgError


class Decomposer:
    def __init__(self, gate):
        """Build the decomposer.

        Raises:
            PkgError: If the gate is not locally equivalent.
        """
        self._inner = two_qubit.Decomposer(gate)


def load(text):
    """Load a gate.

    Raises:
        PkgError: If the text is no gate.
    """
    return json.loads(text)
'''


def test_a_call_into_a_compiled_module_may_raise_project_exceptions(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/errors.py": "class PkgError(Exception):\n    pass\n",
        "pkg/decompose.py": _DECOMPOSE,
    }

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "pkg/decompose.py", qualname)
        return messages(c3_raises_unraised(inp))

    assert found("Decomposer.__init__") == []
    # control: an external library cannot raise the project's exception
    assert found("load") == [
        "documents raising PkgError, but load() neither raises it nor calls anything that does"
    ]
