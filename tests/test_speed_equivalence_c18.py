"""Speed changes that must not change a result: each faster form against the plain one."""

from __future__ import annotations

import sysconfig
from pathlib import Path

from docref.checks.types_parse import parse_annotation, parse_doc_type
from docref.graph import python_refs
from docref.graph.python_refs import _ASSIGN_RE, _assignments
from tree_sitter import Parser

BODIES = [
    b"x = 1\n",
    b"    a, b = f()\n    c: int = 2\n    d += 1\n    e == 3\n    if f == g: h = 4\n",
    b"def f(): y = 1\n    z = 2\n",  # the body starts inside the header's line
    b"    (p, q) = r\n    s = t = u\n    v = await w(1)\n    x: Repo = make()\n",
    b"    k=1\r\n    m = 2  # = in a comment is blanked before\r\n\n\n    n ==4\n    o=5",
]


def test_assignments_are_the_pattern_s_matches_at_line_starts() -> None:
    for body in BODIES:
        for start in range(len(body)):
            for end in (len(body), max(start, len(body) - 3)):
                expected = [m.span() for m in _ASSIGN_RE.finditer(body, start, end)]
                got = [m.span() for m in _assignments(body, start, end)]
                assert got == expected, (body, start, end)


def test_assignments_on_standard_library_sources() -> None:
    """Every masked function body of a few large standard-library modules."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    bodies = 0
    for name in ("inspect.py", "argparse.py", "typing.py", "dataclasses.py"):
        data = (stdlib / name).read_bytes()
        tree = Parser(python_refs.PY_LANGUAGE).parse(data)
        masked = python_refs._mask_strings(data, tree.root_node)
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            if node.type != "function_definition":
                continue
            body = node.child_by_field_name("body")
            assert body is not None
            start, end = body.start_byte, body.end_byte
            line = masked.rfind(b"\n", 0, start) + 1
            line = start if masked[line:start].strip() else line
            expected = [m.group(0) for m in _ASSIGN_RE.finditer(masked, line, end)]
            assert [m.group(0) for m in _assignments(masked, line, end)] == expected
            bodies += 1
    assert bodies > 500


def test_a_type_text_parsed_once_still_reads_each_scope_s_aliases() -> None:
    """The parsed tree of a type text is kept; what it means is read per scope."""
    plain = parse_annotation("Frame")
    aliased = parse_annotation("Frame", aliases={"Frame": "pandas.DataFrame"})
    assert plain is not None and aliased is not None
    assert plain.render() != aliased.render()
    assert parse_annotation("Frame").render() == plain.render()
    # text that is no expression stays None each time (the cached failure raises anew)
    assert parse_doc_type("a b c d (") is None
    assert parse_doc_type("a b c d (") is None
    assert parse_annotation("list[int") is None and parse_annotation("list[int") is None


SCOPES = """
import os
from json import loads as load


def outer(a):
    import re as rx

    def inner(b):
        from os import path as load

        def deepest(c):
            return c

        return deepest(b)

    return inner(a)


class Box:
    from typing import Any

    def put(self, item):
        def helper(x):
            return x

        return helper(item)

    def outer(self):
        return os.sep
"""


def test_a_file_index_gives_each_scope_the_names_a_walk_of_the_file_gives(
    tmp_path: Path,
) -> None:
    """Each scope's names, imports and class chain as the per-scope walk of the whole file
    made them (functions nested three deep, scoped imports rebinding a module-level name, a
    method named like a top-level function)."""
    from docref.checks.static.names_python import PythonScope
    from docref.graph.project import ProjectGraph

    (tmp_path / "mod.py").write_text(SCOPES, encoding="utf-8")
    graph = ProjectGraph(str(tmp_path), use_cache=False)
    graph.index(workers=1)
    fe = graph.files["mod.py"]
    assert len(fe.functions) == 6
    for fn in fe.functions:
        scope = PythonScope(graph, fe, fn, SCOPES)
        parts = fn.qualname.split(".")
        prefixes = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        functions = [f for f in fe.functions if f.qualname in prefixes]
        names = {p.name for f in functions for p in f.params}
        names |= {n for f in functions for n in f.local_names} | {f.name for f in functions}
        names |= {f.name for f in fe.functions if f.qualname.rsplit(".", 1)[0] in prefixes}
        imports = {i.bound_name: i for i in fe.imports if not i.scope}
        imports.update({i.bound_name: i for i in fe.imports if i.scope in prefixes})
        classes = {c.qualname for c in fe.classes}
        chain = [q for q in sorted(prefixes, key=len, reverse=True) if q in classes]
        assert scope.names == names, fn.qualname
        assert scope.imports == imports, fn.qualname
        assert scope.class_chain == chain, fn.qualname


TYPE_TEXTS = [
    "int",
    "str, optional",
    "list of string or tuples",
    "list of str or tuple",
    "int or None, default None",
    "array_like of shape (n,)",
    "dict[str, list[int]], optional",
    "{'a', 'b'}",
    "callable",
    "the number of items",
    "a b c d (",
    "Frame or Series",
    "",
    "bool, default: True",
]


def test_the_type_and_its_readings_at_once_equal_each_asked_alone() -> None:
    from docref.checks.types import parse_doc_readings, parse_doc_type_and_readings

    def shown(value: object) -> object:
        if isinstance(value, list):
            return [shown(v) for v in value]
        return None if value is None else (value.render(), value.optional)  # type: ignore[attr-defined]

    for text in TYPE_TEXTS:
        for default_is_none in (False, True):
            for aliases in (None, {"Frame": "pandas.DataFrame"}):
                kwargs = {"default_is_none": default_is_none, "aliases": aliases}
                both = parse_doc_type_and_readings(text, **kwargs)  # type: ignore[arg-type]
                alone = (parse_doc_type(text, **kwargs), parse_doc_readings(text, **kwargs))  # type: ignore[arg-type]
                assert shown(list(both)) == shown(list(alone)), text
