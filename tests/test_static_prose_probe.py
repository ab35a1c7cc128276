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


# a code-marked old name the rename cut back to its leading words (``timeout_secs`` ->
# ``timeout``): Google, NumPy, reST and Javadoc
SHORTENED = {
    "google": (
        '''
def f(path: str, {param}: float = 5.0) -> bool:
    """Wait until a file exists.

    Gives up after `{old}` seconds and reports failure.

    Args:
        path: The file to wait for.
        {param}: How long to wait, in seconds.
    """
    return bool(path) and {param} > 0
''',
        "timeout_secs",
        "timeout",
    ),
    "numpy": (
        '''
def f(values: list[float], {param}: bool = False) -> float:
    """Sum a series.

    The sum is only printed when ``{old}`` is set.

    Parameters
    ----------
    values : list of float
        The series.
    {param} : bool, default False
        Only print.
    """
    return sum(values) if not {param} else 0.0
''',
        "dry_run",
        "dry",
    ),
    "rest": (
        '''
def f(job: str, {param}: int) -> int:
    """Schedule a job.

    The job runs no earlier than *{old}*, rounded to the minute.

    :param job: The job.
    :param {param}: The earliest start.
    :returns: The start used.
    """
    return {param}
''',
        "start_time",
        "start",
    ),
}


@pytest.mark.parametrize("style", sorted(SHORTENED))
def test_a_name_cut_back_to_its_leading_words_is_stale(tmp_path: Path, style: str) -> None:
    code, old, new = SHORTENED[style]
    [(rule, text)] = _found(tmp_path / "bad", code.format(param=new, old=old))
    assert rule == "C1-PROSE-NAME-STALE" and old in text
    # control: the sentence names the parameter as it is
    assert _found(tmp_path / "good", code.format(param=new, old=new)) == []


JAVA_SHORTENED = """
class C {{
    /**
     * Forgets an item. The {{@code {old}}} must not be empty.
     *
     * @param {param} the item's code
     */
    public void forget(String {param}) {{
    }}
}}
"""


def test_javadoc_name_cut_back_to_its_leading_words(tmp_path: Path) -> None:
    code = JAVA_SHORTENED.format(old="itemCode", param="item")
    [(rule, text)] = _found(tmp_path / "bad", code, "C.java")
    assert rule == "C1-PROSE-NAME-STALE" and "itemCode" in text
    good = JAVA_SHORTENED.format(old="item", param="item")
    assert _found(tmp_path / "good", good, "C.java") == []


@pytest.mark.parametrize(
    ("old", "param"),
    [
        ("path_list", "path"),  # another value: the container of paths
        ("hash_method", "method"),  # a leading word dropped: another callable's
        ("key_func", "key"),
        ("ax_2", "ax"),  # a number added, a parameter under three letters
        ("timeouts", "timeout"),  # an English plural, no old name
        ("path_face_color", "path"),  # two words longer: another thing built on it
        ("path_supported", "path"),  # a flag about the value, not the value
        ("path_readable", "path"),
    ],
)
def test_a_longer_name_naming_another_value_stays_silent(
    tmp_path: Path, old: str, param: str
) -> None:
    code = SHORTENED["google"][0].format(param=param, old=old)
    assert _found(tmp_path, code) == []


# return claims after a verb saying the function makes the value or answers a question, and a
# possessive before "string"; judged only on a function that returns something
MADE = {
    "google": '''
def f(values: list[int]) -> {ret}:
    """{summary}

    Args:
        values: The values.
    """
    return values
''',
    "numpy": '''
def f(values: list[int]) -> {ret}:
    """{summary}

    Parameters
    ----------
    values : list of int
        The values.
    """
    return values
''',
    "rest": '''
def f(values: list[int]) -> {ret}:
    """{summary}

    :param values: the values
    """
    return values
''',
}


@pytest.mark.parametrize("style", sorted(MADE))
@pytest.mark.parametrize(
    ("summary", "bad", "good"),
    [
        ("Compute a dictionary of value to count.", "list[tuple[int, int]]", "dict[int, int]"),
        ("Builds the list of distinct values.", "int", "list[int]"),
        ("Tells whether the values are sorted.", "str", "bool"),
        ("Determines whether every value is positive.", "int", "bool"),
        ("Returns the queue's string representation.", "list[str]", "str"),
    ],
)
def test_a_made_or_asked_value_is_a_return_claim(
    tmp_path: Path, style: str, summary: str, bad: str, good: str
) -> None:
    code = MADE[style]
    [(rule, text)] = _found(tmp_path / "bad", code.format(summary=summary, ret=bad))
    assert rule == "C2-PROSE-RETURN-TYPE" and text.startswith(summary[:12])
    assert _found(tmp_path / "good", code.format(summary=summary, ret=good)) == []


