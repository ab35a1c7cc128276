"""What a mined fix is (benchmarks/drift.py's miner): two versions of a file read function by
function, the names a docstring marks or documents as parameters, and the pairs of an old name
the code lacks and the new one the fixed text names instead.  drift.py's module docstring
defines the kinds; :func:`pairs` is the reading."""

from __future__ import annotations

import ast
import builtins
import difflib
import re
from typing import Any

# a Sphinx role naming a label, a document or a glossary term marks no code name
_MARKED = re.compile(
    r"``(\w+)``|(?<!:ref:)(?<!:doc:)(?<!:term:)(?<![`\w])`(\w+)`(?![`\w])"
    r"|(?<![*\w])\*(\w+)\*(?![*\w])"
)
_ENTRY = re.compile(
    r":param\s+(?:[^:]*\s)?(\w+):|^\s*(\w+)\s*(?:\(([^)]*)\))?:\s|^\s*(\w+)\s+:\s*(\S.*)$", re.M
)
_TYPE = re.compile(r":type\s+(\w+):\s*(.+)$", re.M)
# the sections whose entries name parameters (Google ``Args:``, NumPy ``Parameters`` + dashes);
# any other header ends one: a ``Returns`` entry names a value, ``sage:`` in an example or
# "with the following exceptions:" in prose is no entry
_PARAM_SECTIONS = {
    "args", "arguments", "parameters", "params", "keyword args", "keyword arguments",
    "kwargs", "other parameters", "other arguments",
}  # fmt: skip
# a Google ``Returns:`` entry's head is the returned type (rich ``RenderableWidth: new ...``)
_RETURN_SECTIONS = {"returns", "return", "yields", "yield"}
_HEADER = re.compile(r"^\s*([A-Z][A-Za-z ]{1,30}?)\s*:?\s*$")
_FIELD = re.compile(r"^\s*:(?:param|parameter|arg|argument|key|keyword|type)\s")
_DUNDER = re.compile(r"__\w+__")


