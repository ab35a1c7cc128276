"""Three readings that settle a summary's return claim (:mod:`.prose_returns`) by what the
rest of the docstring and the signature say the summary is about.

* :func:`values_listed` -- a "Whether ..." summary whose description quotes the strings the
  body returns ("``'continuous'`` when ...; ``'lapsed'`` when ...", edgartools'
  ``ShelfLifecycle.continuity -> Optional[str]``, round 94): the question the property
  answers, with its answers spelt out as the text values that come back (Java: a ``@return``
  quoting two such values or more).
* :func:`names_the_arguments` -- a noun-phrase summary on a function annotated ``-> None`` that
  coordinates as many things as the function takes parameters annotated with the claimed kind
  ("Tuple of input shape and array shape" on coffea's ``_equal_shape(mod_in: tuple, arr_shape:
  tuple) -> None``, round 94): it names the arguments.  One thing over one such parameter ("A
  list of samplers." on ``configure(self, samplers: list) -> None``, ``test_static_ty12b``) is
  as often a stale return claim and stays judged.
* :func:`cli_command` -- a function ``-> None`` that a CLI framework's ``command`` decorator
  registers (click's ``@group.command("list")``, typer's ``@app.command()``): its docstring is
  the command's help, and "List of all registered models within the model registry." (zenml,
  round 103) titles what the command prints; the framework drops what it returns.
"""

from __future__ import annotations

import ast
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.returns_annotation import annotation_kinds
from docref.checks.static.returns_raises_ast import function_node, own_nodes
from docref.segments import Segment

__all__ = ["cli_command", "names_the_arguments", "values_listed"]


def _returned_strings(inp: StaticInput) -> set[str]:
    """The string literals a ``return`` of the function gives, either side of a conditional
    expression included (``return "lapsed" if gaps else "continuous"``)."""
    node = function_node(inp.data, inp.function)
    if node is None:
        return set()
    out: set[str] = set()
    stack = [sub.value for sub in own_nodes(node) if isinstance(sub, ast.Return) and sub.value]
    while stack:
        value = stack.pop()
        if isinstance(value, ast.IfExp):
            stack += [value.body, value.orelse]
        elif isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
            out.add(value.value)
    return out


# a string literal a Javadoc ``@return`` quotes: ``"probably"`` (``{@code "maybe"}`` renders so)
_JAVA_STRING = re.compile(r'"([^"\n]*)"')


def values_listed(inp: StaticInput, claimed: Segment, claim: str, kinds: set[str]) -> bool:
    """A boolean claim on a function that may return a ``str`` whose docstring, outside the
    claim's sentence, quotes (or marks as code) a string literal the body returns: the answers
    are documented as those values.  A "Whether ..." on a property returning a label it reads
    from elsewhere names no such value and stays judged.  Java: the ``@return`` tag quotes two
    string values or more (HtmlUnit's "Determines whether the specified media type can be
    played back." over ``@return "probably", "maybe", or ""`` on ``String canPlayType``, the
    DOM's answer, round 107j), whether the body returns them as literals or hands on another
    method's."""
    if claim != "bool" or "str" not in kinds:
        return False
    if inp.file.language == "java":
        return any(
            seg.kind == "returns"
            and seg is not claimed
            and len(set(_JAVA_STRING.findall(seg.text))) >= 2
            for seg in inp.docstring.segments
        )
    if inp.file.language != "python":
        return False
    returned = _returned_strings(inp)
    if not returned:
        return False
    text = "\n".join(s.text for s in inp.docstring.segments if s is not claimed)
    for value in returned:
        quoted = rf"""(['"]){re.escape(value)}\1|(?<!`)(`{{1,2}}){re.escape(value)}\2(?!`)"""
        if re.search(quoted, text) is not None:
            return True
    return False


# "Tuple of input shape and array shape": the kind, "of", then the things joined by "and" / ","
_OF_THINGS = re.compile(r"^\s*(?:an?\s+|the\s+)?\w+\s+of\s+(?P<things>[^.;:()]+?)\s*\.?\s*$", re.I)
_JOINED = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)


def names_the_arguments(inp: StaticInput, claimed: Segment, text: str, claim: str) -> bool:
    """A summary that is the claim's whole noun phrase (no "Returns" verb), on a function
    annotated ``-> None``, coordinating two or more things ("X of A and B") where the function
    takes exactly that many parameters annotated with the claimed kind: the summary names them."""
    fn = inp.function
    if claimed.kind != "summary" or text != claimed.text or inp.file.language != "python":
        return False
    if fn.returns is None or annotation_kinds(fn.returns) != {"None"}:
        return False
    match = _OF_THINGS.match(" ".join(text.split()))
    if match is None:
        return False
    things = [t for t in _JOINED.split(match["things"]) if t.strip()]
    of_kind = [
        p
        for p in fn.params
        if p.name not in ("self", "cls")
        and p.kind not in ("vararg", "kwarg")
        and p.annotation
        and annotation_kinds(p.annotation) == {claim}
    ]
    return len(things) >= 2 and len(of_kind) == len(things)


# ``@models.command("list", help=...)``, ``@click.command()``, ``@app.command()``: the call of a
# ``command`` attribute or function as a decorator (a group's ``command`` registers the function)
_COMMAND_DECORATOR = re.compile(r"(?:[A-Za-z_][\w.]*\.)?command\s*(?:\(|$)")


def cli_command(inp: StaticInput) -> bool:
    """The documented function is registered as a CLI command by a ``command`` decorator (see
    ``_COMMAND_DECORATOR``): what its summary names is the command's output, not a value."""
    return any(_COMMAND_DECORATOR.match(d) is not None for d in inp.function.decorators)
