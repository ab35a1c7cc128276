"""Static rules: mechanism gaps behind round 15's false and debatable findings (sktime,
librosa, imbalanced-learn), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.doctypes import c1_doctype_unresolved
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.optional_flag import c2_optional_flag
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.types_rules import c2_param_type, c2_param_weak

from tests.names_helpers import xref_all
from tests.static_helpers import flagged, project_findings, project_rule_ids, rule_ids

_TOL = '''
def window_from_tol_coef(n: float, tol_coef: float, max_window: int = 4096) -> int:
    """Return length of window.

    The window for small `n` or MENTION can become extremely large.
    """
    return int(n / tol_coef / max_window)
'''


@pytest.mark.parametrize(
    ("mention", "reported"),
    [
        # round 15 (sktime's fracdiff ``window_from_tol_coef``): a regex-style group
        # completing a prefix names ``tol_memory`` / ``tol_coef`` (a parameter of this
        # function and of its sibling), it calls no ``tol_``
        ("`tol_(memory|coef)`", False),
        ("tol_(memory|coef)", False),
        ("`tol_(memory | coef)`", False),
        # controls: a call of a misspelt name stays reported, backticked or plain, and so
        # does a call whose argument is a bitwise or (the called name has no trailing ``_``)
        ("`tol_coeff(n)`", True),
        ("tol_coeff(n)", True),
        ("`tol_coeff(n|m)`", True),
    ],
)
def test_a_regex_group_after_a_prefix_is_no_call(
    tmp_path: Path, mention: str, reported: bool
) -> None:
    # (the module is ``tol``, close to ``tol_``: sktime's "did you mean `tol`?")
    code = _TOL.replace("MENTION", mention)
    found = flagged(c1_name_unresolved, tmp_path, code, "window_from_tol_coef", filename="tol.py")
    assert [f.rule for f in found] == (["C1-NAME-UNRESOLVED"] if reported else [])


_DTYPE = '''
from typing import Optional

import numpy as np


def dtype_r2c(d, default: ANNOTATION = np.complex64):
    """Find the complex numpy dtype corresponding to a real dtype.

    Parameters
    ----------
    d : np.dtype
        The real-valued dtype to convert to complex.
    default : DOC
        The default complex target type.
    """
    return default
'''


@pytest.mark.parametrize(
    ("annotation", "doc", "reported"),
    [
        # round 15 (librosa's ``dtype_r2c`` / ``dtype_c2r``): NumPy takes a scalar type
        # wherever it takes a dtype, so "np.dtype" documents what a ``type`` parameter takes
        ("Optional[type]", "np.dtype, optional", False),
        ("type", "numpy.dtype", False),
        ("type[np.complexfloating]", "np.dtype", False),
        # controls: a dtype documented for a number, or a type for a dtype, stays reported
        ("int", "np.dtype", True),
        ("Optional[int]", "np.dtype, optional", True),
    ],
)
def test_a_dtype_documents_a_type_parameter(
    tmp_path: Path, annotation: str, doc: str, reported: bool
) -> None:
    code = _DTYPE.replace("ANNOTATION", annotation).replace("DOC", doc)
    # NumPy's dtype is no standard-library type: the opt-in C2-PARAM-TYPE-WEAK
    assert rule_ids([c2_param_type, c2_param_weak], tmp_path, code, "dtype_r2c") == (
        ["C2-PARAM-TYPE-WEAK"] if reported else []
    )


_BASE = '''
class BaseForecaster:
    def fit(self, y, X=None, fh=None):
        """Fit; ``X`` and ``fh`` may be left out."""
        return self._fit(y=y, X=X, fh=fh)

    def predict(self, fh, X=None):
        """Predict."""
        return self._predict(fh=fh, X=X)
'''

_FILLS = "if fh is None:\n            fh = 1\n        "

_ESTIMATOR = '''
from MODULE import BaseForecaster


class Ensemble(BaseForecaster):
    def METHOD(self, y, X, fh):
        """Fit to training data.

        Parameters
        ----------
        y : pd.Series
            Target time series.
        fh : int, list or np.array, optional, default=None
            The forecasting horizon.
        """
        self.fh_ = fh
        return self
'''


@pytest.mark.parametrize(
    ("method", "module", "base", "reported"),
    [
        # round 15 (sktime's ``EnsembleForecaster._fit`` and 5 more): the public
        # ``fit(y, X=None, fh=None)`` of a project base calls ``self._fit(...)``, passing
        # None when its caller gave nothing; ``_fit`` documents ``fh`` as ``fit`` does
        ("_fit", "pkg.base._base", _BASE, False),
        # the base imported through its package's re-export
        ("_fit", "pkg.base", _BASE, False),
        # controls: the public twin requires ``fh`` (``predict(fh, X=None)``), the twin
        # calls no ``self._fit``, no twin at all: stays reported
        ("_predict", "pkg.base", _BASE, True),
        ("_fit", "pkg.base", _BASE.replace("return self._fit(y=y, X=X, fh=fh)", "return y"), True),
        ("_update", "pkg.base", _BASE, True),
        # control (round 15, sktime's ``_download``, TRUE x3): the twin fills the default in
        # before the call, so ``_fit`` always gets a value and "optional" on it is wrong
        ("_fit", "pkg.base", _BASE.replace("return self._fit", _FILLS + "return self._fit"), True),
    ],
)
def test_an_inner_method_documented_like_its_public_wrapper(
    tmp_path: Path, method: str, module: str, base: str, reported: bool
) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/base/__init__.py": "from pkg.base._base import BaseForecaster\n",
        "pkg/base/_base.py": base,
        "pkg/ensemble.py": _ESTIMATOR.replace("METHOD", method).replace("MODULE", module),
    }
    found = project_rule_ids(
        c2_optional_flag, tmp_path, files, "pkg/ensemble.py", f"Ensemble.{method}"
    )
    assert found == (["C2-OPTIONAL-FLAG"] if reported else [])


@pytest.mark.parametrize(
    ("mention", "reported"),
    [
        # round 16 (cirq's "if qubits are not ``cirq.GridQubits``", "a predicate on
        # ``ops.Operations``"): the plural of a class names its instances
        ("``pkg.GridQubits``", False),
        # controls: a typo of the class, and a singular written for a plural class name
        # (cirq's ``cirq.SumOfProduct`` for ``SumOfProducts``), stay reported
        ("``pkg.GridQubitz``", True),
        ("``pkg.SumOfProduct``", True),
    ],
)
def test_the_plural_of_a_class_names_its_instances(
    tmp_path: Path, mention: str, reported: bool
) -> None:
    files = {
        "pkg/__init__.py": "from pkg.devices import GridQubit, SumOfProducts\n",
        "pkg/devices.py": "class GridQubit:\n    pass\n\n\nclass SumOfProducts:\n    pass\n",
        "pkg/calibrate.py": (
            "from pkg.devices import GridQubit\n\n\n"
            "def calibrate(qubits):\n"
            f'    """Calibrate; raises if the qubits are not {mention}."""\n'
            "    return [GridQubit() for _ in qubits]\n"
        ),
    }
    found = project_rule_ids(c1_name_unresolved, tmp_path, files, "pkg/calibrate.py", "calibrate")
    assert found == (["C1-NAME-UNRESOLVED"] if reported else [])


_RESIDUES = '''
from pkg.groups import Resids, Residue


def residues(ids):
    """The residues of some ids.

    Returns
    -------
    List of TYPE
        The residues.
    """
    return [Residue() for _ in ids]
'''


@pytest.mark.parametrize(("name", "reported"), [("Residues", False), ("Residuez", True)])
def test_the_plural_of_a_class_in_a_type_phrase(tmp_path: Path, name: str, reported: bool) -> None:
    # round 16 (MDAnalysis ``topologyattrs``): "List of Residues" documents instances of the
    # imported ``Residue`` (not a typo of ``Resids``, which it was reported for); a misspelt
    # class stays reported
    files = {
        "pkg/__init__.py": "",
        "pkg/groups.py": "class Residue:\n    pass\n\n\nclass Resids:\n    pass\n",
        "pkg/attrs.py": _RESIDUES.replace("TYPE", name),
    }
    found = project_rule_ids(c1_doctype_unresolved, tmp_path, files, "pkg/attrs.py", "residues")
    assert found == (["C1-DOCTYPE-UNRESOLVED"] if reported else [])


_INTENTS = '''
class Intents:
    def on_json_loading_failed(self, error):
        return error

    @property
    def reactions(self):
        """Whether reaction events are enabled.

        This corresponds to the following events:

        - :func:`TARGET` (both guilds and DMs)
        """
        return 1 << 10
'''


@pytest.mark.parametrize(
    ("target", "words", "reported"),
    [
        # round 16 (discord.py's Intents flags, 104 findings): ``on_<event>`` among "the
        # following events" is the handler a user defines, looked up as ``'on_' + event``
        ("on_reaction_add", "events", []),
        # controls: a typo of a method in scope, and ``on_...`` in a docstring that speaks
        # of no event (werkzeug's ``on_json_loading_failed``), stay reported (the latter,
        # with no close name in scope, under the opt-in C1-XREF-UNCORROBORATED since
        # session 14)
        ("on_json_loadng_failed", "events", ["C1-XREF-UNRESOLVED"]),
        ("on_reaction_add", "things", ["C1-XREF-UNCORROBORATED"]),
    ],
)
def test_an_event_handler_name_among_events(
    tmp_path: Path, target: str, words: str, reported: list[str]
) -> None:
    code = _INTENTS.replace("TARGET", target).replace("events", words)
    assert rule_ids(xref_all, tmp_path, code, "Intents.reactions") == reported


_ATTR_DICT = '''
class AttrDict:
    """A dict with attribute access."""

    def __init__(self, d):
        self._d_ = d

    def __getattr__(self, name):
        return self._d_[name]
'''

_OPTION = '''
from pkg.utils import AttrDict


class Option(AttrDict):
    """
    :arg text: (required)
    :arg _id:
    :arg ENTRY:
    :arg stale:
    :arg old:
    """

    text: str
    _id: str
'''


@pytest.mark.parametrize(
    ("entry", "reported"), [("_index", ["old", "stale"]), ("_indx", ["_indx", "old", "stale"])]
)
def test_an_underscored_annotated_field_documented_in_the_class(
    tmp_path: Path, entry: str, reported: list[str]
) -> None:
    # round 16 (elasticsearch's ``CompletionSuggestOption``, ``Response``): ``_id: str``
    # declared in the class body and documented ``:arg _id:`` is a field of the wrapped
    # document, as ``text`` is; a name the body does not declare stays reported (two stale
    # names: one alone would read as a rename of the base's ``d``, another gate's business)
    files = {
        "pkg/__init__.py": "",
        "pkg/utils.py": _ATTR_DICT,
        "pkg/types.py": _OPTION.replace("ENTRY", entry).replace(
            "_id: str", "_id: str\n    _index: str"
        ),
    }
    found = project_findings(tmp_path, files, "pkg/types.py")
    assert sorted(f.message.split('"')[1] for f in found) == reported


_PLOTTER = '''
def plotter(xaxis: str = "capacity", hide_negative: bool = False) -> None:
    """Plot.

    Args:
        ENTRIES
    """
    return None
'''


@pytest.mark.parametrize(
    ("entries", "reported"),
    [
        # round 16 (pymatgen's ``VoltageProfilePlotter``): bullets at the entries' indent
        # under an entry that is no bullet list its values (napoleon renders them so)
        (
            "xaxis: The quantity to use. Can be either\n        - capacity_grav: gravimetric\n"
            "        - x_form: ions per formula unit\n        hide_negative: If True, hide.",
            [],
        ),
        # controls: a stale name in entries that are all bullets, and a stale entry after
        # the bullets, stay reported
        ("- xaxis: The quantity.\n        - x_axis: The old name.", ["x_axis"]),
        (
            "xaxis: The quantity. Can be either\n        - capacity_grav: gravimetric\n"
            "        hide_negatives: If True, hide.",
            ["hide_negatives"],
        ),
    ],
)
def test_bullets_under_an_entry_are_its_values(
    tmp_path: Path, entries: str, reported: list[str]
) -> None:
    found = flagged(c1_param_unknown, tmp_path, _PLOTTER.replace("ENTRIES", entries), "plotter")
    assert [f.message.split('"')[1] for f in found] == reported


_GROK = '''
def find_structure(field=None, grok_pattern=None):
    """Find the structure of a text field.

    If the structure is unknown, generic field names such as `path`, `ipaddress`,
    `NAME`, and `field2` are used in the `grok_pattern` output.
    """
    return field, grok_pattern
'''


@pytest.mark.parametrize(("name", "reported"), [("field1", False), ("fielt", True)])
def test_a_numbered_example_of_a_name_is_data(tmp_path: Path, name: str, reported: bool) -> None:
    # round 16 (elasticsearch ``find_structure``): ``field1`` beside the parameter ``field``
    # is a numbered example name of the data, no typo of it; a misspelling stays reported
    found = rule_ids(c1_name_unresolved, tmp_path, _GROK.replace("NAME", name), "find_structure")
    assert found == (["C1-NAME-UNRESOLVED"] if reported else [])
