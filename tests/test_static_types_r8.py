"""C2 type rules: the false-alarm patterns of precision round 8, each with a control."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.types_rules import c2_param_type, c2_param_weak

from tests.names_helpers import messages, write_project_file
from tests.static_helpers import run_rule

_CODE = '''
from pkg.deps import cloud
from pkg.engine import Engine


def remote(engine: {annotation} = "auto"):
    """Run remotely.

    Parameters
    ----------
    engine : {{'auto', 'streaming'}}
        Which engine to prefer.
    """
    return engine
'''


def test_a_name_of_a_module_elsewhere_is_not_the_project_class_of_that_name(
    tmp_path: Path,
) -> None:
    # round 8: polars' ``engine: pc._typing.Engine`` (``pc``: the optional polars_cloud,
    # whose ``Engine`` is a Literal alias) was related to the project's ``Engine`` ABC
    write_project_file(tmp_path, "pkg/__init__.py", "")
    write_project_file(tmp_path, "pkg/deps.py", "cloud = None\n")
    write_project_file(tmp_path, "pkg/engine.py", "class Engine:\n    pass\n")
    code = _CODE.format(annotation="cloud._typing.Engine")
    assert run_rule(c2_param_type, tmp_path, code, "remote") == []
    # control: the project's own Engine is no string choice (its default ``"auto"``, a str as
    # documented, contradicts the annotation: the finding blames the annotation, session 13)
    own = _CODE.format(annotation="Engine")
    assert run_rule(c2_param_type, tmp_path, own, "remote") == []  # a project class: opt-in
    assert messages(run_rule(c2_param_weak, tmp_path, own, "remote")) == [
        'the annotation of engine says pkg.engine.Engine, but its default "auto" is a str, '
        "as documented (\"{'auto', 'streaming'}\")"
    ]
