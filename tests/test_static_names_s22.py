"""The C1 name rules, session 22 (issue 12): names a docstring uses that are not stale code --
an operation a called wrapper hands to another library, the name a sentence gives the caller's
data, the maths' counts and lettered subscripts, an attribute other code names by a string, a
docstring that is all code -- each fix beside a control that stays reported, in NumPy, Google
and reST form.  From public round 42's fresh first pass (torch_geometric, featuretools) and
rounds 20-40's first-pass rows still firing (fipy, pybamm, gwpy, thermo: round 35)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.graph.code_names import files_using

from tests.static_helpers import indexed_project, project_findings

_RULES = ("C1-NAME-UNRESOLVED", "C1-XREF-UNRESOLVED", "C1-PROSE-NAME-STALE")


def _flagged(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    """(rule, name) of the name rules' findings on ``code`` as ``pkg/mod.py``."""
    findings = project_findings(tmp_path, {"pkg/__init__.py": "", "pkg/mod.py": code}, "pkg/mod.py")
    return [(f.rule, f.message.split("`")[1]) for f in findings if f.rule in _RULES]


# ---- an operation a called wrapper hands to another library (torch_geometric, round 42) ------

WRAPPER = """
from torch.distributed import rpc


def _all_gather(obj):
    return [obj]


def global_all_gather(obj, timeout=None):
    \"\"\"Gathers objects from all groups in a list.\"\"\"
    return {delegate}(obj)


def partition_to_workers(ctx, num_partitions):
    {docstring}
    {body}
"""

DOCSTRINGS = {
    "numpy": '''"""Performs an {mention} to get the mapping between partition and workers.

    Parameters
    ----------
    ctx : object
        The context.
    num_partitions : int
        The number of partitions.
    """''',
    "google": '''"""Performs an {mention} to get the mapping between partition and workers.

    Args:
        ctx (object): The context.
        num_partitions (int): The number of partitions.
    """''',
    "rest": '''"""Performs an {mention} to get the mapping between partition and workers.

    :param ctx: The context.
    :param num_partitions: The number of partitions.
    """''',
}
_CALLS = "return global_all_gather((ctx, num_partitions))"


def _wrapper(style: str, mention: str, delegate: str, body: str = _CALLS) -> str:
    docstring = DOCSTRINGS[style].format(mention=mention)
    return WRAPPER.format(delegate=delegate, docstring=docstring, body=body)


@pytest.mark.parametrize("style", sorted(DOCSTRINGS))
@pytest.mark.parametrize("mention", [":obj:`all_gather`", ":func:`all_gather`"])
@pytest.mark.parametrize("delegate", ["rpc.api._all_gather", "rpc._all_gather"])
def test_an_operation_the_called_wrapper_hands_to_a_library_is_that_librarys(
    tmp_path: Path, style: str, mention: str, delegate: str
) -> None:
    assert _flagged(tmp_path, _wrapper(style, mention, delegate)) == []


@pytest.mark.parametrize("style", sorted(DOCSTRINGS))
@pytest.mark.parametrize(
    ("delegate", "body"),
    [
        # the wrapper calls this project's own function: a renamed name of this code
        ("_all_gather", _CALLS),
        # the documented function does not call the wrapper
        ("rpc.api._all_gather", "return [(ctx, num_partitions)]"),
    ],
)
def test_a_wrapper_of_this_code_or_not_called_stays_reported(
    tmp_path: Path, style: str, delegate: str, body: str
) -> None:
    flagged = _flagged(tmp_path, _wrapper(style, ":obj:`all_gather`", delegate, body))
    assert flagged == [("C1-XREF-UNRESOLVED", "all_gather")]


# ---- the name a sentence gives the caller's data (featuretools, round 42) --------------------

