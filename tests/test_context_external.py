"""Tests for docref.external.lookup: static API documentation of external names."""

from __future__ import annotations

import importlib.machinery
import inspect
import json
import os
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import pytest
from docref.external import java as external_java
from docref.external import python as external_python
from docref.external.lookup import (
    DEFAULT_MAX_DOC,
    NOT_FOUND,
    ExternalDoc,
    clear_caches,
    find_src_zip,
    java_external_doc,
    python_external_doc,
    trim_doc,
)

EXT = importlib.machinery.EXTENSION_SUFFIXES[0]  # ".cpython-311-x86_64-linux-gnu.so"


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    clear_caches()


def assert_not_found(doc: ExternalDoc, name: str) -> None:
    assert doc == ExternalDoc(name, "unknown", None, None, NOT_FOUND)
    assert doc.render() == name
    assert not doc.found


# --------------------------------------------------------------------------- ExternalDoc


def test_render_signature_then_dedented_doc() -> None:
    doc = ExternalDoc("m.f", "function", "def f(a)", "First line.\n    indented more\nlast", "x.py")
    assert doc.render() == "def f(a)\nFirst line.\n    indented more\nlast"
    assert ExternalDoc("m.v", "variable", "v = 1", None, "x.py").render() == "v = 1"
    assert ExternalDoc("m.g", "unknown", "def g()", "doc", NOT_FOUND).render() == "m.g"


def test_trim_doc_cuts_at_paragraph_or_sentence() -> None:
    assert trim_doc(None) is None
    assert trim_doc("   \n  ") is None
    assert trim_doc("    Short.\n    Two lines.") == "Short.\nTwo lines."
    para = "A" * 60 + ".\n\n" + "B" * 200
    assert trim_doc(para, 100) == "A" * 60 + ". ..."
    sentences = "One sentence here. " * 20
    cut = trim_doc(sentences, 100)
    assert cut is not None
    assert len(cut) <= 100
    assert cut.endswith("here. ...")
    words = "word " * 100
    cut = trim_doc(words, 50)
    assert cut is not None
    assert len(cut) <= 50
    assert cut.endswith("word ...")


# --------------------------------------------------------------------------- Python: stdlib


def test_os_path_join_is_posixpath_join() -> None:
    doc = python_external_doc("os.path.join")
    real = os.path.join
    assert doc.name == "os.path.join"
    assert doc.kind == "function"
    assert doc.signature == f"def join{inspect.signature(real)}"
    assert doc.source.endswith(f"{os.path.__name__}.py")
    first_line = (inspect.getdoc(real) or "").splitlines()[0]
    assert doc.doc is not None
    assert doc.doc.splitlines()[0] == first_line
    assert doc.render().startswith(f"def join{inspect.signature(real)}\n{first_line}")


def test_os_path_module_and_star_import_from_posix() -> None:
    module = python_external_doc("os.path")
    assert module.kind == "module"
    assert module.signature == f"module {os.path.__name__}"
    getcwd = python_external_doc("os.getcwd")  # `from posix import *` in os.py
    assert getcwd.kind == "function"
    assert getcwd.signature == "def getcwd()"
    assert getcwd.source == external_python.INTROSPECTION


def test_json_loads_signature_from_source() -> None:
    doc = python_external_doc("json.loads")
    assert doc.kind == "function"
    assert doc.signature is not None
    assert doc.signature.startswith("def loads(s, *, cls=None")
    assert doc.source.endswith(os.path.join("json", "__init__.py"))
    assert doc.doc is not None
    assert "Deserialize" in doc.doc


def test_ordered_dict_class_member_and_inherited_builtin() -> None:
    cls = python_external_doc("collections.OrderedDict")
    assert cls.kind == "class"
    assert cls.signature is not None
    assert cls.signature.startswith("class OrderedDict(dict)")
    method = python_external_doc("collections.OrderedDict.move_to_end")
    assert method.kind == "method"
    assert method.signature == "def move_to_end(self, key, last=True)"
    assert method.doc is not None
    assert method.doc.startswith("Move an existing element to the end")
    inherited = python_external_doc("collections.OrderedDict.get")  # from the `dict` base
    assert inherited.kind == "method"
    assert inherited.source == external_python.INTROSPECTION
    assert inherited.signature == "def get(self, key, default=None, /)"


