"""C1 name rules stay silent on names missing on purpose (issue 12, round 6 DEBATABLE)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.params import c1_param_unknown

from tests.names_helpers import both_rules, messages, xref_all
from tests.static_helpers import static_input

_HOOKS = '''
import abc


class Model:
    def fit(self):
        return 1

    def hessian_factor(self, params, scale=None):
        """Weights for the Hessian.

        Parameters
        ----------
        params : ndarray
            Parameters at which the Hessian is evaluated.
        scale : None or float, optional
            Default scale is defined by `self.scaletype` and set in fit.
        """
        raise NotImplementedError("implemented by subclasses")

    @abc.abstractmethod
    def score_factor(self, params):
        """Score weights; the default scale is `self.scaletype`."""
        return params

    def loglike(self, params, scaling=None):
        """Log-likelihood.

        Parameters
        ----------
        params : ndarray
            Parameters.
        scale : float
            Default scale is defined by `self.scaletype` and set in fit.
        """
        return params
'''


def test_an_abstract_hook_speaks_for_its_implementers(tmp_path: Path) -> None:
    expected = ["`self.scaletype` names nothing: class `Model` has no `scaletype`"]
    # control: a concrete method mentioning the same missing attribute stays reported
    concrete = static_input(tmp_path, _HOOKS, "Model.loglike")
    assert messages(c1_name_unresolved(concrete)) == expected
    for hook in ("Model.hessian_factor", "Model.score_factor"):
        assert c1_name_unresolved(static_input(tmp_path, _HOOKS, hook)) == [], hook


def test_an_abstract_hooks_own_signature_is_still_checked(tmp_path: Path) -> None:
    code = _HOOKS.replace(
        "params : ndarray\n            Parameters at", "prams : ndarray\n            At"
    )
    findings = c1_param_unknown(static_input(tmp_path, code, "Model.hessian_factor"))
    assert [f.rule for f in findings] == ["C1-PARAM-UNKNOWN"]
    assert '"prams"' in findings[0].message


_PLACEHOLDER = '''
def helper(x):
    return x


def inflation(exog, idx):
    """Variance inflation factor.

    See Also
    --------
    xxx : class for regression diagnostics  TODO: does not exist yet
    helper
    """
    return exog


def inflation_ratio(exog, idx):
    """Variance inflation ratio.

    See Also
    --------
    xxx : class for regression diagnostics
    helper
    """
    return exog


class Penalty:
    def weights(self, x):
        """Weights; `self._null_drop_keys` does not exist yet."""
        return x

    def drop(self, x):
        """Drop `self._null_drop_keys`."""
        return x
'''


def test_a_name_the_docstring_marks_as_not_existing_yet(tmp_path: Path) -> None:
    # control: the same unresolved See Also entry without the marker stays reported
    assert messages(both_rules(tmp_path, _PLACEHOLDER, "inflation_ratio")) == [
        "`xxx` names nothing in scope"
    ]
    assert both_rules(tmp_path, _PLACEHOLDER, "inflation") == []
    assert messages(both_rules(tmp_path, _PLACEHOLDER, "Penalty.drop")) == [
        "`self._null_drop_keys` names nothing: class `Penalty` has no `_null_drop_keys`"
    ]
    assert both_rules(tmp_path, _PLACEHOLDER, "Penalty.weights") == []


_LIBRARY = '''
from json import JSONDecoder


def embed(config=None):
    """Embed a shell.

    Full customization can be done by passing a json :class:`Decoder` in as the
    config argument; see also :class:`Encoder`.
    """
    return JSONDecoder() if config is None else config
'''


def test_a_class_named_with_its_library(tmp_path: Path) -> None:
    # round 10 (ipython's ``embed``): "a traitlets :class:`Config`" in a file doing ``from
    # traitlets import ...`` names that library's class; control: the same name without the
    # library's word (``:class:`Encoder```) stays reported

    found = xref_all(static_input(tmp_path, _LIBRARY, "embed"))
    assert messages(found) == ["`Encoder` names nothing in scope"]


_MAGIC = '''
def reset(self, parameter_s=""):
    """Reset the namespace.

    Parameters
    ----------
    -f
        force reset without asking for confirmation.
    out
        reset output history
    """
    return parameter_s
'''


def test_entries_that_are_command_line_words(tmp_path: Path) -> None:
    # round 10 (IPython's ``%reset`` magic): entries ``-f`` and ``out`` document the words
    # parsed from ``parameter_s``; control: without an option entry, ``out`` is reported
    assert c1_param_unknown(static_input(tmp_path / "a", _MAGIC, "reset")) == []
    # IPython's layout: several options first (``-f``, ``-s``, ``--aggressive``), then words
    options = _MAGIC.replace("    -f\n", "    -s\n        soft reset.\n    -f\n")
    assert c1_param_unknown(static_input(tmp_path / "c", options, "reset")) == []
    plain = _MAGIC.replace("    -f\n        force reset without asking for confirmation.\n", "")
    assert "-f" not in plain
    found = c1_param_unknown(static_input(tmp_path / "b", plain, "reset"))
    assert [f.rule for f in found] == ["C1-PARAM-UNKNOWN"]


_WILDCARD = '''
class Protocol:
    state = "init"

    def string_received(self, string):
        """Call the phase function.

        This begins with ``proto_init`` and moves on to ``proto_*`` depending on what each
        returns (if ``self.proto_init`` returns 'foo', ``self.proto_foo`` is called next);
        see ``self.handle_foo``.
        """
        return getattr(self, "proto_" + self.state)(string)

    def proto_init(self, string):
        return "done"
'''


def test_an_example_of_a_wildcard_family(tmp_path: Path) -> None:
    # round 10 (twisted's ``StatefulStringProtocol``): ``C{proto_*}`` then ``C{self.proto_foo}``
    # is one of the family the wildcard writes; control: ``self.handle_foo``, no such family
    found = c1_name_unresolved(static_input(tmp_path, _WILDCARD, "Protocol.string_received"))
    assert [m.split(" names")[0] for m in messages(found)] == ["`self.handle_foo`"]
