"""What a static rule sees for one documented function, and how rules are declared."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from docref.checks.findings import Finding
from docref.graph.model import FileExtract, Function
from docref.graph.project import ProjectGraph
from docref.segments import ParsedDocstring


@dataclass(frozen=True, slots=True)
class StaticInput:
    """One documented function: its records, its parsed docstring and the file's text.

    ``source`` is the file's text (character offsets of segments index into it); ``data``
    the same text as UTF-8 (byte spans of the graph index into it).  ``graph`` answers 1-hop
    questions (a project callee's ``raise`` statements, an imported class).
    """

    graph: ProjectGraph
    file: FileExtract
    function: Function
    docstring: ParsedDocstring
    source: str
    data: bytes

    @property
    def path(self) -> str:
        return self.file.path

    def code(self, start_byte: int, end_byte: int) -> str:
        return self.data[start_byte:end_byte].decode("utf-8", "replace")


Rule = Callable[[StaticInput], list[Finding]]
