"""Java side of :mod:`docref.context.external`: JDK API documentation read from ``src.zip``.

``java.util.List.add`` is resolved by finding the shortest prefix that names a source file in
the zip (``java/util/List.java``; JDK 9+ entries carry a module prefix,
``java.base/java/util/List.java``, JDK 8 ones do not), parsing it with tree-sitter-java, then
walking nested types and members.  A member missing from the class is looked for in its
supertypes (resolved through the file's imports, its package and ``java.lang``), a few levels
deep.  A package name gives its ``package-info.java`` Javadoc.

Rendering: a class gives its header (modifiers, type parameters, ``extends``/``implements``)
and class Javadoc; a method its signatures (all overloads, at most three) and the Javadoc of
the first one that has one; a field or enum constant its declaration.  Javadoc is cleaned:
comment stars stripped, inline tags replaced by their text (``{@code x}`` -> ``x``,
``{@link List#add(Object) label}`` -> ``label`` or ``List.add(Object)``), HTML turned into
plain text, block tags reduced to ``@param``/``@return``/``@throws``/``@exception``/
``@deprecated``.  Annotations other than ``@Deprecated``, ``@SafeVarargs`` and
``@FunctionalInterface`` are left out of signatures.

The open :class:`zipfile.ZipFile` with its entry index and the parsed files are cached.
"""

from __future__ import annotations

import functools
import glob
import html
import os
import re
import shutil
import threading
import zipfile
from dataclasses import dataclass, field

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from docref.context.external import DEFAULT_MAX_DOC, LRU, ExternalDoc, not_found, trim_doc

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
_OVERLOADS_MAX = 3
_SUPERTYPE_VISITS = 12
_FIELD_VALUE_MAX = 80
_SIGNATURE_MAX = 400
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
#: Directories whose ``*/lib/src.zip`` (``*/src.zip`` for JDK 8) are the last resort.
JVM_ROOTS: tuple[str, ...] = ("/usr/lib/jvm",)


# --------------------------------------------------------------------------- locating src.zip


def _version_key(root: str, path: str) -> tuple[int, str]:
    """Sort key of ``<root>/<jdk>/[lib/]src.zip``: the major version in ``<jdk>``."""
    jdk = os.path.relpath(path, root).split(os.sep)[0]
    numbers = [int(n) for n in re.findall(r"\d+", jdk)]
    if len(numbers) > 1 and numbers[0] == 1:  # java-1.8.0-openjdk
        numbers = numbers[1:]
    return (numbers[0] if numbers else 0), path


@functools.lru_cache(maxsize=8)
def _find_src_zip(java_home: str | None, search: str | None, roots: tuple[str, ...]) -> str | None:
    candidates: list[str] = []

    def add_home(home: str) -> None:
        candidates.append(os.path.join(home, "lib", "src.zip"))  # JDK 9+
        candidates.append(os.path.join(home, "src.zip"))  # JDK 8
        candidates.append(os.path.join(home, os.pardir, "src.zip"))  # JDK 8, home = <jdk>/jre

    if java_home:
        add_home(java_home)
    java = shutil.which("java", path=search)
    if java:
        add_home(os.path.dirname(os.path.dirname(os.path.realpath(java))))
    for root in roots:
        found = glob.glob(os.path.join(glob.escape(root), "*", "lib", "src.zip"))
        found += glob.glob(os.path.join(glob.escape(root), "*", "src.zip"))
        candidates.extend(sorted(found, key=functools.partial(_version_key, root), reverse=True))
    for candidate in candidates:
        if os.path.isfile(candidate):  # follows symlinks: broken ones are skipped
            return os.path.normpath(candidate)
    return None


def find_src_zip() -> str | None:
    """See :func:`docref.context.external.find_src_zip`."""
    return _find_src_zip(os.environ.get("JAVA_HOME"), os.environ.get("PATH"), JVM_ROOTS)


# --------------------------------------------------------------------------- the zip


@dataclass(eq=False)
class _Zip:
    key: tuple[str, int, int]  # (real path, mtime, size)
    archive: zipfile.ZipFile
    entries: dict[str, str]  # "java/util/List.java" -> "java.base/java/util/List.java"
    lock: threading.Lock = field(default_factory=threading.Lock)
    # rendered lookups: the archive is immutable while its (path, mtime, size) key stands
    results: LRU[tuple[str, int], ExternalDoc] = field(default_factory=lambda: LRU(4096))

    def read(self, entry: str) -> bytes:
        with self.lock:
            return self.archive.read(entry)


_ZIPS: LRU[tuple[str, int, int], _Zip] = LRU(4)
_FAILED_ZIPS: LRU[tuple[str, int, int], bool] = LRU(16)


