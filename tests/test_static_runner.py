"""The static runner: every documented function, all rules, a crashing rule contained."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.base import StaticInput
from docref.checks.static.runner import RULES, check_file
from docref.core.findings import Finding
from docref.graph.project import ProjectGraph

CODE = '''\
def documented(a):
    """Do a thing.

    Args:
        b: Not a parameter.
    """
    return a


def undocumented(a):
    return a


class Box:
    def get(self, key):
        """Return the value.

        Args:
            key: The key.
            default: Gone.
        """
        return key
'''


def _graph(tmp_path: Path) -> ProjectGraph:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(CODE, encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    return graph


def test_all_documented_functions_are_checked(tmp_path: Path) -> None:
    report = check_file(_graph(tmp_path), "m.py")
    assert report.functions == 2  # ``undocumented`` has no docstring
    assert report.errors == []
    found = [(f.qualname, f.rule) for f in report.findings]
    assert found == [("documented", "C1-PARAM-UNKNOWN"), ("Box.get", "C1-PARAM-UNKNOWN")]


def test_a_crashing_rule_is_reported_and_the_others_still_run(tmp_path: Path) -> None:
    def broken(inp: StaticInput) -> list[Finding]:
        raise RuntimeError(f"boom in {inp.function.qualname}")

    report = check_file(_graph(tmp_path), "m.py", (broken, *RULES))
    assert len(report.errors) == 2 and all("boom" in e for e in report.errors)
    assert len(report.findings) == 2


def test_unknown_file_gives_an_empty_report(tmp_path: Path) -> None:
    report = check_file(_graph(tmp_path), "missing.py")
    assert report.functions == 0 and report.findings == [] and report.errors == []


def test_every_declared_rule_id_is_in_the_catalog() -> None:
    """Rule modules declare ids as ``RULE_*`` constants; each must be in the one catalog that
    SARIF metadata, suppression codes and the README come from."""
    import importlib
    import pkgutil
    import re

    import docref.checks.static as static_package
    from docref.checks.static.runner import OPT_IN_RULES
    from docref.core.catalog import STATIC_RULES

    declared: set[str] = set()
    for info in pkgutil.iter_modules(static_package.__path__):
        module = importlib.import_module(f"{static_package.__name__}.{info.name}")
        for name, value in vars(module).items():
            if re.fullmatch(r"RULE_[A-Z0-9_]+", name) and isinstance(value, str):
                declared.add(value)
    assert declared == set(STATIC_RULES)
    assert {r for r, i in STATIC_RULES.items() if i.opt_in} == set(OPT_IN_RULES)
