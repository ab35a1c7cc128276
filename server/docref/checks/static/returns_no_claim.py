"""Returns entries that claim no return value (C3-RETURNS-YIELDS): text under Returns that
says something other than what the call gives back.

* :func:`blank_entry` -- an empty field a template left;
* :func:`raise_sentence` -- a Raises sentence written in the wrong section;
* :func:`side_effect_only` -- the side effect a function without a value has ("Adds layer
  with fragment counts in ``.layers[...]``", "The profile is added in ``adata.varm``");
* :func:`nothing_returned` -- a sentence saying no value comes back ("If successful, no
  response is returned from this endpoint");
* :func:`template_only` -- a substitution placeholder the docs build fills in
  (docrep's ``%(returns)s``), whose text the source does not hold, alone or opening prose
  that does not speak of returning;
* :func:`the_awaitable` -- on a coroutine function, the task the call itself gives ("A task
  that represents the work queued to execute", C#'s ``Task`` idiom in ported SDKs).
"""

from __future__ import annotations

import re

from docref.segments import Segment

__all__ = [
    "blank_entry",
    "nothing_returned",
    "raise_sentence",
    "side_effect_only",
    "template_only",
    "the_awaitable",
]

_MARKER = re.compile(r"^(:\w+[^:]*:|@\w+:?)\s*")

# "raise ValueError if the data is not ..." written under Returns (round 13, nilearn's
# ``PolyData._check_ndims``): a Raises sentence in the wrong section, no return value claimed
_RAISE_SENTENCE = re.compile(
    r"\s*(?:[Rr]aises?|[Rr]aising)\s+`*~?[\w.]*(?:Error|Exception|Warning)\b"
)

# The Returns text of a function that changes its arguments or its object and gives nothing
# back (round 52, scvi-tools: "Adds layer with fragment counts in `.layers[fragment_layer]`.",
# "The relevant ambient profile is added in `adata.varm`"; round 46, pennylane: "Updates the
# edges attribute ..."; flopy: "sets key: path to self.obs_dataDict"): a verb of change
# opening the text, a thing "is added/stored/... in/to" somewhere, or "modified in place".
# "Sets of ..." is a noun (a value), and a text that mentions returning is left to the rule.
# "Just saves the plot." (round 53, cellrank's ``save_fig``) and "Also updates ``adata`` ..."
# after a placeholder: an adverb before the verb changes nothing.  "Prints the character
# table for the point group." (round 67, chempy's ``print_table``): output to the terminal is
# a side effect too; "Prints of ..." would be a noun.
# "TenetoBIDS.network is made with the generated network." (round 102, teneto's
# ``generatenetwork``, which sets ``self.network``): an object's attribute -- ``self.x``,
# ``cls.x`` or ``Class.x``, written in the case of its parts: no module's type
# (``np.ndarray``, ``pandas.DataFrame``) -- said to be made or changed is the call's effect
_OBJECTS_ATTRIBUTE = r"[`*]*(?-i:(?:self|cls|[A-Z]\w*)\.[a-z_][a-z0-9_]*)[`*]*"
_CHANGED = (
    r"(?:made|built|set|created|generated|filled|computed|updated|changed|replaced|reset"
    r"|initiali[sz]ed|overwritten|stored|saved|populated|modified|added|appended)"
)
_SIDE_EFFECT = re.compile(
    r"(?:(?:(?:just|only|simply|merely|also)\s+)?(?:adds|updates|modifies|stores|saves|writes|appends|inserts|registers|populates"
    r"|sets(?!\s+of\b)|prints(?!\s+of\b))\b"
    r"|.{0,80}?\b(?:is|are|will\s+be|gets?)\s+(?:added|stored|saved|written|set|updated"
    r"|modified|appended|inserted|registered|populated)\s+(?:in|to|into|on|at|as)\b"
    r"|.{0,80}?\b(?:modified|updated|changed)\s+in[- ]place\b"
    rf"|{_OBJECTS_ATTRIBUTE}\s+(?:is|are|will\s+be|gets?)\s+{_CHANGED}\b)",
    re.I,
)
_MENTIONS_RETURN = re.compile(r"\breturn", re.I)

# the whole entry is a placeholder: docrep's ``%(returns)s``, ``str.format``'s ``{returns}``,
# ``string.Template``'s ``${returns}`` (round 52, scvi-tools' ``setup_anndata``: ``%(returns)s``
# is "None. Adds the following fields: ..." in the built docs)
_PLACEHOLDER = r"(?:%\(\w+\)[sr]|\{\w+\}|\$\{\w+\})"
_TEMPLATE = re.compile(rf"{_PLACEHOLDER}\s*\.?")
# the entry opens with a placeholder and goes on in prose (round 53, cellrank:
# "%(just_plots)s For each random walk, the first/last cell is marked ..."): what it says it
# returns is the placeholder's text; the prose after it adds to it
_TEMPLATE_LED = re.compile(rf"{_PLACEHOLDER}\s+(?P<rest>[A-Z].*)", re.S)


