"""An edit inside the words of a string is extracted by moving the previous records (issue
18): after each edit of a series -- docstring words, a string in a body, a multi-byte
character, several in a row without a parse between them -- the extract equals a
from-scratch extraction; edits whose text the records keep (a default value, a decorator's
argument, a quoted annotation, a class's base) or that could change the tokens (an f-string's
words, a quote, an escape sequence, a line break) take a real extraction, equal as well."""

from __future__ import annotations

import pytest
from docref.graph.incremental import IncrementalExtractor
from docref.graph.python_extract import extract_python
from docref.graph.source import content_hash

CODE = '''\
"""A module about shapes."""

import os

LIMIT: "int" = 3
NAMES = {"circle": "round", "square": "four sides"}


@register("shape words")
def helper(x, mode="fast words"):
    """Return x, joined the usual way."""
    note = f"joined {x} here"
    return os.path.join(x, "a\\tb words", note)


class Shape(Base["shape words"]):
    """A shape.

    Args:
        size: The size, in centimetres.
    """

    def area(self) -> "float":
        """The area, squared."""
        return self.size * helper("size words")
'''

# (old, new, moved): each applied to the text the previous ones left
EDITS = [
    ("about shapes", "about solids", True),  # module docstring
    ("the usual way", "the plain way", True),  # a function's docstring
    ("four sides", "four équal sides", True),  # a value's string, a multi-byte character
    ("in centimetres", "in metres", True),  # a class docstring; later spans move back
    ("squared.", "squared, in m².", True),  # right after the previous: no parse between
    ("size words", "sizes", True),  # a call's argument in a body
    ("fast words", "slow words", False),  # a parameter's default is kept as text
    ('@register("shape words")', '@register("shapes")', False),  # a decorator
    ("@register(", "@enlist(", False),  # the decorator itself: a reference of helper
    ('LIMIT: "int"', 'LIMIT: "float"', False),  # a quoted annotation
    ('Base["shape words"]', 'Base["shapes"]', False),  # a base class
    ("joined {x} here", "joined {x} there", False),  # an f-string's words hold code
    ("the plain way", 'the "plain" way', False),  # quotes
    ("a\\tb words", "a\\t words", False),  # next to an escape sequence
    ("The area, squared", "The area,\n        squared", False),  # a line break
    ('" way', '" road', True),  # and moved again after those
]


def test_string_word_edits_move_the_records_and_equal_a_fresh_extraction() -> None:
    extractor = IncrementalExtractor()
    text = CODE
    extractor.extract("python", "m.py", text.encode(), content_hash(text.encode()))
    for old, new, moved in EDITS:
        assert old in text, old
        text = text.replace(old, new, 1)
        data = text.encode()
        got = extractor.extract("python", "m.py", data, content_hash(data))
        assert got == extract_python(data, "m.py", content_hash(data)), old
        assert extractor.moved is moved, old


@pytest.mark.parametrize("broken", ['"""Return x, joined', "def helper(x, mode"])
def test_an_edit_after_a_syntax_error_is_extracted_again(broken: str) -> None:
    # a tree with errors is never moved: its recovery may read the same words differently
    extractor = IncrementalExtractor()
    text = CODE.replace(broken, broken.replace("(", "(("), 1).replace('"""Return', '"""Return', 1)
    extractor.extract("python", "m.py", text.encode(), "a")
    text = text.replace("the usual way", "the plain way", 1)
    got = extractor.extract("python", "m.py", text.encode(), "b")
    assert got == extract_python(text.encode(), "m.py", "b")
