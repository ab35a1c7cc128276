"""Two ways of writing one default (for ``C2-DEFAULT-MISMATCH``, :mod:`.defaults`): a string
default as compared, and a record written without its outer list."""

from __future__ import annotations

from collections.abc import Sequence

from docref.checks.static.defaults_stated import same_value

__all__ = ["one_record", "plain_text"]


def plain_text(value: str) -> str:
    """A string default as compared: lower case, without whitespace, ``-`` read as ``_``, without
    inline markup inside its quotes (``'`uniform`'`` for ``"uniform"``, round 35, pydmd) and a
    leading ``./`` (``"./cache"`` for ``"cache"``: the same relative path, round 50, monai)."""
    text = "".join(value.lower().split()).replace("-", "_")
    unmarked = text.strip("`*")
    text = unmarked if unmarked else text
    return text[2:] if text.startswith("./") and len(text) > 2 else text


def one_record(documented: Sequence[object], signature: Sequence[object]) -> bool:
    """Whether one side is the other wrapped in an outer list: ``[1e-6, 6e-6, 6e-4]`` documented
    for ``[[1e-6, 6e-6, 6e-4]]`` (round 41, flopy's ``dp`` of shape (nmz, 3), one record when
    nmz is 1) -- the record written without its list, as a scalar for ``[1]`` is not compared."""
    for outer, inner in ((signature, documented), (documented, signature)):
        record = outer[0] if len(outer) == 1 else None
        if isinstance(record, list | tuple) and same_value(list(record), list(inner)):
            return True
    return False