def test_math_log_by_introspection() -> None:
    doc = python_external_doc("math.log")
    assert doc.source == external_python.INTROSPECTION
    assert doc.kind == "function"
    assert doc.signature is not None
    assert doc.signature.startswith("def log(x")
    assert doc.doc is not None
    assert "logarithm" in doc.doc
    assert not doc.doc.startswith("log(")  # the signature line moved out of the doc


def test_builtins_len_and_dict_get() -> None:
    length = python_external_doc("len")
    assert length.kind == "function"
    assert length.signature == "def len(obj, /)"
    assert length.doc == "Return the number of items in a container."
    get = python_external_doc("dict.get")
    assert get.kind == "method"
    assert get.signature == "def get(self, key, default=None, /)"
    assert get.doc is not None
    assert "default" in get.doc
    assert python_external_doc("builtins.len").signature == "def len(obj, /)"


def test_pathlib_path_read_text() -> None:
    doc = python_external_doc("pathlib.Path.read_text")
    assert doc.kind == "method"
    assert doc.signature is not None
    assert doc.signature.startswith("def read_text(self, encoding=None, errors=None)")
    assert doc.source.endswith("pathlib.py")
    assert doc.doc is not None
    assert "text mode" in doc.doc


def test_runtime_reading_and_stdlib_introspection_fallbacks() -> None:
    # unittest/__init__.py: `from .main import main`, and main.py: `main = TestProgram`
    shadowed = python_external_doc("unittest.main")
    assert shadowed.kind == "class"
    assert shadowed.signature is not None
    assert shadowed.signature.startswith("class TestProgram(object)")
    assert python_external_doc("unittest.main.TestProgram").kind == "class"
    date_min = python_external_doc("datetime.date.min")  # `date.min = date(1, 1, 1)`
    assert (date_min.kind, date_min.signature) == ("variable", "date.min = date(1, 1, 1)")
    match = python_external_doc("re.Pattern.match")  # Pattern = type(_compiler.compile(...))
    assert match.kind == "method"
    assert match.source == external_python.INTROSPECTION
    assert match.signature is not None
    assert match.signature.startswith("def match(self, /, string")


def test_reexport_of_compiled_stdlib_and_alias_chain() -> None:
    deque = python_external_doc("collections.deque")  # from _collections import deque
    assert deque.kind == "class"
    assert deque.source == external_python.INTROSPECTION
    update = python_external_doc("collections.OrderedDict.update")  # update = MutableMapping.update
    assert update.kind == "method"
    assert update.source.endswith("_collections_abc.py")
    assert update.signature is not None
    assert update.signature.startswith("def update(self, other=()")


@pytest.mark.parametrize(
    "name",
    [
        "nonexistent_pkg_xyz.foo",
        "nonexistent_pkg_xyz",
        "json.no_such_name",
        "os.path.join.not_an_attribute",
        "os..path",
        "",
        "1abc",
        "json.loads(",
        "len.x.y",
    ],
)
def test_unresolvable_names(name: str) -> None:
    assert_not_found(python_external_doc(name), name)


def test_max_doc_is_honoured() -> None:
    doc = python_external_doc("subprocess.run", max_doc=150)
    assert doc.doc is not None
    assert len(doc.doc) <= 150
    assert doc.doc.endswith(" ...")
    full = python_external_doc("subprocess.run")
    assert full.doc is not None
    assert 150 < len(full.doc) <= DEFAULT_MAX_DOC


def test_lookups_import_no_third_party_code(tmp_path: Path) -> None:
    """Installed packages are read, not imported; `distutils` is not asked of _distutils_hack.

    (``importlib.util.find_spec("distutils")`` would make setuptools' shim import setuptools.)
    """
    code = textwrap.dedent("""
        import json, sys
        from docref.external.lookup import python_external_doc as doc
        names = ["distutils.core.setup", "pytest.fixture", "nltk.word_tokenize", "pytest"]
        found = {n: doc(n).found for n in names}
        loaded = [m for m in sys.modules if m.split(".")[0] in ("setuptools", "pytest",
                  "_pytest", "nltk", "distutils")]
        print(json.dumps({"found": found, "loaded": loaded}))
    """)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    report = json.loads(result.stdout)
    assert report["loaded"] == []
    assert report["found"]["pytest.fixture"] is True
    assert report["found"]["pytest"] is True


