"""Parameter entries that name no parameter on purpose (C1-PARAM-UNKNOWN; precision round 8).

* :func:`item_of_varargs`: ``body1, body2, body3...`` for ``*body`` -- the items of a
  variadic parameter, numbered after it (sympy's ``potential_energy(*body)``; ``mat1, ...,
  matN`` for ``*mats``, round 27); :func:`index_of_numbered`: ``afi`` for ``af1, af2, af3``;
  :func:`numbered_family_of_varargs`: ``matcher1,...`` for ``*items`` (round 83).
* :func:`lists_types`: an entry that is a list of types with no name (sympy's ``distance(self,
  other)``: ``Point3D, Line3D, Plane, tuple, list``) -- every name a builtin type or a
  capitalised name the project defines.
* :func:`.params_tuples.element_of_a_tuple` and :func:`.params_tuples.rest_of_a_callback`:
  the elements of a tuple form the docstring writes before the entries, and a callback's
  ``*args`` after them; :func:`.params_tuples.part_listed_by_an_entry`: ``grid_rng: start,
  stop, num`` then one entry per part (round 83).
* :func:`says_removed`: an entry whose text says the parameter was removed (numpy's
  ``missing : ... `missing` was removed in numpy 1.10. Please use `missing_values```) -- a
  removal note the docstring keeps on purpose (precision round 12a).
* :func:`in_own_pseudo_signature`: a name the docstring writes as an argument of a call of
  the function's (or its class's) own name in prose (nltk's "An alternative calling
  convention ... is Feature(start, end)") -- a calling convention it documents (round 12a).
* :func:`key_of_a_mapping`: an entry under Google's "Keyword Args:" of a function without
  ``**kwargs`` that takes a mapping (kornia's ``LoFTR.forward(self, data: dict)`` lists
  ``image0``, ``mask1``, ... there) -- the keys of that mapping, which no caller can pass as
  keywords (round 14).
* :func:`key_under_subheading`: the entries after a sub-heading line of their section that
  names a parameter (pastas' "Other Parameters / Time series settings" above ``fill_nan``,
  ``fill_before``, ... for ``settings: dict or str``, round 41: 25 FALSE) -- the keys of that
  parameter, grouped under its name; under a sub-heading naming no parameter they stay judged.
* :func:`leading_item_of_varargs`: ``phi`` before ``wires`` for ``(*params, wires, id)`` --
  the entries before the first keyword-only parameter's document the items of ``*params``,
  named (pennylane's operations inheriting ``Operator.__init__``, round 46).
* ``see: https://...``: an untyped ``see``/``cf`` entry whose text is a link alone is a
  reference line of the section (tensorboardX, round 49), not a parameter's entry.
* :func:`group_of_varargs`: ``*columns`` for ``column, *additional_columns`` -- one entry
  for a parameter and the ``*varargs`` after it (round 19).
* :func:`labels_positional_only`: ``__type`` for a positional-only ``__type_pos`` -- a label
  of an argument whose name is no part of the call (round 19).
* :func:`placeholder_of_family`: ``ndarray_abc_xyz`` for ``ndarray_mode``,
  ``ndarray_size_threshold``, ... -- a made-up tail (``xyz``, ``xxx``, ``foo``) on the prefix
  two or more parameters share: one entry for the family (jsonpickle, round 20), like
  Javadoc's ``@param M`` for ``Mxx, Mxy``.
* :func:`template_placeholder`: ``any_other_param : <param_type>`` -- an entry whose type is a
  fill-in-the-blank in angle brackets: a template's sample entry for whoever copies it
  (astroquery's ``template_module``, round 24), not a claim about this signature.
* :func:`abstract_hook`: ``args``/``kwargs`` on a method that is abstract or a stub (only a
  docstring and ``pass``/``...``/``raise NotImplementedError``) -- the extra arguments the
  implementations receive, which the hook's own signature leaves out (darts'
  ``ts_transform``, round 21; session 17).
* :func:`underscore_of_private`: ``errors`` for ``_errors`` on a private function or class
  (cerberus' ``_drop_nodes_from_errorpaths``, round 16; distributed's ``_InstallNannyPlugin``,
  round 21) -- the name without its leading underscore, in internal code no caller outside
  the project reaches by keyword (on a public one, sphinx's ``override`` for ``_override``, a
  caller following the docs gets a ``TypeError``: reported).
* :func:`sums_up_defaults`: ``**kwargs`` on a function without one whose two or more optional
  parameters have no entry of their own (pytorch-lightning's ``LambdaCallback``: "hooks
  supported by Callback" for ~35 ``on_*=None`` keywords, round 15; authlib's
  ``JWTBearerTokenGenerator``: "other parameters are inherited", round 20) -- the entry sums
  up those keywords under one name.  Where nothing optional is left undocumented (sqlalchemy's
  ``union(*other)``, torchmetrics' functionals, judged TRUE) it documents keywords the function
  does not take: reported; so is one entry ``args, kwargs`` (a forwarding signature, round 6).
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Container, Iterable

from docref.checks.static.base import StaticInput
from docref.checks.static.params_suggest import closest_parameter
from docref.checks.static.params_tuples import (
    element_of_a_tuple,
    part_listed_by_an_entry,
    rest_of_a_callback,
)
from docref.checks.static.returns_raises_ast import body_facts, function_node
from docref.core.segment import Segment
from docref.graph.model import Param
from docref.graph.project import ProjectGraph

__all__ = [
    "abstract_hook",
    "group_of_varargs",
    "in_own_pseudo_signature",
    "index_of_numbered",
    "item_of_varargs",
    "key_of_a_mapping",
    "key_under_subheading",
    "labels_positional_only",
    "lists_types",
    "not_a_name",
    "numbered_family_of_varargs",
    "placeholder_of_family",
    "says_removed",
    "sums_up_defaults",
    "template_placeholder",
    "underscore_of_private",
]


# "`missing` was removed in numpy 1.10", "this parameter has been removed", "``x`` is no
# longer accepted": the entry records its own parameter's removal (not "keys that were
# removed", which describes data; "deprecated" alone does not count either: a deprecated
# parameter must still be in the signature)
_REMOVED = (
    r"(?:`*{name}`*|\b(?:this|the|that)\s+(?:parameter|argument|keyword|option))"
    r"\s+(?:(?:was|were|has\s+been|have\s+been|is|is\s+now)\s+(?:\w+\s+)?(?:removed|dropped)\b"
    r"|(?:is\s+)?no\s+longer\s+(?:accepted|supported|used|exists?|available)\b)"
)
# a doctest or its continuation: the arguments of a call there are the example's variables
_DOCTEST_LINE = re.compile(r"^\s*(?:>>>|\.\.\.)[^\n]*$", re.MULTILINE)


def says_removed(segment: Segment, name: str) -> bool:
    """The entry's own text says its parameter ``name`` was removed."""
    pattern = _REMOVED.format(name=re.escape(name))
    return re.search(pattern, segment.text, re.IGNORECASE) is not None


