"""The names a documented function's code uses, as twins of a stale name in its prose
(``C1-PROSE-NAME-STALE``, session 15 prose probe): a code-shaped name that resolves nowhere,
one word swapped or abbreviated from a helper, constant or field the function itself calls or
reads (``frobnicate_all`` beside a call of ``frobnicate_each``, ``{@code findStock}`` for
``lookupStock``).  The code's own use is the second signal a public name needs, where another
module's name would otherwise be as likely (:func:`.prose_names.stale_match` asks for it only
when no parameter or private name matched)."""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.name_words import (
    convention,
    one_edit,
    one_word,
    word_abbreviation,
    words_of,
)

__all__ = ["called_names", "used_names", "used_twins"]


def used_names(inp: StaticInput) -> set[str]:
    """The names the documented function's code uses (each part of ``self.x.y``), but for its
    parameters: a renamed helper, constant or field the prose still names by its old name."""
    # not its own name: ``crsInternal.cancelRowUpdates()`` delegates (JDK rowset), and a
    # method the prose names wrongly is no old name of the documented one
    skip = {p.name for p in inp.function.params} | {inp.function.name, "self", "cls", "this"}
    parts = {part for r in inp.function.references for part in r.name.split(".")}
    return {p for p in parts if p and p not in skip}


def called_names(inp: StaticInput) -> set[str]:
    """The functions and methods the documented function's code calls (the last part of
    ``self.helper()``, ``helper()``)."""
    return {r.name.rsplit(".", 1)[-1] for r in inp.function.references if r.kind == "call"}


def used_twins(name: str, used: set[str], called: set[str] | None = None) -> set[str]:
    """The names the documented function's code uses that ``name`` is with one word swapped
    or abbreviated, same convention and word count (an ALL_CAPS name never gets here: the
    mentions leave it out as an environment variable).

    ``called`` (the names the code calls; ``None``: no such restriction): a two-word name
    whose first word is swapped keeps only its head word, so it names a sibling of the same
    kind (``vllm_config`` beside ``peft_config``, ``ClusterForm`` beside ``BaseForm``,
    ``num_logprobs`` beside ``extract_logprobs``: round 22) -- unless both are functions, the
    twin one the code calls, whose leading verb a rename swaps (``findStock`` for
    ``lookupStock``; not a class, and not a word making a quantity or flag of the head,
    :data:`_QUANTITY`)."""
    words = words_of(name)
    if any(w in _PLACEHOLDER_WORDS for w in words):
        return set()  # ``getXXX``, ``c_something``: a pattern of names (JDK rowset, gensim)
    style = convention(name)
    found = set()
    for other in used:
        theirs = words_of(other)
        if other == name or len(theirs) != len(words) or convention(other) != style:
            continue
        if other.startswith("_") != name.startswith("_"):
            continue
        swapped = [(x, y) for x, y in zip(words, theirs, strict=True) if x != y]
        # the swapped word a word of its own on both sides (``c_v`` is notation), and not a
        # short one a letter away (sympy's ``gf_sqf``, square-free, beside ``gf_sqr``)
        one = one_word(words, theirs) and _swapped_word(*swapped[0])
        one = one and not _another_value(words, theirs, swapped[0])
        if one and called is not None and len(words) == 2 and words[0] != theirs[0]:
            verb = other in called and style != "cap"
            one = verb and not {words[0], theirs[0]} & _QUANTITY
        if one or word_abbreviation(words, theirs):
            found.add(other)
    return found


def _another_value(words: list[str], theirs: list[str], swapped: tuple[str, str]) -> bool:
    """The swap makes another value of the same thing, not a rename: a measure of it on one
    side only (``state_size`` beside the local ``state_prior``: a dimension of the state,
    tfp's shape notation; ``shared_min`` beside the ``shared_range`` it calls, nibabel), or the
    head word swapped after a qualifier that stays (``is_subset``/``is_mergeable``, cirq's
    pseudo-code; ``next_state``/``next_alpha``, tfp: round 16 findings no round had judged)."""
    if (swapped[0] in _MEASURES) != (swapped[1] in _MEASURES):
        return True
    return len(words) == 2 and words[0] == theirs[0] and words[0] in _QUALIFIERS


def _swapped_word(mine: str, theirs: str) -> bool:
    """One word of a name swapped for another: both of three letters or more, and a short
    word (under five letters) not one letter away from the other (another function)."""
    if min(len(mine), len(theirs)) < 3:
        return False
    return max(len(mine), len(theirs)) >= 5 or not one_edit(mine, theirs)


_PLACEHOLDER_WORDS = frozenset(
    {"xxx", "yyy", "zzz", "something", "foo", "bar", "baz", "whatever", "thing"}
)

# first words that make a name a quantity, position or flag of its head word, not a function
# (``num_logprobs`` is how many logprobs, whatever ``extract_logprobs`` does)
_QUANTITY = frozenset(
    {"n", "num", "nb", "number", "count", "total", "max", "min", "size", "len", "idx", "index"}
    | {"is", "has", "use", "no"}
)

# words that make a name a measure of its other words (its size, bounds, count)
_MEASURES = frozenset(
    {"size", "sizes", "shape", "dim", "dims", "ndim", "len", "length", "count", "num", "total"}
    | {"min", "max", "lo", "hi", "low", "high", "lower", "upper"}
)
# first words qualifying a head word: a flag of it, which one of a series (not a bound:
# ``MAX_RETRIES`` for ``MAX_ATTEMPTS`` is one limit renamed, session 16's probe)
_QUALIFIERS = frozenset(
    {"is", "has", "use", "no", "next", "prev", "previous", "current", "curr", "new", "old"}
    | {"last", "first", "initial"}
)
