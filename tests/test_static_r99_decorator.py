"""Round 99 (session 37, private): mirdata's loaders sit behind a project decorator whose wrapper
opens the ``str`` path a caller passes and calls the body with the open file in its place
(``func(f, *args, **kwargs)``); the entry documents the caller's ``str``, the annotation the
body's ``BinaryIO`` (3 FALSE C2-PARAM-TYPE) -- beside the controls that stay reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.types_rules import c2_param_weak

from tests.static_helpers import default_findings, project_findings, rule_ids

_COERCE = '''
import functools
from typing import Any, BinaryIO, Callable, Optional, Union


def coerce_to_bytes_io(func: Callable[..., Any]) -> Callable[..., Any]:
    """Open a path before calling the loader."""

    @functools.wraps(func)
    def wrapper(file_path_or_obj: Optional[Union[str, BinaryIO]], *args: Any, **kwargs: Any) -> Any:
        if isinstance(file_path_or_obj, str):
            with open(file_path_or_obj, "rb") as f:
                return func(f, *args, **kwargs)
        return func(file_path_or_obj, *args, **kwargs)

    return wrapper


@coerce_to_bytes_io
def load_audio(fhandle: BinaryIO) -> bytes:
    """Load an audio file.

    Args:
        fhandle (str): path to an audio file

    Returns:
        bytes: the audio data
    """
    return fhandle.read()
'''

# the same wrapper handing its own first argument on unchanged: no path is opened
_HANDED_ON = _COERCE.replace(
    '            with open(file_path_or_obj, "rb") as f:\n'
    "                return func(f, *args, **kwargs)\n",
    "            print(file_path_or_obj)\n",
)


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


def test_a_wrapper_replacing_its_first_argument_demotes_the_param_type(tmp_path: Path) -> None:
    assert _rules(tmp_path, _COERCE) == []
    # the opt-in C2-PARAM-TYPE-WEAK keeps it
    assert rule_ids(c2_param_weak, tmp_path, _COERCE, "load_audio") == ["C2-PARAM-TYPE-WEAK"]


def test_a_wrapper_handing_on_its_arguments_keeps_the_param_type(tmp_path: Path) -> None:
    assert "open(" not in _HANDED_ON
    assert _rules(tmp_path, _HANDED_ON) == ["C2-PARAM-TYPE"]
    # ``func(self, *args)`` from ``wrapper(self, *args)``: the same arguments
    method = _HANDED_ON.replace("file_path_or_obj", "self")
    assert _rules(tmp_path, method) == ["C2-PARAM-TYPE"]
    # and so does the undecorated function
    assert _rules(tmp_path, _COERCE.replace("@coerce_to_bytes_io\n", "")) == ["C2-PARAM-TYPE"]


def test_the_decorator_imported_from_another_module(tmp_path: Path) -> None:
    head, _, body = _COERCE.partition("@coerce_to_bytes_io\n")
    imports = "from typing import BinaryIO\nfrom io_utils import coerce_to_bytes_io\n\n\n"
    files = {"io_utils.py": head, "loaders.py": imports + "@coerce_to_bytes_io\n" + body}
    assert [f.rule for f in project_findings(tmp_path, files, "loaders.py")] == []
    plain = dict(files, **{"io_utils.py": _HANDED_ON.partition("@coerce_to_bytes_io\n")[0]})
    assert [f.rule for f in project_findings(tmp_path / "b", plain, "loaders.py")] == [
        "C2-PARAM-TYPE"
    ]
