"""Round 56 (session 25): the shapes of its first pass that were false alarms, each beside a
control of the same shape that stays reported, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import project_findings

# --- an example file name made of a module path and a data-file extension (nannyml's
# ``PickleFileWriter``: "The name of the pickle file will equal the fully qualified result
# class name with a `pkl` extension, e.g. `nannyml.drift.univariate.result.pkl`")

_RESULT = '''
class Result:
    """What a calculator returns."""
'''

_WRITER = {
    "numpy": '''
def write(path):
    """Write a result to disk.

    Parameters
    ----------
    path : str
        The directory to write in.  The file is named after the result's module with a
        `{ext}` extension, e.g. `pkg.result.{ext}`.
    """
    return path
''',
    "google": '''
def write(path):
    """Write a result to disk.

    Args:
        path (str): The directory to write in.  The file is named after the result's
            module with a `{ext}` extension, e.g. `pkg.result.{ext}`.
    """
    return path
''',
    "rest": '''
def write(path):
    """Write a result to disk.

    :param path: The directory to write in.  The file is named after the result's module
        with a `{ext}` extension, e.g. `pkg.result.{ext}`.
    """
    return path
''',
}

# data files a library writes (pickles, arrays, tables, checkpoints), beside the text and
# archive suffixes the name rules already read as file names
_DATA_SUFFIXES = ("pkl", "pickle", "npy", "npz", "h5", "hdf5", "parquet", "feather", "onnx")


def _name_findings(tmp_path: Path, writer: str) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/result.py": _RESULT, "pkg/io.py": writer}
    found = project_findings(tmp_path / str(len(list(tmp_path.iterdir()))), files, "pkg/io.py")
    return [f.message for f in found if f.rule.startswith("C1-")]


def test_a_module_path_with_a_data_file_extension_is_a_file_name(tmp_path: Path) -> None:
    for form, code in _WRITER.items():
        for ext in _DATA_SUFFIXES:
            assert _name_findings(tmp_path, code.replace("{ext}", ext)) == [], (form, ext)


def test_a_missing_member_of_the_same_module_path_stays_reported(tmp_path: Path) -> None:
    # the control: the same module path followed by a name that is no file suffix is a
    # reference to a member the module does not have
    for form, code in _WRITER.items():
        found = _name_findings(tmp_path, code.replace("{ext}", "pkl_name"))
        assert found == [
            "`pkg.result.pkl_name` names nothing: module `pkg.result` has no `pkl_name`"
        ], form
