"""C2 rule on ``optional`` claims (Python): ``C2-OPTIONAL-FLAG``.

* :func:`c2_optional_flag` -- a parameter documented ``optional`` (``int, optional``,
  "Optional. …") that has no default in the signature, nor in any ``@overload`` of it.
  ``*args``/``**kwargs`` are optional by nature; decorators that may rewrite the signature
  (``click.option`` supplies defaults) silence the rule, and so does an annotation that
  admits ``None`` (``X | None``) or a body that tests ``x is None``: there "optional" reads
  as "may be None", the Hugging Face and some Google-style usage; so does a body that hands
  it on to a project callee taking it as "may be None" (:mod:`.optional_callees`), and so
  does a body with a fallback for it (``x or y``) or reading it only when another parameter
  is None, or testing its truth when it is not a ``bool`` (``if not hist_file:``)
  (:mod:`.optional_alternative`).  A
  parameter that one ``@overload`` (or the implementation) leaves out is optional to
  callers.  An abstract method (``@abstractmethod``, or a body that only raises) whose
  project overrides give the parameter a default documents what callers of those
  implementations pass (scipy's ``_ProbabilityDistribution.sample``); so does a private
  ``_m`` whose public twin ``m`` gives it a default and calls it (sktime's ``_fit`` under
  ``fit(y, X=None, fh=None)``); so does the ``__init__`` of a private base class whose every
  project subclass constructor defaults the parameter and calls it (hmmlearn's
  ``_AbstractHMM``).  A ``None`` default
  whose annotation excludes ``None`` is a typing question, not checked here.
* :func:`c2_optional_flag_weak` (opt-in ``C2-OPTIONAL-FLAG-WEAK``, session 14): the same
  claim on a parameter the body never reads -- a stub, a callback or hook the framework calls
  with every argument (asyncssh's ``terminal_size_changed``, a Sphinx event handler): nothing
  in the code corroborates that callers must pass it (judged rounds 0-16: 0 TRUE of 5); and
  (session 18) one that a function of the same name defaults and hands on by name
  (statsforecast's backend ``forecast`` under ``StatsForecast.forecast``, judged DEBATABLE).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput, per_function
from docref.checks.static.defaults import description, signature_params, unreported_entries
from docref.checks.static.optional_alternative import (
    falls_back,
    read_only_without_alternative,
    stored_as_described,
    stored_maybe_none,
    tests_truth,
)
from docref.checks.static.optional_callees import (
    forwarded_by_namesake,
    passed_on_as_maybe_none,
    wrapped_by_public_twin,
)
from docref.checks.static.overriders import overriders
from docref.checks.static.params import signatures
from docref.checks.static.returns_raises_ast import body_facts, function_node
from docref.checks.static.type_scope import type_aliases
from docref.checks.types import parse_annotation
from docref.core.findings import Criterion, Finding
from docref.segments import Segment

__all__ = ["RULE_OPTIONAL_FLAG", "RULE_OPTIONAL_WEAK", "c2_optional_flag", "c2_optional_flag_weak"]

RULE_OPTIONAL_FLAG = "C2-OPTIONAL-FLAG"
RULE_OPTIONAL_WEAK = "C2-OPTIONAL-FLAG-WEAK"

_WORD = re.compile(r"[A-Za-z_]\w*")
# a ctypes pointer admits None too: it is passed as NULL (round 43, scrapli's FFI wrappers:
# ``filter_namespace: c_char_p`` documented "optional namespace for filter")
_ADMITS_NONE = re.compile(
    r"\bNone\b|\bOptional\b|\bAny\b|^\s*object\s*$|\bc_(?:char|wchar|void)_p\b|\bPOINTER\("
)
_OPTIONAL_DESCRIPTION = re.compile(r"^[(\[]?optional\b(?!\s*\[)", re.I)
_SAFE_DECORATORS = frozenset(
    {
        "staticmethod",
        "classmethod",
        "property",
        "setter",
        "getter",
        "deleter",
        "cached_property",
        "abstractmethod",
        "override",
        "final",
        "overload",
        "cache",
        "lru_cache",
        "wraps",
        "deprecated",
        "no_type_check",
        "contextmanager",
        "asynccontextmanager",
    }
)


# Binary operator methods: ``net += n`` calls ``__iadd__(net, n)``, never without ``n``
_OPERATORS = frozenset(
    f"__{p}{op}__"
    for op in (
        *("add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow"),
        *("lshift", "rshift", "and", "xor", "or"),
    )
    for p in ("", "r", "i")
) | frozenset(
    f"__{op}__"
    # and ``obj[key]`` / ``obj[key] = value`` / ``del obj[key]``: the subscript supplies the key
    for op in ("eq", "ne", "lt", "le", "gt", "ge", "contains", "getitem", "setitem", "delitem")
)


def _says_optional(seg: Segment) -> bool:
    # ``*optional*``/```optional``` (Hugging Face style) say the same as ``optional``
    parts = (part.strip().strip("*`").lower() for part in (seg.type or "").split(","))
    if any(part == "optional" for part in parts):
        return True
    return bool(_OPTIONAL_DESCRIPTION.match(description(seg)))


def _may_rewrite_signature(inp: StaticInput) -> bool:
    for decorator in inp.function.decorators:
        name = decorator.split("(", 1)[0].rsplit(".", 1)[-1].strip()
        if name not in _SAFE_DECORATORS:
            return True
    return False


def _admits_none(inp: StaticInput, annotation: str) -> bool:
    """Whether the annotation admits ``None``, as written or through a type alias of the
    scope (``key: KeyFunc`` with ``KeyFunc = Optional[Callable[...]]``)."""
    if _ADMITS_NONE.search(annotation):
        return True
    aliases = type_aliases(inp)
    if not set(_WORD.findall(annotation)) & set(aliases):
        return False
    parsed = parse_annotation(annotation, type_aliases=aliases)
    if parsed is None:
        return True  # an alias that does not parse may admit None: precision first
    return any(m.is_none or m.name in ("typing.Any", "object") for m in parsed.members)


def _tests_none(inp: StaticInput, name: str) -> bool:
    fn = inp.function
    body = inp.code(fn.header_span.end_byte, fn.span.end_byte)
    return re.search(rf"\b{re.escape(name)}\s+is\s+(?:not\s+)?None\b", body) is not None


def _defaulted_by_implementations(inp: StaticInput, name: str) -> bool:
    """The method is abstract (or a stub) and a project override gives ``name`` a default."""
    node = function_node(inp.data, inp.function) if inp.function.parent_class else None
    if node is None:
        return False
    facts = body_facts(node)
    if not (facts.abstract or facts.stub):
        return False
    return any(
        p.name == name and p.default is not None
        for _path, override in overriders(inp)
        for p in override.params
    )


def _defaulted_by_subclasses(inp: StaticInput, name: str) -> bool:
    """The ``__init__`` of a private base class (``_AbstractHMM``), whose every project
    subclass constructor gives ``name`` a default and hands it on to ``__init__``: no caller
    builds the private base, the docstring describes the parameter its users pass
    (hmmlearn, round 17)."""
    fn = inp.function
    if fn.name != "__init__" or not (fn.parent_class or "").rpartition(".")[2].startswith("_"):
        return False
    found = list(overriders(inp))
    if not found:
        return False
    for path, override in found:
        if not any(p.name == name and p.default is not None for p in override.params):
            return False
        try:
            data = inp.data if path == inp.path else inp.graph.source(path).encode("utf-8")
        except Exception:  # an unreadable subclass file only costs this evidence
            return False
        body = data[override.header_span.end_byte : override.span.end_byte].decode(
            "utf-8", "replace"
        )
        if "__init__(" not in body:
            return False  # a constructor that does not call the base's: not handed on
    return True


def _read_by_body(inp: StaticInput, name: str) -> bool:
    """Whether the body (after the docstring) names the parameter at all; a keyword of a
    call spelt like it (``ax.text(x, y=0, ...)`` for a parameter ``y``, round 42's
    yellowbrick) is not a read of it."""
    pattern = rf"(?<![\w.]){re.escape(name)}\b(?!\s*=(?!=))"
    return re.search(pattern, inp.body_code()) is not None


def c2_optional_flag(inp: StaticInput) -> list[Finding]:
    """``C2-OPTIONAL-FLAG``: a parameter documented optional that the signature requires and
    the body reads."""
    return [f for f in _optional_flags(inp) if f.rule == RULE_OPTIONAL_FLAG]


def c2_optional_flag_weak(inp: StaticInput) -> list[Finding]:
    """``C2-OPTIONAL-FLAG-WEAK`` (opt-in): the same claim on a parameter the body never reads
    (a stub, a callback the framework calls with every argument)."""
    return [f for f in _optional_flags(inp) if f.rule == RULE_OPTIONAL_WEAK]


@per_function
def _optional_flags(inp: StaticInput) -> list[Finding]:
    if inp.file.language != "python" or _may_rewrite_signature(inp):
        return []
    params = signature_params(inp)
    out: list[Finding] = []
    reported: set[str] = set()
    for seg, name, records in unreported_entries(inp, params, reported):
        if not _says_optional(seg):
            continue
        if any(p.default is not None or p.kind in ("vararg", "kwarg") for p in records):
            continue
        if len(records) < len(signatures(inp)):
            continue  # an @overload (or the implementation) that omits it: callers may too
        if _tests_none(inp, name):
            continue  # the body handles None as "not given": optional reads "may be None"
        if falls_back(inp, name) or read_only_without_alternative(inp, name):
            continue  # ``x = x or y`` / read only under ``if x_embeds is None:``: may be None
        if tests_truth(inp, name, [seg.type or "", *(p.annotation or "" for p in records)]):
            continue  # ``if not hist_file:``: an empty value is "not given" (not on a flag)
        if stored_maybe_none(inp, name, seg.type or "", seg.text):
            continue  # "int or None, optional" on a record's stored field: may be None
        if passed_on_as_maybe_none(inp, name):
            continue  # handed on to a callee that takes it as "may be None" (1-2 hops)
        if any(p.annotation and _admits_none(inp, p.annotation) for p in records):
            continue  # "optional" read as "may be None" (Hugging Face, some Google style)
        if _defaulted_by_implementations(inp, name):
            continue  # an abstract method's docstring speaks for its implementations
        if _defaulted_by_subclasses(inp, name):
            continue  # a private base's constructor: its subclasses' callers leave it out
        if wrapped_by_public_twin(inp, name):
            continue  # ``_fit(y, X, fh)`` documented as ``fit(y, X=None, fh=None)``, its caller
        reported.add(name)
        # a parameter the body never reads, or one a namesake wrapper defaults and hands on
        # (the public docstring copied onto the backend): nothing says callers must pass it
        # and an operator method's operand, which the operator syntax always supplies
        # and (session 22) a record's field whose description, not its type, says "optional"
        weak = (
            not _read_by_body(inp, name)
            or forwarded_by_namesake(inp, name)
            or inp.function.name in _OPERATORS
            or stored_as_described(inp, name, seg.type or "", description(seg))
        )
        rule = RULE_OPTIONAL_WEAK if weak else RULE_OPTIONAL_FLAG
        out.append(
            inp.finding(
                seg,
                Criterion.C2,
                rule,
                f'documents "{name}" as optional, but {inp.function.name}() requires it '
                "(no default in the signature)",
                f'give "{name}" a default or remove "optional"',
            )
        )
    return out
