"""A class docstring's parameter entry that names a class attribute or a declared option.

Classes written by hand sometimes list a class attribute beside the constructor's arguments
under ``Args:`` (botorch's ``MultiObjectiveMCAcquisitionFunction`` documents
``_default_sample_shape = torch.Size([128])``, round 16, judged DEBATABLE: the member exists,
the section is wrong).  :func:`without_class_attributes` takes out such an entry when the
constructor is a method and the class body assigns the name without an annotation (annotated
fields are :func:`.class_gates.without_declared_fields`').

An attribute the constructor sets is not taken out one by one, even from a literal:
discord.py's ``Choice`` documents ``name_localizations``, which ``__init__`` sets to ``{}`` and
no caller can pass (judged TRUE), as lark's ``PackedNode`` documents ``priority``, set to
``float('-inf')`` (judged DEBATABLE) -- the code does not tell the two apart.  A generated
constructor's entries stay judged too (a dataclass's ``Args:`` lists its fields; a
``ClassVar`` there is no field).

:func:`without_listed_attributes` takes out a *list* of them: a class docstring whose entries
the constructor does not take are three or more ``self.X`` the constructor computes from its
arguments, more of them than the entries naming its parameters (telethon's ``Dialog(client,
dialog, entities, message)`` documents ``pinned = bool(dialog.pinned)``, ``is_user =
isinstance(self.entity, ...)``, ``unread_count`` ... -- seventeen attributes under ``Args:``,
round 103: 20 DEBATABLE).
What stays judged, each a judged-TRUE shape of C1-PARAM-UNKNOWN: one or two such entries among
the constructor's (a removed parameter's attribute outliving it: discord.py's ``Choice``,
pychromecast's ``host``/``port``); attributes the constructor sets from a literal or nothing of
its arguments (aeon's abstract ``BaseEarlyClassifier.__init__(self)`` setting ``classes_ =
[]``, ``n_classes_ = -1`` under Parameters, round 47); an attribute stored from a bare name
(``self.size = length``, a renamed parameter's value under its old name); and a list that is
mostly fields copied under their own names from a parameter (keras's ``GPTQQuantizer(config)``:
``self.weight_bits = config.weight_bits`` for each entry, round 8: the arguments moved into
``config``).

:func:`without_declared_in_body`: a class whose body declares its options by name
(``CONFIG.declare('perspective function', ConfigValue(...))``, round 29's model
transformations, configured through keywords of another method) documents them as entries;
such an entry names the option, not a stale constructor parameter.

:func:`without_option_keys`: a class docstring whose entries follow a sentence that names a
constructor parameter and ends with a colon ("Specific backend options (extracted from
provided engine options):", round 43, taskflow's ``WorkerBasedActionEngine(flow, flow_detail,
backend, options)``) documents the keys of that parameter; an entry the class reads as a
key of that parameter (``options.get('url')``) names one.  A key the class never reads from it
stays judged.

:func:`without_declared_in_body` also takes out the keys of a dict literal the class's own
body assigns: its options (metaflow's decorators, ``defaults = {"packages": {}, "python":
None, ...}``, filled from the ``attributes`` mapping its constructor takes, round 44: 12
FALSE); such an entry names an option, not a stale constructor parameter.  An entry that is
no key of such a literal stays judged.
"""

from __future__ import annotations

import re

from docref.checks.static.class_constructors import Constructor, ConstructorResolver
from docref.checks.static.class_gates import documented_names, without_entries
from docref.core.brackets import closing_bracket
from docref.graph.model import Class, FileExtract
from docref.segments import ParsedDocstring

_WORD = re.compile(r"[A-Za-z_]\w*")
_PROSE = ("summary", "prose")

__all__ = [
    "without_class_attributes",
    "without_declared_in_body",
    "without_listed_attributes",
    "without_option_keys",
]

# a method call whose first argument is a string: ``CONFIG.declare("name", ...)``
_DECLARED = re.compile(r"""\.\s*[A-Za-z_]\w*\(\s*[rRuU]?["']([A-Za-z_][\w \-]*)["']""")
# a class-body assignment of a dict literal (``defaults = {``, ``OPTIONS: dict = {``) and, in
# the literal, an identifier-like string key (``"packages":``)
_DICT_ASSIGNED = re.compile(r"^[ \t]*[A-Za-z_]\w*[ \t]*(?::[^=\n]+)?=[ \t]*\{", re.M)
_STRING_KEY = re.compile(r"""[{,]\s*(?:#[^\n]*\n\s*)*["']([A-Za-z_]\w*)["']\s*:""")
# how many attribute entries make a list of the instance's attributes (one or two are what a
# removed parameter leaves behind, see the module docstring)
_LISTED = 3
# the right-hand side of ``self.NAME = ...`` once a chain (``= self.title =``) is skipped
_CHAIN = re.compile(r"\s*self\.\w+\s*=(?!=)")
_BARE = re.compile(r"[A-Za-z_]\w*")


