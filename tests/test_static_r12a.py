"""Static rules: the C1 false-alarm patterns of precision rounds 12a/12b (held-out projects:
numpy, nltk, redis, torchvision, langchain-core, ...), each with a control of the same shape
that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved, c1_prose_name_word
from docref.checks.static.params import c1_param_unknown

from tests.static_helpers import rule_ids, run_rule


def _names(tmp_path: Path, code: str, qualname: str) -> list[str]:
    """The C1 name rules' ids, the opt-in C1-PROSE-NAME-WORD included."""
    return rule_ids((c1_name_unresolved, c1_prose_name_word), tmp_path, code, qualname)


_ATTRIBUTES = '''
def load(root, split="train"):
    """Load a dataset.

    Args:
        root (str): Root directory.
        split (str, optional): The split.
    {gap}
    {attributes}
        classes (list): List of the class name tuples.
        class_to_idx (dict): Dict with items.
    """
    return root, split
'''


@pytest.mark.parametrize(
    ("gap", "attributes", "reported"),
    [
        # round 12b (torchvision's datasets): `` Attributes:`` a space deeper than ``Args:``,
        # with or without a blank line before it
        ("", " Attributes:", []),
        ("\n", "  Attributes:", []),
        # control: no header, the attributes are written as Args entries: unknown parameters
        ("", "", ["classes", "class_to_idx"]),
    ],
)
def test_a_section_title_a_space_deeper_than_args_opens_its_own_section(
    tmp_path: Path, gap: str, attributes: str, reported: list[str]
) -> None:
    code = _ATTRIBUTES.format(gap=gap, attributes=attributes)
    findings = run_rule(c1_param_unknown, tmp_path, code, "load")
    assert [f.message.split('"')[1] for f in findings] == reported


_REMOVED = '''
def genfromtxt(fname, missing_values=None):
    """Load data.

    Parameters
    ----------
    fname : file
        File to read.
    missing : variable, optional
        {text}
    missing_values : variable, optional
        The set of strings corresponding to missing data.
    """
    return fname, missing_values
'''


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        # round 12a (numpy's genfromtxt): the entry records its parameter's removal
        ("`missing` was removed in numpy 1.10. Please use `missing_values` instead.", []),
        ("This parameter has been removed; use missing_values.", []),
        # controls: words about removed data, or "deprecated" alone, are no removal note
        ("The keys that were removed from the table.", ["C1-PARAM-UNKNOWN"]),
        ("Deprecated, use `missing_values`.", ["C1-PARAM-UNKNOWN"]),
    ],
)
def test_an_entry_saying_its_parameter_was_removed_is_a_removal_note(
    tmp_path: Path, text: str, rules: list[str]
) -> None:
    code = _REMOVED.format(text=text)
    assert rule_ids(c1_param_unknown, tmp_path, code, "genfromtxt") == rules


_CONVENTION = '''
class Feature:
    def __init__(self, positions, end=None):
        """Construct a Feature.

        :param positions: the positions at which this feature should apply

        {convention}

        :param start: start of range where this feature should apply
        :param end: end of range
        """
        self.positions = positions, end
'''


@pytest.mark.parametrize(
    ("convention", "rules"),
    [
        # round 12a (nltk's tbl.Feature): an alternative calling convention it writes out
        ("An alternative calling convention is Feature(start, end):", []),
        # controls: a doctest's call passes the example's variables; another class's call
        (">>> Feature(start, end)", ["C1-PARAM-UNKNOWN"]),
        ("It mirrors Range(start, end):", ["C1-PARAM-UNKNOWN"]),
        # mined drift (networkx ``Graph.copy``'s "a shallow copy (with_data=False)" beside a
        # stale ``with_data`` entry): the function's name as a word of prose, then a
        # parenthesis, is no call -- a call is written with the parenthesis against the name
        ("The whole Feature (start, end) moves.", ["C1-PARAM-UNKNOWN"]),
    ],
)
def test_an_alternative_calling_convention_the_docstring_writes_documents_its_names(
    tmp_path: Path, convention: str, rules: list[str]
) -> None:
    code = _CONVENTION.format(convention=convention)
    assert rule_ids(c1_param_unknown, tmp_path, code, "Feature.__init__") == rules


