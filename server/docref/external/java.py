"""Java side of :mod:`docref.external.lookup`: JDK API documentation read from ``src.zip``.

``java.util.List.add`` is resolved by finding the shortest prefix that names a source file in
the zip (``java/util/List.java``, see :mod:`~docref.external.java_zip`), parsing it
(:mod:`~docref.external.java_parse`), then walking nested types and members.  A member
missing from the class is looked for in its supertypes (resolved through the file's imports,
its package and ``java.lang``), a few levels deep.  A package name gives its
``package-info.java`` Javadoc.

Rendering: a class gives its header and class Javadoc; a method its signatures (all overloads,
at most three) and the Javadoc of the first one that has one (or, for an override without its
own or with ``{@inheritDoc}``, the Javadoc it inherits); a field or enum constant its
declaration.  Javadoc is cleaned by :mod:`~docref.external.java_javadoc`.
"""

from __future__ import annotations

import os
import re

from docref.external import java_zip
from docref.external.java_javadoc import clean_javadoc, javadoc_text
from docref.external.java_parse import JavaDecl, JavaType
from docref.external.java_zip import SrcZip, load_file, open_zip
from docref.external.lookup import DEFAULT_MAX_DOC, ExternalDoc, not_found

_OVERLOADS_MAX = 3
_SUPERTYPE_VISITS = 12
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
#: Directories whose ``*/lib/src.zip`` (``*/src.zip`` for JDK 8) are the last resort.
JVM_ROOTS: tuple[str, ...] = ("/usr/lib/jvm",)


def find_src_zip() -> str | None:
    """See :func:`docref.external.lookup.find_src_zip`."""
    # JVM_ROOTS is read here, at call time, so that setting
    # ``docref.external.java.JVM_ROOTS`` counts.
    return java_zip.search_src_zip(os.environ.get("JAVA_HOME"), os.environ.get("PATH"), JVM_ROOTS)


def clear_caches() -> None:
    java_zip.clear_caches()


# --------------------------------------------------------------------------- resolution


def _find_type(archive: SrcZip, parts: list[str]) -> tuple[JavaType, list[str]] | None:
    """The outermost type named by a prefix of ``parts`` and the parts left after it."""
    for i in range(1, len(parts)):
        entry = archive.entries.get("/".join(parts[: i + 1]) + ".java")
        if entry is None:
            continue
        parsed = load_file(archive, entry)
        jtype = parsed.types.get(parts[i]) if parsed is not None else None
        if jtype is None:
            return None
        rest = parts[i + 1 :]
        while rest and rest[0] in jtype.nested:
            jtype, rest = jtype.nested[rest[0]], rest[1:]
        return jtype, rest
    return None


def _resolve_type_name(archive: SrcZip, origin: JavaType, name: str) -> JavaType | None:
    first, *rest = name.split(".")
    file = origin.file
    if first in origin.nested:
        local: JavaType | None = origin.nested[first]
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


def _member(archive: SrcZip, jtype: JavaType, name: str) -> tuple[JavaType, list[JavaDecl]] | None:
    queue: list[JavaType] = [jtype]
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


# --------------------------------------------------------------------------- lookup


def _lookup(archive: SrcZip, qualified: str, max_doc: int) -> ExternalDoc | None:
    parts = qualified.strip().split(".")
    if not all(_IDENTIFIER.fullmatch(part) for part in parts):
        return None
    found = _find_type(archive, parts)
    if found is None:
        entry = archive.entries.get("/".join(parts) + "/package-info.java")
        parsed = load_file(archive, entry) if entry is not None else None
        if parsed is None:
            return None
        return ExternalDoc(
            qualified,
            "module",
            f"package {'.'.join(parts)}",
            javadoc_text(parsed.package_doc, max_doc),
            f"src.zip:{entry}",
        )
    jtype, rest = found
    if not rest:
        return ExternalDoc(
            qualified,
            "class",
            jtype.header,
            javadoc_text(jtype.javadoc, max_doc),
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
        javadoc_text(javadoc, max_doc),
        f"src.zip:{owner.file.entry}",
    )


def _inherited_javadoc(archive: SrcZip, owner: JavaType, name: str) -> str | None:
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
    """See :func:`docref.external.lookup.java_external_doc`."""
    try:
        path = src_zip if src_zip is not None else find_src_zip()
        archive = open_zip(path) if path else None
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


def api_type_named(simple: str, *, src_zip: str | None = None) -> bool:
    """See :func:`docref.external.lookup.jdk_api_type`."""
    if not simple[:1].isupper():
        return False
    path = src_zip if src_zip is not None else find_src_zip()
    archive = open_zip(path) if path else None
    return archive is not None and simple in java_zip.api_type_names(archive)


__all__ = ["api_type_named", "clean_javadoc", "clear_caches", "find_src_zip", "lookup"]
