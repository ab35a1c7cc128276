"""Resolver shapes of sessions 37's f37 table (session 38, f38), each beside a control where
the docstring really names nothing.

pygad's ``NSGA2.crowding_distance`` (round 60, C1-NAME-UNRESOLVED): a class the project uses as a
base of another (``class GA(..., utils.nsga2.NSGA2, ...)``, reached through ``from pygad import
utils`` and ``utils/__init__.py``) documents ``self.population``, which the host class sets.

nikola's ``Nikola.get_compiler`` (round 63, C1-NAME-UNRESOLVED): "Get the correct compiler for a
post from `conf.COMPILERS`" -- the user's settings file, while the only ``conf`` module of the
project is Sphinx's ``docs/sphinx/conf.py``, a script of a folder holding no package, which no
file outside that folder imports by the name ``conf``.
"""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import project_findings

_MIXIN = '''
class NSGA2:
    def crowding_distance(self, front):
        """Sort the front by crowding distance.

        Returns
        -------
        list
            The ordering mapped back to the indices of ``self.{name}``.
        """
        return sorted(front)
'''

_HOST = """
from pkg import utils


class GA(utils.nsga2.NSGA2):
    def __init__(self):
        self.population = []
"""


def _mixin_project(name: str, host: str = _HOST) -> dict[str, str]:
    return {
        "pkg/__init__.py": "",
        "pkg/utils/__init__.py": "from pkg.utils import nsga2\n",
        "pkg/utils/nsga2.py": _MIXIN.format(name=name),
        "pkg/ga.py": host,
    }


def _unresolved(tmp_path: Path, files: dict[str, str], path: str) -> list[str]:
    return [
        f.message for f in project_findings(tmp_path, files, path) if f.rule == "C1-NAME-UNRESOLVED"
    ]


def test_a_base_class_names_a_member_its_host_sets(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, _mixin_project("population"), "pkg/utils/nsga2.py") == []


def test_a_member_no_host_has_stays_reported(tmp_path: Path) -> None:
    found = _unresolved(tmp_path, _mixin_project("fitness_table"), "pkg/utils/nsga2.py")
    assert len(found) == 1 and "`self.fitness_table`" in found[0]


def test_a_class_no_project_class_builds_on_stays_reported(tmp_path: Path) -> None:
    host = "class GA:\n    def __init__(self):\n        self.population = []\n"
    found = _unresolved(tmp_path, _mixin_project("population", host), "pkg/utils/nsga2.py")
    assert len(found) == 1 and "`self.population`" in found[0]


_GET_COMPILER = '''
class Site:
    def get_compiler(self, post):
        """Get the correct compiler for a post from `conf.COMPILERS`."""
        return self.config["COMPILERS"][post]
'''


def test_a_script_of_another_folder_is_not_the_module_a_bare_name_means(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/site.py": _GET_COMPILER,
        "docs/sphinx/conf.py": 'project = "site"\nextensions = []\n',
    }
    assert _unresolved(tmp_path, files, "pkg/site.py") == []


def test_a_module_at_the_workspace_root_stays_judged(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/site.py": _GET_COMPILER,
        "conf.py": 'project = "site"\nextensions = []\n',
    }
    found = _unresolved(tmp_path, files, "pkg/site.py")
    assert len(found) == 1 and "`conf.COMPILERS`" in found[0]


def test_a_script_of_the_same_folder_stays_judged(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "docs/sphinx/build.py": _GET_COMPILER,
        "docs/sphinx/conf.py": 'project = "site"\nextensions = []\n',
    }
    found = _unresolved(tmp_path, files, "docs/sphinx/build.py")
    assert len(found) == 1 and "`conf.COMPILERS`" in found[0]


def test_a_module_beside_a_package_stays_judged(tmp_path: Path) -> None:
    files = {
        "lib/pkg/__init__.py": "",
        "lib/conf.py": 'project = "site"\n',
        "tools/site.py": _GET_COMPILER,
    }
    found = _unresolved(tmp_path, files, "tools/site.py")
    assert len(found) == 1 and "`conf.COMPILERS`" in found[0]


def test_a_member_named_from_the_base_class_name_stays_reported(tmp_path: Path) -> None:
    # pybamm's ``pybamm.SpatialMethod.boundary_value`` (round 35, TRUE): only subclasses define it
    files = _mixin_project("population")
    files["pkg/utils/nsga2.py"] = files["pkg/utils/nsga2.py"].replace(
        "``self.population``", "``NSGA2.population``"
    )
    found = _unresolved(tmp_path, files, "pkg/utils/nsga2.py")
    assert len(found) == 1 and "`NSGA2.population`" in found[0]


def test_a_name_the_host_file_only_spells_stays_reported(tmp_path: Path) -> None:
    # elfi's ``ParameterInference.update`` (round 102, TRUE): ``self.outputs`` names nothing,
    # though ``romc.py`` (whose ``ROMC`` is built on the class) has a local ``outputs``
    host = (
        "from pkg import utils\n\n\n"
        "class GA(utils.nsga2.NSGA2):\n"
        "    def fit(self):\n"
        "        population = [1, 2]\n"
        "        return population\n"
    )
    found = _unresolved(tmp_path, _mixin_project("population", host), "pkg/utils/nsga2.py")
    assert len(found) == 1 and "`self.population`" in found[0]


def test_a_member_a_host_inherits_from_another_base_counts(tmp_path: Path) -> None:
    # pygad's ``GA`` sets ``population`` in ``utils.engine.GAEngine``, another of its bases
    files = _mixin_project("population", "")
    files["pkg/utils/__init__.py"] = "from pkg.utils import nsga2, engine\n"
    files["pkg/utils/engine.py"] = (
        "class GAEngine:\n    def run(self):\n        self.population = [0]\n"
    )
    files["pkg/ga.py"] = (
        "from pkg import utils\n\n\nclass GA(utils.nsga2.NSGA2, utils.engine.GAEngine):\n    pass\n"
    )
    assert _unresolved(tmp_path, files, "pkg/utils/nsga2.py") == []
