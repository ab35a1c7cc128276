"""An orphan Javadoc (round 74j, OpenChemLib's ``StructureCalculator``): a doc comment whose
method was commented out below it (``// private static boolean fixOrCheckParities(...) {``)
documents no method, not the next one (``void rotateBond``, whose C3-RETURNS-YIELDS finding on
the orphan's ``@return`` was judged DEBATABLE); a line comment that is no declaration (a note)
still lets the Javadoc reach the method below."""

from __future__ import annotations

import pytest
from docref.graph.java_extract import extract_java

_SOURCE = """\
package p;

public class StructureCalculator {
    /**
     * Make sure the parity of mol match the one from ref, otherwise fix it.
     *
     * @return a boolean - true if something has been changed
     */
//  COMMENT
//      mol.reorderAtoms();
//  }

    public static void rotateBond(int bond) {
    }
}
"""


def _doc(comment: str) -> str | None:
    source = _SOURCE.replace("COMMENT", comment).encode()
    fe = extract_java(source, "p/StructureCalculator.java", "h")
    fn = next(f for f in fe.functions if f.name == "rotateBond")
    return fn.docstring.text if fn.docstring is not None else None


@pytest.mark.parametrize(
    "comment",
    [
        "private static boolean fixOrCheckParities(Molecule3D mol, StereoMolecule ref) {",
        "public boolean fixParities(Molecule3D mol) {",
        "static int count();",
        "@Override public String toString() {",
    ],
)
def test_a_javadoc_above_a_commented_out_method_documents_no_method(comment: str) -> None:
    assert _doc(comment) is None


@pytest.mark.parametrize(
    "comment",
    [
        "TODO: make the rotation public again",
        "private helper, see the public variant below",
        "return fixOrCheckParities(mol, ref, true);",
    ],
)
def test_a_note_between_javadoc_and_method_keeps_the_javadoc(comment: str) -> None:
    doc = _doc(comment)
    assert doc is not None and "parity" in doc