# --------------------------------------------------------------------------- Python: never execute


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# Module bodies of a fake third-party distribution.  Every module starts by writing a marker
# file and raising: if anything imported it, the marker would exist.
BOOM = """\
import pathlib
pathlib.Path({marker!r}).write_text(__name__)
raise RuntimeError("third-party code must never run")
"""

FAKEPKG_INIT = '''
from .impl import exported, Thing as Alias
from .helpers import helpers
from . import sub
from .impl import *

VERSION: str = "1.0"
"""The version string."""

def top(a, b=2, *args, key: int = 3, **kw) -> int:
    """Top-level function.

    More text.
    """

async def atop(x):
    """Async one."""
'''

FAKEPKG_IMPL = '''
class Base:
    def inherited(self, y=None):
        """Defined on the base."""

class Thing(Base):
    """A thing."""
    def __init__(self, size: int) -> None:
        self.size = size

    @property
    def meth(self) -> str:
        """A property."""

def exported(x, *, flag=False):
    """Exported through the package."""

def starred():
    """Reached through a star import."""

Thing.LIMIT = 10
"""Set after the class."""
'''

FAKEPKG_HELPERS = '''
def helpers(n):
    """The function the package re-exports under its module's name."""

def other():
    """Another helper."""
'''

FAKEPKG_SUB = '''
def in_sub():
    """Lives in a subpackage."""
'''

SPEED_STUB = '''
from typing import overload

@overload
def fast(n: int) -> int: ...
@overload
def fast(n: str) -> str: ...
def slowest() -> None:
    """Stub docstring."""
'''

FAKEC_STUB = """
class Engine:
    def run(self, steps: int = 1) -> bool: ...
"""


@pytest.fixture()
def fake_site(tmp_path: Path) -> tuple[Path, Path]:
    site = tmp_path / "site"
    marker = tmp_path / "EXECUTED"
    boom = BOOM.format(marker=str(marker))
    _write(site / "fakepkg" / "__init__.py", boom + FAKEPKG_INIT)
    _write(site / "fakepkg" / "impl.py", boom + FAKEPKG_IMPL)
    _write(site / "fakepkg" / "helpers.py", boom + FAKEPKG_HELPERS)
    _write(site / "fakepkg" / "sub" / "__init__.py", boom + FAKEPKG_SUB)
    # compiled modules: garbage bytes that would fail (loudly) if anyone tried to load them
    (site / "fakepkg" / f"_speed{EXT}").write_bytes(b"\x7fELF not really a shared object")
    _write(site / "fakepkg" / "_speed.pyi", SPEED_STUB)
    (site / "fakepkg" / f"_nostub{EXT}").write_bytes(b"\x7fELF nope")
    (site / f"fakec{EXT}").write_bytes(b"\x7fELF nope")
    _write(site / "fakec-stubs" / "__init__.pyi", FAKEC_STUB)
    return site, marker


