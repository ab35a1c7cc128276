"""A name the docstring's example code takes from this project is the project's to resolve.

:func:`.names_examples.example_words` lets a docstring's example define the names its prose
then uses (``result``, ``long_running_task()``), so a mention whose head is a word of the example
is left alone.  A head the example imports from a project module (``>>> from pvlib.iotools
import get_acis_available_stations``) or that is the project's own top-level package
(``:func:`pvlib.iotools.read_bsrn``` beside ``>>> pvlib.iotools.get_bsrn(...)``) is no name the
example makes: it names this code, and when that path names nothing (the function was renamed;
the example's import would fail too) the mention is judged as any other (session 33, pvlib's
recall misses).  Only a mention marked as code is taken back (:mod:`.names`): "a list of
dask.arrays" in plain prose is English about the example's objects.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_python import PythonScope

__all__ = ["stale_example_path"]

# ``>>> from pkg.mod import a, b as c`` / ``>>> import pkg.mod as m``, in a doctest line
_FROM = re.compile(
    r"^[ \t]*(?:>>>|\.\.\.)[ \t]+from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([\w ,\t]+)\)?[ \t]*$", re.M
)
_IMPORT = re.compile(
    r"^[ \t]*(?:>>>|\.\.\.)[ \t]+import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?[ \t]*$", re.M
)


def _imported_paths(doc: str) -> dict[str, str]:
    """The names the doctest lines of ``doc`` bind by importing, and the paths they import."""
    bound: dict[str, str] = {}
    for module, names in _FROM.findall(doc):
        for item in names.split(","):
            parts = item.split()
            if len(parts) == 1:
                bound[parts[0]] = f"{module}.{parts[0]}"
            elif len(parts) == 3 and parts[1] == "as":
                bound[parts[2]] = f"{module}.{parts[0]}"
    for module, alias in _IMPORT.findall(doc):
        bound[alias or module.split(".")[0]] = module if alias else module.split(".")[0]
    return bound


def stale_example_path(inp: StaticInput, scope: PythonScope, target: str) -> bool:
    """``target``'s head is one the example code takes from this project (imported from a
    project module, or the project's top-level package) and the path it names is missing."""
    if "#" in target or inp.file.language != "python":
        return False
    head, _, rest = target.partition(".")
    doc = inp.source[inp.docstring.body_start : inp.docstring.body_end]
    path = _imported_paths(doc).get(head) if ">>>" in doc else None
    if path is None:
        if not rest or "." in head or inp.graph.modules.module_path(head) is None:
            return False  # not the project's own package: a name the example may make
        path = head
    if inp.graph.modules.module_path(path.split(".")[0]) is None:
        return False  # imported from another library
    full = f"{path}.{rest}" if rest else path
    return scope.resolve_dotted(full.split(".")).verdict == "missing"
