"""Rounds 90 and 91 (session 35, f90): FALSE shapes the first passes left, each beside the
control that must stay reported -- taxcalc's ``none: void`` placeholder for "takes no
parameters"."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings, project_findings


def _reported(tmp_path: Path, code: str, rule: str) -> list[str]:
    return [f.message for f in default_findings(tmp_path, code) if f.rule == rule]


_VOID = '''
class IO:
    @staticmethod
    def show_definitions({params}):
        """Write definitions to stdout.

        Parameters
        ----------
        none: void

        Returns
        -------
        nothing: void
        """
        print("defs")

    def validate(self):
        """Validate the input.

        Parameters
        ----------
        none : void
        """
        return self
'''


def test_none_typed_void_on_a_function_without_parameters_is_no_entry(tmp_path: Path) -> None:
    assert _reported(tmp_path, _VOID.format(params=""), "C1-PARAM-UNKNOWN") == []


def test_none_typed_void_on_a_function_with_parameters_stays_reported(tmp_path: Path) -> None:
    # "takes none" over a function that takes ``width``: stale
    found = _reported(tmp_path, _VOID.format(params="width"), "C1-PARAM-UNKNOWN")
    assert 'documents parameter "none", but show_definitions() has no such parameter' in found
    # a typed ``none`` that is not a placeholder (a type of its own, or a description) stays
    code = '''
def show():
    """Show.

    Parameters
    ----------
    none : int
        How many to show.
    """
'''
    assert len(_reported(tmp_path, code, "C1-PARAM-UNKNOWN")) == 1


_REMOVAL_NOTE = '''
def pick_field(data, peak_radius=5):
    """Pick the first good object within the given field.

    Parameters
    ----------
    data : array-like
        Data array of the field.
    peak_radius : int
        Radius of the peak search.

    .. note:: {note}
    """
    return data, peak_radius
'''


def _names(tmp_path: Path, code: str) -> list[str]:
    return [
        f.message
        for f in default_findings(tmp_path, code)
        if f.rule in ("C1-NAME-UNRESOLVED", "C1-PROSE-NAME-STALE")
    ]


def test_a_name_said_removed_after_it_is_history(tmp_path: Path) -> None:
    note = "unused parameter `bright_radius` was removed in\n              release 4.0"
    assert _names(tmp_path, _REMOVAL_NOTE.format(note=note)) == []
    note = "``bright_radius`` has been dropped."
    assert _names(tmp_path, _REMOVAL_NOTE.format(note=note)) == []


def test_a_name_used_in_the_same_note_stays_reported(tmp_path: Path) -> None:
    note = "the parameter `bright_radius` sets the search radius."
    assert len(_names(tmp_path, _REMOVAL_NOTE.format(note=note))) == 1
    # "removed" said of something else after the name is no history of it
    note = "the parameter `bright_radius` sets which objects are removed."
    assert len(_names(tmp_path, _REMOVAL_NOTE.format(note=note))) == 1
    # the present tense tells what the code does, not the name's history
    note = "the parameter `bright_radius` is removed from ``kwargs`` before the call."
    assert len(_names(tmp_path, _REMOVAL_NOTE.format(note=note))) == 1


_ATTRIBUTION = '''
import numpy as np


def fit_hyperplane(points):
    """Fit a hyperplane to points."""
    return np.linalg.svd(points)


def estimate_tilt(points):
    """Return estimated tilts.

    This method is adapted from Aimo Winkelmann's function
    ``fit_plane()`` in the {package} Python package.
    """
    return fit_hyperplane(points)
'''


def _stale(tmp_path: Path, code: str) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/tilt.py": code}
    found = project_findings(tmp_path, files, "pkg/tilt.py")
    return [f.message for f in found if f.rule.startswith("C1-")]


def test_a_function_of_another_package_is_no_old_name(tmp_path: Path) -> None:
    assert _stale(tmp_path, _ATTRIBUTION.format(package="*xcdskd*")) == []


def test_a_function_of_this_package_or_called_here_stays_reported(tmp_path: Path) -> None:
    own = _stale(tmp_path / "own", _ATTRIBUTION.format(package="``pkg``"))
    assert len(own) == 1 and "`fit_hyperplane`" in own[0]
    called = _ATTRIBUTION.replace(
        "This method is adapted from Aimo Winkelmann's function\n    ``fit_plane()`` in the "
        "{package} Python package.",
        "Calls ``fit_plane()`` on the points.",
    )
    found = _stale(tmp_path / "called", called)
    assert len(found) == 1 and "`fit_hyperplane`" in found[0]


_VERBOSE = '''
def index(patterns, verbose: int):
    """Index patterns.

    Parameters
    ----------
    patterns
        Patterns.
    verbose
        Whether to print indexing information.{levels}
    """
    if verbose > 1:
        print(patterns)
    return patterns
'''


def _flags(tmp_path: Path, code: str) -> list[str]:
    return _reported(tmp_path, code, "C2-PROSE-PARAM-TYPE")


def test_whether_then_integer_levels_is_a_level(tmp_path: Path) -> None:
    levels = " 0 - no output, 1 -\n        timings, 2 - timings and the transform."
    assert _flags(tmp_path, _VERBOSE.format(levels=levels)) == []
    assert _flags(tmp_path, _VERBOSE.format(levels=" 0: quiet, 1: chatty.")) == []


def test_whether_alone_on_an_int_stays_reported(tmp_path: Path) -> None:
    assert len(_flags(tmp_path, _VERBOSE.format(levels=""))) == 1
    # one number is no list of levels: the flag claim stays
    assert len(_flags(tmp_path, _VERBOSE.format(levels=" Needs 0 - 5 s more."))) == 1


_TUPLE_ITEMS = '''
from typing import Any, Dict, Tuple


def muster(method: str, derint: int) -> Tuple[str, Dict[str, Any]]:
    """Converts the QC method into keywords.

    Args:
        method (str): Name of the QC method to use
        derint (int): Index of the run type
    Returns:
        (str): Task command{more}
    """
    return method, dict(d=derint)
'''


def test_google_returns_with_a_parenthesised_type_per_item_is_the_tuple(tmp_path: Path) -> None:
    more = "\n        (dict): Any options"
    assert _reported(tmp_path, _TUPLE_ITEMS.format(more=more), "C2-RETURN-TYPE") == []


def test_google_returns_with_a_bare_type_per_item_stays_the_tuple(tmp_path: Path) -> None:
    # the shape read before (round 16): ``Type: description`` lines, brackets in the type
    code = _TUPLE_ITEMS.replace("(str): Task command{more}", "str: Task command{more}")
    more = "\n        dict[str, Any]: Any options"
    assert _reported(tmp_path, code.format(more=more), "C2-RETURN-TYPE") == []


def test_google_returns_with_one_parenthesised_type_stays_reported(tmp_path: Path) -> None:
    found = _reported(tmp_path, _TUPLE_ITEMS.format(more=""), "C2-RETURN-TYPE")
    assert len(found) == 1 and '"(str)"' in found[0]
    # a second line that is prose, not a typed item, leaves the one type for the whole value
    more = "\n        (see the manual): the command"
    assert len(_reported(tmp_path, _TUPLE_ITEMS.format(more=more), "C2-RETURN-TYPE")) == 1


def _string_claims(tmp_path: Path, summary: str, returns: str) -> list[str]:
    code = f'''
def write(value: str) -> {returns}:
    """{summary}"""
    return value.encode()
'''
    return _reported(tmp_path, code, "C2-PROSE-RETURN-TYPE")


def test_a_protocols_string_told_apart_from_pythons_is_no_str(tmp_path: Path) -> None:
    said = "Returns the OSC string equivalent of the given python string."
    assert _string_claims(tmp_path, said, "bytes") == []


def test_pythons_string_or_a_plain_string_on_bytes_stays_reported(tmp_path: Path) -> None:
    said = "Returns the python string equivalent of the given OSC string."
    assert len(_string_claims(tmp_path / "a", said, "bytes")) == 1
    assert len(_string_claims(tmp_path / "b", "Returns the OSC string.", "bytes")) == 1


def test_a_string_parsed_into_a_mapping_is_the_mapping(tmp_path: Path) -> None:
    assert _string_claims(tmp_path, "Get the parsed query string.", "dict") == []


def test_a_string_not_parsed_or_parsed_into_a_list_stays_reported(tmp_path: Path) -> None:
    assert len(_string_claims(tmp_path / "a", "Get the query string.", "dict")) == 1
    assert len(_string_claims(tmp_path / "b", "Get the parsed query string.", "list")) == 1
