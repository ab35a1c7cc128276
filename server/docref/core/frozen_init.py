"""A cheaper ``__init__`` for the frozen, slotted dataclasses a run builds by the hundred thousand.

A frozen dataclass's generated ``__init__`` stores each field with ``object.__setattr__(self,
"name", value)``, which looks the name up through the class for every field: six fields take
~1.5 µs against ~0.3 µs unfrozen (3.11).  A cold astropy run builds ~175,000 of them (spans
56,000, segments 35,000, parsed types 23,000).  :func:`fast_init` gives such a class an
``__init__`` that stores through each slot's descriptor, looked up once (the descriptor's
``__set__`` is what ``object.__setattr__`` ends in): the same parameters, defaults and field
order, half the time, and the instances as frozen as before (assigning raises
``FrozenInstanceError``; equality, hashing, ``repr``, ``replace`` and pickling are the
dataclass's own).  Only for the plain case: no ``__post_init__``, no ``InitVar``, no
``default_factory``, no keyword-only or ``init=False`` field -- anything else is refused at
import, not run differently.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any, TypeVar

__all__ = ["fast_init"]

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Replace the dataclass-generated ``__init__`` of ``cls`` (frozen, ``slots=True``; apply
    above ``@dataclass``) by one storing through the slots' descriptors (see the module)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: fast_init needs a frozen dataclass with slots=True")
    every = getattr(cls, "__dataclass_fields__", {}).values()
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    plain = all(
        f.init and not f.kw_only and f.default_factory is dataclasses.MISSING for f in fields
    )
    if hasattr(cls, "__post_init__") or len(fields) != len(every) or not plain:
        raise TypeError(f"{cls.__name__}: fast_init takes only plain fields")
    scope: dict[str, Any] = {}
    params_text: list[str] = []
    body: list[str] = []
    for f in fields:
        slot = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if not isinstance(slot, types.MemberDescriptorType):
            raise TypeError(f"{cls.__name__}.{f.name}: no slot to store through")
        scope[f"_set_{f.name}"] = slot.__set__
        if f.default is dataclasses.MISSING:
            params_text.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params_text.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})\n")
    stores = "".join(body) or "    pass\n"
    source = f"def __init__(self, {', '.join(params_text)}):\n{stores}"
    exec(source, scope)  # as dataclasses builds its own: a function of the field names only
    init = scope["__init__"]
    init.__annotations__ = dict(cls.__init__.__annotations__)  # what inspect shows, as before
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
