"""Types a Java file can name that live outside the project: what the resolver may not call
missing.

Two ways a simple type name that no project class, import or package supplies is still real:

- a member type inherited from a supertype outside the project (round 89j: Hibernate
  Validator's ``HibernateConstraintValidatorContext extends
  jakarta.validation.ConstraintValidatorContext`` links ``{@link ConstraintViolationBuilder}``,
  the nested interface its library supertype declares).  javac puts an inherited member type in
  scope by its simple name; whether a library type has one cannot be read here, so the answer
  is unknown -- as :meth:`.JavaScope.has_member` answers for a member a library base may hold.
  A JDK supertype whose source is at hand is read instead.
- a library type another file of the same package imports (round 85j: Reactor's ``Hooks``
  naming the "implicit global {@code ContextRegistry}" of Micrometer's context-propagation,
  which its package's ``ContextPropagation.java`` imports): the package works with that type,
  so the name is current, not a rename's leftover -- a rename would have changed the import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docref.checks.static.names_java import JavaScope

__all__ = ["outside_member_type", "package_imports"]


def outside_member_type(scope: JavaScope, name: str) -> bool | None:
    """Whether an enclosing class of ``scope``'s method inherits a member type ``name`` from a
    supertype outside the project: True for a JDK supertype whose source declares it, None
    when a library supertype (one no source here holds) may, False when none can."""
    unsure = False
    for cls in scope.chain:
        for base in scope.outside_supertypes(cls):
            if scope.jdk_has(base):
                if scope.jdk_has(f"{base}.{name}"):
                    return True
            elif not base.startswith("java."):
                # a library's type (``javax.validation`` is one too, unless the JDK's source
                # holds it); a ``java.`` type without the JDK's source is not guessed at
                unsure = True
    return None if unsure else False


def package_imports(scope: JavaScope, name: str) -> bool:
    """Whether a file of ``scope``'s package (its own included) imports a type ``name`` from
    outside the project by a single-type import (``import io.micrometer.context.X;``)."""
    package = scope.fe.package
    paths = scope.graph.modules.java_package_files(package) if package else set()
    for path in sorted({scope.fe.path, *paths}):
        fe = scope.fe if path == scope.fe.path else scope.graph.get(path)
        if fe is None:
            continue
        for imp in fe.imports:
            if imp.is_static or imp.name != name:
                continue
            if scope.graph.modules.module_path(f"{imp.module}.{name}") is None:
                return True
    return False
