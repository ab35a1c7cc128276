"""C1-PROSE-NAME-STALE, session 19: names the docstring accounts for itself -- a member of the
returned value listed under Returns, a private file name, the plural of a name the code uses, a
template name -- each with the consistent stale name beside it that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import RULE_WORD, c1_name_unresolved, c1_prose_name_word
from docref.checks.static.prose_names import RULE_STALE

from tests.static_helpers import static_input


def _stale(tmp_path: Path, code: str, qualname: str = "f") -> list[str]:
    inp = static_input(tmp_path, code, qualname)
    both = c1_name_unresolved(inp) + c1_prose_name_word(inp)
    return [f.message for f in both if f.rule in (RULE_STALE, RULE_WORD)]


NUMPY = '''
def f(func, include_hdr):
    """Minimize a function.

    Parameters
    ----------
    func : callable
        Function to minimize.
    include_hdr : bool
        Whether to add a header.

    Returns
    -------
    res : `OptimizeResult`
        The result, with a header first when `{stale}` is set. Important attributes are:

        - `x` [list]: location of the minimum.
        - `func_vals` [array]: function value for each iteration.
    """
    return func(include_hdr)
'''
GOOGLE = '''
def f(func, include_hdr):
    """Minimize a function.

    Args:
        func: Function to minimize.
        include_hdr: Whether to add a header.

    Returns:
        OptimizeResult: the result, with a header first when `{stale}` is set. Attributes:

            * ``x``: location of the minimum.
            * ``func_vals`` (array): function value for each iteration.
    """
    return func(include_hdr)
'''
REST = '''
def f(func, include_hdr):
    """Minimize a function.

    :param func: Function to minimize.
    :param include_hdr: Whether to add a header.
    :returns: the result, with a header first when ``{stale}`` is set. Its attributes:

        - ``x`` -- location of the minimum.
        - ``func_vals`` -- function value for each iteration.
    """
    return func(include_hdr)
'''


@pytest.mark.parametrize("code", [NUMPY, GOOGLE, REST], ids=["numpy", "google", "rest"])
def test_a_member_the_returns_entry_lists_is_no_old_parameter_name(
    tmp_path: Path, code: str
) -> None:
    # round 27 (scikit-optimize): `func_vals` heads an item listing the result's attributes;
    # the control beside it, `include_header` in the entry's own text, is the parameter
    # ``include_hdr`` under its old name and stays reported
    found = _stale(tmp_path, code.replace("{stale}", "include_header"))
    assert len(found) == 1
    assert "`include_header`" in found[0]
    assert "`include_hdr`" in found[0]
    assert _stale(tmp_path, code.replace("{stale}", "include_hdr")) == []


def test_the_same_item_outside_a_returns_entry_is_still_a_mention(tmp_path: Path) -> None:
    code = '''
    def f(func):
        """Minimize a function.

        The notes:

        - `func_vals` [array]: the function to minimize.
        """
        return func()
    '''
    assert len(_stale(tmp_path, code)) == 1


@pytest.mark.parametrize(("name", "flagged"), [("_meta_path", False), ("meta_path", True)])
def test_a_private_name_is_no_old_name_of_a_public_parameter(
    tmp_path: Path, name: str, flagged: bool
) -> None:
    # pyarrow (round 24): "from a `_metadata` file" beside ``metadata_path``
    code = f'''
    def f(metadata_path, n):
        """Create a dataset from a ``{name}`` file.

        :param n: how many
        """
        return metadata_path, n
    '''
    assert bool(_stale(tmp_path, code)) is flagged


@pytest.mark.parametrize(("name", "flagged"), [("field_specs", False), ("field_kind", True)])
def test_the_plural_of_a_name_the_code_uses_is_english(
    tmp_path: Path, name: str, flagged: bool
) -> None:
    # libpysal (round 24): "A list with the ``field_specs``" beside ``db.field_spec = specs``
    code = f'''
    def f(path, my_specs):
        """Write the table.

        Parameters
        ----------
        path : str
            Where to write it.
        my_specs : list
            A list with the ``{name}`` to use for each column.
        """
        db = open(path)
        db.field_spec = my_specs
    '''
    assert bool(_stale(tmp_path, code)) is flagged


@pytest.mark.parametrize(("name", "flagged"), [("_insert_x", False), ("_insert_kid", True)])
def test_a_template_name_is_no_old_name(tmp_path: Path, name: str, flagged: bool) -> None:
    # python-docx (round 25): "Add an ``_insert_x()`` method ..." (x the child's tag)
    code = f'''
    class Child:
        def _insert_child(self, child):
            return child

        def _add_inserter(self):
            """Add an ``{name}()`` method to the element class for this child element."""
            return self._insert_child(None)
    '''
    assert bool(_stale(tmp_path, code, "Child._add_inserter")) is flagged
