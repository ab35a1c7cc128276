"""Mentions that look like a project path but are shorthand or another system's name, for the
C1 name rules (:mod:`.names`).

* :func:`foreign_member` -- ``iam.serviceAccountTokenCreator``: a lowerCamelCase member is
  another system's name (an IAM role, a JSON key) that starts with a module's name; and
  ``spaCy`` beside ``import spacy``: a library's own spelling of its name (:func:`brand_name`).
* :func:`package_shorthand` -- ``dask.DataFrame`` for ``dask.dataframe.DataFrame``.
* :func:`alias_shorthand` -- ``job.configuration.query``: a plain word after a local module
  alias in prose.
* :func:`module_shorthand` -- ``util.polymorphic_union`` in ``sqlalchemy/orm/mapper.py``:
  the ``util`` of the file's own package (``sqlalchemy.orm.util``) where the import named
  ``util`` is another (``sqlalchemy.util``).
* :func:`root_imported` -- whether the first part of a dotted name is bound by an import.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_mentions import Mention, is_plain_word
from docref.checks.static.names_scope import Resolution, project_names

__all__ = [
    "alias_shorthand",
    "brand_name",
    "foreign_member",
    "module_shorthand",
    "package_shorthand",
    "root_imported",
]


_LOWER_CAMEL = re.compile(r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+")


def foreign_member(
    inp: StaticInput,
    mention: Mention,
    name: str,
    suggestion: str | None,
    resolution: Resolution | None = None,
) -> bool:
    """``iam.serviceAccountTokenCreator`` in unmarked prose of a Python file: a lowerCamelCase
    member is another system's name (an IAM role, a JSON key, a Java method) that happens to
    start with a module's name, unless a Python name close to it says it is a typo.  Or a
    library's brand name (:func:`brand_name`)."""
    if resolution is not None and brand_name(inp, name, suggestion, resolution):
        return True
    # code-marked too when the owner is a module: ``storage.managedFolders.getIamPolicy``
    # (an IAM permission) is no Python module member a reader would look for
    marked = mention.kind in ("literal", "backtick") and "." in mention.target
    owner = (resolution.owner or "") if resolution is not None else ""
    return (
        inp.file.language == "python"
        and (mention.kind == "dotted" or (marked and owner.startswith("module")))
        and suggestion is None
        and _LOWER_CAMEL.fullmatch(name) is not None
    )


def brand_name(inp: StaticInput, name: str, suggestion: str | None, resolution: Resolution) -> bool:
    """``spaCy`` where the file does ``import spacy``: a bare name that differs only by case
    from a module the file imports whole is how the library writes its own name (alibi's
    "`spaCy` model", round 46), not a stale code name -- no rename changes only the case of
    a module.  A case variant of a function or class (``Dataframe`` for ``DataFrame``), or of
    a name imported from a module, stays reported."""
    return (
        inp.file.language == "python"
        and not resolution.owner
        and suggestion is not None
        and name != suggestion
        and name.lower() == suggestion.lower()
        and any(
            imp.name is None and imp.alias is None and imp.module == suggestion
            for imp in inp.file.imports
        )
    )


def package_shorthand(inp: StaticInput, target: str, resolution: Resolution) -> bool:
    """``dask.DataFrame`` for ``dask.dataframe.DataFrame``: the project's top-level package
    and the name of something the project defines (the reader finds it; a longer path that
    stops early, ``dask.core.DataFrame``, is a stale one and stays reported)."""
    parts = target.split(".")
    if inp.file.language != "python" or len(parts) != 2:
        return False
    top = inp.path.split("/", 1)[0]
    return (
        parts[0] == top
        and resolution.owner == f"module `{top}`"
        and parts[1] in project_names(inp.graph)
    )


def alias_shorthand(target: str, resolution: Resolution) -> bool:
    """``job.configuration.query`` (a REST resource path), ``axes.facecolor`` (a settings
    key), ``st.name()`` (a placeholder): a path in prose that starts at a short local alias of
    a module, not at a top-level package, is shorthand whose rest may be any other system's
    name; a plain word missing there needs a did-you-mean.  A full path from a top-level
    package (``dask.array.numblocks``) or a code-shaped missing name (``prng.shaped_iota``)
    is what a reader would look up, and stays reported."""
    owner = re.fullmatch(r"module `([\w.]+)`", resolution.owner)
    root = target.split(".")[0]
    return (
        owner is not None
        and is_plain_word(resolution.missing)
        and not (owner[1] == root or owner[1].startswith(root + "."))
    )


def module_shorthand(inp: StaticInput, target: str, resolution: Resolution) -> bool:
    """``util.polymorphic_union`` where ``util`` resolved to a module without it
    (``sqlalchemy.util``) but a module of that name in the file's package or one above it
    (``sqlalchemy.orm.util`` beside ``sqlalchemy/orm/mapper.py``) defines it: the prose names
    modules relative to where it is (round 19).  A member no such module defines stays
    reported."""
    parts = target.split(".")
    owner = re.fullmatch(r"module `([\w.]+)`", resolution.owner)
    if len(parts) != 2 or owner is None or owner[1].rsplit(".", 1)[-1] != parts[0]:
        return False
    folder = inp.path.rsplit("/", 1)[0] if "/" in inp.path else ""
    while folder:
        for candidate in (f"{folder}/{parts[0]}.py", f"{folder}/{parts[0]}/__init__.py"):
            if inp.graph.symbol(candidate, parts[1]) is not None:
                return True
        folder = folder.rsplit("/", 1)[0] if "/" in folder else ""
    return False


def root_imported(inp: StaticInput, target: str) -> bool:
    root = target.split(".")[0]
    return any(imp.bound_name == root for imp in inp.file.imports)