@pytest.mark.parametrize("via_sys_path", [False, True])
def test_third_party_source_is_never_executed(
    fake_site: tuple[Path, Path], via_sys_path: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    site, marker = fake_site
    path: list[str] | None = [str(site)]
    if via_sys_path:  # importable for real: any import would run the marker-writing code
        monkeypatch.syspath_prepend(str(site))
        path = None
    top = python_external_doc("fakepkg.top", search_path=path)
    assert top.kind == "function"
    assert top.signature == "def top(a, b=2, *args, key: int=3, **kw) -> int"
    assert top.doc == "Top-level function.\n\nMore text."
    assert top.source == str(site / "fakepkg" / "__init__.py")
    assert python_external_doc("fakepkg.atop", search_path=path).signature == "async def atop(x)"

    exported = python_external_doc("fakepkg.exported", search_path=path)  # from .impl import
    assert exported.signature == "def exported(x, *, flag=False)"
    assert exported.source == str(site / "fakepkg" / "impl.py")
    alias = python_external_doc("fakepkg.Alias", search_path=path)  # Thing as Alias
    assert alias.kind == "class"
    assert alias.signature == "class Thing(Base)\n    def __init__(self, size: int) -> None"
    prop = python_external_doc("fakepkg.Alias.meth", search_path=path)
    assert prop.kind == "method"
    assert prop.signature == "@property\ndef meth(self) -> str"
    inherited = python_external_doc("fakepkg.impl.Thing.inherited", search_path=path)
    assert inherited.doc == "Defined on the base."
    assert python_external_doc("fakepkg.starred", search_path=path).doc == (
        "Reached through a star import."
    )
    assert python_external_doc("fakepkg.sub.in_sub", search_path=path).kind == "function"
    assert python_external_doc("fakepkg.sub", search_path=path).kind == "module"
    version = python_external_doc("fakepkg.VERSION", search_path=path)
    assert version.kind == "variable"
    assert version.signature == "VERSION: str = '1.0'"
    assert version.doc == "The version string."
    limit = python_external_doc("fakepkg.impl.Thing.LIMIT", search_path=path)
    assert (limit.kind, limit.signature, limit.doc) == (
        "variable",
        "Thing.LIMIT = 10",
        "Set after the class.",
    )
    # `from .helpers import helpers` shadows the submodule, as at runtime ...
    assert python_external_doc("fakepkg.helpers", search_path=path).signature == "def helpers(n)"
    # ... and the longest module prefix is the fallback reading
    assert python_external_doc("fakepkg.helpers.other", search_path=path).doc == "Another helper."

    fast = python_external_doc("fakepkg._speed.fast", search_path=path)  # stub beside the .so
    assert fast.signature == "def fast(n: int) -> int\ndef fast(n: str) -> str"
    assert fast.source == str(site / "fakepkg" / "_speed.pyi")
    assert python_external_doc("fakepkg._speed.slowest", search_path=path).doc == "Stub docstring."
    engine = python_external_doc("fakec.Engine.run", search_path=path)  # fakec-stubs package
    assert engine.signature == "def run(self, steps: int=1) -> bool"
    assert engine.source == str(site / "fakec-stubs" / "__init__.pyi")
    for missing in ("fakepkg._nostub.anything", "fakepkg._nostub", "fakepkg.impl.nothing"):
        assert_not_found(python_external_doc(missing, search_path=path), missing)

    assert not marker.exists()
    assert not [m for m in sys.modules if m.split(".")[0] in ("fakepkg", "fakec")]


def test_search_path_replaces_sys_path(fake_site: tuple[Path, Path]) -> None:
    site, marker = fake_site
    assert_not_found(python_external_doc("fakepkg.top"), "fakepkg.top")  # not on sys.path
    # built-in modules are found whatever the search path
    assert python_external_doc("sys.exit", search_path=[str(site)]).found
    assert python_external_doc("len", search_path=[]).signature == "def len(obj, /)"
    assert not marker.exists()


@pytest.mark.skipif("math" in sys.builtin_module_names, reason="math is built in here")
def test_compiled_module_shadowing_stdlib_is_not_imported(tmp_path: Path) -> None:
    (tmp_path / f"math{EXT}").write_bytes(b"\x7fELF impostor")
    # found on the search path, named like the stdlib, but outside the stdlib: never imported
    assert_not_found(python_external_doc("math.log", search_path=[str(tmp_path)]), "math.log")
    assert python_external_doc("math.log").source == external_python.INTROSPECTION


def test_stdlib_shadowed_on_sys_path_is_not_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "EXECUTED"
    _write(tmp_path / "shadow" / "colorsys.py", BOOM.format(marker=str(marker)))
    monkeypatch.syspath_prepend(str(tmp_path / "shadow"))
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    stdlib = os.path.dirname(os.__file__)
    # located in the stdlib through search_path; a name missing from its source would be
    # looked up by importing it -- but `import colorsys` would now run the shadow: refused
    doc = python_external_doc("colorsys.no_such_name", search_path=[stdlib])
    assert_not_found(doc, "colorsys.no_such_name")
    assert python_external_doc("colorsys.rgb_to_hsv", search_path=[stdlib]).kind == "function"
    # the shadow itself is read statically, never run
    assert python_external_doc("colorsys").source == str(tmp_path / "shadow" / "colorsys.py")
    assert not marker.exists()


def test_bad_sources_never_raise(tmp_path: Path) -> None:
    (tmp_path / "badsyntax.py").write_text("def broken(:\n    pass\n")
    (tmp_path / "notutf8.py").write_bytes(b"def f():\n    '''caf\xe9'''\n")
    (tmp_path / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\ndef f():\n    '''caf\xe9'''\n")
    (tmp_path / "dangling.py").symlink_to(tmp_path / "nowhere.py")
    (tmp_path / "deadpkg").symlink_to(tmp_path / "no_such_dir")
    _write(tmp_path / "good.py", "def ok():\n    'Fine.'\n")
    path = [str(tmp_path / "no_such_dir_link_target"), str(tmp_path / "deadpkg"), str(tmp_path)]

    bad = python_external_doc("badsyntax", search_path=path)
    assert bad.kind == "module"
    assert bad.doc is None
    assert bad.source == str(tmp_path / "badsyntax.py")
    assert_not_found(python_external_doc("badsyntax.broken", search_path=path), "badsyntax.broken")
    assert_not_found(python_external_doc("notutf8.f", search_path=path), "notutf8.f")
    assert python_external_doc("latin.f", search_path=path).doc == "caf\u00e9"
    assert_not_found(python_external_doc("dangling.x", search_path=path), "dangling.x")
    assert_not_found(python_external_doc("deadpkg.x", search_path=path), "deadpkg.x")
    assert python_external_doc("good.ok", search_path=path).doc == "Fine."


def test_changed_source_is_reparsed(tmp_path: Path) -> None:
    module = _write(tmp_path / "mutable.py", "def f():\n    'Old.'\n")
    path = [str(tmp_path)]
    assert python_external_doc("mutable.f", search_path=path).doc == "Old."
    module.write_text("def f(x):\n    'New and longer.'\n")
    os.utime(module, ns=(time.time_ns(), time.time_ns() + 10**9))
    doc = python_external_doc("mutable.f", search_path=path)
    assert doc.signature == "def f(x)"
    assert doc.doc == "New and longer."


def test_cache_makes_repeated_lookups_cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    # counted, not timed: a warm lookup must not read or parse the module again
    from docref.external import py_source

    external_python.clear_caches()
    parsed: list[str] = []
    real_parse = py_source.ast.parse

    def counting_parse(
        source: str | bytes, filename: str = "<unknown>", *args: object, **kw: object
    ) -> object:
        parsed.append(filename)
        return real_parse(source, filename, *args, **kw)  # type: ignore[call-overload]

    monkeypatch.setattr(py_source.ast, "parse", counting_parse)
    cold = python_external_doc("typing.get_type_hints")
    assert cold.kind == "function"
    assert any(name.endswith("typing.py") for name in parsed)
    parsed.clear()
    for _ in range(200):
        warm = python_external_doc("typing.get_type_hints")
        assert warm == cold
    assert parsed == []


# --------------------------------------------------------------------------- Java


JDK_SRC_ZIP = find_src_zip()
needs_jdk = pytest.mark.skipif(
    JDK_SRC_ZIP is None,
    reason="no JDK src.zip found (JAVA_HOME, java on PATH, /usr/lib/jvm/*/lib/src.zip)",
)


@needs_jdk
def test_java_list_add() -> None:
    doc = java_external_doc("java.util.List.add")
    assert doc.kind == "method"
    assert doc.signature is not None
    signatures = doc.signature.splitlines()
    assert signatures[0] == "boolean add(E e)"
    assert "void add(int index, E element)" in signatures
    assert doc.source.startswith("src.zip:")
    assert doc.source.endswith("java/util/List.java")
    assert doc.doc is not None
    assert doc.doc.startswith("Appends the specified element to the end of this list")
    assert "@param e element to be appended to this list" in doc.doc
    assert "*" not in doc.doc.splitlines()[0]
    assert doc.render().startswith("boolean add(E e)\n")


@needs_jdk
def test_java_string_format_overloads() -> None:
    doc = java_external_doc("java.lang.String.format")
    assert doc.kind == "method"
    assert doc.signature is not None
    assert "public static String format(String format, Object... args)" in doc.signature
    assert "public static String format(Locale l, String format, Object... args)" in doc.signature
    assert doc.doc is not None
    assert "formatted string" in doc.doc
    assert len(doc.doc) <= DEFAULT_MAX_DOC


@needs_jdk
def test_java_classes_nested_and_inherited() -> None:
    lst = java_external_doc("java.util.List")
    assert lst.kind == "class"
    assert lst.signature is not None
    assert lst.signature.startswith("public interface List<E>")
    assert lst.doc is not None
    assert lst.doc.startswith("An ordered collection")
    entry = java_external_doc("java.util.Map.Entry.getKey")
    assert entry.signature == "K getKey()"
    sort = java_external_doc("java.util.Collections.sort")
    assert sort.signature is not None
    assert len(sort.signature.splitlines()) == 2
    assert "@param <T>" in (sort.doc or "")
    stream = java_external_doc("java.util.ArrayList.stream")  # declared in Collection
    assert stream.source.endswith("java/util/Collection.java")
    add = java_external_doc("java.util.ArrayList.add")
    assert add.signature is not None
    assert "private" not in add.signature


@needs_jdk
def test_java_missing_names() -> None:
    for name in (
        "java.util.NoSuchThing",
        "java.util.List.noSuchMethod",
        "nope.Nothing",
        "java.util.List.add.more",
        "java..util",
        "",
    ):
        assert_not_found(java_external_doc(name), name)


def test_java_without_src_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = str(tmp_path / "no" / "src.zip")
    assert_not_found(java_external_doc("java.util.List", src_zip=missing), "java.util.List")
    (tmp_path / "corrupt.zip").write_bytes(b"PK\x03\x04 truncated")
    corrupt = str(tmp_path / "corrupt.zip")
    assert_not_found(java_external_doc("java.util.List.add", src_zip=corrupt), "java.util.List.add")
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "nojdk"))
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(external_java, "JVM_ROOTS", (str(tmp_path / "jvm"),))
    assert find_src_zip() is None
    doc = java_external_doc("java.util.List.add")
    assert_not_found(doc, "java.util.List.add")


