"""Offset conversions checked against brute force on emoji, CJK and mixed line endings."""

from __future__ import annotations

import random
import re

import pytest
from docref.segments import LineIndex, byte_to_char, char_to_byte, line_index
from docref.segments.positions import keep_line_index

SAMPLES = [
    "",
    "ascii only\nsecond line\n",
    "emoji 😀 here\r\nCJK 漢字テスト\rlone CR\n\U0001d518\U0001d52b\U0001d526 and é\n",
    "😀😀\n\n\r\n\r\rx",
    "no newline at end ✓",
]


def _brute_position(text: str, offset: int) -> tuple[int, int]:
    line = 0
    start = 0
    for match in re.finditer(r"\r\n|\r|\n", text):
        if match.end() <= offset:
            line += 1
            start = match.end()
        elif match.start() < offset:  # inside a CRLF: end of that line
            offset = match.start()
    return line, len(text[start:offset].encode("utf-16-le")) // 2


@pytest.mark.parametrize("text", SAMPLES)
def test_position_and_offset_match_brute_force(text: str) -> None:
    index = LineIndex(text)
    for offset in range(len(text) + 1):
        position = index.position(offset)
        assert position == _brute_position(text, offset), offset
        inside_crlf = 0 < offset < len(text) and text[offset - 1 : offset + 1] == "\r\n"
        if not inside_crlf:
            assert index.offset(*position) == offset


def test_utf16_columns_for_astral_and_cjk() -> None:
    text = "a😀b\n漢字c"
    index = LineIndex(text)
    assert index.position(2) == (0, 3)  # 'b' after a surrogate pair
    assert index.position(3) == (0, 4)
    assert index.position(text.index("c")) == (1, 2)  # CJK is one UTF-16 unit each
    assert index.offset(0, 3) == 2
    assert index.offset(0, 2) == 1  # the middle of a surrogate pair snaps to its start
    assert index.offset(0, 99) == 3  # clamped to the end of the line
    assert index.offset(5, 0) == len(text)
    assert index.line_count == 2
    assert (index.line_start(1), index.line_end(0), index.line_of(4)) == (4, 3, 1)


@pytest.mark.parametrize("text", SAMPLES)
def test_byte_char_round_trip(text: str) -> None:
    data = text.encode("utf-8")
    index = LineIndex(text)
    for offset in range(len(text) + 1):
        byte = len(text[:offset].encode("utf-8"))
        assert index.char_to_byte(offset) == byte
        assert char_to_byte(text, offset) == byte
        assert index.byte_to_char(byte) == offset
        assert byte_to_char(text, byte) == offset
        assert byte_to_char(data, byte) == offset


def test_byte_inside_a_multibyte_character_maps_to_it() -> None:
    text = "x😀y"  # bytes: x=0, 😀=1..4, y=5
    for byte in (2, 3, 4):
        assert byte_to_char(text, byte) == 1
        assert byte_to_char(text.encode(), byte) == 1
    assert byte_to_char(text, 5) == 2
    assert byte_to_char(text, 99) == len(text)


def test_tree_sitter_point_to_char() -> None:
    text = "é = 1\nx = '😀'; y = 2\n"
    index = LineIndex(text)
    # tree-sitter reports (row, byte column); 'y' sits at byte column 12 of line 1.
    assert len("x = '😀'; ".encode()) == 12
    assert index.byte_point_to_char(1, 12) == text.index("y")
    assert index.byte_point_to_char(0, 2) == 1  # after the two bytes of 'é'


def test_random_texts_against_brute_force() -> None:
    rng = random.Random(7)
    alphabet = "ab \t\r\n" + "é漢😀\U0001d518"
    for _ in range(40):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        index = LineIndex(text)
        for offset in range(len(text) + 1):
            assert index.position(offset) == _brute_position(text, offset)
            byte = len(text[:offset].encode("utf-8"))
            assert index.byte_to_char(byte) == offset


def test_line_index_is_cached_per_text() -> None:
    text = "cached\ntext"
    assert line_index(text) is line_index(text)


def test_an_index_kept_is_answered_for_its_text_and_an_old_one_is_let_go() -> None:
    """``keep_line_index`` makes an index built elsewhere the one ``line_index`` answers for
    an equal text (another ``str`` object); the cache stays bounded: an index not used for
    many texts is built again."""
    text = "kept\ntext\n"
    kept = LineIndex(text)
    keep_line_index(kept)
    assert line_index("".join(["kept\n", "text\n"])) is kept
    first = line_index("first\n")
    for n in range(40):
        line_index(f"other {n}\n")
    assert line_index("first\n") is not first  # the control: evicted, rebuilt
    assert line_index("first\n").position(3) == first.position(3)


def test_a_text_full_of_non_ascii_lines_converts_like_brute_force() -> None:
    """Every line non-ASCII (a CJK-documented module, an emoji table), CRLF or LF, with lone
    surrogates: byte, character and UTF-16 conversions agree with encoding the prefix."""
    rng = random.Random(18)
    for newline in ("\n", "\r\n"):
        lines = [
            "".join(rng.choice("a漢é😀\ud800 ") for _ in range(rng.randint(0, 9)))
            for _ in range(30)
        ]
        text = newline.join(lines)
        index = LineIndex(text)
        for offset in range(len(text) + 1):
            byte = len(text[:offset].encode("utf-8", "surrogatepass"))
            assert index.char_to_byte(offset) == byte
            assert index.byte_to_char(byte) == offset
            if text[offset - 1 : offset + 1] == "\r\n":
                continue  # between a CR and its LF: the end of the line (tested above)
            line = text.count(newline, 0, offset)
            start = 0 if not line else text.rindex(newline, 0, offset) + len(newline)
            units = len(text[start:offset].encode("utf-16-le", "surrogatepass")) // 2
            assert index.position(offset) == (line, units)
