"""Static rules: mechanism gaps behind round 34's false alarms (session 20's second public
tuning round: pypika), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.prose_names import RULE_STALE
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import c3_returns_without_value

from tests.static_helpers import project_findings, project_input, static_input

# pypika's ``@builder``: the wrapper calls the method on a copy and hands back the copy when
# the method returns None -- callers get a value the body never returns
_BUILDER = '''
import copy
from functools import wraps


def builder(func):
    """Run ``func`` on a copy; return the copy unless ``func`` returned something."""

    @wraps(func)
    def _copy(self, *args, **kwargs):
        self_copy = copy.copy(self)
        result = func(self_copy, *args, **kwargs)
        if result is None:
            return self_copy
        return result

    return _copy


def chained(times):
    """A factory: the decorator it returns hands back ``self``."""

    def deco(func):
        def wrapper(self, *args):
            for _ in range(times):
                func(self, *args)
            return self

        return wrapper

    return deco


def logged(func):
    """Pass the wrapped call's value through."""

    @wraps(func)
    def wrapper(*args, **kwargs):
        print("calling", func)
        return func(*args, **kwargs)

    return wrapper


def memoized(func):
    """Hand back the wrapped call's value, kept in a cache for the next call."""
    cache = {}

    def wrapper(*args):
        if args in cache:
            return cache[args]
        cache[args] = func(*args)
        return cache[args]

    return wrapper


def remembered(func):
    """The same, the result bound to a name before it is stored."""

    def wrapper(self, *args):
        if args in self._seen:
            return self._seen[args]
        result = func(self, *args)
        self._seen[args] = result
        return result

    return wrapper


def timed(func):
    """Pass the wrapped call's value through, bound to a name first."""

    def wrapper(*args, **kwargs):
        value = func(*args, **kwargs)
        print("done")
        return value

    return wrapper
'''

_RETURNS = {
    "reST": ":param table: The table.\n        :return: A copy of the query with the table set.",
    "Google": "Args:\n            table: The table.\n\n"
    "        Returns:\n            A copy of the query with the table set.",
    "NumPy": "Parameters\n        ----------\n        table : str\n            The table.\n\n"
    "        Returns\n        -------\n        Query\n"
    "            A copy of the query with the table set.",
}

_QUERY = '''
from pkg.utils import builder, chained, logged, memoized, remembered, timed


class Query:
    {decorator}
    def from_(self, table) -> None:
        """Set the table.

        {returns}
        """
        self._table = table
'''


@pytest.mark.parametrize("style", sorted(_RETURNS))
@pytest.mark.parametrize(
    ("decorator", "expected"),
    [
        ("@builder", 0),
        ("@chained(2)", 0),
        ("@logged", 1),
        ("@timed", 1),
        ("@functools.cache", 1),
        ("@memoized", 1),
        ("@remembered", 1),
    ],
    ids=[
        "builder",
        "factory",
        "control-pass-through",
        "control-bound-result",
        "control-external",
        # a cache hands back what the wrapped call returned, stored under a key
        "control-memoized",
        "control-memoized-bound",
    ],
)
def test_a_project_decorator_whose_wrapper_returns_its_own_value_makes_the_documented_value(
    tmp_path: Path, style: str, decorator: str, expected: int
) -> None:
    # round 34 (pypika, 26 FALSE): ``@builder`` returns the copy it ran the method on when the
    # method returns None, so ``:return: A copy of ...`` on a ``-> None`` body is what callers
    # get.  A project decorator passing the wrapped call's value through (directly or bound to
    # a name) and a decorator whose source is not the project's keep the finding.
    files = {
        "pkg/__init__.py": "",
        "pkg/utils.py": _BUILDER,
        "pkg/query.py": "import functools\n"
        + _QUERY.format(decorator=decorator, returns=_RETURNS[style]),
    }
    inp = project_input(tmp_path, files, "pkg/query.py", "Query.from_")
    found = c3_returns_without_value(inp)
    assert len(found) == expected, [f.message for f in found]


_PORT_DOCS = {
    "reST": ":param port: MySQL port to use. (default: 3306)",
    "Google": "Args:\n            port: MySQL port to use. Defaults to 3306.",
    "NumPy": "Parameters\n        ----------\n        port : int, default 3306\n"
    "            MySQL port to use.",
}

_CONNECTION = '''
class Connection:
    """A connection.

    {doc}
    """

    def __init__(self, *, host=None, port=0):
        {body}
'''


@pytest.mark.parametrize("style", sorted(_PORT_DOCS))
@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("self.port = port or 3306", 0),
        ("if not port:\n            port = 3306\n        self.port = port", 0),
        ("self.port = port or 5432", 1),
        ("self.port = port", 1),
    ],
    ids=["or-value", "if-not", "control-other-value", "control-no-replacement"],
)
def test_a_falsy_default_the_body_replaces_is_documented_by_its_effective_value(
    tmp_path: Path, style: str, body: str, expected: int
) -> None:
    # round 34 (pymysql ``Connection``, 1 FALSE): ``port=0`` with ``self.port = port or 3306``
    # -- "(default: 3306)" is what callers get.  A body putting another value in its place, or
    # none, keeps the finding.
    doc = _PORT_DOCS[style].replace("\n        ", "\n    ")
    code = _CONNECTION.format(doc=doc, body=body)
    found = [
        f
        for f in project_findings(tmp_path, {"mod.py": code}, "mod.py")
        if f.rule == "C2-DEFAULT-MISMATCH"
    ]
    assert len(found) == expected, [f.message for f in found]


_WRAPPED = '''
def try_expanding_sum_type_to_union(typ):
    """Expand the type."""
    return typ


