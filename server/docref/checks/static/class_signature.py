"""What ``C(...)`` accepts, as :class:`~docref.checks.static.class_constructors.ConstructorResolver`
answers it: the :class:`Constructor` record (the signature and where it comes from), and a
method's parameters without its receiver (:func:`without_receiver`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from docref.checks.static.class_fields import short_name
from docref.core.findings import Evidence
from docref.graph.model import Function, Import, Param

__all__ = ["Constructor", "without_receiver"]


def without_receiver(function: Function) -> list[Param]:
    """The parameters of a method without ``self``/``cls`` (kept for a ``@staticmethod``)."""
    params = list(function.params)
    static = any(short_name(d) == "staticmethod" for d in function.decorators)
    if params and not static and params[0].kind in ("positional", "positional_only"):
        params = params[1:]
    return params


@dataclass(slots=True)
class Constructor:
    """The signature ``C(...)`` has and where it comes from.

    ``params`` is the signature the call uses (receiver removed); ``overloads`` the other
    ``@overload`` signatures of that method.  ``decorators`` are the method's (empty for
    generated constructors); ``evidence`` the code shown with a finding.  ``documented``
    is the constructor method when it has a docstring of its own, ``documented_path`` its
    file.  ``own_method`` is the qualname of the class's own ``__init__``/``__new__``;
    ``model`` the kind of generated constructor (``dataclass``, ``attrs``, ``pydantic``,
    ``namedtuple``, ``typeddict``) or ``None`` for a method; ``imports`` the top-level
    imports of the files the signature was written in.  ``aliases`` maps a pydantic field's
    alias to its name: ``params`` holds both, since docstrings use either.
    """

    params: list[Param]
    evidence: Evidence
    overloads: list[list[Param]] = field(default_factory=list)
    decorators: list[str] = field(default_factory=list)
    documented: Function | None = None
    documented_path: str | None = None
    own_method: str | None = None
    model: str | None = None
    imports: list[Import] = field(default_factory=list)
    # inherited ``__init__(self, *values)`` whose positions the subclass names (see _from_base)
    slots: bool = False
    aliases: dict[str, str] = field(default_factory=dict)
