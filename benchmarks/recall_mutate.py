"""Realistic edits of real code for the recall benchmark (``benchmarks/recall.py``).

Each edit is made the way a person makes it: the code changes, the docstring stays.  Edits are
text replacements at the positions the stdlib ``ast`` gives (the file is never regenerated),
single-line and length-changing only within a line, so the docstring's line numbers do not move.

Kinds:

* ``param-rename``: a parameter the docstring names (in an entry or in code markup) is renamed
  in the signature and the body, of the implementation and its ``@overload`` stubs alike;
* ``helper-rename``: a function, method or attribute defined in the same file and named in the
  docstring's prose (code markup or ``name()``) is renamed at its definition and every use, and
  in the files re-exporting it (``recall_reexports``); a name the edited file still spells as
  code afterwards (a class-level alias, a namesake import) is no clean rename and is skipped;
* ``return-type``: the return annotation is changed to a type the docstring's return claim
  contradicts (``bool`` -> ``int``, ``str`` -> ``bytes``...); with no annotation, every
  returned expression is changed (``True`` -> ``1``, ``"x"`` -> ``b"x"``, ``[...]`` ->
  ``tuple([...])``, ``str(x)`` -> ``str(x).encode()``);
* ``param-type``: a parameter's annotation is changed the same way, when its entry says the type
  (in each ``@overload`` stub that spells it the same).

A mutation's *target lines* are the docstring lines that name the old thing (the entry or
sentence a finding must lie on to count as a hit on the right sentence).
"""

from __future__ import annotations

import ast
import keyword
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

KINDS = ("param-rename", "helper-rename", "return-type", "param-type")


@dataclass(frozen=True)
class Edit:
    """Replace bytes ``[col, end_col)`` of line ``line`` (1-based) with ``text``."""

    line: int
    col: int
    end_col: int
    text: str


@dataclass
class Mutation:
    kind: str
    strategy: str
    path: str
    qualname: str
    old: str
    new: str
    target_lines: list[int]
    edits: list[Edit] = field(default_factory=list)
    where: str = ""  # entry / markup / plain: how the docstring names the old thing
    # a helper rename's edits in the other files of the project that re-export the helper
    elsewhere: dict[str, list[Edit]] = field(default_factory=dict)
    # False: the edit would leave the old name resolving (no drift); such a candidate stays in
    # the list, so that the seeded shuffle draws the same others, and is skipped when drawn
    clean: bool = True


# --- names -------------------------------------------------------------------------------

_ABBREV = {
    "number": "num",
    "header": "hdr",
    "message": "msg",
    "string": "str",
    "value": "val",
    "index": "idx",
    "count": "cnt",
    "length": "len",
    "directory": "dir",
    "config": "cfg",
    "request": "req",
    "response": "resp",
    "argument": "arg",
    "parameter": "param",
    "attribute": "attr",
    "callback": "cb",
    "source": "src",
    "destination": "dst",
    "buffer": "buf",
    "text": "txt",
    "context": "ctx",
    "object": "obj",
    "function": "func",
    "options": "opts",
    "maximum": "max",
    "minimum": "min",
    "position": "pos",
    "temporary": "tmp",
    "image": "img",
    "current": "cur",
    "previous": "prev",
    "format": "fmt",
    "reference": "ref",
    "variable": "var",
    "window": "win",
    "separator": "sep",
    "error": "err",
    "address": "addr",
    "timeout": "tmo",
    "keyword": "kw",
    "element": "elem",
    "document": "doc",
    "command": "cmd",
}
_SYNONYM = {
    "get": "fetch",
    "parse": "read",
    "make": "build",
    "build": "make",
    "create": "make",
    "compute": "calc",
    "load": "read",
    "check": "validate",
    "update": "refresh",
    "find": "lookup",
    "handle": "process",
    "process": "handle",
    "convert": "to",
    "path": "location",
    "name": "label",
    "size": "length",
    "data": "payload",
    "items": "entries",
    "values": "items",
    "func": "callback",
    "callback": "hook",
    "key": "ident",
    "value": "item",
    "obj": "target",
    "text": "content",
    "url": "uri",
    "file": "stream",
    "fn": "func",
    "result": "output",
    "timeout": "deadline",
    "headers": "fields",
    "encoding": "charset",
    "label": "title",
    "color": "colour",
    "x": "xs",
    "y": "ys",
    "df": "frame",
    "ax": "axes",
    "kwargs": "options",
    "validate": "check",
    "render": "draw",
    "write": "emit",
    "run": "execute",
    "init": "setup",
    "reset": "clear",
    "apply": "run",
    "format": "render",
}
_SUFFIX = ("value", "list", "flag", "obj", "name")
_HELPER_SUFFIX = ("impl", "internal", "helper")
_PREFIX = ("new", "raw", "input", "the", "user")


