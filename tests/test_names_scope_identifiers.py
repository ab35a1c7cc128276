"""The identifier set of a file's code (``checks/static/names_code.py``): the fast path for
ASCII text gives the set the regex finds, and dropping comments while keeping strings gives
the text the group template gave."""

from __future__ import annotations

from docref.checks.static.names_code import _IDENTIFIER, _without_comments, identifiers

_CODE = '''\
import os  # a comment naming send_from_directory
x1 = 1e10 + 0x1F + 3_000 + 2j  # numbers hold e10, x1F, j: the regex finds them too
_private, __dunder__ = "in a string: keep_me", 'also # not a comment'
f"{value!r:>10} # still a string"
b"bytes_word" r"raw\\word"
def f(a_b, *args, **kwargs) -> None:
    """Docstring words stay."""
    return a_b.attr[0]  # trailing_comment
# full_line_comment
'''


def test_identifiers_of_ascii_text_are_the_regex_set() -> None:
    assert identifiers(_CODE) == frozenset(_IDENTIFIER.findall(_CODE))
    assert {"e10", "x1F", "_000", "j", "keep_me", "__dunder__"} <= identifiers(_CODE)
    assert "10" not in identifiers(_CODE)  # no run of digits alone
    assert identifiers("") == frozenset()
    assert identifiers("123 456") == frozenset()


def test_identifiers_of_non_ascii_text_are_the_regex_set() -> None:
    text = "größe = 1\nnaïve_Δ = größe + 2  # commentaire\n"
    assert identifiers(text) == frozenset(_IDENTIFIER.findall(text))
    assert {"größe", "naïve_Δ"} <= identifiers(text)


def test_comments_are_dropped_and_strings_kept_as_the_template_did() -> None:
    from docref.checks.static.names_code import _STRING_OR_COMMENT

    for text in (_CODE, "", "# only a comment", "'unterminated # string\nx = 1 # c\n"):
        template = _STRING_OR_COMMENT.sub(r"\g<s>", text)
        assert _without_comments(text, strings=True) == template
    kept = _without_comments(_CODE, strings=True)
    assert "keep_me" in kept and "send_from_directory" not in kept
    assert "trailing_comment" not in kept and "full_line_comment" not in kept
    blanked = _without_comments(_CODE, strings=False)
    assert "keep_me" not in blanked and "trailing_comment" not in blanked and "a_b.attr" in blanked
