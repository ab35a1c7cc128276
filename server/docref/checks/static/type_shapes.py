"""Shapes of a documented type the C2 type rules read before comparing (round 12b).

* :func:`bracketed_item`: ``[bool]`` -- a builtin scalar in brackets is the decorated scalar
  (``[Syntax]``, ``[str]``: some projects wrap a type in brackets) or a list of it (a mask, a
  list of flags); a finding needs both readings contradicted.
* :func:`sequence_for_a_sequence`: a list documented for a parameter annotated as a tuple
  (or the reverse), or a list/tuple of scalars for an ``ndarray``: the parameter takes the
  caller's sequence and the body reads either the same way (torchvision's
  ``Tuple[float, float, float]`` for TorchScript's ``list[float]``; biopython's ``[bool]``
  mask for ``np.ndarray``).  Judged debatable every time (rounds 5, 10, 12b), never TRUE, on
  parameters; on returns a list for a tuple was judged TRUE four times, so returns keep it.
* :func:`text_for_a_path`: ``str`` documented for a parameter annotated ``pathlib.Path`` or
  ``os.PathLike`` -- a path written as text, which such bodies join or convert (pennylane's
  ``Path(folder_path)``, aeon's ``os.path.join(extract_path, ...)``, cyclopts' command line):
  judged debatable all six times (rounds 33, 46, 47), never TRUE.
"""

from __future__ import annotations

import re

from docref.checks.static.value_kinds import SCALARS
from docref.checks.types_expr import ELLIPSIS, TypeExpr

__all__ = ["bracketed_item", "sequence_for_a_sequence", "text_for_a_path"]

_SEQUENCES = frozenset({"list", "tuple"})
_NDARRAY = "numpy.ndarray"


def bracketed_item(text: str) -> str | None:
    """``list[X]`` for a documented type ``[X]`` whose ``X`` is one builtin scalar or
    container (``[bool]``, ``[dict]``), a class by its dotted path or one capitalised name
    (``[Callable]``, PyG's list notation, round 42): besides the decoration some projects wrap
    a type in (``[Syntax]``, ``[str]`` for ``str``), a list of it; None for anything else."""
    text = text.strip()
    word = text[1:-1].strip() if text.startswith("[") and text.endswith("]") else ""
    if word in SCALARS or word in _BUILTIN_CONTAINERS or _DOTTED_CLASS.fullmatch(word):
        return f"list[{word}]"
    return None


# ``[dict]`` (round 50, ase's ``next_steps: [dict]`` beside ``[str]`` on ``list[dict]``): a
# builtin container listed as the scalars are
_BUILTIN_CONTAINERS = frozenset({"dict", "list", "tuple", "set"})

# ``[trimesh.scene.lighting.Light]`` (round 17, trimesh): a class by its dotted path, listed;
# ``[Callable]``, ``[Tensor]``: one class or typing name
_DOTTED_CLASS = re.compile(r"(?:[a-z_]\w*\.)*[A-Z]\w*")


def _items(expr: TypeExpr) -> list[TypeExpr]:
    return [a for a in expr.args if a != ELLIPSIS]


def _same_items(doc: TypeExpr, ann: TypeExpr) -> bool:
    """The item types agree as far as they are written (an unparameterised side agrees)."""
    doc_items, ann_items = _items(doc), _items(ann)
    if not doc_items or not ann_items:
        return True
    wanted = {a.render() for a in ann_items}
    return all(d.render() in wanted for d in doc_items)


def sequence_for_a_sequence(documented: TypeExpr, annotation: TypeExpr) -> bool:
    """A list/tuple documented where the parameter is annotated with the other sequence or an
    ``ndarray`` (of the same items as far as both say): see the module docstring."""
    doc = [m for m in documented.members if not m.is_none]
    ann = [m for m in annotation.members if not m.is_none]
    if not doc or not ann or any(m.name not in _SEQUENCES for m in doc):
        return False
    doc_names = {m.name for m in doc}
    for member in ann:
        scalars = all(i.name in SCALARS for m in doc for i in _items(m))
        if member.name == _NDARRAY and scalars:
            return True
        other = member.name in _SEQUENCES and member.name not in doc_names
        if other and all(_same_items(d, member) for d in doc):
            return True
    return False


_PATHS = frozenset({"pathlib.Path", "pathlib.PurePath", "pathlib.PurePosixPath", "os.PathLike"})


def text_for_a_path(documented: TypeExpr, annotation: TypeExpr) -> bool:
    """``str`` documented (with or without None) where every member of the annotation but
    None is a path class or ``os.PathLike``: see the module docstring."""
    doc = [m for m in documented.members if not m.is_none]
    ann = [m for m in annotation.members if not m.is_none]
    return (
        bool(doc and ann)
        and all(m.name == "str" for m in doc)
        and all(m.name in _PATHS for m in ann)
    )
