"""Static rules: mechanism gaps behind round 48's false alarms (session 23's public tuning
round: sagemaker, azure-cosmos), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.returns_raises import c3_returns_without_value
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import flagged, project_input

_EXAMPLE_LINE = {
    "google": '''
def f({params}):
    """Check the versions.

    Args:
        py_version (str): the python version selected.
        {line}
        distribution (dict): what to distribute.
    """
    return {params}
''',
    "numpy": '''
def f({params}):
    """Check the versions.

    Parameters
    ----------
    py_version : str
        the python version selected.
    {line}
    distribution : dict
        what to distribute.
    """
    return {params}
''',
    "rest": '''
def f({params}):
    """Check the versions.

    :param str py_version: the python version selected.
    {line}
    :param dict distribution: what to distribute.
    """
    return {params}
''',
}


_STALE = {
    "google": "version: `py38, py39, py310`",
    "numpy": "version : str\n        `py38, py39, py310`",
    "rest": ":param version: `py38, py39, py310`",
}


@pytest.mark.parametrize("style", sorted(_EXAMPLE_LINE))
@pytest.mark.parametrize(
    ("label", "params", "expected"),
    [
        ("Ex", "py_version, distribution", []),
        ("Eg", "py_version, distribution", []),
        ("E.g.", "py_version, distribution", []),
        ("Ex", "py_version, distribution, Ex", []),
        ("", "py_version, distribution", ["version"]),
    ],
    ids=["ex", "eg", "e.g.", "control-a-parameter-named-Ex", "control-stale-entry"],
)
def test_an_example_label_at_the_entries_indent_is_no_entry(
    tmp_path: Path, style: str, label: str, params: str, expected: list[str]
) -> None:
    # round 48 (sagemaker ``fw_utils.validate_distribution`` and five more, 3 FALSE sampled):
    # ``Ex: `py38, py39` `` written at the entries' indent under ``py_version`` is that
    # entry's example, not a parameter named "Ex".  An untyped Google entry named by an
    # example abbreviation is no parameter entry; a parameter of that name is documented by
    # it, and a stale entry of another name (Google ``version: the version``) stays
    # reported.  NumPy and reST never read the label line as an entry (controls of the parse).
    line = f"{label}: `py38, py39, py310`" if label else _STALE[style]
    code = _EXAMPLE_LINE[style].format(line=line, params=params)
    found = flagged(c1_param_unknown, tmp_path, code)
    assert [f.message.split('"')[1] for f in found] == expected, [f.message for f in found]


_MERGE = {
    "google": '"""Merge the values in place.\n\n    Returns:\n        {text}\n    """',
    "numpy": '"""Merge the values in place.\n\n    Returns\n    -------\n    {text}\n    """',
    "rest": '"""Merge the values in place.\n\n    :returns: {text}\n    """',
}


@pytest.mark.parametrize("style", sorted(_MERGE))
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("No output. In place merge happens.", 0),
        ("no output", 0),
        ("The merged output.", 1),
        ("Output of the merge, a dict.", 1),
    ],
    ids=["no-output", "no-output-lower", "control-the-output", "control-output-of"],
)
def test_returns_saying_no_output_documents_no_value(
    tmp_path: Path, style: str, text: str, expected: int
) -> None:
    # round 48 (sagemaker ``update_list_of_dicts_with_values_from_config``, 1 FALSE):
    # ``Returns: No output. In place merge happens.`` says nothing is returned, as "No return
    # value." does.  A Returns text naming an output stays reported on a function that
    # returns nothing.
    doc = _MERGE[style].format(text=text)
    code = f"def merge(values, config):\n    {doc}\n    values.update(config)\n"
    found = flagged(c3_returns_without_value, tmp_path, code, "merge")
    assert len(found) == expected, [f.message for f in found]


_PREDICTOR = '''
"""What predictors serve."""
from shop.serializers import CSVSerializer


def predict(data):
    """Predict on the data."""
    return data
'''
_SERIALIZERS = '''
"""Serializers of version 2."""


class CSVSerializer:
    """Writes CSV."""


class JSONSerializer:
    """Writes JSON."""
'''
_UPGRADE = {
    "google": '''
"""Rewrite version-1 code."""

OLD_NAMES = {{"_CsvSerializer", "_JsonSerializer", "CSVSerializer"}}


def should_rename(node):
    """Check if the node uses a version-1 serializer.

    This looks for the following names:

    - ``{first}``
    - ``{second}``

    Args:
        node (ast.Name): the node to look at.

    Returns:
        bool: whether the node names one of them.
    """
    return node.id in OLD_NAMES
''',
    "numpy": '''
"""Rewrite version-1 code."""

OLD_NAMES = {{"_CsvSerializer", "_JsonSerializer", "CSVSerializer"}}


def should_rename(node):
    """Check if the node uses a version-1 serializer.

    This looks for ``{first}`` and ``{second}``.

    Parameters
    ----------
    node : ast.Name
        the node to look at.
    """
    return node.id in OLD_NAMES
''',
    "rest": '''
"""Rewrite version-1 code."""

OLD_NAMES = {{"_CsvSerializer", "_JsonSerializer", "CSVSerializer"}}


def should_rename(node):
    """Check if the node uses a version-1 serializer.

    This looks for :class:`{first}` and :class:`{second}`.

    :param ast.Name node: the node to look at.
    """
    return node.id in OLD_NAMES
''',
}


@pytest.mark.parametrize("style", sorted(_UPGRADE))
@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("shop.predictor._CsvSerializer", "shop.predictor._JsonSerializer", []),
        ("shop.serializers.CSVSerializer", "shop.serializers._JsonSerializer", ["_JsonSerializer"]),
        (
            "shop.predictor._CsvSerializer",
            "shop.predictor._XmlSerializer",
            ["_CsvSerializer", "_XmlSerializer"],
        ),
        ("shop.predictor._CsvSerializer", "shop.serializers.JSONSerializer", ["_CsvSerializer"]),
    ],
    ids=[
        "removed-names-it-searches-for",
        "control-a-typo-beside-names-that-resolve",
        "control-one-name-in-no-string",
        "control-one-missing-name-of-its-module",
    ],
)
def test_names_a_migration_tool_searches_for_are_its_strings(
    tmp_path: Path, style: str, first: str, second: str, expected: list[str]
) -> None:
    # round 48 (sagemaker's v2 upgrade tool ``cli/compatibility/v2/modifiers/serde.py``, 10
    # FALSE sampled, 15 in the population): "This looks for the following calls:
    # ``sagemaker.predictor._CsvSerializer``, ..." lists the version-1 names the tool finds in
    # user code -- names its module no longer has, each one of the tool's own string
    # constants.  Two or more names of one module, none of which it has, each a string of the
    # file: names the code searches for, not references.  A misspelt name beside names of its
    # module that resolve (the tool's list of the new names: ``_JsonSerializer`` in
    # ``serializers``, judged TRUE), a name no string of the file holds, and a lone missing
    # name of its module stay reported.
    code = _UPGRADE[style].format(first=first, second=second)
    files = {
        "shop/__init__.py": "",
        "shop/predictor.py": _PREDICTOR,
        "shop/serializers.py": _SERIALIZERS,
        "shop/upgrade.py": code,
    }
    inp = project_input(tmp_path, files, "shop/upgrade.py", "should_rename")
    found = c1_name_unresolved(inp) + c1_xref_unresolved(inp)  # reST's roles: cross-references
    missing = [f.message.split("`")[1].rsplit(".", 1)[-1] for f in found]
    assert missing == expected, [f.message for f in found]


_SCALING = {
    "google": "Args:\n        scaling ({doc}): the scaling options.",
    "numpy": "Parameters\n    ----------\n    scaling : {doc}\n        the scaling options.",
    "rest": ":param scaling: the scaling options.\n    :type scaling: {doc}",
}
_DEPLOY = '''
from typing import Optional


def deploy(count: int, scaling: Optional[str] = None):
    """Deploy the model.

    {entry}
    """
    config = {{}}
    if scaling:
        {read}
    return count, config
'''


@pytest.mark.parametrize("style", sorted(_SCALING))
@pytest.mark.parametrize(
    ("doc", "read", "expected"),
    [
        ("Optional[Dict]", 'config["Max"] = scaling["MaxInstanceCount"]', 0),
        ("dict", 'config["Max"] = scaling.get("MaxInstanceCount")', 0),
        ("Optional[Dict]", 'config["Status"] = "MaxInstanceCount" in scaling', 1),
        ("Optional[Dict]", 'config["Mode"] = scaling[0]', 1),
        ("int", 'config["Max"] = scaling["MaxInstanceCount"]', 1),
    ],
    ids=[
        "read-by-key",
        "read-by-get",
        "control-substring-test",
        "control-index",
        "control-not-a-mapping-documented",
    ],
)
def test_a_mapping_the_body_reads_by_key_is_no_str_parameter(
    tmp_path: Path, style: str, doc: str, read: str, expected: int
) -> None:
    # round 48 (sagemaker ``Model.deploy``, 1 DEB; ``JumpStartModel.deploy`` passes it on
    # and stays): ``managed_instance_scaling (Optional[Dict])`` for ``Optional[str]``, the
    # body reading ``managed_instance_scaling["MaxInstanceCount"]`` -- a string has no string
    # keys, the annotation is the side to fix.  A substring test (``"x" in s``) and an integer
    # index are what a string answers too, and another documented kind stays reported.
    entry = _SCALING[style].format(doc=doc)
    code = _DEPLOY.format(entry=entry, read=read)
    found = flagged(c2_param_type, tmp_path, code, "deploy")
    assert len(found) == expected, [f.message for f in found]