def _open_zip(path: str) -> _Zip | None:
    try:
        real = os.path.realpath(path)
        st = os.stat(real)
    except OSError:
        return None
    key = (real, st.st_mtime_ns, st.st_size)
    cached = _ZIPS.get(key)
    if cached is not None:
        return cached
    if _FAILED_ZIPS.get(key):
        return None
    try:
        archive = zipfile.ZipFile(real)
        names = archive.namelist()
    except (OSError, zipfile.BadZipFile, ValueError):
        _FAILED_ZIPS.put(key, True)
        return None
    entries: dict[str, str] = {}
    for name in names:
        if not name.endswith(".java"):
            continue
        first, _, rest = name.partition("/")
        relative = rest if "." in first and rest else name  # strip a JDK 9+ module prefix
        if relative not in entries or name.startswith("java.base/"):
            entries[relative] = name
    opened = _Zip(key, archive, entries)
    _ZIPS.put(key, opened)
    return opened


# --------------------------------------------------------------------------- parsed files


@dataclass(eq=False)
class _Decl:
    kind: str  # "method" | "variable"
    signature: str
    javadoc: str | None

    @property
    def private(self) -> bool:
        return re.match(r"(?:\S+ )*?private ", self.signature + " ") is not None


@dataclass(eq=False)
class _Type:
    name: str
    header: str
    javadoc: str | None
    file: _File
    members: dict[str, list[_Decl]] = field(default_factory=dict)
    nested: dict[str, _Type] = field(default_factory=dict)
    supertypes: list[str] = field(default_factory=list)


@dataclass(eq=False)
class _File:
    entry: str
    package: str = ""
    package_doc: str | None = None
    imports: dict[str, str] = field(default_factory=dict)
    star_imports: list[str] = field(default_factory=list)
    types: dict[str, _Type] = field(default_factory=dict)


_FILES: LRU[tuple[tuple[str, int, int], str], _File] = LRU(128)


def clear_caches() -> None:
    _ZIPS.clear()
    _FAILED_ZIPS.clear()
    _FILES.clear()
    _find_src_zip.cache_clear()


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


def _collect_body(source: bytes, body: Node, owner: _Type) -> None:
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
            decl = _Decl(
                "method", _declaration(source, child, child.child_by_field_name("body")), pending
            )
            owner.members.setdefault(name, []).append(decl)
            if kind.endswith("constructor_declaration"):
                owner.members.setdefault("<init>", []).append(decl)
        elif kind in _FIELD_DECLS:
            for name, signature in _field_signature(child):
                owner.members.setdefault(name, []).append(_Decl("variable", signature, pending))
        elif kind == "enum_constant":
            name = _text(child.child_by_field_name("name"))
            signature = _declaration(source, child, child.child_by_field_name("body"))
            owner.members.setdefault(name, []).append(_Decl("variable", signature, pending))
        pending = None


def _parse_type(source: bytes, node: Node, javadoc: str | None, file: _File) -> _Type | None:
    name = _text(node.child_by_field_name("name"))
    if not name:
        return None
    body = node.child_by_field_name("body")
    jtype = _Type(
        name=name,
        header=_declaration(source, node, body),
        javadoc=javadoc,
        file=file,
        supertypes=_supertypes(node),
    )
    if body is not None:
        _collect_body(source, body, jtype)
    return jtype


def _parse_file(entry: str, source: bytes) -> _File:
    tree = Parser(_LANGUAGE).parse(source)
    parsed = _File(entry=entry)
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


def _load_file(archive: _Zip, entry: str) -> _File | None:
    key = (archive.key, entry)
    cached = _FILES.get(key)
    if cached is not None:
        return cached
    try:
        parsed = _parse_file(entry, archive.read(entry))
    except (OSError, KeyError, zipfile.BadZipFile, ValueError, RuntimeError):
        return None
    _FILES.put(key, parsed)
    return parsed


# --------------------------------------------------------------------------- resolution


def _find_type(archive: _Zip, parts: list[str]) -> tuple[_Type, list[str]] | None:
    """The outermost type named by a prefix of ``parts`` and the parts left after it."""
    for i in range(1, len(parts)):
        entry = archive.entries.get("/".join(parts[: i + 1]) + ".java")
        if entry is None:
            continue
        parsed = _load_file(archive, entry)
        jtype = parsed.types.get(parts[i]) if parsed is not None else None
        if jtype is None:
            return None
        rest = parts[i + 1 :]
        while rest and rest[0] in jtype.nested:
            jtype, rest = jtype.nested[rest[0]], rest[1:]
        return jtype, rest
    return None


