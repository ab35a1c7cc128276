"""C1 stale names in prose: a code-marked name that no longer exists, with one renamed twin.

``C1-PROSE-NAME-STALE`` is the renamed-parameter/renamed-helper case of an unresolved name
(:mod:`.names` finds and resolves the mentions; this module decides the match).  A name in
code markup (backticks, ``double backticks``, reST ``*emphasis*``, Javadoc ``{@code x}`` /
``<code>x</code>``) that resolves nowhere is stale when exactly one name it could have been
renamed to is in scope and that name is not named in the same sentence (a sentence that talks
about ``include_hdr`` means something else by ``include_header``):

* a parameter of the function that the name abbreviates or expands word by word
  (``include_header`` → ``include_hdr``, ``text`` → ``txt``), that extends the name by whole
  words at either end (``strict_mode`` → ``strict_mode_flag``), or that is one edit away
  from it (five characters or more; not an English inflection: ``sample_weights``);
* for a private code-shaped name (``_parse_rows``), a private name in scope that differs from
  it by one whole word of at least two (``_read_rows``), abbreviates it or is one edit away.

Plain English words (``text``) count only through a parameter they abbreviate or are one edit
from; ``*emphasis*`` only for code-shaped names (an underscore).  The match must be unique over
the whole pool, so an ambiguous rename stays silent.  A name the sentence calls a method or
function, or says throws/raises/returns something (``the {@code agentmain} method``, ``if the
{@code agentmain} throws``), is no old name of a parameter holding a plain value (a string,
number or boolean, which nothing calls): it names code elsewhere
(:func:`.prose_names_called.called_not_valued`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from docref.checks.static.name_words import (
    convention,
    one_edit,
    one_word,
    spelt_shorter,
    word_abbreviation,
    words_of,
)
from docref.checks.static.names_joined import run_together
from docref.checks.static.names_spelling import inflected as _inflected
from docref.checks.static.names_swapped import container_plural, swapped_word

__all__ = [
    "RULE_ELSEWHERE",
    "RULE_STALE",
    "plain_affix",
    "renamed_twin",
    "stale_match",
]

RULE_STALE = "C1-PROSE-NAME-STALE"
RULE_ELSEWHERE = "C1-PROSE-NAME-ELSEWHERE"
"""The opt-in id of a stale-name finding whose name other project code still uses
(:mod:`.names_elsewhere`, session 10)."""


def _affix(a: list[str], b: list[str]) -> bool:
    """``b`` is ``a`` with whole words added at the start or the end.  Not the other way
    round: a longer name in prose is as often a qualified description of something else
    ("the parameters are ``hash_method`` and ``iterations``" next to a parameter ``method``)."""
    n = len(a)
    if n == 0 or len(b) <= n:
        return False
    return b[:n] == a or b[-n:] == a


def _truncated(a: str, b: str) -> bool:
    """A word of one name is the start of the other's (``marker``/``markeredgecolor``,
    ``point``/``points``): as often another name or an inflection as a rename."""
    pairs = zip(words_of(a), words_of(b), strict=False)
    return any(x != y and (x.startswith(y) or y.startswith(x)) for x, y in pairs)


# words that, added to a name, make another value than the one it named: its container, count,
# index, name, path, type, the function computing it, a flag about it (``path`` in ``path_list``,
# ``key`` in ``key_func``, ``cache`` in ``use_cache``), or one of alternatives (``fname_or_buf``)
_ANOTHER_THING = frozenset(
    {
        *("list", "lists", "seq", "seqs", "set", "sets", "dict", "dicts", "map", "mapping"),
        *("array", "arrays", "arr", "items", "keys", "values", "names", "ids", "tuple", "iter"),
        *("n", "num", "nb", "count", "counts", "max", "min", "total", "size", "sizes", "len"),
        *("idx", "index", "indices", "name", "id", "key", "path", "file", "filename", "dir"),
        *("type", "types", "kind", "cls", "class", "func", "fn", "function", "callback", "cb"),
        *("factory", "getter", "setter", "default", "or", "and", "per", "is", "has", "use"),
        *("with", "no", "not", "get", "set", "on", "to", "from", "kwargs", "args", "opts"),
        *("options", "params", "config", "cfg", "attr", "attrs", "field", "fields", "mode"),
        *("shape", "dtype", "format", "fmt", "str", "string", "text", "url", "uri", "prefix"),
        *("suffix", "pattern", "regex", "re", "template", "spec", "hook", "handler", "method"),
    }
)


def plain_affix(name: str, param: str) -> bool:
    """``param`` is the plain word ``name`` with whole words added at either end that qualify
    the same value (``data`` -> ``input_data``, ``seq`` -> ``user_seq``), not words naming
    another value (:data:`_ANOTHER_THING`: ``path`` -> ``path_list``)."""
    a, b = words_of(name), words_of(param)
    if not a or not _affix(a, b) or _inflected(name.lower(), param.lower()):
        return False
    added = b[len(a) :] if b[: len(a)] == a else b[: len(b) - len(a)]
    return not any(w in _ANOTHER_THING or w.isdigit() for w in added)


# English function words: a name ending in one is a phrase about the value (``prefixes_for``),
# not the value with a unit or verb dropped
_FUNCTION_WORDS = frozenset(
    {"for", "of", "in", "by", "at", "as", "if", "the", "a", "an", "all", "each", "every", "it"}
)


def shortened(name: str, param: str) -> bool:
    """``param`` is the code-shaped ``name`` cut back to its leading words, the word dropped
    qualifying the same value (``timeout_secs`` -> ``timeout``, ``dry_run`` -> ``dry``,
    ``itemCode`` -> ``item``; session 15 prose probe): a rename that dropped a unit or a
    verb.  Not words naming another value (:data:`_ANOTHER_THING`: ``path_list`` is no
    ``path``), nor a leading word dropped (``hash_method`` beside ``method`` is another
    callable's), nor a parameter under three letters.  One word dropped, not more: a name two
    words longer than a parameter is another thing built on it (``gate_face_color``, a style
    key beside ``gate``; ``model_coefficients_update`` beside ``model``: round-16 corpora)."""
    a, b = words_of(name), words_of(param)
    if len(param.lstrip("_")) < 3 or len(a) != len(b) + 1 or a[: len(b)] != b:
        return False
    if _inflected(name.lower(), param.lower()):
        return False
    dropped = a[-1]
    # a participle or -able word makes a flag about the value (``nonce_supported``: whether a
    # nonce is supported, an OpenID claim; round 20), not the value under a longer name
    if dropped.endswith(("ed", "able", "ible")):
        return False
    return not (dropped in _ANOTHER_THING or dropped in _FUNCTION_WORDS or dropped.isdigit())


def _related(name: str, candidate: str, *, plain: bool, loose: bool, affix: bool = True) -> bool:
    a, b = words_of(name), words_of(candidate)
    if not a or not b or a == b:
        return False
    low, other = name.lower(), candidate.lower()
    if _inflected(low, other) or _inflected(other, low):
        return False  # "integer `sample_weights`", "{@code URIs}": English about the one
    if word_abbreviation(a, b):
        return True
    if len(name) >= 5 and len(a) == len(b) and one_edit(low, other):
        # the edit changes a letter, not a whole word (``gYear`` is an XML type, not ``year``)
        return True
    if plain:
        return False
    if loose:
        # among all names in scope only one changed word: a longer private name is as often
        # a relative ("the NumpyDoc implementation of ``_parse_see_also``" next to
        # ``_parse_see_also_section``)
        return one_word(a, b)
    return affix and _affix(a, b)


def stale_match(
    name: str,
    params: Iterable[str],
    scope: Iterable[str],
    sentence: str,
    *,
    plain: bool,
    defined: Iterable[str] = (),
    called: bool = False,
    keyword: bool = False,
    linked: Callable[[], set[str]] | None = None,
    cue: bool = False,
    documented: str = "",
    unnamed: Iterable[str] = (),
    used: Callable[[], set[str]] | None = None,
) -> str | None:
    """The one name ``name`` was renamed to, or ``None``.

    ``params`` are the function's parameters, ``scope`` the other names in scope (used for
    code-shaped names only), ``sentence`` the text of the sentence holding the mention (a
    candidate named beside it is not its new name), ``plain`` whether ``name`` is an
    English-looking word, ``defined`` the public functions and classes the file defines: a
    public code-shaped name (``add_etag``, ``send_from_directory``) is matched against those
    only, abbreviated, extended or one edit away (``raw_add_etag``, ``send_from_dir``) --
    another module's public name is as often what the sentence means.  Such a match keeps
    the naming convention (``WriteObject``, an RPC, is no renamed ``bidi_write_object``), and
    an extended twin counts only when the sentence calls the name (``called``: ``name()``, "the
    ``add_etag`` method"; a `internal_error` *signal* is no ``report_internal_error``) or when
    it is ``linked`` to the documented function by a call, either way, and adds one word
    (``bag_map_helper``, which calls ``map_chunk``, for "used in ``bag_map``" in ``map_chunk``'s
    docstring).
    ``keyword``: the function takes ``**kwargs``, so the name may be a keyword passed on; only
    a parameter abbreviating it or one edit away is its renamed twin.  ``cue``: the text around
    the name calls it a parameter (the ``shorten`` argument, a ``* ``shorten``:`` item), so a
    plain word is matched against the parameters as a code-shaped name is (``user_shorten``).
    ``documented``: the documented function's name.  ``unnamed``: the parameters the docstring
    names nowhere; a plain word in code markup is matched against those extended too, by words
    qualifying the same value (:func:`plain_affix`: ``seq`` -> ``user_seq``; the docstring of
    a consistent function that names ``seq`` for the elements of ``seq_list`` names that too).
    """
    unnamed = set(unnamed)
    private = name.startswith("_") and not name.startswith("__")
    found: set[str] = set()
    if (
        name[:1].isupper()
        and any(ch.islower() for ch in name)
        and not any(
            other[:1].isupper()
            and (other.startswith(name) or (len(name) >= 8 and one_edit(name, other)))
            for other in scope
        )
    ):
        # ``Patch`` or ``XModel`` (a class, CapWords; ``XForY`` / ``XModel`` placeholders) is
        # not the parameter ``path`` or ``model`` renamed -- unless a class in scope spells it
        # nearly (``FlagValue`` for ``FlagValues``: a stale name; a long name one edit away,
        # ``OutpuStream`` for ``OutputStream``: a typo, round 5's TRUE finding)
        params = ()
    if name.endswith("_") and not name.endswith("__"):
        # a trailing underscore marks a key prefix ("a *speech_* prefix") or a fitted
        # attribute (``coef_``): its twin ends in one too (``coefs_``), never a parameter
        # that merely shares its words (``generate_speech``)
        params = [p for p in params if p.endswith("_")]
        scope = [o for o in scope if o.endswith("_")]
    for param in params:
        if name.startswith("_") != param.startswith("_"):
            # ``_metadata`` (a file, pyarrow and dask, rounds 11 and 24) is no old name of
            # ``metadata_path``: a rename keeps a parameter public
            continue
        if keyword and _truncated(name, param):
            continue  # ``markeredgecolor`` (matplotlib's, passed on) is no renamed ``marker``
        as_word = plain and not cue
        related = _related(name, param, plain=as_word, loose=False, affix=not keyword)
        # a plain word's twin by qualifying words, when the docstring never names it
        qualified = as_word and not keyword and param in unnamed and plain_affix(name, param)
        # a code-shaped name the rename cut back to its leading words
        # (not a call: ``prefixes_for(guild)`` in an example is a function, discord.py)
        cut = not plain and not keyword and not called and shortened(name, param)
        # one word of a code-shaped name swapped (``skip_digest`` -> ``ignore_digest``)
        # and its container word dropped for the plural (``job_list`` -> ``jobs``), or its
        # words run together, one cut short (``skip_nans`` -> ``skipna``)
        cut = cut or (
            not plain
            and not keyword
            and not called
            and (
                swapped_word(name, param)
                or container_plural(name, param)
                or run_together(name, param)
            )
        )
        if param != name and (related or qualified or cut):
            found.add(param)
    if keyword:
        pass  # the scope's other names are no evidence against a keyword passed on
    elif private and not plain:
        # a private name was renamed to a private name; a public one is another thing
        mine = bool(documented) and _affix(words_of(name), words_of(documented))
        linked_to: set[str] | None = None  # asked for once, when an extended twin is in view
        for other in scope:
            if other == name or not other.startswith("_") or other.startswith("__"):
                continue
            if _related(name, other, plain=False, loose=True):
                found.add(other)
                continue
            # a longer private name is as often a relative (``_check_lags`` of an attribute
            # ``_lags``, ``_resolve_tp_plan`` of ``_tp_plan``), but a name the sentence calls
            # (``_num_type()``, "the ``_num_type`` method"), one word added, a helper the
            # documented function calls or is called by, is that helper renamed (pvlib's
            # "pass to _num_type()" in ``_element_type``, which calls ``_new_num_type``;
            # session 37 recall) -- as for a public name
            words, theirs = words_of(name), words_of(other)
            if mine or not called or len(theirs) != len(words) + 1 or not _affix(words, theirs):
                continue
            if linked_to is None:
                linked_to = linked() if linked is not None else set()
            if other in linked_to:
                found.add(other)
    elif not plain and not name.startswith("_") and (len(words_of(name)) >= 2 or called):
        # two words at least: ``WCSNna`` (a wcslib keyword) is no renamed ``WCS``; one word
        # only when the text calls it (``:func:`heatmap```), and then written shorter only
        # a public name is renamed to a public one: a private helper that abbreviates it
        # (``_batched_matmul`` for the ``batched_mm`` implementation) is another thing
        own = {d for d in defined if not d.startswith("_")}
        calls: set[str] | None = None  # asked for once, when an extended twin is in view
        # the documented function extends the name too: the sentence may mean it (sympy's
        # ``gf_sqf()`` in ``gf_sqf_list``, next to ``gf_sqf_part``, which it calls)
        mine = bool(documented) and _affix(words_of(name), words_of(documented))
        style = convention(name)
        for other in scope:
            if other == name or other not in own or convention(other) != style:
                continue
            # abbreviated word by word, or extended when called; a one-letter change of a
            # short public name is another function as often (``gf_sqf``/``gf_sqr``), and a
            # typo of it is C1-NAME-UNRESOLVED's did-you-mean; a call between the two functions
            # says the sentence is about this very helper, as "the method" does, when it adds
            # one word (jax: an attribute `function_list` is no
            # ``add_to_call_tf_concrete_function_list``, which the function calls)
            words, theirs = words_of(name), words_of(other)
            if len(words) == 1:
                # a called one-word name renamed by its letters (``heatmap`` -> ``htmp``); a
                # word added to it (``add`` -> ``add_all``) names another callable as often
                if spelt_shorter(name, other):
                    found.add(other)
                continue
            extended = _affix(words, theirs)
            if extended and not called:
                if calls is None:
                    calls = linked() if linked is not None else set()
                extended = other in calls and len(theirs) == len(words) + 1 and not mine
            if word_abbreviation(words, theirs) or extended:
                found.add(other)
    if not found and not plain and not keyword and used is not None and len(words_of(name)) >= 2:
        found = used()  # :func:`.names_used.used_twins`
    if len(found) != 1:
        return None
    (match,) = found
    english = not name[:1].isupper() and not _METHOD_NAME.match(match)
    if (english and _inflected(name, match)) or _placeholder(name, match):
        # "A list with the ``field_specs``" beside ``db.field_spec``: English about the one
        # (libpysal, round 24; a CapWords plural is judged with its article by the caller);
        # ``_insert_x()`` beside ``_insert_child``: a template
        return None
    if re.search(rf"(?<![\w.]){re.escape(match)}(?!\w)", sentence):
        return None
    return match


# a Java-style method name led by its verb (``setDestinationOffset``): its "plural"
# (``{@code setDestinationOffsets}``) is a misspelt method, no English about a collection
_METHOD_NAME = re.compile(r"(?:get|set|is|has|add|remove|put|create|find|to)[A-Z]")


# a word standing for any of several ("an ``_insert_x()`` method", x the child's tag)
_PLACEHOLDERS = frozenset({"x", "xx", "xxx"})


def _placeholder(name: str, match: str) -> bool:
    """``name`` is a template of names (python-docx's ``_insert_x()`` for each child tag,
    round 25): a placeholder word where its twin has another word."""
    a, b = words_of(name), words_of(match)
    return len(a) == len(b) and any(
        x in _PLACEHOLDERS and x != y for x, y in zip(a, b, strict=True)
    )


def renamed_twin(name: str, params: Iterable[str]) -> str | None:
    """The one parameter that is ``name`` abbreviated, extended by whole words or one edit
    away (a documented entry's name after a rename), or ``None``."""
    found = {p for p in params if p != name and _related(name, p, plain=False, loose=False)}
    return found.pop() if len(found) == 1 else None
