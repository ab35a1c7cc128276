"""Exception types named in Java code, resolved to their ancestry: JDK table or project classes.

:class:`ExceptionHierarchy` resolves a type name as written in a file (``IOException``,
``java.io.IOException``, a project ``ParseError``) the way ``javac`` would, far enough to say
whether one exception type is a subtype of another and whether it is checked.  JDK
exceptions come from a table of the common ones; project classes are followed through their
``extends`` (first base) in the graph.  Anything that resolves to neither leaves the chain
open, and every answer about an open chain is "unknown" (None): callers stay silent then.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from docref.graph.model import Class, FileExtract
from docref.graph.project import ProjectGraph

__all__ = [
    "Ancestry",
    "ExceptionHierarchy",
    "is_subtype",
    "jdk_ancestry",
    "simple_name",
]

# ``package: Name>Parent …``: the JDK exceptions a Javadoc ``@throws`` commonly names.
_JDK_TABLE = """
java.lang: Throwable Exception>Throwable Error>Throwable RuntimeException>Exception
  ReflectiveOperationException>Exception ClassNotFoundException>ReflectiveOperationException
  NoSuchMethodException>ReflectiveOperationException
  InstantiationException>ReflectiveOperationException
  NoSuchFieldException>ReflectiveOperationException
  IllegalAccessException>ReflectiveOperationException
  CloneNotSupportedException>Exception InterruptedException>Exception
  NullPointerException>RuntimeException ArithmeticException>RuntimeException
  ArrayStoreException>RuntimeException ClassCastException>RuntimeException
  IllegalArgumentException>RuntimeException NumberFormatException>IllegalArgumentException
  IllegalStateException>RuntimeException IndexOutOfBoundsException>RuntimeException
  ArrayIndexOutOfBoundsException>IndexOutOfBoundsException
  StringIndexOutOfBoundsException>IndexOutOfBoundsException
  NegativeArraySizeException>RuntimeException UnsupportedOperationException>RuntimeException
  SecurityException>RuntimeException IllegalMonitorStateException>RuntimeException
  IllegalThreadStateException>IllegalArgumentException TypeNotPresentException>RuntimeException
  EnumConstantNotPresentException>RuntimeException IllegalCallerException>RuntimeException
  AssertionError>Error VirtualMachineError>Error OutOfMemoryError>VirtualMachineError
  StackOverflowError>VirtualMachineError InternalError>VirtualMachineError LinkageError>Error
  NoClassDefFoundError>LinkageError ExceptionInInitializerError>LinkageError ThreadDeath>Error
java.lang.reflect: InvocationTargetException>ReflectiveOperationException
  UndeclaredThrowableException>RuntimeException
java.io: IOException>Exception FileNotFoundException>IOException EOFException>IOException
  UnsupportedEncodingException>IOException InterruptedIOException>IOException
  ObjectStreamException>IOException NotSerializableException>ObjectStreamException
  InvalidClassException>ObjectStreamException UncheckedIOException>RuntimeException
  IOError>Error
java.net: MalformedURLException>IOException UnknownHostException>IOException
  SocketException>IOException ConnectException>SocketException
  SocketTimeoutException>InterruptedIOException URISyntaxException>Exception
java.nio.file: FileSystemException>IOException NoSuchFileException>FileSystemException
  AccessDeniedException>FileSystemException FileAlreadyExistsException>FileSystemException
  DirectoryNotEmptyException>FileSystemException NotDirectoryException>FileSystemException
  InvalidPathException>IllegalArgumentException
java.nio.charset: CharacterCodingException>IOException
  UnsupportedCharsetException>IllegalArgumentException
java.util: ConcurrentModificationException>RuntimeException NoSuchElementException>RuntimeException
  InputMismatchException>NoSuchElementException EmptyStackException>RuntimeException
  MissingResourceException>RuntimeException IllegalFormatException>IllegalArgumentException
