"""What indexing a workspace and updating one file of it report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from docref.graph.discovery import Skipped


@dataclass(slots=True)
class IndexReport:
    files: int
    functions: int
    classes: int
    edges: int
    skipped: list[Skipped]
    seconds: float
    cache_hits: int = 0
    cancelled: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "functions": self.functions,
            "classes": self.classes,
            "edges": self.edges,
            "skipped": [{"path": s.relpath, "reason": s.reason} for s in self.skipped],
            "seconds": round(self.seconds, 3),
            "cache_hits": self.cache_hits,
        }


@dataclass(slots=True)
class UpdateResult:
    """What one update changed: entity qualnames of that file, and dependent functions."""

    path: str
    changed: list[str] = field(default_factory=list)
    dependents: list[tuple[str, str]] = field(default_factory=list)  # (path, qualname)
    note: str | None = None
