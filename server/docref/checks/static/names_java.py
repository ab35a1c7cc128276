"""Where a Javadoc reference leads: the Java resolver of the C1 name rules.

:class:`JavaScope` resolves, for one documented method, the targets of ``{@link}``,
``{@linkplain}``, ``@see`` and ``{@code name()}``: ``#member`` against the enclosing classes
(methods, constructors, fields, enum constants, record components, nested types, the members
every class, enum or record has implicitly) and their project base classes; a type against the
enclosing and nested classes, the nested types they inherit from project supertypes, the file's
classes, its single-type imports, the classes of its package, project classes and the JDK's
``java.lang`` and wildcard-imported packages (the JDK's ``src.zip``, when one is installed).

``unknown`` (silence) whenever the answer depends on what cannot be read: a base class or a
wildcard import outside the project and the JDK, no ``src.zip`` for a type that is not in the
project, a member of a JDK or third-party type.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass

from docref.checks.static.java_lombok import lombok_member
from docref.checks.static.java_member_types import inherited_member_type
from docref.checks.static.java_outside_types import outside_member_type
from docref.checks.static.names_scope import (
    RESOLVED,
    UNKNOWN,
    Resolution,
    class_members,
    file_facts,
    missing,
    project_names,
)
from docref.external.lookup import find_src_zip, java_external_doc
from docref.graph.java_refs import raw_type
from docref.graph.model import FileExtract, Function
from docref.graph.project import ProjectGraph

__all__ = ["JavaScope", "ProjectType"]

_OBJECT_MEMBERS = frozenset(
    {"equals", "hashCode", "toString", "getClass", "clone", "finalize", "notify", "notifyAll"}
    | {"wait"}
)
_ENUM_MEMBERS = frozenset(
    {"values", "valueOf", "name", "ordinal", "compareTo", "getDeclaringClass"}
    | {"describeConstable"}
)
_MAX_HOPS = 8
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
# a Java comment, string or character literal: what the code says, not what it uses
_JAVA_TEXT = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'", re.S)
# JUnit/TestNG naming of a test class: ``FooTest``, ``FooTests``, ``FooTestCase``, ``FooIT``
_TEST_CLASS = re.compile(r"[A-Z]\w*(?:Tests?|TestCase|IT)")


@functools.lru_cache(maxsize=4)
def _src_zip(java_home: str | None, search_path: str | None) -> str | None:
    """The JDK ``src.zip``, looked for once per environment (the search globs directories)."""
    return find_src_zip()


@dataclass(frozen=True, slots=True)
class ProjectType:
    """A project class: its file and qualname within the file (``Outer.Inner``)."""

    path: str
    qualname: str


class JavaScope:
    """The types and members one documented Java method can refer to."""

    def __init__(self, graph: ProjectGraph, fe: FileExtract, fn: Function, source: str) -> None:
        self.graph, self.fe, self.fn, self.source = graph, fe, fn, source
        self.facts = file_facts(fe, source)
        classes = {c.qualname: c for c in fe.classes}
        chain: list[str] = []
        owner = fn.parent_class
        while owner is not None and owner in classes:
            chain.append(owner)
            owner = classes[owner].parent_class
        self.chain = [ProjectType(fe.path, q) for q in chain]
        # type parameters (``<T>``) are declared in these headers
        headers = [fn.header_span, *(classes[q].header_span for q in chain)]
        data = source.encode("utf-8", "surrogatepass")
        self.header_words = {
            w
            for span in headers
            for w in _IDENTIFIER.findall(
                data[span.start_byte : span.end_byte].decode("utf-8", "replace")
            )
        }
        self.src_zip = _src_zip(os.environ.get("JAVA_HOME"), os.environ.get("PATH"))

    def jdk_has(self, qualified: str) -> bool:
        """Whether the JDK's source (when at hand) holds ``qualified``, a type or member."""
        return self.src_zip is not None and java_external_doc(qualified, src_zip=self.src_zip).found

    # ---- types ------------------------------------------------------------------------

    def _classes_in(self, path: str) -> set[str]:
        """Qualnames of the classes of project file ``path``."""
        fe = self.graph.get(path)
        return {c.qualname for c in fe.classes} if fe is not None else set()

    def _type_in_file(self, path: str, written: str) -> ProjectType | str | None:
        """A type as written in project file ``path`` (``Base``, ``Map<K, V>``,
        ``java.io.Serializable``): a project type, the qualified name of a type outside the
        project (``java.io.Serializable``; ``""`` when unknown) or ``None``."""
        fe = self.graph.get(path)
        name = raw_type(written)
        if fe is None or not name:
            return None
        if "." in name:
            target = self.graph.modules.module_path(name)
            stem = name.rsplit(".", 1)[-1]
            return ProjectType(target, stem) if target is not None else name
        if name in self._classes_in(path):
            return ProjectType(path, name)
        for imp in fe.imports:
            if imp.name == name:
                target, symbol = self.graph.modules.resolve_import(path, imp)
                if target is None:
                    return "" if imp.is_static else f"{imp.module}.{name}"
                stem = target.rsplit("/", 1)[-1].removesuffix(".java")
                return ProjectType(target, f"{stem}.{symbol}" if symbol else stem)
        stars = [i.module for i in fe.imports if i.name == "*" and not i.is_static]
        # the package's classes, then a project package imported whole (univocity's ``Format``
        # of ``common.*``, not ``annotations.Format``: round 78j), before any other of the name
        for package in (fe.package, *stars):
            for other in sorted(self.graph.modules.java_package_files(package)):
                if name in self._classes_in(other):
                    return ProjectType(other, name)
        for package in ("java.lang", fe.package, *stars):
            if package and self.jdk_has(f"{package}.{name}"):
                return f"{package}.{name}"
        return None

    def _type_head(self, name: str) -> ProjectType | str | None:
        for cls in self.chain:
            if cls.qualname.rsplit(".", 1)[-1] == name:
                return cls
            if f"{cls.qualname}.{name}" in self._classes_in(cls.path):
                return ProjectType(cls.path, f"{cls.qualname}.{name}")
        found = inherited_member_type(self, name) or self._type_in_file(self.fe.path, name)
        if found is not None:
            return found
        for path, entry in self.graph.entries.items():
            if entry.language == "java" and name in self._classes_in(path):
                return ProjectType(path, name)  # Javadoc would want an import; the name is real
        if name in self.header_words:
            return ""
        return None

    def imported_package_has(self, name: str) -> bool:
        """A JDK type ``name`` of a package the file imports another type from
        (``SimpleTimeZone`` where ``java.util.TimeZone`` is imported): prose naming it means
        that class -- the writer works with its package -- though a link would need an import."""
        packages = {
            imp.module
            for imp in self.fe.imports
            if not imp.is_static and imp.name and imp.name != "*" and imp.module.startswith("java")
        }
        return any(self.jdk_has(f"{package}.{name}") for package in sorted(packages))

    def names_a_property(self, name: str) -> bool:
        """``name`` is the bean property of an accessor of the enclosing classes (``maxWait``
        for ``setMaxWait``, ``idleEvictTime`` for a deprecated ``getIdleEvictTime`` kept beside
        the renamed field): the setting's name in prose, though no member is spelt so."""
        if not name[:1].islower():
            return False
        accessors = {prefix + name[:1].upper() + name[1:] for prefix in ("get", "is", "set")}
        return any(accessors & self.member_names(cls) for cls in self.chain)

    def _wildcard_supplies(self, name: str) -> bool | None:
        """Whether a wildcard import (or ``java.lang`` without a ``src.zip``) supplies type
        ``name``: ``None`` when one it cannot read might."""
        unsure = self.src_zip is None
        for imp in self.fe.imports:
            if imp.name != "*":
                continue
            files = self.graph.modules.java_package_files(imp.module)
            if any(name in self._classes_in(f) for f in files):
                return True
            if self.jdk_has(f"{imp.module}.{name}"):
                return True
            if imp.is_static or not (files or self.jdk_has(imp.module)):
                unsure = True
        return None if unsure else False

    def resolve_type(self, dotted: str) -> ProjectType | Resolution:
        """A type as written in a reference: simple, nested (``Outer.Inner``) or qualified."""
        parts = dotted.split(".")
        head = self._type_head(parts[0])
        rest = parts[1:]
        if head is None and len(parts) > 1:
            for size in range(len(parts), 0, -1):
                path = self.graph.modules.module_path(".".join(parts[:size]))
                if path is not None:
                    head, rest = ProjectType(path, parts[size - 1]), parts[size:]
                    break
            else:
                package = ".".join(parts[:-1])
                files = self.graph.modules.java_package_files(package)
                # a file may hold more top-level classes than the one named after it
                if self.jdk_has(dotted) or any(parts[-1] in self._classes_in(f) for f in files):
                    return RESOLVED
                # Javadoc links packages too (``{@link javafx.util.converter}``)
                if self.graph.modules.java_package_files(dotted):
                    return RESOLVED
                if self._generated(package, parts[-1]):
                    return UNKNOWN
                if files or self.jdk_has(package):
                    top = {q for f in files for q in self._classes_in(f) if "." not in q}
                    return missing(f"package `{package}`", parts[-1], top)
                return UNKNOWN
        if head is None:
            supplied = self._wildcard_supplies(parts[0])
            if supplied or parts[0] in project_names(self.graph):
                return RESOLVED
            if supplied is None:
                return UNKNOWN
            if _TEST_CLASS.fullmatch(parts[0]):
                # a test class (``ServiceInfoImplTest#test_ip_address_is_set()``) lives in the
                # test sources, which a check of the main sources does not hold
                return UNKNOWN
            if parts[0][:1].isupper() and self._code_uses(parts[0]):
                # the file's own code uses the type (``final CacheConfig config``), so it
                # compiles against one: a class of the same package in another module or jar
                # the project does not hold, whose members cannot be read
                return UNKNOWN
            if parts[0][:1].isupper() and outside_member_type(self, parts[0]):
                return RESOLVED  # a library supertype's member type (``Builder``)
            return missing("", parts[0], self._type_candidates())
        if isinstance(head, str):
            return RESOLVED  # a type outside the project: its members are not judged
        for part in rest:
            nested = f"{head.qualname}.{part}"
            if nested in self._classes_in(head.path):
                head = ProjectType(head.path, nested)
                continue
            has = self.has_member(head, part)
            if has is False:
                owner = f"class `{head.qualname}`"
                return missing(owner, part, self.member_names(head))
            return RESOLVED if has else UNKNOWN
        return head

    def _generated(self, package: str, name: str) -> bool:
        """``{@link jflex.LexParse}`` from a file of that package (or importing it) whose code
        uses ``LexParse`` though no source defines it: a class generated at build time (a
        parser generator's output), which the source tree does not hold."""
        if name in project_names(self.graph):
            return False  # a project class of another package: the link's package is wrong
        imported = any(i.module == package and i.name in ("*", name) for i in self.fe.imports)
        return (package == self.fe.package or imported) and self._code_uses(name)

    def _code_uses(self, name: str) -> bool:
        """Whether the file's code (not a comment or a string: a thread named
        ``"Monitor-ComponentEvtDispatch"`` is no use of a class) names ``name`` unqualified."""
        if name not in self.facts.code_words:
            return False
        code = _JAVA_TEXT.sub(" ", self.source)
        return re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", code) is not None

    def _type_candidates(self) -> set[str]:
        names = {q.rsplit(".", 1)[-1] for q in self._classes_in(self.fe.path)}
        names |= {i.name for i in self.fe.imports if i.name and i.name != "*"}
        for other in self.graph.modules.java_package_files(self.fe.package):
            names |= {q for q in self._classes_in(other) if "." not in q}
        return names

    # ---- members ----------------------------------------------------------------------

    def _own_members(self, cls: ProjectType) -> set[str]:
        return class_members(self.graph, cls.path, cls.qualname)

    def member_names(self, cls: ProjectType, hops: int = 0) -> set[str]:
        """Declared members of a project class and of its project bases."""
        names = self._own_members(cls)
        for base in self._bases(cls) if hops < _MAX_HOPS else []:
            if isinstance(base, ProjectType) and base != cls:
                names |= self.member_names(base, hops + 1)
        return names

    def _bases(self, cls: ProjectType) -> list[ProjectType | str | None]:
        fe = self.graph.get(cls.path)
        record = next((c for c in fe.classes if c.qualname == cls.qualname), None) if fe else None
        if record is None:
            return [None]
        return [self._type_in_file(cls.path, base) for base in record.bases]

    def project_bases(self, cls: ProjectType) -> list[ProjectType]:
        """The direct supertypes of project class ``cls`` that are project classes too."""
        return [b for b in self._bases(cls) if isinstance(b, ProjectType) and b != cls]

    def outside_supertypes(self, cls: ProjectType | None = None, hops: int = 0) -> list[str]:
        """Qualified names of the supertypes outside the project (``java.util.Iterator``) of
        ``cls`` (by default the method's class) and of its project bases."""
        start = cls or (self.chain[0] if self.chain else None)
        if start is None or hops > _MAX_HOPS:
            return []
        out: list[str] = []
        for base in self._bases(start):
            if isinstance(base, str) and base:
                # a JDK name a wildcard import supplied may be a project class all the same
                # (``javax.swing.text.*`` in a checkout of the JDK): its file decides
                target = self.graph.modules.module_path(base)
                base = ProjectType(target, base.rsplit(".", 1)[-1]) if target is not None else base
            if isinstance(base, ProjectType):
                if base != start:
                    out += self.outside_supertypes(base, hops + 1)
            elif base:
                out.append(base)
        return list(dict.fromkeys(out))

    def has_member(self, cls: ProjectType, name: str, hops: int = 0) -> bool | None:
        """Whether project class ``cls`` has member ``name``; ``None`` when a base class
        outside the project could supply it."""
        fe = self.graph.get(cls.path)
        record = next((c for c in fe.classes if c.qualname == cls.qualname), None) if fe else None
        if record is None or hops > _MAX_HOPS:
            return None
        facts = self.facts if cls.path == self.fe.path else None
        if facts is None and fe is not None:
            try:
                facts = file_facts(fe, self.graph.source(cls.path))
            except Exception:  # an unreadable file only costs the safety net
                facts = None
        if name in _OBJECT_MEMBERS or (record.kind == "enum" and name in _ENUM_MEMBERS):
            return True
        if name in self._own_members(cls) or (facts and name in facts.code_words):
            return True
        if facts and lombok_member(self.graph.source(cls.path), name, facts.code_words):
            return True  # ``getMaxRecursionDepth()`` of a Lombok ``@Getter`` class
        unsure = False
        for base in self._bases(cls):
            found: bool | None = None
            if isinstance(base, ProjectType):
                found = self.has_member(base, name, hops + 1)
            elif base and self.jdk_has(base):
                # the JDK type's source is at hand: the lookup walks its own supertypes
                found = self.jdk_has(f"{base}.{name}")
            if found:
                return True
            unsure = unsure or found is None
        return None if unsure else False

    def type_has_member(self, type_name: str, name: str) -> bool:
        """Whether the simple type name ``type_name`` as the file sees it (a project class,
        or a JDK class whose source is at hand) certainly has a member ``name``: a type outside
        both, or an unreadable one, has none this can vouch for."""
        head = self._type_head(type_name)
        if isinstance(head, str):
            return self.jdk_has(f"{head}.{name}")
        return head is not None and self.has_member(head, name) is True

    def resolve_member(self, name: str) -> Resolution:
        """``#name``: a member of the enclosing classes (innermost first) or a static import."""
        if not self.chain:
            return UNKNOWN
        unsure = False
        for cls in self.chain:
            found = self.has_member(cls, name)
            if found:
                return RESOLVED
            unsure = unsure or found is None
        for imp in self.fe.imports:
            if imp.is_static and imp.name in (name, "*"):
                return RESOLVED if imp.name == name else UNKNOWN
        if unsure:
            return UNKNOWN
        owner = f"class `{self.chain[0].qualname}`"
        return missing(owner, name, self.member_names(self.chain[0]))

    def resolve_reference(self, target: str) -> Resolution:
        """A ``{@link}``/``@see`` target: ``Type``, ``Type#member``, ``#member``."""
        type_part, _, member = target.partition("#")
        if not type_part:
            return self.resolve_member(member)
        resolved = self.resolve_type(type_part)
        if isinstance(resolved, Resolution):
            return resolved
        if not member:
            return RESOLVED
        found = self.has_member(resolved, member)
        if found is False:
            owner = f"class `{resolved.qualname}`"
            return missing(owner, member, self.member_names(resolved))
        return RESOLVED if found else UNKNOWN

    def resolve_call(self, name: str) -> Resolution:
        """``{@code name()}``: a method of the enclosing classes or any name of the code."""
        if name in self.facts.code_words or name in project_names(self.graph):
            return RESOLVED
        return self.resolve_member(name)
