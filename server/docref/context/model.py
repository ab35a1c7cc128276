"""What the context stage hands on: the related-information blocks of one function."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Origin = Literal["internal", "cross", "external"]


def estimate_tokens(text: str) -> int:
    """Rough token count (4 characters a token).

    No tokenizer ships with docref (a model's tokenizer would be a download); the budget is
    a bound on prompt size, and this estimate errs the same way for every block.
    """
    return (len(text) + 3) // 4


@dataclass(slots=True)
class RelatedBlock:
    """One ``# name #`` block of ReFEree related information.

    ``name`` is the name as the function uses it (``helper``, ``self.save``,
    ``os.path.join``); ``origin`` internal (same file), cross (another project file) or
    external (outside the project); ``target`` the resolved qualified name; ``path`` and
    ``line`` (0-based) the definition's location for project entities, ``source`` a
    human-readable location for externals; ``uses`` how often the function uses the name.
    """

    name: str
    origin: Origin
    entity: str  # function | method | class | variable | module | external kind
    target: str
    text: str
    uses: int = 1
    path: str | None = None
    line: int | None = None
    source: str = ""

    @property
    def tokens(self) -> int:
        return estimate_tokens(self.render())

    def render(self) -> str:
        return f"# {self.name} #\n{self.text}\n"

    def location(self) -> str:
        if self.path is not None and self.line is not None:
            return f"{self.path}:{self.line + 1}"
        return self.source

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.origin,
            "entity": self.entity,
            "target": self.target,
            "location": self.location(),
            "path": self.path,
            "line": None if self.line is None else self.line + 1,
            "uses": self.uses,
            "tokens": self.tokens,
            "text": self.text,
        }


@dataclass(slots=True)
class DroppedBlock:
    name: str
    origin: Origin
    tokens: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.origin,
            "tokens": self.tokens,
            "reason": self.reason,
        }


@dataclass(slots=True)
class FunctionContext:
    """The target function's code and its 1-hop related information, budget applied."""

    path: str
    qualname: str
    language: str
    code: str
    related: list[RelatedBlock] = field(default_factory=list)
    dropped: list[DroppedBlock] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    token_budget: int = 2000

    def render_related(self) -> str:
        """The blocks as ReFEree's ``{related_information}`` (empty string when none)."""
        return "".join(block.render() for block in self.related)

    @property
    def tokens(self) -> int:
        return sum(block.tokens for block in self.related)
