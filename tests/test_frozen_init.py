"""docref.core.frozen_init: the descriptor-storing ``__init__`` builds what the dataclass's own
does -- same parameters and defaults, same field values, still frozen, same equality, hash,
repr and pickle -- and refuses the classes it would build differently."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest
from docref.checks.static.names_mentions import Mention
from docref.checks.types_expr import TypeExpr
from docref.core.frozen_init import fast_init
from docref.core.segment import Segment
from docref.graph.parts import Span
from docref.segments.heads import Head
from docref.segments.prose import TextSpan


@dataclass(frozen=True, slots=True)
class _Own:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()
    d: bool = field(default=False, compare=False)


@fast_init
@dataclass(frozen=True, slots=True)
class _Fast:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()
    d: bool = field(default=False, compare=False)


def test_the_same_instances_as_the_generated_init() -> None:
    assert str(inspect.signature(_Fast)) == str(inspect.signature(_Own))
    for args, kwargs in [((1,), {}), ((1, "x"), {"d": True}), ((), {"a": 2, "c": (3,)})]:
        fast, own = _Fast(*args, **kwargs), _Own(*args, **kwargs)
        assert dataclasses.astuple(fast) == dataclasses.astuple(own)
        assert repr(fast).replace("_Fast", "_Own") == repr(own)
        assert hash(fast) == hash(own) and fast == _Fast(*args, **kwargs)
        assert pickle.loads(pickle.dumps(fast)) == fast
        assert dataclasses.replace(fast, b="z").b == "z"
        with pytest.raises(dataclasses.FrozenInstanceError):
            fast.a = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Fast()  # type: ignore[call-arg]  # a required field, as before
    assert _Fast(1, d=True) == _Fast(1)  # compare=False kept


@pytest.mark.parametrize("cls", [Span, Segment, TypeExpr, TextSpan, Head, Mention])
def test_the_classes_made_in_bulk_take_their_fields(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]
    assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"


def test_a_class_it_would_build_differently_is_refused() -> None:
    def post_init() -> type:
        @dataclass(frozen=True, slots=True)
        class Post:
            a: int

            def __post_init__(self) -> None:
                pass

        return Post

    def factory() -> type:
        @dataclass(frozen=True, slots=True)
        class Factory:
            a: list[int] = field(default_factory=list)

        return Factory

    def keyword() -> type:
        @dataclass(frozen=True, slots=True, kw_only=True)
        class Keyword:
            a: int

        return Keyword

    def unfrozen() -> type:
        @dataclass(slots=True)
        class Unfrozen:
            a: int

        return Unfrozen

    def unslotted() -> type:
        @dataclass(frozen=True)
        class Unslotted:
            a: int

        return Unslotted

    for make in (post_init, factory, keyword, unfrozen, unslotted):
        with pytest.raises(TypeError):
            fast_init(make())
