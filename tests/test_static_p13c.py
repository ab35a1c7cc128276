"""Static rules: mechanism gaps behind held-out round 16's false alarms on names a docstring
accounts for itself (cirq, distro, gensim, slack-sdk, scikit-bio), each with a control of the
same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.params import c1_param_unknown

from tests.static_helpers import flagged


def _names(tmp_path: Path, code: str, qualname: str = "f") -> list[str]:
    """The names C1-NAME-UNRESOLVED reports in ``code``'s function ``qualname``."""
    found = flagged(c1_name_unresolved, tmp_path, code, qualname)
    return [f.message.split("`")[1] for f in found]


_OBJECT = '''
def apply(val, args):
    """Apply ``val``.

    Construct ARTICLE ApplyUnitaryArgs object `uargs` from `args` and then try
    `apply_unitary(val, uargs, None)`.
    """
    return val, args
'''


@pytest.mark.parametrize(("article", "reported"), [("an", False), ("the", True)])
def test_a_name_the_sentence_gives_an_object(tmp_path: Path, article: str, reported: bool) -> None:
    # round 16 (cirq's apply_mixture, R16-15): "an X object `uargs`" names a new value; "the
    # X object `uargs`" refers to one the code has, which may have been renamed (``args``)
    found = _names(tmp_path, _OBJECT.replace("ARTICLE", article), "apply")
    assert ("uargs" in found) is reported


_TUPLE = '''
def id():
    return "debian"


def distribution(full=True):
    """Return information about the current OS distribution as LEAD
    with items as follows:

    * ``id_name``: the distribution's id or name.
    * ``version``: its version.
    """
    return id(), full
'''


@pytest.mark.parametrize(
    ("lead", "reported"),
    [
        ("a tuple ``(id_name, version, codename)``", False),
        ("the value of ``(id_name, version, codename)``", False),
        ("the value of ``info(id_name, version, codename)``", True),
    ],
)
def test_the_items_of_a_tuple_the_docstring_spells_out(
    tmp_path: Path, lead: str, reported: bool
) -> None:
    # round 16 (distro's linux_distribution, R16-22): the items of "a tuple ``(a, b, c)``"
    # are the names the docstring then describes; so are those of a bare display in code
    # markup (session 33: every judged name in one, 33 rows over rounds 0-84, was FALSE --
    # optiland's ``(anchor, axial_anchor, ...)``, tensorflow-probability's ``(loc0, scale0)``);
    # the arguments of a call in the markup stay code the docstring refers to (``id_name`` one
    # typo from ``id``)
    found = _names(tmp_path, _TUPLE.replace("LEAD", lead), "distribution")
    assert ("id_name" in " ".join(found)) is reported


_PLURAL = '''
def sweeps(symbolized_circuit, resolved_circuits):
    """Return the sweeps.

    Raises:
        ValueError: Structural mismatch: ARTICLE `resolved_circuit` contains an unexpected gate.
    """
    return symbolized_circuit, resolved_circuits
'''


@pytest.mark.parametrize(
    ("article", "reported"), [("A", False), ("Each", False), ("The", True), ("A", True)]
)
def test_one_item_of_a_plural_parameter(tmp_path: Path, article: str, reported: bool) -> None:
    # round 16 (cirq's _calc_phxz_sweeps, R16-23): "a `resolved_circuit`" is one item of the
    # parameter ``resolved_circuits``; "the `resolved_circuit`" names a variable, a stale one;
    # and the second "A" control: a name that is not the singular (``resolved_circuitz``)
    code = _PLURAL.replace("ARTICLE", article)
    if reported and article == "A":
        code = code.replace("`resolved_circuit`", "`resolved_circuitz`")
    assert bool(_names(tmp_path, code, "sweeps")) is reported


_LOOP = '''
def precompute(wglobal, dfs, total_docs):
    """Precompute the idfs.

    dfs : dict
        Dictionary mapping `term_id` into how many documents have it.
    """
    BODY
'''


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        ("return {termid: wglobal(df, total_docs) for termid, df in dfs.items()}", False),
        ("for termid in dfs:\n        wglobal(termid, total_docs)", False),
        # a lambda's parameter beside the loop is a placeholder too
        ("f = lambda termid: termid\n    return [f(termid) for termid in dfs]", False),
        # controls: a local assigned in the body, and a parameter, are names of this code
        ("termid = dfs.get(0)\n    return wglobal(termid, total_docs)", True),
        # ... assigned in a tuple beside the loop, or bound by ``with ... as``, ``:=``
        ("termid, n = -1, 0\n    for termid in dfs:\n        n += 1\n    return termid", True),
        ("with dfs as termid:\n        return [t for termid in termid for t in termid]", True),
        ("if (termid := dfs.get(0)):\n        return [termid for termid in dfs]", True),
        # a ``for ... in`` in a comment or a string binds nothing
        ("termid, n = dfs.popitem()  # for termid in dfs\n    return termid, n", True),
        ("termid, n = dfs.popitem()\n    return 'for termid in dfs', termid, n", True),
    ],
)
def test_a_did_you_mean_that_is_only_a_loop_variable(
    tmp_path: Path, body: str, reported: bool
) -> None:
    # round 16 (gensim's precompute_idfs, R16-6): ``term_id`` one typo from a comprehension's
    # ``termid``: two placeholders of the same data, no sign that the prose names code
    found = _names(tmp_path, _LOOP.replace("BODY", body), "precompute")
    assert ("term_id" in found) is reported