def without_class_attributes(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> ParsedDocstring:
    """``parsed`` without the parameter entries naming a class attribute of ``cls`` (a plain
    class-body assignment) that the constructor, a method of the class, does not take."""
    if ctor.model is not None or ctor.own_method is None:
        return parsed
    params = {p.name.lstrip("*") for p in ctor.params}
    documented = documented_names(parsed, attributes=False) - params
    if not documented:
        return parsed
    assigned = {
        v.name
        for v in fe.variables
        if v.owner == cls.qualname and v.scope == "class" and not v.annotation
    }
    return without_entries(parsed, assigned & documented)


def without_listed_attributes(
    fe: FileExtract, cls: Class, ctor: Constructor, data: bytes, parsed: ParsedDocstring
) -> ParsedDocstring:
    """``parsed`` without the parameter entries naming attributes the constructor computes
    from its arguments, when they list the instance's attributes (see the module docstring):
    three or more entries the constructor, a method of the class, does not take, more of them
    than the entries naming its parameters, fewer than half of them copied from a parameter's
    field of the same name."""
    if ctor.model is not None or ctor.own_method is None:
        return parsed
    params = {p.name.lstrip("*") for p in ctor.params}
    documented = documented_names(parsed, attributes=False)
    unknown = documented - params
    if len(unknown) < _LISTED:
        return parsed
    spans = [f.span for f in fe.functions if f.qualname == ctor.own_method]
    own = "\n".join(data[s.start_byte : s.end_byte].decode("utf-8", "replace") for s in spans)
    values = {name: _stored_values(own, name) for name in unknown}
    listed = {
        n for n, found in values.items() if found and all(_computed(v, params) for v in found)
    }
    copied = {n for n in listed if any(_copied(v, n, params) for v in values[n])}
    if len(listed) < _LISTED or len(listed) <= len(documented & params):
        return parsed
    if 2 * len(copied) >= len(listed):
        return parsed  # the fields of a parameter object: the arguments moved into it
    return without_entries(parsed, listed)


def _stored_values(code: str, name: str) -> list[str]:
    """The values ``code`` assigns to ``self.name`` (annotated or not, in a chain or not),
    each to the end of its line or of the brackets it opens there."""
    store = rf"\bself\.{re.escape(name)}\s*(?::[^=\n]+)?=(?!=)"
    values = []
    for match in re.finditer(store, code):
        rest = code[match.end() :]
        while chained := _CHAIN.match(rest):
            rest = rest[chained.end() :]
        values.append(_statement_end(rest).strip())
    return values


def _statement_end(text: str) -> str:
    """``text`` up to the first line break outside brackets, comments left out."""
    depth, out = 0, []
    for line in text.split("\n"):
        line = line.split("#", 1)[0]
        out.append(line)
        depth += sum(line.count(o) for o in "([{") - sum(line.count(c) for c in ")]}")
        if depth <= 0:
            break
    return " ".join(out)


def _copied(value: str, name: str, params: set[str]) -> bool:
    """``value`` is the field ``name`` of a parameter (``config.name``)."""
    match = re.fullmatch(rf"(\w+)\s*\.\s*{re.escape(name)}", value)
    return match is not None and match.group(1) in params


def _computed(value: str, params: set[str]) -> bool:
    """``value`` computes something from the arguments (a parameter or the instance's state
    they set), and is no bare name (a parameter or local stored whole)."""
    if _BARE.fullmatch(value):
        return False
    return bool(set(_WORD.findall(value)) & (params | {"self"}))


def _class_code(cls: Class, data: bytes) -> str:
    """The text of ``cls`` without its docstring."""
    code = data[cls.span.start_byte : cls.span.end_byte].decode("utf-8", "replace")
    if cls.docstring is not None:
        doc = cls.docstring.span
        code = code.replace(data[doc.start_byte : doc.end_byte].decode("utf-8", "replace"), " ")
    return code


def without_declared_in_body(
    fe: FileExtract, cls: Class, ctor: Constructor, data: bytes, parsed: ParsedDocstring
) -> ParsedDocstring:
    """``parsed`` without the parameter entries naming what the class's own body (not its
    methods) declares: an option, the first string argument of a method call in one of its
    statements, spaces and dashes read as underscores (``'perspective function'`` is the
    option ``perspective_function``); and, among the entries the constructor does not take, a
    string key of a dict literal the body assigns (its options' defaults).  The body's text is
    cut out once for both."""
    documented = documented_names(parsed, attributes=False)
    if not documented:
        return parsed
    body = _own_body(fe, cls, data)
    declared = {re.sub(r"[ \-]+", "_", m.strip()) for m in _DECLARED.findall(body)}
    parsed = without_entries(parsed, declared & documented)
    params = {p.name.lstrip("*") for p in ctor.params}
    documented = documented_names(parsed, attributes=False) - params
    if not documented:
        return parsed
    keys: set[str] = set()
    for match in _DICT_ASSIGNED.finditer(body):
        literal = _balanced_braces(body, match.end() - 1)
        keys.update(_STRING_KEY.findall(literal))
    return without_entries(parsed, keys & documented)


def _balanced_braces(text: str, opening: int) -> str:
    """``text`` from the brace at ``opening`` to its matching brace (or the end)."""
    end = closing_bracket(text, opening + 1, "{", "}")
    return text[opening : end + 1] if end is not None else text[opening:]


def _own_body(fe: FileExtract, cls: Class, data: bytes) -> str:
    """The text of ``cls``'s own body: its methods, nested classes and docstring left out."""
    start, end = cls.span.start_byte, cls.span.end_byte
    spans = [f.span for f in fe.functions] + [c.span for c in fe.classes if c is not cls]
    inner = sorted(
        (span.start_byte, span.end_byte)
        for span in spans
        if start < span.start_byte and span.end_byte <= end
    )
    pieces: list[bytes] = []
    position = start
    for lo, hi in inner:
        if lo >= position:
            pieces.append(data[position:lo])
            position = hi
    pieces.append(data[position:end])
    body = b"\n".join(pieces).decode("utf-8", "replace")
    if cls.docstring is not None:
        doc = cls.docstring.span
        body = body.replace(data[doc.start_byte : doc.end_byte].decode("utf-8", "replace"), " ")
    return body


def without_option_keys(
    fe: FileExtract,
    cls: Class,
    ctor: Constructor,
    data: bytes,
    parsed: ParsedDocstring,
    resolver: ConstructorResolver | None = None,
) -> ParsedDocstring:
    """``parsed`` without the parameter entries that document keys of a constructor parameter
    (see the module docstring): the entries after an introducing sentence ending with a colon
    and naming the parameter -- or, between entries, after a paragraph naming it (flask-smorest's
    ``Api``: "The ``spec_kwargs`` dictionary is passed as kwargs to the internal APISpec
    instance. **flask-smorest** adds a few parameters ...:", round 49) --, that the class's
    code reads as keys of that parameter, or that a method the class calls with it unpacked
    (``self._init_spec(**{**self._spec_kwargs, ...})``) takes by name."""
    segments = parsed.segments
    params = {p.name.lstrip("*") for p in ctor.params}
    named: set[str] = set()
    for at, intro in enumerate(segments[:-1]):
        if segments[at + 1].kind != "param" or intro.kind not in _PROSE:
            continue
        if not intro.text.endswith(":"):
            continue
        start = at
        while start > 0 and segments[start - 1].kind in _PROSE:
            start -= 1
        # the paragraph between two groups of entries; before the first, the intro alone
        between = start > 0 and segments[start - 1].kind == "param"
        for segment in segments[start : at + 1] if between else [intro]:
            named |= set(_WORD.findall(segment.text)) & params
    if not named:
        return parsed
    documented = documented_names(parsed, attributes=False) - params
    code = _class_code(cls, data)
    # read from the named parameter itself (``options.get('url')``, ``self._options['url']``),
    # not any string in the class: pandas' ``GroupBy`` intro names ``obj`` ("you can also do:")
    # and its code quotes 'name' elsewhere; its stale ``name`` entry stays (round 19, TRUE)
    owner = rf"(?<![\w.])(?:self\._?)?(?:{'|'.join(map(re.escape, sorted(named)))})"
    getter = r"\s*(?:\.\s*(?:get|pop|setdefault)\s*\(|\[)\s*"
    read = {n for n in documented if re.search(rf"""{owner}{getter}(["']){re.escape(n)}\1""", code)}
    unpacked = set(re.findall(rf"\bself\.(\w+)\([^()\n]*?\*\*[^\n]*?{owner}(?!\w)", code))
    taken = {n for m in unpacked for n in _method_parameters(fe, cls, m, resolver)}
    return without_entries(parsed, read | (taken & documented))


def _method_parameters(
    fe: FileExtract, cls: Class, method: str, resolver: ConstructorResolver | None
) -> set[str]:
    """The named parameters of ``cls.method``, or of the first project base defining it."""
    qualname = f"{cls.qualname}.{method}"
    found = next((f for f in fe.functions if f.qualname == qualname), None)
    if found is None and resolver is not None:
        found = resolver.base_method(fe, cls, method)
    if found is None:
        return set()
    return {p.name for p in found.params if p.kind not in ("vararg", "kwarg")}
