"""Reference metrics: ROUGE-1/2/L, BLEU and METEOR of the summary against the reference.

Libraries, not hand-written n-gram code:

* ROUGE: Google's ``rouge-score`` (``rouge_scorer.RougeScorer``), F-measure; ``docref eval``
  turns Porter stemming on by default, as the ReFEree method's released code does (with it the
  paper's nine Java ROUGE correlations reproduce to 4 decimals on the full benchmark; see the
  README).  ``stemmer=False`` is the library's own default.
* BLEU: ``sacrebleu.sentence_bleu`` (13a tokenisation, exponential smoothing), scaled to 0..1.
* METEOR: NLTK's ``meteor_score`` with WordNet 3.0 synonyms.  WordNet comes from NLTK's own
  data path, ``$DOCREF_WORDNET_DIR``, or Debian's ``wordnet-base`` (``/usr/share/wordnet``);
  the last lacks NLTK's ``lexnames`` file, so a copy with it is prepared once under the
  docref cache directory.  Without WordNet the metric is *unavailable*, never faked.
"""

from __future__ import annotations

import functools
import os
import shutil
import warnings
from collections.abc import Callable
from typing import Any

from docref.cache.store import cache_dir

__all__ = [
    "MetricUnavailable",
    "reference_scorer",
]

WORDNET_ENV = "DOCREF_WORDNET_DIR"
DEBIAN_WORDNET = "/usr/share/wordnet"

_ROUGE_KEYS = {"rouge-1": "rouge1", "rouge-2": "rouge2", "rouge-l": "rougeL"}

