"""Static rules: session-34 prose recall (pr34).  A code-marked name that only other code of
the file uses (another function's parameter), while one parameter the docstring names nowhere
is that name under qualifying words put before it (``state`` -> ``init_state``, ``size`` ->
``user_size``), is the default C1-PROSE-NAME-STALE's: the same value named more closely.
Before, any affixed twin was the opt-in C1-PROSE-NAME-ELSEWHERE's (session 25: 15 TRUE of 28;
the TRUE rows were such prefixes, tensorflow-probability's ``init_state`` among them).  Words
added after the name make another thing of the value (photutils' ``mask`` -> ``mask_cutout``)
and a code-marked part of a returned tuple is no parameter (mlflow's ``token`` beside
``page_token``): the opt-in rule's still.  Controls: the name kept, the twin documented, words
naming another value (``max_size``), a flag about it."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.runner import check_file, rules_for

from tests.static_helpers import indexed_project

_STALE = "C1-PROSE-NAME-STALE"
_ELSEWHERE = "C1-PROSE-NAME-ELSEWHERE"

# tensorflow-probability's kernels: another method of the file takes ``state``
_NUMPY = '''
class Sampler:
    """A sampler."""

    def one_step(self, state, previous_results):
        """Take one step."""
        return state, previous_results

    def bootstrap_results(self, init_state):
        """Creates initial `previous_results` using a supplied `state`.

        Returns
        -------
        results : tuple
            The results.
        """
        return init_state
'''

# psycopg's ``fetchmany`` (recall): reST, ``size`` -> ``user_size``
_REST = '''
class Cursor:
    """A cursor."""

    def resize(self, size):
        """Resize the buffer."""
        return size

    def fetchmany(self, user_size=0):
        """Return the next ``size`` records from the current result set.

        :rtype: list
        """
        return user_size
'''

# tornado's ``with_timeout`` (recall): a code-shaped name, Google style
_GOOGLE = '''
def gather(futures, quiet_exceptions=()):
    """Gather futures."""
    return futures, quiet_exceptions


def with_timeout(future, input_quiet_exceptions=()):
    """Wrap a future in a timeout.

    Exceptions of the types in `quiet_exceptions` are not logged.

    Args:
        future: The future.
    """
    return future, input_quiet_exceptions
'''

_CASES = {
    "numpy": (_NUMPY, "Sampler.bootstrap_results", "state", "init_state"),
    "rest": (_REST, "Cursor.fetchmany", "size", "user_size"),
    "google": (_GOOGLE, "with_timeout", "quiet_exceptions", "input_quiet_exceptions"),
}


def _found(tmp_path: Path, code: str, qualname: str) -> list[tuple[str, str, str]]:
    graph = indexed_project(tmp_path, {"m.py": code}, root="ws", cache="cache")
    rules = rules_for((_STALE, _ELSEWHERE))
    return [
        (f.rule, f.message.split("`")[1], f.message.split("`")[3])
        for f in check_file(graph, "m.py", rules).findings
        if f.qualname == qualname and f.rule in (_STALE, _ELSEWHERE)
    ]


@pytest.mark.parametrize("case", sorted(_CASES))
def test_a_twin_qualified_before_the_name_is_the_default_rules(tmp_path: Path, case: str) -> None:
    code, qualname, old, new = _CASES[case]
    assert _found(tmp_path, code, qualname) == [(_STALE, old, new)]
    # control: the prose names the parameter the function has
    fixed = code.replace(f"`{old}`", f"`{new}`")
    assert fixed != code
    assert _found(tmp_path / "fixed", fixed, qualname) == []


@pytest.mark.parametrize("case", sorted(_CASES))
def test_words_after_the_name_stay_the_opt_in_rules(tmp_path: Path, case: str) -> None:
    # ``mask`` -> ``mask_cutout``: a cutout of the mask, as often another value
    code, qualname, old, new = _CASES[case]
    suffixed = f"{old}_cutout"
    changed = code.replace(new, suffixed)
    assert _found(tmp_path, changed, qualname) == [(_ELSEWHERE, old, suffixed)]


def test_a_returned_tuples_label_stays_the_opt_in_rules(tmp_path: Path) -> None:
    # mlflow's ``_search_runs``: "A tuple of ``runs`` and ``token`` where ... ``token`` is the
    # pagination token for the next page" beside a parameter ``page_token``
    code = '''
def search(filter_string, token=None):
    """Search."""
    return filter_string, token


def search_runs(filter_string, page_token=None):
    """Return runs that match the filter, and a pagination token.

    Returns:
        A list of runs; ``token`` is the pagination token for the next page.
    """
    return [], page_token
'''
    assert _found(tmp_path, code, "search_runs") == [(_ELSEWHERE, "token", "page_token")]
    # control: the same words in the summary are the default rule's
    moved = code.replace(
        "Return runs that match the filter, and a pagination token.",
        "Return runs that match the filter; ``token`` is the pagination token.",
    ).replace("A list of runs; ``token`` is the pagination token for the next page.", "A list.")
    assert _found(tmp_path / "summary", moved, "search_runs") == [(_STALE, "token", "page_token")]


@pytest.mark.parametrize(
    ("twin", "annotation"),
    [
        ("max_size", ""),  # another value: the bound of a size
        ("use_size", ""),  # a flag about the size
        ("custom_size", ": bool"),  # a flag about it, by its type
    ],
)
def test_words_naming_another_value_are_no_twin(tmp_path: Path, twin: str, annotation: str) -> None:
    code = _REST.replace("user_size=0", f"{twin}{annotation}=0").replace("user_size", twin)
    assert _found(tmp_path, code, "Cursor.fetchmany") == []


def test_a_twin_the_docstring_documents_is_no_rename(tmp_path: Path) -> None:
    code = _REST.replace(":rtype: list", ":param user_size: How many.\n        :rtype: list")
    assert _found(tmp_path, code, "Cursor.fetchmany") == []