# "If successful, no response is returned from this endpoint" (round 84, pyinaturalist's
# ``delete_observation``, three API versions): the sentence says no value comes back, after the
# call's success as its only condition ("No value is returned."; "Nothing is returned" is
# ``returns_raises``' "nothing").  Not with an alternative after it ("no rows are returned;
# otherwise the list"), nor "no negative values will be returned" (a value, described), nor
# after another condition ("If a dry run query was executed, no rows are returned": the rows
# come back otherwise)
_SUCCEEDS = (
    r"(?:(?:if|when)\s+(?:it\s+is\s+|the\s+\w+\s+is\s+)?successful|on\s+success|upon\s+success)"
)
_NOTHING_RETURNED = re.compile(
    rf"^(?:{_SUCCEEDS}\s*,?\s+)?no\s+(?:(?:response|value|result|data|output|content|object)s?)"
    r"\s+(?:is|are|will\s+be|gets?)\s+returned\b(?![^.;]*\b(?:otherwise|else|unless|but)\b)"
    r"[^.;]*\.?\s*$",
    re.I,
)


def _text(seg: Segment) -> str:
    return _MARKER.sub("", seg.text.strip(), count=1).strip()


def blank_entry(seg: Segment) -> bool:
    """An empty field a template left (``:return:`` and nothing after): it claims nothing
    (round 12, redis)."""
    # a lone dash placeholder ("Returns / ------- / -", round 15, sktime ``__setstate__``)
    return not seg.type and _text(seg) in ("", "-", "--")


def raise_sentence(seg: Segment) -> bool:
    """A Raises sentence written under Returns (see ``_RAISE_SENTENCE``)."""
    return not seg.type and bool(_RAISE_SENTENCE.match(_MARKER.sub("", seg.text, count=1)))


def side_effect_only(seg: Segment) -> bool:
    """The entry states a change the call makes, not a value it returns (see
    ``_SIDE_EFFECT``); a text that says "return" anywhere stays a claim."""
    text = _text(seg)
    if seg.type and seg.name:
        # a NumPy entry's head, "self.edge_artists : dict" (round 79, netgraph's ``draw_edges``:
        # "Updates mapping of edges to ..."): the description says what the call changes
        text = _after_head(text, seg.name, seg.type)
    return bool(_SIDE_EFFECT.match(text)) and not _MENTIONS_RETURN.search(text)


def _after_head(text: str, name: str, type_: str) -> str:
    """The text after a typed entry's ``name : type`` head (the text itself when it does not
    open with the name)."""
    if not text.startswith(name):
        return text
    at = text.find(type_, len(name))
    return text if at < 0 else text[at + len(type_) :].lstrip(" :)").strip()


def template_only(seg: Segment) -> bool:
    """The entry is only a substitution placeholder (see ``_TEMPLATE``): what it says is
    not in the source."""
    text = _text(seg)
    # NumPy reads a lone ``{returns}`` line as the entry's type (a set of choices)
    typed_as_itself = seg.type is not None and seg.type.strip() == text
    if not seg.type or typed_as_itself:
        if _TEMPLATE.fullmatch(text) is not None:
            return True
        led = _TEMPLATE_LED.fullmatch(text)
        # prose after the placeholder that says "return" is a claim of its own
        return led is not None and not _MENTIONS_RETURN.search(led["rest"])
    return False


# a sentence of its own saying the value is None, or that the call never comes back: ":return:
# `xml_parent` is mutated. The returned value is `None`." (round 77, azure-servicebus'
# ``serialize_key_values``), ":return: Function will never return" (round 50, clearml's
# ``Monitor.monitor``, an endless loop)
_NONE_STATED = re.compile(
    r"(?:(?:the|its)\s+)?(?:returned\s+value|return\s+value|value\s+returned|result)\s+"
    r"(?:is|will\s+be)\s+[`*'\"]*None[`*'\"]*"
    r"|(?:(?:the|this)\s+)?(?:function|method|coroutine|call)\s+(?:will\s+)?never\s+returns?",
    re.I,
)
_SENTENCES = re.compile(r"(?<=[.;!])\s+")


def nothing_returned(seg: Segment) -> bool:
    """The untyped entry says no value comes back (see ``_NOTHING_RETURNED``), or one of its
    sentences says the value is None or that the call never returns (``_NONE_STATED``) and no
    other sentence speaks of returning ("The returned value is None. Otherwise the count" is
    a claim)."""
    if seg.type:
        return False
    text = _text(seg)
    if _NOTHING_RETURNED.match(text) is not None:
        return True
    sentences = _SENTENCES.split(text)
    said = [s for s in sentences if _NONE_STATED.fullmatch(s.rstrip(" .;!")) is not None]
    others = [s for s in sentences if s not in said]
    return bool(said) and not any(_MENTIONS_RETURN.search(s) for s in others)


# "A task that represents the work queued to execute." (round 103, botbuilder-core, ported from
# the C# SDK, where an ``async Task`` method's ``<returns>`` says so): the awaitable a call of an
# ``async def`` gives, which stands for the work, not a value the work returns.  Only with the
# "represents" wording: "A task object for the created job" claims a value like any noun.
_AWAITABLE = re.compile(
    r"(?:an?|the)\s+(?:task|awaitable|coroutine|future)\s+(?:that|which)\s+represents\b", re.I
)


def the_awaitable(seg: Segment) -> bool:
    """The untyped entry describes the task a coroutine function's call gives (see
    ``_AWAITABLE``); the caller asks whether the function is ``async``."""
    return not seg.type and _AWAITABLE.match(_text(seg)) is not None
