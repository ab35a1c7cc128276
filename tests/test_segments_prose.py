"""Prose segmentation: Punkt parity on the Java benchmark, and the code-aware merges."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from docref.segments import (
    TextSpan,
    get_punkt_tokenizer,
    segment_code_aware,
    segment_prose,
)
from docref.segments.prose import protected_regions

from tests.shared_data import require_java_dev

REPO = Path(__file__).resolve().parents[1]


def _summaries() -> list[str]:
    with require_java_dev().open(encoding="utf-8") as handle:
        return [json.loads(line)["hallucinated_summary"] for line in handle if line.strip()]


def test_punkt_parity_on_java_dev_summaries() -> None:
    summaries = _summaries()
    assert len(summaries) == 83
    segments = [segment_prose(summary) for summary in summaries]
    assert sum(len(s) for s in segments) == 490
    tokenizer = get_punkt_tokenizer()
    for summary, spans in zip(summaries, segments, strict=True):
        assert [span.text for span in spans] == tokenizer.tokenize(summary)
        for span in spans:
            assert summary[span.start : span.end] == span.text


def test_code_aware_only_merges_and_keeps_plain_prose() -> None:
    total = 0
    for summary in _summaries():
        plain = segment_prose(summary)
        aware = segment_code_aware(summary)
        total += len(aware)
        plain_bounds = {span.start for span in plain}
        assert {span.start for span in aware} <= plain_bounds
        assert aware[0].start == plain[0].start and aware[-1].end == plain[-1].end
    # The summaries are plain prose: code-aware splitting changes nothing on them.
    assert total == 490


def test_segment_prose_spans_and_json() -> None:
    text = "Dr. Smith went home.  He was tired.\nThe end."
    spans = segment_prose(text)
    assert [s.text for s in spans] == ["Dr. Smith went home.", "He was tired.", "The end."]
    for span in spans:
        assert text[span.start : span.end] == span.text
    assert spans[1] == TextSpan("He was tired.", 22, 35)
    assert spans[1].to_json() == {"text": "He was tired.", "start": 22, "end": 35}
    # Exact parity includes Punkt's quirks: leading whitespace stays in the first sentence.
    assert [s.text for s in segment_prose("  Hi there. Bye.")] == ["  Hi there.", "Bye."]
    assert segment_prose("") == [] and segment_prose(" \n\t ") == []


@pytest.mark.parametrize(
    "text",
    [
        "Use a list, e.g. The first one wins.",
        "Use e.g. Python or i.e. Java here.",
        "Compare this with cf. Smith for details.",
        "Call :func:`foo. Bar` with care.",
        "See {@link Foo. Bar} for care.",
        "Use ``x. Y`` for the value.",
        "Value is 1.5 and E.g. Foo applies.",
        "Use these: a.(b) for grouping.",
        "Pass x.{y} here.",
    ],
)
def test_code_aware_never_splits_inside_code_or_after_abbreviations(text: str) -> None:
    spans = segment_code_aware(text)
    assert [s.text for s in spans] == [text]


def test_plain_punkt_does_split_those_cases() -> None:
    # The merges above are real fixes: plain Punkt splits these.
    for text in (
        "Use a list, e.g. The first one wins.",
        "Call :func:`foo. Bar` with care.",
        "See {@link Foo. Bar} for care.",
        "Use these: a.(b) for grouping.",
    ):
        assert len(segment_prose(text)) == 2, text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Call os.path.join. Then return v3.11 or 3.11 data.",
            ["Call os.path.join.", "Then return v3.11 or 3.11 data."],
        ),
        (
            "Call Class.method() first. See https://example.com/a.b?x=1. Done.",
            ["Call Class.method() first.", "See https://example.com/a.b?x=1.", "Done."],
        ),
        ("Use ``x.y``. Then stop.", ["Use ``x.y``.", "Then stop."]),
        ("Use `a.b` and `c. d` here. Next.", ["Use `a.b` and `c. d` here.", "Next."]),
        ("1. First item. 2. Second item.", ["1. First item.", "2. Second item."]),
        ("Value is 1.5. E.g. Foo is next.", ["Value is 1.5.", "E.g. Foo is next."]),
    ],
)
def test_code_aware_keeps_real_boundaries(text: str, expected: list[str]) -> None:
    spans = segment_code_aware(text)
    assert [s.text for s in spans] == expected
    for span in spans:
        assert text[span.start : span.end] == span.text


def test_etc_never_splits_a_sentence() -> None:
    assert [s.text for s in segment_code_aware("Files, dirs, etc. The next one.")] == [
        "Files, dirs, etc. The next one."
    ]
    assert [s.text for s in segment_code_aware("Files, dirs, etc. and more.")] == [
        "Files, dirs, etc. and more."
    ]
    # Plain Punkt (ReFEree parity) splits both.
    assert len(segment_prose("Files, dirs, etc. and more.")) == 2
    assert len(segment_prose("Files, dirs, etc. The next one.")) == 2


def test_protected_regions_kinds() -> None:
    text = (
        "See :func:`a.b`, ``c.d``, `e`, {@link F#g}, https://x.io/p., v3.11, os.path.join(), e.g."
    )
    kinds = {text[s:e]: k for s, e, k in protected_regions(text)}
    assert kinds[":func:`a.b`"] == "role"
    assert kinds["``c.d``"] == "dbl"
    assert kinds["`e`"] == "tick"
    assert kinds["{@link F#g}"] == "tag"
    assert kinds["https://x.io/p"] == "url"  # trailing punctuation is not part of the URL
    assert kinds["v3.11"] == "version"
    assert kinds["os.path.join()"] == "ident"
    assert kinds["e.g."] == "abbr"


def test_importing_segments_does_not_import_nltk() -> None:
    code = "import sys, docref.segments; print('nltk' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "False"


def test_tokenizer_is_built_once() -> None:
    assert get_punkt_tokenizer() is get_punkt_tokenizer()


def test_english_punkt_parameters_ship_with_docref_and_only_english() -> None:
    """The English model is docref's own package data (66 MB of other languages stay out);
    its tables are NLTK's English punkt_tab ones, whole (the parity test above splits with
    them: 490 segments on the dev subset, as with NLTK's data)."""
    from docref.segments.punkt_model import ENGLISH_PARAMETERS

    folder = ENGLISH_PARAMETERS.parent
    assert sorted(p.name for p in folder.iterdir()) == ["LICENSE", "NOTICE", "english.json"]
    assert "Apache License" in (folder / "LICENSE").read_text(encoding="utf-8")
    data = json.loads(ENGLISH_PARAMETERS.read_text(encoding="utf-8"))
    sizes = {key: len(data[key]) for key in ("abbrev_types", "collocations", "sent_starters")}
    assert sizes == {"abbrev_types": 156, "collocations": 37, "sent_starters": 39}
    assert len(data["ortho_context"]) == 20366
    assert data["ortho_context"]["zurich"] == 4 and "mr" in data["abbrev_types"]


