"""The parameter a code-marked name was renamed to when no word calls the name a parameter:
one the docstring names nowhere (:func:`unnamed_twin`).

A docstring names the parameters it describes; after a rename the old name stays in the prose
(``the ``timeout`` may be a number`` above ``def get(self, the_timeout)``) and the new one
appears nowhere in the docstring.  Another function's parameter of the old name elsewhere in
the file makes the name resolve (:func:`.names_stale_resolved.renamed_but_used_elsewhere`),
so only words calling it a parameter used to make it this function's.  A parameter that the
docstring leaves unnamed and that is the name renamed -- the same value under qualifying
words (``data`` -> ``input_data``, ``timeout`` -> ``timeout_value``), the word written
shorter (``default`` -> ``dflt``, ``length`` -> ``len``), or a code-shaped name abbreviated,
extended or cut back (``max_length`` -> ``max_len``) -- says the same: the prose describes
that parameter under its old name.  A parameter the docstring names is described already, so
a marked name beside it is something else (session 10's judged false alarms: ``sample_weight``
beside a documented ``check_sample_weight``, ``axhline`` beside ``ax``).  Reported by the opt-in
``C1-PROSE-NAME-ELSEWHERE`` only: as a default finding it was 15 TRUE of 28 on 104 projects
(session 25; the FALSE ones a field, a query parameter, a returned item, the caller's array)."""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.name_words import spelt_shorter, word_abbreviation, words_of
from docref.checks.static.names_stale_twin import contracted, unnamed_parameters
from docref.checks.static.names_words import is_plain_word
from docref.checks.static.prose_names import plain_affix, renamed_twin, shortened

__all__ = ["abbreviated_twin", "qualified_twin", "unnamed_twin"]


def _renamed_to(name: str, param: str, annotation: str | None = None) -> bool:
    """``param`` is ``name`` renamed, by qualifying words or shorter spelling (a plain word)
    or by the code-shaped name's abbreviation, extension or cut (:func:`.renamed_twin`,
    :func:`.shortened`)."""
    if name.startswith("_") != param.startswith("_") or min(len(name), len(param)) < 3:
        return False  # a rename keeps a parameter public; ``n``, ``fn`` stand for anything
    if is_plain_word(name):
        if annotation == "bool" and plain_affix(name, param):
            # ``auto_centers: bool`` beside "explicit ``centers``" (kornia): a flag about the
            # value the caller passes another function, not that value renamed
            return False
        # written shorter only: ``contracted`` also takes a word cut short of a longer name
        # (``name`` of ``name_list``), another value
        return plain_affix(name, param) or (len(param) < len(name) and contracted(name, param))
    return renamed_twin(name, [param]) == param or shortened(name, param)


def unnamed_twin(inp: StaticInput, name: str) -> str | None:
    """The one parameter of the documented function that ``name`` was renamed to
    (:func:`_renamed_to`) and that the docstring names nowhere, or ``None``: none, several,
    or a twin the docstring names too."""
    params = [p for p in inp.function.params if p.name not in ("self", "cls")]
    if any(p.name == name for p in params):
        return None
    # the relation first (string tests); the docstring is searched for the few that hold
    twins = [p.name for p in params if _renamed_to(name, p.name, p.annotation)]
    if len(twins) != 1:
        return None
    return twins[0] if unnamed_parameters(inp, twins) else None


def abbreviated_twin(name: str, twin: str) -> bool:
    """``twin`` is ``name`` written shorter: a plain word without some of its vowels
    (:func:`.spelt_shorter`: ``default`` -> ``dflt``, ``record`` -> ``rcrd``) or cut to half
    of it or less (``offset`` -> ``off``), a code-shaped name's words so, one by one
    (``min_counts`` -> ``min_cnts``).  Not consonants dropped from a plain word (``args`` for
    "`argparse`", the library), not a word cut to its start (``name`` of ``name_list``), not a
    name extended or cut back by whole words."""
    if len(twin) >= len(name) or name.startswith("_") != twin.startswith("_"):
        return False
    if is_plain_word(name):
        cut = len(twin) >= 3 and name.startswith(twin) and 2 * len(twin) <= len(name)
        return cut or spelt_shorter(name, twin)
    return word_abbreviation(words_of(name), words_of(twin))


def qualified_twin(name: str, twin: str) -> bool:
    """``twin`` is ``name`` under qualifying words put before it, its head word kept: the same
    value named more closely (``state`` -> ``init_state``, ``models`` -> ``custom_models``,
    ``quiet_exceptions`` -> ``input_quiet_exceptions``).  Not words added after it, which make
    another thing of the value (``mask`` -> ``mask_cutout``, ``data`` -> ``data_cutout``: a
    cutout of it, session 25's FALSE rows), nor words naming another value (a size's maximum,
    a flag whether to use a cache: :func:`.plain_affix`)."""
    a, b = words_of(name), words_of(twin)
    if len(b) <= len(a) or b[len(b) - len(a) :] != a or b[: len(a)] == a:
        return False
    return plain_affix(name, twin)
