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