FAKE_BASE = """\
package java.util;

/** The base. */
public abstract class FakeBase {
    /**
     * Runs the base.
     *
     * @param n how often
     */
    public void run(int n) {}
}
"""

FAKE_CLASS = """\
/*
 * License header, not Javadoc.
 */
package java.util;

import java.io.Serializable;

/**
 * A fake class used by tests. Use {@code Fake<String>} or
 * {@link java.util.List lists}; see {@link #run(int, String) run}.
 * <p>
 * Second paragraph with &lt;html&gt; entities and 2<sup>31</sup>.
 *
 * @param <T> the element type
 * @since 1.2
 * @author Someone
 */
@SuppressWarnings("unchecked")
public final class Fake<T> extends FakeBase implements Serializable {
    /** The answer. */
    public static final int ANSWER = 42;

    /**
     * {@inheritDoc}
     */
    @Override
    public void run(int n) {}

    /** Runs with a label. */
    @jdk.internal.vm.annotation.IntrinsicCandidate
    public void run(int n, String label) throws java.io.IOException { }

    public void run() {}

    private void run(long secret) {}

    /** Four. */
    protected static <U> U run(U u, U v) { return u; }

    /** Nested type. */
    public static class Inner {
        /** Inner method. */
        String hello(/* name */ String who) { return who; }
    }

    /** Colours. */
    public enum Colour {
        /** Red, the first. */
        RED,
        GREEN
    }
}
"""


