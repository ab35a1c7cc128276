"""Static rules: session 20's leftover false alarms (rounds 31-34) and the narrowing of
28d71f3's value-supplying decorators, each with a control of the same shape that stays
reported (session 21, helper left)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.returns_raises import c3_returns_without_value
from docref.checks.static.types_returns import c2_return_type
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import default_findings, flagged, project_input

# Wrappers that hand back a value of their own only where the body gives none: before the
# wrapped call (a guard) or in an ``except`` handler (a fallback).  The body's Returns is the
# one callers get when it runs, so a stale one on a ``-> None`` body stays reported.
_WRAPPERS = '''
import copy
from functools import wraps


def fallback(func):
    """Return an empty mapping when ``func`` raises KeyError."""

    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except KeyError:
            return {}

    return wrapper


def guarded(func):
    """Skip ``func`` when the object is disabled."""

    @wraps(func)
    def wrapper(self, *args, **kwargs):
        if getattr(self, "disabled", False):
            return False
        result = func(self, *args, **kwargs)
        return result

    return wrapper


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


def defaulting(func):
    """Return ``self`` when ``func`` returned nothing, after the call, outside any handler."""

    @wraps(func)
    def wrapper(self, *args, **kwargs):
        try:
            value = func(self, *args, **kwargs)
        except KeyError:
            raise
        return self if value is None else value

    return wrapper
'''

_RETURNS = {
    "reST": ":param table: The table.\n        :return: The number of rows loaded.",
    "Google": "Args:\n            table: The table.\n\n"
    "        Returns:\n            The number of rows loaded.",
    "NumPy": "Parameters\n        ----------\n        table : str\n            The table.\n\n"
    "        Returns\n        -------\n        int\n            The number of rows loaded.",
}

_LOADER = '''
from pkg.utils import builder, defaulting, fallback, guarded


class Loader:
    {decorator}
    def load(self, table) -> None:
        """Load the table.

        {returns}
        """
        self._table = table
'''


@pytest.mark.parametrize("style", sorted(_RETURNS))
@pytest.mark.parametrize(
    ("decorator", "expected"),
    [("@fallback", 1), ("@guarded", 1), ("@builder", 0), ("@defaulting", 0)],
    ids=["except-fallback", "guard-before-the-call", "builder", "after-the-call"],
)
def test_a_wrapper_substituting_a_value_only_where_the_body_gives_none_keeps_the_finding(
    tmp_path: Path, style: str, decorator: str, expected: int
) -> None:
    # 28d71f3 (round 34, pypika's ``@builder``) read any wrapper returning something other
    # than the wrapped call's value as supplying the documented value.  A fallback in an
    # ``except`` handler or a guard before the call replaces the value only on paths where
    # the body does not run to its end: the body's stale Returns is still what callers get.
    # A value the wrapper returns after the call returned normally (builder, defaulting) is
    # the wrapper's own and keeps the finding silent.
    files = {
        "pkg/__init__.py": "",
        "pkg/utils.py": _WRAPPERS,
        "pkg/loader.py": _LOADER.format(decorator=decorator, returns=_RETURNS[style]),
    }
    inp = project_input(tmp_path, files, "pkg/loader.py", "Loader.load")
    found = c3_returns_without_value(inp)
    assert len(found) == expected, [f.message for f in found]


_FORMAT = '''
def names(format="ri", verbose=False):
    """Column names.

    Parameters
    ----------
    format : str
      {line}
    verbose : bool
        Talk.
    """
    return [format, verbose]
'''


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Format: ri, ma, db", []),
        ("Default: 'ri'", []),
        ("formt : str", ["formt : str"]),
    ],
    ids=["label-colon", "default-colon", "control-numpy-head"],
)
def test_a_numpy_description_two_columns_deep_starting_word_colon_is_no_entry(
    tmp_path: Path, line: str, expected: list[str]
) -> None:
    # round 31 (scikit-rf Touchstone.get_sparameter_names, 2 FALSE): ``format : str`` then
    # ``  Format: ri, ma, db`` indented 2 columns was read as an entry a slip too deep
    # ("documents parameter Format").  numpydoc reads every deeper line as the entry's
    # description; a NumPy ``name : type`` head a slip deeper stays an entry (and reported).
    found = flagged(c1_param_unknown, tmp_path, _FORMAT.format(line=line), "names")
    assert [f.text for f in found] == expected


_CLONE_DOCS = {
    "NumPy": "Returns\n        -------\n        {doc}\n            A fresh instance.",
    "Google": "Returns:\n            {doc}: A fresh instance.",
    "reST": ":returns: A fresh instance.\n        :rtype: {doc}",
}

_CLONE = '''
class Bootstrap:
    def __init__(self, data):
        self.data = data

    def clone(self, data) -> {ann}:
        """Clone with other data.

        {returns}
        """
        return {body}
'''


@pytest.mark.parametrize("style", sorted(_CLONE_DOCS))
@pytest.mark.parametrize(
    ("doc", "ann", "body", "expected"),
    [
        ("type[self]", '"Bootstrap"', "self.__class__(data)", 0),
        ("type(self)", '"Bootstrap"', "type(self)(data)", 0),
        ("type[self]", "type", "type(self)", 0),
        ("type[self]", "str", "str(data)", 1),
    ],
    ids=["type-of-self", "call-form", "class-object", "control-str"],
)
def test_type_of_self_documented_under_returns_is_the_enclosing_class(
    tmp_path: Path, style: str, doc: str, ann: str, body: str, expected: int
) -> None:
    # round 31 (arch ``IIDBootstrap.clone``, FALSE): ``type[self]`` under Returns for
    # ``-> "IIDBootstrap"`` returning ``self.__class__(...)`` -- ``self`` is no type, the
    # entry means "an instance of self's class".  Another type stays reported.
    code = _CLONE.format(ann=ann, body=body, returns=_CLONE_DOCS[style].format(doc=doc))
    found = flagged(c2_return_type, tmp_path, code, "Bootstrap.clone")
    assert len(found) == expected, [f.message for f in found]


_KERNEL_DOCS = {
    "NumPy": "Parameters\n    ----------\n    ints_arr : ndarray\n        Integers.\n\n"
    "    Returns\n    -------\n    np.uint64\n        The integer with those bits set.",
    "Google": "Args:\n        ints_arr (ndarray): Integers.\n\n"
    "    Returns:\n        np.uint64: The integer with those bits set.",
    "reST": ":param ints_arr: Integers.\n    :returns: The integer with those bits set.",
}

_KERNEL = '''
import numba
from numba import guvectorize, njit


{decorator}
def to_bits(ints_arr, out):
    """Convert the set bits to an integer.

    {returns}
    """
    out[0] = 0
    for i in ints_arr:
        out[0] |= 1 << i
'''


@pytest.mark.parametrize("style", sorted(_KERNEL_DOCS))
@pytest.mark.parametrize(
    ("decorator", "expected"),
    [
        ("@guvectorize(['(i4[:], u8[:])'], '(m)->()', nopython=True)", 0),
        ("@numba.guvectorize(['(i4[:], u8[:])'], '(m)->()')", 0),
        ("@njit(cache=True)", 1),
    ],
    ids=["guvectorize", "qualified", "control-njit"],
)
def test_a_guvectorize_kernel_documents_the_output_its_ufunc_returns(
    tmp_path: Path, style: str, decorator: str, expected: int
) -> None:
    # round 31 (quantecon ``_ints_arr_to_bits``, FALSE): numba's ``@guvectorize`` compiles a
    # kernel that fills its output argument into a ufunc returning that output; the Returns
    # documents it.  An ``@njit`` function returning nothing keeps the finding.
    code = _KERNEL.format(decorator=decorator, returns=_KERNEL_DOCS[style])
    found = flagged(c3_returns_without_value, tmp_path, code, "to_bits")
    assert len(found) == expected, [f.message for f in found]


_SLOTS_DOCS = {
    "NumPy": "Parameters\n    ----------\n    start : int\n        Minimum.\n"
    "    *bounds : int\n        The other bounds.",
    "Google": "Args:\n        start (int): Minimum.\n        *bounds (int): The other bounds.",
    "reST": ":param int start: Minimum.\n    :param bounds: The other bounds.",
}

_CONSTRAINTS = '''
class AbstractConstraint:
    def __init__(self, {base}):
        self._values = values


class RangeConstraint(AbstractConstraint):
    """Satisfied by any value in the range.

    {doc}
    """

    def _set_values(self, values):
        self.start, self.stop = values[:2]
'''


@pytest.mark.parametrize("style", sorted(_SLOTS_DOCS))
@pytest.mark.parametrize(
    ("base", "own", "expected"),
    [
        ("*values", False, 0),
        ("*values", True, 2),
        ("name, *values", False, 2),
    ],
    ids=["inherited-varargs", "control-own-init", "control-named-base"],
)
def test_a_class_names_the_slots_of_an_inherited_varargs_constructor(
    tmp_path: Path, style: str, base: str, own: bool, expected: int
) -> None:
    # round 32 (pyasn1 ValueRangeConstraint, 2 FALSE; ConstraintsExclusion ``*constraints``,
    # 2 DEB): the class inherits ``AbstractConstraint.__init__(self, *values)`` and gives the
    # positional slots their meaning, which its docstring can only name by it.  The class's
    # own ``__init__(self, *values)`` and a base with a named parameter keep the findings.
    code = _CONSTRAINTS.format(base=base, doc=_SLOTS_DOCS[style])
    if own:
        code += "\n    def __init__(self, *values):\n        super().__init__(*values)\n"
    found = [
        f
        for f in default_findings(tmp_path, textwrap.dedent(code).lstrip("\n"))
        if f.rule == "C1-PARAM-UNKNOWN" and f.qualname == "RangeConstraint"
    ]
    assert len(found) == expected, [f.message for f in found]


_UPLOAD_DOCS = {
    "reST": ":param use_import: Use the import mechanism. {text}",
    "Google": "Args:\n        use_import (bool): Use the import mechanism. {text}",
    "NumPy": "Parameters\n    ----------\n    use_import : bool\n"
    "        Use the import mechanism. {text}",
}

_UPLOAD = '''
def create_image(name, use_import=False):
    """Create an image.

    {doc}
    """
    return name, use_import
'''


@pytest.mark.parametrize("style", sorted(_UPLOAD_DOCS))
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "This defaults to false because it is harder on the cloud. If the cloud has "
            "disabled direct uploads, this will default to true.",
            0,
        ),
        ("Defaults to false because it is slow. When the cloud is busy, defaults to true.", 0),
        ("If the upload should use the import, defaults to true.", 1),
        ("If not given, defaults to true.", 1),
        ("If None, this will default to true.", 1),
        ("If True, import even when uploads work (defaults to True)", 1),
        ("Defaults to true.", 1),
    ],
    ids=[
        "behaviour-condition",
        "when-condition",
        "control-condition-alone",
        "control-absence",
        "control-none",
        "control-parenthesis",
        "control",
    ],
)
def test_a_default_stated_under_a_condition_is_not_the_signatures(
    tmp_path: Path, style: str, text: str, expected: int
) -> None:
    # round 32 (openstacksdk ``create_image``, FALSE): "If the cloud has disabled direct
    # uploads, this will default to true" after "This defaults to false": the value under
    # that condition.  A condition on the argument's absence ("If not given", "If None")
    # states the default itself and stays compared, as do a conditional default the entry
    # states alone (pymongo's "If the operation should be retried once, defaults to None",
    # TRUE), one in parentheses after the condition's clause and a plain "Defaults to true."
    code = _UPLOAD.format(doc=_UPLOAD_DOCS[style].format(text=text))
    found = flagged(c2_default_mismatch, tmp_path, code, "create_image")
    assert len(found) == expected, [f.message for f in found]


_POINTER = '''
def _check_input(spiketrains, bin_size):
    """Check the input given to SPADE.

    Parameters
    ----------
    {line}

    Returns
    -------
    bool
        Whether the stability calculation is used.
    """
    return bool(spiketrains) and bool(bin_size)
'''


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("see :`func`:`spade`", []),
        ("see :func:`spade`", []),
        ("sea : :class:`Ocean`", ["sea : :class:`Ocean`"]),
    ],
    ids=["role-in-backticks", "role", "control-typed-entry"],
)
def test_a_pointer_sentence_alone_under_parameters_is_no_entry(
    tmp_path: Path, line: str, expected: list[str]
) -> None:
    # round 31 (elephant ``spade._check_input``, FALSE): "see :`func`:`spade`" -- a role
    # whose name was typed in backticks -- alone under Parameters was read as an entry named
    # "see".  A ``name : :class:`Type``` entry is one, and an unknown name stays reported.
    found = flagged(c1_param_unknown, tmp_path, _POINTER.format(line=line), "_check_input")
    assert [f.text for f in found] == expected


_OPERAND_DOCS = {
    "reST": ":param num: (optional) number of networks to move.",
    "Google": "Args:\n            num (int, optional): number of networks to move.",
    "NumPy": "Parameters\n        ----------\n        num : int, optional\n"
    "            number of networks to move.",
}

_NETWORK = '''
class Network:
    def __init__(self, value):
        self.value = value

    def {name}(self, num):
        """Move the network.

        {doc}
        """
        self.value += num * 256
        return self
'''


@pytest.mark.parametrize("style", sorted(_OPERAND_DOCS))
@pytest.mark.parametrize(
    ("name", "strong"),
    [("__iadd__", 0), ("__sub__", 0), ("__getitem__", 0), ("__delitem__", 0), ("move", 1)],
    ids=["iadd", "sub", "getitem", "delitem", "control"],
)
def test_an_operator_methods_operand_documented_optional_is_the_weak_rule(
    tmp_path: Path, style: str, name: str, strong: int
) -> None:
    # round 32 (netaddr ``IPNetwork.__iadd__``/``__isub__``, 2 DEB): "(optional)" on the
    # operand of an operator method, which ``net += n`` always supplies: inaccurate and
    # harmless, as a framework callback's arguments are -- the opt-in weak rule; so is a
    # subscript method's key, which ``obj[key]`` always supplies (round 40, cf_xarray
    # ``__getitem__``, 2 DEB).  The same entry on a named method stays C2-OPTIONAL-FLAG.
    code = _NETWORK.format(name=name, doc=_OPERAND_DOCS[style])
    strong_found = flagged(c2_optional_flag, tmp_path, code, f"Network.{name}")
    weak_found = flagged(c2_optional_flag_weak, tmp_path / "w", code, f"Network.{name}")
    assert (len(strong_found), len(weak_found)) == (strong, 1 - strong)


_NOQA_UNDERLINE = '''
def threshold_detection(signal, threshold=0.0):
    """Detect the crossings.

    Parameters
    ----------
    {name} : list
        The signal.
    threshold : float
        The threshold.

    Returns
    ------- # noqa
    result_st : list
        The spike times.
    """
    return [s for s in signal if s > threshold]
'''


@pytest.mark.parametrize(
    ("name", "expected"),
    [("signal", []), ("sig", ["sig"])],
    ids=["noqa-underline", "control-stale-entry"],
)
def test_a_numpy_underline_with_a_trailing_comment_opens_its_section(
    tmp_path: Path, name: str, expected: list[str]
) -> None:
    # round 31 (elephant threshold_detection / peak_detection, 2 DEB): "Returns" over
    # the dashes and a noqa comment (numpydoc reads any line opening with dashes as the underline)
    # was no section, so "Returns" and "result_st" read as parameter entries.  A stale
    # entry in the Parameters above stays reported.
    found = flagged(
        c1_param_unknown, tmp_path, _NOQA_UNDERLINE.format(name=name), "threshold_detection"
    )
    assert [f.text.split()[0] for f in found] == expected


_NOTE = '''
def renumber(from_ports, to_ports):
    """Renumber the ports.

    Parameters
    ----------
    from_ports : list
        The ports to move.
    to_ports : list
        Where they go.

    {line}
    """
    return from_ports, to_ports
'''


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("NB : from_ports and to_ports must have same size.", []),
        ("Note : the ports are counted from zero.", []),
        ("NB : int", ["NB"]),
        ("ports : list of int", ["ports"]),
    ],
    ids=["nb-note", "note", "control-typed-nb", "control-stale-entry"],
)
def test_a_note_at_the_entries_indent_is_no_parameter(
    tmp_path: Path, line: str, expected: list[str]
) -> None:
    # round 31 (scikit-rf ``Network.renumber``, DEB): "NB : from_ports and to_ports must
    # have same size." written at the entries' indent is a remark, not a parameter named NB.
    # An entry with a type ("NB : int") and a stale entry stay reported.
    found = flagged(c1_param_unknown, tmp_path, _NOTE.format(line=line), "renumber")
    assert [f.text.split()[0] for f in found] == expected


_PPF_DOCS = {
    "NumPy": "Parameters\n    ----------\n    ppf : function\n        A post-processing function.",
    "Google": "Args:\n        ppf (function): A post-processing function.",
    "reST": ":param ppf: A post-processing function.\n    :type ppf: callable",
}

_PPF = '''
def plot_bounds(ntwk, ppf: {ann} = None):
    """Plot the bounds.

    {doc}
    """
    if ppf is not None:
        {use}
    return ntwk
'''


@pytest.mark.parametrize("style", sorted(_PPF_DOCS))
@pytest.mark.parametrize(
    ("ann", "use", "expected"),
    [
        ("bool", "ntwk = ppf(ntwk)", 0),
        ("int", "ntwk = ppf (ntwk)", 0),
        ("bool", "ntwk = ntwk[::-1]", 1),
        ("list", "ntwk = ppf(ntwk)", 1),
    ],
    ids=["called-bool", "called-int", "control-not-called", "control-list"],
)
def test_a_parameter_the_body_calls_is_the_documented_callable(
    tmp_path: Path, style: str, ann: str, use: str, expected: int
) -> None:
    # round 31 (scikit-rf ``plot_*_bounds_component``, 2 DEB): ``ppf: bool = None``
    # documented "function" and called by the body -- a bool cannot be called, the docstring
    # is true to the code and the annotation is the side to fix.  Not called, or annotated
    # with something that is no plain value, the finding stays.
    code = _PPF.format(ann=ann, use=use, doc=_PPF_DOCS[style])
    found = flagged(c2_param_type, tmp_path, code, "plot_bounds")
    assert len(found) == expected, [f.message for f in found]
