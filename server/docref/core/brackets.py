"""Where a bracket written in source text closes, counted by depth.

Several checks cut a call's arguments or a literal out of code or docstring text without
parsing it (the text may be a fragment, or not parse at all): ``super().__init__(`` up to
its ``)``, a dict literal from its ``{``.  The scan counts only depth: quotes and comments are
not read, so a bracket inside a string literal counts too -- the callers accept that for
the short spans they cut (a wrong cut only makes an exemption or a parse miss).
"""

from __future__ import annotations

__all__ = ["closing_bracket"]


def closing_bracket(text: str, start: int, openers: str = "(", closers: str = ")") -> int | None:
    """The index of the bracket in ``text`` that closes the one opened just before ``start``,
    ``None`` when ``text`` ends first.  Any of ``openers`` opens a level and any of
    ``closers`` closes one (``"([{"`` / ``")]}"``: all kinds nest together, a mismatched
    pair is not told apart)."""
    depth = 1
    for at in range(start, len(text)):
        char = text[at]
        if char in openers:
            depth += 1
        elif char in closers:
            depth -= 1
            if depth == 0:
                return at
    return None