def _fake_zip(path: Path, jdk9: bool) -> Path:
    prefix = "java.base/" if jdk9 else ""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{prefix}java/util/Fake.java", FAKE_CLASS)
        archive.writestr(f"{prefix}java/util/FakeBase.java", FAKE_BASE)
        archive.writestr(
            f"{prefix}java/util/package-info.java", "/** Fake utilities. */\npackage java.util;\n"
        )
    return path


@pytest.mark.parametrize("jdk9", [False, True])
def test_java_fake_src_zip_parsing_and_javadoc(tmp_path: Path, jdk9: bool) -> None:
    src_zip = str(_fake_zip(tmp_path / "src.zip", jdk9))
    entry = ("java.base/" if jdk9 else "") + "java/util/Fake.java"

    cls = java_external_doc("java.util.Fake", src_zip=src_zip)
    assert cls.kind == "class"
    assert cls.source == f"src.zip:{entry}"
    assert cls.signature == ("public final class Fake<T> extends FakeBase implements Serializable")
    assert cls.doc == (
        "A fake class used by tests. Use Fake<String> or\nlists; see run.\n\n"
        "Second paragraph with <html> entities and 2^31.\n\n@param <T> the element type"
    )

    run = java_external_doc("java.util.Fake.run", src_zip=src_zip)
    assert run.kind == "method"
    assert run.signature is not None
    signatures = run.signature.splitlines()
    assert len(signatures) == 3  # at most three overloads, never the private one
    assert signatures[0] == "public void run(int n)"
    assert signatures[1] == "public void run(int n, String label) throws java.io.IOException"
    assert all("private" not in s and "IntrinsicCandidate" not in s for s in signatures)
    # {@inheritDoc}: the documentation of FakeBase.run
    assert run.doc == "Runs the base.\n\n@param n how often"

    hello = java_external_doc("java.util.Fake.Inner.hello", src_zip=src_zip)
    assert hello.signature == "String hello( String who)"
    assert hello.doc == "Inner method."
    assert java_external_doc("java.util.Fake.Inner", src_zip=src_zip).doc == "Nested type."
    answer = java_external_doc("java.util.Fake.ANSWER", src_zip=src_zip)
    assert answer.kind == "variable"
    assert answer.signature == "public static final int ANSWER = 42"
    red = java_external_doc("java.util.Fake.Colour.RED", src_zip=src_zip)
    assert (red.kind, red.signature, red.doc) == ("variable", "RED", "Red, the first.")
    assert java_external_doc("java.util.Fake.Colour.GREEN", src_zip=src_zip).doc is None
    package = java_external_doc("java.util", src_zip=src_zip)
    assert (package.kind, package.doc) == ("module", "Fake utilities.")
    assert_not_found(
        java_external_doc("java.util.Fake.nothing", src_zip=src_zip), "java.util.Fake.nothing"
    )


