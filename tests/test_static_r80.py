"""Round 80 (session 31, public): three FALSE / DEB shapes of the first pass, each beside the
control that must stay reported -- uproot's ``context (dict): ... the remaining arguments
below`` followed by the context's keys, neomodel's ``:type list:`` written with the type in the
name slot, and pygal's ``pygal.maps.name`` with the parameter ``name`` as a placeholder."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.runner import check_file, rules_for

from tests.static_helpers import default_findings, indexed_project

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


_PLUGIN = '''
import sys

from pkg import maps


class PluginImportFixer:
    def load_module(self, {param}):
        """
        Load the {shown} module from the previously loaded plugin.
        """
        if {param} not in sys.modules:
            sys.modules[{param}] = getattr(maps, {param}.split('.')[2])
        return sys.modules[{param}]
'''


def _unresolved(tmp_path: Path, param: str, shown: str = "``pkg.maps.name``") -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/maps/__init__.py": "WORLD = 1\n",
        "pkg/plugin.py": _PLUGIN.format(param=param, shown=shown),
    }
    graph = indexed_project(tmp_path, files, root="ws", cache="cache")
    found = check_file(graph, "pkg/plugin.py", rules_for(())).findings
    return [f.message for f in found if f.rule in ("C1-NAME-UNRESOLVED", "C1-XREF-UNRESOLVED")]


def test_dotted_path_ending_in_a_parameter_is_a_placeholder(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, "name") == []


def test_dotted_path_ending_in_no_parameter_stays_reported(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, "fullname") != []


def test_cross_reference_ending_in_a_parameter_stays_reported(tmp_path: Path) -> None:
    # xclim's ":py:mod:`xclim.locale`" beside a ``locale`` parameter: a dead module target
    assert _unresolved(tmp_path, "name", shown=":py:mod:`pkg.maps.name`") != []


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
