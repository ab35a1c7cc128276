"""Prose claims from the session 16 prose probe (``benchmarks/prose_probe/*_s16``): phrasings
written apart from the rules by another author, each fixed in its mechanism, with a consistent
control beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings


def _found(tmp_path: Path, code: str, filename: str = "m.py") -> list[tuple[str, str]]:
    """(rule, flagged text) of the default rules' findings on ``code``."""
    findings = project_findings(tmp_path, {filename: code}, filename)
    source = (tmp_path / "proj" / filename).read_text(encoding="utf-8")
    return [(f.rule, source[f.start : f.end]) for f in findings]


# a sentence of the description whose subject is the function: a return claim as the summary's
BODY = {
    "google": '''
def f(items: list[str]) -> {ret}:
    """Index the items.

    {sentence}

    Args:
        items: The items.
    """
    return {value}
''',
    "rest": '''
def f(items: list[str]) -> {ret}:
    """Index the items.

    {sentence}

    :param items: the items
    """
    return {value}
''',
}
SENTENCES = [
    # (on a str: "a list of" said of a mapping lists its keys, the opt-in C2-PROSE-RETURN-ITEMS)
    ("Returns a list of the items, in the order given.", "list[str]", "str"),
    (
        "The function returns a dictionary mapping each item to its position.",
        "dict[str, int]",
        "list[str]",
    ),
    ("This method gives back a dictionary of item to position.", "dict[str, int]", "list[str]"),
    ("It returns the count as a float, in items.", "float", "int"),
    ("Returns a float between 0 and 1.", "float", "int"),
]
VALUES = {"list[str]": "items", "dict[str, int]": "{}", "float": "0.5", "int": "1", "str": '""'}


@pytest.mark.parametrize("style", sorted(BODY))
@pytest.mark.parametrize(("sentence", "good", "bad"), SENTENCES)
def test_a_return_claim_in_the_description(
    tmp_path: Path, style: str, sentence: str, good: str, bad: str
) -> None:
    code = BODY[style]
    bad_code = code.format(ret=bad, sentence=sentence, value=VALUES[bad])
    [(rule, text)] = _found(tmp_path / "bad", bad_code)
    assert rule == "C2-PROSE-RETURN-TYPE"
    assert text.startswith(sentence.split()[0])
    # control: the same sentence on the kind it names
    good_code = code.format(ret=good, sentence=sentence, value=VALUES[good])
    assert _found(tmp_path / "good", good_code) == []


@pytest.mark.parametrize(
    "sentence",
    [
        # not the function: another subject, a clause of its own
        "The parser returns a list of tokens, which this joins.",
        "If it fails, the cache returns a list of stale entries.",
        "Returns nothing useful when called twice; use the result of the first call.",
        # an integer said of a float stays a number
        "Returns an integer ratio in tenths.",
    ],
)
def test_other_sentences_are_no_return_claim(tmp_path: Path, sentence: str) -> None:
    code = BODY["google"].format(ret="float", sentence=sentence, value="0.5")
    assert _found(tmp_path, code) == []


JAVA = """
package p;

import java.util.*;

public class C {{
    /**
     * Ranks the accounts.
     *
     * {sentence}
     *
     * @param ids the accounts
     */
    public {ret} f(List<String> ids) {{
        return null;
    }}
}}
"""


def test_javadoc_the_method_returns_a_map(tmp_path: Path) -> None:
    sentence = "The method returns a Map from account to balance, largest first."
    bad = JAVA.format(ret="List<String>", sentence=sentence)
    [(rule, _text)] = _found(tmp_path / "bad", bad, "C.java")
    assert rule == "C2-PROSE-RETURN-TYPE"
    good = JAVA.format(ret="Map<String, Long>", sentence=sentence)
    assert _found(tmp_path / "good", good, "C.java") == []


# a parameter renamed by swapping one word, or a container name for its plural
RENAMED = {
    "google": '''
def f(entries: list[str], {param}: bool = False) -> int:
    """Count the entries.

    Entries are compared by digest unless ``{old}`` is true.

    Args:
        entries: The entries.
        {param}: Compare paths only.

    Returns:
        How many there are.
    """
    return len(entries)
''',
    "numpy": '''
def f(entries: list[str], {param}: bool = False) -> int:
    """Count the entries.

    Entries are compared by digest unless `{old}` is true.

    Parameters
    ----------
    entries : list of str
        The entries.
    {param} : bool
        Compare paths only.

    Returns
    -------
    int
        How many there are.
    """
    return len(entries)
''',
    "rest": '''
def f(entries: list[str], {param}: bool = False) -> int:
    """Count the entries.

    .. note:: Entries are compared by digest unless ``{old}`` is true.

    :param entries: the entries
    :param {param}: compare paths only
    :returns: how many there are
    """
    return len(entries)
''',
}


@pytest.mark.parametrize("style", sorted(RENAMED))
@pytest.mark.parametrize(
    ("old", "param"),
    [
        ("skip_digest", "ignore_digest"),
        ("lease_time", "lease_seconds"),
        ("target_dir", "target_root"),
        ("workers_list", "workers"),
        ("job_list", "jobs"),
        ("entryList", "entries"),
        ("out_dir", "output_dir"),
    ],
)
def test_a_parameter_renamed_by_a_word(tmp_path: Path, style: str, old: str, param: str) -> None:
    code = RENAMED[style]
    if "_" not in old and style != "google":
        pytest.skip("camelCase: one style is enough")
    [(rule, text)] = _found(tmp_path / "bad", code.format(old=old, param=param))
    assert rule == "C1-PROSE-NAME-STALE"
    assert old in text
    # control: the sentence naming the parameter as it is
    assert _found(tmp_path / "good", code.format(old=param, param=param)) == []


@pytest.mark.parametrize(
    ("old", "param"),
    [
        ("start_time", "end_time"),  # the other end of one interval
        ("input_shape", "output_shape"),
        ("min_size", "max_size"),
        ("n_draws", "n_boot"),  # a shared prefix, not a shared meaning
        ("no_cache", "with_cache"),  # opposite flags
        ("stage_label", "stage_plugins"),  # another word, not a synonym
        ("predictive_covar", "test_covar"),
        ("path_list", "path"),  # a list of paths is no path
        ("item_count", "items"),  # a count of the items is no item
        ("id_list", "ids"),  # too short a word to tell
    ],
)
def test_sibling_and_unrelated_names_are_no_rename(tmp_path: Path, old: str, param: str) -> None:
    code = RENAMED["google"].format(old=old, param=param)
    assert _found(tmp_path, code) == []


def test_javadoc_the_mapping_an_array_holds_is_no_map(tmp_path: Path) -> None:
    sentence = "Returns the mapping from model indices to view indices."
    assert _found(tmp_path, JAVA.format(ret="int[]", sentence=sentence), "C.java") == []