COLUMNS = {
    "numpy": '''
def dfs(dataframes, instance_ids=None, cutoff_time=None):
    """Run deep feature synthesis.

    Parameters
    ----------
    dataframes : dict
        The dataframes.
    instance_ids : list, optional
        The instances to compute features for.
    cutoff_time : DataFrame, optional
        If a DataFrame is passed the instance ids must be in {phrase}.
    """
    return dataframes, instance_ids, cutoff_time
''',
    "google": '''
def dfs(dataframes, instance_ids=None, cutoff_time=None):
    """Run deep feature synthesis.

    Args:
        dataframes (dict): The dataframes.
        instance_ids (list, optional): The instances to compute features for.
        cutoff_time (DataFrame, optional): If a DataFrame is passed the instance ids must
            be in {phrase}.
    """
    return dataframes, instance_ids, cutoff_time
''',
    "rest": '''
def dfs(dataframes, instance_ids=None, cutoff_time=None):
    """Run deep feature synthesis.

    :param dataframes: The dataframes.
    :param instance_ids: The instances to compute features for.
    :param cutoff_time: If a DataFrame is passed the instance ids must be in {phrase}.
    """
    return dataframes, instance_ids, cutoff_time
''',
}


@pytest.mark.parametrize("style", sorted(COLUMNS))
@pytest.mark.parametrize(
    "phrase", ["a column named `instance_id`", "the key called ``instance_id``"]
)
def test_a_name_given_to_the_callers_data_is_no_code_name(
    tmp_path: Path, style: str, phrase: str
) -> None:
    assert _flagged(tmp_path, COLUMNS[style].format(phrase=phrase)) == []


@pytest.mark.parametrize("style", sorted(COLUMNS))
@pytest.mark.parametrize(
    "phrase", ["the parameter named `instance_id`", "the column `instance_id` names"]
)
def test_a_parameter_named_or_no_naming_verb_stays_reported(
    tmp_path: Path, style: str, phrase: str
) -> None:
    flagged = _flagged(tmp_path, COLUMNS[style].format(phrase=phrase))
    assert flagged == [("C1-NAME-UNRESOLVED", "instance_id")]


# ---- the maths' counts and subscripts (fipy, pybamm: round 35) --------------------------------

INTERPOLATE = {
    "numpy": '''
def interpolate(points=None, order=0):
    """Interpolate to a set of points, in memory of the order of {phrase}.

    Parameters
    ----------
    points : list, optional
        Where to interpolate.
    order : int
        The order.
    """
    return points, order
''',
    "google": '''
def interpolate(points=None, order=0):
    """Interpolate to a set of points, in memory of the order of {phrase}.

    Args:
        points (list, optional): Where to interpolate.
        order (int): The order.
    """
    return points, order
''',
    "rest": '''
def interpolate(points=None, order=0):
    """Interpolate to a set of points, in memory of the order of {phrase}.

    :param points: Where to interpolate.
    :param order: The order.
    """
    return points, order
''',
}


@pytest.mark.parametrize("style", sorted(INTERPOLATE))
@pytest.mark.parametrize("phrase", ["`Ncells` by `Npoints`", "``Npoints``"])
def test_a_capital_count_prefix_counts_the_collection(
    tmp_path: Path, style: str, phrase: str
) -> None:
    assert _flagged(tmp_path, INTERPOLATE[style].format(phrase=phrase)) == []


@pytest.mark.parametrize("style", sorted(INTERPOLATE))
@pytest.mark.parametrize("phrase", ["`Mpoints`", "``Kpoints``"])
def test_another_capital_prefix_stays_reported(tmp_path: Path, style: str, phrase: str) -> None:
    assert len(_flagged(tmp_path, INTERPOLATE[style].format(phrase=phrase))) == 1


SUBMESHES = {
    "numpy": '''
class FiniteVolume:
    def __init__(self, mesh):
        self.mesh = mesh

    def couple(self, disc, outer_bcs=None):
        """Couple the children of the discretisation's mesh.

        For each child ``T_a`` on submesh {first}, pass the boundary conditions {second}.

        Parameters
        ----------
        disc : Discretisation
            The discretisation.
        outer_bcs : dict, optional
            The outer boundary conditions.
        """
        return self.mesh[disc], outer_bcs
''',
    "google": '''
class FiniteVolume:
    def __init__(self, mesh):
        self.mesh = mesh

    def couple(self, disc, outer_bcs=None):
        """Couple the children of the discretisation's mesh.

        For each child ``T_a`` on submesh {first}, pass the boundary conditions {second}.

        Args:
            disc (Discretisation): The discretisation.
            outer_bcs (dict, optional): The outer boundary conditions.
        """
        return self.mesh[disc], outer_bcs
''',
    "rest": '''
class FiniteVolume:
    def __init__(self, mesh):
        self.mesh = mesh

    def couple(self, disc, outer_bcs=None):
        """Couple the children of the discretisation's mesh.

        For each child ``T_a`` on submesh {first}, pass the boundary conditions {second}.

        :param disc: The discretisation.
        :param outer_bcs: The outer boundary conditions.
        """
        return self.mesh[disc], outer_bcs
''',
}


