"""Types a Java file can name that live outside the project: what the resolver may not call
missing.

- A member type inherited from a supertype outside the project (round 89j: Hibernate
  Validator's ``HibernateConstraintValidatorContext extends
  jakarta.validation.ConstraintValidatorContext`` links ``{@link ConstraintViolationBuilder}``,
  the nested interface its library supertype declares).  javac puts an inherited member type in
  scope by its simple name.  A library type's members cannot be read here, so the resolver
  takes one as real only on evidence: the JDK's source declares it, or a file of the package
  imports it by that supertype's name (``import
  jakarta.validation.ConstraintValidatorContext.ConstraintViolationBuilder;``).  Without such
  evidence the name stays missing: renamed classes of a project whose classes extend a library
  are the many (jexl's ``PropertySet`` for ``PropertySetExecutor``).
- A library type another file of the same package imports (round 85j: Reactor's ``Hooks``
  naming the "implicit global {@code ContextRegistry}" of Micrometer's context-propagation,
  which the package's ``ContextPropagation.java`` imports): the package works with that type,
  so prose naming it names a current type -- a rename would have changed the import.  For prose
  only (a ``{@link}`` to a type its file does not import is broken all the same), and for a
  library's type only, not the JDK's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from docref.external.lookup import java_external_doc
from docref.graph.model import Import

if TYPE_CHECKING:
    from docref.checks.static.names_java import JavaScope

__all__ = ["outside_member_type", "package_imports"]


def outside_member_type(scope: JavaScope, name: str) -> bool:
    """Whether an enclosing class of ``scope``'s method inherits a member type ``name`` from a
    supertype outside the project that is known to declare it (see the module's docstring)."""
    for cls in scope.chain:
        for base in scope.outside_supertypes(cls):
            nested = f"{base}.{name}"
            if scope.jdk_has(base):
                if _jdk_type(scope, nested):
                    return True
                continue
            for imp in _package_imports(scope):
                if imp.module == nested or (imp.module == base and imp.name == name):
                    return True
    return False


def package_imports(scope: JavaScope, name: str) -> bool:
    """Whether a file of ``scope``'s package (its own included) imports a type ``name`` from
    outside the project and the JDK by a single-type import (``import io.micrometer.context.X;``):
    a JDK type the file names is for its own imports to supply (``imported_package_has``), and
    prose naming one the package imports may well name the wrong class (round 33's jide-oss
    "@return a TabbedPaneUI object" on ``SidePaneUI getUI()``)."""
    for imp in _package_imports(scope):
        if imp.is_static or imp.name != name:
            continue
        qualified = f"{imp.module}.{name}"
        if scope.graph.modules.module_path(qualified) is None and not _jdk_type(scope, qualified):
            return True
    return False


def _jdk_type(scope: JavaScope, qualified: str) -> bool:
    """Whether the JDK's source (when at hand) declares a type ``qualified`` -- a type, not a
    member: ``java.util.Properties.Hashtable`` finds Hashtable's constructor."""
    if scope.src_zip is None:
        return False
    return java_external_doc(qualified, src_zip=scope.src_zip).kind == "class"


def _package_imports(scope: JavaScope) -> Iterator[Import]:
    """The imports of every file of ``scope``'s package, its own first."""
    yield from scope.fe.imports
    package = scope.fe.package
    for path in sorted(scope.graph.modules.java_package_files(package) if package else ()):
        fe = scope.graph.get(path) if path != scope.fe.path else None
        if fe is not None:
            yield from fe.imports
