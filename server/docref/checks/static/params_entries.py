"""Parameter entries that name no parameter on purpose (C1-PARAM-UNKNOWN; precision round 8).
The entries for a family of arguments in one (the items of a ``*varargs``, a numbered family,
a placeholder tail on a shared prefix) are in :mod:`.params_families`.

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
* ``see: https://...``: an untyped ``see``/``cf`` entry whose text is a link alone is a
  reference line of the section (tensorboardX, round 49), not a parameter's entry.
* :func:`labels_positional_only`: ``__type`` for a positional-only ``__type_pos`` -- a label
  of an argument whose name is no part of the call (round 19).
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
from docref.checks.static.params_families import (
    index_of_numbered,
    item_of_varargs,
    leading_item_of_varargs,
    numbered_family_of_varargs,
)
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
    "in_own_pseudo_signature",
    "key_of_a_mapping",
    "key_under_subheading",
    "labels_positional_only",
    "lists_types",
    "not_a_name",
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


def labels_positional_only(name: str, undocumented: set[str]) -> bool:
    """``name`` is a near miss, an abbreviation or an extension by whole words of one
    positional-only parameter that no entry documents (``__type`` for ``__type_pos``)."""
    if not undocumented:
        return False
    # imported here: prose_names -> names_scope imports this module
    from docref.checks.static.prose_names import renamed_twin

    pool = sorted(undocumented)
    return closest_parameter(name, pool) is not None or renamed_twin(name, pool) is not None


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