def words(name: str) -> list[str]:
    return [w for w in name.split("_") if w]


def _vowel_drop(word: str) -> str:
    return word[0] + re.sub(r"[aeiou]", "", word[1:])


def rename_candidates(name: str, rng_pick: int, *, helper: bool = False) -> list[tuple[str, str]]:
    """(strategy, new name) choices for ``name``; ``rng_pick`` chooses affixes."""
    suffixes = _HELPER_SUFFIX if helper else _SUFFIX
    lead = "_" * (len(name) - len(name.lstrip("_")))
    parts = words(name)
    out: list[tuple[str, str]] = []
    for i, w in enumerate(parts):
        short = _ABBREV.get(w) or (_vowel_drop(w) if len(w) >= 6 else None)
        if short and short != w:
            out.append(("abbreviation", lead + "_".join([*parts[:i], short, *parts[i + 1 :]])))
            break
    for i, w in enumerate(parts):
        syn = _SYNONYM.get(w)
        if syn:
            out.append(("synonym", lead + "_".join([*parts[:i], syn, *parts[i + 1 :]])))
            break
    if rng_pick % 2:
        out.append(("affix", lead + "_".join([*parts, suffixes[rng_pick % len(suffixes)]])))
    else:
        out.append(("affix", lead + "_".join([_PREFIX[rng_pick % len(_PREFIX)], *parts])))
    return [(s, n) for s, n in out if n.isidentifier() and not keyword.iskeyword(n)]


# --- types -------------------------------------------------------------------------------

# old kind -> (new annotation text, vocabulary a claim of the old kind uses)
_TYPE_SWAP = {
    "bool": ("int", r"\b(?:bool|boolean|true|false|whether)\b"),
    "str": ("bytes", r"\b(?:str|string|text)\b"),
    "int": ("str", r"\b(?:int|integer|number|count)\b"),
    "float": ("str", r"\b(?:float|number)\b"),
    "bytes": ("str", r"\b(?:bytes|byte)\b"),
    "list": ("str", r"\blist\b"),  # joined into one string; "a tuple" would read as English
    "tuple": ("list", r"\b(?:tuple|pair)\b"),
    "dict": ("list", r"\b(?:dict|dictionary|mapping)\b"),
}
_BASE = re.compile(r"^(?:typing\.)?(bool|str|int|float|bytes|list|List|tuple|Tuple|dict|Dict)\b")


def swap_annotation(text: str) -> tuple[str, str, str] | None:
    """(old kind, new annotation, claim vocabulary) for an annotation of a builtin kind,
    keeping ``| None`` / ``Optional[...]`` around it."""
    inner, wrap = text.strip(), "{}"
    m = re.fullmatch(r"(?:typing\.)?Optional\[(.*)\]", inner)
    if m:
        inner, wrap = m[1].strip(), "Optional[{}]"
    else:
        m = re.fullmatch(r"(.*?)\s*\|\s*None", inner) or re.fullmatch(r"None\s*\|\s*(.*)", inner)
        if m:
            inner, wrap = m[1].strip(), "{} | None"
    base = _BASE.match(inner)
    if not base or "|" in inner or (base.end() < len(inner) and inner[base.end()] != "["):
        return None
    kind = base[1].lower()
    new, vocab = _TYPE_SWAP[kind]
    args = inner[base.end() + 1 : -1] if base.end() < len(inner) else ""
    if kind == "tuple" and args and "," not in args:
        new = f"list[{args}]"
    elif kind == "dict" and args:
        new = f"list[tuple[{args}]]"
    return kind, wrap.format(new), vocab


