"""Static rules: the false-alarm patterns of precision round 9 (held-out projects), each with
a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.base import StaticInput
from docref.checks.static.doctypes import c1_doctype_unresolved
from docref.checks.static.names import c1_name_derived, c1_prose_name_word
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import (
    c3_raises_generic,
    c3_raises_unraised,
    c3_returns_without_value,
)
from docref.checks.static.types_rules import c2_return_type
from docref.checks.types_parse import parse_doc_type
from docref.core.findings import Finding

from tests.names_helpers import both_rules, messages, write_project_file, xref_all
from tests.static_helpers import run_rule, static_input

_KELVIN = '''
def kerp_zeros(nt):
    """Zeros of the derivative of the Kelvin function ker.

    See Also
    --------
    kerp, kerpp
    """
    return nt
'''


def _optional_any(inp: StaticInput) -> list[Finding]:
    """C2-OPTIONAL-FLAG and its opt-in part (a parameter the body never reads, which these
    tests' stub bodies are): what they test is the claim's detection, not the split
    (tests/test_static_ty12a.py)."""
    return c2_optional_flag(inp) + c2_optional_flag_weak(inp)


def test_a_package_star_importing_a_module_without_source(tmp_path: Path) -> None:
    # round 9 (scipy.special): ``from ._ufuncs import *`` in the package ``__init__`` brings
    # the compiled ufuncs (``kerp``) a See Also names; the wheel has no source for them
    write_project_file(tmp_path, "special/__init__.py", "from ._ufuncs import *\n")
    assert run_rule(xref_all, tmp_path, _KELVIN, "kerp_zeros", filename="special/_basic.py") == []
    # control: a package star-importing a module it has the source of still reports a name
    # that module lacks
    other = tmp_path / "control"
    write_project_file(other, "special/__init__.py", "from ._ufuncs import *\n")
    write_project_file(other, "special/_ufuncs.py", "def kerp(x):\n    return x\n")
    found = run_rule(xref_all, other, _KELVIN, "kerp_zeros", filename="special/_basic.py")
    assert messages(found) == ["`kerpp` names nothing in scope"]


_STUBS = '''
class Base:
    def count_nonzero(self, axis=None):
        """Number of nonzero entries.

        Returns
        -------
        numpy array
            The counts.
        """
        clsname = self.__class__.__name__
        raise NotImplementedError(f"count_nonzero not implemented for {clsname}.")

    def count_explicit(self, axis=None):
        """Number of stored entries.

        Returns
        -------
        numpy array
            The counts.
        """
        self.cache = self.compute()
        raise NotImplementedError("not implemented")

    def delete(self, key):
        """Delete a key.

        Returns:
            `None`
        """
        self.store.pop(key)

    def drop(self, key):
        """Drop a key.

        Returns:
            The dropped key.
        """
        self.store.pop(key)
'''


def test_a_stub_building_its_message_first_and_a_documented_none(tmp_path: Path) -> None:
    # round 9 (scipy's ``_spbase.count_nonzero``): a local name assigned for the message of
    # ``raise NotImplementedError`` keeps the body a stub; huggingface_hub's Returns:
    # "`None`" on a ``-> None`` method says what it returns.  Controls: work before the
    # raise (an attribute set), and a value documented on a body that returns none
    for qualname in ("Base.count_nonzero", "Base.delete"):
        assert run_rule(c3_returns_without_value, tmp_path / qualname, _STUBS, qualname) == []
    for qualname in ("Base.count_explicit", "Base.drop"):
        found = run_rule(c3_returns_without_value, tmp_path / qualname, _STUBS, qualname)
        name = qualname.split(".")[1]
        assert messages(found) == [f"documents a return value, but {name}() never returns one"]


_SHAPES = '''
import numpy as np


def slerp(start, end, t) -> np.ndarray:
    """Interpolate.

    Returns
    -------
    result : (t.size, D)
        The interpolated path.
    """
    return np.stack([start, end])


def pair(start, end) -> tuple[int, int]:
    """A pair.

    Returns
    -------
    (int, str)
        Both ends.
    """
    return (start, end)
'''


def test_a_numpy_shape_written_as_the_returned_type(tmp_path: Path) -> None:
    # round 9 (scipy's ``geometric_slerp``): ``(t.size, D)`` is the shape of the returned
    # array, not a tuple type; ``(int, str)`` of type words stays a tuple type and is judged
    assert parse_doc_type("(t.size, D)") is None
    assert parse_doc_type("(n_samples, n_features)") is None
    assert str(parse_doc_type("(int, str)")) == "tuple[int, str]"
    assert run_rule(c2_return_type, tmp_path / "a", _SHAPES, "slerp") == []
    found = run_rule(c2_return_type, tmp_path / "b", _SHAPES, "pair")
    assert messages(found) == ['says it returns "(int, str)", but pair() returns tuple[int, int]']


_TAG = '''
import pkg.prompt


def reads_tag(entity):
    """Reads the ``pkg.prompt.is_prompt`` tag of the entity; see ``pkg.prompt.load``."""
    return entity
'''


def test_a_dotted_key_the_package_spells_as_a_string(tmp_path: Path) -> None:
    # round 9 (mlflow's ``mlflow.prompt.is_prompt`` tag): a dotted name the package writes as
    # a whole string literal is a key (tag, setting, logger name), not a Python path; a
    # member the module lacks and no string spells stays reported
    write_project_file(tmp_path, "pkg/__init__.py", "")
    write_project_file(tmp_path, "pkg/prompt/__init__.py", "def save():\n    pass\n")
    write_project_file(tmp_path, "pkg/prompt/constants.py", 'IS_PROMPT = "pkg.prompt.is_prompt"\n')
    # a comment quoting a name is prose about it (google-cloud-storage's TRUE finding of
    # round 6, silenced by the first version of this fix): ``pkg.prompt.load`` stays judged
    write_project_file(tmp_path, "pkg/prompt/notes.py", '# "pkg.prompt.load" was removed\n')
    found = both_rules(tmp_path, _TAG, "reads_tag", filename="pkg/auth.py")
    assert messages(found) == ["`pkg.prompt.load` names nothing: module `pkg.prompt` has no `load`"]


_PROSE = r'''
def ndtri_exp(y, shape, ts):
    """Inverse of the function.

    If abs(y) is very small, we derive -x such that z = log_ndtr(-x) and flip the sign;
    for large y, log_ndtr(x) \simeq -x**2 / 2.  Unlike log_ndtr(y) it is exact.
    Like Django's `timesince` formatter.  Unlike `timesince`, it rounds.  An array with shape
    ``shape1`` comes back; ``shapes2`` is not defined anywhere.
    """
    log_ndtr_x = y
    return log_ndtr_x, shape, ts
'''


def test_formulas_owners_and_shape_placeholders(tmp_path: Path) -> None:
    # round 9: ``z = log_ndtr(-x)`` and ``constr_eq(x) = 0`` are formulas (optuna, scipy);
    # "Django's `timesince`" is another project's name (huggingface_hub); "with shape
    # ``shape1``" defines a placeholder (scipy).  Controls: the same names without the
    # relation sign, the owner or the definition stay reported
    found = both_rules(tmp_path, _PROSE, "ndtri_exp")
    # (``shapes2``: ``shape2`` would be the parameter ``shape`` indexed, session 16)
    assert sorted(f.message.split(";")[0] for f in found) == ["`shapes2` names nothing in scope"]
    # a local one word longer (``log_ndtr_x``): the opt-in C1-NAME-DERIVED's (session 12)
    derived = c1_name_derived(static_input(tmp_path, _PROSE, "ndtri_exp"))
    assert [f.message.split(";")[0] for f in derived] == ["`log_ndtr` names nothing in scope"]
    # the uncued word's stale-name guess (`timesince` for `ts`) is the opt-in rule's (round 12a)
    word = c1_prose_name_word(static_input(tmp_path, _PROSE, "ndtri_exp"))
    assert [f.message.split(";")[0] for f in word] == ["`timesince` names nothing in scope"]


_ABSTRACT = '''
from abc import ABC, abstractmethod


class Distribution(ABC):
    @abstractmethod
    def sample(self, shape, *, rng):
        """Draw a sample.

        Parameters
        ----------
        rng : Generator, optional
            The generator.
        """
        raise NotImplementedError()

    @abstractmethod
    def moment(self, order, *, method):
        """A moment.

        Parameters
        ----------
        method : str, optional
            How.
        """
        raise NotImplementedError()

    def mean(self, *, method):
        """The mean.

        Parameters
        ----------
        method : str, optional
            How.
        """
        return self.moment(1, method=method)


class Normal(Distribution):
    def sample(self, shape=(), *, rng=None):
        return shape

    def moment(self, order, *, method):
        return order

    def mean(self, *, method="formula"):
        return 0.0
'''


def test_an_abstract_method_whose_implementations_default_the_parameter(tmp_path: Path) -> None:
    # round 9 (scipy's ``_ProbabilityDistribution.sample``): the abstract signature has no
    # defaults, its implementations do; controls: an implementation that requires it too, and
    # a concrete method (its override's default does not make the base's optional)
    assert run_rule(_optional_any, tmp_path / "a", _ABSTRACT, "Distribution.sample") == []
    # (the abstract ``moment`` never reads ``method``: the opt-in part, session 14)
    expected = {
        "Distribution.moment": "C2-OPTIONAL-FLAG-WEAK",
        "Distribution.mean": "C2-OPTIONAL-FLAG",
    }
    for qualname, rule in expected.items():
        found = run_rule(_optional_any, tmp_path / qualname, _ABSTRACT, qualname)
        assert [f.rule for f in found] == [rule], qualname


_RAISES = '''
class Constraints:
    @property
    def m_eq(self):
        """Number of equality constraints."""
        if self._m_eq is None:
            raise ValueError("unknown")
        return self._m_eq


class Problem:
    def __init__(self, nonlinear, data):
        self._nonlinear = nonlinear
        self.data = data

    @property
    def m_nonlinear_eq(self):
        """Number of nonlinear equality constraints.

        Raises
        ------
        ValueError
            If the number is not known.
        """
        return self._nonlinear.m_eq

    @property
    def m_nonlinear_ub(self):
        """Number of nonlinear inequality constraints.

        Raises
        ------
        RuntimeError
            If the number is not known.
        """
        return self._nonlinear.m_eq

    def assign(self, value):
        """Assign a scalar.

        Raises
        ------
        ValueError
            If the value is not a scalar.
        """
        self.data[:] = value

    def keep(self, key, value):
        """Keep a value.

        Raises
        ------
        ValueError
            If the value is not a scalar.
        """
        cache = {}
        cache[key] = value
        return cache
'''


def test_raised_through_a_property_of_an_attribute_or_a_setitem(tmp_path: Path) -> None:
    # round 9 (scipy's cobyqa ``Problem.m_nonlinear_eq`` reads ``self._nonlinear.m_eq``, a
    # property that raises ValueError; ``netcdf_variable.assignValue`` does ``self.data[:] =
    # value``, numpy's ``__setitem__``).  Controls: an exception the property does not raise,
    # and a store into a local dict, stay reported
    # (a ValueError not raised is the opt-in C3-RAISES-GENERIC's since session 12)
    for qualname in ("Problem.m_nonlinear_eq", "Problem.assign"):
        assert run_rule(_raises_any, tmp_path / qualname, _RAISES, qualname) == []
    for qualname in ("Problem.m_nonlinear_ub", "Problem.keep"):
        found = run_rule(_raises_any, tmp_path / qualname, _RAISES, qualname)
        assert len(found) == 1, qualname
        assert found[0].rule.startswith("C3-RAISES"), qualname


def _raises_any(inp: StaticInput) -> list[Finding]:
    return c3_raises_unraised(inp) + c3_raises_generic(inp)


_AS_AN = '''
def create_experiment(name: str) -> str:
    """Create an experiment.

    Returns:
        String as an integer ID of the created experiment.
    """
    return str(len(name))


def experiment_id(name: str) -> str:
    """The experiment's id.

    Returns:
        The id as an integer.
    """
    return str(len(name))
'''


def test_a_claim_opening_with_the_kind_of_the_value(tmp_path: Path) -> None:
    # round 9 (mlflow's ``create_experiment``): "String as an integer ID" is a string holding
    # an integer; control: "The id as an integer" on ``-> str`` stays reported
    assert run_rule(c2_prose_return_type, tmp_path / "a", _AS_AN, "create_experiment") == []
    found = run_rule(c2_prose_return_type, tmp_path / "b", _AS_AN, "experiment_id")
    assert [f.rule for f in found] == ["C2-PROSE-RETURN-TYPE"]


_UNSUPPORTED = '''
def _raise_unsupported(method):
    message = f"{method} is not supported"
    raise NotImplementedError(message)


def _log_unsupported(method):
    print(f"{method} is not supported")


class Store:
    def latest_versions(self, name):
        """Latest versions.

        Returns:
            List of versions.
        """
        _raise_unsupported("latest_versions")

    def oldest_versions(self, name):
        """Oldest versions.

        Returns:
            List of versions.
        """
        _log_unsupported("oldest_versions")
'''


def test_a_body_ending_in_a_helper_that_always_raises(tmp_path: Path) -> None:
    # round 9 (mlflow's Unity Catalog store): the method always raises through a helper, a
    # stub keeping the store API's docstring; control: a helper that returns
    found = run_rule(
        c3_returns_without_value, tmp_path / "a", _UNSUPPORTED, "Store.latest_versions"
    )
    assert found == []
    found = run_rule(
        c3_returns_without_value, tmp_path / "b", _UNSUPPORTED, "Store.oldest_versions"
    )
    assert messages(found) == ["documents a return value, but oldest_versions() never returns one"]


_TYPEVAR = '''
from typing import TypeVar

TensorT = TypeVar("TensorT")


class Frobber:
    pass


def split(state_dict: dict[str, TensorT], other: Frobber) -> None:
    """Split a state dict.

    Args:
        state_dict (`dict[str, Tensor]`): The tensors.
        other (`Frobbler`): A frobber.
    """
'''


def test_a_documented_type_a_type_variable_stands_for(tmp_path: Path) -> None:
    # round 9 (huggingface_hub): ``Tensor`` is what ``TensorT = TypeVar("TensorT")`` stands
    # for, not its old name; control: a misspelt class (``Frobbler``) stays reported
    found = run_rule(c1_doctype_unresolved, tmp_path, _TYPEVAR, "split")
    assert [f.message.split(";")[0] for f in found] == [
        "documented type `Frobbler` names nothing in scope"
    ]


_STALE_SHAPE = '''
def make_mask(shape, window):
    """Make a mask.

    Returns:
      A boolean mask of shape `mask_shape` where True allows attention.
    """
    mask = window
    return mask, shape
'''


def test_a_shape_named_by_a_stale_parameter_is_no_placeholder(tmp_path: Path) -> None:
    # the control of the ``shape1`` placeholder above (round 8's TRUE jax finding, which the
    # first version of that fix silenced): an unnumbered name after "of shape" is judged
    # (a parameter plus a word: the opt-in C1-NAME-DERIVED's since session 12, its one TRUE)
    assert both_rules(tmp_path, _STALE_SHAPE, "make_mask") == []
    found = c1_name_derived(static_input(tmp_path, _STALE_SHAPE, "make_mask"))
    assert [f.message.split(";")[0] for f in found] == ["`mask_shape` names nothing in scope"]
