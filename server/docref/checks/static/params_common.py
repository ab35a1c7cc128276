"""What the parameter rules share: the signatures a documented name is checked against
(a function and its ``@overload`` siblings), the names a docstring documents, and the name
spellings both sides agree on (stars, escapes, PEP 8's trailing underscore).

Split from :mod:`.params` (the rule itself) so the modules that only need these helpers
(the type, default and completeness rules, the fixes) do not read the rule.
"""

from __future__ import annotations

import builtins
import keyword
import re
import unicodedata
from collections.abc import Container, Iterator

from docref.checks.static.base import StaticInput
from docref.core.findings import Evidence
from docref.core.segment import Segment
from docref.graph.model import FileExtract, Function, Param

__all__ = [
    "documented_names",
    "greek_spelled",
    "import_aliases",
    "numpydoc_ignores",
    "parameters",
    "signature_evidence",
    "signature_name",
    "signatures",
    "split_names",
    "strip_name",
]


def signature_evidence(inp: StaticInput) -> Evidence:
    """The function's signature as evidence (see :meth:`StaticInput.signature_evidence`)."""
    return inp.signature_evidence()


def import_aliases(extract: FileExtract, function: Function | None = None) -> dict[str, str]:
    """Local import names mapped to qualified names, for the type normaliser.

    ``import datetime as dt`` → ``{"dt": "datetime"}``; ``from typing import Optional as Opt``
    → ``{"Opt": "typing.Optional"}``; ``from a.b import C`` → ``{"C": "a.b.C"}``.  Relative,
    star and Java imports are left out; function-local imports count for that function only.
    """
    aliases: dict[str, str] = {}
    if extract.language != "python":
        return aliases
    scopes = {"", function.qualname} if function is not None else {""}
    for imp in extract.imports:
        if imp.level or imp.scope not in scopes or imp.name == "*" or not imp.module:
            continue
        if imp.name is None and not imp.alias:
            continue  # ``import a.b`` binds ``a`` to the package ``a`` itself: no alias
        target = f"{imp.module}.{imp.name}" if imp.name else imp.module
        bound = imp.bound_name
        if bound != target:
            aliases[bound] = target
    return aliases


def strip_name(name: str) -> str:
    """A documented parameter name without stars, backslashes, backticks and spaces."""
    return name.replace("\\", "").strip().strip("`").strip().lstrip("*").strip()


def split_names(name: str) -> list[str]:
    """The names of one entry: NumPy ``x1, x2`` gives two; each stripped (see above)."""
    return [stripped for part in name.split(",") if (stripped := strip_name(part))]


# Names a parameter takes a trailing underscore to avoid (PEP 8): keywords and builtins.
_RESERVED = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset(dir(builtins))


def signature_name(name: str, names: Container[str]) -> str:
    """The parameter a documented ``name`` stands for: itself, or the name with PEP 8's
    trailing underscore when the signature spells a keyword or builtin that way
    (``:param class:`` for ``class_``: the documented name could not be a parameter), or the
    spelled-out name of a Greek letter the docstring writes as the letter (``:param θ:`` for
    ``theta``: scientific docstrings write the notation, the signature the ASCII name), or
    the ASCII letter it looks like (``:param ω:`` for ``w``: the signature's stand-in), or
    the name of a positional-only ``__x`` (the convention before PEP 570, name-mangled in a
    class: ``x`` is the only name a reader can use; round 71, galgebra)."""
    if name in names:
        return name
    if not name.startswith("_") and "__" + name in names:
        return "__" + name
    if len(name) == 1 and not name.isascii():
        spelled = greek_spelled(name)
        found = (spelled, spelled + "_", _LOOK_ALIKES.get(name, "")) if spelled else ()
        return next((s for s in found if s and s in names), name)
    if name not in _RESERVED:
        return name
    return name + "_" if name + "_" in names else name


