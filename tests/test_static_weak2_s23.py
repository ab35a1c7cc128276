"""Session 23 (weak2): shapes of the type and name rules weak at first sight, each with a
control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.prose_returns import c2_prose_return_weak
from docref.checks.static.return_weak import c2_return_type_weak
from docref.checks.static.types_rules import c2_param_partial

from tests.static_helpers import default_findings, project_findings, rule_ids


def _findings(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted((f.rule, f.message) for f in default_findings(tmp_path, code))


# --- a Literal annotation that leaves out its own default, which the documented choices hold
# (round 41, xclim ``tx90p``: ``op: Literal["<", "<=", "lt", "le"] = ">"``)

CHOICES = {
    "numpy": '''
from typing import Literal


def days_over(data: list, op: Literal["<", "<=", "lt", "le"] = ">") -> int:
    """Count the days over a threshold.

    Parameters
    ----------
    data : list
        The values.
    op : {">", ">=", "gt", "ge"}
        Comparison operation. Default: ">".
    """
    return len([d for d in data if op])
''',
    "google": '''
from typing import Literal


def days_over(data: list, op: Literal["<", "<=", "lt", "le"] = ">") -> int:
    """Count the days over a threshold.

    Args:
        data (list): The values.
        op ({">", ">=", "gt", "ge"}): Comparison operation.
    """
    return len([d for d in data if op])
''',
    "rest": '''
from typing import Literal


def days_over(data: list, op: Literal["<", "<=", "lt", "le"] = ">") -> int:
    """Count the days over a threshold.

    :param list data: The values.
    :param op: Comparison operation.
    :type op: {">", ">=", "gt", "ge"}
    """
    return len([d for d in data if op])
''',
}


def test_a_literal_leaving_out_its_documented_default_is_reported_against_it(
    tmp_path: Path,
) -> None:
    for code in CHOICES.values():
        found = _findings(tmp_path, code)
        assert [rule for rule, _ in found] == ["C2-PARAM-TYPE"]
        assert found[0][1].startswith("the annotation of op says Literal[")
        assert 'but its default ">" is none of those values' in found[0][1]


def test_a_literal_holding_its_default_against_other_choices_stays_documents_as(
    tmp_path: Path,
) -> None:
    # the annotation admits its default, the documented choices do not: the docstring is
    # what contradicts the code
    for code in CHOICES.values():
        code = code.replace('= ">"', '= "<"').replace('Default: ">"', 'Default: "<"')
        found = _findings(tmp_path, code)
        assert [rule for rule, _ in found] == ["C2-PARAM-TYPE"]
        assert found[0][1].startswith('documents op as "{')


# --- a documented choice set sharing values with the annotated Literal, each side naming one
# the other lacks (round 41, xclim ``growing_season_end``, ``biologically_effective_degree_days``)


def _sharing(code: str) -> str:
    return code.replace(
        'Literal["<", "<=", "lt", "le"] = ">"', 'Literal[">", ">=", "lt", "le"] = ">"'
    )


def test_a_choice_set_sharing_values_with_the_literal_is_partial(tmp_path: Path) -> None:
    for code in CHOICES.values():
        code = _sharing(code)
        assert _findings(tmp_path, code) == []
        assert rule_ids(c2_param_partial, tmp_path, code, "days_over") == ["C2-PARAM-PARTIAL"]


def test_a_choice_set_sharing_no_value_with_the_literal_stays_reported(tmp_path: Path) -> None:
    # no value in common (and the default in both): a contradiction of every value
    for code in CHOICES.values():
        code = code.replace('Literal["<", "<=", "lt", "le"] = ">"', 'Literal["eq", "ne"] = "eq"')
        code = code.replace('{">", ">=", "gt", "ge"}', '{"gt", "ge"}').replace('">"', '"eq"')
        assert [rule for rule, _ in _findings(tmp_path, code)] == ["C2-PARAM-TYPE"]


# --- a set documented for a returned frozenset (round 44, metaflow ``MetaflowObject.tags``)

TAGS = {
    "numpy": '''
from typing import FrozenSet, Set


def tags(names: list) -> FrozenSet[str]:
    """The tags of the object.

    Returns
    -------
    Set[str]
        Tags associated with the object.
    """
    return frozenset(names)
''',
    "google": '''
from typing import FrozenSet, Set


def tags(names: list) -> FrozenSet[str]:
    """The tags of the object.

    Returns:
        Set[str]: Tags associated with the object.
    """
    return frozenset(names)
''',
    "rest": '''
from typing import FrozenSet, Set


def tags(names: list) -> FrozenSet[str]:
    """The tags of the object.

    :returns: Tags associated with the object.
    :rtype: Set[str]
    """
    return frozenset(names)
''',
}


def test_a_set_documented_for_a_returned_frozenset_is_weak(tmp_path: Path) -> None:
    for code in TAGS.values():
        assert _findings(tmp_path, code) == []
        assert rule_ids(c2_return_type_weak, tmp_path, code, "tags") == ["C2-RETURN-TYPE-WEAK"]


def test_a_frozenset_for_a_set_or_other_items_stay_reported(tmp_path: Path) -> None:
    for code in TAGS.values():
        # a frozenset promised (hashable) where a set comes back
        swapped = code.replace("Set[str]\n", "FrozenSet[str]\n")
        swapped = swapped.replace("Set[str]: Tags", "FrozenSet[str]: Tags")
        swapped = swapped.replace("-> FrozenSet[str]", "-> Set[str]").replace("frozenset(", "set(")
        assert [rule for rule, _ in _findings(tmp_path, swapped)] == ["C2-RETURN-TYPE"]
        # a set of other items
        other = code.replace("-> FrozenSet[str]", "-> FrozenSet[int]")
        assert [rule for rule, _ in _findings(tmp_path, other)] == ["C2-RETURN-TYPE"]


# --- a placeholder after the common start of a module's family of functions (round 41,
# stingray: "the results of ``stingray.fourier.avg_cs_from_XX`` functions")

FOURIER = '''
def avg_cs_from_events(events):
    """Average cross spectrum from events."""
    return events


def avg_cs_from_iterables(iterables):
    """Average cross spectrum from iterables."""
    return iterables
'''

FAMILY = {
    "numpy": '''
import pkg.fourier


def from_table(table):
    """Copy the columns of a result table.

    Parameters
    ----------
    table : dict
        The results of ``pkg.fourier.avg_cs_from_XX`` functions.
    """
    return pkg.fourier, table
''',
    "google": '''
import pkg.fourier


def from_table(table):
    """Copy the columns of a result table.

    Args:
        table (dict): The results of ``pkg.fourier.avg_cs_from_XX`` functions.
    """
    return pkg.fourier, table
''',
    "rest": '''
import pkg.fourier


def from_table(table):
    """Copy the columns of a result table.

    :param dict table: The results of ``pkg.fourier.avg_cs_from_XX`` functions.
    """
    return pkg.fourier, table
''',
}


def _family_rules(tmp_path: Path, fourier: str, code: str) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/fourier.py": fourier, "pkg/spectra.py": code}
    return sorted(f.rule for f in project_findings(tmp_path, files, "pkg/spectra.py"))


def test_a_placeholder_for_a_family_of_the_module_is_silent(tmp_path: Path) -> None:
    for style, code in FAMILY.items():
        assert _family_rules(tmp_path / style, FOURIER, code) == []


def test_a_placeholder_beside_one_name_or_none_stays_reported(tmp_path: Path) -> None:
    # one name of the family: the placeholder may be its stale spelling
    one = FOURIER.split("\n\n\ndef avg_cs_from_iterables")[0]
    # no name of the family at all
    other = FOURIER.replace("avg_cs_from_", "mean_cs_of_")
    for style, code in FAMILY.items():
        for n, fourier in enumerate((one, other)):
            found = _family_rules(tmp_path / f"{style}{n}", fourier, code)
            assert found == ["C1-NAME-UNRESOLVED"]


# --- a Yields entry documenting what one ``@overload`` yields (round 35, gwpy ``_iter_toc``:
# the (name, type) pairs of the default mode, ``Iterator[int]`` for ``count=True``)

OVERLOADED = {
    "numpy": """
    Yields
    ------
    name, type : str, str
        The channel name and type.
