"""C1-NAME-UNRESOLVED and names still used as code elsewhere in the project (session 18,
issue 12): a bare name with a did-you-mean that another file's code uses (a parameter, a
keyword argument, an imported library name) is that code's vocabulary far more often than a
stale name, and goes to the opt-in C1-PROSE-NAME-ELSEWHERE with a message saying where it is
used; the same name used nowhere else stays C1-NAME-UNRESOLVED's."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved, c1_prose_name_elsewhere
from docref.graph.code_names import code_identifiers, files_using
from docref.graph.extraction import extract

from tests.static_helpers import indexed_project, project_input

_WINDOW = '''
def smooth(values, colour):
    """Smooth the values.

    The line is drawn in ``color``.
    """
    return values, colour
'''

# another module whose code still speaks of ``color``: a parameter of its own
_OTHER = """
def spread(values, color="red"):
    return [v for v in values], color
"""

_UNRELATED = '''
def spread(values, shade="red"):
    """The ``color`` in this docstring is a word, not code."""
    text = "color"  # color in a comment neither
    return [v for v in values], text, shade
'''


def test_a_name_another_file_uses_as_code_is_demoted(tmp_path: Path) -> None:
    files = {"pkg/smooth.py": _WINDOW, "pkg/spread.py": _OTHER}
    inp = project_input(tmp_path, files, "pkg/smooth.py", "smooth")
    assert c1_name_unresolved(inp) == []
    [demoted] = c1_prose_name_elsewhere(inp)
    assert demoted.rule == "C1-PROSE-NAME-ELSEWHERE"
    assert demoted.message == (
        "`color` names nothing in scope but is still used as code in pkg/spread.py; "
        "did you mean `colour`?"
    )


def test_control_a_name_used_nowhere_else_stays_reported(tmp_path: Path) -> None:
    # the other file has the name only in a docstring, a string and a comment: no code
    files = {"pkg/smooth.py": _WINDOW, "pkg/spread.py": _UNRELATED}
    inp = project_input(tmp_path, files, "pkg/smooth.py", "smooth")
    [found] = c1_name_unresolved(inp)
    assert found.message == "`color` names nothing in scope; did you mean `colour`?"
    assert c1_prose_name_elsewhere(inp) == []


def test_control_alone_in_the_project(tmp_path: Path) -> None:
    inp = project_input(tmp_path, {"pkg/smooth.py": _WINDOW}, "pkg/smooth.py", "smooth")
    assert [f.rule for f in c1_name_unresolved(inp)] == ["C1-NAME-UNRESOLVED"]


def test_locals_attributes_and_imported_names_count_as_code(tmp_path: Path) -> None:
    caller = "import numpy as np\nfrom torch.nn.functional import grid_sample\n\n" + (
        "def run(a):\n    window_sizes = a.resample(3)\n    return np.zeros(1), grid_sample\n"
    )
    graph = indexed_project(tmp_path, {"caller.py": caller})
    assert files_using(graph, "window_sizes") == ["caller.py"]
    assert files_using(graph, "grid_sample") == ["caller.py"]
    assert files_using(graph, "zeros") == ["caller.py"]  # an imported module's attribute
    assert files_using(graph, "window") == []  # whole identifiers only


def test_a_file_that_does_not_parse_contributes_what_it_can(tmp_path: Path) -> None:
    broken = "def spread(values, color='red'):\n    return [v for v in values\n"
    files = {"pkg/smooth.py": _WINDOW, "pkg/broken.py": broken}
    graph = indexed_project(tmp_path, files)
    extract = graph.get("pkg/broken.py")
    assert extract is not None and extract.errors  # the parse error is reported
    assert "color" in code_identifiers(extract).split()
    inp = project_input(tmp_path / "again", files, "pkg/smooth.py", "smooth")
    assert c1_name_unresolved(inp) == []
    assert [f.rule for f in c1_prose_name_elsewhere(inp)] == ["C1-PROSE-NAME-ELSEWHERE"]


def test_the_table_follows_an_edit_of_another_file(tmp_path: Path) -> None:
    files = {"pkg/smooth.py": _WINDOW, "pkg/spread.py": _UNRELATED}
    graph = indexed_project(tmp_path, files)
    assert files_using(graph, "color") == []
    graph.update(str(tmp_path / "proj" / "pkg" / "spread.py"), _OTHER)
    assert files_using(graph, "color") == ["pkg/spread.py"]
    graph.update(str(tmp_path / "proj" / "pkg" / "spread.py"), _UNRELATED)
    assert files_using(graph, "color") == []


def test_the_answers_follow_new_removed_and_reindexed_files(tmp_path: Path) -> None:
    # the graph keeps each asked name's answer in step as files come and go (one file's work
    # per edit, not a read of every file's identifiers): a new file that uses the name, its
    # removal, and a re-index that starts over all give what a fresh question would
    files = {"pkg/smooth.py": _WINDOW, "pkg/spread.py": _UNRELATED}
    graph = indexed_project(tmp_path, files)
    assert files_using(graph, "color") == []
    assert files_using(graph, "values") == ["pkg/smooth.py", "pkg/spread.py"]
    added = tmp_path / "proj" / "pkg" / "paint.py"
    added.write_text(_OTHER.lstrip("\n"), encoding="utf-8")
    graph.update(str(added))
    assert files_using(graph, "color") == ["pkg/paint.py"]
    assert files_using(graph, "values") == ["pkg/paint.py", "pkg/smooth.py", "pkg/spread.py"]
    graph.remove(str(added))
    assert files_using(graph, "color") == []
    added.write_text(_OTHER.lstrip("\n"), encoding="utf-8")
    graph.index(workers=1)
    assert files_using(graph, "color") == ["pkg/paint.py"]


def test_attribute_names_spelt_to_getattr_and_kin_are_code_and_lookalikes_are_not() -> None:
    # the four builtins with a literal name (any quote, a prefix, a dotted or indexed object,
    # space and a line break before the name) name an attribute; a method of that name on
    # another object, a longer word ending in ``getattr``, a computed name do not
    source = (
        "def f(o, name):\n"
        '    a = getattr(o, "gotten", None)\n'
        "    setattr(o.inner, 'placed', 1)\n"
        '    b = hasattr(o.items[0],\n        r"probed")\n'
        '    delattr(o, u"dropped")\n'
        '    c = o.getattr(o, "method_arg")\n'
        '    d = mygetattr(o, "longer_word")\n'
        "    e = getattr(o, name)\n"
        "    return a, b, c, d, e\n"
    )
    data = source.encode("utf-8")
    ids = code_identifiers(extract("python", data, "pkg/attrs.py", "h"), data).split()
    assert {"gotten", "placed", "probed", "dropped"} <= set(ids)
    assert not {"method_arg", "longer_word"} & set(ids)