# small Greek letters an ASCII signature writes as the Latin letter of the same shape
_LOOK_ALIKES = {
    "\N{GREEK SMALL LETTER OMEGA}": "w",
    "\N{GREEK SMALL LETTER NU}": "v",
    "\N{GREEK SMALL LETTER CHI}": "x",
    "\N{GREEK SMALL LETTER RHO}": "p",
    "\N{GREEK SMALL LETTER KAPPA}": "k",
    "\N{GREEK SMALL LETTER OMICRON}": "o",
    "\N{GREEK SMALL LETTER UPSILON}": "u",
    "\N{GREEK SMALL LETTER IOTA}": "i",
}


def greek_spelled(letter: str) -> str:
    """``theta`` for ``θ`` (``Θ`` and the mathematical alphabets' thetas too); ``""`` for a
    letter that is not Greek."""
    words = unicodedata.name(letter, "").split()
    if "GREEK" not in words and "MATHEMATICAL" not in words:
        return ""
    return {"lamda": "lambda"}.get(words[-1].lower(), words[-1].lower())  # Unicode's spelling


# the last file's functions grouped by qualname (a file's functions are checked one after
# the other; a race between threads only costs a regrouping)
_grouped: tuple[FileExtract, dict[str, list[Function]]] | None = None


def signatures(inp: StaticInput) -> list[Function]:
    """The function and its ``@overload`` siblings of the same qualname in the file."""
    fn = inp.function
    # grouped once per extract: a scan of the file per function is quadratic in big files
    global _grouped
    last = _grouped
    if last is not None and last[0] is inp.file:
        groups = last[1]
    else:
        groups = {}
        for f in inp.file.functions:
            groups.setdefault(f.qualname, []).append(f)
        _grouped = (inp.file, groups)
    same = [f for f in groups.get(fn.qualname, ()) if f is not fn]
    return [fn, *same]


def parameters(inp: StaticInput) -> list[Param]:
    """The parameters of the function and its ``@overload`` siblings, each name once."""
    seen: dict[str, Param] = {}
    for function in signatures(inp):
        for param in function.params:
            seen.setdefault(param.name, param)
    return list(seen.values())


def documented_names(inp: StaticInput) -> Iterator[tuple[Segment, str, str]]:
    """(segment, name as documented without escapes, stripped name) for each param name."""
    for segment in inp.docstring.segments:
        if segment.kind != "param" or not segment.name:
            continue
        for part in segment.name.split(","):
            shown = part.replace("\\", "").strip().strip("`").strip()
            stripped = strip_name(part)
            if stripped:
                yield segment, shown, stripped


_NUMPYDOC_IGNORE = re.compile(r"#\s*numpydoc\s+ignore\s*=\s*([\w\s,]+)")
_HEADER = re.compile(r"^\s*(?:async\s+def|def|class)\b")


# the file text asked about last and whether it spells ``numpydoc`` at all: a file's functions
# are checked one after another.  Keyed by the text object itself, held here (immutable, and
# alive, so its identity cannot be another text's): a new text is a new key.
_SPELT: list[tuple[str, bool]] = [("", False)]


def _spells_numpydoc(source: str) -> bool:
    last = _SPELT[0]
    if last[0] is not source:
        last = _SPELT[0] = (source, "numpydoc" in source)
    return last[1]


def numpydoc_ignores(inp: StaticInput) -> set[str]:
    """The numpydoc validation codes the definition's header switches off
    (``class at:  # numpydoc ignore=PR02``): the project's own word that a check is moot."""
    if inp.file.language != "python" or not inp.docstring.segments:
        return set()
    codes: set[str] = set()
    # the 40 lines above the docstring only (a split of the whole prefix is quadratic)
    end = inp.docstring.segments[0].start
    if not _spells_numpydoc(inp.source):
        return codes  # no line above can match (nearly every file): no split, no scan
    begin = end
    for _ in range(41):
        begin = inp.source.rfind("\n", 0, begin)
        if begin < 0:
            break
    above = inp.source[begin + 1 : end].splitlines()
    for line in reversed(above[-40:]):
        match = _NUMPYDOC_IGNORE.search(line)
        if match:
            codes |= {code.strip() for code in match.group(1).split(",")}
        if _HEADER.match(line):
            break
    return codes