@pytest.mark.parametrize(
    ("summary", "ret"),
    [
        ("Determines whether the values are sorted.", "None"),  # raises: nothing comes back
        ("Compute the number of values and log it.", "None"),
        # a check reporting a position or a tri-state (JDK ``Monitor``, ``NodeFilter``)
        ("Check if the array has been modified.", "int"),
        ("Tells if a node must be output.", "int"),
        ("Indicates whether the focus request should proceed.", "int"),  # java.awt tri-state
    ],
)
def test_a_made_or_asked_claim_that_stays_silent(tmp_path: Path, summary: str, ret: str) -> None:
    assert _found(tmp_path, MADE["google"].format(summary=summary, ret=ret)) == []


def test_javadoc_tells_whether_on_a_string(tmp_path: Path) -> None:
    code = """
class C {{
    /**
     * Tells whether the inventory is empty.
     *
     * @return {said}
     */
    public {ret} m() {{
        return null;
    }}
}}
"""
    flagged = _found(tmp_path / "bad", code.format(said="the size", ret="String"), "C.java")
    assert [rule for rule, _ in flagged] == ["C2-PROSE-RETURN-TYPE"]
    good = code.format(said="whether it is", ret="boolean")
    assert _found(tmp_path / "good", good, "C.java") == []


# "*weights* is a sequence of floats" on a float; "a sequence of characters" is a string
@pytest.mark.parametrize(
    ("said", "annotation", "flagged"),
    [
        ("a sequence of floats, one per value", "float", True),
        ("a sequence of floats, one per value", "list[float]", False),
        ("a sequence of floats, one per value", "tuple[float, ...]", False),
        ("a sequence of characters to strip", "str", False),
    ],
)
def test_a_sequence_of_in_prose(tmp_path: Path, said: str, annotation: str, flagged: bool) -> None:
    code = f'''
def f(values: list[float], weights: {annotation}) -> float:
    """Weighted sum.

    *weights* is {said}.

    Args:
        values: The series.
        weights: The weights.
    """
    return 0.0
'''
    rules = [rule for rule, _ in _found(tmp_path, code)]
    assert rules == (["C2-PROSE-PARAM-TYPE"] if flagged else [])


def test_a_call_in_an_example_is_no_shortened_parameter(tmp_path: Path) -> None:
    # discord.py ``when_mentioned_or(*prefixes)``: ``prefixes_for(message.guild)`` in a code
    # block is a function the reader writes, and "for" is no unit or verb of the value
    code = '''
def f(*prefixes: str) -> list[str]:
    """A callable that implements other prefixes.

    .. code-block:: python3

        async def get_prefix(bot, message):
            extras = await prefixes_for(message.guild)
            return extras

    Args:
        prefixes: The prefixes.
    """
    return list(prefixes)
'''
    assert _found(tmp_path, code) == []
    said = SHORTENED["google"][0].format(param="prefixes", old="prefixes_for")
    assert _found(tmp_path / "words", said) == []


# a renamed helper, field or class the function's own code uses, named in prose by its old
# name with one word swapped (``frobnicate_all`` for ``frobnicate_each``)
USED = {
    "google": '''
def frobnicate_each(items: list[str]) -> list[str]:
    """Upper-case every item.

    Args:
        items: The items.

    Returns:
        The items, upper-cased.
    """
    return [i.upper() for i in items]


def f(lines: list[str]) -> list[str]:
    """Strip the lines, then call `{old}` on them.

    Args:
        lines: The lines.

    Returns:
        The upper-cased lines.
    """
    return frobnicate_each([line.strip() for line in lines])
''',
    "numpy": '''
def frobnicate_each(items: list[str]) -> list[str]:
    """Upper-case every item.

    Parameters
    ----------
    items : list of str
        The items.

    Returns
    -------
    list of str
        The items, upper-cased.
    """
    return [i.upper() for i in items]


def f(lines: list[str]) -> list[str]:
    """Strip the lines; ``{old}`` does the rest.

    Parameters
    ----------
    lines : list of str
        The lines.

    Returns
    -------
    list of str
        The upper-cased lines.
    """
    return frobnicate_each([line.strip() for line in lines])
''',
    "rest": '''
def frobnicate_each(items: list[str]) -> list[str]:
    """Upper-case every item.

    :param items: the items
    :returns: the items, upper-cased
    """
    return [i.upper() for i in items]


def f(lines: list[str]) -> list[str]:
    """Strip the lines, then hand them to ``{old}``.

    :param lines: the lines
    :returns: the upper-cased lines
    """
    return frobnicate_each([line.strip() for line in lines])
''',
}


