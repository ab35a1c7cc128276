"""What the C1 name rules report of one mention once it is resolved (:mod:`.names`): the
checks that tell a name that resolves nothing from English, a placeholder or a name of other
code, then the finding -- and when the resolver's costliest ways of resolving a bare name are
asked at all.

:meth:`.PythonScope.resolve_bare` tries, last, whether the name is a parameter of what the
function may pass keywords on to (:class:`.names_passed.PassedOn`) or a member of an external
module the file imports from (``_sibling_of_import``).  Both read installed modules, often for
the first time in the process, and on a cold astropy run they were ~5-9% of the CPU for the
~150 mentions that reach them, nearly all of which neither resolves.  A ``resolved`` verdict
only matters when it changes what is reported, so :func:`settled` works out the report both
ways first -- as the name stands without them, and as if it resolved -- and asks them only when
the two differ (then exactly as before).  The findings are the same either way.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from docref.checks.static.base import StaticInput
from docref.checks.static.names_constants import renamed_constant
from docref.checks.static.names_finding import unresolved_finding
from docref.checks.static.names_indexed import family_placeholder, indexed_instance, vararg_item
from docref.checks.static.names_intent import (
    instance_of_a_wildcard,
    marked_not_existing,
    may_not_exist,
    named_for_a_library,
    named_with_its_library,
    names_an_event_handler,
    own_entry_capitalised,
    speaks_for_implementers,
)
from docref.checks.static.names_introduced import data_named, one_of_plural
from docref.checks.static.names_java import JavaScope
from docref.checks.static.names_java_stale import used_elsewhere
from docref.checks.static.names_judge import judge_python
from docref.checks.static.names_mentions import Mention
from docref.checks.static.names_plural import SINGULAR_BEFORE, singulars
from docref.checks.static.names_private import calls_its_private_twin
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_referenced import parameter_of_referenced
from docref.checks.static.names_runtime import set_by_name
from docref.checks.static.names_scope import RESOLVED, Resolution, missing
from docref.checks.static.names_searched import searched_for
from docref.checks.static.names_spelling import suggest
from docref.checks.static.names_stale import STALE_ONLY, stale_finding
from docref.checks.static.names_stale_resolved import keyword_or_renamed
from docref.core.findings import Finding
from docref.core.word_search import preceded_by
from docref.segments import Segment

__all__ = ["How", "judged", "settled"]


@dataclass(frozen=True, slots=True)
class How:
    """Which pass judges the mention: cross-references (``xref``) or prose names, the opt-in
    rule of names resolved elsewhere (``elsewhere``); ``passed``: the docstring's example
    passes the name to the function."""

    xref: bool
    elsewhere: bool
    passed: bool


def settled(
    inp: StaticInput,
    segment: Segment,
    mention: Mention,
    scope: PythonScope,
    resolution: Resolution,
    pending: list[Callable[[], bool]],
    how: How,
) -> list[Finding]:
    """:func:`judged` of ``resolution``, or of ``resolved`` if one of ``pending`` holds (the
    ways the name may still resolve that the resolver left unasked), asked only when the
    two reports differ (see the module docstring)."""
    found = judged(inp, segment, mention, scope, resolution, how)
    if not pending:
        return found
    if_resolved = judged(inp, segment, mention, scope, RESOLVED, how)
    if found == if_resolved or not any(ask() for ask in pending):
        return found
    return if_resolved


def judged(
    inp: StaticInput,
    segment: Segment,
    mention: Mention,
    scope: PythonScope | JavaScope,
    resolution: Resolution,
    how: How,
) -> list[Finding]:
    """The findings on ``mention`` (at most one) given how it resolved."""
    xref, elsewhere, passed = how.xref, how.elsewhere, how.passed
    findings: list[Finding] = []
    if isinstance(scope, PythonScope):
        if resolution.verdict == "missing" and _spelt_in_full(inp, scope, mention):
            return []  # ``:func:`pool2d``` after ``torch.nn.functional.pool2d``
        if resolution.verdict == "missing" and _plural_of_a_name(inp, segment, scope, mention):
            return []  # ``cirq.GridQubits``: instances of the class ``cirq.GridQubit``
    if mention.kind == "caps":
        # an ALL_CAPS name: judged only as a renamed constant the function uses
        found = renamed_constant(inp, segment, mention)
        if resolution.verdict == "missing" and not resolution.owner and found:
            findings.append(found)
        return findings
    keyword = (
        resolution.verdict == "unknown"
        and not xref
        and isinstance(scope, PythonScope)
        and scope.kwargs
    )
    if passed and not xref and isinstance(scope, PythonScope):
        # the example calls the function with it: judged as an old parameter only
        bare = missing("", mention.target, ())
        finding = stale_finding(inp, segment, mention, bare, passed=True)
        findings.extend([finding] if finding is not None else [])
        return findings
    if resolution.verdict != "missing" and not keyword:
        resolved = resolution.verdict == "resolved" and not xref
        if resolved:
            # the opt-in rule's names; the default rule's when the words call it a
            # parameter (``cued``); Javadoc's when another method declares it
            finding = used_elsewhere(inp, segment, mention, scope, cued=not elsewhere)
            findings.extend([finding] if finding is not None else [])
        return findings
    if elsewhere:
        return findings  # the opt-in rule reports names resolved elsewhere only
    if not xref and parameter_of_referenced(inp, segment, mention.target):
        return findings  # ``stage_name`` beside :func:`list_stage_plugins`: its parameter
    # ``xxx : ... TODO: does not exist yet``: a known gap, not drift; "If defined,
    # `n_frames` ...", "the old ``fromTxtFile``": allowed to be absent
    if marked_not_existing(inp.source, segment, mention.start) or may_not_exist(
        inp.source, segment, mention.start, mention.end
    ):
        return findings
    if isinstance(scope, PythonScope) and searched_for(inp, scope, mention):
        return findings  # a tool's list of removed names it finds in user code (its strings)
    if "." not in mention.target and named_with_its_library(inp, segment, mention.start):
        return findings  # "a traitlets :class:`Config`": that library's class
    if named_for_a_library(inp, segment, mention.end):
        return findings  # "(e.g. ``topk`` for torch)": a function of that library
    if instance_of_a_wildcard(inp, mention.target):
        return findings  # ``proto_*``, then "for example ``self.proto_foo``"
    if names_an_event_handler(inp, mention.target) and (
        suggest(resolution.missing, resolution.candidates) is None
    ):
        return findings  # "the following events: - :func:`on_reaction_add`" (no typo of a name)
    if keyword and isinstance(scope, PythonScope):
        # maybe a keyword passed on through **kwargs: judged only as a parameter's old
        # name (the name in no code of the file, passed to nothing it imports or calls)
        finding = keyword_or_renamed(inp, segment, mention, scope)
        if finding is not None:
            findings.append(finding)
        return findings
    if resolution.missing in _UNSHIPPED and resolution.owner.startswith("module"):
        # ``astropy.table.__init__``: the package's ``__init__.py``; ``polars.testing``:
        # test packages are routinely left out of wheels and of checked trees
        return findings
    plain = not xref and "." not in mention.target
    own_params = [p.name for p in inp.function.params]
    body = inp.source[inp.docstring.body_start : inp.docstring.body_end]
    if plain and indexed_instance(mention.target, own_params, resolution.candidates, body):
        return findings  # "parameters `loc0` and `scale0`", "`mesh_a` <-> `mesh_b`": indexed
    if set_by_name(inp.function, inp.body_code(), mention.target):
        return findings  # ``cls.functional`` of ``setattr(cls, name, mod)``: what it makes
    if family_placeholder(resolution.missing, resolution.candidates):
        return findings  # ``fourier.avg_cs_from_XX``: one of the owner's ``avg_cs_from_*``
    if plain and vararg_item(mention.target, inp.function.params):
        return findings  # "arguments of the form `condition0`, `value0`, ...": *args items
    sentence = inp.source[segment.start : segment.end]
    if plain and own_entry_capitalised(segment, mention.target):
        return findings  # "dtype: `Dtype` of this basis": the entry's name, capitalised
    if plain and one_of_plural(inp, mention.start, mention.target, sentence, mention.end):
        return findings  # "a `resolved_circuit`": one item of ``resolved_circuits``
    if plain and data_named(inp, mention.start):
        return findings  # "a column named `instance_id`": the caller's data, named
    own_name = inp.function.name
    if plain and calls_its_private_twin(inp.body_code(), mention.target, own_name):
        return findings  # "running it through des_crypt()": the ``self.__des_crypt`` it calls
    finding = None
    if mention.kind not in STALE_ONLY:
        finding = unresolved_finding(inp, segment, mention, resolution)
    if finding and not xref and speaks_for_implementers(inp, resolution.owner):
        finding = None  # an abstract hook's docstring speaks for its implementers
    if finding is None and not xref and not resolution.owner:
        finding = stale_finding(inp, segment, mention, resolution)
    if finding is not None and _ADDED.match(segment.text):
        finding = _as_history(finding)
    if finding is not None:
        findings.append(finding)
    return findings


_UNSHIPPED = frozenset({"__init__", "testing", "tests", "test"})

# "versionadded:: 0.10.0  Added ``max_cached_statement_use_count`` parameter." (asyncpg,
# round 16): unlike a change or removal note, it says the name is there since that version,
# so a name the code lacks is a real slip (a misnamed note, or a removal nobody noted), but
# the fix is in the history, not in the description: the message says so
_ADDED = re.compile(r"\s*\.\.\s+versionadded::")


def _as_history(finding: Finding) -> Finding:
    """``finding`` on a ``versionadded`` note, worded as a stale history note."""
    message = finding.message.replace("names nothing", "in a versionadded note names nothing", 1)
    fix = "correct the name in the version note, or add a versionchanged note for its removal"
    return dataclasses.replace(finding, message=message, fix_hint=fix)


def _spelt_in_full(inp: StaticInput, scope: PythonScope, mention: Mention) -> bool:
    """A bare name the same docstring also writes as a dotted name that resolves (kornia's
    ``:func:`adaptive_max_pool2d``` beside ``torch.nn.functional.adaptive_max_pool2d``): the
    short form is that object, named for short."""
    if "." in mention.target or "#" in mention.target:
        return False
    body = inp.source[inp.docstring.body_start : inp.docstring.body_end]
    if f".{mention.target}" not in body:
        return False  # what any match holds: no pattern to compile per name
    full = re.compile(rf"(?<![\w.])((?:[A-Za-z_]\w*\.)+){re.escape(mention.target)}(?!\w)")
    for match in full.finditer(body):
        parts = [*match[1].rstrip(".").split("."), mention.target]
        if scope.resolve_dotted(parts).verdict != "missing":
            return True
    return False


def _plural_of_a_name(
    inp: StaticInput, segment: Segment, scope: PythonScope, mention: Mention
) -> bool:
    """A class-shaped plural whose singular resolves (:mod:`.names_plural`), not after a
    singular article ("an instance of `RunArtifacts`" for ``RunArtifact``: a slip)."""
    sentence = inp.source[segment.start : segment.end]
    if preceded_by(sentence, mention.target, SINGULAR_BEFORE):  # (no pattern per name)
        return False
    return any(
        judge_python(scope, replace(mention, target=singular)).verdict != "missing"
        for singular in singulars(mention.target)
    )
