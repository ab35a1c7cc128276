"""C3-RAISES: an unchecked ``@throws`` restating a JDK supertype's documented contract.

Round 11 (``sun.reflect``'s ``ParameterizedTypeImpl.getOwnerType``, which keeps
``java.lang.reflect.ParameterizedType``'s ``@throws TypeNotPresentException`` while returning
a field): the tag is the interface's contract, read from the JDK's ``src.zip``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.returns_raises import c3_raises_unraised
from docref.external.lookup import find_src_zip

from tests.static_helpers import project_input

pytestmark = pytest.mark.skipif(find_src_zip() is None, reason="no JDK src.zip on this machine")

_CODE = """package p;
import java.util.Iterator;
import java.util.NoSuchElementException;
HEADER {
    private String item;
    /**
     * Returns the item.
     *
     * @return the item
     * TAG
     */
    public String next() { return item; }
}
"""


def _rules(tmp_path: Path, header: str, tag: str, extra: dict[str, str] | None = None) -> list[str]:
    code = _CODE.replace("HEADER", header).replace("TAG", tag)
    files = {"p/A.java": code, **(extra or {})}
    inp = project_input(tmp_path, files, "p/A.java", "A.next")
    return [f.rule for f in c3_raises_unraised(inp)]


_NSEE = "@throws NoSuchElementException if the iteration has no more elements"
_BASE = {
    "p/B.java": "package p;\nimport java.util.Iterator;\n"
    "public abstract class B implements Iterator<String> {}\n"
}


@pytest.mark.parametrize(
    ("header", "tag", "extra", "reported"),
    [
        # Iterator.next documents NoSuchElementException: its implementation restates it
        ("public final class A implements Iterator<String>", _NSEE, None, False),
        ("public final class A implements java.util.Iterator<String>", _NSEE, None, False),
        # through a project base class that implements the JDK interface
        ("public final class A extends B", _NSEE, _BASE, False),
        # controls: no JDK supertype with that contract, or another exception than its own
        ("public final class A", _NSEE, None, True),
        ("public final class A implements Runnable", _NSEE, None, True),
        (
            "public final class A implements Iterator<String>",
            "@throws IllegalStateException if it is closed",
            None,
            True,
        ),
    ],
)
def test_an_unchecked_tag_restating_a_jdk_supertypes_contract(
    tmp_path: Path, header: str, tag: str, extra: dict[str, str] | None, reported: bool
) -> None:
    assert _rules(tmp_path, header, tag, extra) == (["C3-RAISES"] if reported else [])


def test_a_checked_tag_of_the_supertype_stays_judged(tmp_path: Path) -> None:
    # java.util.concurrent.Callable.call documents ``@throws Exception``; an implementation
    # that declares nothing cannot throw a checked exception, whatever the interface says
    code = """package p;
import java.io.IOException;
import java.util.concurrent.Callable;
public final class A implements Callable<String> {
    /**
     * Computes it.
     *
     * @return it
     * @throws IOException if it cannot be read
     */
    public String call() { return "x"; }
}
"""
    inp = project_input(tmp_path, {"p/A.java": code}, "p/A.java", "A.call")
    assert [f.rule for f in c3_raises_unraised(inp)] == ["C3-RAISES"]


def test_a_wildcard_imported_project_class_is_no_outside_supertype(tmp_path: Path) -> None:
    # round 0's TRUE ``TableView.RowView.getResizeWeight`` (``import javax.swing.text.*``
    # in a checkout of ``java.desktop``): ``BoxView`` is the project's own file, not the
    # JDK's, so its contract is not read from ``src.zip`` and the override stays judged
    box = (
        "package javax.swing.text;\npublic class BoxView {\n"
        "    public int getResizeWeight(int axis) { return 0; }\n}\n"
    )
    code = """package p;
import javax.swing.text.*;
public final class A extends BoxView {
    /**
     * Weight.
     *
     * @return the weight
     * @throws IllegalArgumentException for an invalid axis
     */
    public int getResizeWeight(int axis) { return 1; }
}
"""
    files = {"p/A.java": code, "javax/swing/text/BoxView.java": box}
    inp = project_input(tmp_path, files, "p/A.java", "A.getResizeWeight")
    assert [f.rule for f in c3_raises_unraised(inp)] == ["C3-RAISES"]
