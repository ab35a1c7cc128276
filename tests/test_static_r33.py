"""Static rules: mechanism gaps behind round 33's false alarms (session 20's public tuning
round: fpdf2, python-pptx, jupyter-client), each with a control of the same shape that stays
reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import flagged

_RECT_GOOGLE = '''
def rect(x: float, style: str = "D") -> None:
    """Outputs a rectangle.

    Args:
        x (float): Abscissa.
        style (str): Optional style of rendering. Possible values are:

        * `D` or None: draw border. This is the default value.
        * `F`: fill
        * `DF` or `FD`: draw and fill
        AFTER
    """
    return None
'''

_RECT_NUMPY = '''
def rect(x: float, style: str = "D") -> None:
    """Outputs a rectangle.

    Parameters
    ----------
    x : float
        Abscissa.
    style : str
        Optional style of rendering. Possible values are:

    * `D` or None: draw border. This is the default value.
    * `F`: fill
    """
    return None
'''

_RECT_REST = '''
def rect(x: float, style: str = "D") -> None:
    """Outputs a rectangle.

    :param x: Abscissa.
    :param style: Optional style of rendering. Possible values are:

    * `D` or None: draw border. This is the default value.
    * `F`: fill
    """
    return None
'''

_BULLET_ENTRIES = '''
def rect(x: float, style: str = "D") -> None:
    """Outputs a rectangle.

    Args:
        - x (float): Abscissa.

        The style is one of the following.

        - styles (str): the old name of style.
    """
    return None
'''


@pytest.mark.parametrize(
    ("source", "reported"),
    [
        # round 33 (fpdf2's ``FPDF.rect`` and seven siblings): a bullet list of one entry's
        # values after a blank line, at the entries' indent, whose first item is no entry
        # head: ``* `F`: fill`` is a value of ``style``, not an entry ``F``
        (_RECT_GOOGLE.replace("AFTER", ""), []),
        (_RECT_NUMPY, []),
        (_RECT_REST, []),
        # controls: a stale entry after the values, and a stale name among entries that are
        # all bullets (prose between them), stay reported
        (_RECT_GOOGLE.replace("AFTER", "colour (str): the fill colour."), ["colour"]),
        (_BULLET_ENTRIES, ["styles"]),
    ],
)
def test_a_value_list_below_an_entry_after_a_blank_is_no_entry(
    tmp_path: Path, source: str, reported: list[str]
) -> None:
    found = flagged(c1_param_unknown, tmp_path, source, "rect")
    assert [f.message.split('"')[1] for f in found] == reported


_WRITERS = '''
class _ZipPkgWriter:
    pass


def factory(pkg_file):
    """Return a writer.

    Currently the only subtype is `_ZipPkgWriter`, but a `_DirPkgWriter` VERB
    or even a `_StreamPkgWriter`.
    """
    return _ZipPkgWriter()
'''


@pytest.mark.parametrize(
    ("verb", "reported"),
    [
        # round 33 (python-pptx's ``_PhysPkgWriter.factory``): a class that "could be
        # implemented" is imagined, no stale name
        ("could be implemented", []),
        ("might later be added", []),
        # control: a class the sentence says exists (or "can be" used) stays reported
        ("can be passed", ["`_DirPkgWriter`"]),
        ("writes to a folder", ["`_DirPkgWriter`"]),
    ],
)
def test_a_name_the_sentence_only_imagines(tmp_path: Path, verb: str, reported: list[str]) -> None:
    found = flagged(c1_name_unresolved, tmp_path, _WRITERS.replace("VERB", verb), "factory")
    assert [f.message.split(" ")[0] for f in found] == reported


_CELL = '''
from typing import Literal


def cell(text: str = "", ANNOTATED) -> bool:
    """Prints a cell.

    Args:
        text (str): String to print.
        ln (int): Line break mode: use `new_x` and `new_y` instead.
    """
    return bool(text)
'''
# (fpdf2's entry says "**DEPRECATED since 2.5.1**", which alone moves the finding to the opt-in
# C2-PARAM-TYPE-WEAK since session 22: the entry here leaves the word out, so that only the
# annotation decides)


@pytest.mark.parametrize(
    ("annotated", "reported"),
    [
        # round 33 (fpdf2's ``FPDF.cell``/``multi_cell``): an annotation admitting its default
        # alone types the marker of a deprecated parameter, not what old callers pass
        ('ln: Literal["DEPRECATED"] = "DEPRECATED"', []),
        # controls: a Literal of more values, or of another value than the default, and a
        # plain annotation stay reported
        ('ln: Literal["DEPRECATED", "OFF"] = "DEPRECATED"', ["ln"]),
        ('ln: Literal["OFF"] = "DEPRECATED"', ["ln"]),
        ('ln: str = "DEPRECATED"', ["ln"]),
    ],
)
def test_an_annotation_admitting_its_default_alone(
    tmp_path: Path, annotated: str, reported: list[str]
) -> None:
    found = flagged(c2_param_type, tmp_path, _CELL.replace("ANNOTATED", annotated), "cell")
    assert [f.message.split(" ")[1] for f in found] == reported
