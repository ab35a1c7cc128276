"""Session 29 (weak29): a name part made up for an explanation -- aiogram's "UNSET might be
passed to a model from `Bot.method_name`" (round 67: any Bot API method), satpy's
``self._my_attr`` (round 59: ``my_`` behind an underscore) -- stands for any member, not a
stale one; a real word in its place stays reported, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved

from tests.static_helpers import DOC_STYLES, documented_function, rule_ids

_BOT = """
class Bot:
    def send_message(self, text):
        return text

    def send_photo(self, photo):
        return photo


"""


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The values passed from `Bot.method_name`.", []),
        ("The values passed from `Bot.function_name`.", []),
        ("The values passed from `Bot.my_method`.", []),
        ("The values passed from `Bot._my_method`.", []),
        ("The values passed from `Bot.attr_name`.", []),
        ("The values passed from `Bot.send_video`.", ["C1-NAME-UNRESOLVED"]),
        ("The values passed from `Bot.method_names`.", ["C1-NAME-UNRESOLVED"]),
        ("The values passed from `Bot.name`.", ["C1-NAME-UNRESOLVED"]),
        ("The values passed from `Bot.photo_name`.", ["C1-NAME-UNRESOLVED"]),
        ("The values passed from `Bot._method`.", ["C1-NAME-UNRESOLVED"]),
    ],
)
def test_a_generic_placeholder_after_a_class_is_any_member(
    tmp_path: Path, style: str, text: str, expected: list[str]
) -> None:
    code = _BOT + documented_function(style, "f(values)", [("values", "dict", text)])
    assert rule_ids(c1_name_unresolved, tmp_path, code) == expected
