"""Python docstring segmentation: styles, structure, exact offsets and UTF-16 ranges."""

from __future__ import annotations

import random
import re

import pytest
from docref.segments import ParsedDocstring, Segment, segment_docstring


def _utf16_position(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    lines = re.split(r"\r\n|\r|\n", before)
    return len(lines) - 1, len(lines[-1].encode("utf-16-le")) // 2


def parse(source: str, literal: str | None = None) -> ParsedDocstring:
    """Segment the first (or the given) docstring literal of ``source`` and check offsets."""
    if literal is None:
        match = re.search(r'(?s)[rRuUbB]?("""|\'\'\')(.*?)\1', source)
        assert match, "no triple-quoted literal in the sample"
        start, end = match.span()
    else:
        start = source.index(literal)
        end = start + len(literal)
    parsed = segment_docstring(source, start, end, "python")
    for seg in parsed.segments:
        raw = source[seg.start : seg.end]
        assert raw.strip() == raw and raw, seg
        assert start <= seg.start < seg.end <= end
        assert seg.range == (
            _utf16_position(source, seg.start),
            _utf16_position(source, seg.end),
        )
        if seg.name_span:
            assert source[seg.name_span[0] : seg.name_span[1]] == seg.name
    return parsed


def plain_text(source: str, seg: Segment) -> str:
    return " ".join(source[seg.start : seg.end].split())


def rows(parsed: ParsedDocstring) -> list[tuple[str, str | None, str | None, str | None, str]]:
    return [(s.kind, s.name, s.type, s.section, s.text) for s in parsed.segments]


GOOGLE = '''def area(width, height, *args, **kwargs):
    """Compute the area, e.g. via math.prod. See `shapes.Rect`.

    Uses os.path.join for nothing. Returns the value.

    Args:
        width (int): The width.
            It may span lines.
        height (float, optional): The height.

        *args: Extra positional values.
        **kwargs: Extra options.

    Keyword Args:
        scale (int): A factor.

    Returns:
        int: The area, i.e. width times height.

    Raises:
        ValueError: If a side is negative.
        TypeError, KeyError: On bad input.

    Examples:
        >>> area(2, 3)
        6

    Closing remark: this is not a parameter.
    """
'''


def test_google_style() -> None:
    parsed = parse(GOOGLE)
    assert parsed.style == "google"
    assert parsed.warnings == []
    assert rows(parsed) == [
        ("summary", None, None, None, "Compute the area, e.g. via math.prod."),
        ("prose", None, None, None, "See `shapes.Rect`."),
        ("prose", None, None, None, "Uses os.path.join for nothing."),
        ("prose", None, None, None, "Returns the value."),
        ("param", "width", "int", "Args", "width (int): The width. It may span lines."),
        ("param", "height", "float, optional", "Args", "height (float, optional): The height."),
        ("param", "*args", None, "Args", "*args: Extra positional values."),
        ("param", "**kwargs", None, "Args", "**kwargs: Extra options."),
        ("param", "scale", "int", "Keyword Args", "scale (int): A factor."),
        ("returns", None, "int", "Returns", "int: The area, i.e. width times height."),
        ("raises", "ValueError", None, "Raises", "ValueError: If a side is negative."),
        ("raises", "TypeError, KeyError", None, "Raises", "TypeError, KeyError: On bad input."),
        ("prose", None, None, None, "Closing remark: this is not a parameter."),
    ]
    for seg in parsed.segments:
        assert plain_text(GOOGLE, seg) == seg.text
    width = parsed.segments[4]
    assert GOOGLE[width.start : width.end] == (
        "width (int): The width.\n            It may span lines."
    )
    assert width.range == ((6, 8), (7, 30))
    assert width.type_span is not None
    assert GOOGLE[width.type_span[0] : width.type_span[1]] == "int"


NUMPY = '''def add(x1, x2, axis=0):
    """
    Add arrays.

    Parameters
    ----------
    x1, x2 : array_like
        The arrays to add.
    axis : int, optional
        The axis. Default 0.
    \\*args
        Ignored.

    Returns
    -------
    ndarray
        The sum, cf. numpy.add.
    count : int
        How many.

    Raises
    ------
    ValueError
        If shapes differ.

    Other Parameters
    ----------------
    out : ndarray
        Output buffer.

    Notes
    -----
    Works since v3.11. See https://numpy.org/doc/a.b. Done.

    .. versionadded:: 1.2
       Added broadcasting.

    Examples
    --------
    >>> add(1, 2)
    3
    """
'''


def test_numpy_style() -> None:
    parsed = parse(NUMPY)
    assert parsed.style == "numpy"
    assert parsed.warnings == []
    assert rows(parsed) == [
        ("summary", None, None, None, "Add arrays."),
        ("param", "x1, x2", "array_like", "Parameters", "x1, x2 : array_like The arrays to add."),
        (
            "param",
            "axis",
            "int, optional",
            "Parameters",
            "axis : int, optional The axis. Default 0.",
        ),
        ("param", "\\*args", None, "Parameters", "\\*args Ignored."),
        ("returns", None, "ndarray", "Returns", "ndarray The sum, cf. numpy.add."),
        ("returns", "count", "int", "Returns", "count : int How many."),
        ("raises", "ValueError", None, "Raises", "ValueError If shapes differ."),
        ("param", "out", "ndarray", "Other Parameters", "out : ndarray Output buffer."),
        ("prose", None, None, "Notes", "Works since v3.11."),
        ("prose", None, None, "Notes", "See https://numpy.org/doc/a.b."),
        ("prose", None, None, "Notes", "Done."),
        ("other", None, None, ".. versionadded::", ".. versionadded:: 1.2 Added broadcasting."),
    ]
    # ``\*`` is an unknown escape in a non-raw docstring: the backslash stays.
    star = parsed.segments[3]
    assert NUMPY[star.start : star.end] == "\\*args\n        Ignored."
    assert star.name_span is not None
    assert NUMPY[star.name_span[0] : star.name_span[1]] == "\\*args"


def test_numpy_section_ends_at_prose_after_blank_line() -> None:
    source = '''"""Summary.

Parameters
----------
x : int
    The x.

This closing paragraph is prose, not a parameter.
"""'''
    parsed = parse(source)
    assert [(s.kind, s.name, s.section) for s in parsed.segments] == [
        ("summary", None, None),
        ("param", "x", "Parameters"),
        ("prose", None, None),
    ]


REST = '''def f(x, y):
    """Do it.

    :param int x: The x,
        on two lines.
    :param y: The y.
    :type y: list[int]
    :returns: The result.
    :rtype: dict[str, int]
    :raises ValueError: When bad.
    :ivar cache: A cache.
    :meta private:
    """
'''


def test_rest_style() -> None:
    parsed = parse(REST)
    assert parsed.style == "rest"
    assert rows(parsed) == [
        ("summary", None, None, None, "Do it."),
        ("param", "x", "int", ":param", ":param int x: The x, on two lines."),
        ("param", "y", None, ":param", ":param y: The y."),
        ("param", "y", "list[int]", ":type", ":type y: list[int]"),
        ("returns", None, None, ":returns", ":returns: The result."),
        ("returns", None, "dict[str, int]", ":rtype", ":rtype: dict[str, int]"),
        ("raises", "ValueError", None, ":raises", ":raises ValueError: When bad."),
        ("attribute", "cache", None, ":ivar", ":ivar cache: A cache."),
        ("other", "private", None, ":meta", ":meta private:"),
    ]
    typed = parsed.segments[3]
    assert typed.type_span is not None
    assert REST[typed.type_span[0] : typed.type_span[1]] == "list[int]"
    rtype = parsed.segments[5]
    assert rtype.type_span is not None
    assert REST[rtype.type_span[0] : rtype.type_span[1]] == "dict[str, int]"


def test_epydoc_style() -> None:
    source = '''def f(x):
    """Do it.

    @param x: The x.
    @type x: int
    @return: The result.
    @rtype: str
    @raise ValueError: When bad.
    """
'''
    parsed = parse(source)
    assert parsed.style == "epydoc"
    assert rows(parsed) == [
        ("summary", None, None, None, "Do it."),
        ("param", "x", None, "@param", "@param x: The x."),
        ("param", "x", "int", "@type", "@type x: int"),
        ("returns", None, None, "@return", "@return: The result."),
        ("returns", None, "str", "@rtype", "@rtype: str"),
        ("raises", "ValueError", None, "@raise", "@raise ValueError: When bad."),
    ]


def test_plain_style_and_header_words_in_prose() -> None:
    source = '''def f():
    """Returns the value.

    Returns:
    the value again, not a section (nothing is indented under it).

    Raises an error when empty. Args are checked.
    """
'''
    parsed = parse(source)
    assert parsed.style == "plain"
    assert rows(parsed) == [
        ("summary", None, None, None, "Returns the value."),
        (
            "prose",
            None,
            None,
            None,
            "Returns: the value again, not a section (nothing is indented under it).",
        ),
        ("prose", None, None, None, "Raises an error when empty."),
        ("prose", None, None, None, "Args are checked."),
    ]


def test_text_after_google_section_does_not_invent_parameters() -> None:
    source = '''"""Summary.

Args:
    x: The x.

    Note that y: is not documented here.
y: looks like an entry but is outside the section.
"""'''
    parsed = parse(source)
    assert [(s.kind, s.name, s.section) for s in parsed.segments] == [
        ("summary", None, None),
        ("param", "x", "Args"),
        ("prose", None, "Args"),
        ("prose", None, None),
    ]


def test_code_is_never_prose() -> None:
    source = '''def f():
    """Summary line.

    Example usage::

        result = f(a. b)
        print(result. value)

    >>> f()  # doctest
    'value. Not a sentence'

    .. code-block:: python

        x = 1. y = 2.

    .. note::
       Keep it. Simple.

    - first bullet item
      continues. Second sentence.
    - second bullet
    """
'''
    parsed = parse(source)
    assert rows(parsed) == [
        ("summary", None, None, None, "Summary line."),
        ("prose", None, None, None, "Example usage::"),
        ("other", None, None, ".. note::", ".. note:: Keep it. Simple."),
        ("prose", None, None, None, "first bullet item continues."),
        ("prose", None, None, None, "Second sentence."),
        ("prose", None, None, None, "second bullet"),
    ]
    bullet = parsed.segments[3]
    assert source[bullet.start : bullet.end] == "first bullet item\n      continues."


def test_unmarked_code_under_a_colon_is_skipped_but_indented_prose_is_kept() -> None:
    source = '''def f():
    """Summary.

    A typical use looks like this:

        from m import f  # creates it
        value = f(x. y)

    Modes are:

        fast mode does quick work.

    Example:
        result = f(1)
        print(result)
    """
'''
    parsed = parse(source)
    assert [(s.kind, s.section, s.text) for s in parsed.segments] == [
        ("summary", None, "Summary."),
        ("prose", None, "A typical use looks like this:"),
        ("prose", None, "Modes are:"),
        ("prose", None, "fast mode does quick work."),
    ]


def test_google_type_after_colon_slip() -> None:
    source = '''"""Summary.

    Args:
        total: (float, optional): Total steps.
        name: (see below): A parenthesised phrase, not a type.
    """'''
    parsed = parse(source)
    total = parsed.segments[1]
    assert (total.name, total.type) == ("total", "float, optional")
    assert total.type_span is not None
    assert source[total.type_span[0] : total.type_span[1]] == "float, optional"
    assert (parsed.segments[2].name, parsed.segments[2].type) == ("name", None)


def test_escapes_map_to_source_characters() -> None:
    source = 'def f():\n    "Tab\\there.\\nSecond \\\\ one.\\x41\\N{BULLET} end. Caf\\u00e9 ok."\n'
    literal = source[source.index('"') : source.rindex('"') + 1]
    parsed = parse(source, literal)
    assert parsed.warnings == []
    assert [s.text for s in parsed.segments] == [
        "Tab here.",  # \t decoded, then whitespace collapsed
        "Second \\ one.A\u2022 end.",
        "Caf\u00e9 ok.",
    ]
    second, third = parsed.segments[1], parsed.segments[2]
    assert source[second.start : second.end] == "Second \\\\ one.\\x41\\N{BULLET} end."
    assert source[third.start : third.end] == "Caf\\u00e9 ok."
    assert parsed.body_start == source.index('"') + 1
    assert parsed.body_end == source.rindex('"')


def test_raw_docstring_keeps_backslashes() -> None:
    source = 'def f():\n    r"""Match \\d+ here. Then \\n stays."""\n'
    parsed = parse(source)
    assert [s.text for s in parsed.segments] == ["Match \\d+ here.", "Then \\n stays."]


def test_line_continuation_and_concatenation() -> None:
    source = "X = (\"First part \\\n continues. \" 'Second piece.')\n"
    literal = source[source.index('"') : source.rindex("'") + 1]
    parsed = parse(source, literal)
    assert [s.text for s in parsed.segments] == ["First part continues.", "Second piece."]
    assert source[parsed.segments[0].start : parsed.segments[0].end] == (
        "First part \\\n continues."
    )


@pytest.mark.parametrize("prefix", ["", "r", "u", "R", "b", "rb"])
@pytest.mark.parametrize("quote", ['"""', "'''", '"', "'"])
def test_prefixes_and_quotes(prefix: str, quote: str) -> None:
    literal = f"{prefix}{quote}One. Two.{quote}"
    source = f"x = 1\n{literal}\n"
    parsed = parse(source, literal)
    assert parsed.warnings == []
    assert [s.text for s in parsed.segments] == ["One.", "Two."]
    assert source[parsed.body_start : parsed.body_end] == "One. Two."


def test_unicode_and_crlf_ranges() -> None:
    source = (
        'def f(x):\r\n    """Emoji 😀 summary. 漢字 second.\r\n\r\n'
        "    Args:\r\n        x (int): The 😀 value 漢字.\r\n"
        '    """\r\n'
    )
    parsed = parse(source)
    assert parsed.style == "google"
    summary, second, param = parsed.segments
    assert (summary.text, second.text) == ("Emoji 😀 summary.", "漢字 second.")
    assert summary.range == ((1, 7), (1, 24))  # the emoji counts two UTF-16 units
    assert second.range == ((1, 25), (1, 35))
    assert param.text == "x (int): The 😀 value 漢字."
    assert param.range == ((4, 8), (4, 33))


def test_tab_indentation() -> None:
    source = 'def f(x):\n\t"""Sum.\n\n\tArgs:\n\t\tx: The x.\n\t"""\n'
    parsed = parse(source)
    assert rows(parsed)[1] == ("param", "x", None, "Args", "x: The x.")


@pytest.mark.parametrize(
    "literal", ['""""""', "''", '"""   \n   \n   """', "r'''\t'''", '"\\n\\n"']
)
def test_empty_and_blank_docstrings(literal: str) -> None:
    parsed = parse(f"def f():\n    {literal}\n", literal)
    assert parsed.segments == []
    assert parsed.warnings == []
    assert parsed.style == "plain"


def test_unterminated_and_garbage_input_warns() -> None:
    source = 'def f():\n    """Unterminated. Still read'
    parsed = parse(source, source[source.index('"') :])
    assert [s.text for s in parsed.segments] == ["Unterminated.", "Still read"]
    assert any("unterminated" in w for w in parsed.warnings)

    garbage = segment_docstring("not a literal. at all", 0, 21, "python")
    assert garbage.warnings and "not a string literal" in garbage.warnings[0]
    assert [s.text for s in garbage.segments] == ["not a literal.", "at all"]

    out_of_range = segment_docstring('"""Doc."""', -5, 99, "python")
    assert any("outside the source" in w for w in out_of_range.warnings)
    assert [s.text for s in out_of_range.segments] == ["Doc."]


def test_never_raises_on_random_slices() -> None:
    rng = random.Random(11)
    samples = [GOOGLE, NUMPY, REST, '"""\\x\\N{NOPE}\\u12 :param: @param x y z"""']
    for _ in range(300):
        source = rng.choice(samples)
        start = rng.randint(-3, len(source) + 3)
        end = rng.randint(start - 3, len(source) + 3)
        parsed = segment_docstring(source, start, end, "python")
        for seg in parsed.segments:
            assert 0 <= seg.start < seg.end <= len(source)


def test_to_json_shape() -> None:
    parsed = parse(GOOGLE)
    data = parsed.to_json()
    assert data["style"] == "google"
    first = parsed.segments[0].to_json()
    assert first["kind"] == "summary" and first["range"] == [[1, 7], [1, 44]]


def test_bulleted_and_backticked_entries() -> None:
    source = '''"""A widget.

    Attributes:
      - ``color``: the color of the text.
      - ``font`` (str): the font used.
        Valid values are ``left``.
      * plain: no ticks.
    """'''
    parsed = parse(source)
    assert rows(parsed)[1:] == [
        ("attribute", "color", None, "Attributes", "``color``: the color of the text."),
        (
            "attribute",
            "font",
            "str",
            "Attributes",
            "``font`` (str): the font used. Valid values are ``left``.",
        ),
        ("attribute", "plain", None, "Attributes", "plain: no ticks."),
    ]
    font = parsed.segments[2]
    assert font.type_span is not None
    assert source[font.type_span[0] : font.type_span[1]] == "str"


def test_entry_section_ends_at_a_directive() -> None:
    source = '''"""Count things.

    Returns
    -------
    int
        The count.
    .. versionadded:: 2.0
    Trailing prose.
    """'''
    parsed = parse(source)
    assert rows(parsed) == [
        ("summary", None, None, None, "Count things."),
        ("returns", None, "int", "Returns", "int The count."),
        ("other", None, None, ".. versionadded::", ".. versionadded:: 2.0"),
        ("prose", None, None, None, "Trailing prose."),
    ]


def test_mixed_styles_pick_the_dominant_one() -> None:
    source = '''"""Do it.

    :param x: The x.
    :param y: The y.

    Examples:
        >>> do(1, 2)
    """'''
    parsed = parse(source)
    assert parsed.style == "rest"
    assert [s.kind for s in parsed.segments] == ["summary", "param", "param"]


# --------------------------------------------------------------------------- parity fixes


def test_google_escaped_double_star_is_its_own_entry() -> None:
    source = '''r"""Call.

    Args:
        \\*args: Positional values.
        \\*\\*kwargs: Keyword values.
    """'''
    parsed = parse(source)
    assert [(s.kind, s.name, s.text) for s in parsed.segments[1:]] == [
        ("param", "\\*args", "\\*args: Positional values."),
        ("param", "\\*\\*kwargs", "\\*\\*kwargs: Keyword values."),
    ]


def test_numpy_escaped_double_star_is_its_own_entry() -> None:
    source = '''r"""Call.

    Parameters
    ----------
    x : int
        The x.
    \\*\\*kwargs : dict
        Keyword values.
    """'''
    assert [(s.name, s.type) for s in parse(source).segments[1:]] == [
        ("x", "int"),
        ("\\*\\*kwargs", "dict"),
    ]


@pytest.mark.parametrize(
    ("line", "name", "type_"),
    [
        ("mode: str", "mode", "str"),
        ("mode: int (default 3)", "mode", "int (default 3)"),
        ("mode: str, os.PathLike, or file object.", "mode", "str, os.PathLike, or file object"),
    ],
    ids=["type-like", "not-type-like", "sentence-end"],
)
def test_numpy_entry_without_space_before_colon(line: str, name: str, type_: str) -> None:
    source = f'''"""Open.

    Parameters
    ----------
    path : str
        The path.
    {line}
        The mode.
    """'''
    parsed = parse(source)
    assert [(s.kind, s.name, s.type) for s in parsed.segments[1:]] == [
        ("param", "path", "str"),
        ("param", name, type_),
    ]
    assert parsed.segments[2].text == f"{line} The mode."
    type_span = parsed.segments[2].type_span
    assert type_span is not None and source[type_span[0] : type_span[1]] == type_


def test_numpy_colon_line_without_description_stays_in_the_entry() -> None:
    # ``Note: …`` at the entry indentation has no indented description: it is no parameter
    source = '''"""Open.

    Parameters
    ----------
    path : str
        The path.
    Note: relative paths start at the root.
    """'''
    parsed = parse(source)
    assert [(s.kind, s.name) for s in parsed.segments[1:]] == [("param", "path")]
    assert parsed.segments[1].text.endswith("Note: relative paths start at the root.")


@pytest.mark.parametrize(
    ("field", "name"),
    [
        (":raises: TypeError: When the input is wrong.", "TypeError"),
        (":raises: TypeError", "TypeError"),
        (":raises: TypeError, ValueError: When the input is wrong.", "TypeError, ValueError"),
        (":raises: errors.BadInput: When the input is wrong.", "errors.BadInput"),
        (":raises ValueError: When the input is wrong.", "ValueError"),
    ],
)
def test_rest_raises_with_the_exception_in_the_field_body(field: str, name: str) -> None:
    source = f'''"""Check.

    {field}
    """'''
    segment = parse(source).segments[1]
    assert (segment.kind, segment.name, segment.section) == ("raises", name, ":raises")
    assert segment.text == field


@pytest.mark.parametrize(
    "field",
    [
        ":raises: When the input is wrong.",
        ":raises: error: when the input is wrong.",
        ":raises: if x: something odd.",
        ":raises:",
    ],
)
def test_rest_raises_body_without_an_exception_name(field: str) -> None:
    source = f'''"""Check.

    {field}
    """'''
    segments = parse(source).segments
    assert [(s.kind, s.name) for s in segments[1:]] == [("raises", None)]


# Issue 12, pattern 7: an entry indented a space or two too far is its own entry (as
# napoleon/numpydoc read it), so its "Default: True" is not pinned on the entry above.
MISINDENTED_GOOGLE = '''def f(a, verbose=True):
    """Do it.

    Args:
        a (int): The value,
            over two lines.
         verbose (bool): Talk. Default: True
    """
'''

MISINDENTED_NUMPY = '''def f(a, verbose=True):
    """Do it.

    Parameters
    ----------
    a : int
        The value.
     verbose : bool
        Talk. Default: True
    """
'''


@pytest.mark.parametrize("source", [MISINDENTED_GOOGLE, MISINDENTED_NUMPY])
def test_entry_indented_one_space_too_far_is_its_own_entry(source: str) -> None:
    params = [(s.name, s.type) for s in parse(source).segments if s.kind == "param"]
    assert params == [("a", "int"), ("verbose", "bool")]
    verbose = next(s for s in parse(source).segments if s.name == "verbose")
    assert "Default: True" in verbose.text


def test_deeper_continuation_that_looks_like_an_entry_stays_in_its_entry() -> None:
    # the control: a continuation indented as continuations are (4 deeper) is description
    source = '''def f(a, b):
    """Do it.

    Args:
        a (int): The value, read as
            mode (str): a literal example inside the description.
        b (int): Other.
    """
'''
    params = [s.name for s in parse(source).segments if s.kind == "param"]
    assert params == ["a", "b"]


def test_description_indented_one_space_keeps_its_lines() -> None:
    # the control for the misindented entry: a description itself indented one space holds a
    # line that reads like ``name : role`` ("See :ref:`…`"); it stays in its entry
    source = '''def f(seed=None):
    """Do it.

    Parameters
    ----------
    seed : integer, random_state, or None (default)
     Indicator of random number generation state.
     See :ref:`Randomness<randomness>`.
    """
'''
    params = [(s.name, s.text) for s in parse(source).segments if s.kind == "param"]
    assert len(params) == 1 and params[0][0] == "seed"
    assert params[0][1].endswith("See :ref:`Randomness<randomness>`.")


def test_numpy_named_returns_each_line_at_the_entry_indent_is_an_entry() -> None:
    # ``np_indexers: an ExplicitIndexer`` is prose-like, but after a named return numpydoc
    # reads it as the next return value, not as a line of the first one
    source = '''"""Split.

    Returns
    -------
    backend_indexer: OuterIndexer or BasicIndexer
    np_indexers: an ExplicitIndexer (VectorizedIndexer / BasicIndexer)
    """'''
    parsed = parse(source)
    assert [(s.kind, s.name, s.type) for s in parsed.segments[1:]] == [
        ("returns", "backend_indexer", "OuterIndexer or BasicIndexer"),
        ("returns", "np_indexers", None),
    ]


def test_numpy_unnamed_return_keeps_a_colon_line() -> None:
    # control: after a bare return type, a ``Note: …`` line still belongs to that entry
    source = '''"""Split.

    Returns
    -------
    OuterIndexer
    Note: the indexer is lazy.
    """'''
    parsed = parse(source)
    assert [(s.kind, s.name, s.type) for s in parsed.segments[1:]] == [
        ("returns", None, "OuterIndexer"),
    ]


def test_numpy_section_of_flat_prose_keeps_a_wrapped_word() -> None:
    # round 5 (matplotlib ``_ReducedHCT_Element``): the entries written as sentences at the
    # section's indent; the word wrapped onto its own line is no parameter
    source = '''"""Hessians.

    Parameters
    ----------
    *alpha* is a (N x 3 x 1) array of barycentric
    coordinates
    *ecc* is a (N x 3 x 1) array of triangle
    eccentricities
    """'''
    parsed = parse(source)
    assert [s.name for s in parsed.segments if s.kind == "param" and s.name] == []


def test_numpy_bare_names_after_an_entry_are_entries() -> None:
    # the control: a bare name after a named entry (numpydoc's ``x`` with no type) is one
    source = '''"""Plot.

    Parameters
    ----------
    x
    y : int
        The y.
    """'''
    parsed = parse(source)
    assert [s.name for s in parsed.segments if s.kind == "param"] == ["x", "y"]


def test_numpy_title_written_with_a_colon_is_a_header() -> None:
    # precision round 8: kombu underlines ``Arguments:`` / ``Example:`` (reST renders them as
    # titles); read as text, ``Example:`` became an entry of the See Also section before it
    source = '''"""Pool of connections.

    See Also
    --------
        :class:`ConnectionPool`.

    Arguments:
    ---------
        limit (int): Maximum number of active connections.

    Example:
    -------
        >>> pool = connection.Pool(2)
    """'''
    parsed = parse(source)
    assert [(s.kind, s.name, s.section) for s in parsed.segments] == [
        ("summary", None, None),
        ("prose", None, "See Also"),
        ("param", None, "Arguments"),  # a Google entry under a NumPy rule: not named, not judged
    ]
    # control: a line ending in a colon above a rule that is not underlining it (a deeper
    # indentation) stays prose
    control = parse('''"""Summary.

    Values:
        ---------
    """''')
    assert [s.section for s in control.segments] == [None, None]


def test_a_bullet_list_deeper_than_the_entries_is_the_entry_description() -> None:
    # precision round 8: jax's ``dimension_numbers: A tuple containing two elements:`` and
    # its items ``- `batch_dims` (tuple): …`` two columns deeper were read as entries
    source = '''"""Normalize.

    Args:
        x: The input.
        dimension_numbers: A tuple containing two elements:
          - `batch_dims` (tuple): The batch dimensions.
          - `contracting_dims` (tuple): The contracting dimensions.
         axis (int): An entry indented one column too deep.
    """'''
    parsed = parse(source)
    assert [(s.kind, s.name) for s in parsed.segments] == [
        ("summary", None),
        ("param", "x"),
        ("param", "dimension_numbers"),
        ("param", "axis"),  # control: a typed head a slip deeper is still an entry
    ]
