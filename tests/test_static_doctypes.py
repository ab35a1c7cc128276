"""C1-DOCTYPE-UNRESOLVED: class names in documented types (and Javadoc @throws) that name
nothing in scope, reported with the class in scope they were probably meant to be."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.doctypes import RULE_DOCTYPE, c1_doctype_unresolved
from docref.core.findings import Criterion

from tests.static_helpers import run_rule

_CODE = '''
from typing import Optional


class Frobnicator:
    """A frobnicator."""


def run(item, limit=None):
    """Run.

{doc}
    """
'''

_STYLES = {
    "google": "    Args:\n        item ({t}): The item.\n        limit (int, optional): At most.",
    "numpy": "    Parameters\n    ----------\n    item : {t}\n        The item.",
    "rest": "    :param item: The item.\n    :type item: {t}",
    "rest-inline": "    :param {t} item: The item.",
    "returns": "    Returns:\n        {t}: The item.",
}


@pytest.mark.parametrize("style", list(_STYLES), ids=list(_STYLES))
def test_a_renamed_class_left_in_a_documented_type(tmp_path: Path, style: str) -> None:
    code = _CODE.format(doc=_STYLES[style].format(t="Frobnicater"))
    findings = run_rule(c1_doctype_unresolved, tmp_path, code, "run")
    assert [f.message for f in findings] == [
        "documented type `Frobnicater` names nothing in scope; did you mean `Frobnicator`?"
    ]
    finding = findings[0]
    assert finding.rule == RULE_DOCTYPE and finding.criterion is Criterion.C1
    assert finding.fix_hint == "rename `Frobnicater` to `Frobnicator` in this sentence"


@pytest.mark.parametrize(
    "type_",
    [
        "Frobnicator",  # resolves
        "Optional[Frobnicator]",  # typing vocabulary and the class
        "DataFrame",  # a library class the file does not import: nothing tells it is stale
        "Frobber",  # names nothing, but no class in scope is close: thin evidence
        "int, optional",
        "the frobnicater to use",  # prose, not a type
        "Any",
        "array-like of shape (number of Frobnicaters,)",  # a word of the shape, not a type
    ],
)
def test_resolved_unknown_or_unsupported_types_are_silent(tmp_path: Path, type_: str) -> None:
    for style in ("google", "numpy", "rest"):
        code = _CODE.format(doc=_STYLES[style].format(t=type_))
        assert run_rule(c1_doctype_unresolved, tmp_path / style, code, "run") == [], style


def test_a_class_inside_a_generic_and_one_finding_per_name(tmp_path: Path) -> None:
    doc = (
        "    Args:\n        item (list of Frobnicatr): The items.\n"
        "        limit (Frobnicatr, optional): Once more.\n"
    )
    findings = run_rule(c1_doctype_unresolved, tmp_path, _CODE.format(doc=doc), "run")
    assert [f.segment_text.split(":")[0] for f in findings] == ["item (list of Frobnicatr)"]


def _java(tmp_path: Path, tags: str) -> list[str]:
    root = tmp_path / "src" / "p"
    root.mkdir(parents=True)
    (root / "FrobException.java").write_text(
        "package p;\npublic class FrobException extends Exception { }\n", encoding="utf-8"
    )
    code = f"""
    package p;

    public class A {{
        /**
         * Does it.
    {tags}
         */
        public void m() throws FrobException {{ }}
    }}
    """
    findings = run_rule(c1_doctype_unresolved, tmp_path, code, "A.m", filename="p/A.java")
    return [f.message for f in findings]


def test_javadoc_throws_naming_a_renamed_exception(tmp_path: Path) -> None:
    assert _java(tmp_path, "     * @throws FrobExceptoin if it fails") == [
        "documented exception `FrobExceptoin` names nothing in scope; did you mean `FrobException`?"
    ]


@pytest.mark.parametrize(
    "tag",
    [
        "@throws FrobException if it fails",  # the package's class
        "@throws IllegalArgumentException if bad",  # java.lang
        "@exception UnknownThing if other",  # nothing close: thin evidence
        "@throws java.io.IOException if unreadable",  # qualified
    ],
)
def test_javadoc_throws_controls_are_silent(tmp_path: Path, tag: str) -> None:
    assert _java(tmp_path, f"     * {tag}") == []


@pytest.mark.parametrize("style", list(_STYLES), ids=list(_STYLES))
@pytest.mark.parametrize("word", ["String", "Integer"])
def test_a_builtin_type_written_as_a_word_is_no_class(
    tmp_path: Path, style: str, word: str
) -> None:
    # qiskit (round 17): "String: self.qubit_layer + ..." beside an import of ``StringIO``;
    # the control beside it, a misspelt class of the file, stays reported
    code = "from io import StringIO\nfrom numbers import Integral\n" + _CODE.format(
        doc=_STYLES[style].format(t=word)
    )
    assert run_rule(c1_doctype_unresolved, tmp_path, code, "run") == []
    typo = _CODE.format(doc=_STYLES[style].format(t="Frobnicater"))
    assert len(run_rule(c1_doctype_unresolved, tmp_path / "typo", typo, "run")) == 1


def test_a_type_text_is_parsed_once_and_read_by_its_own_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The names a type text's parse reads are kept per text (the parse takes no scope): the
    same text in two functions is parsed once, and each text gets its own reading -- the
    control, a shape word beside the class, stays silent after the finding's text was read."""
    from docref.checks.static import doctypes

    parsed: list[str] = []
    real = doctypes.parse_doc_type

    def counting(text: str, **kwargs: object) -> object:
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(doctypes, "parse_doc_type", counting)
    doctypes._types_read.cache_clear()
    typo = "dict of str to Frobnicater"  # a text nothing else in the suite reads
    for name in ("run", "run"):
        code = _CODE.format(doc=_STYLES["numpy"].format(t=typo))
        findings = run_rule(c1_doctype_unresolved, tmp_path / name, code, name)
        assert [f.message for f in findings] == [
            "documented type `Frobnicater` names nothing in scope; did you mean `Frobnicator`?"
        ]
    assert parsed == [typo]
    shape = "array of shape (Frobnicaters, 3)"
    code = _CODE.format(doc=_STYLES["numpy"].format(t=shape))
    assert run_rule(c1_doctype_unresolved, tmp_path / "shape", code, "run") == []
    assert parsed == [typo, shape]