def test_one_sentence_shortcut_gives_punkts_spans() -> None:
    """Texts Punkt cannot split skip its passes (``may_split``); the spans stay Punkt's,
    for texts it can split too (the shortcut must never answer for those)."""
    from docref.segments.punkt_model import may_split

    texts = [
        "Return the value.",
        "Return the value.   \n  ",
        "Call os.path.join on it",
        "Is it? yes",
        "Wait!",
        "(Note.) Next one.",
        "Ends with a quote.'",
        "v3.11 is out",
        "A.\u2003B",
        "A.\x1cB",
        "e.g. this",
        "No period at all\n\n",
    ]
    tokenizer = get_punkt_tokenizer()
    shortcut = 0
    for text in texts:
        expected = [(s, e) for s, e in tokenizer.span_tokenize(text)]
        got = [(span.start, span.end) for span in segment_prose(text)]
        assert got == expected, text
        shortcut += not may_split(text)
    assert shortcut >= 4  # the shortcut is taken, not only the full path
    assert may_split("First one. Second one.")


def test_untimed_patterns_split_as_nltks_own_tokenizer() -> None:
    """docref's tokenizer runs NLTK's fixed patterns without ``nltk.redos``' per-call timeout
    wrapper; on texts that reach every pattern (abbreviations, initials, numbers, ellipses,
    closing quotes and brackets, several lines) it splits exactly as NLTK's stock tokenizer
    with the same parameters does."""
    from nltk.tokenize.punkt import PunktSentenceTokenizer

    ours = get_punkt_tokenizer()
    stock = PunktSentenceTokenizer(ours._params)  # type: ignore[attr-defined]
    assert type(ours._lang_vars) is not type(stock._lang_vars)  # type: ignore[attr-defined]
    texts = [
        "Mr. Smith paid 3.50 dollars. He left at 5 p.m. on Jan. 3rd... Then he came back.",
        'She said "stop." Then (she left.) The end!',
        "J. R. R. Tolkien wrote it. Ph.D. students read it.\nA new line. 12. Numbered.",
        "Is it ready? No -- not yet. Values: 1.5, 2.5... and so on. U.S.A. is big.",
        "\u201cQuoted.\u201d Next one. \u00abGuillemets.\u00bb Last.",
    ]
    for text in texts:
        assert list(ours.span_tokenize(text)) == list(stock.span_tokenize(text)), text


def test_the_protected_tokens_lookahead_drops_no_token() -> None:
    """The lookahead in front of the protected-token pattern (a speed-up: positions inside a
    word fail at once) must only ever skip positions where no alternative can match: the
    pattern without it finds the same tokens in texts made of the tokens' pieces (and the
    test fails on the pattern of session 19, which had no lookahead)."""
    import random
    import re

    from docref.segments import prose

    pattern = prose._PROTECTED.pattern
    guard = r"(?=[`:{]|(?<!\w)[\w$])(?:"
    assert pattern.startswith(guard)
    bare = re.compile(pattern[len(guard) : pattern.rindex(")")], re.VERBOSE)
    pieces = [
        *"ab eEgGiIvV.0123456789`:{}@#$()_-/\n\t,;xXéß·٣w",
        *("e.g.", "i.e.", "etc.", "E.G.", "et al.", "vs.", "w.r.t.", "a.k.a."),
        *("http://", "https://x.org/a).", "www.", "ftp://", "file://"),
        *("``", ":func:`", ":py:meth:`", "{@link ", "{@code x}", "`x`"),
        *("v3.1", "3.11.2rc1", "os.path", "f()", "Foo#bar(int)", "$x", "#y", "_a.b"),
    ]
    rnd = random.Random(20)
    texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 24))) for _ in range(20000)]
    texts += [
        "See :func:`os.path.join` and ``x. y``, e.g. numpy.ndarray() in v3.11.",
        "Use {@link Foo#bar(int)} or https://example.org/a_(b). Then $x.y and _private.name().",
    ]
    for text in texts:
        found = [(m.span(), m.lastgroup) for m in prose._PROTECTED.finditer(text)]
        assert found == [(m.span(), m.lastgroup) for m in bare.finditer(text)], text
