"""Prose claims from the session 15 prose probe (``benchmarks/prose_probe/``): phrasings written
apart from the rules, each fixed in its mechanism, with a consistent control beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings


def _found(tmp_path: Path, code: str, filename: str = "m.py") -> list[tuple[str, str]]:
    """(rule, flagged text) of the default rules' findings on ``code``."""
    findings = project_findings(tmp_path, {filename: code}, filename)
    source = (tmp_path / "proj" / filename).read_text(encoding="utf-8")
    return [(f.rule, source[f.start : f.end]) for f in findings]


# a container word qualifying a noun after it names that noun's kind, not a conversion
MODIFIER = {
    "google": '''
def f(name: str) -> {ret}:
    """Return the series' name as a list {noun}, e.g. ``"price_list"``.

    Args:
        name: The series' name.
    """
    return name + "_list"
''',
    "numpy": '''
def f(name: str) -> {ret}:
    """Return the name as a dict {noun}.

    Parameters
    ----------
    name : str
        The series' name.
    """
    return name
''',
    "rest": '''
def f(name: str) -> {ret}:
    """Make a key.

    :param name: the series' name
    :returns: the name as a tuple {noun}
    """
    return name
''',
}


@pytest.mark.parametrize("style", sorted(MODIFIER))
def test_a_container_word_qualifying_a_noun_is_no_conversion(tmp_path: Path, style: str) -> None:
    code = MODIFIER[style]
    assert _found(tmp_path / "name", code.format(ret="str", noun="name")) == []
    assert _found(tmp_path / "key", code.format(ret="str", noun="key")) == []
    # control: the conversion itself is still read ("as a list.", "as a dict,")
    flagged = _found(tmp_path / "conv", code.format(ret="str", noun="").replace(" ,", ","))
    assert [rule for rule, _ in flagged] == ["C2-PROSE-RETURN-TYPE"]


JAVA_RETURN = """
import java.util.Map;
import java.util.HashMap;

class C {{
    private final Map<String, Integer> stock = new HashMap<>();

    /**
     * Describes the stock.
     *
     * @return {said}
     */
    public {ret} m() {{
        return null;
    }}
}}
"""


@pytest.mark.parametrize(
    ("said", "bad", "good"),
    [
        ("a String listing every item and its units", "Map<String, Integer>", "String"),
        ("the number of items that have run out", "String", "int"),
        ("the number of items that have run out", "boolean", "long"),
        ("a string naming the item", "java.util.List<String>", "String"),
    ],
)
def test_javadoc_return_claim_against_a_collection_or_a_string(
    tmp_path: Path, said: str, bad: str, good: str
) -> None:
    code = JAVA_RETURN.format(said=said, ret=bad)
    [(rule, text)] = _found(tmp_path / "bad", code, "C.java")
    assert rule == "C2-PROSE-RETURN-TYPE" and said in text
    assert _found(tmp_path / "good", JAVA_RETURN.format(said=said, ret=good), "C.java") == []


@pytest.mark.parametrize(
    ("said", "ret"),
    [
        # a list spelled out in a String (JDK krb5 ``Config.getKDCList``)
        ("the list of KDCs separated by a space", "String"),
        # the items of an array ("as a string array": JDK ``Descriptor.getFields``)
        ("all of the fields as a string array", "String[]"),
        ("a string table of all interfaces", "String[]"),
        # a count said of a list counts its items: the opt-in C2-PROSE-RETURN-ITEMS
        ("the number of items that have run out", "java.util.List<String>"),
    ],
)
def test_javadoc_return_claims_that_stay_silent(tmp_path: Path, said: str, ret: str) -> None:
    assert _found(tmp_path, JAVA_RETURN.format(said=said, ret=ret), "C.java") == []


JAVA_PARAM = """
class C {{
    /**
     * Sets an item's stock.
     *
     * @param count {said}
     */
    public void m({declared} count) {{
    }}
}}
"""


@pytest.mark.parametrize(
    ("said", "bad", "good"),
    [
        ("the number of units", "String", "int"),
        ("a string naming the unit", "long", "String"),
        ("a string naming the unit", "java.util.Map<String, Integer>", "String"),
    ],
)
def test_javadoc_param_claim_against_its_declared_type(
    tmp_path: Path, said: str, bad: str, good: str
) -> None:
    code = JAVA_PARAM.format(said=said, declared=bad)
    [(rule, text)] = _found(tmp_path / "bad", code, "C.java")
    assert rule == "C2-PROSE-PARAM-TYPE" and said in text
    assert _found(tmp_path / "good", JAVA_PARAM.format(said=said, declared=good), "C.java") == []


def test_javadoc_param_list_spelled_in_a_string_is_silent(tmp_path: Path) -> None:
    said = "the list of URLs (separated by spaces) to load the class from"  # JDK rmi
    assert _found(tmp_path, JAVA_PARAM.format(said=said, declared="String"), "C.java") == []


# Python: "as a string array" and "a string table" are containers of strings
PY_ARRAY = {
    "google": '''
def f(names: list[str]) -> {ret}:
    """Join names.

    Args:
        names: The names.

    Returns:
        {said}
    """
    return names
''',
    "numpy": '''
def f(names: list[str]) -> {ret}:
    """Return {said}

    Parameters
    ----------
    names : list of str
        The names.
    """
    return names
''',
    "rest": '''
def f(names: list[str]) -> {ret}:
    """Join names.

    :param names: the names
    :returns: {said}
    """
    return names
''',
}


@pytest.mark.parametrize("style", sorted(PY_ARRAY))
def test_a_string_container_is_no_string_claim(tmp_path: Path, style: str) -> None:
    code = PY_ARRAY[style]
    for i, said in enumerate(("the names as a string array.", "a string table of the names.")):
        assert _found(tmp_path / f"q{i}", code.format(ret="list[str]", said=said)) == []
    # control: a string claim on a list is still one
    flagged = _found(tmp_path / "bad", code.format(ret="list[str]", said="the names as a string."))
    assert [rule for rule, _ in flagged] == ["C2-PROSE-RETURN-TYPE"]
