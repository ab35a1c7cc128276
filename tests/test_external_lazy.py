"""Tests for docref.external.py_lazy: an installed module's summary whose top-level ``def`` and
``class`` statements are parsed on first use is, once read, the summary of the whole text; and
what is never read is never parsed."""

from __future__ import annotations

import ast
import pickle
import py_compile
import sys
import textwrap
from pathlib import Path

import pytest
from docref.checks.static.names_passed import _module_params
from docref.external import py_source
from docref.external.py_lazy import LazyBinding, lazy_summary
from docref.external.py_source import Binding, SourceModule, binding_doc, load_source

from tests.summary_helpers import canon_module

# Everything that decides where a top-level statement starts and what it binds: a module
# docstring, imports and a star import, assignments with attribute docstrings, ``Cls.attr = v``
# after the class, decorators (one over several lines at column 0), overloads, a def after an
# assignment of its name (the def wins) and an assignment after a def (the def stays), a class
# after a def of its name (the def stays), ``if``/``try`` blocks with ``else``/``except``/
# ``finally`` at column 0, brackets and a backslash continuing a line at column 0, ``def``
# spelt in a string and a comment at column 0, ``async def``, one-line bodies.
MODULE = textwrap.dedent(
    '''\
    """Module doc.

    def not_a_function():
    class NotAClass:
    """
    from __future__ import annotations

    import os
    from typing import overload
    from .sibling import *
    from . import other as _other

    # def commented_out(x):
    COUNT = 3
    """The count."""
    shadowed = 1

    def shadowed(a, b=COUNT):
        """The def wins over the assignment before it."""
        return a

    shadowed = 2  # the def stays

    @overload
    def over(x: int) -> int: ...
    @overload
    def over(x: str) -> str: ...
    def over(x):
        """Overloaded."""
        return x

    @decorator(
    option=":",
    )
    class Widget(Base, metaclass=Meta):
        """A widget."""

        size: int = 3
        """The size."""

        def __init__(self, size=3):
            def inner():
                pass
            self.size = size

        class Deep:
            """Deep."""

    Widget.extra = 1
    """Added later."""

    def Widget():
        """A def of a class's name after it: the class stays."""

    class over:
        """A class of a def's name: the def stays."""

    if sys.version_info >= (3, 12):
        def version_dependent(new):
            pass
    else:
        def version_dependent(old):
            pass

    try:
        from _speedups import fast
    except ImportError:
        def fast(x, *, fallback=True):
            return x
    finally:
        CLEANED = True

    value = call(1,
    2)
    total = 1 + \\
    2
    TEXT = """
    def spelt_in_a_string(y):
    """

    async def coroutine(x=lambda y: y):
        r\'\'\'Raw docstring with "quotes".\'\'\'
        return x

    def one_liner(quantity): return quantity
    LAST = "end"
    '''
)


def _eager(text: str, name: str = "pkg.mod") -> SourceModule:
    module = SourceModule(name=name, path="mod.py", is_pkg=False)
    tree = ast.parse(text)
    module.doc = ast.get_docstring(tree)
    py_source.collect(tree.body, module.scope, module.stars, name, False)
    return module


def _lazy(text: str) -> SourceModule:
    module = SourceModule(name="pkg.mod", path="mod.py", is_pkg=False)
    assert lazy_summary(module, text)
    return module


def _parsed(binding: Binding) -> bool:
    return not isinstance(binding, LazyBinding) or binding._nodes is not None


needs_311 = pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the cut is made on 3.11")


@needs_311
def test_the_lazy_summary_once_read_is_the_whole_texts() -> None:
    lazy = _lazy(MODULE)
    assert canon_module(lazy) == canon_module(_eager(MODULE))
    names = list(lazy.scope)
    assert "not_a_function" not in names and "commented_out" not in names
    assert "spelt_in_a_string" not in names and "NotAClass" not in names
    assert lazy.scope["Widget"].kind == "class" and lazy.scope["over"].kind == "def"
    assert lazy.scope["Widget"].members is not None
    assert "extra" in lazy.scope["Widget"].members
    assert len(lazy.scope["over"].nodes) == 3
    assert lazy.doc is not None and lazy.doc.startswith("Module doc.")


