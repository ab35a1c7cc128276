"""C1 name rules: the false-alarm patterns of precision round 8 (held-out projects), each
with a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved

from tests.names_helpers import messages, write_project_file, xref_all
from tests.static_helpers import run_rule

_BASE = '''
class Array:
    """The array type."""

    @property
    def shape(self):
        return ()
'''

_CODE = '''
from pkg.base import Array


def flip(a):
    """Flip ``a``; see :meth:`pkg.base.Array.transpose`."""
    return a
'''


def test_a_class_rebound_by_a_call_at_module_level_has_unknown_members(tmp_path: Path) -> None:
    # round 8: jax's ``Array = use_cpp_class(xc.Array)(Array)`` hands the name to a class
    # built at import time (its methods are attached by ``setattr``), like an unknown decorator
    write_project_file(tmp_path, "pkg/__init__.py", "")
    write_project_file(tmp_path, "pkg/base.py", _BASE + "\nArray = wrap_native(Array)\n")
    assert run_rule(xref_all, tmp_path, _CODE, "flip") == []
    # control: the class as written keeps its members known, and so does a rebinding to a
    # value that does not take the class (``Array = None`` is no wrapper)
    for n, tail in enumerate(("", "\nArray.__module__ = 'pkg'\n", "\nOther = wrap_native(1)\n")):
        other = tmp_path / f"control{n}"
        write_project_file(other, "pkg/__init__.py", "")
        write_project_file(other, "pkg/base.py", _BASE + tail)
        assert messages(run_rule(xref_all, other, _CODE, "flip")) == [
            "`pkg.base.Array.transpose` names nothing: class `Array` has no `transpose`"
        ]


_PUBLIC = (
    "from pkg._impl.slicing import scatter_nd as scatter_nd\n"
    "from pkg._impl.core import add as add\n"
)


def _private_alias_project(root: Path) -> None:
    write_project_file(root, "pkg/__init__.py", "")
    write_project_file(root, "pkg/_impl/__init__.py", "")
    write_project_file(root, "pkg/_impl/core.py", "def add(x, y):\n    return x + y\n")
    write_project_file(root, "pkg/_impl/slicing.py", "def scatter_nd(x):\n    return x\n")
    write_project_file(root, "pkg/lax/__init__.py", _PUBLIC)


def test_a_private_module_alias_stands_for_its_public_facade(tmp_path: Path) -> None:
    # round 8: jax's ``from jax._src.lax import lax`` inside the library, while its docstrings
    # write ``lax.scatter`` for the public ``jax.lax.scatter`` (a package re-exporting the
    # private module's names and its siblings')
    _private_alias_project(tmp_path)
    code = '''
    from pkg._impl import core as lax


    def update(x, op):
        """Apply ``op``: one of lax.scatter_nd or lax.add, or lax.scater_add."""
        return op(x)
    '''
    # the typo is in no module: still reported, with the private module named
    assert messages(run_rule(c1_name_unresolved, tmp_path, code, "update")) == [
        "`lax.scater_add` names nothing: module `pkg._impl.core` has no `scater_add`"
    ]
    # control: without the public facade re-exporting the private module, `lax.scatter_nd`
    # is missing from what the alias names (a code-shaped name: a plain word after a local
    # alias needs a did-you-mean, test_static_names_gates.py)
    other = tmp_path / "other"
    _private_alias_project(other)
    write_project_file(other, "pkg/lax/__init__.py", "from pkg._impl.slicing import scatter_nd\n")
    assert messages(run_rule(c1_name_unresolved, other, code, "update")) == [
        "`lax.scatter_nd` names nothing: module `pkg._impl.core` has no `scatter_nd`",
        "`lax.scater_add` names nothing: module `pkg._impl.core` has no `scater_add`",
    ]


def test_a_builtin_name_the_project_defines_as_a_namespace(tmp_path: Path) -> None:
    # round 8: polars writes ``str.starts_with`` for its ``Expr.str`` namespace, beside
    # ``cat.starts_with``; the builtin ``str`` has no ``starts_with``, the project's has
    namespace = '''
    class StringNameSpace:
        def starts_with(self, prefix):
            return prefix


    class Expr:
        @property
        def str(self):
            return StringNameSpace()


    class CatNameSpace:
        def filter(self, prefix):
            """Unlike `str.starts_with`, `str.endswith` is not `str.ends_with`."""
            return prefix
    '''
    # control: a method the project does not define stays judged against the builtin
    assert messages(run_rule(c1_name_unresolved, tmp_path, namespace, "CatNameSpace.filter")) == [
        "`str.ends_with` names nothing: builtin `str` has no `ends_with`; did you mean `endswith`?"
    ]
    other = tmp_path / "other"
    plain = namespace.replace("def str(self)", "def text(self)")
    assert messages(run_rule(c1_name_unresolved, other, plain, "CatNameSpace.filter")) == [
        "`str.starts_with` names nothing: builtin `str` has no `starts_with`; did you mean "
        "`startswith`?",
        "`str.ends_with` names nothing: builtin `str` has no `ends_with`; did you mean `endswith`?",
    ]


def test_a_current_module_elsewhere_makes_bare_names_its_members(tmp_path: Path) -> None:
    # round 8: jax's ``devices()`` sets ``.. currentmodule:: jaxlib._jax`` (a compiled module)
    # before ``:class:`CpuDevice```, a class of that module
    code = '''
    def devices(backend=None):
        """Return the devices.

        .. currentmodule:: {module}

        Each device is a :class:`CpuDevice` or a :class:`GpuDevice`.
        """
        return []
    '''
    write_project_file(tmp_path, "pkg/__init__.py", "")
    write_project_file(tmp_path, "pkg/devices.py", "class CpuDevice:\n    pass\n")
    foreign = code.format(module="compiledlib._native")
    assert run_rule(xref_all, tmp_path, foreign, "devices") == []
    # control: a current module of the project's own names what it has, and misses the rest
    own = code.format(module="pkg.devices")
    assert messages(run_rule(xref_all, tmp_path, own, "devices")) == [
        "`GpuDevice` names nothing in scope"
    ]


def test_a_name_built_on_a_placeholder_the_docstring_defines(tmp_path: Path) -> None:
    # round 8: polars' ``has_header``: "names will be autogenerated in the following format:
    # `column_x`, with `x` being an enumeration over every column"
    code = '''
    def read(source, *, columns=None, has_header=True):
        """Read a file.

        Column names are made in the format `column_x`, with `x` being the column's index,
        and `has_headr` says whether the first row holds them.
        """
        return source
    '''
    # control: another name of the same sentence, not built on the placeholder, stays judged
    assert messages(run_rule(c1_name_unresolved, tmp_path, code, "read")) == [
        "`has_headr` names nothing in scope; did you mean `has_header`?"
    ]


def test_a_name_the_sentence_makes_conditional(tmp_path: Path) -> None:
    # round 8: Pillow's ``Image.seek``: "If defined, :attr:`~PIL.Image.Image.n_frames` refers
    # to the number of available frames" (multi-frame plugin subclasses define it)
    code = '''
    class Image:
        def seek(self, frame):
            """Seek to ``frame``.

            If defined, :attr:`Image.n_frames` is the number of frames.
            :attr:`Image.n_frame` is the frame count.
            """
            return frame
    '''
    # control: the same kind of name in a sentence that does not hedge stays reported
    assert messages(run_rule(xref_all, tmp_path, code, "Image.seek")) == [
        "`Image.n_frame` names nothing: class `Image` has no `n_frame`"
    ]
