"""Round 80 (session 31, public): three FALSE / DEB shapes of the first pass, each beside the
control that must stay reported -- uproot's ``context (dict): ... the remaining arguments
below`` followed by the context's keys, neomodel's ``:type list:`` written with the type in the
name slot, and distlib's bare :func:`urlretrieve` "in the standard library"."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_CONTEXT_KEYS = '''
def awkward_form(file, context{extra}):
    """
    Args:
        file (str): The file to read the streamers of.
        context (dict): Context for the Form-generation; {announce}
        index_format (str): Format to use for indexes of the Form.
        header (bool): If True, include header fields of each C++ class.{after}

    The Form to use to put objects of this type in an Awkward Array.
    """
    raise AssertionError
'''


def _unknown(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return sorted(f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN")


def _context(announce: str, extra: str = "", after: str = "") -> str:
    return _CONTEXT_KEYS.format(announce=announce, extra=extra, after=after)


def test_entries_after_a_parameter_announcing_its_keys_below_are_no_parameters(
    tmp_path: Path,
) -> None:
    code = _context("defaults are\n            the remaining arguments below.")
    assert _unknown(tmp_path, code) == []


def test_following_keys_announced_in_numpy_form_are_no_parameters(tmp_path: Path) -> None:
    code = '''
def configure(name, options):
    """Configure a thing.

    Parameters
    ----------
    name : str
        The thing's name.
    options : dict
        The settings, with the following keys:
    verbose : bool
        Whether to talk.
    retries : int
        How often to try.
    """
    return name, options
'''
    assert _unknown(tmp_path, code) == []


def test_entries_after_a_mapping_parameter_that_announces_nothing_stay_reported(
    tmp_path: Path,
) -> None:
    code = _context("a mapping of settings.")
    assert _unknown(tmp_path, code) == ["header", "index_format"]


def test_a_stale_entry_after_the_next_real_parameter_stays_reported(tmp_path: Path) -> None:
    after = "\n        strict (bool): Whether to fail.\n        old_name (int): Gone."
    code = _context("the keys listed\n            below.", extra=", strict=False", after=after)
    assert _unknown(tmp_path, code) == ["old_name"]


def test_keys_listed_inline_after_the_announcement_leave_later_entries_reported(
    tmp_path: Path,
) -> None:
    # pgmpy's "Must contain the following keys: B, gamma, ..." (round 27): the keys are listed
    # in the entry itself, so a later entry is a stale parameter (``fixed_params``)
    code = _context("must contain the following\n            keys: index_format, header.")
    assert _unknown(tmp_path, code) == ["header", "index_format"]


_TYPE_SLOT = '''
def resolve(result_list{annotation}):
    """
    Performs resolution on a set of results.

    :param result_list: A list of results as returned by the query.
    :type {written}:

    :return: A list of instantiated objects.
    """
    return result_list
'''


def test_type_field_with_the_type_in_its_name_slot_is_no_unknown_parameter(
    tmp_path: Path,
) -> None:
    assert _unknown(tmp_path, _TYPE_SLOT.format(annotation=": list", written="list")) == []
    typing_name = _TYPE_SLOT.format(annotation=": Any", written="Any")
    assert _unknown(tmp_path, "from typing import Any\n" + typing_name) == []


def test_empty_type_field_of_a_stale_name_stays_reported(tmp_path: Path) -> None:
    code = _TYPE_SLOT.format(annotation=": list", written="results")
    assert _unknown(tmp_path, code) == ["results"]


def test_type_field_with_a_body_for_a_type_named_name_stays_reported(tmp_path: Path) -> None:
    code = _TYPE_SLOT.format(annotation="", written="list: list")
    assert _unknown(tmp_path, code) == ["list"]


_STDLIB = '''
def download_file(url, destfile, reporthook=None):
    """
    The method is just like the :func:`urlretrieve` function{where}, except that
    it checks the downloaded data.

    :param url: The URL of the file to be downloaded.
    :param destfile: The pathname where the downloaded file is to be saved.
    :param reporthook: The same as for :func:`urlretrieve`{where}.
    """
    return url, destfile, reporthook
'''


def _xrefs(tmp_path: Path, where: str) -> list[str]:
    found = default_findings(tmp_path, _STDLIB.format(where=where))
    return [f.message for f in found if f.rule == "C1-XREF-UNRESOLVED"]


def test_bare_xref_said_to_be_in_the_standard_library_is_not_unresolved(
    tmp_path: Path,
) -> None:
    assert _xrefs(tmp_path, " in the standard library") == []


def test_bare_xref_without_the_standard_library_stays_reported(tmp_path: Path) -> None:
    assert len(_xrefs(tmp_path, " in this module")) == 2