def test_find_src_zip_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    jvm = tmp_path / "jvm"
    _fake_zip(jvm / "java-11-openjdk" / "lib" / "src.zip", True)
    _fake_zip(jvm / "java-21-openjdk" / "lib" / "src.zip", True)
    (jvm / "java-99-broken" / "lib").mkdir(parents=True)
    (jvm / "java-99-broken" / "lib" / "src.zip").symlink_to(tmp_path / "gone.zip")
    monkeypatch.setattr(external_java, "JVM_ROOTS", (str(jvm),))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert find_src_zip() == str(jvm / "java-21-openjdk" / "lib" / "src.zip")

    # the JDK of the `java` on PATH, through a symlink (bin/java -> <home>/bin/java)
    home = tmp_path / "jdk-17"
    java = home / "bin" / "java"
    java.parent.mkdir(parents=True)
    java.write_text("#!/bin/sh\n")
    java.chmod(0o755)
    _fake_zip(home / "lib" / "src.zip", True)
    bin_dir = tmp_path / "usrbin"
    bin_dir.mkdir()
    (bin_dir / "java").symlink_to(java)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert find_src_zip() == str(home / "lib" / "src.zip")

    # JAVA_HOME first; a JDK 8 layout keeps src.zip at the top
    jdk8 = tmp_path / "jdk8"
    _fake_zip(jdk8 / "src.zip", False)
    monkeypatch.setenv("JAVA_HOME", str(jdk8))
    assert find_src_zip() == str(jdk8 / "src.zip")
    doc = java_external_doc("java.util.Fake.ANSWER")
    assert doc.source == "src.zip:java/util/Fake.java"

    # a JAVA_HOME whose src.zip is a dangling symlink (as some distro packages leave it) is skipped
    dangling = tmp_path / "jdk-dangling"
    (dangling / "lib").mkdir(parents=True)
    (dangling / "lib" / "src.zip").symlink_to(tmp_path / "jdk-dangling" / "missing.zip")
    monkeypatch.setenv("JAVA_HOME", str(dangling))
    assert find_src_zip() == str(home / "lib" / "src.zip")


