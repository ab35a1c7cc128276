"""False alarms of round 95j (benchmarks/PRECISION-java.md, "Round 95j"), each beside a
consistent control that stays reported: "a set of characters" said of a ``Set<Character>``
(OpenNLP); "the string divided into lines" of a ``List<String>`` (JGit); "the allele string
representation" of a ``byte[]`` whose summary says it returns the result as ``byte[]``
(htsjdk); "a strings dictionary" of a list the docstring defines as one (htsjdk); a variable
of the docstring's own example that calls the method twice (Lightbend Config's
``otherObject``); and round 89j's debatable "@return The number of features." on Tribuo's
``String numFeatures`` that returns ``"" + size()``; and "the tag ID dictionary" of a
``byte[][][]`` whose entry calls it an array (htsjdk's CRAM)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_METHOD = """\
package p;

import java.util.List;
import java.util.Set;

/** Holder of the method under test. */
public class Holder {

    /**
     * SUMMARY
     *
     * @param text the text to read
     * @return RETURN
     */
    public DECLARED probe(String text) {
        return null;
    }
}
"""


def _rules(tmp_path: Path, summary: str, returned: str, declared: str) -> list[str]:
    code = (
        _METHOD.replace("SUMMARY", summary)
        .replace("RETURN", returned)
        .replace("DECLARED", declared)
    )
    found = project_findings(tmp_path, {"p/Holder.java": code}, "p/Holder.java")
    return sorted(f.rule for f in found if f.qualname.endswith("probe"))


_PROSE = "C2-PROSE-RETURN-TYPE"


@pytest.mark.parametrize(
    ("summary", "returned", "declared", "rules"),
    [
        # OpenNLP's EndOfSentenceScanner: the set said is the set declared
        (
            "Gets the characters.",
            "a set of characters which can end a sentence.",
            "Set<Character>",
            [],
        ),
        # control: the same words of a count, and (a string's characters) of a list
        ("Gets the characters.", "a set of characters which can end a sentence.", "int", [_PROSE]),
        # JGit's IO.readLines: the string divided is the input, its lines come back
        (
            "Divides the given string into lines.",
            "the string divided into lines",
            "List<String>",
            [],
        ),
        ("Divides the given string into lines.", "the string split into its words", "String[]", []),
        # controls: the string itself on a list, and divided on a count
        ("Reads the given string.", "the string of the file", "List<String>", [_PROSE]),
        ("Divides the given string into lines.", "the string divided into lines", "int", [_PROSE]),
        # htsjdk's SimpleAllele.getDisplayBases: the summary says the text comes as bytes
        (
            "Same as getDisplayString() but returns the result as byte[].",
            "the allele string representation",
            "byte[]",
            [],
        ),
        # htsjdk's BCF2Utils.makeDictionary: the docstring defines the dictionary as a list
        (
            "Create a strings dictionary. The dictionary is an ordered list of identifiers.",
            "a non-null dictionary of elements",
            "List<String>",
            [],
        ),
        # controls: defined as another kind, or not defined
        (
            "Create a strings dictionary. The dictionary is a map of identifiers.",
            "a non-null dictionary of elements",
            "List<String>",
            [_PROSE, _PROSE],
        ),
        (
            "Create a strings dictionary.",
            "a non-null dictionary of elements",
            "List<String>",
            [_PROSE, _PROSE],
        ),
        # control: no sentence says so (round 81j's text a change to bytes left behind)
        ("Gets the display form.", "the allele string representation", "byte[]", [_PROSE]),
        (
            "Same as getDisplayString() but faster.",
            "the allele string representation",
            "byte[]",
            [_PROSE],
        ),
    ],
)
def test_prose_return_claims_of_round_95j(
    tmp_path: Path, summary: str, returned: str, declared: str, rules: list[str]
) -> None:
    assert _rules(tmp_path, summary, returned, declared) == rules


_MERGEABLE = """\
package p;

/** A value that merges with a fallback. */
public interface Mergeable {

    /**
     * Returns a new value merged with another. If you write
     * <code>EXAMPLE</code>, then <code>otherObject</code> will simply be ignored.
     *
     * @param other an object whose keys should be used as fallbacks
     * @return a new object
     */
    Mergeable withFallback(Mergeable other);
}
"""


@pytest.mark.parametrize(
    ("example", "rules"),
    [
        # Lightbend Config's ConfigMergeable: two calls pass two values in one place
        ("object.withFallback(nonObject).withFallback(otherObject)", []),
        # controls: one call naming it may spell the parameter's old name, and so may a
        # chain of other methods
        ("object.withFallback(otherObject)", ["C1-PROSE-NAME-STALE"]),
        ("object.withFallback(otherObject).withFallback(otherObject)", ["C1-PROSE-NAME-STALE"]),
    ],
)
def test_example_values_are_no_old_names(tmp_path: Path, example: str, rules: list[str]) -> None:
    code = _MERGEABLE.replace("EXAMPLE", example)
    found = project_findings(tmp_path, {"p/Mergeable.java": code}, "p/Mergeable.java")
    assert sorted(f.rule for f in found if f.qualname.endswith("withFallback")) == rules


_COMMAND = """\
package p;

/** A shell's commands. */
public class Explorer {

    /**
     * Shows the number of features.
     *
     * @return The number of features.
     */
    public String numFeatures() {
        BODY
    }
}
"""


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        # Tribuo's DatasetExplorer: the count written out as the command's text
        ('return "" + dataset.getFeatureMap().size();', []),
        ("return String.valueOf(dataset.getFeatureMap().size());", []),
        # controls: a string that is no count written out, and one path that is not
        ("return dataset.getName();", [_PROSE]),
        (
            'if (dataset == null) { return "none"; } return "" + dataset.size();',
            [_PROSE],
        ),
    ],
)
def test_count_written_out_as_text(tmp_path: Path, body: str, rules: list[str]) -> None:
    code = _COMMAND.replace("BODY", body)
    found = project_findings(tmp_path, {"p/Explorer.java": code}, "p/Explorer.java")
    assert sorted(f.rule for f in found if f.qualname.endswith("numFeatures")) == rules


_CACHE = """\
package p;

import java.util.Map;

/** A cache of tag keys. */
public class TagKeyCache {

    /**
     * Creates a cache.
     *
     * @param tagIDDictionary ENTRY
     */
    public TagKeyCache(final DECLARED tagIDDictionary) {}
}
"""

_CRAM = "the tag ID dictionary from the header, where each entry in the outer array is a set"


@pytest.mark.parametrize(
    ("entry", "declared", "rules"),
    [
        # htsjdk's CRAM TagKeyCache: the entry calls the value an array
        (_CRAM, "byte[][][]", []),
        # controls: no array said, and a set (no array) under the same words
        (
            "the tag ID dictionary from the compression header",
            "byte[][][]",
            ["C2-PROSE-PARAM-TYPE"],
        ),
        (_CRAM, "java.util.Set<String>", ["C2-PROSE-PARAM-TYPE"]),
    ],
)
def test_a_dictionary_the_entry_calls_an_array(
    tmp_path: Path, entry: str, declared: str, rules: list[str]
) -> None:
    code = _CACHE.replace("ENTRY", entry).replace("DECLARED", declared)
    found = project_findings(tmp_path, {"p/TagKeyCache.java": code}, "p/TagKeyCache.java")
    assert sorted(f.rule for f in found if f.qualname.endswith("TagKeyCache")) == rules