@pytest.mark.parametrize("style", sorted(SUBMESHES))
def test_a_series_of_lettered_subscripts_is_notation(tmp_path: Path, style: str) -> None:
    code = SUBMESHES[style].format(first="``mesh_a``", second="across ``mesh_a`` <-> ``mesh_b``")
    assert _flagged(tmp_path, code) == []


@pytest.mark.parametrize("style", sorted(SUBMESHES))
@pytest.mark.parametrize(
    "second",
    [
        "to the children",  # one lettered name alone: maybe a renamed one
        "across ``mesh_a`` and ``mesh_ab``",  # no other single letter
    ],
)
def test_a_lettered_name_alone_stays_reported(tmp_path: Path, style: str, second: str) -> None:
    flagged = _flagged(tmp_path, SUBMESHES[style].format(first="``mesh_a``", second=second))
    assert ("C1-NAME-UNRESOLVED", "mesh_a") in flagged


# ---- an attribute other code reads by a string (gwpy, round 35) -------------------------------

WRITE = {
    "numpy": '''
def write(series, target, type=None):
    """Write the series.

    Parameters
    ----------
    series : dict
        The data.
    target : str
        Where to write.
    type : str, optional
        The channel type; 'proc' unless stored in the ``_ctype`` attribute of the channel.
    """
    return series, target, type
''',
    "google": '''
def write(series, target, type=None):
    """Write the series.

    Args:
        series (dict): The data.
        target (str): Where to write.
        type (str, optional): The channel type; 'proc' unless stored in the ``_ctype``
            attribute of the channel.
    """
    return series, target, type
''',
    "rest": '''
def write(series, target, type=None):
    """Write the series.

    :param series: The data.
    :param target: Where to write.
    :param type: The channel type; 'proc' unless stored in the ``_ctype`` attribute of the
        channel.
    """
    return series, target, type
''',
}


def _write_flagged(tmp_path: Path, style: str, backend: str) -> list[tuple[str, str]]:
    files = {"pkg/__init__.py": "", "pkg/core.py": WRITE[style], "pkg/backend.py": backend}
    findings = project_findings(tmp_path, files, "pkg/core.py")
    return [(f.rule, f.message.split("`")[1]) for f in findings if f.rule in _RULES]


@pytest.mark.parametrize("style", sorted(WRITE))
@pytest.mark.parametrize(
    "backend",
    [
        'def frame(series):\n    return getattr(series.channel, "_ctype", "proc").lower()\n',
        "def mark(channel):\n    setattr(channel, '_ctype', 'adc')\n",
        'def known(channel):\n    return hasattr(channel, "_ctype")\n',
    ],
)
def test_an_attribute_other_code_names_by_a_string_is_code(
    tmp_path: Path, style: str, backend: str
) -> None:
    assert _write_flagged(tmp_path, style, backend) == []


@pytest.mark.parametrize("style", sorted(WRITE))
@pytest.mark.parametrize(
    "backend",
    [
        # the string is a value, not an attribute named
        'def frame(series):\n    return {"_ctype": series}\n',
        # another attribute read by name
        'def frame(series):\n    return getattr(series.channel, "_kind", "proc")\n',
    ],
)
def test_the_string_as_a_value_or_another_attribute_stays_reported(
    tmp_path: Path, style: str, backend: str
) -> None:
    assert _write_flagged(tmp_path, style, backend) == [("C1-NAME-UNRESOLVED", "_ctype")]


