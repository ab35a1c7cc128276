"""Fixing a docstring: deterministic fixes of static findings, and model rewrites.

* :func:`static_fix` -- the new docstring literal for the findings the static tier can fix
  on its own (:mod:`docref.fixes.static`).
* :func:`deterministic_fix` -- those fixes applied and re-checked in the project, round after
  round (:mod:`docref.fixes.verify`).
* :func:`fix_docstring` -- "Fix this docstring": the model rewrite, validated and re-checked
  by every tier, with the deterministic fix as its fallback (:mod:`docref.fixes.rewrite`).
* :func:`fix_whole_file` -- every deterministic fix of one file, the one fix path of the
  editor's fix-all and the CLI's ``--fix``/``--diff`` (:mod:`docref.fixes.whole_file`; what
  a file written without review must keep in :mod:`docref.fixes.safety`); the pairing fix
  of an unknown parameter name (:mod:`docref.fixes.pairing`) is one of them.
* :func:`ignore_edit` -- the inline ``docref: ignore[...]`` marker for a function.
* :func:`find_target` -- the documented function or class a fix works on.
"""

from __future__ import annotations

from docref.fixes.ignore import IgnoreEdit, ignore_edit
from docref.fixes.rewrite import FixResult, ModelSetup, fix_docstring, model_setup
from docref.fixes.static import FIXABLE_RULES, StaticFix, static_fix
from docref.fixes.target import FixTarget, find_target, literal_frame
from docref.fixes.text import Edit, apply_edits, minimal_edit
from docref.fixes.verify import DeterministicFix, StaticCheck, deterministic_fix
from docref.fixes.whole_file import FileFix, fix_whole_file

__all__ = [
    "FIXABLE_RULES",
    "DeterministicFix",
    "Edit",
    "FileFix",
    "FixResult",
    "FixTarget",
    "IgnoreEdit",
    "ModelSetup",
    "StaticCheck",
    "StaticFix",
    "apply_edits",
    "deterministic_fix",
    "find_target",
    "fix_docstring",
    "fix_whole_file",
    "ignore_edit",
    "literal_frame",
    "minimal_edit",
    "model_setup",
    "static_fix",
]