@needs_311
def test_a_module_starting_with_a_def_has_no_docstring() -> None:
    text = 'def first():\n    """Not the module\'s."""\n\nX = 1\n'
    assert _lazy(text).doc is None
    assert canon_module(_lazy(text)) == canon_module(_eager(text))


@needs_311
def test_nothing_is_parsed_until_it_is_read() -> None:
    lazy = _lazy(MODULE)
    deferred = [b for b in lazy.scope.values() if isinstance(b, LazyBinding)]
    assert {b.name for b in deferred} >= {"over", "Widget", "coroutine", "one_liner"}
    # all but the class that ``Widget.extra = 1`` adds a member to
    assert [b.name for b in deferred if _parsed(b)] == ["Widget"]
    assert lazy.scope["COUNT"].doc == "The count."  # assignments are read at once
    kind, signature, doc = binding_doc(lazy.scope["coroutine"], in_class=False)
    assert (kind, doc) == ("function", 'Raw docstring with "quotes".')
    assert signature == "async def coroutine(x=lambda y: y)"
    assert [b.name for b in deferred if _parsed(b)] == ["Widget", "coroutine"]


@needs_311
def test_a_lazy_summary_pickles_for_the_other_worker() -> None:
    lazy = _lazy(MODULE)
    lazy.scope["one_liner"].nodes  # noqa: B018  (one read before, the rest after)
    again = pickle.loads(pickle.dumps(lazy))
    assert canon_module(again) == canon_module(_eager(MODULE))


@needs_311
def test_a_parameter_is_looked_for_only_in_the_statements_that_spell_it() -> None:
    lazy = _lazy(MODULE)
    assert "fallback" in _module_params(lazy, "fallback")  # a def inside ``try``: read at once
    assert "quantity" in _module_params(lazy, "quantity")
    parsed = {b.name for b in lazy.scope.values() if _parsed(b)}
    assert "one_liner" in parsed
    assert "coroutine" not in parsed and "over" not in parsed  # they lack the word
    # the control: the whole set, every statement read, is the eager summary's
    assert _module_params(_lazy(MODULE)) == _module_params(_eager(MODULE))
    assert "size" in _module_params(_lazy(MODULE), "size")  # a method of a deferred class
    assert "nothing_takes_this" not in _module_params(lazy, "nothing_takes_this")


@needs_311
def test_a_name_spelt_with_compatibility_characters_is_looked_for_in_the_parse() -> None:
    # the parser stores identifiers NFKC-normalised: ``ﬁle`` (a ligature) is ``file``
    text = "def opener(\ufb01le, mode='r'):\n    return \ufb01le\n"
    lazy = _lazy(text)
    assert "file" in _module_params(lazy, "file")
    assert "file" in _module_params(_eager(text))


def _write_compiled(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lazymod.py"
    path.write_text(text)
    py_compile.compile(str(path), invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP)
    return path


@needs_311
def test_load_source_defers_the_statements_of_a_module_compiled_here(tmp_path: Path) -> None:
    py_source.clear_caches()
    text = MODULE + "".join(f"\ndef filler_{i}(a, b):\n    return a + b\n" for i in range(60))
    assert len(text) > 2000  # below that the whole text is parsed at once
    path = _write_compiled(tmp_path, text)
    module = load_source("lazymod", str(path), False)
    assert isinstance(module.scope["filler_0"], LazyBinding)
    assert canon_module(module) == canon_module(_eager(text, "lazymod"))
    # the control: the same text not compiled here is parsed whole, to the same summary
    other = tmp_path / "other"
    other.mkdir()
    plain = other / "lazymod.py"
    plain.write_text(text)
    eager = load_source("lazymod", str(plain), False)
    assert not any(isinstance(b, LazyBinding) for b in eager.scope.values())
    assert canon_module(eager) == canon_module(module)
