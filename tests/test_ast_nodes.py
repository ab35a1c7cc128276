"""docref.core.ast_nodes: the same nodes, in the same order, as ast.walk / iter_child_nodes."""

from __future__ import annotations

import ast
import inspect

from docref.core import ast_nodes
from docref.core.ast_nodes import children, docstring_constant, walk, without_docstring

_SOURCE = '''
@decorate(1, key=[x for x in range(3)])
async def f(a, /, b: int = 2, *args, c=None, **kw) -> dict[str, int]:
    """Doc."""
    try:
        async with open(a) as fh, lock:
            y = {k: v async for k, v in fh if v}
    except (KeyError, ValueError) as exc:
        raise RuntimeError(f"bad {exc!r:>10}") from exc
    else:
        match b:
            case [1, *rest] | {"k": _} if rest:
                pass
    finally:
        del y
    lambda q=1: q ** 2
    return await g(*args, **kw)

class C(Base, metaclass=M):
    x: int = 0
    def m(self): global Z; Z = self.x[1:2, ::3]
'''


def _trees() -> list[ast.AST]:
    trees: list[ast.AST] = [ast.parse(_SOURCE), ast.parse(inspect.getsource(ast_nodes))]
    trees += [node for node in ast.walk(trees[0]) if isinstance(node, ast.stmt | ast.expr)]
    return trees


def test_walk_is_ast_walk_in_its_order() -> None:
    trees = _trees()
    assert len(trees) > 50
    for node in trees:
        assert [id(n) for n in walk(node)] == [id(n) for n in ast.walk(node)]


def test_children_is_iter_child_nodes() -> None:
    for node in ast.walk(_trees()[1]):
        assert [id(n) for n in children(node)] == [id(n) for n in ast.iter_child_nodes(node)]
    for node in ast.walk(_trees()[0]):
        assert [id(n) for n in children(node)] == [id(n) for n in ast.iter_child_nodes(node)]


def test_a_node_missing_a_field_is_walked_as_ast_walk_does() -> None:
    # a hand-made node without all its fields: ast.iter_fields skips the missing ones
    node = ast.BinOp(left=ast.Name(id="a", ctx=ast.Load()), op=ast.Add())
    assert [type(n) for n in walk(node)] == [type(n) for n in ast.walk(node)]
    assert [type(n) for n in children(node)] == [type(n) for n in ast.iter_child_nodes(node)]
    assert len(walk(node)) == 4  # the BinOp, its Name, Add and the Name's Load


def _body(source: str) -> list[ast.stmt]:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef | ast.ClassDef)
    return node.body


def test_the_docstring_is_a_first_string_statement_as_ast_get_docstring_reads_it() -> None:
    cases = {
        'def f():\n    """Doc."""\n    return 1\n': "Doc.",
        'class C:\n    "Doc."\n    x = 1\n': "Doc.",
        "def f():\n    ...\n    return None\n": None,  # a placeholder is code
        "def f():\n    1\n    return None\n": None,
        'def f():\n    x = 1\n    "not first"\n': None,
        'def f():\n    f"{x}"\n    return x\n': None,  # an f-string is no constant
    }
    for source, expected in cases.items():
        body = _body(source)
        found = docstring_constant(body)
        assert (found.value if found is not None else None) == expected, source
        assert ast.get_docstring(ast.parse(source).body[0], clean=False) == expected
        assert without_docstring(body) == (body[1:] if expected is not None else body)
    assert docstring_constant([]) is None
    assert without_docstring([]) == []
