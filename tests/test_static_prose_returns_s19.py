"""C2-PROSE-RETURN-TYPE, session 19: what is no return claim -- "Get X and print it", a property
setter repeating the getter's docstring -- each beside the consistent claim that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import flagged as findings


def _flagged(tmp_path: Path, code: str, qualname: str, filename: str = "m.py") -> list[str]:
    return [
        f.text for f in findings(c2_prose_return_type, tmp_path, code, qualname, filename=filename)
    ]


_GET = '''
class C:
    def f(self) -> None:
        """{summary}

        {rest}
        """
        print(self)
'''


@pytest.mark.parametrize(
    ("summary", "flagged"),
    [
        # round 28 (traitlets ``class_print_help``): what it gets, it prints
        ("Get the help string for a single trait and print it.", False),
        ("Gets the help string for a single trait and then prints it.", False),
        # controls: a plain "Get", a "Return ... and print it", and "and return it" claim it
        ("Get the help string for a single trait.", True),
        ("Return the help string for a single trait and print it.", True),
        ("Get the help string for a single trait and return it.", True),
    ],
)
@pytest.mark.parametrize(
    "rest",
    ["Args:\n            None.", ":param x: nothing", "Notes\n        -----\n        None."],
    ids=["google", "rest", "numpy"],
)
def test_a_value_the_summary_gets_and_uses_is_no_return_claim(
    tmp_path: Path, summary: str, flagged: bool, rest: str
) -> None:
    code = _GET.format(summary=summary, rest=rest)
    assert bool(_flagged(tmp_path, code, "C.f")) is flagged


_JAVA = """\
package p;

public class C {{
    /**
     * {summary}
     */
    public int m() {{
        return 0;
    }}
}}
"""


@pytest.mark.parametrize(
    ("summary", "flagged"),
    [
        ("Gets the help string of the trait and prints it.", False),
        ("Gets the help string of the trait.", True),  # control
    ],
)
def test_javadoc_gets_and_uses(tmp_path: Path, summary: str, flagged: bool) -> None:
    code = _JAVA.format(summary=summary)
    assert bool(_flagged(tmp_path, code, "C.m", "C.java")) is flagged


_SETTER = '''
class C:
    @property
    def setup_executed(self) -> bool:
        return self._done  # undocumented here, so the helper picks the setter's docstring

    @setup_executed.{accessor}
    def setup_executed(self, value: bool = False) -> None:
        """{doc}"""
        self._done = value

    def mark(self, value: bool) -> None:
        """{doc}"""
        self._done = value
'''


@pytest.mark.parametrize("accessor", ["setter", "deleter"])
@pytest.mark.parametrize(
    "doc",
    [
        "True if setup has been executed, otherwise False.",
        "Mark the setup.\n\n        :returns: True if setup has been executed.",
        "Mark the setup.\n\n        Returns:\n            True if setup has been executed.",
    ],
    ids=["summary", "rest", "google"],
)
def test_a_property_setter_describes_the_property(tmp_path: Path, accessor: str, doc: str) -> None:
    # round 28 (ansible-test ``CloudBase.setup_executed``): the setter repeats the getter's
    # docstring; the control, a plain method with the same docstring, stays reported
    code = _SETTER.format(accessor=accessor, doc=doc)
    assert _flagged(tmp_path, code, "C.setup_executed") == []
    assert len(_flagged(tmp_path, code, "C.mark")) == 1


@pytest.mark.parametrize(
    ("doc", "ret", "flagged"),
    [
        # round 14 (pyvista ``_runtime_error_message``): the events written out in one string
        ("List of VTK error events formatted as runtime errors.", "str", False),
        ("Return the list of names, joined by commas.", "str", False),
        # controls: no such words, or text said of something that is no text
        ("List of VTK error events.", "str", True),
        ("List of VTK error events formatted as runtime errors.", "int", True),
    ],
)
def test_items_written_out_as_text(tmp_path: Path, doc: str, ret: str, flagged: bool) -> None:
    code = f'''
def f() -> {ret}:
    """{doc}"""
    return {ret}()
'''
    assert bool(_flagged(tmp_path, code, "f")) is flagged
