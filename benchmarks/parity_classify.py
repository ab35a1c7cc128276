"""Classification half of the pydoclint parity script (see ``parity_pydoclint.py``).

The shared records (``Case``, ``StyleRun``, ``Verdict``, the pydoclint-code → docref-rule
``MAPPING``), the corpus index read with ``ast``, a deliberately small type normaliser of its
own, and the classifier: a pydoclint violation docref does not match is ``scope``/``wrong``
where the reason is mechanical (nothing documented, nothing annotated, one type spelled two
ways), else it takes the first matching hand verdict of PARITY.md, else stays "unreviewed".
"""

from __future__ import annotations

import ast
import fnmatch
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

UNIT_STATUSES = ("matched", "miss", "unreviewed", "design", "wrong", "scope")
EXTRA_STATUSES = ("right", "wrong", "unreviewed")

_DOC203_COUNTS = re.compile(r"annotation has (\d+) type\(s\); docstring return section has (\d+)")
_DOC203_TYPES = re.compile(r"annotation types: (\[.*\]); docstring return section types: (\[.*\])")
_DOC404_TYPES = re.compile(r"\): (.*); docstring \"yields\" section types: (.*)$")
_VERDICT_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*(\w+)\s*\|\s*(.*?)\s*\|\s*$")


@dataclass(frozen=True)
class Mapping:
    """The docref rules that answer one pydoclint code; completeness ones need ``--enable``."""

    rules: frozenset[str]
    completeness: bool = False


# The overlap only.  DOC103 and DOC503 are split per name: their "documented but absent" half is
# a consistency check, their "present but undocumented" half is completeness (DOC-PARAM-MISSING
# for parameters, nothing for exceptions).
MAPPING: dict[str, Mapping] = {
    "DOC101": Mapping(frozenset({"DOC-PARAM-MISSING"}), completeness=True),
    "DOC102": Mapping(frozenset({"C1-PARAM-UNKNOWN"})),
    "DOC103-doc": Mapping(frozenset({"C1-PARAM-UNKNOWN"})),
    "DOC103-sig": Mapping(frozenset({"DOC-PARAM-MISSING"}), completeness=True),
    "DOC105": Mapping(frozenset({"C2-PARAM-TYPE", "C2-DEFAULT-MISMATCH", "C2-OPTIONAL-FLAG"})),
    "DOC202": Mapping(frozenset({"C3-RETURNS-YIELDS"})),
    "DOC203": Mapping(frozenset({"C2-RETURN-TYPE", "C3-RETURNS-YIELDS"})),
    "DOC402": Mapping(frozenset({"C3-RETURNS-YIELDS"})),
    "DOC403": Mapping(frozenset({"C3-RETURNS-YIELDS"})),
    "DOC404": Mapping(frozenset({"C2-YIELD-TYPE", "C3-RETURNS-YIELDS"})),
    "DOC405": Mapping(frozenset({"C3-RETURNS-YIELDS", "C2-RETURN-TYPE", "C2-YIELD-TYPE"})),
    "DOC502": Mapping(frozenset({"C3-RAISES"})),
    "DOC503-doc": Mapping(frozenset({"C3-RAISES"})),
}


@dataclass
class Case:
    """A pydoclint violation (or one name it lists; ``check`` is its code) or a docref extra
    (``check`` is its rule), with its status (UNIT_STATUSES / EXTRA_STATUSES) and why."""

    style: str
    check: str
    path: str
    function: str
    item: str
    line: int
    message: str
    status: str = "unreviewed"
    reason: str = ""


@dataclass
class StyleRun:
    """Everything measured for one style folder."""

    style: str
    units: list[Case] = field(default_factory=list)
    extras: list[Case] = field(default_factory=list)
    not_covered: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


@dataclass
class Verdict:
    """One row of PARITY.md's hand-verdict table: an fnmatch pattern over case keys."""

    pattern: str
    status: str
    reason: str
    used: int = 0


# --- the corpus, read with ast (independent of both tools) ---------------------------------


Definition = tuple[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, ast.ClassDef | None]


@dataclass
class FileIndex:
    """One corpus file's definitions (node, enclosing class) by qualname, and def/decorator
    lines to qualnames."""

    definitions: dict[str, Definition] = field(default_factory=dict)
    by_line: dict[int, str] = field(default_factory=dict)


def function_key(qualname: str) -> str:
    """A class and its ``__init__`` are one alignment unit: both tools move between the class
    docstring and the constructor's."""
    return qualname.removesuffix(".__init__")


