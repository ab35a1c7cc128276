"""C1 parameter rules: documented parameter names that the signature does not have.

:func:`c1_param_unknown` (``C1-PARAM-UNKNOWN``) reports a parameter entry (Google/NumPy
sections, reST ``:param x:``, Epydoc ``@param x:``, Javadoc ``@param x``) whose name is not a
parameter of the function (the union over its ``@overload`` signatures).  Precision choices:

* ``*args``/``args``/``\\*args`` and ``**kwargs``/``kwargs`` name the same parameter; NumPy
  ``x1, x2 : T`` entries are split on commas; names that are not identifiers after removing
  stars, backslashes and backticks are not judged.
* A function taking ``**kwargs`` (or a dict parameter named ``kwargs`` without an entry of its
  own) may forward any keyword: an unknown name there is reported only when provably renamed.
* A ``:type x:``/``@type x:`` entry is reported only when no ``:param x:`` entry documents
  the same name (one finding per mistake); Javadoc ``@param <T>`` type parameters are skipped.
* A property (``@property``, ``@cached_property``) is checked against the call signature
  of the object it returns (a pseudo-signature in the docstring, or the returned class's
  ``__call__``, see :mod:`.params_property`), and not at all when that is unknown.
* The items of a generic ``*args`` (no ``@overload`` naming them) may be documented by
  name (``set_data_3d(*args)`` documents ``x``, ``y``, ``z``): an unknown name there is
  reported only when it is a near miss of a real parameter.  A specific name (``*by``) is
  one parameter, and its items are not documented one by one.
* A function returning a function it defines (a factory, a pytest fixture) may document
  the parameters of the one it returns (1 hop), and the items of its generic ``*args``.
* A project decorator may add parameters: those of the wrappers it defines count (1 hop;
  these two in :mod:`.params_added`); a ``**kwargs`` entry may sum up the keywords its
  wrapper takes out of ``**kwargs`` by a computed key (pwntools' ``@LocalContext``).
* ``None`` alone under Parameters is numpydoc's "no parameters".
* A starred entry whose singular is a positional parameter before an undocumented
  ``*varargs`` documents the two together (``*columns``, ``*cols`` for ``column,
  *additional_columns``).
* A near miss of a positional-only parameter (before ``/``) that has no entry of its own
  labels that argument: its name is not part of the call, so no caller can hit the
  difference (sqlalchemy's ``:param __type:`` for ``__type_pos``, round 19).
* An entry typed with a fill-in blank (``any_other_param : <param_type>``) is a template's
  sample entry (round 24).
* A made-up tail on a prefix two or more undocumented parameters share (``ndarray_abc_xyz``
  for ``ndarray_mode``, ``ndarray_size_threshold``) documents the family (round 20).
* An entry the body reads as a string key (``self.get_argument("download")``,
  ``options.get("name")``) names an input reached by key (:mod:`.params_keys`, round 28).
* Three or more entries naming no parameter (no near miss) that the body spells, each, as a
  string key (dict literal key, subscript, ``in``, getter argument) document keys or options it
  reaches by name, whatever the reader
  (:func:`.params_keys.spelt_as_strings`, session 37).
* Did-you-mean: the one closest signature parameter by a case/underscore variant or by an
  edit distance of at most 2 (1 for names of three characters or fewer).
"""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.params_added import (
    annotated_parameter_names,
    decorator_parameters,
    decorator_takes_keywords,
    returned_function_params,
    rewrites_positionals,
)
from docref.checks.static.params_common import (
    documented_names,
    import_aliases,
    numpydoc_ignores,
    parameters,
    signature_evidence,
    signature_name,
    signatures,
    split_names,
    strip_name,
)
from docref.checks.static.params_entries import (
    abstract_hook,
    labels_positional_only,
    not_a_name,
    sums_up_defaults,
    template_placeholder,
    underscore_of_private,
)
from docref.checks.static.params_families import group_of_varargs, placeholder_of_family
from docref.checks.static.params_forms import (
    assigned_signature,
    declared_options,
    dispatch_parameters,
    listed_value,
)
from docref.checks.static.params_keys import (
    announced_as_keys,
    read_by_key,
    returned_dict_key,
    shown_as_key,
    spelt_as_strings,
)
from docref.checks.static.params_layout import (
    bare_entry,
    lone_none,
    refers_elsewhere,
    under_heading,
)
from docref.checks.static.params_nested import documents_other_call
from docref.checks.static.params_overrides import elided_interface_parameters
from docref.checks.static.params_property import is_property, is_setter, property_parameters
from docref.checks.static.params_roles import (
    closure_variable,
    labels_unused_underscore,
    operand_by_role,
    symbol_of_lone_parameter,
)
from docref.checks.static.params_suggest import closest_parameter, rename_target
from docref.checks.static.params_type_slot import type_in_name_slot
from docref.core.findings import Criterion, Finding
from docref.core.segment import Segment
from docref.graph.model import RECEIVER_NAMES, Function, Param

