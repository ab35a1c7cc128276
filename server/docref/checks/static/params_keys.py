"""Parameter entries the body reads as string keys (C1-PARAM-UNKNOWN; session 19).

A request handler documents the HTTP query arguments it reads (jupyter_server's
``NbconvertFileHandler.get(self, format, path)`` lists ``download`` and ``sanitize_html``,
read with ``self.get_argument("download")``, round 28); so does a view reading
``request.args.get("page")`` from a module-level request, or a command reading its options
with ``self.config.get("name")``.  Those entries name the function's inputs, reached by key
instead of through the signature: no caller passes them as keywords, but they are no stale
names either.

:func:`read_by_key` is that read: the entry's exact name as the string-literal first argument
of an accessor call (``.get(``, ``.pop(``, ``.get_argument(``, ``.getlist(``, an
``*option*``/``*param*``/``*setting*``/``*config*`` method) on ``self``/``cls`` or on a name
that is no parameter.  Left out, because judged-TRUE stale entries have them: a key of a
parameter's own mapping (pyro's ``apply(self, msg)`` documenting ``name`` and reading
``msg["name"]``, the dict documented under a key's name; ``from_dict(cls, data)`` reading
``data.get(...)``), subscripts, and class docstrings, whose methods read keys of their own
(discord.py's ``Choice`` reads ``data.get('name_localizations')`` in ``from_dict``, dask's
``Blockwise`` ``self._cached_dict["dsk"]``: stale constructor entries, round 16 / round 5).
The caller keeps a near miss of a real parameter reported (a renamed parameter whose old
name is still a key somewhere is a rename).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput

__all__ = ["read_by_key"]

_SELF = frozenset({"self", "cls"})

# the method names of accessors: dict and request getters, option/param/setting/config lookups
_ACCESSOR = (
    r"(?:get\w*|pop|setdefault|\w*_?arg(?:ument)?s?"
    r"|\w*option\w*|\w*param\w*|\w*setting\w*|\w*config\w*)"
)


def read_by_key(inp: StaticInput, name: str) -> bool:
    """The body of ``inp``'s function reads ``name`` as a string key: the first argument of
    an accessor called on ``self``/``cls`` or on a name that is no parameter (a module's
    ``request``, ``os.environ``)."""
    fn = inp.function
    if fn.qualname == fn.parent_class:
        return False  # a class docstring: its methods read their own inputs (see above)
    body = inp.body_code()
    if name not in body:
        return False  # the common case, without compiling a pattern
    own = {p.name.lstrip("*") for p in fn.params} - _SELF
    quoted = rf"""(?P<q>["']){re.escape(name)}(?P=q)"""
    return any(
        m["root"] not in own
        for m in re.finditer(rf"(?<![\w.])(?P<root>\w+)(?:\.\w+)*\.{_ACCESSOR}\(\s*{quoted}", body)
    )