def make_simplified_union(items, contract_literals=True):
    """Build a union type.

    The contract_literals flag indicates whether to contract literals. Set it to
    False when called by {wrapped}().
    """
    return try_expanding_sum_type_to_union(items) if contract_literals else items
'''


@pytest.mark.parametrize(
    ("wrapped", "expected"),
    [
        ("try_expanding_sum_type_\n    to_union", 0),
        ("to_union", 1),
        ("try_expanding_\n    to_union", 1),
    ],
    ids=["wrapped-at-underscore", "control-tail-alone", "control-joined-names-nothing"],
)
def test_a_name_the_line_wrap_cut_after_an_underscore_is_the_joined_name(
    tmp_path: Path, wrapped: str, expected: int
) -> None:
    # round 34 (mypy ``make_simplified_union``, 1 FALSE): "called by try_expanding_sum_type_
    # / to_union()" -- the wrap cut the name after an underscore; joined it is in scope, so
    # ``to_union`` is no old name.  The tail alone, or a head that joins into nothing in scope,
    # stays reported as the renamed ``try_expanding_sum_type_to_union``.
    code = _WRAPPED.format(wrapped=wrapped)
    inp = static_input(tmp_path, code, "make_simplified_union")
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert len(found) == expected, [f.message for f in found]


_EXAMPLE_NUMPY = '''
def is_field_list(line: str) -> bool:
    """Check if the line is an Epytext field list.

    Parameters
    ----------
    line : str
        The line to check.

    Notes
    -----
    {notes}
    """
    return line.startswith("@")
'''

_EXAMPLE_GOOGLE = '''
def is_field_list(line: str) -> bool:
    """Check if the line is an Epytext field list.

    Args:
        line: The line to check.

    Note:
        {notes}
    """
    return line.startswith("@")
'''

_PATTERNS = {
    # the pattern, quoted a level deeper after a sentence ending in a colon
    "quoted": "Epytext field lists have the following pattern:\n{deep}@param x:\n{deep}@type x:",
    # controls: a field at the section's own indentation, or deeper after no colon
    "control-same-indent": "Epytext field lists look so.\n{same}@param x: the value.",
    "control-no-colon": "Epytext field lists look so.\n{deep}@param x: the value.",
}


@pytest.mark.parametrize("style", ["NumPy", "Google"])
@pytest.mark.parametrize("shape", sorted(_PATTERNS))
def test_fields_quoted_as_an_example_in_a_free_text_section_are_not_this_docstrings(
    tmp_path: Path, style: str, shape: str
) -> None:
    # round 34 (docformatter ``is_epytext_field_list``, 1 FALSE): a NumPy Notes section shows
    # the Epytext pattern ``@param x:`` indented under "the following pattern:" -- an example,
    # not a parameter entry.  A field at the section's own indentation, or deeper after a
    # sentence not ending in a colon, stays a field (``x`` reported unknown).
    template = _EXAMPLE_NUMPY if style == "NumPy" else _EXAMPLE_GOOGLE
    same = " " * (4 if style == "NumPy" else 8)
    notes = _PATTERNS[shape].format(same=same, deep=same + "    ")
    code = template.format(notes=notes)
    found = c1_param_unknown(static_input(tmp_path, code, "is_field_list"))
    assert len(found) == (0 if shape == "quoted" else 1), [f.message for f in found]


_ERROR_LIST = {
    "plain": '"""Return {claim} of new error messages from a given file."""',
    "Google": '"""Collect the messages.\n\n    Returns:\n'
    '        {claim} of new error messages.\n    """',
    "reST": '"""Collect the messages.\n\n    :returns: {claim} of new error messages.\n    """',
}

_MESSAGES = """
ErrorTuple = tuple[str, int, str]


def file_messages(path: str) -> list[ErrorTuple]:
    {doc}
    return [(path, 1, "boom")]
"""


@pytest.mark.parametrize("style", sorted(_ERROR_LIST))
@pytest.mark.parametrize(
    ("claim", "expected"),
    [("an error tuple list", 0), ("an error tuple", 1)],
    ids=["compound-head-list", "control-tuple"],
)
def test_a_container_noun_after_the_kind_word_heads_the_compound(
    tmp_path: Path, style: str, claim: str, expected: int
) -> None:
    # round 34 (mypy ``Errors.file_messages``, 1 FALSE): "an error tuple list" is a list of
    # error tuples, as ``-> list[ErrorTuple]`` says; "an error tuple" alone stays reported.
    code = _MESSAGES.format(doc=_ERROR_LIST[style].format(claim=claim))
    found = c2_prose_return_type(static_input(tmp_path, code, "file_messages"))
    assert len(found) == expected, [f.message for f in found]
