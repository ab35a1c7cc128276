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
    owners = {fn.parent_class.rsplit(".", 1)[-1]}
    seen: set[tuple[str, str]] = set()
    reach = _reach(inp, inp.path)
    # Java: subclasses of subclasses too (an abstract class's default overridden by a class
    # that extends an abstract middle one), each one's own reach added, a few levels deep
    for _ in range(_JAVA_DEPTH if java else 1):
        found: set[str] = set()
        for path in sorted(reach):
            extract = inp.graph.get(path)
            if extract is None:
                continue
            for cls in extract.classes:
                extends = any(_base_name(b) in owners for b in cls.bases)
                if not extends or (path, cls.qualname) in seen:
                    continue
                seen.add((path, cls.qualname))
                found.add(cls.qualname.rsplit(".", 1)[-1])
                reach_more = _reach(inp, path) if java else set()
                for f in extract.functions:
                    if f.parent_class != cls.qualname or f.name != fn.name:
                        continue
                    if not java or len(f.params) == len(fn.params):
                        yield path, f
                reach |= reach_more
        if not found:
            return
        owners = found


# how many levels of subclasses a Java override is looked for in
_JAVA_DEPTH = 3


def _reach(inp: StaticInput, path: str) -> set[str]:
    """The files where a subclass of a class of ``path`` can be: the file, its importers and,
    for Java, its package."""
    paths = {path} | inp.graph.importers_of(path)
    extract = inp.graph.get(path)
    if inp.file.language == "java" and extract is not None:
        paths |= inp.graph.modules.java_package_files(extract.package)
    return paths
