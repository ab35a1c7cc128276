"""What a prose return claim (:mod:`.prose_returns`) is judged against: the kinds the code
returns -- a Java return type, a Python annotation, or with neither the kinds of the returned
values -- and whether a claimed kind agrees with them.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.prose_claim_kinds import SHOWN, said_of_items
from docref.checks.static.returned_kinds import returned_kinds as _returned_kinds
from docref.checks.static.returns_annotation import annotation_kinds
from docref.checks.static.returns_raises_ast import body_facts, function_node
from docref.checks.static.value_kinds import NUMBERS, java_kinds

__all__ = ["allowed_kinds", "claim_compatible"]

# Java's raw bytes (``byte[]``; ``java_kinds`` leaves it unjudged, an array of numbers to the
# other rules): "@return the string form" over it is the text a change to bytes left behind
_BYTE_ARRAY = re.compile(r"\s*(?:byte|Byte)\s*\[\s*\]\s*")


def allowed_kinds(inp: StaticInput) -> tuple[set[str], str] | None:
    """The kinds the code returns and how that is known, ``None`` when not judged."""
    fn = inp.function
    if inp.file.language == "java":
        declared = java_kinds(fn.returns)
        if declared is None and _BYTE_ARRAY.fullmatch(fn.returns or ""):
            declared = {"bytes"}  # judged against a string claim only (prose_claims)
        return None if declared is None else (declared, f"is declared to return {fn.returns}")
    if fn.returns:
        kinds = annotation_kinds(fn.returns)
        if kinds == {"None"} and _returns_a_value(inp):
            # ``-> None`` on a body that returns the value the docstring describes (round
            # 13: lifelines ``check_assumptions``, sanic ``Sanic.event``): the annotation is
            # the wrong side, not the docstring
            return None
        return None if kinds is None else (kinds, f"is annotated `-> {fn.returns}`")
    returned = _returned_kinds(inp)
    if returned is None:
        return None
    shown = " and ".join(sorted(SHOWN.get(k, k) for k in returned))
    return returned, f"returns {shown} on every path"


def _returns_a_value(inp: StaticInput) -> bool:
    node = function_node(inp.data, inp.function)
    return node is not None and body_facts(node).returns_value


def claim_compatible(claim: str, kinds: set[str], *, annotated: bool) -> bool:
    if claim in kinds or (claim == "int" and kinds & NUMBERS):
        return True
    if claim == "float" and kinds & {"float", "complex"}:
        return True
    if claim == "set" and kinds & {"list", "tuple", "dict"}:
        return True  # "a set of names" for a list or a dict's keys is English
    if said_of_items(claim, kinds):
        return True  # "Maximum number of targets" for a dict command -> number
    if claim == "list" and "set" in kinds:
        return True  # "the list of rules" for a set is English, not a type
    if "tuple" in kinds:
        # a tuple's sentence describes its items ("Return whether it is closed, the type of
        # its items and ..."), and "the list of rules" for a tuple is English
        return True
    # an unannotated ``return 0`` / ``return 1`` is a C-style boolean
    return claim == "bool" and "int" in kinds and not annotated