""",
    "google": """
    Yields:
        str, str: The channel name and type.
""",
    "rest": """
    :Yields: The channel name and type.
    :ytype: str, str
""",
}

OVERLOAD_CODE = '''
from typing import Iterator, Literal, overload


@overload
def iter_toc(path: str, count: Literal[True]) -> Iterator[int]: ...


@overload
def iter_toc(path: str, count: Literal[False]) -> Iterator[tuple[str, str]]: ...


def iter_toc(path: str, count: bool = False) -> Iterator[tuple[str, str] | int]:
    """Yield the name and type of each channel.
{yields}    """
    for name in path.split():
        yield 1 if count else (name, "adc")
'''


def test_yields_documented_for_one_overload_is_silent(tmp_path: Path) -> None:
    for style, yields in OVERLOADED.items():
        code = OVERLOAD_CODE.replace("{yields}", yields)
        assert _findings(tmp_path / style, code) == [], style


def test_yields_documented_for_no_overload_stays_reported(tmp_path: Path) -> None:
    for style, yields in OVERLOADED.items():
        code = OVERLOAD_CODE.replace("{yields}", yields.replace("str, str", "bytes, bytes"))
        found = _findings(tmp_path / style, code)
        assert [rule for rule, _ in found] == ["C2-YIELD-TYPE"], style


# --- a summary saying the function builds a dictionary or a string, over ``-> str``/``-> bytes``
# (round 33 fpdf2 ``get_resource_dictionary``, round 30 dulwich ``capability_agent``, round 22
# pylint ``_build_suggestion``): the text of what it builds

MADE = {
    "numpy": '''
def resource_dictionary(ids: list) -> str:
    """Build the resource dictionary for this mask.

    Parameters
    ----------
    ids : list
        The pattern ids.
    """
    return "<<" + " ".join(ids) + ">>"
''',
    "google": '''
def resource_dictionary(ids: list) -> str:
    """Build the resource dictionary for this mask.

    Args:
        ids (list): The pattern ids.
    """
    return "<<" + " ".join(ids) + ">>"
''',
    "rest": '''
def resource_dictionary(ids: list) -> str:
    """Build the resource dictionary for this mask.

    :param list ids: The pattern ids.
    """
    return "<<" + " ".join(ids) + ">>"
''',
}


def test_a_dictionary_built_as_text_is_weak(tmp_path: Path) -> None:
    for style, code in MADE.items():
        assert _findings(tmp_path / style, code) == [], style
        bytes_code = code.replace("-> str", "-> bytes").replace(
            "the resource dictionary", "the agent string"
        )
        bytes_code = bytes_code.replace('return "<<"', 'return b"<<"')
        assert _findings(tmp_path / f"{style}b", bytes_code) == [], style
        assert rule_ids(
            c2_prose_return_weak, tmp_path / f"{style}w", code, "resource_dictionary"
        ) == ["C2-PROSE-RETURN-WEAK"]


def test_a_dictionary_returned_or_built_as_a_list_stays_reported(tmp_path: Path) -> None:
    for style, code in MADE.items():
        # "Return the ... dictionary" over ``-> str``: a return claim, not the text of a build
        returned = code.replace("Build the resource", "Return the resource")
        assert [r for r, _ in _findings(tmp_path / style, returned)] == ["C2-PROSE-RETURN-TYPE"]
        # built as another container: "Build the resource dictionary" over ``-> list``
        listed = code.replace("-> str", "-> list").replace(
            'return "<<" + " ".join(ids) + ">>"', "return list(ids)"
        )
        found = [r for r, _ in _findings(tmp_path / f"{style}l", listed)]
        assert found == ["C2-PROSE-RETURN-TYPE"], style


# --- a member the documented function sets under a computed name (round 44, metaflow's
# ``ArtifactSerializer.lazy_import``: "``lazy_import("torch.nn.functional")`` ->
# ``cls.functional``")

LAZY = {
    "numpy": """Import a module and stash it on the class.

        The alias defaults to the leaf of the path (``lazy_import("torch.nn.functional")``
        -> ``cls.functional``).

        Parameters
        ----------
        path : str
            The module path.
        """,
    "google": """Import a module and stash it on the class.

        The alias defaults to the leaf of the path (``lazy_import("torch.nn.functional")``
        -> ``cls.functional``).

        Args:
            path (str): The module path.
        """,
    "rest": """Import a module and stash it on the class.

        The alias defaults to the leaf of the path (``lazy_import("torch.nn.functional")``
        -> ``cls.functional``).

        :param str path: The module path.
        """,
}

LAZY_CODE = '''
import importlib


class Serializer:
    """Serialises artifacts."""

    @classmethod
    def lazy_import(cls, path):
        """{doc}"""
        name = path.rsplit(".", 1)[-1]
        module = importlib.import_module(path)
        setattr(cls, name, module)
        return module
'''


def test_a_member_set_under_a_computed_name_is_silent(tmp_path: Path) -> None:
    for style, doc in LAZY.items():
        code = LAZY_CODE.replace("{doc}", doc)
        assert _findings(tmp_path / style, code) == [], style


def test_a_member_set_under_another_literal_name_stays_reported(tmp_path: Path) -> None:
    for style, doc in LAZY.items():
        code = LAZY_CODE.replace("{doc}", doc)
        literal = code.replace("setattr(cls, name, module)", 'setattr(cls, "torch", module)')
        assert [r for r, _ in _findings(tmp_path / style, literal)] == ["C1-NAME-UNRESOLVED"]
        unset = code.replace("setattr(cls, name, module)", "print(name)")
        assert [r for r, _ in _findings(tmp_path / f"{style}u", unset)] == ["C1-NAME-UNRESOLVED"]
