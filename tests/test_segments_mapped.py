"""The run-length source map of ``segments.mapped`` against a per-character one.

:class:`Mapped` keeps its map as runs; every operation must give each character exactly the
source range a plain per-character map (the reference below, the former implementation)
gives it, since the diagnostics' offsets come from it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest
from docref.segments.mapped import Builder, Mapped, join

_WS_RUN = re.compile(r"\s+")


@dataclass
class Ref:
    """One source range per character: the reference semantics."""

    text: str = ""
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)

    def slice(self, start: int, end: int) -> Ref:
        return Ref(self.text[start:end], self.starts[start:end], self.ends[start:end])

    def strip(self) -> Ref:
        hi = len(self.text.rstrip())
        lo = hi - len(self.text[:hi].lstrip())
        return self.slice(lo, hi)

    def collapse(self) -> Ref:
        s = self.strip()
        out = Ref()
        pos = 0
        for m in _WS_RUN.finditer(s.text):
            part = s.slice(pos, m.start())
            out = _cat(out, part)
            i = m.start()
            out = _cat(out, Ref(" ", [s.starts[i]], [s.ends[i]]))
            pos = m.end()
        return _cat(out, s.slice(pos, len(s.text)))

    def source_span(self) -> tuple[int, int] | None:
        s = self.text
        hi = len(s.rstrip())
        lo = hi - len(s[:hi].lstrip())
        return None if lo >= hi else (self.starts[lo], self.ends[hi - 1])


def _cat(a: Ref, b: Ref) -> Ref:
    return Ref(a.text + b.text, a.starts + b.starts, a.ends + b.ends)


def _same(got: Mapped, want: Ref) -> None:
    assert (got.text, got.starts, got.ends) == (want.text, want.starts, want.ends)


_ALPHABET = "ab c\n\t  x\\.é"


def _random_pair(rng: random.Random, source: str) -> tuple[Mapped, Ref]:
    """A Mapped built by random builder calls, and the same built per character."""
    builder = Builder()
    ref = Ref()
    for _ in range(rng.randint(0, 8)):
        what = rng.random()
        lo = rng.randint(0, len(source) - 1)
        hi = rng.randint(lo, min(len(source), lo + 12))
        if what < 0.45:
            builder.add_source(source, lo, hi)
            ref = _cat(ref, Ref(source[lo:hi], list(range(lo, hi)), list(range(lo + 1, hi + 1))))
        elif what < 0.75:  # a decoded escape or a one-character add
            text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 2)))
            builder.add(text, lo, hi)
            ref = _cat(ref, Ref(text, [lo] * len(text), [hi] * len(text)))
        elif what < 0.9:
            at = rng.choice([None, lo])
            pos = at if at is not None else (ref.ends[-1] if ref.ends else 0)
            builder.synthetic("\n", at)
            ref = _cat(ref, Ref("\n", [pos], [pos]))
        else:
            sub = Mapped.of_source(source, lo, hi)
            builder.extend(sub.slice(1, 5))
            starts, ends = list(range(lo, hi))[1:5], list(range(lo + 1, hi + 1))[1:5]
            ref = _cat(ref, Ref(source[lo:hi][1:5], starts, ends))
    return builder.build(), ref


@pytest.mark.parametrize("seed", range(4))
def test_every_operation_maps_each_character_as_a_per_character_map(seed: int) -> None:
    rng = random.Random(seed)
    source = "".join(rng.choice(_ALPHABET) for _ in range(200))
    for _ in range(300):
        got, want = _random_pair(rng, source)
        _same(got, want)
        n = len(want.text)
        a = rng.randint(-2, n + 2)
        b = rng.randint(-2, n + 2)
        _same(got.slice(a, b), want.slice(a, b))
        _same(got.strip(), want.strip())
        lo, hi = sorted((rng.randint(0, n), rng.randint(0, n)))
        _same(got.stripped_slice(lo, hi), want.slice(lo, hi).strip())
        _same(got.collapse(), want.collapse())
        assert got.source_span() == want.source_span()
        assert got.span_of(lo, hi) == want.slice(lo, hi).source_span()
        lines = got.split_lines()
        assert [line.text for line in lines] == want.text.split("\n")
        pos = 0
        for line in lines:
            _same(line, want.slice(pos, pos + len(line.text)))
            pos += len(line.text) + 1
        other, other_ref = _random_pair(rng, source)
        joined = join([got, other])
        gap = want.ends[-1] if want.ends else 0
        _same(joined, _cat(_cat(want, Ref(" ", [gap], [gap])), other_ref))
        for i in range(n):
            assert (got.start_at(i), got.end_at(i)) == (want.starts[i], want.ends[i])


def test_a_docstring_without_escapes_stays_one_run() -> None:
    source = 'def f():\n    """Summary.\n\n    More text here.\n    """\n'
    start = source.index('"""') + 3
    body = Mapped.of_source(source, start, source.rindex('"""'))
    paragraph = join([line.strip() for line in body.split_lines()[2:3]])
    assert paragraph.text == "More text here."
    assert len(paragraph.offs) == 1  # one run, however long the text
    assert paragraph.source_span() == (source.index("More"), source.index("here.") + 5)


def test_replaced_keeps_the_map_and_refuses_another_length() -> None:
    m = Mapped.of_source("a\nb", 0, 3)
    flat = m.replaced("a b")
    assert (flat.text, flat.starts, flat.ends) == ("a b", [0, 1, 2], [1, 2, 3])
    with pytest.raises(AssertionError):
        m.replaced("ab")


def test_from_lists_round_trips() -> None:
    m = Mapped.from_lists("xyz", [4, 4, 9], [6, 6, 10])
    assert (m.starts, m.ends) == ([4, 4, 9], [6, 6, 10])
    assert m == Mapped.from_lists("xyz", [4, 4, 9], [6, 6, 10])
    assert m != Mapped.from_lists("xyz", [4, 5, 9], [6, 6, 10])