def test_a_parameter_one_typo_away_stays_reported(tmp_path: Path) -> None:
    # control for the loop variable: a typo of a parameter (gensim's ``chuck`` for ``chunk``)
    code = _LOOP.replace("BODY", "return [d for d in dfs]").replace("`term_id`", "`total_doc`")
    assert _names(tmp_path, code, "precompute") == ["total_doc"]


_USAGE = '''
def _doc(): ...


def alternative(*, requires, implementation):
    """A decorator indicating an abstract method with an alternative.

    Usage:
        class Parent(Base):
            @alternative(requires='do_b', implementation=_default_do_a)
            def do_a(self):
                pass

            # Abstract or concrete methods `do_b` and `do_c`:
            ...

    Arguments:
        requires: The name of a method that `implementation` needs.
        implementation: A function that uses `requirez`.
    """
    return requires, implementation
'''


def test_code_in_a_google_usage_block(tmp_path: Path) -> None:
    # round 16 (cirq's abc_alt.alternative, R16-24): a Google ``Usage:`` section of code
    # without ``::`` is example code (napoleon renders it literally): its names are the
    # example's; the Arguments prose after it (``requirez``, a typo) is still read
    assert _names(tmp_path, _USAGE, "alternative") == ["requirez"]


def test_a_usage_section_of_prose_is_read(tmp_path: Path) -> None:
    # control: a Usage section of sentences is prose
    code = _USAGE.replace(
        _USAGE[_USAGE.index("        class Parent") : _USAGE.index("    Arguments:")],
        "        Call it with `requirez` set to a method name.\n\n",
    )
    assert _names(tmp_path, code, "alternative") == ["requirez", "requirez"]


_OUTPUT = '''
class Client:
    def __init__(self):
        self._ready = None
        self._stopped = False

    def stop(self):
        """Close the connection.

        If your application outputs the following errors, call async_stop() instead.

        LINE
          coroutine 'Response.close' was never awaited self._readi.clear()
        """
        self._stopped = True
'''


@pytest.mark.parametrize(
    ("line", "reported"),
    [
        ("asyncio/base_events.py:641: RuntimeWarning:", False),
        ("Traceback (most recent call last):", False),
        ("It then logs:", True),
    ],
)
def test_quoted_program_output(tmp_path: Path, line: str, reported: bool) -> None:
    # round 16 (slack-sdk's RTMClient.stop, R16-31): a warning line quoted from the program's
    # output (and the lines under it) is the program's text, not a reference to this code;
    # the same words after a line of prose stay read (``self._readi``: a typo of ``_ready``)
    found = _names(tmp_path, _OUTPUT.replace("LINE", line), "Client.stop")
    assert bool(found) is reported


_INDEXER = '''
class MSA:
    @property
    def loc(self):
        """Slice the MSA by label.

        This will return an object with the following interface:

            msa.loc[seq_idx]
            INTERFACE

        Parameters
        ----------
        seq_idx : label
            The first axis.
        pos_idx : label, optional
            The second axis.
        axis : {'sequence', 'position'}, optional
            The axis to slice on.
        """
        return self._loc
'''


@pytest.mark.parametrize(
    ("interface", "reported"),
    [
        ("msa.loc[seq_idx, pos_idx]\n            msa.loc(axis='sequence')[seq_idx]", []),
        # control: an entry the shown interface does not take stays reported
        ("msa.loc(axis='sequence')[seq_idx]", ["pos_idx"]),
    ],
)
def test_a_property_documenting_its_indexer(
    tmp_path: Path, interface: str, reported: list[str]
) -> None:
    # round 16 (scikit-bio's TabularMSA.loc / .iloc, R16-17): the property returns an indexer
    # and documents the keys of ``msa.loc[seq_idx, pos_idx]`` as parameters
    code = _INDEXER.replace("INTERFACE", interface)
    found = flagged(c1_param_unknown, tmp_path, code, "MSA.loc")
    assert [f.message.split('"')[1] for f in found] == reported


_ADDED_NOTE = '''
def connect(dsn=None, *, max_cached_statement_lifetime=300):
    """Connect.

    .. NOTE:: 0.10.0
       Added ``max_cached_statement_use_count`` parameter.
    """
    return dsn, max_cached_statement_lifetime
'''


@pytest.mark.parametrize(
    ("note", "message"),
    [
        # round 16 (asyncpg's connect, DEB): "versionadded: Added ``x`` parameter" says ``x``
        # is there since then; a name the code lacks is a slip of the history, said as such
        ("versionadded", "in a versionadded note names nothing"),
        # a change or removal note tells of the code as it was: silent (control)
        ("versionchanged", None),
    ],
)
def test_a_versionadded_note_naming_a_missing_parameter(
    tmp_path: Path, note: str, message: str | None
) -> None:
    found = flagged(c1_name_unresolved, tmp_path, _ADDED_NOTE.replace("NOTE", note), "connect")
    assert [message in f.message for f in found] == ([True] if message else [])
