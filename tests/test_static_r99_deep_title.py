"""Round 99 (session 37, private): pyleecan writes a NumPy ``Returns`` title indented deeper
than its section-level underline, after the last parameter's description (``        Returns``
over ``    -------``); numpydoc strips both lines and reads a Returns section, so the returned
value's entry (``save_path: str``) is no parameter (5 DEB C1-PARAM-UNKNOWN) -- beside the
controls that stay reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings, static_input

_SAVE = '''
def get_path_save(self, output):
    """Return the path to save the FEMM simulation

    Parameters
    ----------
    self : MagFEMM
        a MagFEMM object
    {entry} : Output
        an Output object

        {title}
    {rule}
    save_path: str
        Path to save the FEMM simulation
    """
    return output.path
'''


def _code(entry: str = "output", title: str = "Returns", rule: str = "-------") -> str:
    return _SAVE.format(entry=entry, title=title, rule=rule)


def _unknown(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return sorted(f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN")


def test_a_title_deeper_than_its_underline_opens_the_section(tmp_path: Path) -> None:
    code = _code()
    assert _unknown(tmp_path, code) == []
    inp = static_input(tmp_path / "s", code, "get_path_save")
    kinds = {s.name: s.kind for s in inp.docstring.segments if s.name}
    assert kinds["save_path"] == "returns"
    assert kinds["output"] == "param"


def test_a_stale_entry_and_other_lines_stay_reported(tmp_path: Path) -> None:
    # a stale parameter entry above the deep title is still reported
    assert _unknown(tmp_path / "a", _code(entry="is_save")) == ["is_save"]
    # no section word (numpydoc's title is any word; docref's parser takes known titles only
    # when deeper than the rule), and a rule shorter than the title: no section
    assert _unknown(tmp_path / "b", _code(title="Details")) == ["save_path"]
    assert _unknown(tmp_path / "c", _code(rule="---")) == ["save_path"]
