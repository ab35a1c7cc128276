"""Round 94 (session 35, private held-out): FALSE shapes of the first pass, each beside the
control that must stay reported -- a code literal naming the quantity the sentence defines by
its value ("the ``offset_tolerance`` will equal ..."), a bare ``return`` line closing a NumPy
Parameters section (an unfinished Returns section, read as a parameter named ``return``) and
":return: No" (no return value, read as a documented one)."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_RETURN_STUB = '''
def remap_unit_indices(vector, old_ids, new_ids, keep_old_ids=None):
    """Remap the unit index field of a vector.

    Parameters
    ----------
    vector : list
        The vector.
    old_ids : list
        All old ids.
    new_ids : list
        All new ids.
    keep_old_ids : list | None, default: None
        Old ids to keep.
    return
    """
    return [new_ids[old_ids.index(v)] for v in vector]


def remap_unit_indices_control(vector, old_ids, new_ids):
    """Remap the unit index field of a vector.

    Parameters
    ----------
    vector : list
        The vector.
    old_ids : list
        All old ids.
    new_ids : list
        All new ids.
    returned : bool
        A parameter the function no longer takes.
    """
    return [new_ids[old_ids.index(v)] for v in vector]


def remap_described(vector):
    """Remap a vector.

    Parameters
    ----------
    vector : list
        The vector.
    return : list
        An entry with a type and a description is judged as one.
    """
    return list(vector)
'''

_RETURN_NO = '''
def convert(ulog_file_name: str, rosbag_name: str) -> None:
    """Convert a ULog file to a rosbag.

    :param ulog_file_name: The ULog filename to open and read
    :param rosbag_name: The rosbag filename to write
    :return: No
    """
    with open(ulog_file_name, "rb") as src, open(rosbag_name, "wb") as dst:
        dst.write(src.read())


def convert_control(ulog_file_name: str, rosbag_name: str) -> None:
    """Convert a ULog file to a rosbag.

    :param ulog_file_name: The ULog filename to open and read
    :param rosbag_name: The rosbag filename to write
    :return: the number of bytes written
    """
    with open(ulog_file_name, "rb") as src, open(rosbag_name, "wb") as dst:
        dst.write(src.read())


def convert_no_file(ulog_file_name: str) -> None:
    """Convert a ULog file.

    :param ulog_file_name: The ULog filename to open and read
    :return: No file is written when the log is empty, else the path
    """
    with open(ulog_file_name, "rb") as src:
        src.read()
'''


def _findings(tmp_path: Path, code: str, rule: str) -> list[tuple[str, str]]:
    return sorted(
        (f.qualname, f.message.split(",")[0])
        for f in default_findings(tmp_path, code)
        if f.rule == rule
    )


def test_a_bare_return_line_is_no_parameter_entry(tmp_path: Path) -> None:
    # round 94 (spikeinterface's ``remap_unit_indices_in_vector``): the last line ``return``
    # of the Parameters section starts a Returns section never written; ``return`` is a
    # keyword, no parameter.  Controls that stay reported: a stale entry ``returned``, and a
    # ``return`` entry with a type and a description (written as an entry, judged as one)
    assert _findings(tmp_path, _RETURN_STUB, "C1-PARAM-UNKNOWN") == [
        ("remap_described", 'documents parameter "return"'),
        ("remap_unit_indices_control", 'documents parameter "returned"'),
    ]


def test_a_lone_no_says_nothing_is_returned(tmp_path: Path) -> None:
    # round 94 (pyulog's ``convert_ulog2ros2bag``): ":return: No" means no return value.
    # Controls that stay reported: a described return value, and a sentence that merely
    # begins with "No" on a function that returns nothing
    assert _findings(tmp_path, _RETURN_NO, "C3-RETURNS-YIELDS") == [
        ("convert_control", "documents a return value"),
        ("convert_no_file", "documents a return value"),
    ]


_DERIVED = '''
def match_notes(ref_intervals, est_intervals, onset_tolerance=0.05, offset_ratio=0.2):
    """Match notes.

    Parameters
    ----------
    ref_intervals : list
        Reference intervals.
    est_intervals : list
        Estimated intervals.
    onset_tolerance : float
        The onset tolerance in seconds.
    offset_ratio : float
        The ratio of the reference note's duration used to define the
        offset_tolerance. Default is 0.2 (20%), meaning the
        ``offset_tolerance`` will equal the ``ref_duration * 0.2``.
    """
    offset_tolerances = [offset_ratio * (e - s) for s, e in ref_intervals]
    return [
        (r, e)
        for r, e, tol in zip(ref_intervals, est_intervals, offset_tolerances)
        if abs(r[0] - e[0]) < onset_tolerance
    ]


def match_onsets(ref_intervals, est_intervals, onset_tolerance=0.05):
    """Match onsets.

    Notes within ``onset_tolerence`` of a reference onset are matched, and the
    ``onset_tolerence`` equals 50 ms by default.
    """
    return [
        (r, e) for r, e in zip(ref_intervals, est_intervals) if abs(r[0] - e[0]) < onset_tolerance
    ]
'''


def test_a_literal_naming_the_quantity_the_sentence_defines(tmp_path: Path) -> None:
    # round 94 (mir_eval's ``match_notes``, 3 FALSE): "the ``offset_tolerance`` will equal the
    # ``ref_duration * 0.2``" defines a derived quantity (the code's ``offset_tolerances``).
    # Control that stays reported: a misspelt parameter, ``onset_tolerence``, that a
    # sentence only says something of ("equals 50 ms": no definition by value)
    found = _findings(tmp_path, _DERIVED, "C1-NAME-UNRESOLVED")
    assert [name for name, _message in found] == ["match_onsets"]