_VALUES = '''
def nrange(keys, aggregation_type=None, latest=False, width=0, height=0, depth=0):
    """Query a range.

    Args:
        keys: The keys.
        aggregation_type: Optional aggregation type. {text}
        latest: Whether to report the latest bucket.
        width: The width.
        height: The height.
        depth: The depth.
    """
    return keys, aggregation_type, latest, width, height, depth
'''


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        # round 12a (redis' TimeSeries ``range``): one value among the listed values
        ("Valid values: [`avg`, `sum`, `min`, `count`, `first`, `last`].", []),
        ("One of ``avg``, ``first`` or ``last``.", []),
        # control: the same word alone is the old name of `latest` (a word: the opt-in rule's)
        ("Applied before `last` is read.", ["C1-PROSE-NAME-WORD"]),
        # control: a list of the parameters keeps its renamed item (`dpth` for `depth`)
        ("Scales `width`, `height` and `dpth` together.", ["C1-PROSE-NAME-STALE"]),
    ],
)
def test_one_value_of_an_enumeration_is_no_old_parameter_name(
    tmp_path: Path, text: str, rules: list[str]
) -> None:
    assert _names(tmp_path, _VALUES.format(text=text), "nrange") == rules


_PACKAGE = '''
def draw_png(graph, output_file_path=None):
    """Draw the graph as a PNG image.

    {text}

    Args:
        graph: The graph to draw.
        output_file_path: The path to save the image to.
    """
    return graph, output_file_path
'''


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        # round 12b (langchain-core's ``draw_png``): a distribution to install
        ("Requires `graphviz` and `pygraphviz` to be installed.", []),
        ("It needs the `graphviz` package installed.", []),
        # control: the same name in a sentence about the code is the old name of `graph`
        ("Lays out `graphviz` first.", ["C1-PROSE-NAME-WORD"]),
    ],
)
def test_a_name_in_a_sentence_about_installing_is_a_package(
    tmp_path: Path, text: str, rules: list[str]
) -> None:
    assert _names(tmp_path, _PACKAGE.format(text=text), "draw_png") == rules


_EQUATION = '''
def predecs(block):
    return block


def copy_propagate(blocks, typemap):
    """Compute copy propagation on data flow equations:

    {text}
    """
    return predecs(blocks), typemap
'''


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        # round 12b (numba's ``copy_propagate``): a function a formula names inside another call
        ("in_b = intersect(predec(B))", []),
        # the relation sign after the call's arguments (the control below has none)
        ("Each block sets predec(B) = in_b first.", []),
        # control: the same nested call in a sentence, no relation sign: a stale name
        ("Each block calls intersect(predec(B)) first.", ["C1-NAME-UNRESOLVED"]),
    ],
)
def test_a_call_inside_a_formula_is_mathematics(
    tmp_path: Path, text: str, rules: list[str]
) -> None:
    code = _EQUATION.format(text=text)
    assert rule_ids(c1_name_unresolved, tmp_path, code, "copy_propagate") == rules


_WORDS = '''
def memcpy(src, dst, count, include_hdr=False):
    """Copy items.

    {text}
    """
    return src, dst, count, include_hdr
'''


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        # policy (rounds 9-12 first pass: 4 TRUE of 14): an uncued word is the opt-in rule's,
        # unless the parameter is the word written shorter (``dst``: test_static_prose_names_
        # contracted)
        ("Copies to `dest` in one call.", ["C1-PROSE-NAME-STALE"]),
        # a sentence marking the function's other parameters talks about parameters
        ("Copies `count` items from `src` to `dest`.", ["C1-PROSE-NAME-STALE"]),
        # a sentence calling it a parameter
        ("The `dest` parameter is written.", ["C1-PROSE-NAME-STALE"]),
        # a code-shaped name is evidence by its spelling
        ("Writes a header when `include_header` is set.", ["C1-PROSE-NAME-STALE"]),
    ],
)
def test_an_uncued_word_is_the_opt_in_rules_guess(
    tmp_path: Path, text: str, rules: list[str]
) -> None:
    assert _names(tmp_path, _WORDS.format(text=text), "memcpy") == rules