__all__ = [
    "RULE_PARAM_UNKNOWN",
    "c1_param_unknown",
    "closest_parameter",
    "import_aliases",
    "signature_evidence",
    "signature_name",
    "signatures",
    "split_names",
    "strip_name",
]

RULE_PARAM_UNKNOWN = "C1-PARAM-UNKNOWN"

_TYPE_SECTIONS = frozenset({":type", "@type"})
# numpydoc's Receives: what a generator's ``send()`` is given, "formatted as for Parameters"
_SENT_SECTIONS = frozenset({"receives", "receive"})
_KWARGS_WORDS = frozenset({"kwargs", "kwds"})
_NOTE_MARKERS = frozenset({"TODO", "FIXME", "XXX", "NOTE", "HACK"})
# ``Ex: `py38, py39` `` under an entry, written at the entries' indent: that entry's example
# (sagemaker, round 48); capitalised, as no parameter is
_EXAMPLE_LABELS = frozenset({"Ex", "Eg", "EX", "EG"})
# Section headings: one of them as an entry name is a heading indented too deep (Google) or
# written without its underline (NumPy)
_SECTION_HEADINGS = frozenset(
    {
        "Returns",
        "Return",
        "Yields",
        "Yield",
        "Raises",
        "Examples",
        "Example",
        "Note",
        "Notes",
        "References",
        "Warns",
        "Warnings",
    }
)


def _display(function: Function) -> str:
    return f"{function.name}()"


# --------------------------------------------------------------------------- the rule


_GENERIC_VARARGS = frozenset({"args"})
# the keywords that open a docstring section: a bare ``return`` line (no type, no description)
# at the end of a Parameters section is an unfinished Returns section (round 94), no parameter
_SECTION_KEYWORDS = frozenset({"return", "yield", "raise"})


def _positional_only_and_varargs(params: list[Param]) -> bool:
    kinds = {p.kind for p in params}
    return "positional_only" in kinds and "vararg" in kinds


