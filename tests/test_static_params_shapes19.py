"""C1-PARAM-UNKNOWN false-alarm mechanisms of session 19 (lead), each with a control beside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.params import c1_param_unknown

from .static_helpers import default_findings, run_rule

_REWRITING = """
from functools import wraps


def to_range(method):
    @wraps(method)
    def wrapper(self, *args, **kwargs):
        if len(args) >= 4 and all(isinstance(a, int) for a in args[:4]):
            args = (f"{args[0]}:{args[3]}",) + args[4:]
        return method(self, *args, **kwargs)
    return wrapper


def converting(method):
    @wraps(method)
    def wrapper(self, *args, **kwargs):
        args = tuple(str(a) for a in args)
        return method(self, *args, **kwargs)
    return wrapper


def logged(method):
    @wraps(method)
    def wrapper(self, *args, **kwargs):
        print(args)
        return method(self, *args, **kwargs)
    return wrapper
"""

_RANGED = '''
from deco import converting, logged, to_range


class Sheet:
    @DECORATOR
    def fetch(self, name: str = "", value: str = "") -> list:
        """Cells of a range.

        :param name: A range in A1 notation.
        :param value: A DOCUMENTED_VALUE.

        Alternatively, you may give numeric boundaries:

        :param int first_row: First row number
        :param int last_col: Last column number
        """
        return [name, value]
'''


@pytest.mark.parametrize(
    ("decorator", "value_entry", "flagged"),
    [
        ("to_range", "value", 0),  # every parameter documented: the numbers are another form
        ("to_range", "note", 3),  # ``value`` undocumented, ``note`` for it: a stale name too
        ("logged", "value", 2),  # the wrapper hands *args on unchanged: no other form
        ("converting", "value", 2),  # converts each argument, keeps the call's shape
    ],
    ids=["rewriting-all-documented", "rewriting-one-renamed", "not-rewriting", "converting"],
)
def test_a_decorator_rewriting_positional_arguments(
    tmp_path: Path, decorator: str, value_entry: str, flagged: int
) -> None:
    # round 30: a decorator turning four leading numbers into one range string; the method's
    # docstring documents both calling forms; the same decorator on a method whose entry
    # lost its parameter's name stays reported
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "deco.py").write_text(_REWRITING, encoding="utf-8")
    code = _RANGED.replace("DECORATOR", decorator).replace(
        ":param value: A DOCUMENTED_VALUE.", f":param {value_entry}: A value."
    )
    assert len(run_rule(c1_param_unknown, tmp_path, code, "Sheet.fetch")) == flagged


_PACKED = '''
class Sampler:
    @staticmethod
    def sample(args):
        """Sample a new point.

        Parameters
        ----------
        u : ndarray
            Initial sample (not used).
        loglstar : float
            Likelihood bound.
        axes : ndarray
            Proposal axes (not used).
        prior_transform : function
            Maps the unit cube to the parameters.
        loglikelihood : function
            The likelihood.
        """
        v = args.prior_transform(READ_U)
        return v, args.loglikelihood(v) > args.loglstar
'''


@pytest.mark.parametrize(
    ("read", "flagged"),
    [
        ("args.u", 0),
        ("args.kwargs['u']", 0),
    ],
    ids=["attributes", "attributes-and-key"],
)
def test_entries_documenting_the_fields_of_a_packed_argument(
    tmp_path: Path, read: str, flagged: int
) -> None:
    # round 29: a sampler's ``sample(args)`` documents the fields of the record it is handed;
    # the body reads them as ``args.<field>``
    code = _PACKED.replace("READ_U", read)
    assert len(run_rule(c1_param_unknown, tmp_path, code, "Sampler.sample")) == flagged


@pytest.mark.parametrize(
    ("code", "flagged"),
    [
        # one field read only: two entries must be read off the argument
        (_PACKED.replace("args.loglikelihood(v) > args.loglstar", "v").replace("READ_U", "0.5"), 5),
        # the argument documented itself: the other entries are stale, not its fields
        (
            _PACKED.replace(
                "        u : ndarray\n",
                "        args : Record\n            The record.\n        u : ndarray\n",
            ),
            5,
        ),
        # the entries read as another object's attributes, not the argument's
        (_PACKED.replace("args.", "self_state."), 5),
        # one of several parameters: a refactor packed the documented ones (emcee's
        # ``update(old_state, new_state, accepted)`` still documenting ``coords``: stale)
        (_PACKED.replace("def sample(args):", "def sample(args, accepted):"), 5),
    ],
    ids=["one-field-read", "argument-documented", "another-object", "one-of-several"],
)
def test_entries_not_read_off_the_argument_stay_reported(
    tmp_path: Path, code: str, flagged: int
) -> None:
    code = code.replace("READ_U", "args.u" if "args." in code else "self_state.u")
    assert len(run_rule(c1_param_unknown, tmp_path, code, "Sampler.sample")) == flagged


_DECLARING = '''
class ConfigDict:
    def declare(self, name, value):
        return value


class Transformation:
    def __init__(self):
        self.done = False

    def apply_to(self, model, **kwds):
        return model


class Hull(Transformation):
    """Relax a model by forming its hull.

    This transformation accepts the following keyword arguments:

    Parameters
    ----------
    perspective_function : str
        The perspective function.
    EPS : float
        The value to use for epsilon [default: 1e-4]
    targets : list
        The targets to transform.
    """

    CONFIG = ConfigDict()
    CONFIG.declare('perspective function', 'FurmanSawayaGrossmann')
    CONFIG.declare('EPS', 1e-4)
    CONFIG.declare(TARGETS, None)

    def _apply(self, model):
        self.CONFIG.declare("in_a_method", None)
        return model
'''


@pytest.mark.parametrize(
    ("targets", "flagged"),
    [
        ('"targets"', []),
        # the control: an entry no statement of the class body declares stays reported
        ('"target_list"', ["targets"]),
        # a name declared inside a method is no option of the class body
        ("None", ["targets"]),
    ],
    ids=["declared", "declared-otherwise", "not-declared"],
)
def test_a_class_documenting_the_options_its_body_declares(
    tmp_path: Path, targets: str, flagged: list[str]
) -> None:
    # round 29: model transformations declare their options on a class-level config object
    # and document them under Parameters ("accepts the following keyword arguments")
    code = _DECLARING.replace("TARGETS", targets)
    if targets == "None":
        code = code.replace('"in_a_method"', '"targets"')
    findings = [f for f in default_findings(tmp_path, code) if f.rule == "C1-PARAM-UNKNOWN"]
    assert [f.message.split('"')[1] for f in findings] == flagged
