"""benchmarks/drift.py's miner on a small git history built here: a commit that fixes a stale
docstring and nothing else is a fix; a commit that renames the parameter together with its
docstring, or only rewords, is not."""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from tests.helpers import benchmark_module

drift = benchmark_module("drift")

_STALE = '''
def scale(values, factor=2):
    """Scale the values.

    :param vals: the numbers to scale.
    :param factor: the multiplier.
    """
    return [v * factor for v in values]
'''

_FIXED = _STALE.replace(":param vals:", ":param values:")
_REWORDED = _FIXED.replace("the numbers to scale.", "the numbers scaled.")
_RENAMED_WITH_DOC = _REWORDED.replace("values", "items")


def _git(repo: Path, *args: str) -> str:
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
        "HOME": str(repo),
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout


def _history(tmp_path: Path, versions: list[str]) -> Path:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    _git(repo, "init", "-q")
    for n, text in enumerate(versions):
        (repo / "pkg" / "mod.py").write_text(text)
        (repo / "pkg" / "__init__.py").write_text("")
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", f"version {n}")
    return repo


def _mine(tmp_path: Path, repo: Path) -> list[dict[str, object]]:
    out = tmp_path / "fixes.json"
    args = argparse.Namespace(
        gitdir=str(repo / ".git"), pkg="pkg", max_commits=100, grep="", out=str(out)
    )
    drift.cmd_mine(args)
    return list(json.loads(out.read_text())["fixes"])


def test_a_docstring_only_fix_of_a_stale_parameter_name_is_mined(tmp_path: Path) -> None:
    repo = _history(tmp_path, [_STALE, _FIXED])
    fixes = _mine(tmp_path, repo)
    assert [(f["kind"], f["old"], f["new"], f["qualname"]) for f in fixes] == [
        ("name", "vals", "values", "scale")
    ]
    fix = fixes[0]
    head = _git(repo, "rev-parse", "HEAD").strip()
    assert fix["commit"] == head and fix["path"] == "pkg/mod.py"
    # the parent's line naming the old word; the fix's lines naming the new one (the summary
    # "Scale the values." too: a finding left there after the fix counts as a false alarm)
    assert fix["target_lines"] == [5] and fix["fixed_lines"] == [3, 5]


def test_a_rewording_or_a_rename_with_its_docstring_is_no_fix(tmp_path: Path) -> None:
    # control: the first commit (no parent) and a commit changing the code with the docstring
    # are not docstring-only fixes; a rewording removes no name the code lacks
    repo = _history(tmp_path, [_FIXED, _REWORDED, _RENAMED_WITH_DOC])
    assert _mine(tmp_path, repo) == []


def test_a_file_added_or_deleted_by_a_commit_is_passed_over(tmp_path: Path) -> None:
    repo = _history(tmp_path, [_STALE])
    (repo / "pkg" / "other.py").write_text(_FIXED)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "add")
    (repo / "pkg" / "other.py").unlink()
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "delete")
    assert _mine(tmp_path, repo) == []


_CALLER = '''
def check(degrees):
    """Check the degrees.

    Each value must be even (a convention of :func:`{name}`).

    :param degrees: the degrees.
    """
    return all(d % 2 == 0 for d in degrees)


def {name}(degrees):
    """Build the graph."""
    return degrees
'''

_SEE = '''
def graph(n, create_using=None):
    """The graph.

    {entry}
    """
    return n
'''


def test_a_name_the_parent_still_defined_is_no_drift(tmp_path: Path) -> None:
    # the function was renamed in the fixing commit itself, and another function's docstring
    # followed: at the parent the docstring named a function that existed
    renamed = _CALLER.format(name="build")
    repo = _history(tmp_path, [_CALLER.format(name="joint_model"), renamed])
    assert _mine(tmp_path, repo) == []


def test_a_name_the_parent_lacked_is_drift(tmp_path: Path) -> None:
    # control: the docstring named a function the parent no longer had
    stale = _CALLER.format(name="build").replace(":func:`build`", ":func:`joint_model`")
    repo = _history(tmp_path, [stale, _CALLER.format(name="build")])
    fixes = _mine(tmp_path, repo)
    assert [(f["kind"], f["old"], f["new"]) for f in fixes] == [("helper", "joint_model", "build")]


def test_a_capitalised_word_read_as_an_entry_is_no_drift(tmp_path: Path) -> None:
    # ``See: arXiv...`` matches the entry pattern; replaced by a real entry it is no rename
    before = _SEE.format(entry="See: arXiv:0112143.")
    after = _SEE.format(entry="create_using : Graph, optional\n        The graph type.")
    assert _mine(tmp_path, _history(tmp_path, [before, after])) == []