def in_own_pseudo_signature(name: str, body: str, qualname: str) -> bool:
    """``body`` (the docstring, doctests left out) writes a call of the function's own name,
    or of its class's for ``__init__`` and a class docstring, with ``name`` as one of its
    plain arguments: ``Feature(start, end)`` -- an alternative calling convention.  The
    parenthesis is against the name: "a shallow copy (with_data=False)" in ``copy``'s
    docstring is the word "copy" and an aside, not a call."""
    parts = qualname.split(".")
    owners = {parts[-1]}
    if parts[-1] in ("__init__", "__new__") and len(parts) > 1:
        owners.add(parts[-2])
    owners.discard("__init__")
    prose = _DOCTEST_LINE.sub("", body)
    for owner in owners:
        for match in re.finditer(rf"(?<![\w.]){re.escape(owner)}\(([^()]*)\)", prose):
            args = [a.split("=")[0].strip().lstrip("*") for a in match.group(1).split(",")]
            if name in args and all(a.isidentifier() for a in args):
                return True
    return False


def item_of_varargs(name: str, varargs: Iterable[str]) -> bool:
    """``name`` is the vararg's name, or its singular, with a number or an index letter
    (``body1`` for ``*body``; ``mat1``, ``mat2``, ..., ``matN`` for ``*mats``, round 27)."""
    for v in varargs:
        stems = {v, v[:-1]} if v.endswith("s") and len(v) > 3 else {v}
        if any(re.fullmatch(rf"{re.escape(s)}_?(?:\d+|[nNkK])", name) for s in stems if s):
            return True
    return False


# an entry name that writes a numbered family: ``matcher1,...`` / ``matcher1, ...``
_NUMBERED_FAMILY = re.compile(r"[A-Za-z_]\w*?_?\d+\s*,\s*(?:\.\.\.|\u2026)")


