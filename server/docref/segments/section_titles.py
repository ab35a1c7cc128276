"""The section titles of a Google or NumPy docstring: which ones open entries (the kind of
segment and the grammar of their entry heads, read in :mod:`docref.segments.heads`) and which
hold prose.
"""

from __future__ import annotations

from docref.core.segment import SegmentKind

__all__ = ["ENTRY_SECTIONS", "PROSE_SECTIONS", "section_key"]


# Section name (lower case, single spaces) -> (segment kind, entry grammar).
# Grammars: "named" (``x (int): …`` / ``x : int``), "typed" (one ``type: …`` entry or NumPy
# ``name : type`` lines), "exc" (``ValueError: …`` / ``ValueError``).
ENTRY_SECTIONS: dict[str, tuple[SegmentKind, str]] = {
    **dict.fromkeys(
        (
            "args",
            "arguments",
            "parameters",
            "params",
            "other parameters",
            "other arguments",
            "keyword args",
            "keyword arguments",
            "keyword parameters",
            "kwargs",
            "receive",
            "receives",
        ),
        ("param", "named"),
    ),
    "attributes": ("attribute", "named"),
    "methods": ("other", "named"),
    "returns": ("returns", "typed"),
    "return": ("returns", "typed"),
    "yields": ("yields", "typed"),
    "yield": ("yields", "typed"),
    **dict.fromkeys(("raises", "raise", "exceptions", "except"), ("raises", "exc")),
    **dict.fromkeys(("warns", "warn"), ("other", "exc")),
}

PROSE_SECTIONS = frozenset(
    {
        "attention",
        "caution",
        "danger",
        "error",
        "example",
        "examples",
        "hint",
        "important",
        "note",
        "notes",
        "references",
        "see also",
        "tip",
        "todo",
        "warning",
        "warnings",
    }
)


def section_key(title: str) -> str:
    return " ".join(title.lower().split())
