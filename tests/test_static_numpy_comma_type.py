"""Round 57 (session 26): a NumPy entry with a comma for the colon before a builtin type.

pyfar's ``crop_noise_tail, bool, optional`` is the entry of ``crop_noise_tail`` typed
``bool, optional``; no parameter is named ``bool``.  Controls: a names-only list (``a, b``) is
still two names (a stale one reported), and a stale name before the builtin type stays
reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.segments.heads import numpy_named

from tests.static_helpers import default_findings

_CODE = '''
def crop(data, {param}=False):
    """Crop the data.

    Parameters
    ----------
    data : list
        the samples
    {entry}
        whether to crop the tail
    """
    return data[:-1] if {param} else data
'''


def _unknown(tmp_path: Path, param: str, entry: str) -> list[str]:
    found = default_findings(tmp_path, _CODE.format(param=param, entry=entry))
    return [f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN"]


@pytest.mark.parametrize(
    "entry", ["crop_tail, bool, optional", "crop_tail, bool", "crop_tail, int, Optional"]
)
def test_builtin_type_after_a_comma_is_the_entrys_type(tmp_path: Path, entry: str) -> None:
    assert _unknown(tmp_path, "crop_tail", entry) == []


def test_names_only_list_stays_names(tmp_path: Path) -> None:
    assert _unknown(tmp_path, "crop_tail", "crop_tail, trim") == ["trim"]


def test_list_of_types_is_no_name_with_a_type() -> None:
    # sympy's ``Point3D, Line3D, Plane, tuple, list`` (round 8, FALSE when read as names): the
    # types an argument may have, left whole to the list-of-types reading
    head = numpy_named("Point3D, Line3D, Plane, tuple, list")
    assert head is not None and head.type is None
