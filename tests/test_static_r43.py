"""Static rules: the shapes behind round 43's non-TRUE findings (session 22's public tuning
round), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.optional_flag import c2_optional_flag
from docref.checks.static.return_weak import c3_returns_weak
from docref.checks.static.returns_raises import c3_returns_vs_yields, c3_returns_without_value

from tests.static_helpers import default_findings, rule_ids

_C3_RULES = (c3_returns_without_value, c3_returns_vs_yields, c3_returns_weak)

# A function that returns nothing documented with a Returns entry, in the three docstring
# styles.  "N/A" (round 43, scrapli: every ``-> None`` method writes ``Returns: N/A``, as its
# ``Args: N/A`` and ``Raises: N/A``; 25 FALSE) is the placeholder for "not applicable": no
# value is claimed, as with "None" or "Nothing".  A Returns entry that only starts with the
# letters (a count of N/A cells, "NA values") still claims a value and stays reported.
_REST = '''
def f(data):
    """Write the data.

    :param data: the text data
    :returns: ENTRY
    """
    print(data)
'''

_GOOGLE = '''
def f(data):
    """Write the data.

    Args:
        data: the text data

    Returns:
        ENTRY

    Raises:
        N/A
    """
    print(data)
'''

_NUMPY = '''
def f(data):
    """Write the data.

    Parameters
    ----------
    data : str
        The text data.

    Returns
    -------
    ENTRY
    """
    print(data)
'''


@pytest.mark.parametrize("form", [_REST, _GOOGLE, _NUMPY], ids=["reST", "Google", "NumPy"])
@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("N/A", []),
        ("n/a", []),
        ("N/A.", []),
        # controls: a value claimed after the letters, a value, "None" (already silent)
        ("N/A values replaced by zero", ["C3-RETURNS-YIELDS"]),
        ("NA count", ["C3-RETURNS-YIELDS"]),
        ("the written data", ["C3-RETURNS-YIELDS"]),
        ("None", []),
    ],
)
def test_returns_not_applicable(tmp_path: Path, form: str, entry: str, expected: list[str]) -> None:
    assert rule_ids(_C3_RULES, tmp_path, form.replace("ENTRY", entry)) == expected


# A required argument of a ctypes wrapper documented "optional" (round 43, scrapli's FFI
# mapping: ``filter_namespace: c_char_p`` documented "optional namespace for filter", judged
# DEBATABLE): a ctypes pointer is passed as NULL (None) when the value is absent, so
# "optional" reads as "may be None", as for an ``X | None`` annotation.  A ctypes integer
# admits no None and stays reported.
_FFI_REST = '''
from ctypes import POINTER, c_char_p, c_int, c_uint8


def get(ptr, *, filter_namespace: ANNOTATION):
    """Submit a get operation.

    :param ptr: the driver
    :param filter_namespace: optional namespace for filter
    """
    return ptr.get(filter_namespace)
'''

_FFI_GOOGLE = '''
from ctypes import POINTER, c_char_p, c_int, c_uint8


def get(ptr, *, filter_namespace: ANNOTATION):
    """Submit a get operation.

    Args:
        ptr: the driver
        filter_namespace: optional namespace for filter
    """
    return ptr.get(filter_namespace)
'''

_FFI_NUMPY = '''
from ctypes import POINTER, c_char_p, c_int, c_uint8


def get(ptr, *, filter_namespace: ANNOTATION):
    """Submit a get operation.

    Parameters
    ----------
    ptr : object
        The driver.
    filter_namespace : bytes, optional
        Namespace for filter.
    """
    return ptr.get(filter_namespace)
'''


@pytest.mark.parametrize(
    "form", [_FFI_REST, _FFI_GOOGLE, _FFI_NUMPY], ids=["reST", "Google", "NumPy"]
)
@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        ("c_char_p", []),
        ("ctypes.c_wchar_p", []),
        ("c_void_p", []),
        ("POINTER(c_uint8)", []),
        # controls: a ctypes integer, a plain str
        ("c_int", ["C2-OPTIONAL-FLAG"]),
        ("str", ["C2-OPTIONAL-FLAG"]),
    ],
)
def test_optional_ctypes_pointer(
    tmp_path: Path, form: str, annotation: str, expected: list[str]
) -> None:
    code = form.replace("ANNOTATION", annotation)
    assert rule_ids(c2_optional_flag, tmp_path, code, "get") == expected


# A data descriptor's class docstring documenting the value assigned through it (round 43,
# selenium's ``_TimeoutsDescriptor(name)`` documents ``timeouts``, what ``options.timeouts =
# {...}`` hands to ``__set__``; judged FALSE twice).  Controls: the same class without
# ``__set__``, and a descriptor documenting two unknown names, stay reported.
_DESCRIPTOR = '''
class _TimeoutsDescriptor:
    """How long the driver should wait.

    DOC
    """

    def __init__(self, name):
        self.name = name

    def __get__(self, obj, cls):
        return obj.caps.get(self.name)
SETTER
'''

_SETTER = """
    def __set__(self, obj, value):
        obj.caps[self.name] = value
