"""Round 63 (session 35): moderngl-window's GLFW key callback documents "action:
``GLFW_PRESS``, ``GLFW_RELEASE`` or ``GLFW_REPEAT``" beside the ``ACTION_PRESS`` it compares
with, in a file that imports ``glfw``: 2 FALSE C1-PROSE-NAME-STALE rows still firing ("looks
like the constant `ACTION_PRESS` under its old name").  An ALL_CAPS name whose first word is a
library the file imports is that C library's constant, the value the binding hands over
(:func:`.names_local.bound_constant`).
Controls: the same docstring in a file that imports no ``glfw`` (another library), and a
name whose first word is no imported library, stay reported as renamed constants.  Google,
NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_CALLBACK = {
    "google": '''
{imports}


class Keys:
    ACTION_PRESS = 1
    ACTION_RELEASE = 0


def key_event(key: int, action: int) -> bool:
    """Key event callback.

    Args:
        key: The key that was pressed or released.
        action: ``{prefix}_PRESS`` or ``{prefix}_RELEASE``
    """
    return action == Keys.ACTION_PRESS and key > 0
''',
    "numpy": '''
{imports}


class Keys:
    ACTION_PRESS = 1
    ACTION_RELEASE = 0


def key_event(key: int, action: int) -> bool:
    """Key event callback.

    Parameters
    ----------
    key : int
        The key that was pressed or released.
    action : int
        ``{prefix}_PRESS`` or ``{prefix}_RELEASE``
    """
    return action == Keys.ACTION_PRESS and key > 0
''',
    "rest": '''
{imports}


class Keys:
    ACTION_PRESS = 1
    ACTION_RELEASE = 0


def key_event(key: int, action: int) -> bool:
    """Key event callback.

    :param key: The key that was pressed or released.
    :param action: ``{prefix}_PRESS`` or ``{prefix}_RELEASE``
    """
    return action == Keys.ACTION_PRESS and key > 0
''',
}


def _stale(tmp_path: Path, style: str, imports: str, prefix: str) -> list[str]:
    code = _CALLBACK[style].replace("{imports}", imports).replace("{prefix}", prefix)
    findings = project_findings(tmp_path, {"m.py": code}, "m.py")
    return [f.message for f in findings if f.rule == "C1-PROSE-NAME-STALE"]


@pytest.mark.parametrize("style", sorted(_CALLBACK))
@pytest.mark.parametrize(
    ("imports", "prefix"),
    [
        ("import glfw", "GLFW"),
        ("import pyglfw.native as glfw", "GLFW"),
        ("from sdl2 import video", "SDL2"),
    ],
    ids=["module", "alias", "from-import"],
)
def test_a_bound_librarys_constant_is_no_renamed_constant(
    tmp_path: Path, style: str, imports: str, prefix: str
) -> None:
    assert _stale(tmp_path, style, imports, prefix) == []


@pytest.mark.parametrize("style", sorted(_CALLBACK))
@pytest.mark.parametrize(
    ("imports", "prefix"),
    [("import sdl2", "GLFW"), ("import glfw", "BTN")],
    ids=["prefix-not-imported", "prefix-no-library"],
)
def test_a_prefix_no_import_binds_keeps_the_renamed_constant(
    tmp_path: Path, style: str, imports: str, prefix: str
) -> None:
    assert len(_stale(tmp_path, style, imports, prefix)) == 1