# --- docstrings --------------------------------------------------------------------------


def iter_functions(
    tree: ast.Module,
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(qualname, node) of module functions and methods of (nested) classes."""

    def walk(
        body: list[ast.stmt], prefix: str
    ) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield prefix + node.name, node
            elif isinstance(node, ast.ClassDef):
                yield from walk(node.body, f"{prefix}{node.name}.")

    yield from walk(tree.body, "")


def doc_span(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, int] | None:
    first = node.body[0] if node.body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
        and first.end_lineno is not None
    ):
        return first.lineno, first.end_lineno
    return None


def entry_lines(lines: list[str], span: tuple[int, int], name: str) -> list[int]:
    """Lines of the docstring's entry for ``name`` (Google, NumPy, reST), continuation
    lines included."""
    head = re.compile(
        rf"^\s*(?:\*{{0,2}}{re.escape(name)}\s*(?:\([^)]*\))?\s*:(?!:)"
        rf"|:(?:param|parameter|arg|argument|type|keyword|key)(?:\s+[^:]*?)?\s+{re.escape(name)}\s*:)"
    )
    out: list[int] = []
    for no in range(span[0], span[1] + 1):
        if head.match(lines[no - 1]):
            indent = len(lines[no - 1]) - len(lines[no - 1].lstrip())
            out.append(no)
            nxt = no + 1
            while nxt <= span[1]:
                text = lines[nxt - 1]
                if not text.strip() or len(text) - len(text.lstrip()) <= indent:
                    break
                out.append(nxt)
                nxt += 1
    return out


def marked_lines(lines: list[str], span: tuple[int, int], name: str) -> list[int]:
    """Lines naming ``name`` in code markup: backticks, reST roles, ``*emphasis*``, ``name()``."""
    esc = re.escape(name)
    mark = re.compile(rf"`[~!.\w]*?\b{esc}(?:\(\))?`|\*{{1,2}}{esc}\*{{1,2}}|(?<![\w.]){esc}\(\)")
    mark_dotted = re.compile(rf"`~?[\w.]*\.{esc}(?:\(\))?`")
    return [
        no
        for no in range(span[0], span[1] + 1)
        if mark.search(lines[no - 1]) or mark_dotted.search(lines[no - 1])
    ]


_RETURN_HEAD = re.compile(r"^\s*Returns?\s*:?\s*$")
_RETURN_FIELD = re.compile(r"^\s*:(?:returns?|rtype)\s*:")


def return_claim_lines(lines: list[str], span: tuple[int, int]) -> list[int]:
    """Lines of the docstring's return claim: a Returns section's first paragraph,
    ``:returns:``/``:rtype:`` fields with their continuations, a line starting "Return(s)"."""
    out: list[int] = []
    no = span[0]
    while no <= span[1]:
        text = lines[no - 1]
        bare = text.strip().lstrip("rRuU").lstrip("\"'").strip()
        if _RETURN_HEAD.match(text) or _RETURN_FIELD.match(text):
            field = bool(_RETURN_FIELD.match(text))
            indent = len(text) - len(text.lstrip())
            if field:
                out.append(no)
            nxt = no + 1
            if nxt <= span[1] and re.fullmatch(r"\s*-{3,}\s*", lines[nxt - 1]):
                nxt += 1  # NumPy underline
            while nxt <= span[1]:
                t = lines[nxt - 1]
                if not t.strip() or t.strip().strip("\"'") == "":
                    break
                if field and len(t) - len(t.lstrip()) <= indent:
                    break
                out.append(nxt)
                nxt += 1
            no = nxt
            continue
        if re.match(r"Returns?\b(?!:)", bare):
            out.append(no)
        no += 1
    return sorted(set(out))