def test_the_table_of_attributes_named_by_a_string_follows_an_edit(tmp_path: Path) -> None:
    # the graph's identifier table (CLI, editor and cold workers alike): an edit that adds
    # or removes the getattr is seen without re-indexing the project
    files = {"pkg/__init__.py": "", "pkg/backend.py": "def frame(series):\n    return series\n"}
    graph = indexed_project(tmp_path, files)
    assert files_using(graph, "_ctype") == []
    path = str(tmp_path / "proj" / "pkg" / "backend.py")
    graph.update(path, 'def frame(series):\n    return getattr(series, "_ctype", None)\n')
    assert files_using(graph, "_ctype") == ["pkg/backend.py"]
    graph.update(path, 'def frame(series):\n    return "_ctype"\n')
    assert files_using(graph, "_ctype") == []


# ---- a docstring that is all code (thermo's sympy derivations, round 35) ----------------------

POYNTING = '''
class GibbsExcess:
    def __init__(self, Psats):
        self.Psats = Psats

    def dPoyntings_dP(self):
        """{docstring}
        """
        return [p * 2.0 for p in self.Psats]
'''

SNIPPETS = [
    # the derivation the body was generated from
    "from sympy import *\n        R, T, P = symbols('R, T, P')\n"
    "        cse(diff(exp(P - Psati(T)), P), optimizations='basic')",
    "import sympy\n        T = sympy.Symbol('T')\n        sympy.diff(Psati(T), T)",
]


@pytest.mark.parametrize("docstring", SNIPPETS)
def test_a_docstring_that_is_all_code_names_the_snippets_names(
    tmp_path: Path, docstring: str
) -> None:
    assert _flagged(tmp_path, POYNTING.format(docstring=docstring)) == []


@pytest.mark.parametrize(
    "docstring",
    [
        # a code line, then prose: not all code
        "from sympy import *\n        The derivative uses Psati(T) for each component.",
        # prose first
        "Derivative of the Poynting factors.\n        cse(diff(exp(P - Psati(T)), P))",
        # NumPy form: prose with a section
        "Derivative of the Poynting factors, from Psati(T).\n\n        Returns\n        -------\n"
        "        list\n            The derivatives.",
    ],
)
def test_code_among_prose_stays_reported(tmp_path: Path, docstring: str) -> None:
    assert _flagged(tmp_path, POYNTING.format(docstring=docstring)) == [
        ("C1-NAME-UNRESOLVED", "Psati")
    ]


# ---- a placeholder after a name in scope (obspy, round 24) -----------------------------------

READERS = {
    "numpy": '''
def read_inventory(path, fmt=None, **kwargs):
    """Read an inventory.

    Additional args and kwargs are passed on to the underlying {mention} methods.

    Parameters
    ----------
    path : str
        The file.
    fmt : str, optional
        Its format.
    """
    return _read(path, fmt, **kwargs)


def _read(path, fmt=None, **kwargs):
    return path, fmt, kwargs
''',
    "google": '''
def read_inventory(path, fmt=None, **kwargs):
    """Read an inventory.

    Additional args and kwargs are passed on to the underlying {mention} methods.

    Args:
        path (str): The file.
        fmt (str, optional): Its format.
    """
    return _read(path, fmt, **kwargs)


def _read(path, fmt=None, **kwargs):
    return path, fmt, kwargs
''',
    "rest": '''
def read_inventory(path, fmt=None, **kwargs):
    """Read an inventory.

    Additional args and kwargs are passed on to the underlying {mention} methods.

    :param path: The file.
    :param fmt: Its format.
    """
    return _read(path, fmt, **kwargs)


def _read(path, fmt=None, **kwargs):
    return path, fmt, kwargs
''',
}


@pytest.mark.parametrize("style", sorted(READERS))
@pytest.mark.parametrize("mention", ["``_read_X()``", "``_read_XXX()``"])
def test_a_placeholder_after_a_name_in_scope_names_a_family(
    tmp_path: Path, style: str, mention: str
) -> None:
    assert _flagged(tmp_path, READERS[style].format(mention=mention)) == []


@pytest.mark.parametrize("style", sorted(READERS))
@pytest.mark.parametrize("mention", ["``_read_Y()``", "``_read_XY()``"])
def test_another_letter_after_it_stays_reported(tmp_path: Path, style: str, mention: str) -> None:
    assert len(_flagged(tmp_path, READERS[style].format(mention=mention))) == 1
