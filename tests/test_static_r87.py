"""Rounds 87, 88 and 91 (sessions 33-34): FALSE shapes of the first passes, each beside the control
that must stay reported -- a heading line of card names and ``word:`` label paragraphs inside
pyNastran's NumPy Parameters read as entries, pwntools' ``Default: ...`` line at a Google
entry's indent, pyNastran's ``remap_x`` placeholder for the ``remap_*`` family and its bytes
default ``'<'`` documented for ``b'<'``, its bare result names in Returns and
its ``list[[independent, dependent]]``; pygeodesy's ``C{infinite}`` values."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings, project_findings


def _reported(tmp_path: Path, code: str, rule: str) -> list[str]:
    return [f.message for f in default_findings(tmp_path, code) if f.rule == rule]


def _unknown(tmp_path: Path, code: str) -> list[str]:
    return _reported(tmp_path, code, "C1-PARAM-UNKNOWN")


_HEADING = '''
def cross_reference(model, xref_type):
    """Cross links the card.

    Parameters
    ----------
    model : BDF()
        the BDF object
    xref_type : str
        {'Node', 'Point'}

    SPLINEx, ACMODL, PANEL, AECOMP, XYOUTPUT

    - nodes
      - SPLINEx (all nodes must exist)
    """
    return model, xref_type
'''


def test_a_line_of_names_between_blank_lines_is_a_heading(tmp_path: Path) -> None:
    assert _unknown(tmp_path, _HEADING) == []


def test_a_multi_name_entry_with_a_stale_name_stays_reported(tmp_path: Path) -> None:
    code = '''
def pair(xmin, xmax):
    """Bounds.

    Parameters
    ----------
    xmin, ymax : float
        the bounds
    """
    return xmin, xmax
'''
    assert any('"ymax"' in m for m in _unknown(tmp_path, code))
    # the same names-only line with a description under it is an entry, stale or not
    described = _HEADING.replace("XYOUTPUT\n", "XYOUTPUT\n        the cards\n")
    assert any('"XYOUTPUT"' in m for m in _unknown(tmp_path, described))


_LABEL = '''
def extract(bdf_filename, mpc_id=0):
    """Finds the isolated bodies.

    Parameters
    ----------
    bdf_filename : str
        the path to the file
    mpc_id : int; default=0
        the MPC set

    {label}
    """
    return bdf_filename, mpc_id
'''


def test_a_label_above_a_list_is_no_entry(tmp_path: Path) -> None:
    bullets = "Considers:\n     - elements\n     - rigid_elements"
    flush = "Algorithm:\n    - Set the Global Edge Table\n    - Set y to the smallest y"
    keyed = "rigid_elements:\n       loaded: RBE2, RBE3\n       missing: RBAR1"
    for label in (bullets, flush, keyed):
        assert _unknown(tmp_path, _LABEL.replace("{label}", label)) == [], label


def test_a_capitalised_label_above_the_entry_it_labels_is_no_entry(tmp_path: Path) -> None:
    code = '''
def sample(repetitions=None):
    """Sample the model.

    Parameters
    ----------
    Optional:
    repetitions: int
        maximum number of function evaluations
    """
    return repetitions
'''
    assert _unknown(tmp_path, code) == []


def test_a_stale_entry_written_name_colon_stays_reported(tmp_path: Path) -> None:
    """Controls: ``mpc:`` with a prose description is an entry, and so is a lower-case
    ``mpc:`` right above the next entry."""
    described = _LABEL.replace("{label}", "mpc:\n        the MPC set")
    assert any('"mpc"' in m for m in _unknown(tmp_path, described))
    above = _LABEL.replace("{label}", "mpc:\n    other : int\n        more")
    assert any('"mpc"' in m for m in _unknown(tmp_path, above))


_DEFAULT_LINE = '''
def interfaces(all=False):
    """The host's interfaces.

    Arguments:
      all (bool): Whether to include interfaces with no address.
      {line}
    """
    return all
'''


def test_a_default_line_at_a_google_entry_indent_is_its_description(tmp_path: Path) -> None:
    assert _unknown(tmp_path, _DEFAULT_LINE.replace("{line}", "Default: :const:`False`.")) == []


def test_a_stale_google_entry_after_it_stays_reported(tmp_path: Path) -> None:
    code = _DEFAULT_LINE.replace("{line}", "Default: False.\n      every (bool): Old name.")
    assert any('"every"' in m for m in _unknown(tmp_path, code))


_FAMILY = '''
def remap_cards(model, {params}):
    """Remap cards.

    Parameters
    ----------
    model : BDF()
        the BDF object
    {entry} : bool; default=True
        {text}
    """
    return model
'''


def _family(tmp_path: Path, params: str, entry: str, text: str) -> list[str]:
    code = _FAMILY.replace("{params}", params).replace("{entry}", entry)
    return _unknown(tmp_path, code.replace("{text}", text))


def test_a_quoted_one_letter_tail_stands_for_the_family(tmp_path: Path) -> None:
    family = "remap_nodes=True, remap_elements=True, remap_properties=True"
    assert _family(tmp_path, family, "remap_x", "'x' may be nodes, elements, properties") == []


def test_a_one_letter_tail_stays_reported_alone_or_unquoted(tmp_path: Path) -> None:
    """Controls: one parameter of the prefix; an axis letter the entry does not quote."""
    assert _family(tmp_path, "remap_nodes=True", "remap_x", "'x' may be nodes") != []
    axes = "pos_y=True, pos_z=True"
    assert _family(tmp_path, axes, "pos_x", "the x position") != []


_ENDIAN = '''
def write_op2(op2_outname, endian=b'<'):
    """Writes an OP2.

    Parameters
    ----------
    op2_outname : str
        the file name
    endian : bytes; default={doc}
        the byte order
    """
    return op2_outname, endian
'''


def test_a_bytes_default_written_without_its_prefix_is_the_same(tmp_path: Path) -> None:
    code = _ENDIAN.replace("{doc}", "'<'")
    assert _reported(tmp_path, code, "C2-DEFAULT-MISMATCH") == []


def test_another_byte_order_stays_reported(tmp_path: Path) -> None:
    code = _ENDIAN.replace("{doc}", "'>'")
    assert _reported(tmp_path, code, "C2-DEFAULT-MISMATCH") != []


def test_an_entry_whose_description_is_a_list_stays_an_entry(tmp_path: Path) -> None:
    """Controls: a stale ``fn:`` whose description opens with ``signature: ...`` above another
    entry (scqubits' ``func:``), and a stale ``kind :`` over a bullet list of its values
    (xgboost's ``predict_type :``), stay reported."""
    keyed = _LABEL.replace(
        "{label}", "fn:\n        signature: `fn(x)`, the callback\n    kwargs:\n        more"
    )
    assert any('"fn"' in m for m in _unknown(tmp_path, keyed))
    listed = _LABEL.replace("{label}", "kind :\n        * `value` values\n        * `margin` raw")
    assert any('"kind"' in m for m in _unknown(tmp_path, listed))


def test_a_section_heading_indented_into_parameters_stays_reported(tmp_path: Path) -> None:
    """Control (round 72's aws-lambda-powertools, judged TRUE): ``Returns:`` over a keyed
    line inside Parameters is the slip of a section heading, reported as such."""
    code = _LABEL.replace("{label}", "Returns:\n        dict: The validated event data.")
    assert any("Returns:" in m for m in _unknown(tmp_path, code))


_MOMENTS = '''
class Frobber:
    """A class in scope."""


def area_moi(model, rods):
    """Area moments.

    Parameters
    ----------
    model : Frobber
        the model object
    rods : list
        the rods

    Returns
    -------
    total_area
    Isum
    {name}
    """
    Isum = 1.0
    return 0.0, Isum, 2.0
'''


def test_a_result_name_beside_a_local_is_no_misspelt_class(tmp_path: Path) -> None:
    code = _MOMENTS.replace("{name}", "Jsum")
    assert _reported(tmp_path, code, "C1-DOCTYPE-UNRESOLVED") == []


def test_a_misspelt_class_in_returns_stays_reported(tmp_path: Path) -> None:
    code = _MOMENTS.replace("{name}", "Frobler")
    assert _reported(tmp_path, code, "C1-DOCTYPE-UNRESOLVED") != []


_PAIRS = '''
def mpc_node_ids(model: object, mpc_id: int) -> list[list[int]]:
    """The MPC node ids.

    Parameters
    ----------
    model : object
        the model
    mpc_id : int
        the MPC id

    Returns
    -------
    lines : {doc}
        independent : int
           the independent node id
        dependent : int
           the dependent node id
    """
    return [[mpc_id, 1]]
'''


def test_a_bracketed_pair_of_names_is_the_shape_of_the_items(tmp_path: Path) -> None:
    code = _PAIRS.replace("{doc}", "list[[independent, dependent]]")
    assert _reported(tmp_path, code, "C2-RETURN-TYPE") == []


def test_a_pair_of_other_types_or_another_container_stays_reported(tmp_path: Path) -> None:
    for doc in ("list[[str, str]]", "dict[int, int]"):
        code = _PAIRS.replace("{doc}", doc)
        assert _reported(tmp_path, code, "C2-RETURN-TYPE") != [], doc


_HYPOT = '''
from pkg.consts import isfinite


def hypot_(*xs):
    """Compute the norm, but exceptions, C{nan} and {word} values are
    handled differently.

    @arg xs: X arguments (C{scalar}s), all positional.
    """
    return sum(x * x for x in xs if isfinite(x))
'''


def _hypot_names(tmp_path: Path, word: str) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/consts.py": "from math import isfinite\n",
        "pkg/mod.py": _HYPOT.replace("{word}", word),
    }
    found = project_findings(tmp_path, files, "pkg/mod.py")
    return [f.message for f in found if f.rule == "C1-NAME-UNRESOLVED"]


def test_a_float_value_named_in_words_is_no_name(tmp_path: Path) -> None:
    """Round 88's pygeodesy: C{infinite} beside C{nan} is a kind of value, not a misspelt
    ``isfinite``."""
    assert _hypot_names(tmp_path, "C{infinite}") == []


def test_a_misspelt_function_beside_it_stays_reported(tmp_path: Path) -> None:
    assert _hypot_names(tmp_path, "C{isfinit}") != []


_GL = '''
{imports}

def linkProgramObjectARB(program):
    """Link a shader program."""
    return program


def useProgramObjectARB(program):
    """Use a program linked by :func:`linkProgramObjectARB` or `glLinkProgramObjectARB`.

    Parameters
    ----------
    program : int
        Handle of the program object.
    """
    return linkProgramObjectARB(program)
'''


def _gl_names(tmp_path: Path, imports: str) -> list[str]:
    code = _GL.replace("{imports}", imports)
    return [m for m in _reported(tmp_path, code, "C1-NAME-UNRESOLVED") if "gl" in m]


def test_the_bound_librarys_name_beside_its_wrapper_is_no_stale_name(tmp_path: Path) -> None:
    """Round 88's psychopy: ``glLinkProgramObjectARB`` is pyglet's GL function (the file
    imports ``pyglet.gl as GL``) that the module's ``linkProgramObjectARB`` wraps."""
    assert _gl_names(tmp_path, "import pyglet.gl as GL") == []


def test_the_prefixed_name_without_the_library_stays_reported(tmp_path: Path) -> None:
    assert _gl_names(tmp_path, "import os") != []
