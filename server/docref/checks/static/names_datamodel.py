"""The data-model hooks the Python documentation files under ``object`` (issue 12, round 17).

The language reference documents every special method a class may define as a method of
``object`` (``.. method:: object.__getattr__(self, name)`` in ``reference/datamodel.rst``;
the pickle and copy protocols likewise in ``library/pickle.rst`` and ``library/copy.rst``), so
``:meth:`object.__getattr__``` and ``:meth:`object.__setstate__``` are Sphinx targets of the
Python inventory, though the runtime ``object`` has neither.  :data:`OBJECT_HOOKS` is that
list of targets (CPython 3.13's documentation); a name of ``object`` in neither it nor
``dir(object)`` (``object.__frobnicate__``) stays unresolved.
"""

from __future__ import annotations

__all__ = ["OBJECT_HOOKS"]

_BINARY = "add sub mul matmul truediv floordiv mod divmod pow lshift rshift and xor or"

# the hooks without their underscores, one group of the documentation a line
_HOOKS = f"""
new init del repr str bytes format lt le eq ne gt ge hash bool
getattr getattribute setattr delattr dir get set delete slots
init_subclass set_name class_getitem call len length_hint
getitem setitem delitem missing iter reversed contains
{_BINARY}
{" ".join(f"r{op}" for op in _BINARY.split())}
{" ".join(f"i{op}" for op in _BINARY.split() if op != "divmod")}
neg pos abs invert complex int float index round trunc floor ceil
enter exit match_args buffer release_buffer await aiter anext aenter aexit
getnewargs getnewargs_ex getstate setstate reduce reduce_ex
copy deepcopy replace
"""

OBJECT_HOOKS: frozenset[str] = frozenset(f"__{name}__" for name in _HOOKS.split())
"""reference/datamodel.rst (customisation, attribute access, descriptors, class creation,
callables, containers, numbers with their reflected and in-place forms, context managers,
pattern matching, buffers, coroutines), library/pickle.rst and library/copy.rst."""
