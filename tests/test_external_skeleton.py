"""Tests for docref.external.py_skeleton: an installed module's summary read from its text with
function bodies cut is the summary of the whole text."""

from __future__ import annotations

import ast
import os
import py_compile
import sys
import textwrap
from pathlib import Path

import pytest
from docref.external import py_source
from docref.external.py_skeleton import compiled_here, skeleton
from docref.external.py_source import SourceModule, load_source, stamp_of

from tests.summary_helpers import canon_module

# Everything that decides where a body ends: docstrings with escaped quotes, a ``def`` spelt
# inside strings and comments, brackets and backslashes continuing a line at column 0, nested
# functions and classes, one-line bodies, decorators, ``async``, bindings after each body.
TRICKY = textwrap.dedent(
    '''\
    """Module doc."""
    import os
    from . import sibling as _sib

    def plain(a, b=1, *args, key: "int | None" = None, **kw) -> dict[str, int]:
        """Docstring ending in an escaped quote \\""""
        text = """
    def not_a_function():
        pass
    """
        # def neither(): a comment at any column
        value = call(a,
    b)  # a continuation line at column 0
        total = 1 + \\
            2
        return {"k": value, "t": total}

    AFTER_PLAIN = plain

    @decorator(option=":")
    async def coroutine(x=lambda y: y):
        r\'\'\'Raw docstring with "quotes" and backslashes \\\\ \'\'\'
        def inner():
            """Inner: dropped with its parent's body."""
            class Hidden:
                pass
        return inner

    def one_liner(): return 1
    def not_documented(x):
        x += 1
        return x

    def doc_then_more(x):
        "Single-quoted doc"; x = 2
        return x

    def formatted_doc():
        """Not a docstring: {}""".format(1)
        return 3

    class Widget(Base, metaclass=Meta):
        """A class."""

        size: int = 3
        """The size."""

        def method(self):
            """A method."""
            if self:
    # a comment at column 0 inside the body
                return [
    1,
                ]

        @property
        def prop(self):
            return self.size

        class Nested:
            def deep(self, y):
                "Deep."
                return y

    Widget.extra = 1

    if sys.version_info >= (3, 8):
        def conditional(z):
            """Defined in an if block."""
            return z
    else:
        def conditional(z):
            return -z

    try:
        from fast import speedup
    except ImportError:
        def speedup():
            pass

    LAST = "end"
    '''
)


def _summary(text: str) -> object:
    module = SourceModule(name="pkg.mod", path="mod.py", is_pkg=False)
    tree = ast.parse(text)
    module.doc = ast.get_docstring(tree)
    py_source.collect(tree.body, module.scope, module.stars, "pkg.mod", False)
    return canon_module(module)


needs_311 = pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the cut is made on 3.11")


@needs_311
def test_the_skeleton_summarises_as_the_whole_text() -> None:
    cut = skeleton(TRICKY)
    assert cut is not None
    assert len(cut) < len(TRICKY)
    for gone in ("not_a_function", "Hidden", "x += 1", "total = 1"):
        assert gone not in cut  # bodies (and what they define) are cut
    for kept in ("AFTER_PLAIN", "LAST", "Widget.extra", "The size.", "Deep.", "speedup"):
        assert kept in cut
    assert _summary(cut) == _summary(TRICKY)


@needs_311
def test_what_the_cut_cannot_do_exactly_is_left_to_the_whole_parse() -> None:
    assert skeleton("def f(x):\n\treturn x\n") is None  # tab indentation
    assert skeleton("def f(x:\n") is None  # a header that never ends
    assert skeleton("def f(x):\n# only a comment\n") is None  # no body


def test_compiled_here_needs_a_pyc_of_the_files_mtime_and_size(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text("def f():\n    return 1\n", encoding="utf-8")
    assert not compiled_here(str(source), stamp_of(str(source)))  # never compiled
    py_compile.compile(str(source), doraise=True)
    assert compiled_here(str(source), stamp_of(str(source)))
    source.write_text("def f():\n    return 22\n", encoding="utf-8")  # size changed
    assert not compiled_here(str(source), stamp_of(str(source)))
    stub = tmp_path / "mod.pyi"
    stub.write_text("def f() -> int: ...\n", encoding="utf-8")
    os.utime(stub, ns=(source.stat().st_mtime_ns, source.stat().st_mtime_ns))
    assert not compiled_here(str(stub), stamp_of(str(stub)))  # a stub has no pyc of its own


def test_a_compiled_module_loads_the_same_summary(tmp_path: Path) -> None:
    compiled, plain = tmp_path / "a" / "mod.py", tmp_path / "b" / "mod.py"
    for path in (compiled, plain):
        path.parent.mkdir()
        path.write_text(TRICKY, encoding="utf-8")
    py_compile.compile(str(compiled), doraise=True)
    py_source.clear_caches()
    fast = load_source("pkg.mod", str(compiled), False)
    slow = load_source("pkg.mod", str(plain), False)
    assert fast.error is None and slow.error is None

    assert canon_module(fast) == canon_module(slow) == _summary(TRICKY)
    py_source.clear_caches()


def test_a_body_that_does_not_compile_still_makes_the_module_unreadable(tmp_path: Path) -> None:
    # no pyc can exist for it, so the whole text is parsed and its error reported
    path = tmp_path / "broken.py"
    path.write_text("def f():\n    return (\n\nX = 1\n", encoding="utf-8")
    py_source.clear_caches()
    assert load_source("broken", str(path), False).error is not None
    py_source.clear_caches()


def test_defs_are_the_line_start_defs_the_pattern_finds() -> None:
    """``_defs`` (the literal ``def `` and its line checked) finds exactly what the pattern
    ``\\n([ ]*)(?:async[ ]+)?def[ ]`` finds: async ones, indented ones, and no ``def``
    inside a word or after other code on its line."""
    import re

    from docref.external.py_skeleton import _defs
    from docref.external.py_skeleton import mask_code as _mask

    pattern = re.compile(r"\n([ ]*)(?:async[ ]+)?def[ ]")
    text = TRICKY + textwrap.dedent(
        """\
        undef = 1
        x = 1; def_ = 2
        async  def spaced(): pass
        asyncdef = 3
        lambda: undef
            async def indented(): pass
        """
    )
    masked = "\n" + _mask(text)
    expected = [(m.start(), len(m[1]), m.end()) for m in pattern.finditer(masked)]
    assert len(expected) > 10
    assert list(_defs(masked)) == expected
    assert list(_defs("\nundef x\n  xdef y\nasync def f\n")) == [(17, 0, 28)]