def numbered_family_of_varargs(
    segments: list[Segment], segment: Segment, params: list[Param]
) -> bool:
    """``:param matcher1,...:`` on ``all_of(*items)``: the entry's name is itself a numbered
    family (a number on the name, then a comma and an ellipsis), so it documents the items of
    the function's ``*varargs`` whatever its stem (PyHamcrest's matchers, round 83: 7 FALSE).
    With no ``*varargs``, or one another entry already documents, the name stays judged."""
    if not _NUMBERED_FAMILY.fullmatch((segment.name or "").strip()):
        return False
    varargs = {p.name.lstrip("*") for p in params if p.kind == "vararg"}
    if not varargs:
        return False
    others = (e for e in segments if e is not segment and e.kind == "param" and e.name)
    named = ({n.strip().lstrip("*") for n in (e.name or "").split(",")} for e in others)
    return not any(names & varargs for names in named)


def index_of_numbered(name: str, params: Iterable[str]) -> bool:
    """``name`` is a stem and an index letter (``afi``, ``xn``) and two or more parameters are
    that stem numbered (``af1``, ``af2``, ``af3``): one entry for the numbered family, "the
    filters for dimension i" (round 27).  The stem with a number no parameter has
    (``af4``) stays judged, as does an index letter on a stem at most one parameter has."""
    match = re.fullmatch(r"([A-Za-z_]\w*?)_?[iInNkK]", name)
    if match is None:
        return False
    numbered = re.compile(rf"{re.escape(match.group(1))}_?\d+")
    return sum(numbered.fullmatch(p) is not None for p in params) >= 2


def lists_types(names: list[str], graph: ProjectGraph) -> bool:
    """Every one of two or more ``names`` is a builtin type or a capitalised project name."""
    if len(names) < 2:
        return False
    # imported here: names_scope imports params, which imports this module
    from docref.checks.static.names_scope import project_names

    known = project_names(graph)

    def a_type(name: str) -> bool:
        name = name.rstrip(".")
        if isinstance(getattr(builtins, name, None), type):
            return True
        return name[:1].isupper() and name in known

    return all(a_type(n) for n in names)


_KEYWORD_SECTIONS = frozenset({"keyword args", "keyword arguments", "kwargs", "keys"})
# a mapping annotation: ``dict``, ``Dict[str, Tensor]``, ``Mapping``, ``MutableMapping``, ...
_MAPPING = re.compile(r"(?:^|[\s\[|.])(?:dict|Dict|Mapping|MutableMapping|OrderedDict)\b")


def key_of_a_mapping(segment: Segment, params: list[Param]) -> bool:
    """``segment`` is an entry of a "Keyword Args:" section of a function that takes no
    ``**kwargs`` and has a parameter annotated as a mapping: it documents that mapping's
    keys, as no keyword argument could reach the function."""
    if (segment.section or "").strip().lower() not in _KEYWORD_SECTIONS:
        return False
    if any(p.kind == "kwarg" for p in params):
        return False
    return any(p.annotation and _MAPPING.search(p.annotation) for p in params)


_HEADING_WORD = re.compile(r"[a-z][a-z0-9_]*")
_HEADING_LINE = re.compile(r"[A-Za-z][\w \-]*")


def key_under_subheading(segments: list[Segment], segment: Segment, params: list[Param]) -> bool:
    """``segment`` follows, in its own section, a sub-heading line (an entry with no name, of a
    few words and no sentence) with a word that is a parameter's name, its plural or its
    singular: it documents a key of that parameter."""
    at = next((i for i, s in enumerate(segments) if s is segment), None)
    if at is None:
        return False
    heading = None
    for before in reversed(segments[:at]):
        if before.kind != "param" or before.section != segment.section:
            return False  # the section ends above: no sub-heading of its own
        if not before.name:
            heading = before
            break
    # words alone: an entry the parser could not name (``filename (`str`): ...`` indented one
    # level too far, pyemu, round 41) has punctuation and is no sub-heading
    if heading is None or not _HEADING_LINE.fullmatch(heading.text.strip()):
        return False
    words = _HEADING_WORD.findall(heading.text.lower())
    if not 1 <= len(words) <= 6:
        return False
    own = {p.name.lstrip("*").lower() for p in params} - {(segment.name or "").lower()}
    return any(w in own or f"{w}s" in own or (w.endswith("s") and w[:-1] in own) for w in words)


