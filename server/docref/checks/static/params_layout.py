"""Parameter entries that are the section's layout, not a parameter's (C1-PARAM-UNKNOWN, read
by :func:`.params.c1_param_unknown`): ``none`` alone ("no parameters"), the entries under a
heading slipped into the section, an ``args``/``kwargs`` entry that says "see X", an entry that
is its name alone.
"""

from __future__ import annotations

import re

from docref.core.segment import Segment

__all__ = ["bare_entry", "lone_none", "refers_elsewhere", "under_heading"]

_SEE_ELSEWHERE = re.compile(r"(?:see|as\s+in|passed\s+(?:on\s+)?to)\b", re.I)


# the types a "no parameters" placeholder entry is given (taxcalc's ``none: void``)
_VOID_TYPES = frozenset({"void", "none", "nothing"})


def lone_none(
    segment: Segment, name: str, documented: list[tuple[Segment, str, str]], takes_some: bool
) -> bool:
    """``none`` alone in its section, undescribed: "no other parameters" (galpy's ``Other
    Parameters / none``, round 29), as numpydoc's ``Parameters / None``.  Typed as nothing
    (taxcalc's ``none: void``, round 90) only on a function that takes no parameters: on one
    that takes some, "takes none" is stale."""
    if name.lower() != "none":
        return False
    if segment.type:
        shape = rf"{re.escape(name)}\s*:\s*{re.escape(segment.type)}\.?"
        alone = re.fullmatch(shape, segment.text.strip())
        if segment.type.strip().lower() not in _VOID_TYPES or takes_some or not alone:
            return False
    elif segment.text.strip().rstrip(".") != name:
        return False
    return sum(seg.section == segment.section for seg, _d, _n in documented) == 1


def under_heading(segment: Segment, headings: list[Segment]) -> bool:
    """The entry follows a heading slip in its section (``Returns`` without its underline,
    then ``dict : the updated dictionary``; bilby, pyomo: round 29): an entry of the section
    the heading meant to open, reported once, on the heading."""
    return any(h.section == segment.section and h.start < segment.start for h in headings)


def refers_elsewhere(segment: Segment) -> bool:
    """The entry's text after its names (and type) starts with "see X" / "passed to X"."""
    text = segment.text
    if segment.type and segment.type in text:
        text = text[text.index(segment.type) + len(segment.type) :]
    else:
        text = re.sub(r"^\W*(?:param\w*\s+)?[\w*,\s]*", "", text, count=1)
    return _SEE_ELSEWHERE.match(text.lstrip(" :)\n\t")) is not None


def bare_entry(segment: Segment) -> bool:
    """An entry that is its name alone: no type, no description."""
    return not segment.type and segment.text.strip().rstrip(":") == (segment.name or "").strip()