def _resolve_type_name(archive: _Zip, origin: _Type, name: str) -> _Type | None:
    first, *rest = name.split(".")
    file = origin.file
    if first in origin.nested:
        local: _Type | None = origin.nested[first]
    else:
        local = file.types.get(first)
    if local is not None:
        for part in rest:
            local = local.nested.get(part) if local is not None else None
        return local
    prefixes = []
    if first in file.imports:
        prefixes.append(file.imports[first].rsplit(".", 1)[0])
    prefixes += [p for p in (file.package, "java.lang") if p] + file.star_imports
    candidates = [f"{p}.{name}" for p in prefixes] + [name]
    for candidate in candidates:
        found = _find_type(archive, candidate.split("."))
        if found is not None and not found[1]:
            return found[0]
    return None


def _member(archive: _Zip, jtype: _Type, name: str) -> tuple[_Type, list[_Decl]] | None:
    queue: list[_Type] = [jtype]
    seen: set[int] = set()
    while queue and len(seen) < _SUPERTYPE_VISITS:
        current = queue.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        decls = current.members.get(name)
        if decls:
            return current, decls
        for supertype in current.supertypes:
            resolved = _resolve_type_name(archive, current, supertype)
            if resolved is not None:
                queue.append(resolved)
    return None


# --------------------------------------------------------------------------- Javadoc


_BLOCK_TAGS = frozenset(
    {
        "param",
        "return",
        "throws",
        "exception",
        "see",
        "since",
        "author",
        "version",
        "deprecated",
        "serial",
        "serialData",
        "serialField",
        "implSpec",
        "implNote",
        "apiNote",
        "jls",
        "jvms",
        "spec",
        "revised",
        "hidden",
        "provides",
        "uses",
        "moduleGraph",
    }
)
_KEEP_TAGS = frozenset({"param", "return", "throws", "exception", "deprecated"})
_LEADING_STAR = re.compile(r"^[ \t]*\*(?!/) ?")
_HTML_RULES = [
    (re.compile(r"(?i)</?p(?:\s[^<>]*)?/?>"), "\n\n"),
    (re.compile(r"(?i)<br\s*/?>"), "\n"),
    (re.compile(r"(?i)<sup>"), "^"),
    (re.compile(r"(?i)<li(?:\s[^<>]*)?>"), "\n- "),
    (
        re.compile(r"(?i)</?(?:ul|ol|dl|dt|dd|pre|blockquote|table|tr|h[1-6]|div)(?:\s[^<>]*)?>"),
        "\n",
    ),
    (re.compile(r"</?[A-Za-z][^<>]*>"), ""),
]


def _html_text(text: str) -> str:
    for pattern, replacement in _HTML_RULES:
        text = pattern.sub(replacement, text)
    return html.unescape(text)


def _reference(ref: str) -> str:
    return ref.strip().lstrip("#").replace("#", ".")


def _split_reference(content: str) -> tuple[str, str]:
    depth = 0
    for i, char in enumerate(content):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char.isspace() and depth <= 0:
            return content[:i], content[i:].strip()
    return content, ""


def _inline_tag(tag: str, content: str) -> str:
    if tag in ("code", "literal"):
        return content
    if tag in ("link", "linkplain"):
        ref, label = _split_reference(content.strip())
        return _inline(label) if label else _reference(ref)
    if tag == "value":
        return _reference(content)
    if tag in ("inheritDoc", "docRoot"):
        return ""
    if tag == "return":  # {@return x}: "Returns x."
        text = _inline(content).strip()
        return f"Returns {text}" if text.endswith(".") else f"Returns {text}."
    if tag == "index":
        content = content.strip()
        return content[1:].split('"', 1)[0] if content.startswith('"') else content.split(" ")[0]
    return _inline(content).strip()  # {@summary ...} and unknown tags: their text


def _inline(text: str) -> str:
    """Inline tags replaced by their text; HTML outside {@code}/{@literal} made plain text."""
    text = text.replace("{@docRoot}", "")  # only ever inside href="..."
    out: list[str] = []
    position = 0
    while True:
        start = text.find("{@", position)
        if start < 0:
            break
        depth, end = 0, start
        while end < len(text):
            if text[end] == "{":
                depth += 1
            elif text[end] == "}":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        if end >= len(text):
            break
        out.append(_html_text(text[position:start]))
        match = re.match(r"(\w+)\s?(.*)", text[start + 2 : end], re.S)
        if match:
            out.append(_inline_tag(match.group(1), match.group(2)))
        position = end + 1
    out.append(_html_text(text[position:]))
    return "".join(out)


def clean_javadoc(raw: str) -> str:
    """Plain text of a ``/** ... */`` comment (see the module docstring for the rules)."""
    main, tags = _clean_parts(raw)
    return "\n\n".join(part for part in (main, "\n".join(tags)) if part)


