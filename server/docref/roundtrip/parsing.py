"""Reading a model's answer as a function body: fences, prose, indentation, validation.

Models wrap code in fences, add a sentence before or after it, repeat the whole ``def``, or
lose the indentation of the first line. Each of these is repaired (and the repair noted); an
answer that still does not compile as the body of a function is rejected with the reason,
and that candidate counts as failing -- as in pass@k, a sample that is not a program fails.

Indentation is changed string-aware: the continuation lines of a multi-line string literal
are never re-indented, so splicing a body never alters its string constants.
"""

from __future__ import annotations

import ast
import keyword
import re
from dataclasses import dataclass, field

__all__ = ["ParsedAnswer", "dedent_code", "indent_code", "parse_answer"]

_FENCE = re.compile(
    r"^[ \t]*(```+|~~~+)[ \t]*([\w+.-]*)[^\n]*\n(.*?)(?:^[ \t]*\1[ \t]*$|\Z)", re.M | re.S
)
_PY_LANGS = frozenset({"", "python", "py", "python3", "py3"})
_PROSE = re.compile(r"[A-Za-z][^=(){}\[\]#]*")
_MAX_TRIM = 8


@dataclass(slots=True)
class ParsedAnswer:
    """A usable body (``code``, dedented to column 0) or the ``reason`` it was rejected.

    ``notes`` lists the repairs made on the way (code block taken, prose dropped, ...).
    """

    code: str | None
    reason: str | None = None
    notes: list[str] = field(default_factory=list)


def _string_rows(code: str) -> set[int]:
    """1-based rows of ``code`` that continue a multi-line string literal (or f-string)."""
    for prefix, shift in (("", 0), ("if True:\n", 1)):
        try:
            tree = ast.parse(prefix + code)
        except (SyntaxError, ValueError):
            continue
        rows: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) or (
                isinstance(node, ast.Constant) and isinstance(node.value, str | bytes)
            ):
                end = node.end_lineno or node.lineno
                rows.update(r - shift for r in range(node.lineno + 1, end + 1))
        return rows
    return set()


def dedent_code(code: str) -> str:
    """Remove the common indentation of ``code``'s lines, leaving string continuations alone.

    Args:
        code (str): Source lines, possibly indented as a whole.

    Returns:
        str: The same code starting at column 0.
    """
    lines = code.expandtabs(8).split("\n") if "\t" in _lead(code) else code.split("\n")
    skip = _string_rows("\n".join(lines))
    widths = [
        len(line) - len(line.lstrip(" \t"))
        for row, line in enumerate(lines, 1)
        if line.strip() and row not in skip
    ]
    cut = min(widths, default=0)
    if not cut:
        return "\n".join(lines)
    out = [
        line if row in skip else (line[cut:] if line.strip() else "")
        for row, line in enumerate(lines, 1)
    ]
    return "\n".join(out)


def _lead(code: str) -> str:
    return "".join(line[: len(line) - len(line.lstrip())] for line in code.split("\n"))


def indent_code(code: str, indent: str) -> str:
    """Prefix every code line of ``code`` with ``indent`` (blank lines stay empty).

    Args:
        code (str): Dedented source (column 0).
        indent (str): The indentation to add.

    Returns:
        str: The indented code; string-literal continuation lines unchanged.
    """
    skip = _string_rows(code)
    return "\n".join(
        line if row in skip or not line.strip() else indent + line
        for row, line in enumerate(code.split("\n"), 1)
    )


def _compiles(body: str, is_async: bool) -> str | None:
    """``None`` when ``body`` is valid as a function body, else the syntax error, worded."""
    wrapper = f"{'async ' if is_async else ''}def __docref_candidate__():\n"
    wrapped = wrapper + indent_code(body, "    ") + "\n"
    try:
        ast.parse(wrapped)
    except SyntaxError as exc:
        line = (exc.lineno or 1) - 1
        return f"does not parse: {exc.msg} (line {max(line, 1)} of the body)"
    except ValueError as exc:  # null bytes
        return f"does not parse: {exc}"
    try:
        compile(wrapped, "<candidate>", "exec", dont_inherit=True)
    except SyntaxError as exc:
        # a nested target may use ``nonlocal``; at top level only the compiler objects to it
        if "nonlocal" not in (exc.msg or ""):
            return f"does not compile: {exc.msg} (line {max((exc.lineno or 1) - 1, 1)} of the body)"
    return None


def _fenced(text: str) -> tuple[str, bool]:
    blocks = [(m.group(2).lower(), m.group(3)) for m in _FENCE.finditer(text)]
    if not blocks:
        return text, False
    python = [code for lang, code in blocks if lang in _PY_LANGS]
    return (python or [blocks[0][1]])[0], True


