"""Parameter entries the body reads as string keys (C1-PARAM-UNKNOWN; session 19).

A request handler documents the HTTP query arguments it reads (jupyter_server's
``NbconvertFileHandler.get(self, format, path)`` lists ``download`` and ``sanitize_html``,
read with ``self.get_argument("download")``, round 28); a middleware documents the options
it looks up (dramatiq's ``Retries``: ``on_retry_exhausted``, read with
``message.options.get("on_retry_exhausted")``, round 22).  Those entries name the function's
inputs, reached by key through a request, a config or an options mapping instead of the
signature: no caller passes them as keywords, but they are no stale names either.

:func:`read_by_key` is that read: the entry's exact name as the string-literal first argument
of an accessor call (``.get(``, ``.pop(``, ``.get_argument(``, ``.getlist(``, an
``*option*``/``*param*``/``*setting*``/``*config*`` method) or as a subscript that is read
(``self.settings["name"]``, not ``d["name"] = v``).  The caller keeps a near miss of a real
parameter reported (a renamed parameter whose old name is still a key somewhere is a rename).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput

__all__ = ["read_by_key"]

# the method names of accessors: dict and request getters, option/param/setting/config lookups
_ACCESSOR = (
    r"(?:get\w*|pop|setdefault|\w*_?arg(?:ument)?s?"
    r"|\w*option\w*|\w*param\w*|\w*setting\w*|\w*config\w*)"
)


def read_by_key(inp: StaticInput, name: str) -> bool:
    """The body of ``inp``'s function (the class body for a class docstring) reads ``name``
    as a string key: an accessor call's first argument or a subscript that is not stored to."""
    body = inp.body_code()
    if name not in body:
        return False  # the common case, without compiling a pattern
    quoted = rf"""(?P<q>["']){re.escape(name)}(?P=q)"""
    if re.search(rf"\.{_ACCESSOR}\(\s*{quoted}", body):
        return True
    return any(
        re.match(r"\s*=(?!=)", body[m.end() :]) is None
        for m in re.finditer(rf"[\w)\]]\[\s*{quoted}\s*\]", body)
    )
