"""C1-NAME-UNRESOLVED / C1-PROSE-NAME-STALE on two names of code that is not one name in scope
(round 68, session 28):

* a stem whose arity-numbered members are the project's (returns' "with ``IOResultLike``
  returning function" beside the imported ``IOResultLikeN``, with ``IOResultLike2`` and
  ``IOResultLike3`` in the interface module): the family, as ``urfft`` is for ``urfft2`` and
  ``urfftn`` in scope;
* a C typedef in a ctypes binding (neptune's vendored pynvml: "An `nvmlMemory_t` object" where
  the Python structure is ``c_nvmlMemory_t``): the wrapped C library's type.

Controls stay reported: one member only, members that add a word, and the same names in a
file with no C binding.  The name sits in the Returns section, in each docstring style."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved

from tests.names_helpers import messages
from tests.static_helpers import project_input

_STYLES = {
    "google": "Compose it.\n\n    Returns:\n        {text}\n    ",
    "numpy": "Compose it.\n\n    Returns\n    -------\n    object\n        {text}\n    ",
    "rest": "Compose it.\n\n    :returns: {text}\n    ",
}


def _interfaces(*members: str) -> str:
    return "".join(f"class {m}:\n    pass\n\n\n" for m in members)


_COMPOSE = '''from pkg.interfaces import IOResultLikeN


def compose_result(function: IOResultLikeN) -> IOResultLikeN:
    """{doc}"""
    return function
'''

_TEXT = "A function returning ``IOResultLike``."
_REPORTED = ["`IOResultLike` names nothing in scope; did you mean `IOResultLikeN`?"]


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    ("members", "expected"),
    [
        (("IOResultLike2", "IOResultLike3", "IOResultLikeN"), []),
        (("IOResultLikeN",), _REPORTED),
        (("IOResultLikeBase", "IOResultLikeN"), _REPORTED),
    ],
    ids=["arity-family", "control-one-member", "control-member-adds-a-word"],
)
def test_a_stem_of_the_projects_arity_numbered_interfaces(
    tmp_path: Path, style: str, members: tuple[str, ...], expected: list[str]
) -> None:
    doc = _STYLES[style].format(text=_TEXT)
    files = {
        "pkg/__init__.py": "",
        "pkg/interfaces.py": _interfaces(*members),
        "pkg/compose.py": _COMPOSE.replace("{doc}", doc),
    }
    inp = project_input(tmp_path, files, "pkg/compose.py", "compose_result")
    assert messages(c1_name_unresolved(inp)) == expected


_BINDING = '''{imports}

class c_nvmlMemory_t:
    _fields_ = []


def nvmlDeviceGetMemoryInfo(handle):
    """{doc}"""
    c_memory = c_nvmlMemory_t()
    return c_memory
'''


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(
    ("imports", "reported"),
    [
        ("from ctypes import byref", False),
        ("import ctypes", False),
        ("import json", True),
    ],
    ids=["ctypes-binding-from", "ctypes-binding", "control-no-c-binding"],
)
def test_a_c_typedef_in_a_ctypes_binding(
    tmp_path: Path, style: str, imports: str, reported: bool
) -> None:
    doc = _STYLES[style].format(text="The memory information, an `nvmlMemory_t` object.")
    code = _BINDING.replace("{imports}", imports).replace("{doc}", doc)
    inp = project_input(tmp_path, {"pynvml.py": code}, "pynvml.py", "nvmlDeviceGetMemoryInfo")
    found = messages(c1_name_unresolved(inp))
    assert bool(found) is reported
    assert all("`nvmlMemory_t` names nothing in scope" in m for m in found)