def not_a_name(inp: StaticInput, segment: Segment, name: str, params: list[Param]) -> bool:
    """The entry of ``name`` names no parameter on purpose (see the module docstring)."""
    if key_of_a_mapping(segment, params):
        return True
    if key_under_subheading(inp.docstring.segments, segment, params):
        return True
    if item_of_varargs(name, [p.name.lstrip("*") for p in params if p.kind == "vararg"]):
        return True
    if numbered_family_of_varargs(inp.docstring.segments, segment, params):
        return True
    if index_of_numbered(name, [p.name for p in params]):
        return True
    if leading_item_of_varargs(inp.docstring.segments, segment, name, params):
        return True
    if name in ("see", "cf") and not segment.type and _LINK_ONLY.match(_entry_text(segment)):
        return True  # ``see: https://...`` closing an Args block: a reference (tensorboardX)
    names = [n.strip().strip("`*\\") for n in (segment.name or "").split(",")]
    if not segment.type and lists_types([n for n in names if n], inp.graph):
        return True
    if says_removed(segment, name):
        return True
    body = inp.source[inp.docstring.body_start : inp.docstring.body_end]
    if in_own_pseudo_signature(name, body, inp.function.qualname):
        return True
    # only a tuple form written before the entry introduces it (a Returns ``(a, b)`` does not)
    own = {p.name.lstrip("*") for p in params}
    before = inp.source[inp.docstring.body_start : segment.start]
    if part_listed_by_an_entry(inp.docstring.segments, segment, name, own):
        return True
    return element_of_a_tuple(name, before, own) or rest_of_a_callback(inp, segment, own)


# an entry's text that is a link alone (``see: https://github.com/...``)
_LINK_ONLY = re.compile(r"\s*<?https?://\S+>?\s*$")


def _entry_text(segment: Segment) -> str:
    """The entry's text after its name and the colon (or a NumPy name line)."""
    head, colon, rest = segment.text.partition(":")
    return rest if colon and head.strip().strip("`*") == segment.name else ""


# varargs whose items each have a meaning of their own, which the docstring names
_GENERIC_ITEMS = frozenset({"params", "parameters", "args", "arguments"})


def leading_item_of_varargs(
    segments: list[Segment], segment: Segment, name: str, params: list[Param]
) -> bool:
    """``phi (float): rotation angle`` then ``wires``, ``id`` on ``(*params, wires, id)``: a
    signature whose only positional arguments are an undocumented generic ``*params`` followed
    by keyword-only parameters, and an unstarred entry before the first entry naming a parameter
    and not a near miss of one -- an item of the varargs, documented by its name.  A stale
    entry after the named ones (QutritUnitary's ``id``, judged TRUE), a renamed starred entry
    (``*summands`` for ``*operands``) and a positional signature stay judged."""
    own = [p for p in params if p.name not in ("self", "cls")]
    if not own or own[0].kind != "vararg" or "*" in (segment.name or ""):
        return False
    if own[0].name.lstrip("*") not in _GENERIC_ITEMS:
        return False  # ``s`` for ``(*size, rng=None)``: the sequence renamed (scikit-rf, TRUE)
    named = {p.name for p in own if p.kind == "keyword_only"}
    if not named:
        return False  # ``(*values)`` alone: a subclass's slots, judged (pyasn1, round 32)
    named.add(own[0].name.lstrip("*"))
    for entry in (s for s in segments if s.kind == "param" and s.name):
        if {n.strip().lstrip("*") for n in (entry.name or "").split(",")} & named:
            return False  # a named parameter's entry (or the varargs' own) came first
        if entry is segment:
            return closest_parameter(name, [p.name for p in own]) is None
    return False


def group_of_varargs(shown: str, name: str, params: list[Param], documented: set[str]) -> bool:
    """A starred entry ``*columns`` (``*cols``) whose singular is (abbreviates) a positional
    parameter (``column``) followed by an undocumented ``*varargs`` (``*additional_columns``):
    one entry for the first argument and the rest, as sqlalchemy's ``deferred`` and
    ``column_property`` document them (round 19), like Javadoc's one ``@param`` for a group.
    A parameter or ``*varargs`` with its own entry, or no ``*varargs``, leaves the name
    judged."""
    if not shown.startswith("*") or shown.startswith("**") or not name.endswith("s"):
        return False
    varargs = [p.name.lstrip("*") for p in params if p.kind == "vararg"]
    if not varargs or any(v in documented for v in varargs) or name[:-1] in documented:
        return False
    stem = name[:-1]
    first = [p.name for p in params if p.kind in ("positional", "positional_only")]
    # ``*cols`` for ``column``: the singular abbreviated
    return any(p == stem or (len(stem) >= 3 and p.startswith(stem)) for p in first)


