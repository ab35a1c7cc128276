"""Java source files parsed with tree-sitter-java into their types, members and Javadoc.

Only what rendering needs is kept: a type's header (modifiers, type parameters,
``extends``/``implements``), its supertypes, nested types and members; a member's declaration
(a method without its body, a field with a short initializer) and the raw Javadoc comment in
front of it.  Comments are cut out of declarations, and annotations other than
``@Deprecated``, ``@SafeVarargs`` and ``@FunctionalInterface`` are left out of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import tree_sitter_java
from tree_sitter import Language, Node, Parser

_LANGUAGE = Language(tree_sitter_java.language())

_TYPE_DECLS = frozenset(
    {
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
    }
)
_METHOD_DECLS = frozenset(
    {
        "method_declaration",
        "annotation_type_element_declaration",
        "constructor_declaration",
        "compact_constructor_declaration",
    }
)
_FIELD_DECLS = frozenset({"field_declaration", "constant_declaration"})
_KEEP_ANNOTATIONS = frozenset({"Deprecated", "SafeVarargs", "FunctionalInterface"})
_FIELD_VALUE_MAX = 80
_SIGNATURE_MAX = 400


@dataclass(eq=False)
class JavaDecl:
    kind: str  # "method" | "variable"
    signature: str
    javadoc: str | None

    @property
    def private(self) -> bool:
        return re.match(r"(?:\S+ )*?private ", self.signature + " ") is not None


@dataclass(eq=False)
class JavaType:
    name: str
    header: str
    javadoc: str | None
    file: JavaFile
    members: dict[str, list[JavaDecl]] = field(default_factory=dict)
    nested: dict[str, JavaType] = field(default_factory=dict)
    supertypes: list[str] = field(default_factory=list)


@dataclass(eq=False)
class JavaFile:
    entry: str
    package: str = ""
    package_doc: str | None = None
    imports: dict[str, str] = field(default_factory=dict)
    star_imports: list[str] = field(default_factory=list)
    types: dict[str, JavaType] = field(default_factory=dict)


def _text(node: Node | None) -> str:
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", "replace")


def _strip_generics(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"<[^<>]*>", "", text)
    return "".join(text.split())


def _without_comments(source: bytes, node: Node, start: int, end: int) -> str:
    cuts: list[tuple[int, int]] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.end_byte <= start or current.start_byte >= end:
            continue
        if current.type in ("block_comment", "line_comment"):
            cuts.append((current.start_byte, current.end_byte))
        else:
            stack.extend(current.children)
    pieces, position = [], start
    for cut_start, cut_end in sorted(cuts):
        pieces.append(source[position : max(position, cut_start)])
        position = max(position, cut_end)
    pieces.append(source[position:end])
    return b" ".join(pieces).decode("utf-8", "replace")


def _modifiers(node: Node) -> tuple[str, int]:
    """Modifiers without annotations (bar a few), and the byte where the rest starts."""
    for child in node.children:
        if child.type == "modifiers":
            kept = []
            for part in child.children:
                if part.type in ("marker_annotation", "annotation"):
                    name = _text(part.child_by_field_name("name")).rsplit(".", 1)[-1]
                    if name not in _KEEP_ANNOTATIONS:
                        continue
                if part.type not in ("line_comment", "block_comment"):
                    kept.append(_text(part))
            return " ".join(kept), child.end_byte
    return "", node.start_byte


def _declaration(source: bytes, node: Node, stop: Node | None) -> str:
    mods, start = _modifiers(node)
    end = stop.start_byte if stop is not None else node.end_byte
    rest = _without_comments(source, node, start, end) if end > start else ""
    text = " ".join(f"{mods} {rest}".split()).rstrip(";").rstrip()
    return text if len(text) <= _SIGNATURE_MAX else text[: _SIGNATURE_MAX - 4] + " ..."


def _field_signature(node: Node) -> list[tuple[str, str]]:
    mods, _ = _modifiers(node)
    type_text = " ".join(_text(node.child_by_field_name("type")).split())
    out = []
    for declarator in node.children_by_field_name("declarator"):
        name = _text(declarator.child_by_field_name("name"))
        dims = _text(declarator.child_by_field_name("dimensions"))
        value = " ".join(_text(declarator.child_by_field_name("value")).split())
        text = f"{mods} {type_text} {name}{dims}".strip()
        if value and len(value) <= _FIELD_VALUE_MAX:
            text += f" = {value}"
        out.append((name, text))
    return out


def _supertypes(node: Node) -> list[str]:
    names: list[str] = []
    for child in node.children:
        if child.type == "superclass":
            names.extend(_strip_generics(_text(c)) for c in child.named_children)
        elif child.type in ("super_interfaces", "extends_interfaces"):
            for type_list in child.named_children:
                names.extend(_strip_generics(_text(c)) for c in type_list.named_children)
    return [n for n in names if n]


def _javadoc(text: str) -> str | None:
    return text if text.startswith("/**") and text != "/**/" else None


def _collect_body(source: bytes, body: Node, owner: JavaType) -> None:
    pending: str | None = None
    for child in body.children:
        kind = child.type
        if kind == "block_comment":
            pending = _javadoc(_text(child)) or pending
            continue
        if kind == "line_comment" or not child.is_named:
            continue
        if kind == "enum_body_declarations":
            _collect_body(source, child, owner)
        elif kind in _TYPE_DECLS:
            nested = _parse_type(source, child, pending, owner.file)
            if nested is not None:
                owner.nested.setdefault(nested.name, nested)
        elif kind in _METHOD_DECLS:
            name = _text(child.child_by_field_name("name")) or owner.name
            decl = JavaDecl(
                "method", _declaration(source, child, child.child_by_field_name("body")), pending
            )
            owner.members.setdefault(name, []).append(decl)
            if kind.endswith("constructor_declaration"):
                owner.members.setdefault("<init>", []).append(decl)
        elif kind in _FIELD_DECLS:
            for name, signature in _field_signature(child):
                owner.members.setdefault(name, []).append(JavaDecl("variable", signature, pending))
        elif kind == "enum_constant":
            name = _text(child.child_by_field_name("name"))
            signature = _declaration(source, child, child.child_by_field_name("body"))
            owner.members.setdefault(name, []).append(JavaDecl("variable", signature, pending))
        pending = None


def _parse_type(source: bytes, node: Node, javadoc: str | None, file: JavaFile) -> JavaType | None:
    name = _text(node.child_by_field_name("name"))
    if not name:
        return None
    body = node.child_by_field_name("body")
    jtype = JavaType(
        name=name,
        header=_declaration(source, node, body),
        javadoc=javadoc,
        file=file,
        supertypes=_supertypes(node),
    )
    if body is not None:
        _collect_body(source, body, jtype)
    return jtype


def parse_file(entry: str, source: bytes) -> JavaFile:
    """The package, imports and top-level types of the source file ``entry`` (``source``)."""
    tree = Parser(_LANGUAGE).parse(source)
    parsed = JavaFile(entry=entry)
    pending: str | None = None
    for child in tree.root_node.children:
        kind = child.type
        if kind == "block_comment":
            pending = _javadoc(_text(child)) or pending
            continue
        if kind == "line_comment":
            continue
        if kind == "package_declaration":
            parsed.package = "".join(
                _text(c)
                for c in child.named_children
                if c.type in ("identifier", "scoped_identifier")
            )
            parsed.package_doc = pending
        elif kind == "import_declaration":
            if any(c.type == "static" for c in child.children):
                pass
            else:
                target = next(
                    (
                        _text(c)
                        for c in child.named_children
                        if c.type in ("identifier", "scoped_identifier")
                    ),
                    "",
                )
                if any(c.type == "asterisk" for c in child.named_children):
                    parsed.star_imports.append(target)
                elif target:
                    parsed.imports[target.rsplit(".", 1)[-1]] = target
        elif kind in _TYPE_DECLS:
            jtype = _parse_type(source, child, pending, parsed)
            if jtype is not None:
                parsed.types.setdefault(jtype.name, jtype)
        pending = None
    return parsed
