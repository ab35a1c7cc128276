"""What a docstring introduces or quotes itself (:mod:`docref.checks.static.names_introduced`).

The functions test a text's words before running their patterns (session 18): these cases sit
on the edges of those tests -- a match at the very start of the text, a pattern's word missing
or present in another spelling -- with a control beside each that stays unmatched."""

from __future__ import annotations

from docref.checks.static.names_introduced import introduced_names, quoted_keys, quoted_spans


def test_quoted_key_at_the_start_and_after_a_space() -> None:
    assert quoted_keys("'RiseTime': time from 10% to 90%") == {"RiseTime"}
    assert quoted_keys('- "SettlingTime": time to settle') == {"SettlingTime"}


def test_quoted_key_after_a_word_or_a_quote_is_no_key() -> None:
    assert quoted_keys("x'RiseTime': no") == set()
    assert quoted_keys("''RiseTime': no") == set()
    assert quoted_keys("'RiseTime':: a role, not a key") == set()


def test_output_lines_are_spans_and_prose_is_not() -> None:
    body = "Warns.\n\n  base_events.py:641: RuntimeWarning: coroutine\n    never awaited\n\nMore.\n"
    start = body.index("  base_events")
    assert quoted_spans(body) == [(start, body.index("\nMore"))]
    trace = "Fails:\nTraceback (most recent call last):\n  File x\n"
    assert quoted_spans(trace) == [(trace.index("Traceback"), len(trace))]
    assert quoted_spans("Reads a .py file: the module is run, see traceback(s).\n") == []


def test_introduced_names_each_pattern_and_a_text_with_none() -> None:
    assert introduced_names("Takes an ApplyUnitaryArgs object `uargs` and more.") == {"uargs"}
    assert introduced_names("Returns a namedtuple ``(mean, covar)``.") == {"mean", "covar"}
    assert introduced_names("Uses a triplet `(x, y, z)` of floats.") == {"x", "y", "z"}
    assert introduced_names("As in:\n\n    def logerfcx(x):\n        ...\n") == {"logerfcx"}
    assert introduced_names("An `Object` `uargs` and a Tuple (a, b); define `f`.") == set()


def test_a_code_marked_display_of_names_introduces_them() -> None:
    # round 84 (optiland's ``entry_frame``, strawberryfields' ``triangular``): the labels of a
    # value's parts or a shape's axes, written in code markup with no "tuple" word before
    assert introduced_names("Entry frame ``(anchor, axial_anchor, u)``.") == {
        "anchor",
        "axial_anchor",
        "u",
    }
    assert introduced_names("list containing ``[n,m,n_size]`` of each") == {"n", "m", "n_size"}
    assert introduced_names("of shape `(n_world, n_pix)`") == {"n_world", "n_pix"}


def test_a_call_or_subscript_in_code_markup_introduces_nothing() -> None:
    assert introduced_names("calls ``transverse(anchor, axial_anchor)`` first") == set()
    assert introduced_names("reads ``frame[i, j]`` and ``(anchor)``") == set()