def _is_prose(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return True
    if not _PROSE.fullmatch(stripped) or " " not in stripped:
        return False
    first = re.split(r"[\s:]", stripped, maxsplit=1)[0]
    return not keyword.iskeyword(first) and not keyword.issoftkeyword(first)


def _from_definition(code: str, name: str) -> tuple[str, str] | None:
    """The body of ``def name`` when the answer is a whole definition (plus its imports)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    nodes = list(tree.body)
    if len(nodes) == 1 and isinstance(nodes[0], ast.ClassDef):
        nodes = list(nodes[0].body)
    defs = [n for n in nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    rest = [n for n in nodes if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    if len(defs) != 1 or defs[0].name != name:
        return None
    if any(not isinstance(n, ast.Import | ast.ImportFrom | ast.Expr) for n in rest):
        return None
    fn = defs[0]
    body = list(fn.body)
    first = body[0] if body else None
    is_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
    if is_doc and isinstance(getattr(getattr(first, "value", None), "value", None), str):
        body = body[1:]
    lines = code.split("\n")
    imports = [
        dedent_code("\n".join(lines[n.lineno - 1 : n.end_lineno]))
        for n in rest
        if isinstance(n, ast.Import | ast.ImportFrom)
    ]
    if not body:
        return "\n".join(imports), "the answer was a whole definition without a body"
    text = dedent_code("\n".join(lines[body[0].lineno - 1 : fn.end_lineno]))
    return "\n".join([*imports, text]), "the answer was a whole definition: its body was used"


def _indent_repairs(code: str) -> list[tuple[str, str | None]]:
    """Dedented ``code``, then a variant with the first line moved to the others' indent."""
    options: list[tuple[str, str | None]] = [(dedent_code(code), None)]
    lines = code.split("\n")
    rest = [ln for ln in lines[1:] if ln.strip()]
    if lines and lines[0].strip() and not lines[0][:1].isspace() and rest:
        common = min(len(ln) - len(ln.lstrip()) for ln in rest)
        if common:
            fixed = " " * common + lines[0] + "\n" + "\n".join(lines[1:])
            options.append((dedent_code(fixed), "the first line's indentation was repaired"))
    return options


def parse_answer(text: str, *, name: str, is_async: bool = False) -> ParsedAnswer:
    """Turn a model's answer into a function body, repairing what can be repaired.

    Args:
        text (str): The raw answer.
        name (str): The function's name (an answer repeating ``def name`` is unwrapped).
        is_async (bool): The function is ``async def`` (``await`` is then allowed).

    Returns:
        ParsedAnswer: The body dedented to column 0, or ``code=None`` with the reason.
    """
    if not text.strip():
        return ParsedAnswer(None, "empty answer")
    notes: list[str] = []
    code, fenced = _fenced(text.replace("\r\n", "\n"))
    if fenced:
        notes.append("taken from a code block")
    code = code.strip("\n")
    if not code.strip():
        return ParsedAnswer(None, "the answer holds no code", notes)
    lines = code.split("\n")
    if all(_is_prose(line) for line in lines):
        return ParsedAnswer(None, "the answer holds no code, only prose", notes)
    first_error: str | None = None
    # least trimming first: whole answer, then prose lines dropped from either end
    for lead in range(min(_MAX_TRIM, len(lines)) + 1):
        if lead and not _is_prose(lines[lead - 1]):
            break
        for tail in range(min(_MAX_TRIM, len(lines) - lead) + 1):
            if tail and not _is_prose(lines[len(lines) - tail]):
                break
            chunk = "\n".join(lines[lead : len(lines) - tail]).strip("\n")
            if not chunk.strip():
                continue
            result = _try(chunk, name, is_async)
            if isinstance(result, str):
                first_error = first_error or result
                continue
            body, extra = result
            dropped = lead + tail
            if dropped and any(ln.strip() for ln in lines[:lead] + lines[len(lines) - tail :]):
                extra.insert(0, f"{dropped} line(s) of prose dropped")
            return ParsedAnswer(body, None, notes + extra)
    return ParsedAnswer(None, first_error or "the answer holds no code", notes)


def _try(chunk: str, name: str, is_async: bool) -> tuple[str, list[str]] | str:
    """A valid body from ``chunk`` with its repair notes, or the first error met."""
    error: str | None = None
    whole = _from_definition(dedent_code(chunk), name)
    if whole is not None:
        body, note = whole
        if not body.strip():
            return "the answer is a definition without a body"
        error = _compiles(body, is_async)
        if error is None:
            return body, [note]
    for candidate, repair in _indent_repairs(chunk):
        if not _has_statement(candidate):
            return "the answer holds no statements"
        problem = _compiles(candidate, is_async)
        if problem is None:
            return candidate, [repair] if repair else []
        error = error or problem
    return error or "does not parse"


def _has_statement(body: str) -> bool:
    try:
        return bool(ast.parse(body).body)
    except (SyntaxError, ValueError):
        return True  # let the compile step word the syntax error