java.util.concurrent: TimeoutException>Exception ExecutionException>Exception
  BrokenBarrierException>Exception CancellationException>IllegalStateException
  CompletionException>RuntimeException RejectedExecutionException>RuntimeException
java.util.regex: PatternSyntaxException>IllegalArgumentException
java.util.zip: ZipException>IOException DataFormatException>Exception
java.text: ParseException>Exception
java.time: DateTimeException>RuntimeException
java.time.format: DateTimeParseException>DateTimeException
java.sql: SQLException>Exception
java.security: GeneralSecurityException>Exception NoSuchAlgorithmException>GeneralSecurityException
  KeyException>GeneralSecurityException InvalidKeyException>KeyException
  SignatureException>GeneralSecurityException PrivilegedActionException>Exception
java.security.cert: CertificateException>GeneralSecurityException
java.security.spec: InvalidKeySpecException>GeneralSecurityException
javax.xml.parsers: ParserConfigurationException>Exception
javax.xml.stream: XMLStreamException>Exception
javax.naming: NamingException>Exception
javax.script: ScriptException>Exception
"""


def _parse_table(text: str) -> dict[str, tuple[str, str | None]]:
    table: dict[str, tuple[str, str | None]] = {}
    package = ""
    for token in text.split():
        if token.endswith(":"):
            package = token[:-1]
            continue
        name, _, parent = token.partition(">")
        table[name] = (package, parent or None)
    return table


_JDK = _parse_table(_JDK_TABLE)
_JDK_ROOTS = ("java.", "javax.")
_GENERICS = re.compile(r"<.*$", re.S)
_MAX_DEPTH = 16


@dataclass(frozen=True, slots=True)
class Ancestry:
    """A type and its supertypes, nearest first, as keys (``jdk:IOException``,
    ``src/p/Bad.java:Bad``); ``complete`` when the chain reaches ``Throwable``; ``name`` the
    simple name as written (all there is of a type that did not resolve)."""

    name: str
    keys: tuple[str, ...]
    complete: bool

    @property
    def known(self) -> bool:
        return bool(self.keys)

    def includes(self, jdk_name: str) -> bool:
        return f"jdk:{jdk_name}" in self.keys

    @property
    def checked(self) -> bool | None:
        """Checked per JLS 11.1.1 (not below RuntimeException or Error); None if unknown."""
        if not self.complete:
            return None
        return not (self.includes("RuntimeException") or self.includes("Error"))


def is_subtype(sub: Ancestry, sup: Ancestry) -> bool | None:
    """Whether ``sub`` is ``sup`` or below it; None when the hierarchy does not settle it."""
    if not sup.known:
        if not sub.complete:
            return None
        # an unresolved name may still spell a type of the chain (resolution is cautious)
        return None if sup.name in {_simple(k) for k in sub.keys} else False
    if sup.keys[0] in sub.keys:
        return True
    return False if sub.complete else None


def _simple(key: str) -> str:
    return key.rsplit(":", 1)[-1].rsplit(".", 1)[-1]


def _jdk_chain(name: str) -> tuple[str, ...]:
    keys: list[str] = []
    current: str | None = name
    while current is not None and current in _JDK and len(keys) < _MAX_DEPTH:
        keys.append(f"jdk:{current}")
        current = _JDK[current][1]
    return tuple(keys)


def jdk_ancestry(name: str) -> Ancestry:
    """The ancestry of a JDK exception of the table (no keys when it is not in it)."""
    keys = _jdk_chain(name)
    return Ancestry(name, keys, bool(keys) and keys[-1] == "jdk:Throwable")


def simple_name(written: str) -> str:
    """``java.io.IOException`` → ``IOException``; generics and annotations dropped."""
    words = _GENERICS.sub("", written).split()
    return words[-1].rsplit(".", 1)[-1] if words else ""


class ExceptionHierarchy:
    """Resolves exception type names of Java files of one project graph (memoised)."""

    def __init__(self, graph: ProjectGraph) -> None:
        self.graph = graph
        self._memo: dict[tuple[str, str], Ancestry] = {}

    def ancestry(self, fe: FileExtract, written: str) -> Ancestry:
        """The ancestry of the type ``written`` in file ``fe`` (empty keys: unresolved)."""
        memo_key = (fe.path, written)
        found = self._memo.get(memo_key)
        if found is None:
            found = self._memo[memo_key] = self._walk(fe, written)
        return found

    def _walk(self, fe: FileExtract, written: str) -> Ancestry:
        keys: list[str] = []
        where = fe
        name: str | None = written
        while name is not None and len(keys) < _MAX_DEPTH:
            resolved = self._resolve(where, name)
            if resolved is None:
                break
            if isinstance(resolved, str):
                keys.extend(_jdk_chain(resolved))
                return Ancestry(simple_name(written), tuple(keys), keys[-1] == "jdk:Throwable")
            owner, cls = resolved
            key = f"{owner.path}:{cls.qualname}"
            if key in keys:
                break  # a cycle: broken code
            keys.append(key)
            # the first base is the superclass when there is one; an interface or Object
            # leaves the chain open, which only ever makes the answer "unknown"
            name, where = (cls.bases[0], owner) if cls.bases else (None, owner)
        return Ancestry(simple_name(written), tuple(keys), False)

    def _resolve(self, fe: FileExtract, written: str) -> tuple[FileExtract, Class] | str | None:
        """A project class, a JDK table name, or None: ``written`` resolved as javac would."""
        words = _GENERICS.sub("", written).split()
        name = words[-1] if words else ""
        if not name:
            return None
        if "." in name:
            return self._resolve_dotted(fe, name)
        local = next((c for c in fe.classes if c.name == name), None)
        if local is not None:
            return fe, local
        for imp in fe.imports:
            if imp.is_static or imp.name != name:
                continue
            found = self._project_class(f"{imp.module}.{name}", name)
            if found is not None:
                return found
            entry = _JDK.get(name)
            return name if entry is not None and entry[0] == imp.module else None
        modules = self.graph.modules
        wildcards = [i.module for i in fe.imports if i.name == "*" and not i.is_static]
        for package in (fe.package, *wildcards):
            for other in sorted(modules.java_package_files(package)):
                if posixpath.basename(other) == f"{name}.java":
                    found = self._class_in(other, name)
                    if found is not None:
                        return found
        entry = _JDK.get(name)
        if entry is None:
            return None
        if entry[0] == "java.lang" or entry[0] in wildcards:
            return name
        if any(not w.startswith(_JDK_ROOTS) for w in wildcards):
            return None  # a library's on-demand import may bring its own class of this name
        return name

    def _resolve_dotted(self, fe: FileExtract, name: str) -> tuple[FileExtract, Class] | str | None:
        package, _, simple = name.rpartition(".")
        nested = next((c for c in fe.classes if c.qualname == name), None)
        if nested is not None:
            return fe, nested
        # the project's own file first, as for a simple name through its import: a checkout of
        # the JDK (``java.xml``) declares ``javax.xml.stream.XMLStreamException`` itself, and
        # the table's entry would make the two spellings two unrelated types
        found = self._project_class(name, simple)
        if found is not None or not package.startswith(_JDK_ROOTS):
            return found
        entry = _JDK.get(simple)
        return simple if entry is not None and entry[0] == package else None

    def _project_class(self, dotted: str, simple: str) -> tuple[FileExtract, Class] | None:
        path = self.graph.modules.module_path(dotted)
        return self._class_in(path, simple) if path is not None else None

    def _class_in(self, path: str, simple: str) -> tuple[FileExtract, Class] | None:
        other = self.graph.get(path)
        if other is None:
            return None
        cls = next((c for c in other.classes if c.name == simple), None)
        return (other, cls) if cls is not None else None
