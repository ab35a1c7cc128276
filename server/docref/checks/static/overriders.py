"""Whether a method is overridden by a project subclass.

A base-class method whose docstring lists the exceptions its overriders raise documents a
contract, not its own body (absl's ``ArgumentParser.parse`` documents the ``ValueError`` of
every parser that overrides it, while itself only checks the argument's type; the JDK's
``KeyPairGenerator.initialize(int, SecureRandom)`` is an empty body documenting the
``InvalidParameterException`` of its ``Delegate`` subclass).  The subclasses looked at are those
of the method's file and of the files importing it (one hop through the project graph), and for
Java those of its package too (a Java subclass in the same package needs no import), matched by
the base's last name; a Java override also has the same number of parameters (another overload
overrides nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docref.checks.static.base import StaticInput

if TYPE_CHECKING:
    from collections.abc import Iterator

    from docref.graph.model import Function

__all__ = ["overridden_in_project", "overriders"]


def _base_name(written: str) -> str:
    # ``Base[T]`` (Python), ``Base<T>`` / ``pkg.Base`` (Java) -> ``Base``
    return written.split("[", 1)[0].split("<", 1)[0].rsplit(".", 1)[-1].strip()


def overridden_in_project(inp: StaticInput) -> bool:
    """Whether a subclass in reach overrides the method (see the module doc)."""
    return next(overriders(inp), None) is not None


def overriders(inp: StaticInput) -> Iterator[tuple[str, Function]]:
    """The overrides of the method in reach (see the module doc), with their files' paths."""
    fn = inp.function
    java = inp.file.language == "java"
    if fn.parent_class is None or inp.file.language not in ("python", "java"):
        return
    owner = fn.parent_class.rsplit(".", 1)[-1]
    paths = {inp.path} | inp.graph.importers_of(inp.path)
    if java:
        paths |= inp.graph.modules.java_package_files(inp.file.package)
    for path in sorted(paths):
        extract = inp.graph.get(path)
        if extract is None:
            continue
        for cls in extract.classes:
            if not any(_base_name(b) == owner for b in cls.bases):
                continue
            for f in extract.functions:
                if f.parent_class != cls.qualname or f.name != fn.name:
                    continue
                if not java or len(f.params) == len(fn.params):
                    yield path, f
