"""Static rules: session-13 recall of renamed parameters in prose (rc13).  A keyword the
docstring's own doctest passes to the documented function, which the function no longer
takes, is the old name of a parameter, so a code-marked word naming it in prose is stale
(default rule), not a word the example defines; controls of the same shape stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_STALE = '''
def memoize(func, the_cache=None, key=None):
    """Cache a function's result.

    Use the ``cache`` keyword to provide a dict-like object as an initial cache

    >>> @memoize(cache={(1, 2): 3})
    ... def add(x, y):
    ...     return x + y
    """
    return func, the_cache, key


def get_in(keys, coll, default=None, no_dflt=False):
    """Return coll[i0][i1]...[iX] where [i0, i1, ..., iX]==keys.

    If coll[i0][i1]...[iX] cannot be found, returns ``default``, unless
    ``no_default`` is specified, then it raises KeyError or IndexError.

    >>> get_in(['y'], {}, no_default=True)
    Traceback (most recent call last):
        ...
    KeyError: 'y'
    """
    return keys, coll, default, no_dflt
'''


def _stale(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted(
        (f.qualname, f.message.split("`")[1])
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PROSE-NAME-STALE"
    )


def test_a_keyword_the_example_passes_is_the_old_parameter(tmp_path: Path) -> None:
    # toolz (held-out recall, heldout4): ``cache`` -> ``the_cache`` (a plain word: before this,
    # silent as a word the example defines) and ``no_default`` -> ``no_dflt``; the doctest
    # still calls the function with the old keyword
    assert _stale(tmp_path, _STALE) == [("get_in", "no_default"), ("memoize", "cache")]


@pytest.mark.parametrize(
    "edit",
    [
        # the example assigns the word too: prose may mean the example's variable
        ("    >>> @memoize(cache=", "    >>> cache = {}\n    >>> @memoize(cache="),
        # the function takes **kwargs: the keyword may be passed on
        ('key=None):\n    """Cache', 'key=None, **kwargs):\n    """Cache'),
        # the example calls another function with it (the builtin's ``default``)
        ("@memoize(cache=", "@other(cache="),
    ],
)
def test_controls_stay_silent(tmp_path: Path, edit: tuple[str, str]) -> None:
    code = _STALE.replace(*edit)
    assert code != _STALE
    assert ("memoize", "cache") not in _stale(tmp_path, code)


def test_a_value_the_example_passes_is_no_parameter(tmp_path: Path) -> None:
    # the keyword passed matches no parameter (hypothesis' ``_category_key(exclude=...,
    # include=...)`` for a parameter ``cats``): no twin, nothing reported; and a keyword the
    # function does take is not stale
    code = '''
    def category_key(cats):
        """Categories in `include`, but not in `exclude`.

        >>> category_key(exclude=['So'], include=['Lu'])
        ('Lu',)
        """
        return cats
    '''
    assert _stale(tmp_path, code) == []