def test_a_sphinx_label_replaced_by_a_parameter_is_no_drift(tmp_path: Path) -> None:
    # ``:ref:`connections_toplevel``` names a section of the docs, not code: rewording it
    # to name the parameter is no rename (sqlalchemy ``Session.execute``)
    before = _SEE.format(entry="See :ref:`graph_toplevel` for the options.")
    after = _SEE.format(entry="See ``create_using`` for the options.")
    assert _mine(tmp_path, _history(tmp_path, [before, after])) == []
    # control: a code-marked stale name replaced the same way stays a fix
    stale = _SEE.format(entry="See `create_use` for the options.")
    fixes = _mine(tmp_path, _history(tmp_path / "b", [stale, after]))
    assert [(f["old"], f["new"]) for f in fixes] == [("create_use", "create_using")]


_SECTIONS = '''
def fit(data, maxiter=10):
    """Fit the model.

    Parameters
    {rule}
    data : ndarray
        The observations.
    {param}

    Returns
    -------
    {ret}
    """
    return [maxiter]


def _best():
    return 1
'''


def _sections(param: str = "maxiter : int", ret: str = "int\n        The order.") -> str:
    return _SECTIONS.format(rule="----------", param=param, ret=ret)


def test_a_returned_value_renamed_in_returns_is_no_drift(tmp_path: Path) -> None:
    # statsmodels ``AR.select_order``: ``bestlag : int`` under Returns names the value, which
    # no code defines; rewriting it as ``int`` while ``maxiter`` gains an entry is no rename
    before = _sections(param="", ret="bestlag : int\n        The order.")
    assert _mine(tmp_path, _history(tmp_path, [before, _sections()])) == []


def test_a_stale_parameter_entry_beside_returns_is_drift(tmp_path: Path) -> None:
    # control: the same rewrite of a Parameters entry is a fix, also under a reST ``=====``
    # rule (sympy) instead of NumPy's dashes
    stale = _sections(param="niter : int")
    fixes = _mine(tmp_path, _history(tmp_path, [stale, _sections()]))
    assert [(f["kind"], f["old"], f["new"]) for f in fixes] == [("name", "niter", "maxiter")]
    eq = _SECTIONS.format(rule="==========", param="niter : int", ret="int")
    fixed = eq.replace("niter : int", "maxiter : int")
    fixes = _mine(tmp_path / "b", _history(tmp_path / "b", [eq, fixed]))
    assert [(f["old"], f["new"]) for f in fixes] == [("niter", "maxiter")]


def test_a_word_and_colon_outside_the_parameters_is_no_entry(tmp_path: Path) -> None:
    # dask ``histogram`` "with the following\n exceptions:" and sympy's ``sage: gaunt(...)``
    # example lines match the Google entry pattern; outside an Args section they are prose
    before = _SEE.format(entry="Follows numpy with the following\n    exceptions:\n    - none.")
    after = _SEE.format(entry="Args:\n        create_using: the graph type.")
    assert _mine(tmp_path, _history(tmp_path, [before, after])) == []
    # control: the same word in an Args section is a stale entry
    stale = _SEE.format(entry="Args:\n        create_use: the graph type.")
    fixes = _mine(tmp_path / "b", _history(tmp_path / "b", [stale, after]))
    assert [(f["old"], f["new"]) for f in fixes] == [("create_use", "create_using")]


_KWARGS = '''
def to_csv(df, filename, **kwargs):
    """Write the frame.

    Parameters
    ----------
    {entries}
    """
    return df.to_csv(filename, **kwargs)
'''


def test_an_entry_for_a_forwarded_keyword_is_no_drift(tmp_path: Path) -> None:
    # dask ``to_csv`` documented pandas' ``sep``, passed on through ``**kwargs``; the fix
    # moved them to one ``kwargs`` entry and added ``df``: no rename of ``sep`` to ``df``
    before = _KWARGS.format(
        entries="filename : str\n        Where.\n    sep : str\n        Delimiter."
    )
    after = _KWARGS.format(
        entries="df : DataFrame\n        Data.\n    filename : str\n        Where."
    )
    assert _mine(tmp_path, _history(tmp_path, [before, after])) == []
    # control: a misspelt entry of a function taking ``**kwargs`` (statsmodels ``nvargs``)
    stale = _KWARGS.format(
        entries="dff : DataFrame\n        Data.\n    filename : str\n        Where."
    )
    fixes = _mine(tmp_path / "b", _history(tmp_path / "b", [stale, after]))
    assert [(f["old"], f["new"]) for f in fixes] == [("dff", "df")]


_GOOGLE_RETURNS = '''
class Measurement:
    def with_maximum(self, width):
        """Get a measurement with a maximum.

        Returns:
            {head}: A new object.
        """
        return Measurement()
'''


