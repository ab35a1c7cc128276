"""A private helper named without its leading underscores: pyDes's ``des.crypt`` says it runs
the data "through des_crypt()" and calls ``self.__des_crypt(block, crypt_type)`` (pysmb's
vendored copy, round 100).  The prose names the helper the function calls, spelt as a reader
says it; no code of that name went stale."""

from __future__ import annotations

import re

__all__ = ["calls_its_private_twin"]


def calls_its_private_twin(body: str, name: str, own: str) -> bool:
    """Whether ``body`` (the code of the documented function ``own``) calls ``_name`` or
    ``__name``, bare or as an attribute (``self.__des_crypt(...)``), for a plain public-shaped
    ``name``.  Not the function itself: tyro's ``_resolve_type_params`` recurses, and its
    "Implementation of resolve_type_params()" names the public wrapper that is gone (round 60,
    judged TRUE)."""
    if not re.fullmatch(r"[A-Za-z]\w*", name) or own.lstrip("_") == name:
        return False
    return re.search(rf"(?<![\w])_{{1,2}}{re.escape(name)}\s*\(", body) is not None