def _functions(text: str) -> dict[str, dict[str, Any]]:
    """Documented functions by qualname: signature, body without docstring, docstring lines."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}
    out: dict[str, dict[str, Any]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(child, clean=False)
                first = child.body[0] if child.body else None
                if doc is not None and isinstance(first, ast.Expr):
                    body = [ast.dump(b) for b in child.body[1:]]
                    params = [a.arg for a in [*child.args.posonlyargs, *child.args.args]]
                    params += [a.arg for a in child.args.kwonlyargs]
                    params += [a.arg for a in (child.args.vararg, child.args.kwarg) if a]
                    annotations = {
                        a.arg: ast.unparse(a.annotation)
                        for a in [*child.args.args, *child.args.kwonlyargs]
                        if a.annotation is not None
                    }
                    out[prefix + child.name] = {
                        "sig": ast.dump(child.args) + ast.dump(child.returns or ast.Pass()),
                        "body": body,
                        "doc": doc,
                        "lines": (first.lineno, first.end_lineno or first.lineno),
                        "params": params,
                        "annotations": annotations,
                        "kwarg": child.args.kwarg is not None,
                    }
                visit(child, f"{prefix}{child.name}.")

    visit(tree, "")
    return out


def _bound(text: str) -> set[str]:
    """The names the file imports or assigns at module or class level (pydantic's
    ``DEFAULT_REF_TEMPLATE``, an imported ``GenerateJsonSchema``): an old text naming one
    named a value or class the code has, no parameter."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return set()
    bound: set[str] = set()
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]
    for scope in scopes:
        for node in ast.iter_child_nodes(scope):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
                targets = [node.target]
            bound |= {t.id for t in targets if isinstance(t, ast.Name)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return bound


def _same_type(old: str, annotation: str) -> bool:
    """The entry's old type spells the annotation (pydantic's ``Field`` rewrote ``str | None``
    as ``str, optional``, rich ``Text`` as ``~Text``): a change of notation, no drift.  An old
    ``X, optional`` on a parameter annotated ``X`` is kept: it claimed a default (rich's
    ``Segment.align_top`` after ``style`` lost its own)."""

    def norm(text: str) -> str:
        text = re.sub(r"\btyping\.|\s+", "", text)
        return re.sub(r"^Optional\[(.*)\]$", r"\1|None", text)

    return norm(old) == norm(annotation)


def _identifiers(text: str) -> tuple[set[str], set[str]]:
    """(every identifier the file's code uses or binds, the names it defines)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return set(), set()
    used: set[str] = set()
    defined: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
            if isinstance(node.ctx, ast.Store):
                defined.add(node.attr)
        elif isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.arg):
            used.add(node.arg)
        elif isinstance(node, ast.alias):
            used.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.keyword) and node.arg:
            used.add(node.arg)
    return used | defined, defined


_BUILTINS = set(dir(builtins))


def _code_shaped(word: str) -> bool:
    return (
        "_" in word.strip("_") or word.startswith("_") or re.search(r"[a-z][A-Z]", word) is not None
    )


def _param_text(doc: str, sections: set[str] = _PARAM_SECTIONS) -> str:
    """The docstring's parameter sections and reST parameter fields, other lines blanked."""
    lines = doc.splitlines()
    kept, inside = [], False
    for n, line in enumerate(lines):
        header = _HEADER.match(line)
        below = lines[n + 1].strip() if n + 1 < len(lines) else ""
        numpy = (
            header is not None and len(below) >= 3 and len(set(below)) == 1 and below[0] in "-=~^*"
        )
        google = header is not None and line.rstrip().endswith(":")
        if numpy or google:
            assert header is not None
            inside = header[1].strip().lower() in sections
            kept.append("")
            continue
        field = sections is _PARAM_SECTIONS and _FIELD.match(line)
        kept.append(line if inside or field else "")
    return "\n".join(kept)


def _tokens(doc: str) -> set[str]:
    found = {x for m in _MARKED.finditer(doc) for x in m.groups() if x}
    found |= _entry_names(doc) | _return_types(doc)
    return {t for t in found if t and len(t) >= 2 and not t.isdigit()}


def _return_types(doc: str) -> set[str]:
    """The heads of Google ``Returns:``/``Yields:`` entries: types, no parameter's name (a
    NumPy ``name : type`` there names the returned value, which no code need define)."""
    text = _param_text(doc, _RETURN_SECTIONS)
    return {m[2] for m in _ENTRY.finditer(text) if m[2] and not re.search(r"\s:", m[0])}


def _entry_names(doc: str) -> set[str]:
    return {m[1] or m[2] or m[4] for m in _ENTRY.finditer(_param_text(doc))} - {None, ""}


def _entry_types(doc: str) -> dict[str, str]:
    text = _param_text(doc)
    types = {m[2]: m[3].strip() for m in _ENTRY.finditer(text) if m[2] and m[3]}
    types |= {m[4]: m[5].strip() for m in _ENTRY.finditer(text) if m[4] and m[5]}
    types |= {m[1]: m[2].strip() for m in _TYPE.finditer(text)}
    return types


def _MARKED_WORD(word: str) -> re.Pattern[str]:
    """``word`` code-marked (literal, interpreted text or emphasis), not a returned type."""
    w = re.escape(word)
    return re.compile(rf"``{w}``|(?<![`\w])`{w}`(?![`\w])|(?<![*\w])\*{w}\*(?![*\w])")


def _unlike(old: str, new: str) -> float:
    """1 - the spelling's similarity (difflib's ratio), then the name: a sort key."""
    return 1 - difflib.SequenceMatcher(None, old, new).ratio()


def _target_lines(text: str, span: tuple[int, int], word: str) -> list[int]:
    lines = text.splitlines()
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    return [n for n in range(span[0], span[1] + 1) if pattern.search(lines[n - 1])]


def pairs(old: str, new: str) -> list[dict[str, Any]]:
    """The fixes between two versions of a file (see the module docstring)."""
    before, after = _functions(old), _functions(new)
    _, defined = _identifiers(new)
    # what the parent's code has: a name it defines (a function renamed in the fixing commit
    # itself) or, for a helper, any name it imports or uses, was no drift at the parent
    used_then, defined_then = _identifiers(old)
    bound_then = _bound(old)
    out = []
    for qualname, b in before.items():
        a = after.get(qualname)
        if a is None or a["sig"] != b["sig"] or a["body"] != b["body"] or a["doc"] == b["doc"]:
            continue
        if a["doc"].split() == b["doc"].split():
            continue  # reflowed only
        entries_b = _entry_names(b["doc"])
        gone = _tokens(b["doc"]) - _tokens(a["doc"])
        added = _tokens(a["doc"]) - _tokens(b["doc"])
        params = set(a["params"])
        for old_word in sorted(gone):
            if old_word in params or old_word in defined or old_word in _BUILTINS:
                continue  # still exists: a rewording, not drift
            if old_word in defined_then or _DUNDER.fullmatch(old_word):
                continue  # the code had it at the parent, or every object has it
            if old_word in bound_then:
                continue  # a constant or import of the file: a value the text named
            if old_word[:1].isupper() and not _code_shaped(old_word):
                continue  # ``See: arXiv...`` read as an entry: a word, not a name
            if re.search(rf"(?<!\w){re.escape(old_word)}(?!\w)", a["doc"]):
                continue  # still named by the fixed text
            # the added name spelled most like the old one is its replacement
            as_param = sorted(
                (w for w in added if w in params), key=lambda w: (_unlike(old_word, w), w)
            )
            as_helper = sorted(
                (w for w in added if w in defined and w not in params),
                key=lambda w: (_unlike(old_word, w), w),
            )
            if as_param and a["kwarg"] and _unlike(old_word, as_param[0]) > 0.4:
                continue  # a keyword ``**kwargs`` passes on (dask ``to_csv``'s ``sep``), no rename
            named = old_word in entries_b or bool(_MARKED_WORD(old_word).search(b["doc"]))
            if as_param and named and (old_word in entries_b or _code_shaped(old_word)):
                kind, new_word = "name", as_param[0]
            elif as_helper and _code_shaped(old_word) and old_word not in used_then:
                kind, new_word = "helper", as_helper[0]
            else:
                continue
            out.append(
                {
                    "qualname": qualname,
                    "kind": kind,
                    "old": old_word,
                    "new": new_word,
                    "target_lines": _target_lines(old, b["lines"], old_word),
                    "fixed_lines": _target_lines(new, a["lines"], new_word),
                }
            )
        tb, ta = _entry_types(b["doc"]), _entry_types(a["doc"])
        for name in sorted(params & set(tb) & set(ta)):
            if tb[name].split() == ta[name].split() or name not in a["annotations"]:
                continue
            if not _same_type(tb[name], a["annotations"][name]):
                out.append(
                    {
                        "qualname": qualname,
                        "kind": "type",
                        "old": tb[name],
                        "new": ta[name],
                        "target_lines": _target_lines(old, b["lines"], name),
                        "fixed_lines": _target_lines(new, a["lines"], name),
                    }
                )
    return [p for p in out if p["target_lines"]]
