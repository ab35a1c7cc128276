"""Members used through a typed receiver: ReFEree's ``typeof`` edge followed to the member.

``stock.level(sku)`` with ``stock: Inventory``, ``self.repo.save()`` with ``self.repo =
Repo()`` in ``__init__``, ``r = make_repo(); r.save()`` with ``def make_repo() -> Repo``,
Java ``rates.get(code)`` or ``prices.priceOf(sku)`` on a field: the block shown is the
member's own definition (the method, not the whole class), and a field the receiver is
read from gets its own block (its declaration is what says the type).  A receiver whose
type is not written anywhere (an unannotated parameter) gets no block: guessing a class
from a method name would show the judge code the function may never run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docref.context.resolve import JAVA_PRIMITIVES, Found, Resolver, external_name
from docref.graph.model import Class, Function, Variable
from docref.graph.python_refs import typed_locals

_CALL_VALUE = re.compile(r"=(?!=)\s*(?:await\s+)?([A-Za-z_][\w.]*)\s*\(")
# ``= repo`` or ``= repo or Repo()``: a parameter, with a constructed default
_NAME_VALUE = re.compile(r"=(?!=)\s*([A-Za-z_]\w*)\s*(?:or\s+([A-Za-z_][\w.]*)\s*\(.*)?$", re.S)
_OPTIONAL = re.compile(r"^(?:typing\.)?Optional\[(.*)\]$")
# words that precede a name the way a type does (``return x;``) but are not types
_JAVA_NOT_TYPES = frozenset(["return", "throw", "new", "case", "else", "yield", "assert", "do"])


@dataclass(slots=True)
class Hit:
    """One block a used name leads to: a project entity or an external qualified name.

    ``typed`` marks a member reached through a typed receiver: it is rendered with the
    fields of its class that it uses.
    """

    name: str
    found: Found | None = None
    external: str | None = None
    typed: bool = False


# a receiver's type: a project class, the qualified name of an external one, or unknown
_Type = Found | str | None


def type_name(annotation: str) -> str:
    """The class an annotation names: quotes, ``Optional[...]``, ``| None`` and generic
    arguments dropped (``list[Repo]`` is a list: its members are not ``Repo``'s)."""
    text = annotation.strip().strip("'\"").strip()
    match = _OPTIONAL.match(text)
    if match:
        text = match.group(1).strip()
    parts = [p.strip() for p in text.split("|") if p.strip() not in ("None", "")]
    if len(parts) != 1:
        return ""
    return parts[0].split("[", 1)[0].split("<", 1)[0].strip().strip("'\"")


class Receivers:
    """Typed-receiver lookups for one function, over its :class:`Resolver`."""

    def __init__(self, resolver: Resolver) -> None:
        self.r = resolver
        self._locals: dict[str, str] | None = None

    def hits(self, name: str) -> list[Hit] | None:
        """The blocks of ``name`` when it goes through a typed receiver, else None (the
        plain one-hop resolution applies)."""
        head, _, rest = name.partition(".")
        if not rest:
            return None
        r = self.r
        if r.fe.language == "java":
            return self.java_hits(head, rest)
        member = rest.split(".")[0]
        if head in ("self", "cls") and r.fn.parent_class:
            if "." not in rest:
                return None  # ``self.save()``: the plain resolution renders that method
            return self.through_field(name, head, member, rest.split(".")[1])
        if head in r.params:
            param = r.params[head]
            if not param.annotation:
                return None
            kind = self.annotated(r.fe.path, param.annotation)
        elif head in r.locals:
            expr = self.local_types().get(head)
            if expr is None:
                return None
            kind = self.of_expr(r.fe.path, expr)
        else:
            return self.through_global(head, member)
        return self.member_hits(f"{head}.{member}", kind, member)

    def through_global(self, head: str, member: str) -> list[Hit] | None:
        """``_repo.save()`` / ``log.info()`` on a module-level variable (this file's or an
        imported one): its assignment, then the member through its type."""
        found, _ = self.r.resolve(head)
        if found is None or not isinstance(found.entity, Variable):
            return None
        if found.entity.scope != "module":
            return None
        kind = self.of_variable(found.path, found.entity)
        return [Hit(head, found), *self.member_hits(f"{head}.{member}", kind, member)]

    # ---- Python -------------------------------------------------------------------------

    def local_types(self) -> dict[str, str]:
        if self._locals is None:
            r = self.r
            data = r.graph.source(r.fe.path).encode("utf-8", "surrogatepass")
            body = data[r.fn.header_span.end_byte : r.fn.span.end_byte]
            # strings are not blanked here: an ``=`` inside one only adds a local that the
            # reference scan (which does blank them) never kept a chain for
            self._locals = typed_locals(body)
        return self._locals

    def through_field(self, name: str, head: str, field: str, member: str) -> list[Hit] | None:
        r = self.r
        cls = r.member(r.fe.path, r.fn.parent_class or "")
        if not isinstance(cls, Class):
            return None
        found = r.class_member(r.fe.path, cls, field)
        if found is None or not isinstance(found.entity, Variable):
            return None
        out = [Hit(f"{head}.{field}", found)]
        kind = self.of_variable(found.path, found.entity)
        out.extend(self.member_hits(f"{head}.{field}.{member}", kind, member))
        return out

    def of_variable(self, path: str, var: Variable) -> _Type:
        """The type of a field: its annotation, else the call assigned to it (``Repo()``,
        ``make_repo()``), else the annotated parameter assigned to it (``self.repo =
        repo`` in ``__init__(self, repo: Repo)``), else the default constructed beside it
        (``self.repo = repo or Repo()``)."""
        if var.annotation:
            return self.annotated(path, var.annotation)
        r = self.r
        stmt = r.graph.source(path).encode("utf-8", "surrogatepass")
        text = stmt[var.span.start_byte : var.span.end_byte].decode("utf-8", "replace")
        call = _CALL_VALUE.search(text)
        if call:
            return self.of_expr(path, call.group(1) + "()")
        bare = _NAME_VALUE.search(text)
        fe = r.graph.get(path)
        if bare and fe is not None:
            for fn in fe.functions:
                if fn.parent_class == var.owner and fn.span.contains(var.span):
                    param = next((p for p in fn.params if p.name == bare.group(1)), None)
                    if param is not None and param.annotation:
                        return self.annotated(path, param.annotation)
        if bare and bare.group(2):
            return self.of_expr(path, bare.group(2) + "()")
        return None

    def annotated(self, path: str, annotation: str) -> _Type:
        """The class an annotation written in file ``path`` names."""
        dotted = type_name(annotation)
        if not dotted or dotted in JAVA_PRIMITIVES:
            return None
        r = self.r
        found = r.resolve_in_file(path, dotted)
        if found is not None:
            return found if isinstance(found.entity, Class) else None
        head, _, sub = dotted.partition(".")
        fe = r.graph.get(path)
        imports = r.imports if path == r.fe.path else (fe.imports if fe else [])
        for imp in imports:
            local = imp.level or r.graph.modules.resolve_import(path, imp)[0] is not None
            if imp.bound_name == head and not local:
                return external_name(imp, sub)
        return None

    def of_expr(self, path: str, expr: str) -> _Type:
        """An annotation, or ``callee()``: the class constructed or the callee's return type."""
        if not expr.endswith("()"):
            return self.annotated(path, expr)
        callee = expr[:-2]
        r = self.r
        if path == r.fe.path:
            found, _ = r.resolve(callee)
        else:
            found = r.resolve_in_file(path, callee)
        if found is None:
            return None
        ent = found.entity
        if isinstance(ent, Class):
            return found
        if isinstance(ent, Function) and ent.returns:
            return self.annotated(found.path, ent.returns)
        return None

    def member_hits(self, name: str, kind: _Type, member: str) -> list[Hit]:
        if isinstance(kind, str):
            return [Hit(name, external=f"{kind}.{member}")]
        if kind is None or not isinstance(kind.entity, Class):
            return []
        found = self.r.class_member(kind.path, kind.entity, member)
        return [] if found is None else [Hit(name, found, typed=True)]

    # ---- Java ---------------------------------------------------------------------------

    def java_hits(self, head: str, rest: str) -> list[Hit] | None:
        """``rates.get(code)`` / ``this.rates.get(code)`` on a field of the method's class:
        the field's declaration, then the member through the field's declared type."""
        r = self.r
        if not r.fn.parent_class:
            return None
        prefix = ""
        if head == "this":
            prefix, (head, _, rest) = "this.", rest.partition(".")
            if not rest:
                return None  # ``this.count``: the plain resolution renders the field
        elif head in r.params or head in r.locals:
            param = r.params.get(head)
            declared = param.annotation if param is not None else self.java_local_type(head)
            if not declared:
                return None
            kind = self.java_type(declared)
            return self.member_hits(f"{head}.{rest.split('.')[0]}", kind, rest.split(".")[0])
        cls = r.member(r.fe.path, r.fn.parent_class)
        if not isinstance(cls, Class):
            return None
        found = r.class_member(r.fe.path, cls, head)
        if found is None or not isinstance(found.entity, Variable):
            return None
        member = rest.split(".")[0]
        out = [Hit(prefix + head, found)]
        if found.entity.annotation:
            kind = self.java_type(found.entity.annotation)
            out.extend(self.member_hits(f"{prefix}{head}.{member}", kind, member))
        return out

    def java_local_type(self, name: str) -> str:
        """The declared type of a Java local (``Ledger l = ...``, ``for (Ledger l : ls)``,
        ``var l = new Ledger()``), read from the method's text; "" when not found."""
        r = self.r
        data = r.graph.source(r.fe.path).encode("utf-8", "surrogatepass")
        text = data[r.fn.header_span.end_byte : r.fn.span.end_byte].decode("utf-8", "replace")
        word = re.escape(name)
        for m in re.finditer(
            rf"([A-Za-z_$][\w$.]*)\s*(?:<[^;=(){{}}]*>)?\s+{word}\s*[=;:,)]", text
        ):
            declared = m.group(1)
            if declared == "var":
                new = re.search(rf"\b{word}\s*=\s*new\s+([A-Za-z_$][\w$.]*)", text)
                return new.group(1) if new else ""
            if declared not in _JAVA_NOT_TYPES:
                return declared
        return ""

    def java_type(self, annotation: str) -> _Type:
        dotted = annotation.split("<", 1)[0].replace("[]", "").strip()
        if not dotted or dotted in JAVA_PRIMITIVES or annotation.endswith("]"):
            return None
        found, ext = self.r.resolve_java(dotted, "")
        if found is not None:
            return found if isinstance(found.entity, Class) else None
        return ext
