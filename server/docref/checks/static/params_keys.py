"""Parameter entries the body reads as string keys (C1-PARAM-UNKNOWN; session 19).

A request handler documents the HTTP query arguments it reads (jupyter_server's
``NbconvertFileHandler.get(self, format, path)`` lists ``download`` and ``sanitize_html``,
read with ``self.get_argument("download")``, round 28); so does a view reading flask's
imported ``request.args.get("page")``, or a plugin hook reading ``self.getoption("name")``.
Those entries name the function's inputs, reached by key instead of through the signature:
no caller passes them as keywords, but they are no stale names either.

:func:`read_by_key` is that read: the entry's exact name as the string-literal first
argument of a named getter (``get_argument``, ``get_query_argument``, ``getoption``,
``get_param``, ``get_setting``, ``get_config``...) called on ``self``/``cls`` or on an
imported object, or of a plain ``.get``/``.getlist``/``.pop`` called on an imported object
(``request.args``, ``os.environ``).  Left out, because stale entries have them: keys of a
parameter's or a local's mapping (pyro's ``apply(self, msg)`` documenting ``name`` and
reading ``msg["name"]``, round 16, judged TRUE; sqlglot's ``qualify_tables`` reading
``table.args.get("db")`` after ``db`` was renamed, a recall mutation), plain getters on
``self`` (sqlglot's ``self.args.get(...)``), subscripts, and class docstrings, whose methods
read keys of their own (discord.py's ``Choice`` reads ``data.get('name_localizations')`` in
``from_dict``, dask's ``Blockwise`` ``self._cached_dict["dsk"]``: stale constructor entries,
judged TRUE).  The caller keeps a near miss of a real parameter reported.

:func:`shown_as_key` is the same input shown instead of read: monai's
``set_gpu_customization`` shows ``gpu_customization_specs = {'ALGO': {'num_trials': 6, ...}}``
in a code block, then documents ``ALGO``, ``num_trials``, ... at the entries' indent (round
50, 8 FALSE).  An entry whose name an earlier line of the same docstring quotes as a mapping's
key (``'name':``) describes that key; a stale parameter is not quoted so above its entry.

:func:`announced_as_keys` is the same input announced in words: uproot's ``awkward_form(cls,
file, context)`` documents ``context (dict): Context for the Form-generation; defaults are the
remaining arguments below.``, then ``index_format``, ``header``, ``tobject_header`` and
``breadcrumbs``, read by its implementations as ``context["index_format"]`` (round 80, 8
FALSE).  An entry counts as such a key when an earlier entry of the same section documents a
real parameter whose text ends saying the keys (arguments, entries, options, fields) follow
below, and no entry of a real parameter stands between the two: the first real parameter
after the keys ends them, so a stale entry after it stays reported, as does every entry after a
mapping parameter that announces nothing, or one listing the keys inline after the words
("Must contain the following keys: B, gamma, ...", pgmpy, round 27, TRUE).

:func:`spelt_as_strings` is the general form of these reads, whatever the reader: three or more
entries that name no parameter (and are no near miss of one) which the function's own body
spells, each, as a string key (a dict literal's key, a subscript's index, the left of ``in``, a
getter's first argument; not a message such as ``self.log("verbose")``, round 28's control) --
keys of a dict it returns or reads (girth's ``default_options()``, round 96; kornia's
``data["mask1"]``, round 14), options of a command line it parses, keys of a settings mapping
(pastas, round 41).  The docstring documents a set
of inputs or outputs the code reaches by name; a stale entry is a name the code no longer
spells.  One or two such entries prove nothing (pyro's ``msg["name"]``, round 16;
atlassian-python-api's ``key``/``value`` beside ``property_key``/``property_value``, round 64;
dagster's ``input_defs``/``output_defs``, round 20: all judged TRUE), and a class docstring is
left to :mod:`.class_dict_keys` (its methods spell keys of their own).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from docref.checks.static.base import StaticInput
from docref.checks.static.returns_raises_ast import function_node, own_nodes
from docref.core.segment import Segment
from docref.graph.model import RECEIVER_NAMES

__all__ = [
    "announced_as_keys",
    "read_by_key",
    "returned_dict_key",
    "shown_as_key",
    "spelt_as_strings",
]


# getters of a request's, a command's or a config's named inputs (tornado's
# ``get_argument``/``get_query_argument``, pytest's ``getoption``, ``get_param``, ``get_setting``)
_NAMED = r"get_?\w*(?:arg|option|param|setting|config)\w*"
# a plain mapping getter: only on an imported object (flask's ``request.args``, ``os.environ``)
_PLAIN = r"(?:get|getlist|pop)"
# "the remaining arguments below", "keys listed below", "the following keys": an entry saying
# that the entries after it are its own keys
_KEYS_FOLLOW = re.compile(
    r"\b(?:keys|arguments|entries|options|fields|items)\b(?:\s+\w+)?\s+below\b"
    r"|\bfollowing\s+(?:keys|arguments|entries|options|fields|items)\b",
    re.IGNORECASE,
)


def read_by_key(inp: StaticInput, name: str) -> bool:
    """The body of ``inp``'s function reads ``name`` as a string key: the first argument of a
    named getter called on ``self``/``cls`` or an imported object, or of a plain ``.get``
    called on an imported object (see the module docstring)."""
    fn = inp.function
    if fn.qualname == fn.parent_class:
        return False  # a class docstring: its methods read their own keys (see above)
    body = inp.body_code()
    if name not in body:
        return False  # the common case, without compiling a pattern
    imported = {i.bound_name for i in inp.file.imports if i.scope in ("", fn.qualname)}
    quoted = rf"""(?P<q>["']){re.escape(name)}(?P=q)"""
    call = rf"(?<![\w.])(?P<root>\w+)(?:\.\w+)*\.(?:(?P<named>{_NAMED})|{_PLAIN})\(\s*{quoted}"
    for match in re.finditer(call, body):
        root = match["root"]
        if root in imported or (match["named"] and root in RECEIVER_NAMES):
            return True
    return False


def shown_as_key(inp: StaticInput, segment: Segment, name: str) -> bool:
    """The docstring of ``inp`` quotes ``name`` as a mapping's key (``'name':``,
    ``"name" :``) before ``segment``, its entry: the entry describes a key of a mapping the
    docstring shows (see the module docstring)."""
    before = inp.source[inp.docstring.body_start : segment.start]
    if name not in before:
        return False  # the common case, without compiling a pattern
    return re.search(rf"""(?P<q>["']){re.escape(name)}(?P=q)\s*:""", before) is not None


def announced_as_keys(
    entries: list[tuple[Segment, str, str]], segment: Segment, parameters: set[str]
) -> bool:
    """``segment`` follows, in the same section, the entry of one of ``parameters`` that says
    its keys follow below, with no entry of a parameter between them (see the module
    docstring).  ``entries`` are the docstring's (segment, shown, name) in order."""
    for entry, _shown, name in reversed(entries[: _position(entries, segment)]):
        if entry.section != segment.section:
            return False
        if name in parameters:
            text = " ".join(entry.text.split())
            # the announcement ends the entry: keys listed inline after it ("Must contain the
            # following keys: B, gamma, ...", pgmpy, round 27) leave the later entries judged
            return any(not text[m.end() :].strip(" .:;") for m in _KEYS_FOLLOW.finditer(text))
    return False


def _position(entries: list[tuple[Segment, str, str]], segment: Segment) -> int:
    """The index of ``segment``'s first entry in ``entries``."""
    return next(i for i, (entry, _s, _n) in enumerate(entries) if entry is segment)


def returned_dict_key(inp: StaticInput, name: str) -> bool:
    """A function taking no argument returns a dict literal with the string key ``name``
    (girth's ``default_options()``, round 96: "Args: max_iteration: [int] ..." over
    ``return {"max_iteration": 25, ...}``): the entries document the options it hands out,
    not parameters.  Only ``return`` statements of the function itself count."""
    node = function_node(inp.data, inp.function)
    if node is None or name not in inp.body_code():
        return False
    return any(
        isinstance(sub, ast.Return)
        and isinstance(sub.value, ast.Dict)
        and any(isinstance(k, ast.Constant) and k.value == name for k in sub.value.keys)
        for sub in own_nodes(node)  # a nested function's return is not this one's
    )


# how many entries the body must spell as strings before they read as a set of keys (see the
# module docstring: two stale entries spelt so were judged TRUE)
_MIN_SPELT = 3


def spelt_as_strings(inp: StaticInput, names: Iterable[str]) -> set[str]:
    """Those of ``names`` (entries naming no parameter, no near miss of one) that the body of
    ``inp``'s function spells as string keys, when three or more are; else none (see the
    module docstring).  Only the function's own nodes count, not a nested function's."""
    fn = inp.function
    # a one-letter string is an axis or a format code more often than a key: pyspedas'
    # ``xyz_to_polar(data)`` keeps stale ``x``, ``y``, ``z`` entries and stores ``{'x': ...,
    # 'y': ...}`` (round 83, judged TRUE)
    wanted = {name for name in names if len(name) > 1}
    if fn.qualname == fn.parent_class or len(wanted) < _MIN_SPELT:
        return set()
    body = inp.body_code()
    if sum(name in body for name in wanted) < _MIN_SPELT:
        return set()  # the common case, without parsing
    node = function_node(inp.data, fn)
    if node is None:
        return set()
    found = wanted & {key for sub in own_nodes(node) for key in _keys_of(sub)}
    return found if len(found) >= _MIN_SPELT else set()


# getters whose first argument is a key: ``d.get("k")``, ``d.pop("k")``, ``get_argument("k")``
_KEY_GETTER = re.compile(rf"(?:get|getlist|pop|setdefault|{_NAMED})$")


def _keys_of(node: ast.AST) -> list[str]:
    """Each key ``node`` spells as a literal: a dict literal's keys, a subscript's index, the
    left of ``in``, a getter's first argument.  A string passed anywhere else
    (``self.log("verbose")``) is a message or a value, not a key."""
    if isinstance(node, ast.Dict):
        candidates = [k for k in node.keys if k is not None]
    elif isinstance(node, ast.Subscript):
        candidates = [node.slice]
    elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)):
        candidates = [node.left]
    elif (
        isinstance(node, ast.Call)
        and node.args
        and isinstance(node.func, (ast.Attribute, ast.Name))
        and _KEY_GETTER.match(
            node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
        )
    ):
        candidates = [node.args[0]]
    else:
        return []
    return [c.value for c in candidates if isinstance(c, ast.Constant) and isinstance(c.value, str)]
