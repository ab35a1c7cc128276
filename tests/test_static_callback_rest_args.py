"""A ``*args`` entry after a callback's tuple elements documents the rest of that callback's call.

Round 69 (pyrogram's ``send_photo`` and 18 other methods, 19 FALSE): ``progress`` "must take
*(current, total)* as positional arguments", and ``Other Parameters:`` then documents the
callback's ``current``, ``total`` -- spared already as the tuple's elements -- and ``*args``
(the ``progress_args`` it is also called with).  C1-PARAM-UNKNOWN reported ``*args``, which the
method does not take.  reST has no section of its own for such entries (every ``:param:`` is in
one list beside the real parameters), so only the Google and NumPy forms apply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_SUMMARY = (
    "Send a file.\n\n"
    "The progress function must take {tuple_form} as positional arguments and is called\n"
    "after every chunk.\n"
)


def _function(style: str, tuple_form: str, names: tuple[str, ...]) -> str:
    """``send(chat_id, progress=None, progress_args=())`` documenting ``names`` apart."""
    if style == "google":
        entries = (
            "Args:\n    chat_id: The chat.\n    progress: The callback.\n"
            "    progress_args: Its extra arguments.\n\nOther Parameters:\n"
            + "".join(f"    {n}: One of the callback's arguments.\n" for n in names)
        )
    else:
        entries = (
            "Parameters\n----------\nchat_id : int\n    The chat.\nprogress : callable\n"
            "    The callback.\nprogress_args : tuple\n    Its extra arguments.\n\n"
            "Other Parameters\n----------------\n"
            + "".join(f"{n} : object\n    One of the callback's arguments.\n" for n in names)
        )
    text = _SUMMARY.format(tuple_form=tuple_form) + "\n" + entries
    doc = "\n".join(f"    {line}" if line else "" for line in text.splitlines())
    return f'''
def send(chat_id, progress=None, progress_args=()):
    """{doc.lstrip()}
    """
    if progress:
        progress(0, 1, *progress_args)
    return chat_id
'''


def _unknown(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.split('"')[1]
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PARAM-UNKNOWN"
    )


@pytest.mark.parametrize("style", ["google", "numpy"])
def test_varargs_after_a_callbacks_tuple_elements_is_that_callbacks(
    tmp_path: Path, style: str
) -> None:
    code = _function(style, "*(current, total)*", ("current", "total", "*args"))
    assert _unknown(tmp_path, code) == []


@pytest.mark.parametrize("style", ["google", "numpy"])
def test_varargs_after_entries_no_tuple_form_names_stays_reported(
    tmp_path: Path, style: str
) -> None:
    # control: no tuple form introduces ``current``/``total``: all three name nothing
    code = _function(style, "two numbers", ("current", "total", "*args"))
    assert _unknown(tmp_path, code) == ["*args", "current", "total"]


@pytest.mark.parametrize("style", ["google", "numpy"])
def test_varargs_alone_in_its_section_stays_reported(tmp_path: Path, style: str) -> None:
    # control: nothing above it in the section is a callback's argument
    code = _function(style, "*(current, total)*", ("*args",))
    assert _unknown(tmp_path, code) == ["*args"]


@pytest.mark.parametrize("style", ["google", "numpy"])
@pytest.mark.parametrize(
    ("tuple_form", "expected"),
    [
        ("*(current)*", []),  # pyrogram's DisconnectHandler: "takes *(client)*" (round 69)
        ("(current)", ["current"]),  # control: a bare parenthesis is any remark
        ("*current*", ["current"]),  # control: emphasis without the parentheses
    ],
)
def test_one_name_in_emphasised_parentheses_is_the_callbacks_argument(
    tmp_path: Path, style: str, tuple_form: str, expected: list[str]
) -> None:
    code = _function(style, tuple_form, ("current",))
    assert _unknown(tmp_path, code) == expected
