"""The four kinds of Java recall mutations (``recall_java_mutate`` says what each edit is):
each finder yields every candidate of one parsed file, with its control's Javadoc update."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping

from recall_java_mutate import (
    Edit,
    JavaFile,
    Mutation,
    doc_edits,
    lines_naming,
    renamed,
    tag_blocks,
)
from tree_sitter import Node

CHECKED = frozenset(
    [
        "IOException",
        "FileNotFoundException",
        "EOFException",
        "SQLException",
        "InterruptedException",
        "ParseException",
        "ClassNotFoundException",
        "CloneNotSupportedException",
        "GeneralSecurityException",
        "TimeoutException",
        "ExecutionException",
        "URISyntaxException",
        "MalformedURLException",
        "SAXException",
        "TransformerException",
        "ParserConfigurationException",
        "XMLStreamException",
        "BadLocationException",
        "NoSuchMethodException",
        "NoSuchFieldException",
        "IllegalAccessException",
        "InstantiationException",
        "UnsupportedEncodingException",
        "CharacterCodingException",
        "InvocationTargetException",
        "NoSuchAlgorithmException",
        "InvalidKeyException",
        "CertificateException",
        "KeyStoreException",
        "UnknownHostException",
        "SocketException",
        "IntrospectionException",
        "DataFormatException",
        "ZipException",
        "JAXBException",
        "NamingException",
        "Exception",
    ]
)


def _markup(name: str) -> str:
    n = re.escape(name)
    return (
        rf"\{{@(?:code|link|linkplain|literal)\s+#?{n}(?:\(.*?\))?\s*\}}"
        rf"|<code>\s*#?{n}(?:\(\))?\s*</code>|\{{@(?:link|linkplain)\s+#{n}\b[^}}]*\}}"
        rf"|@see\s+#{n}\b"
    )


# --- finders ---------------------------------------------------------------------------------


def _renames(f: JavaFile, scope: Node, old: str, new: str, member: bool) -> list[Edit]:
    """Edits renaming identifier ``old`` to ``new`` inside ``scope``.  A parameter is not a
    field (``this.x``) or a method; a member is, of this object or another."""
    edits = []
    for n in f.idents.get(old, []):
        if not (scope.start_byte <= n.start_byte and n.end_byte <= scope.end_byte):
            continue
        p = n.parent
        if not member and p is not None:
            if p.type == "field_access" and p.child_by_field_name("field") == n:
                continue
            if p.type == "method_invocation" and p.child_by_field_name("name") == n:
                continue
        edits.append(Edit(n.start_byte, n.end_byte, new))
    return edits


_DECLS = ("variable_declarator", "formal_parameter", "catch_formal_parameter")


def _declared(f: JavaFile, scope: Node, name: str) -> int:
    """How many variables (parameters, locals, lambda parameters) ``scope`` declares ``name``."""
    count = 0
    for n in f.idents.get(name, []):
        p = n.parent
        if p is None or not (scope.start_byte <= n.start_byte < scope.end_byte):
            continue
        if p.type in _DECLS and p.child_by_field_name("name") == n:
            count += p.parent is None or p.parent.type != "field_declaration"
        elif p.type in ("lambda_expression", "inferred_parameters", "enhanced_for_statement"):
            count += 1
    return count


def _code_markup(old: str, new: str) -> Callable[[str], str]:
    return lambda hit: re.sub(rf"(?<![\w]){re.escape(old)}(?![\w])", new, hit)


def param_renames(f: JavaFile) -> Iterator[Mutation]:
    for m in f.methods:
        params = m.node.child_by_field_name("parameters")
        if params is None:
            continue
        tagged = {b[1].split()[0] for b in tag_blocks(m.doc) if b[0] == "param" and b[1].split()}
        for p in params.named_children:
            name_node = p.child_by_field_name("name")
            if name_node is None or _declared(f, m.node, f.text(name_node)) != 1:
                continue
            old = f.text(name_node)
            new, how = renamed(old, helper=False)
            if new in f.idents or new in f.members or new in f.declared_locals:
                continue
            prose = doc_edits(m, _markup(old), _code_markup(old, new))
            if old in tagged:
                where = "@param"
                target = lines_naming(m.doc, rf"@param\s+{re.escape(old)}\b")
                tag = rf"(?<=@param\s){re.escape(old)}\b"
                update = doc_edits(m, tag, lambda _, new=new: new) + prose
            else:
                where = "prose"
                target = lines_naming(m.doc, _markup(old))
                update = prose
            if target:
                yield Mutation(
                    "param-rename",
                    how,
                    where,
                    f.path,
                    m.qualname,
                    old,
                    new,
                    [m.doc_line + i for i in target],
                    _renames(f, m.node, old, new, False),
                    update,
                )


def _returns(body: Node) -> list[Node]:
    """The returned expressions of ``body`` (not those of a lambda or a nested class)."""
    out = []
    stack = list(body.children)
    while stack:
        n = stack.pop()
        if n.type in ("lambda_expression", "class_body"):
            continue
        if n.type == "return_statement":
            out += [c for c in n.named_children if "comment" not in c.type]
        stack.extend(n.children)
    return out


_UTF8 = "java.nio.charset.StandardCharsets.UTF_8"
_RETURN_SHAPES = (
    # (declared type, claim in the Javadoc, strategy, new type, wrap, the control's words)
    (
        "boolean",
        r"\b(true|false)\b",
        "boolean->int",
        "int",
        ("(", ") ? 1 : 0"),
        {"true": "1", "false": "0", "whether": "1 if"},
    ),
    (
        "String",
        r"\b[Ss]tring\b",
        "String->byte[]",
        "byte[]",
        ("(", f").getBytes({_UTF8})"),
        {"String": "byte array", "string": "byte array"},
    ),
    (
        "List",
        r"\b[Ll]ist\b",
        "List->Set",
        "java.util.Set",
        ("new java.util.LinkedHashSet<>(", ")"),
        {"List": "Set", "list": "set"},
    ),
)


def return_types(f: JavaFile) -> Iterator[Mutation]:
    for m in f.methods:
        rtype = m.node.child_by_field_name("type")
        if m.node.type != "method_declaration" or rtype is None:
            continue
        declared = f.text(rtype)
        for typ, claim, how, new_type, (pre, post), words in _RETURN_SHAPES:
            if declared.split("<")[0] != typ:
                continue
            target: list[int] = []
            where = ""
            lines = m.doc.split("\n")
            for tag, text, first, last in tag_blocks(m.doc):
                said = rf"\s*Returns?\s+(\{{@code\s+|<code>|an?\s+|the\s+)?{claim}"
                if (tag == "return" and re.search(claim, text)) or (
                    tag == "" and re.match(said, text)
                ):
                    where = where or ("@return" if tag else "returns-sentence")
                    target += [i for i in range(first, last + 1) if re.search(claim, lines[i])]
            if not target:
                continue
            # ``List<T>``: only ``List`` changes; a raw ``List`` is one node
            head = rtype.child(0) if rtype.child_count else None
            head = head if typ == "List" and head is not None else rtype
            edits = [Edit(head.start_byte, head.end_byte, new_type)]
            body = m.node.child_by_field_name("body")
            for e in _returns(body) if body is not None else []:
                if f.text(e) != "null":
                    edits += [
                        Edit(e.start_byte, e.start_byte, pre),
                        Edit(e.end_byte, e.end_byte, post),
                    ]
            # the control says the new type wherever the Javadoc said the old one
            # ("whether" too: CTPConnection.handleChunk's control kept it and was reported)
            said_re = rf"\b(?:{'|'.join(words)})\b"
            update = doc_edits(m, said_re, lambda w, words=words: words[w])
            yield Mutation(
                "return-type",
                how,
                where,
                f.path,
                m.qualname,
                declared,
                new_type,
                [m.doc_line + i for i in sorted(set(target))],
                edits,
                update,
            )


def helper_renames(f: JavaFile, files_of: Mapping[str, int]) -> Iterator[Mutation]:
    """``files_of``: in how many of the project's files each identifier is used (a name
    another file uses is not renamed: the code would no longer compile)."""
    for m in f.methods:
        named = set(
            re.findall(r"(?:\{@(?:link|linkplain|code)\s+#?|<code>#?|@see\s+#)(\w+)", m.doc)
        )
        for old in sorted(named):
            if (
                old == m.name
                or old not in f.members
                or old in f.overrides
                or files_of.get(old, 0) > 1
            ):
                continue
            if old in f.declared_locals or len(old) < 3 or old[0].isupper():
                continue
            new, how = renamed(old, helper=True)
            if new in f.idents or new in f.members or files_of.get(new, 0):
                continue
            target = lines_naming(m.doc, _markup(old))
            if not target:
                continue
            where = (
                "link"
                if any(
                    "@link" in m.doc.split("\n")[i] or "#" in m.doc.split("\n")[i] for i in target
                )
                else "code"
            )
            update = [
                e
                for other in f.methods
                for e in doc_edits(other, _markup(old), _code_markup(old, new))
            ]
            yield Mutation(
                "helper-rename",
                how,
                where,
                f.path,
                m.qualname,
                old,
                new,
                [m.doc_line + i for i in target],
                _renames(f, f.root, old, new, True),
                update,
            )


def _checked(name: str, checked: set[str]) -> bool:
    return name in CHECKED or name in checked


def throws_drops(f: JavaFile, checked: set[str]) -> Iterator[Mutation]:
    """``checked``: the project's own exception classes that extend a checked one."""
    for m in f.methods:
        clause = next((c for c in m.node.children if c.type == "throws"), None)
        if clause is None:
            continue
        types = [c for c in clause.named_children if "comment" not in c.type]
        documented = {
            b[1].split()[0].split(".")[-1]
            for b in tag_blocks(m.doc)
            if b[0] in ("throws", "exception") and b[1].split()
        }
        for i, t in enumerate(types):
            old = f.text(t).split(".")[-1]
            if old not in documented or not _checked(old, checked):
                continue
            if len(types) == 1:
                drop = Edit(clause.start_byte, clause.end_byte, "")
            elif i + 1 < len(types):
                drop = Edit(t.start_byte, types[i + 1].start_byte, "")
            else:
                drop = Edit(types[i - 1].end_byte, t.end_byte, "")
            edits = [drop]
            body = m.node.child_by_field_name("body")
            where = "bodiless"
            if body is not None:
                where = "wrapped"
                edits += [
                    Edit(body.start_byte + 1, body.start_byte + 1, " try {"),
                    Edit(
                        body.end_byte - 1,
                        body.end_byte - 1,
                        f"}} catch ({f.text(t)} e) {{ throw new IllegalStateException(e); }} ",
                    ),
                ]
            tag_re = rf"@(?:throws|exception)\s+(?:[\w.]+\.)?{re.escape(old)}\b"
            target = lines_naming(m.doc, tag_re)
            # the control: the tag now names what the wrapped body throws
            update = doc_edits(m, tag_re, lambda w: w.split()[0] + " IllegalStateException")
            yield Mutation(
                "throws",
                "drop",
                where,
                f.path,
                m.qualname,
                old,
                "",
                [m.doc_line + i for i in target],
                edits,
                update,
            )