def _clean_parts(raw: str) -> tuple[str, list[str]]:
    """The cleaned main description and the kept block tags, one line each."""
    body = raw[3:] if raw.startswith("/**") else raw
    body = body[:-2] if body.endswith("*/") else body
    main: list[str] = []
    tags: list[list[str]] = []
    depth = 0
    for line in (_LEADING_STAR.sub("", line) for line in body.splitlines()):
        match = re.match(r"\s*@(\w+)", line)
        if depth == 0 and match and match.group(1) in _BLOCK_TAGS:
            tags.append([line.strip()])
        elif tags:
            tags[-1].append(line)
        else:
            main.append(line)
        depth = max(0, depth + line.count("{") - line.count("}"))
    text = _inline("\n".join(main))
    kept = []
    for tag in tags:
        joined = " ".join(tag)
        if joined[1:].split(None, 1)[0] not in _KEEP_TAGS:
            continue
        type_param = re.match(r"@param\s+<(\w+)>(.*)", joined, re.S)  # @param <T> ...
        if type_param:
            joined = f"@param <{type_param.group(1)}>{_inline(type_param.group(2))}"
        else:
            joined = _inline(joined)
        kept.append(" ".join(joined.split()))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip(), kept


# --------------------------------------------------------------------------- lookup


def _doc(raw: str | None, max_doc: int) -> str | None:
    """Cleaned, trimmed Javadoc; the block tags keep their room when they take half or less."""
    if not raw:
        return None
    main, tags = _clean_parts(raw)
    tags_text = "\n".join(tags)
    if not tags or not main or len(tags_text) > max_doc // 2:
        return trim_doc("\n\n".join(p for p in (main, tags_text) if p), max_doc)
    return f"{trim_doc(main, max_doc - len(tags_text) - 2)}\n\n{tags_text}"


def _lookup(archive: _Zip, qualified: str, max_doc: int) -> ExternalDoc | None:
    parts = qualified.strip().split(".")
    if not all(_IDENTIFIER.fullmatch(part) for part in parts):
        return None
    found = _find_type(archive, parts)
    if found is None:
        entry = archive.entries.get("/".join(parts) + "/package-info.java")
        parsed = _load_file(archive, entry) if entry is not None else None
        if parsed is None:
            return None
        return ExternalDoc(
            qualified,
            "module",
            f"package {'.'.join(parts)}",
            _doc(parsed.package_doc, max_doc),
            f"src.zip:{entry}",
        )
    jtype, rest = found
    if not rest:
        return ExternalDoc(
            qualified,
            "class",
            jtype.header,
            _doc(jtype.javadoc, max_doc),
            f"src.zip:{jtype.file.entry}",
        )
    if len(rest) != 1:
        return None
    member = _member(archive, jtype, rest[0])
    if member is None:
        return None
    owner, decls = member
    decls = [d for d in decls if not d.private] or decls  # the API, unless only private ones
    documented = next((d for d in decls if d.javadoc), decls[0])
    ordered = [documented, *(d for d in decls if d is not documented)]
    signatures = list(dict.fromkeys(d.signature for d in ordered))[:_OVERLOADS_MAX]
    javadoc = documented.javadoc
    if javadoc is None or "{@inheritDoc}" in javadoc:
        javadoc = _inherited_javadoc(archive, owner, rest[0]) or javadoc
    return ExternalDoc(
        qualified,
        documented.kind,
        "\n".join(signatures),
        _doc(javadoc, max_doc),
        f"src.zip:{owner.file.entry}",
    )


def _inherited_javadoc(archive: _Zip, owner: _Type, name: str) -> str | None:
    """The Javadoc an overriding member without its own (or with ``{@inheritDoc}``) inherits."""
    for supertype in owner.supertypes:
        resolved = _resolve_type_name(archive, owner, supertype)
        found = _member(archive, resolved, name) if resolved is not None else None
        if found is not None:
            raw = next((d.javadoc for d in found[1] if d.javadoc and not d.private), None)
            if raw is not None and "{@inheritDoc}" not in raw:
                return raw
    return None


def lookup(
    qualified: str, *, src_zip: str | None = None, max_doc: int = DEFAULT_MAX_DOC
) -> ExternalDoc:
    """See :func:`docref.context.external.java_external_doc`."""
    try:
        path = src_zip if src_zip is not None else find_src_zip()
        archive = _open_zip(path) if path else None
        if archive is None:
            return not_found(qualified)
        cached = archive.results.get((qualified, max_doc))
        if cached is not None:
            return cached
        result = _lookup(archive, qualified, max_doc) or not_found(qualified)
        archive.results.put((qualified, max_doc), result)
        return result
    except Exception:  # never raise on odd archives or inputs
        return not_found(qualified)


__all__ = ["clean_javadoc", "clear_caches", "find_src_zip", "lookup"]