"""

_GOOGLE_ONE = "Args:\n        timeouts: values in milliseconds for the waits"
_GOOGLE_TWO = "Args:\n        timeouts: values in milliseconds\n        strict: whether to check"
_REST_ONE = ":param timeouts: values in milliseconds for the waits"
_NUMPY_ONE = "Parameters\n    ----------\n    timeouts : dict\n        Values in milliseconds."


def _unknown(tmp_path: Path, code: str) -> list[str]:
    return [f.rule for f in default_findings(tmp_path, code) if f.rule == "C1-PARAM-UNKNOWN"]


@pytest.mark.parametrize(
    "doc", [_GOOGLE_ONE, _REST_ONE, _NUMPY_ONE], ids=["Google", "reST", "NumPy"]
)
@pytest.mark.parametrize(("setter", "expected"), [(_SETTER, 0), ("", 1)], ids=["set", "no-set"])
def test_descriptor_documents_its_value(
    tmp_path: Path, doc: str, setter: str, expected: int
) -> None:
    code = _DESCRIPTOR.replace("DOC", doc).replace("SETTER", setter)
    assert len(_unknown(tmp_path, code)) == expected


def test_descriptor_with_two_unknown_names_stays_reported(tmp_path: Path) -> None:
    code = _DESCRIPTOR.replace("DOC", _GOOGLE_TWO).replace("SETTER", _SETTER)
    assert len(_unknown(tmp_path, code)) == 2


# A class docstring whose entries follow a sentence naming a constructor parameter and ending
# with a colon documents that parameter's keys (round 43, taskflow's
# ``WorkerBasedActionEngine(flow, flow_detail, backend, options)``: "Specific backend options
# (extracted from provided engine options):" then ``:param url:`` ..., read as
# ``options.get('url')``; judged FALSE).  Controls: an intro naming no constructor parameter,
# and a documented key the class never reads (a stale option), stay reported.
_ENGINE = '''
class WorkerEngine:
    """Worker based engine.

    INTRO

    ENTRIES
    """

    def __init__(self, flow, options):
        self._flow = flow
        self._executor = self._fetch(options)

    @classmethod
    def _fetch(cls, options):
        return (options.get('url'), options.get('exchange', 'default'))
'''

_OPTION_FORMS = {
    "reST": ":param url: broker connection url\n    :param exchange: broker exchange",
    "Google": "Args:\n        url: broker connection url\n        exchange: broker exchange",
    "NumPy": "Parameters\n    ----------\n    url : str\n        Broker connection url.\n"
    "    exchange : str\n        Broker exchange.",
}


@pytest.mark.parametrize("form", sorted(_OPTION_FORMS))
@pytest.mark.parametrize(
    ("intro", "extra", "expected"),
    [
        ("Specific backend options (extracted from provided engine options):", "", 0),
        # controls: no constructor parameter named, no colon, a key never read
        ("Specific backend settings (extracted from the engine):", "", 2),
        ("Specific backend options (extracted from provided engine options).", "", 2),
        ("Specific backend options (extracted from provided engine options):", "topics", 1),
    ],
)
def test_class_documents_option_keys(
    tmp_path: Path, form: str, intro: str, extra: str, expected: int
) -> None:
    entries = _OPTION_FORMS[form]
    if extra:
        entries = entries.replace("url", extra, 1)
    code = _ENGINE.replace("INTRO", intro).replace("ENTRIES", entries)
    assert len(_unknown(tmp_path, code)) == expected


@pytest.mark.parametrize("form", sorted(_OPTION_FORMS))
def test_option_keys_read_from_another_object_stay_reported(tmp_path: Path, form: str) -> None:
    # the intro names a constructor parameter, but the keys are read from another mapping
    # (pandas' ``GroupBy``: "you can also do:" after ``obj``, 'name' quoted elsewhere; its stale
    # ``name`` entry was judged TRUE in round 19)
    intro = "Specific backend options (extracted from provided engine options):"
    code = _ENGINE.replace("INTRO", intro).replace("ENTRIES", _OPTION_FORMS[form])
    code = code.replace("options.get(", "cls.cache.get(")
    assert len(_unknown(tmp_path, code)) == 2