# WordNet 3.0's lexicographer files (lexnames(5WN)); NLTK's reader needs them as a file.
_LEXNAMES = tuple(
    f"{pos}.{name}"
    for pos, names in (
        ("adj", "all pert"),
        ("adv", "all"),
        (
            "noun",
            "Tops act animal artifact attribute body cognition communication event feeling "
            "food group location motive object person phenomenon plant possession process "
            "quantity relation shape state substance time",
        ),
        (
            "verb",
            "body change cognition communication competition consumption contact creation "
            "emotion motion perception possession social stative weather",
        ),
        ("adj", "ppl"),
    )
    for name in names.split()
)
_LEX_POS = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
_WORDNET_FILES = tuple(
    f"{kind}.{pos}" for kind in ("data", "index") for pos in ("noun", "verb", "adj", "adv")
) + tuple(f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv"))


class MetricUnavailable(Exception):
    """The metric cannot be computed here (a library or its data is missing)."""


Scorer = Callable[[str, str], float]


def reference_scorer(method: str, *, stemmer: bool = False) -> Scorer:
    """A ``(summary, reference) -> score`` function for one reference metric.

    Args:
        method: one of :data:`~docref.eval.names.REFERENCE_METHODS`.
        stemmer: ROUGE with Porter stemming.

    Raises:
        MetricUnavailable: the library or the data the metric needs is not installed.
        ValueError: ``method`` is not a reference metric.
    """
    if method in _ROUGE_KEYS:
        return _rouge(_ROUGE_KEYS[method], stemmer)
    if method == "bleu":
        return _bleu()
    if method == "meteor":
        return _meteor()
    raise ValueError(f"unknown reference metric {method!r}")


def _rouge(key: str, stemmer: bool) -> Scorer:
    try:
        from rouge_score import rouge_scorer  # type: ignore[import-untyped, unused-ignore]
    except ImportError as exc:
        raise MetricUnavailable(f"rouge-score is not installed ({exc})") from None
    scorer = rouge_scorer.RougeScorer([key], use_stemmer=stemmer)

    def score(summary: str, reference: str) -> float:
        # rouge_scorer.score(target, prediction): the reference is the target
        return float(scorer.score(reference, summary)[key].fmeasure)

    return score


def _bleu() -> Scorer:
    try:
        import sacrebleu  # type: ignore[import-untyped, unused-ignore]
    except ImportError as exc:
        raise MetricUnavailable(f"sacrebleu is not installed ({exc})") from None

    def score(summary: str, reference: str) -> float:
        return float(sacrebleu.sentence_bleu(summary, [reference]).score) / 100.0

    return score


def _meteor() -> Scorer:
    wordnet = load_wordnet()
    from nltk.tokenize import NLTKWordTokenizer
    from nltk.translate.meteor_score import single_meteor_score

    tokenizer = NLTKWordTokenizer()

    def score(summary: str, reference: str) -> float:
        ref = tokenizer.tokenize(reference.lower())
        hyp = tokenizer.tokenize(summary.lower())
        return float(single_meteor_score(ref, hyp, wordnet=wordnet))

    return score


def _wordnet_source() -> str:
    env = os.environ.get(WORDNET_ENV)
    if env:
        return env
    try:
        import nltk

        return str(nltk.data.find("corpora/wordnet"))
    except LookupError:
        return DEBIAN_WORDNET


@functools.lru_cache(maxsize=4)
def _reader(source: str) -> Any:
    missing = [n for n in _WORDNET_FILES if not os.path.isfile(os.path.join(source, n))]
    if missing:
        raise MetricUnavailable(
            f"METEOR needs WordNet 3.0 and none was found (looked in {source}: missing "
            f"{', '.join(missing[:3])}{'...' if len(missing) > 3 else ''}); install Debian's "
            f"wordnet-base or point {WORDNET_ENV} at a WordNet 'dict' directory"
        )
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    root = source
    if not os.path.isfile(os.path.join(source, "lexnames")):
        root = _prepared_copy(source)
    # NLTK only opens corpora below its data path
    parent = os.path.dirname(root)
    if parent not in nltk.data.path:
        nltk.data.path.append(parent)

    class WordNet30(WordNetCorpusReader):  # type: ignore[misc]
        def map_wn(self, version: str = "wordnet") -> None:
            # NLTK maps other WordNet versions onto its own 3.0 through index.sense; this
            # database is 3.0 (checked below), so the map is the identity
            return None

    try:
        with warnings.catch_warnings():
            # "multilingual functions are not available": no OMW data, and none is needed
            warnings.simplefilter("ignore", UserWarning)
            reader = WordNet30(root, None)
    except Exception as exc:  # NLTK raises assorted errors on a damaged database
        raise MetricUnavailable(f"WordNet in {root} cannot be read: {exc}") from None
    version = reader.get_version()
    if version != "3.0":
        raise MetricUnavailable(f"METEOR needs WordNet 3.0; {root} holds WordNet {version}")
    return reader


def _prepared_copy(source: str) -> str:
    """``source`` copied under the docref cache with the ``lexnames`` file NLTK needs."""
    target = os.path.join(cache_dir(), "wordnet", "wordnet")
    marker = os.path.join(target, "lexnames")
    if os.path.isfile(marker):
        return target
    partial = target + f".tmp{os.getpid()}"
    try:
        os.makedirs(partial, exist_ok=True)
        for name in _WORDNET_FILES:
            shutil.copyfile(os.path.join(source, name), os.path.join(partial, name))
        with open(os.path.join(partial, "lexnames"), "w", encoding="ascii") as handle:
            for number, name in enumerate(_LEXNAMES):
                handle.write(f"{number:02d}\t{name}\t{_LEX_POS[name.split('.')[0]]}\n")
        if not os.path.isdir(target):
            os.replace(partial, target)
    except OSError as exc:
        raise MetricUnavailable(f"cannot prepare WordNet for NLTK in {target}: {exc}") from None
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return target


def load_wordnet() -> Any:
    """NLTK's WordNet reader over the first WordNet 3.0 found (see the module docstring).

    Raises:
        MetricUnavailable: no usable WordNet database is installed.
    """
    return _reader(_wordnet_source())