def test_clean_javadoc_details() -> None:
    raw = """/**
     * Returns {@code Map<K, List<V>>} for {@literal a<b}; see {@link Map#get(Object) get},
     * {@link #put(Object, Object)} and {@value #MAX}.
     * <ul>
     * <li>first</li>
     * </ul>
     * <pre>{@code
     * @Override int x = 1;
     * }</pre>
     * @return the {@code map}
     * @throws NullPointerException if {@code key} is null
     * @see Other
     * @implNote dropped
     */"""
    text = external_java.clean_javadoc(raw)
    nested = external_java.clean_javadoc(
        "/** {@return {@code true} if {@linkplain #isEmpty empty}}\n"
        ' * See <a href="{@docRoot}/x.html">the <cite>spec</cite></a> and\n'
        " * {@link Pattern#matches(String,CharSequence) matches(<i>regex</i>)}. */"
    )
    assert nested == "Returns true if empty.\nSee the spec and\nmatches(regex)."
    assert text.splitlines()[0] == "Returns Map<K, List<V>> for a<b; see get,"
    assert "put(Object, Object) and MAX." in text
    assert "- first" in text
    assert "@Override int x = 1;" in text  # an annotation inside {@code} is not a block tag
    assert text.endswith("@return the map\n@throws NullPointerException if key is null")
    assert "dropped" not in text
    assert "Other" not in text


def test_results_are_json_friendly() -> None:
    doc = python_external_doc("json.dumps")
    assert json.loads(json.dumps(doc.__dict__))["name"] == "json.dumps"


def test_stub_packages_found_per_search_path_entry_and_seen_after_clear_caches(
    tmp_path: Path,
) -> None:
    """``<top>-stubs`` folders are looked for once per top-level name (py_locate._stub_roots):
    the first folder on the path wins, a submodule missing from it is looked for in the
    next, a lone ``<top>-stubs.pyi`` file is read as before, and a stub package installed
    after a lookup is found once the caches are cleared (control: not before)."""
    first, second = tmp_path / "a", tmp_path / "b"
    _write(first / "fakes-stubs" / "__init__.pyi", 'def one() -> int:\n    """First."""\n')
    _write(second / "fakes-stubs" / "__init__.pyi", 'def one() -> str:\n    """Second."""\n')
    _write(second / "fakes-stubs" / "deep.pyi", 'def two() -> int:\n    """Deep."""\n')
    _write(second / "lone-stubs.pyi", 'def three() -> int:\n    """Lone."""\n')
    path = [str(first), str(second)]
    assert python_external_doc("fakes.one", search_path=path).doc == "First."
    deep = python_external_doc("fakes.deep.two", search_path=path)
    assert (deep.doc, deep.source) == ("Deep.", str(second / "fakes-stubs" / "deep.pyi"))
    assert python_external_doc("lone.three", search_path=path).doc == "Lone."
    assert_not_found(python_external_doc("later.four", search_path=path), "later.four")
    _write(first / "later-stubs" / "__init__.pyi", 'def four() -> int:\n    """Later."""\n')
    assert_not_found(python_external_doc("later.four", search_path=path), "later.four")
    clear_caches()
    assert python_external_doc("later.four", search_path=path).doc == "Later."


def test_a_stdlib_module_compiled_here_is_not_parsed_to_be_imported() -> None:
    """A stdlib module whose text cannot bind the name asked for is imported to look for it
    (names made at run time) without parsing its source first: this interpreter compiled
    it (a ``.pyc`` of its mtime and size), so it parses.  The answer is the same; control:
    a name the text binds is read from the parsed summary."""
    import tempfile

    from docref.external.py_source import loaded, stamp_of

    path = tempfile.__file__
    assert path is not None
    missing = "tempfile.no_such_name_anywhere"
    assert_not_found(python_external_doc(missing), missing)
    assert loaded("tempfile", path, stamp_of(path)) is None  # imported, never parsed
    found = python_external_doc("tempfile.mkdtemp")
    assert found.kind == "function" and found.source == path
    assert loaded("tempfile", path, stamp_of(path)) is not None
