"""Tests for docref.external.py_probe: a module is not parsed for a name its text cannot bind."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.external import py_resolve
from docref.external.lookup import clear_caches, python_external_doc
from docref.external.py_source import loaded, stamp_of

PKG = {
    "__init__.py": "from .stars import *\nfrom .plain import helper\n",
    # a star import split over a line continuation still counts as one
    "stars.py": "from .inner import \\\n    *\n",
    "inner.py": 'def alpha(x):\n    """Reached through two star imports."""\n',
    "plain.py": 'def helper(n):\n    """A helper."""\n\nLIMIT = 3\n',
    # the word only in a comment: parsed (and still not bound)
    "commented.py": "# see Figure in the plotting module\nvalue = 1\n",
    # the parser stores NFKC-normalised identifiers: fullwidth letters bind ``foo``
    "uni.py": "\uff46\uff4f\uff4f = 1\n",
    # ``import *`` only as the end of a longer word: no star import, the probe still decides
    "words.py": "# call reimport *after* the setup\nvalue = 1\n",
}


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    clear_caches()
    for name, text in PKG.items():
        path = tmp_path / "probepkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    yield tmp_path
    clear_caches()


def _loaded(site: Path, module: str) -> bool:
    path = str(site / "probepkg" / f"{module}.py")
    return loaded(f"probepkg.{module}", path, stamp_of(path)) is not None


def test_a_name_absent_from_the_text_parses_nothing(site: Path) -> None:
    path = [str(site)]
    assert not python_external_doc("probepkg.plain.Figure", search_path=path).found
    assert not _loaded(site, "plain")  # "Figure" is nowhere in plain.py
    helper = python_external_doc("probepkg.plain.helper", search_path=path)
    assert (helper.kind, helper.doc) == ("function", "A helper.")
    assert _loaded(site, "plain")


def test_star_imports_comments_and_nfkc_names_are_still_read(site: Path) -> None:
    path = [str(site)]
    alpha = python_external_doc("probepkg.alpha", search_path=path)  # __init__ -> stars -> inner
    assert alpha.doc == "Reached through two star imports."
    assert not python_external_doc("probepkg.commented.Figure", search_path=path).found
    assert _loaded(site, "commented")  # the word occurs (in a comment): the summary decides
    assert python_external_doc("probepkg.uni.foo", search_path=path).kind == "variable"


def test_import_inside_a_longer_word_is_no_star_import(site: Path) -> None:
    path = [str(site)]
    assert not python_external_doc("probepkg.words.Figure", search_path=path).found
    assert not _loaded(site, "words")  # "reimport *" star-imports nothing: not parsed
    assert python_external_doc("probepkg.words.value", search_path=path).kind == "variable"


def test_a_file_changed_after_a_miss_is_read_again(site: Path) -> None:
    path = [str(site)]
    assert not python_external_doc("probepkg.plain.later", search_path=path).found
    module = site / "probepkg" / "plain.py"
    module.write_text(module.read_text() + '\ndef later():\n    """Added."""\n')
    assert python_external_doc("probepkg.plain.later", search_path=path).doc == "Added."


NAMES = [
    "probepkg.alpha",
    "probepkg.helper",
    "probepkg.LIMIT",  # plain.LIMIT is not imported by the package
    "probepkg.Figure",
    "probepkg.plain.Figure",
    "probepkg.plain.LIMIT",
    "probepkg.stars.alpha",
    "probepkg.stars.beta",
    "probepkg.commented.value",
    "probepkg.commented.Figure",
    "probepkg.uni.foo",
    "probepkg.uni.bar",
    "probepkg.inner.alpha.__doc__",
]


def test_same_results_as_parsing_every_module(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = [str(site)]
    probed = [python_external_doc(name, search_path=path) for name in NAMES]
    clear_caches()
    monkeypatch.setattr(py_resolve, "cannot_bind", lambda *_: False)
    parsed = [python_external_doc(name, search_path=path) for name in NAMES]
    assert probed == parsed
    assert [doc.found for doc in probed] == [
        True, True, False, False, False, True, True, False, True, False, True, False, False,
    ]  # fmt: skip


def test_an_unreadable_text_falls_back_to_the_summary(site: Path) -> None:
    bad = site / "probepkg" / "latin.py"
    bad.write_bytes(textwrap.dedent("# -*- coding: no-such-codec -*-\nx = 1\n").encode())
    doc = python_external_doc("probepkg.latin.x", search_path=[str(site)])
    assert not doc.found  # the summary records the decoding error; nothing raised


def test_an_unrendered_lookup_tells_the_kind_without_parsing_for_docs(site: Path) -> None:
    path = [str(site)]
    module = python_external_doc("probepkg.plain", search_path=path, render=False)
    assert (module.kind, module.signature, module.doc) == ("module", None, None)
    assert not _loaded(site, "plain")  # nothing asked of its names: not parsed for its docstring
    rendered = python_external_doc("probepkg.plain", search_path=path)
    assert module.source == rendered.source and _loaded(site, "plain")
    for name in NAMES:
        bare = python_external_doc(name, search_path=path, render=False)
        full = python_external_doc(name, search_path=path)
        assert (bare.found, bare.kind, bare.source) == (full.found, full.kind, full.source)
    helper = python_external_doc("probepkg.plain.helper", search_path=path, render=False)
    assert (helper.kind, helper.doc) == ("function", None)