def labels_positional_only(name: str, undocumented: set[str]) -> bool:
    """``name`` is a near miss, an abbreviation or an extension by whole words of one
    positional-only parameter that no entry documents (``__type`` for ``__type_pos``)."""
    if not undocumented:
        return False
    # imported here: prose_names -> names_scope imports this module
    from docref.checks.static.prose_names import renamed_twin

    pool = sorted(undocumented)
    return closest_parameter(name, pool) is not None or renamed_twin(name, pool) is not None


# words that stand for any word in a name made up for a pattern (``prefix_xyz``)
_PLACEHOLDER_WORDS = frozenset(
    {"xyz", "xxx", "yyy", "zzz", "abc", "foo", "bar", "baz", "something", "whatever", "etc"}
)


def placeholder_of_family(name: str, names: Iterable[str], text: str = "") -> bool:
    """``name`` is a prefix and a made-up tail (``ndarray_abc_xyz``: placeholder words after
    ``ndarray_``) and two or more parameters start with that prefix: the entry documents
    them as one family.  A one-letter tail is a placeholder when the entry's ``text`` quotes
    it (pyNastran's ``remap_x``: "'x' may be nodes, elements, properties" for
    ``remap_nodes``, ``remap_elements``, ...); unquoted (``pos_x`` beside ``pos_y``) it is an
    axis, a real word.  A tail of real words (``ndarray_modes``) stays judged, and so
    does a placeholder tail on a prefix at most one parameter has."""
    words = name.split("_")
    cut = len(words)
    while cut > 0 and words[cut - 1].lower() in _PLACEHOLDER_WORDS:
        cut -= 1
    if cut == len(words) and len(words) > 1 and _quoted_letter(words[-1], text):
        cut -= 1
    if cut in (0, len(words)) or not words[cut - 1]:
        return False
    prefix = "_".join(words[:cut]) + "_"
    return sum(n.startswith(prefix) for n in names) >= 2


def _quoted_letter(word: str, text: str) -> bool:
    """``word`` is one letter the entry's text quotes as a symbol (``'x'``, ``"x"``, ```x```)."""
    if len(word) != 1 or not word.isalpha():
        return False
    return re.search(rf"(['\"`]){re.escape(word)}\1", text) is not None


# ``<param_type>``, ``<type>``: a blank to fill in (no Python type is written in angle brackets)
_BLANK = re.compile(r"^<\s*[A-Za-z_][\w\s-]*>$")


def template_placeholder(segment: Segment) -> bool:
    """The entry's type is a fill-in-the-blank (``<param_type>``): a template's sample entry
    (see the module docstring).  An entry with a real type stays judged."""
    return segment.type is not None and _BLANK.match(segment.type.strip().strip("`")) is not None


def abstract_hook(inp: StaticInput) -> bool:
    """Whether the function is a method that is abstract or a stub: its docstring speaks for
    the implementations (see the module docstring)."""
    fn = inp.function
    if inp.file.language != "python" or fn.parent_class is None or fn.parent_class == fn.qualname:
        return False  # a class docstring (its synthetic call record) is no hook
    node = function_node(inp.data, fn)
    if node is None:
        return False
    facts = body_facts(node)
    return facts.abstract or facts.stub


def _private(qualname: str) -> bool:
    return any(p.startswith("_") and not p.endswith("__") for p in qualname.split("."))


def underscore_of_private(inp: StaticInput, name: str, candidates: Iterable[str]) -> bool:
    """``name`` is a parameter of the private function (or class) with its leading
    underscores dropped or added (see the module docstring)."""
    if not _private(inp.function.qualname):
        return False
    bare = name.lstrip("_")
    return any(c != name and c.lstrip("_") == bare for c in candidates)


def sums_up_defaults(params: list[Param], documented: Container[str]) -> bool:
    """Two or more optional parameters (a default, or keyword-only) have no entry: a
    ``**kwargs`` entry may stand for them (see the module docstring)."""
    optional = [
        p.name
        for p in params
        if (p.default is not None or p.kind == "keyword_only") and p.kind != "positional_only"
    ]
    return sum(name not in documented for name in optional) >= 2