def index_file(path: Path) -> FileIndex:
    """Qualnames the way docref writes them (``Outer.inner`` for nested functions too)."""
    index = FileIndex()
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return index  # pydoclint says DOC002; units fall back to the name in its message

    def visit(node: ast.AST, prefix: str, owner: ast.ClassDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                visit(child, prefix, owner)
                continue
            qualname = f"{prefix}{child.name}"
            index.definitions[qualname] = (child, owner)
            for line in [child.lineno, *(d.lineno for d in child.decorator_list)]:
                index.by_line.setdefault(line, qualname)
            visit(child, f"{qualname}.", child if isinstance(child, ast.ClassDef) else None)

    visit(tree, "", None)
    return index


# --- type spellings: an independent, deliberately small normaliser -------------------------
# It only decides whether a pydoclint type complaint is a spelling difference (List vs list,
# Optional[X] vs X | None, union order, ", optional", ", default ...").  It is not docref's
# normaliser, so a bug there cannot hide behind it.

_ALIASES = {"List": "list", "Dict": "dict", "Tuple": "tuple", "Set": "set", "Type": "type"}
_ALIASES |= {"FrozenSet": "frozenset", "NoneType": "None", "Text": "str"}
_QUALIFIERS = ("typing.", "typing_extensions.", "t.", "collections.abc.")
_DOC_SUFFIX = re.compile(r"^(optional|defaults?\b.*)$", re.I)


def _members(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _members(node.left) + _members(node.right)
    if isinstance(node, ast.Subscript):
        base = ast.unparse(node.value).removeprefix("typing.")
        if base == "Optional":
            return [*_members(node.slice), ast.Constant(None)]
        if base == "Union":
            inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            return [m for e in inner for m in _members(e)]
    return [node]


def _canon(node: ast.expr) -> str:
    members = _members(node)
    if len(members) > 1:
        return " | ".join(sorted({_canon(m) for m in members}))
    node = members[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if re.fullmatch(r"[\w.\[\], |]+", node.value):  # a forward reference
            return canonical_type(node.value) or node.value
        return repr(node.value)  # Literal / Annotated metadata
    if isinstance(node, ast.Subscript):
        inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return f"{_canon(node.value)}[{', '.join(_canon(e) for e in inner)}]"
    if isinstance(node, ast.List):
        return f"[{', '.join(_canon(e) for e in node.elts)}]"
    text = ast.unparse(node)
    for qualifier in _QUALIFIERS:
        text = text.removeprefix(qualifier)
    return _ALIASES.get(text, text)


def split_top_level(text: str, separator: str = ",") -> list[str]:
    """``text`` split at ``separator`` outside brackets and quotes."""
    parts, depth, quote, current = [], 0, "", ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        else:
            depth += (char in "[({") - (char in "])}")
        if char == separator and depth == 0 and not quote:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    return [*parts, current.strip()]


def canonical_type(text: str, default_is_none: bool = False) -> str | None:
    """One spelling per type, or None when ``text`` does not parse as a type expression.

    Documentation decorations go first: backticks, ``, optional``, ``, default ...`` and
    ``= value``; ``optional`` adds ``None`` when the signature default is None."""
    parts = split_top_level(text.strip().strip("`").strip())
    optional = any(p.lower() == "optional" for p in parts[1:])
    kept = [p for i, p in enumerate(parts) if i == 0 or not _DOC_SUFFIX.match(p)]
    text = re.sub(r"\s*=\s*[^\]]*$", "", ", ".join(kept))
    if optional and default_is_none:
        text = f"{text} | None"
    try:
        return _canon(ast.parse(text, mode="eval").body)
    except SyntaxError:
        return None


def same_type(documented: str, annotation: str, default_is_none: bool = False) -> bool:
    doc = canonical_type(documented, default_is_none)
    return doc is not None and doc == canonical_type(annotation)


# --- what a docstring and a signature say, for classifying misses -------------------------

_RETURNS_SECTION = {
    "google": re.compile(r"^\s*Returns?:\s*$", re.M),
    "numpy": re.compile(r"^\s*Returns\s*\n\s*-{3,}", re.M),
    "sphinx": re.compile(r":returns?:|:rtype:"),
}


def _doc_arg_type(style: str, doc: str, name: str) -> str | None:
    """The type a docstring gives parameter ``name``, found by each style's entry shape."""
    bare = re.escape(name.lstrip("*"))
    patterns = {
        "google": rf"^[ \t]*\\?\**{bare}[ \t]*\((.+)\)[ \t]*:",
        "numpy": rf"^[ \t]*\\?\**{bare}[ \t]*:[ \t]*(.+?)[ \t]*$",
        "sphinx": rf":type[ \t]+\\?\**{bare}[ \t]*:[ \t]*(.+?)[ \t]*$"
        rf"|:param[ \t]+([^:\n]+?)[ \t]+\\?\**{bare}[ \t]*:",
    }
    match = re.search(patterns[style], doc, re.M)
    return next((g for g in match.groups() if g), None) if match is not None else None


def _docstrings(defn: Definition) -> str:
    """The function's docstring plus, for ``__init__``, the class docstring it may live in."""
    node, owner = defn
    texts = [ast.get_docstring(node) or ""]
    if node.name == "__init__" and owner is not None:
        texts.append(ast.get_docstring(owner) or "")
    return "\n".join(texts)


def _signature_arg(defn: Definition, name: str) -> tuple[ast.arg, bool] | None:
    """The parameter ``name`` and whether its default is ``None``."""
    if isinstance(defn[0], ast.ClassDef):
        return None
    args = defn[0].args
    positional = [*args.posonlyargs, *args.args]
    defaults = dict(zip([a.arg for a in positional][::-1], args.defaults[::-1], strict=False))
    defaults.update(
        {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None}
    )
    for arg in [*positional, *args.kwonlyargs, args.vararg, args.kwarg]:
        if arg is not None and arg.arg == name.lstrip("*"):
            default = defaults.get(arg.arg)
            return arg, isinstance(default, ast.Constant) and default.value is None
    return None


# --- classification -------------------------------------------------------------------------


def _joined(types: list[str]) -> str:
    return types[0] if len(types) == 1 else f"tuple[{', '.join(types)}]"


def _type_list(text: str) -> list[str]:
    """A pydoclint type list such as ``['int', 'str']``; [] when it does not read as one."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return []
    return [str(v) for v in value] if isinstance(value, list) else []


def mechanical_reason(unit: Case, style: str, index: FileIndex) -> str | None:
    """``scope: ...`` or ``wrong: ...`` when the reason pydoclint's complaint is no contradiction
    is mechanical: nothing documented, nothing annotated, or one type spelled two ways."""
    if MAPPING[unit.check].completeness:
        return None  # the opt-in rule exists: an unmatched case there needs reading
    defn = index.definitions.get(f"{unit.function}.__init__") or index.definitions.get(
        unit.function
    )
    msg = unit.message
    if unit.check == "DOC203" and (counts := _DOC203_COUNTS.search(msg)) is not None:
        if counts[2] == "0":
            return "scope: completeness, no Returns section to contradict the annotation"
        return "scope: no return annotation to compare with" if counts[1] == "0" else None
    if unit.check == "DOC203" and (types := _DOC203_TYPES.search(msg)) is not None:
        annotated, returned = _type_list(types[1]), _type_list(types[2])
        if returned and not any(returned):
            return "scope: completeness, the Returns section states no type"
        if returned and annotated and same_type(_joined(returned), _joined(annotated)):
            return f"wrong: one type spelled two ways: {returned} vs {annotated}"
    if unit.check == "DOC404":
        if "does not exist or has 0 type" in msg:
            return "scope: completeness, no Yields section (or no type in it)"
        found = _DOC404_TYPES.search(msg)
        if found is not None and same_type(found[2], found[1]):
            return f"wrong: one type spelled two ways: {found[2]} vs {found[1]}"
    if unit.check == "DOC402" and defn and not _RETURNS_SECTION[style].search(_docstrings(defn)):
        return "scope: completeness, neither Yields nor Returns documented"
    if unit.check == "DOC105" and defn is not None:
        arg = _signature_arg(defn, unit.item)
        if arg is None or arg[0].annotation is None:
            return "scope: no annotation to compare with"
        documented = _doc_arg_type(style, _docstrings(defn), unit.item)
        annotation = ast.unparse(arg[0].annotation)
        if documented is None:
            return "scope: completeness, the docstring gives no type"
        if same_type(documented, annotation, arg[1]):
            return f"wrong: one type spelled two ways: {documented} vs {annotation}"
    return None


def load_verdicts(path: Path) -> tuple[list[Verdict], list[str]]:
    """The hand-verdict rows of PARITY.md; rows with an unknown status are reported, not used."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        return [], [f"{path}: cannot read hand verdicts ({exc}); every case stays unreviewed"]
    verdicts, problems = [], []
    for number, line in enumerate(lines, 1):
        if (row := _VERDICT_ROW.match(line)) is None:
            continue
        if row[2] in UNIT_STATUSES[1:] or row[2] in EXTRA_STATUSES:
            verdicts.append(Verdict(row[1], row[2], row[3]))
        else:
            problems.append(f"{path}:{number}: unknown verdict {row[2]!r}, row ignored")
    return verdicts, problems


def _hand(verdicts: list[Verdict], key: str, allowed: tuple[str, ...]) -> tuple[str, str] | None:
    for verdict in verdicts:
        if verdict.status in allowed and fnmatch.fnmatchcase(key, verdict.pattern):
            verdict.used += 1
            return verdict.status, verdict.reason
    return None


def classify(run: StyleRun, indexes: dict[str, FileIndex], verdicts: list[Verdict]) -> None:
    """Give every unmatched unit and every extra its status and one line of why."""
    for unit in (u for u in run.units if u.status != "matched"):
        mechanical = mechanical_reason(unit, run.style, indexes.get(unit.path, FileIndex()))
        key = f"{run.style}:{unit.path}::{unit.function}::{unit.check}::{unit.item}"
        if mechanical is not None:
            unit.status, _, unit.reason = mechanical.partition(": ")
        elif (hand := _hand(verdicts, key, UNIT_STATUSES[1:])) is not None:
            unit.status, unit.reason = hand
        else:
            unit.status, unit.reason = "unreviewed", "not read yet: counted as a miss"
    for extra in run.extras:
        key = f"{run.style}:{extra.path}::{extra.function}::{extra.check}"
        if (hand := _hand(verdicts, key, EXTRA_STATUSES)) is not None:
            extra.status, extra.reason = hand