def test_a_google_returned_type_renamed_is_helper_drift(tmp_path: Path) -> None:
    # rich ``Measurement.with_maximum``: a Google Returns head is the type, and the class
    # renamed from ``RenderableWidth`` left it (a NumPy ``name : type`` there is the value)
    before = _GOOGLE_RETURNS.format(head="RenderableWidth")
    after = _GOOGLE_RETURNS.format(head="Measurement")
    fixes = _mine(tmp_path, _history(tmp_path, [before, after]))
    assert [(f["kind"], f["old"], f["new"]) for f in fixes] == [
        ("helper", "RenderableWidth", "Measurement")
    ]


_ANNOTATED = '''
def field(alias: str | None = None, frozen: bool = False):
    """A field.

    Args:
        alias ({alias}): Another name.
        frozen ({frozen}): Whether it is immutable.
    """
    return alias, frozen
'''


def test_an_entry_type_spelling_its_annotation_is_no_drift(tmp_path: Path) -> None:
    # pydantic ``Field`` (a3771989): ``alias (str | None)`` rewritten ``alias (str, optional)``
    # beside the annotation ``str | None``: the old text was the annotation, only the notation
    # changed
    before = _ANNOTATED.format(alias="str | None", frozen="bool")
    after = _ANNOTATED.format(alias="str, optional", frozen="bool, optional")
    assert _mine(tmp_path, _history(tmp_path, [before, after])) == []
    # control: ``bool | None`` on the ``bool`` parameter contradicted it (the same commit)
    stale = _ANNOTATED.format(alias="str | None", frozen="bool | None")
    fixes = _mine(tmp_path / "b", _history(tmp_path / "b", [stale, after]))
    assert [(f["kind"], f["old"], f["new"]) for f in fixes] == [
        ("type", "bool | None", "bool, optional")
    ]


_TEMPLATE = '''
from pkg.schema import GenerateSchema

DEFAULT_TEMPLATE = "#/{{model}}"


def json_schema(ref_template=DEFAULT_TEMPLATE, mode="validation"):
    """The schema.

    Args:
        ref_template: The format string. Defaults to `{default}`.
        {entry}
    """
    return GenerateSchema(ref_template, mode)
'''


def test_a_constant_or_import_of_the_file_named_in_the_old_text_is_no_drift(
    tmp_path: Path,
) -> None:
    # pydantic ``TypeAdapter.json_schema`` (a11630e5): "Defaults to `DEFAULT_REF_TEMPLATE`"
    # dropped as ``mode`` gained an entry: the text named a constant the file has
    after = _TEMPLATE.format(default="the template", entry="mode: The mode.")
    for default in ("DEFAULT_TEMPLATE", "GenerateSchema"):
        before = _TEMPLATE.format(default=default, entry="")
        repo = _history(tmp_path / default, [before, after])
        assert _mine(tmp_path / default, repo) == [], default
    # control: a name the file neither binds nor imports is a stale parameter name
    stale = _TEMPLATE.format(default="the template", entry="mod_name: The mode.")
    fixes = _mine(tmp_path / "c", _history(tmp_path / "c", [stale, after]))
    assert [(f["old"], f["new"]) for f in fixes] == [("mod_name", "mode")]


_HELPER = '''
def is_builtin(cls):
    """Whether ``cls`` is plain: not processed (with a `{old}` attached)."""
    return not hasattr(cls, "validator")


def {new}(cls):
    """The validator."""
    return cls
'''


def test_a_helper_another_module_defines_is_no_drift(tmp_path: Path) -> None:
    # pydantic ``is_builtin_dataclass`` (710b5104): "`BaseModel` attached" rewritten as
    # "`__pydantic_validator__`": ``BaseModel`` is a class of another module, no stale name
    before = _HELPER.format(old="BaseModel_cls", new="validator_of")
    after = before.replace("`BaseModel_cls`", "`validator_of`")
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    _git(repo, "init", "-q")
    (repo / "pkg" / "main.py").write_text("class BaseModel_cls:\n    pass\n")
    for n, text in enumerate([before, after]):
        (repo / "pkg" / "mod.py").write_text(text)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", f"version {n}")
    assert _mine(tmp_path, repo) == []
    # control: defined nowhere in the package, the old name is a renamed helper
    (repo / "pkg" / "main.py").write_text("class Other:\n    pass\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "drop the class")
    (repo / "pkg" / "mod.py").write_text(before)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "stale again")
    (repo / "pkg" / "mod.py").write_text(after)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "fixed again")
    (tmp_path / "c").mkdir()
    fixes = _mine(tmp_path / "c", repo)
    assert [(f["kind"], f["old"], f["new"]) for f in fixes] == [
        ("helper", "BaseModel_cls", "validator_of")
    ]
