"""Build a real :class:`StaticInput` from a small file for static-rule tests."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from docref.checks.static.base import Rule, StaticInput
from docref.checks.static.runner import check_file, rules_for
from docref.core.findings import Finding
from docref.graph.modules import ModuleMap
from docref.graph.project import ProjectGraph
from docref.segments import byte_to_char, segment_docstring

from tests.helpers import docref_env, run_docref


def static_input(
    tmp_path: Path, code: str, qualname: str, *, filename: str = "mod.py"
) -> StaticInput:
    """Write ``code`` (dedented) to ``tmp_path/src/filename``, index it, return the input of
    the function ``qualname``."""
    return project_input(tmp_path, {filename: code}, filename, qualname, root="src")


def project_input(
    tmp_path: Path, files: dict[str, str], path: str, qualname: str, *, root: str = "proj"
) -> StaticInput:
    """Write ``files`` (relative path to code, dedented) under ``tmp_path/root``, index the
    project, return the input of the documented function ``qualname`` of ``path``."""
    graph = indexed_project(tmp_path, files, root=root)
    extract = graph.get(path)
    assert extract is not None, f"{path} was not indexed"
    function = next(
        (f for f in extract.functions if f.qualname == qualname and f.docstring is not None),
        None,
    )
    assert function is not None, f"no documented function {qualname} in {path}"
    assert function.docstring is not None
    source = graph.source(path)
    data = source.encode("utf-8")
    span = function.docstring.span
    start = byte_to_char(data, span.start_byte)
    end = byte_to_char(data, span.end_byte)
    parsed = segment_docstring(source, start, end, extract.language)
    return StaticInput(
        graph=graph,
        file=extract,
        function=function,
        docstring=parsed,
        source=source,
        data=data,
    )


def indexed_project(
    tmp_path: Path, files: dict[str, str], *, root: str = "proj", cache: str = "c"
) -> ProjectGraph:
    """Write ``files`` (relative path to code, dedented) under ``tmp_path/root`` and index
    them in-process, the index cache in ``tmp_path/cache``."""
    for rel, code in files.items():
        target = tmp_path / root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(tmp_path / root), cache_directory=str(tmp_path / cache))
    graph.index(workers=1)
    return graph


def run_rule(rule: Rule, tmp_path: Path, code: str, qualname: str, **kwargs: str) -> list[Finding]:
    return rule(static_input(tmp_path, code, qualname, **kwargs))


class Flag(NamedTuple):
    """One finding as a rule test reads it: the flagged source text, the message, the rule."""

    text: str
    message: str
    rule: str


def flagged(
    rules: Rule | Sequence[Rule],
    tmp_path: Path,
    code: str,
    qualname: str = "f",
    *,
    filename: str = "mod.py",
) -> list[Flag]:
    """The findings of ``rules`` (one or several, run on the same input) on the documented
    function ``qualname`` of ``code``, written as ``filename`` (``C.java`` for Javadoc)."""
    inp = static_input(tmp_path, code, qualname, filename=filename)
    out: list[Flag] = []
    for rule in [rules] if callable(rules) else rules:
        out += [Flag(inp.source[f.start : f.end], f.message, f.rule) for f in rule(inp)]
    return out


def rule_ids(rules: Rule | Sequence[Rule], tmp_path: Path, code: str, *args: str) -> list[str]:
    """The rule ids of :func:`flagged`'s findings (same arguments after ``code``: qualname,
    default ``f``), in order: what a parametrized precision test (a false-alarm pattern and
    its control) compares with the ids it expects."""
    return [f.rule for f in flagged(rules, tmp_path, code, *args)]


def project_rule_ids(
    rules: Rule | Sequence[Rule], tmp_path: Path, files: dict[str, str], path: str, qualname: str
) -> list[str]:
    """:func:`rule_ids` on the documented function ``qualname`` of ``path`` in the project
    of ``files`` (relative path to code, as :func:`project_input`)."""
    inp = project_input(tmp_path, files, path, qualname)
    return [f.rule for rule in ([rules] if callable(rules) else rules) for f in rule(inp)]


def project_findings(tmp_path: Path, files: dict[str, str], path: str) -> list[Finding]:
    """The default rules' findings on the file ``path`` of the project of ``files`` (what
    ``docref check`` reports for it)."""
    graph = indexed_project(tmp_path, files)
    return list(check_file(graph, path, rules_for(())).findings)


def default_findings(tmp_path: Path, code: str) -> list[Finding]:
    """The default rules' findings on ``code`` as the one file ``m.py`` of an indexed project
    (what ``docref check`` reports for it)."""
    graph = indexed_project(tmp_path, {"m.py": code}, root="ws", cache="cache")
    return list(check_file(graph, "m.py", rules_for(())).findings)


def unknown_parameters(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    """C1-PARAM-UNKNOWN's findings among ``default_findings``, each as (the documented name,
    the function's name), sorted."""
    return sorted(
        (f.message.split('"')[1], f.message.split(" but ")[1].split("(")[0])
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PARAM-UNKNOWN"
    )


def cli_project(tmp_path: Path, code: str) -> Path:
    """A project ``tmp_path/ws`` (a ``pyproject.toml`` and ``code`` as ``pkg/mod.py``) for
    :func:`cli_findings`; its root."""
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    (root / "pkg" / "mod.py").write_text(code.lstrip("\n"), encoding="utf-8")
    return root


def cli_findings(root: Path, *flags: str) -> list[dict[str, Any]]:
    """The JSON findings of ``docref check . --format json FLAGS`` run as a subprocess in
    ``root`` (its caches in ``root``'s parent's ``cache``), which must exit 1 (findings)."""
    env = docref_env(root.parent / "cache")
    proc = run_docref(["check", ".", "--format", "json", *flags], cwd=root, env=env)
    assert proc.returncode == 1, proc.stderr
    findings: list[dict[str, Any]] = json.loads(proc.stdout)["findings"]
    return findings


# One documented function in each docstring style, for precision tests whose pattern must
# hold in all three: ``{entries}`` are (name, type, description) triples.
DOC_STYLES = ("google", "numpy", "rest")


def documented_function(
    style: str, signature: str, entries: Sequence[tuple[str, str, str]], body: str = "pass"
) -> str:
    """The source of ``def {signature}:`` documenting ``entries`` in ``style`` (one of
    :data:`DOC_STYLES`; an empty type writes none) and running ``body``."""
    if style == "google":
        lines = ["Args:"] + [f"    {n} ({t}): {d}" if t else f"    {n}: {d}" for n, t, d in entries]
    elif style == "numpy":
        lines = ["Parameters", "----------"]
        for n, t, d in entries:
            lines += [f"{n} : {t}" if t else n, f"    {d}"]
    else:
        lines = []
        for n, t, d in entries:
            lines.append(f":param {n}: {d}")
            if t:
                lines.append(f":type {n}: {t}")
    doc = "\n".join(f"    {line}" if line else "" for line in ["Do it.", "", *lines])
    return f'def {signature}:\n    """{doc.lstrip()}\n    """\n    {body}\n'


def module_map(paths: list[str]) -> ModuleMap:
    """The import roots and module names docref derives from these (relative) file paths."""
    modules = ModuleMap()
    modules.note_paths(paths)
    for path in paths:
        modules.add_entry(path, "python", "")
    return modules
