"""C1-NAME-UNRESOLVED, session 19 (issue 12): where a name is read from prose, each fix beside
a control that stays reported.  Tuned on the public rounds 27 and 28 (rasterio, ansible)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings


def _unresolved(tmp_path: Path, files: dict[str, str], path: str) -> list[str]:
    """The names C1-NAME-UNRESOLVED flags in file ``path`` of the project ``files``."""
    findings = project_findings(tmp_path, files, path)
    return [f.message.split("`")[1] for f in findings if f.rule == "C1-NAME-UNRESOLVED"]


# ---- a reST escape inside a dotted name (rasterio's ``rasterio.bool\_``, round 27) ---------

PACKAGE = "bool_ = 1\nuint8 = 2\n"

SHAPES = '''
import rast


def shapes(source, mask=None):
    r"""Get shapes of connected regions.

    Parameters
    ----------
    source : array
        The data.
    mask : array, optional
        Must evaluate to bool ({name} or rast.uint8).
    """
    return source, mask
'''


def test_an_escaped_underscore_ends_the_name(tmp_path: Path) -> None:
    files = {"rast/__init__.py": PACKAGE, "rast/features.py": SHAPES.format(name=r"rast.bool\_")}
    assert _unresolved(tmp_path, files, "rast/features.py") == []


@pytest.mark.parametrize(
    ("written", "read"), [(r"rast.boool\_", "rast.boool_"), ("rast.boool", "rast.boool")]
)
def test_a_missing_name_with_or_without_the_escape_stays_reported(
    tmp_path: Path, written: str, read: str
) -> None:
    files = {"rast/__init__.py": PACKAGE, "rast/features.py": SHAPES.format(name=written)}
    assert _unresolved(tmp_path, files, "rast/features.py") == [read]


# ---- module-scope ``vars()`` (ansible's config constants, round 28) -------------------------

CONSTANTS = """
DEFINITIONS = {"GALAXY_SERVER": "https://galaxy"}


def set_constant(name, value, export=vars()):
    export[name] = value


for setting, value in DEFINITIONS.items():
    set_constant(setting + "_LIST", [value])
"""

LOCAL_VARS = """
DEFINITIONS = {"GALAXY_SERVER": "https://galaxy"}


def settings(name):
    return vars().get(name)
"""

GALAXY = '''
from cfg import constants as C


def servers():
    """The servers listed in ``C.GALAXY_SERVER_LIST``.

    Returns:
        The list.
    """
    return C.DEFINITIONS
'''


def test_a_module_filling_its_namespace_through_vars(tmp_path: Path) -> None:
    files = {"cfg/__init__.py": "", "cfg/constants.py": CONSTANTS, "cfg/galaxy.py": GALAXY}
    assert _unresolved(tmp_path, files, "cfg/galaxy.py") == []


def test_vars_of_a_function_creates_no_module_name(tmp_path: Path) -> None:
    files = {"cfg/__init__.py": "", "cfg/constants.py": LOCAL_VARS, "cfg/galaxy.py": GALAXY}
    assert _unresolved(tmp_path, files, "cfg/galaxy.py") == ["C.GALAXY_SERVER_LIST"]


# ---- one element of a collection the same sentence names (pydicom, round 24) ---------------

ENCODERS = '''
def encode_string(value, encodings, custom_encoders=None):
    """Encode a unicode string.

    {sentence}

    Args:
        value: The string.
        encodings: The encodings to try.
        custom_encoders: Encoders by encoding name.
    """
    return value, encodings, custom_encoders
'''


def test_an_element_of_a_collection_the_sentence_names(tmp_path: Path) -> None:
    sentence = "If given encoding is in `custom_encoders`, use a corresponding `custom_encoder`."
    files = {"enc.py": ENCODERS.format(sentence=sentence)}
    assert _unresolved(tmp_path, files, "enc.py") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Use a corresponding `custom_encoder`.",  # the singular alone in its sentence
        # the plural named in another sentence only
        "Look in `custom_encoders` first. Then use the `custom_encoder`.",
    ],
)
def test_a_singular_alone_in_its_sentence_stays_reported(tmp_path: Path, sentence: str) -> None:
    files = {"enc.py": ENCODERS.format(sentence=sentence)}
    assert _unresolved(tmp_path, files, "enc.py") == ["custom_encoder"]
