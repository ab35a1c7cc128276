"""A falsy signature default the body replaces with the documented value (C2-DEFAULT-MISMATCH).

``port=0`` with ``self.port = port or 3306`` in the body, documented "(default: 3306)" (round 34,
pymysql's ``Connection``): the 0 is a "not given" sentinel and 3306 what the caller gets, so the
documented default is the effective one.  Read from the function's (or, for a class
docstring, the class's) own source: ``NAME or VALUE`` and ``if not NAME: NAME = VALUE``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from docref.checks.static.base import StaticInput
from docref.checks.static.defaults_stated import UNSET, literal

__all__ = ["replaced_when_falsy"]

# a literal operand: a number, a quoted string, True/False or a dotted constant
_VALUE = r"(-?\d[\w.]*|'[^'\n]*'|\"[^\"\n]*\"|[A-Za-z_][\w.]*)"


def replaced_when_falsy(
    inp: StaticInput,
    name: str,
    signature_value: object,
    documented: object,
    contradicts: Callable[[object, object], bool],
) -> bool:
    """The signature's default for ``name`` is falsy (not None: that sentinel is handled
    before) and the body puts a value in its place that agrees with the documented one."""
    if signature_value is None or signature_value:
        return False
    span = inp.function.span
    data = inp.data[span.start_byte : span.end_byte]
    doc = inp.function.docstring
    if (
        doc is not None
        and span.start_byte <= doc.span.start_byte < doc.span.end_byte <= span.end_byte
    ):
        # the docstring's own words ("port or 3306") are no code
        start, end = doc.span.start_byte - span.start_byte, doc.span.end_byte - span.start_byte
        data = data[:start] + data[end:]
    text = data.decode("utf-8", errors="replace")
    n = re.escape(name)
    patterns = (
        rf"(?<![\w.]){n}\s+or\s+{_VALUE}",
        rf"\bif\s+not\s+{n}\s*:\s*\n?\s*(?:self\.)?{n}\s*=\s*{_VALUE}",
    )
    for pattern in patterns:
        for match in re.finditer(pattern, text):
            value = literal(match.group(1))
            if value is not UNSET and value is not None and not contradicts(documented, value):
                return True
    return False