def c1_param_unknown(inp: StaticInput) -> list[Finding]:
    """``C1-PARAM-UNKNOWN``: a documented parameter that the signature does not have (Java:
    of the method the Javadoc is attached to; each overload has its own, and the ``javadoc``
    tool rejects a ``@param`` another overload's signature has)."""
    params = list(inp.function.params) if inp.file.language == "java" else parameters(inp)
    # imported here: params_kwargs -> prose_names -> names_scope imports this module
    from docref.checks.static.params_kwargs import (
        keyword_dict,
        packed_parameter,
        renamed_under_kwargs,
    )

    if any(p.kind == "kwarg" for p in params) or (
        any(p.name in _KWARGS_WORDS for p in params)
        and keyword_dict(params, (n for _s, _d, n in documented_names(inp)))
    ):
        # any unknown name may be forwarded through **kwargs: only a provable rename counts
        if len(signatures(inp)) > 1 or "PR02" in numpydoc_ignores(inp):
            return []
        return renamed_under_kwargs(inp, documented_names(inp), RULE_PARAM_UNKNOWN)
    if "PR02" in numpydoc_ignores(inp):
        return []  # numpydoc's "unknown parameters" check, switched off by the project
    java = inp.file.language == "java"
    names = {p.name for p in params}
    documented = list(documented_names(inp))
    if not documented:
        return []
    if not java and is_setter(inp.function) and len({n for _s, _d, n in documented}) == 1:
        # ``obj.metadata = value``: no caller names a setter's one argument, so the entry
        # names the value it is given (nibabel's ``meta`` for ``metadata(self, metadata)``)
        return []
    if not java and is_property(inp.function):
        # documented with the call signature of the object it returns (issue 12)
        returned = property_parameters(inp)
        if returned is None:
            return []
        names |= returned
    returned_params = returned_function_params(inp)
    names |= {p.name for p in returned_params} | decorator_parameters(inp)
    names |= annotated_parameter_names(inp)
    if not java:
        # other calling forms: a singledispatch registry's implementations, the options the
        # body declares for a command line, an assigned ``__signature__`` (:mod:`.params_forms`)
        names |= dispatch_parameters(inp) | declared_options(inp)
        # an abstract stub ``wmo(self)`` documenting what its overrides take (round 96)
        names |= elided_interface_parameters(inp)
        assigned = assigned_signature(inp)
        if assigned is not None and not assigned:
            return []  # the signature callers see is built at run time: unknown here
        names |= assigned or set()
    candidates = [p.name for i, p in enumerate(params) if not (i == 0 and p.name in RECEIVER_NAMES)]
    # the items of a generic *args may be documented one by one, unless overloads name them;
    # so may those of the returned function's when no entry names the factory's own
    # parameters (pandas' ``datapath`` fixture hands out ``deco(*args)`` and documents its
    # ``path``; flax's ``scan`` documents its own, so a stale one there stays reported)
    own = {p.name for p in params}
    documents_returned = not any(n in own for _s, _d, n in documented)
    items_of_args = len(signatures(inp)) == 1 and any(
        p.kind == "vararg" and p.name.lstrip("*") in _GENERIC_VARARGS
        for p in [*params, *(returned_params if documents_returned else [])]
    )
    if not java and [stripped for _seg, _shown, stripped in documented] == ["None"]:
        return []  # numpydoc's "Parameters / None": the function takes none
    options = (s for s in inp.docstring.segments if s.kind == "param" and not s.name)
    if not java and (
        any(shown.startswith("-") for _seg, shown, _stripped in documented)
        or any(s.text.lstrip().startswith("-") for s in options)
    ):
        # ``-f``, ``--aggressive``: the entries are command-line words (IPython's magics parse
        # them from one string), not the function's parameters
        return []
    param_entries = {
        stripped for seg, _shown, stripped in documented if seg.section not in _TYPE_SECTIONS
    }
    strangers = {
        n for _s, _d, n in documented if n.isidentifier() and signature_name(n, names) not in names
    }
    if not strangers:
        return []  # every entry names a parameter: nothing below would report
    if not java and set(candidates) <= param_entries and rewrites_positionals(inp):
        # every parameter documented, and a decorator rewrites the positional arguments: the
        # other entries document the form it accepts (``range(1, 1, 7, 2)`` for ``name``)
        return []
    unknown = [n for n in param_entries if n in strangers]
    packed = None if java else packed_parameter(inp, params, param_entries, unknown)
    # three or more entries the body spells as strings: keys or options it reaches by name
    loose_names = (n for n in unknown if closest_parameter(n, candidates) is None)
    spelt = set() if java else spelt_as_strings(inp, loose_names)
    positional_only = {p.name for p in params if p.kind == "positional_only"}
    headings = [] if java else [seg for seg, d, _n in documented if d in _SECTION_HEADINGS]
    findings: list[Finding] = []
    reported: set[tuple[int, str]] = set()
    entries: list[Segment] = []
    order = list(dict.fromkeys(n for s, _d, n in documented if s.section not in _TYPE_SECTIONS))
    for seg, _d, _n in documented:
        if not entries or entries[-1] is not seg:
            entries.append(seg)
    for segment, shown, name in documented:
        if java and shown.startswith("<"):
            continue  # @param <T>: a type parameter
        if java and sum(n.startswith(name) and n != name for n in names) >= 2:
            continue  # ``@param M`` for ``Mxx, Mxy, ...``: one entry for a group of parameters
        if not name.isidentifier() or signature_name(name, names) in names:
            continue
        if not java and name in _SECTION_KEYWORDS and bare_entry(segment):
            continue
        if name in _KWARGS_WORDS and any(p.kind == "keyword_only" for p in params):
            continue  # ``:param kwargs:`` summing up the keyword-only parameters together
        if name in _KWARGS_WORDS and not java and decorator_takes_keywords(inp):
            continue  # the keywords a project decorator's wrapper takes for itself (round 91)
        generic = name in _GENERIC_VARARGS | _KWARGS_WORDS
        if generic and refers_elsewhere(segment):
            continue  # ``args, kwargs : see NDUncertainty``: another signature's arguments
        # a generic name no parameter is a near miss of (a near miss is a renamed parameter:
        # anyio's ``kwargs`` for ``kwrgs``, a recall mutation)
        loose = generic and closest_parameter(name, candidates) is None
        if (
            loose
            and name in _KWARGS_WORDS
            and not any(n in _GENERIC_VARARGS for n in split_names(segment.name or ""))
            and sums_up_defaults(params, param_entries)
        ):
            # ``**kwargs`` summing up the optional parameters the entries leave out (``args,
            # kwargs`` in one entry describe a forwarding signature the function has not)
            continue
        if loose and abstract_hook(inp):
            continue  # what an abstract hook's implementations receive beyond its signature
        if (
            not java
            and closest_parameter(name, candidates) is None
            and listed_value(inp, segment, name, entries, strangers)
        ):
            continue  # ``fast: quick.`` under ``mode: One of:``: a listed value (params_forms)
        if not java and (segment.section or "").lower() in _SENT_SECTIONS:
            continue  # a value sent to the generator, not a parameter of the call
        if not java and (
            under_heading(segment, headings)
            or lone_none(segment, name, documented, bool(candidates))
        ):
            continue  # the entries of a misplaced heading's section; "none": no parameters
        if name in _NOTE_MARKERS:
            continue  # ``TODO: not used yet`` inside Parameters is a note, not an entry
        if name in _EXAMPLE_LABELS and not segment.type:
            continue  # ``Ex: `py38, py39` ``: the entry above's example, not an entry
        if not java and template_placeholder(segment):
            continue  # ``any_other_param : <param_type>``: a template's fill-in entry
        if name in _GENERIC_VARARGS and _positional_only_and_varargs(params):
            continue  # ``:param args:`` summing up ``(first, /, *rest)``: names no caller uses
        if segment.section in _TYPE_SECTIONS and name in param_entries:
            continue  # reported once, on the :param entry
        if not java and type_in_name_slot(inp.docstring.segments, segment, name, params):
            continue  # ``:type list:`` after ``:param result_list:``: a type in the name slot
        if not java and not_a_name(inp, segment, name, params):
            continue  # ``body1, body2...`` of ``*body``; a list of types; a tuple's elements
        if not java and documents_other_call(inp, segment, name):
            continue  # nested under another method's signature line in the docstring
        suggestion = closest_parameter(name, candidates)
        if items_of_args and suggestion is None:
            continue  # an item of *args, documented by its name
        if (
            not java
            and suggestion is None
            and (read_by_key(inp, name) or shown_as_key(inp, segment, name))
        ):
            continue  # an HTTP query argument, an option read by key or a key shown above
        if suggestion is None and name in spelt:
            continue  # one of a set of keys or options the body reaches by name
        if not java and not candidates and returned_dict_key(inp, name):
            continue  # ``default_options()`` documenting the keys of the dict it returns
        if not java and suggestion is None and announced_as_keys(documented, segment, own):
            continue  # ``context (dict): ...the remaining arguments below``: its keys
        if packed is not None and suggestion in (None, packed):
            continue  # a field of the argument ``packed`` (``axes`` is no misspelt ``args``)
        if group_of_varargs(shown, name, params, param_entries):
            continue  # ``*columns`` for ``column, *additional_columns``: the two together
        if placeholder_of_family(name, names - param_entries, segment.text):
            continue  # ``ndarray_abc_xyz`` for the ``ndarray_*`` parameters, undocumented
        if labels_positional_only(name, positional_only - param_entries):
            continue  # a label of a positional-only argument, whose name no caller writes
        if underscore_of_private(inp, name, candidates):
            continue  # ``errors`` for ``_errors`` in internal code: no caller's keyword
        if not java and symbol_of_lone_parameter(name, signatures(inp), param_entries):
            continue  # ``:param 𝚪:`` for ``*angles``, the one parameter without an entry
        if not java and operand_by_role(inp.function, name, param_entries):
            continue  # ``left`` for ``self`` beside a documented ``right``
        if not java and suggestion is None and labels_unused_underscore(name, order, candidates):
            continue  # ``request`` for ``_``, at its place: the unused argument's role
        if not java and suggestion is None and closure_variable(inp, name):
            continue  # a variable of the enclosing function the nested one reads
        if (segment.start, name) in reported:
            continue
        reported.add((segment.start, name))
        suggestion = rename_target(name, candidates, param_entries - {name}, java)
        swapped = strip_name(segment.type or "")
        message = (
            f'documents parameter "{shown}", but {_display(inp.function)} has no such parameter'
        )
        if not java and shown in _SECTION_HEADINGS:
            # ``Returns:`` indented into Args (cirq, botorch: round 16): napoleon renders it as
            # one more parameter; the slip is real, but it is a heading, not a stale name
            message = (
                f'"{shown}:" is indented into the parameter section, so it reads as a '
                f"parameter entry of {_display(inp.function)}, not as a {shown} section"
            )
            fix_hint = f'dedent "{shown}:" to the indentation of the section headings'
        elif swapped in names and swapped not in RECEIVER_NAMES:
            # ``:param nodeid str:`` / ``int (size): …``: name and type written the other way
            message += f'; name and type look swapped (parameter "{swapped}")'
            fix_hint = f'document "{swapped}" as the name and "{shown}" as its type'
        elif suggestion is not None:
            message += f'; did you mean "{suggestion}"?'
            fix_hint = f'rename "{shown}" to "{suggestion}"'
        else:
            listed = ", ".join(candidates) if candidates else "none"
            fix_hint = f'remove "{shown}" or add it to the signature (parameters: {listed})'
        findings.append(inp.finding(segment, Criterion.C1, RULE_PARAM_UNKNOWN, message, fix_hint))
    return findings