@pytest.mark.parametrize("style", sorted(USED))
def test_a_used_helper_named_with_one_word_swapped(tmp_path: Path, style: str) -> None:
    code = USED[style]
    found = _found(tmp_path / "bad", code.format(old="frobnicate_all"))
    assert [(rule, "frobnicate_all" in text) for rule, text in found] == [
        ("C1-PROSE-NAME-STALE", True)
    ]
    assert _found(tmp_path / "good", code.format(old="frobnicate_each")) == []
    # controls: a pattern of names, a swapped word of two letters (notation)
    assert _found(tmp_path / "xxx", code.format(old="frobnicate_xxx")) == []
    assert _found(tmp_path / "short", code.format(old="frobnicate_ab")) == []


JAVA_USED = """
class C {{
    private int reorderLevel = 5;

    private int lookupStock(String sku) {{
        return 0;
    }}

    /**
     * Stock of an item. Delegates to {{@code {old}}}.
     *
     * @param sku the item's code
     * @return its stock
     */
    public int stockOf(String sku) {{
        return lookupStock(sku) + reorderLevel;
    }}
}}
"""


@pytest.mark.parametrize("old", ["findStock", "reorderThreshold"])
def test_javadoc_used_member_named_with_one_word_swapped(tmp_path: Path, old: str) -> None:
    found = _found(tmp_path / "bad", JAVA_USED.format(old=old), "C.java")
    assert [(rule, old in text) for rule, text in found] == [("C1-PROSE-NAME-STALE", True)]
    good = JAVA_USED.format(old="lookupStock")
    assert _found(tmp_path / "good", good, "C.java") == []


def test_javadoc_own_name_delegated_is_no_twin(tmp_path: Path) -> None:
    # JDK rowset: ``cancelRowUpdates()`` calls ``crsInternal.cancelRowUpdates()``; the prose's
    # ``cancelRowInsert`` is another (missing) method, not the documented one's old name
    code = """
class C {
    private C crsInternal;

    /**
     * Rolls back. The method <code>cancelRowInsert</code> removes inserted rows.
     */
    public void cancelRowUpdates() {
        crsInternal.cancelRowUpdates();
    }
}
"""
    assert _found(tmp_path, code, "C.java") == []


# a builtin type word in code markup, "a boolean ...", "an integer ...", "a set of ..."
@pytest.mark.parametrize("style", sorted(MADE))
@pytest.mark.parametrize(
    ("summary", "bad", "good"),
    [
        ("Returns a `str` naming the key.", "int", "str"),
        ("Returns a :class:`list` of keys.", "str", "list[str]"),
        ("Returns an ``int`` count of the keys.", "str", "int"),
        ("Returns a boolean indicating whether it exists.", "int", "bool"),
        ("Returns an integer giving the size.", "str", "int"),
        ("Returns a set of names.", "str", "set[str]"),
    ],
)
def test_a_marked_type_word_or_a_scalar_in_words(
    tmp_path: Path, style: str, summary: str, bad: str, good: str
) -> None:
    code = MADE[style]
    [(rule, text)] = _found(tmp_path / "bad", code.format(summary=summary, ret=bad))
    assert rule == "C2-PROSE-RETURN-TYPE" and text.startswith(summary[:12])
    assert _found(tmp_path / "good", code.format(summary=summary, ret=good)) == []


@pytest.mark.parametrize(
    ("summary", "ret"),
    [
        ("Returns a boolean mask of the valid values.", "list[bool]"),
        ("Returns an integer array of positions.", "list[int]"),
        ("Returns an integer or None.", "str"),
        ("Returns a set of names.", "list[str]"),  # English for a list
        ("Returns a set of keys.", "dict[str, int]"),
        # a noun-phrase summary that is a clause (docref's own ``names_changed``)
        ("The set of names may have changed.", "None"),
        ("An integer overflow is reported.", "str"),
    ],
)
def test_scalar_words_that_stay_silent(tmp_path: Path, summary: str, ret: str) -> None:
    assert _found(tmp_path, MADE["google"].format(summary=summary, ret=ret)) == []
