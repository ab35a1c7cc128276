"""One identifier a docstring names explicitly: :class:`Mention`, what
:func:`~docref.checks.static.names_mentions.find_mentions` finds, and how it is marked
(:data:`MentionKind`: a cross-reference or a name in prose).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from docref.core.frozen_init import fast_init

__all__ = ["Mention", "MentionKind"]

MentionKind = Literal[
    "role",
    "link",
    "see",
    "seealso",
    "backtick",
    "literal",
    "call",
    "dotted",
    "emphasis",
    "code",
    "caps",
]
_XREF_KINDS = frozenset({"role", "link", "see", "seealso"})


@fast_init  # built by the ten thousand: docref.core.frozen_init
@dataclass(frozen=True, slots=True)
class Mention:
    """One identifier a docstring names explicitly.

    ``target`` is what to resolve: a dotted Python name without Sphinx prefixes or call
    parentheses (``os.path.join`` for ``~os.path.join()``), or a Javadoc reference without its
    parameter list (``Foo#bar``, ``#bar``, ``java.util.List``).  ``start``/``end`` are the
    offsets of the mention as written in the file's source; ``role`` is the Sphinx role
    (``func``, ``mod``...) of a role mention.
    """

    target: str
    kind: MentionKind
    start: int
    end: int
    role: str | None = None

    @property
    def is_xref(self) -> bool:
        """A cross-reference (role, link, ``@see``, See Also) rather than a name in prose."""
        return self.kind in _XREF_KINDS
