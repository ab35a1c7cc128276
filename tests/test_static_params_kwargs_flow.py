"""C1-PARAM-UNKNOWN under **kwargs, by where the dict goes (params_kwargs_flow): an entry whose
name the function hands on explicitly, as ``old=twin``, in the very call its **kwargs are
unpacked into, or whose **kwargs reach no call at all, is reported even when another function
takes a parameter of that name; when the dict may carry the keyword on, it stays silent."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.params_kwargs_flow import KwargsFlow, kwargs_flow

from .static_helpers import run_rule

# another function of the file takes ``backend``: before session 35 that kept every entry
# named so silent, as a keyword the **kwargs might be forwarded with
SIBLING = """

def convert(array, backend="numpy", **options):
    return array
"""

HANDS_ON = {
    "numpy": '''
def to_backend(array, bcknd="numpy", **kwargs):
    """Move the array to another backend.

    Parameters
    ----------
    array : Array
        The array.
    backend : str
        The backend to use.
    **kwargs
        Passed to ``convert``.
    """
    return convert(array, backend=bcknd, **kwargs)
''',
    "rest": '''
def to_backend(array, bcknd="numpy", **kwargs):
    """Move the array to another backend.

    :param array: the array
    :param backend: the backend to use
    :param kwargs: passed to ``convert``
    """
    return convert(array, backend=bcknd, **kwargs)
''',
    "google": '''
def to_backend(array, bcknd="numpy", **kwargs):
    """Move the array to another backend.

    Args:
        array: The array.
        backend (str): The backend to use.
        **kwargs: Passed to ``convert``.
    """
    return convert(array, backend=bcknd, **kwargs)
''',
}


@pytest.mark.parametrize("style", sorted(HANDS_ON))
def test_an_entry_handed_on_by_the_call_taking_the_kwargs_is_stale(
    tmp_path: Path, style: str
) -> None:
    findings = run_rule(c1_param_unknown, tmp_path, HANDS_ON[style] + SIBLING, "to_backend")
    assert [f.rule for f in findings] == ["C1-PARAM-UNKNOWN"]
    assert 'documents parameter "backend"' in findings[0].message
    assert 'did you mean "bcknd"?' in findings[0].message


@pytest.mark.parametrize("style", sorted(HANDS_ON))
@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the dict is unpacked into another call than the one handed ``backend=``: a
        # ``backend=`` keyword may go on to ``convert`` through it
        (
            "return convert(array, backend=bcknd, **kwargs)",
            "convert(array, backend=bcknd)\n    return convert(array, **kwargs)",
        ),
        # the call passes the old name another value: not the renamed parameter handed on
        (
            "return convert(array, backend=bcknd, **kwargs)",
            'return convert(array, bcknd, backend="numpy", **kwargs)',
        ),
        # the code reads the documented name from the dict
        (
            "return convert(",
            'kwargs.pop("backend", None)\n    return convert(',
        ),
        # the parameter keeps the name its entry documents: the code agrees
        ("bcknd", "backend"),
    ],
    ids=["other-call", "other-value", "popped", "documented"],
)
def test_a_keyword_the_kwargs_may_carry_on_stays_silent(
    tmp_path: Path, style: str, old: str, new: str
) -> None:
    code = HANDS_ON[style].replace(old, new)
    assert run_rule(c1_param_unknown, tmp_path, code + SIBLING, "to_backend") == []


NOWHERE = '''
def join(left, right, distance_name=None, **kwargs):
    """Join two frames.

    Parameters
    ----------
    left, right : DataFrame
        The frames.
    distance : float, optional
        The largest distance to join within.
    """
    if kwargs:
        raise TypeError("join() takes no other keyword arguments")
    if distance_name is not None and distance_name < 0:
        raise ValueError(f"'distance' must be positive, got {distance_name}")
    return left, right


def nearest(left, right, distance=None):
    return left
'''


def test_kwargs_that_reach_no_call_carry_no_documented_keyword(tmp_path: Path) -> None:
    # ``nearest`` takes ``distance``, and the message names it: neither is where a
    # ``distance=`` keyword could go, the dict is only tested
    findings = run_rule(c1_param_unknown, tmp_path, NOWHERE, "join")
    assert [f.rule for f in findings] == ["C1-PARAM-UNKNOWN"]
    assert 'did you mean "distance_name"?' in findings[0].message


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the dict is handed to a loop that may take any keyword
        (
            "    if kwargs:\n",
            "    for key, value in kwargs.items():\n"
            "        setattr(left, key, value)\n"
            "    if kwargs:\n",
        ),
        # the dict is unpacked into a call: ``nearest`` may take the keyword on
        ("    return left, right\n", "    return nearest(left, right, **kwargs)\n"),
        # the name is read by key
        ("    if kwargs:\n", '    kwargs.get("distance")\n    if kwargs:\n'),
        # all the arguments are handed on together
        ("    return left, right\n", "    return nearest(**locals())\n"),
    ],
    ids=["iterated", "unpacked", "read-by-key", "locals"],
)
def test_kwargs_that_may_reach_a_taker_stay_silent(tmp_path: Path, old: str, new: str) -> None:
    assert old in NOWHERE
    assert run_rule(c1_param_unknown, tmp_path, NOWHERE.replace(old, new), "join") == []


POSITIONAL = '''
def geocode(strings, prvdr=None, **kwargs):
    """Geocode the strings.

    :param strings: the addresses
    :param provider: the geocoding service
    :param kwargs: passed to the service
    """
    return _query(strings, True, prvdr, **kwargs)


def _query(data, forward, provider, **kwargs):
    return data


class Session:
    def get(self, url, prvdr=None, **kwargs):
        """Fetch a page.

        Args:
            url: The address.
            provider: The service.
            **kwargs: Passed to ``request``.
        """
        return self.request("GET", url, prvdr, **kwargs)

    def request(self, method, url, provider=None, **kwargs):
        return method
'''


@pytest.mark.parametrize("qualname", ["geocode", "Session.get"])
def test_an_entry_handed_on_in_its_slot_of_a_function_of_the_file_is_stale(
    tmp_path: Path, qualname: str
) -> None:
    # ``_query``'s third and ``request``'s third positional parameter is ``provider``: the
    # renamed parameter fills it, so a ``provider=`` keyword in **kwargs would reach it twice
    findings = run_rule(c1_param_unknown, tmp_path, POSITIONAL, qualname)
    assert [f.rule for f in findings] == ["C1-PARAM-UNKNOWN"]
    assert 'did you mean "prvdr"?' in findings[0].message


@pytest.mark.parametrize(
    ("qualname", "old", "new"),
    [
        # the renamed parameter fills another slot: ``provider`` may come through **kwargs
        ("geocode", "_query(strings, True, prvdr, **kwargs)", "_query(prvdr, True, **kwargs)"),
        (
            "Session.get",
            'self.request("GET", url, prvdr, **kwargs)',
            "self.request(prvdr, url, **kwargs)",
        ),
        # a callee the file does not import (``geo``): its slots are not known here
        (
            "geocode",
            "_query(strings, True, prvdr, **kwargs)",
            "geo._query(strings, True, prvdr, **kwargs)",
        ),
    ],
    ids=["other-slot", "other-slot-method", "other-module"],
)
def test_a_slot_the_entry_may_still_reach_stays_silent(
    tmp_path: Path, qualname: str, old: str, new: str
) -> None:
    assert old in POSITIONAL
    assert run_rule(c1_param_unknown, tmp_path, POSITIONAL.replace(old, new), qualname) == []


def _flow(source: str) -> KwargsFlow:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    flow = kwargs_flow(node)
    assert flow is not None
    return flow


def test_the_docstring_is_no_read_of_a_name() -> None:
    # a one-word docstring is a whole string constant like a key; it is not the code's
    docstring = _flow('def f(a, **kwargs):\n    """backend"""\n    return g(a, **kwargs)\n')
    assert not docstring.reads("backend", "bcknd")
    # control: the same word as a key the body reads is a use
    body = '    kwargs.get("backend")\n    return g(a, **kwargs)\n'
    read = _flow('def f(a, **kwargs):\n    """Doc."""\n' + body)
    assert read.reads("backend", "bcknd")
