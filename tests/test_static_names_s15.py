"""C1 name rules, session 15 (issue 12, held-out rounds 17 and 19): names a static reader
resolves through a mechanism the earlier rules lacked, each beside a control that stays
reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved, c1_prose_name_elsewhere

from tests.names_helpers import messages, xref_all
from tests.static_helpers import project_input, static_input

_PLUGINS = '''
def list_stage_plugins(stage_name):
    """The plugin names of one stage."""
    return [stage_name]
'''

_TRANSPILE = '''
def transpile(circuits, layout_method=None, stage_plugins=None):
    """Transpile.

    Args:
        circuits: The circuits.
        stage_plugins: More plugins.
        layout_method: The plugin of the ``layout`` stage. You can see a list of installed
            plugins by using :func:`~.list_stage_plugins` with ``"layout"`` for the
            ``stage_name`` argument.
    """
    return circuits


def transpile_stale(circuits, layout_method=None, stage_plugins=None):
    """Transpile.

    Args:
        circuits: The circuits.
        stage_plugins: More plugins.
        layout_method: The plugin of the ``layout`` stage. You can see a list of installed
            plugins by using :func:`~.list_stage_plugins` with ``"layout"`` for the
            ``stage_label`` argument.
    """
    return circuits


def transpile_elsewhere(circuits, layout_method=None, stage_plugins=None):
    """Transpile.

    Args:
        circuits: The circuits, see :func:`~.list_stage_plugins`.
        stage_plugins: More plugins.
        layout_method: The plugin of the ``layout`` stage, in the ``stage_name`` argument.
    """
    return circuits
'''


def test_a_parameter_of_the_function_the_sentence_cross_references(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/plugin.py": _PLUGINS, "pkg/compiler.py": _TRANSPILE}

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "pkg/compiler.py", qualname)
        return messages(c1_name_unresolved(inp))

    # ``stage_name`` is list_stage_plugins's parameter, which the sentence links to (1 hop)
    assert found("transpile") == []
    # controls: no parameter of the referenced function; the link in another sentence
    assert found("transpile_stale") == ["`stage_label` names nothing in scope"]
    # the link in another sentence: ``stage_name`` is still plugin.py's parameter, so the
    # finding is the opt-in C1-PROSE-NAME-ELSEWHERE's (session 18), saying where it is used
    assert found("transpile_elsewhere") == []
    inp = project_input(tmp_path, files, "pkg/compiler.py", "transpile_elsewhere")
    assert messages(c1_prose_name_elsewhere(inp)) == [
        "`stage_name` names nothing in scope but is still used as code in pkg/plugin.py"
    ]


_HOOKS = '''
class Job:
    def __getattr__(self, item):
        """Forwards to the job, see :meth:`object.__getattr__`."""
        return item

    def __setstate__(self, state):
        """Restores the state, see :meth:`object.__setstate__` and ``object.__len__``."""
        self.state = state

    def restore(self):
        """Restores, see :meth:`object.__setstat__`."""
        return 1
'''


def test_the_data_model_hooks_the_reference_files_under_object(tmp_path: Path) -> None:
    def found(qualname: str) -> list[str]:
        inp = static_input(tmp_path, _HOOKS, qualname)
        return messages(xref_all(inp) + c1_name_unresolved(inp))

    assert found("Job.__getattr__") == []
    assert found("Job.__setstate__") == []
    # control: no such hook in the reference, and none on the runtime ``object``
    assert found("Job.restore") == [
        "`object.__setstat__` names nothing: builtin `object` has no `__setstat__`;"
        " did you mean `__setstate__`?"
    ]


_WORDS = '''
class Index:
    def delete(self, loc):
        """
        Make new Index with passed location(-s) deleted.

        Parameters
        ----------
        loc : int or list of int
            Location of item(-s) which will be deleted.
        """
        return loc

    def drop(self, loc):
        """
        Make new Index with the ``location`` dropped.

        Parameters
        ----------
        loc : int or list of int
            Location of the item.
        """
        return loc


def stepinfo(sysdata, RiseTimeLimits=(0.1, 0.9)):
    """
    Step response characteristics.

    Parameters
    ----------
    sysdata : StateSpace
        The system data.
    RiseTimeLimits : tuple (lower_threshold, upper_threshold)
        Defines the lower and upper threshold for RiseTime computation.

    Returns
    -------
    S : dict
        If `sysdata` corresponds to a SISO system, `S` is a dictionary
        containing:

            - 'RiseTime': Time from 10% to 90% of the steady-state value.
            - 'SettlingMin': Minimum value after `RiseTime`.
    """
    return sysdata


def stepinfo_stale(sysdata, RiseTimeLimits=(0.1, 0.9)):
    """
    Step response characteristics.

    Parameters
    ----------
    sysdata : StateSpace
        The system data.
    RiseTimeLimits : tuple (lower_threshold, upper_threshold)
        Defines the lower and upper threshold for RiseTime computation.

    Returns
    -------
    S : dict
        If `sysdata` corresponds to a SISO system, `S` is a dictionary
        containing:

            - 'Rise': Time from 10% to 90% of the steady-state value.
            - 'SettlingMin': Minimum value after `RiseTime`.
    """
    return sysdata
'''


def test_english_plurals_and_quoted_keys_are_no_old_parameter_names(tmp_path: Path) -> None:
    def found(qualname: str) -> list[str]:
        return messages(c1_name_unresolved(static_input(tmp_path, _WORDS, qualname)))

    # "location(-s)" is the English word with a plural suffix, not a call of ``location``
    assert found("Index.delete") == []
    # ``RiseTime`` is a key of the returned dict, which the docstring quotes as a string
    assert found("stepinfo") == []
    # controls: the same names code-marked, no quoted key of that name
    stale = "it looks like the parameter `{}` under its old name"
    assert found("Index.drop") == [f"`location` names nothing in scope; {stale.format('loc')}"]
    assert found("stepinfo_stale") == [
        f"`RiseTime` names nothing in scope; {stale.format('RiseTimeLimits')}"
    ]


_OVERLAPS = '''
def bounds_overlap(bounds, tree=None):
    """Check whether the boxes overlap using `rtree`."""
    return bounds


def bounds_touch(bounds, tree=None):
    """Check whether the boxes touch using `qtree`."""
    return bounds
'''


def test_a_library_the_project_imports_is_a_name(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/base.py": "def index():\n    from rtree.index import Index\n    return Index()\n",
        "pkg/packing.py": _OVERLAPS,
    }

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "pkg/packing.py", qualname)
        return messages(c1_name_unresolved(inp))

    assert found("bounds_overlap") == []  # another file imports rtree: the library's name
    # control: no file imports a qtree
    assert found("bounds_touch") == ["`qtree` names nothing in scope; did you mean `tree`?"]


_LOGGERS = '''
def attach_to_log(only_parent=True):
    """Attach a handler.

    Args:
        only_parent: Only attach to parent loggers, i.e. `pkg`, `pkg.sub1`, `pkg.sub2`
            will only attach to `pkg` and not the sub-loggers.
    """
    return only_parent


def attach_one(only_parent=True):
    """Attach a handler.

    Args:
        only_parent: Only attach to the parent of `pkg.sub1`.
    """
    return only_parent
'''


def test_a_numbered_series_of_names_is_illustrative(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "def helper():\n    return 1\n", "pkg/util.py": _LOGGERS}

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "pkg/util.py", qualname)
        return messages(c1_name_unresolved(inp))

    assert found("attach_to_log") == []
    # control: one numbered name, no series
    assert found("attach_one") == ["`pkg.sub1` names nothing: module `pkg` has no `sub1`"]


_MAPPER = '''
from .. import util


def equivalent_columns(table):
    """Equivalent columns, as ``util.polymorphic_union`` produces them."""
    return util.to_list(table)


def equivalent_keys(table):
    """Equivalent keys, as ``util.polymorphic_intersection`` produces them."""
    return util.to_list(table)
'''


def test_a_module_named_relative_to_the_file(tmp_path: Path) -> None:
    files = {
        "sa/__init__.py": "",
        "sa/util.py": "def to_list(x):\n    return [x]\n",
        "sa/orm/__init__.py": "",
        "sa/orm/util.py": "def polymorphic_union(table):\n    return table\n",
        "sa/orm/mapper.py": _MAPPER,
    }

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "sa/orm/mapper.py", qualname)
        return messages(c1_name_unresolved(inp))

    # the ``util`` beside the file (sa.orm.util), not the imported sa.util, defines it
    assert found("equivalent_columns") == []
    # control: neither util module defines it
    assert found("equivalent_keys") == [
        "`util.polymorphic_intersection` names nothing: module `sa.util` has no"
        " `polymorphic_intersection`"
    ]


_INIT_OPTIONS = '''
def fit(initialize="pkg"):
    """Fit.

    Args:
        initialize: How to start:

            * 'pkg': Uses the package's initialization.
            * 'own': Uses your own; then call :meth:`~pkg.Model.update` manually.
    """
    return initialize
'''


def test_a_quoted_key_does_not_cover_a_dotted_reference(tmp_path: Path) -> None:
    # round 16's TRUE gensim finding: the option value 'gensim' says nothing of the
    # cross-reference ``gensim.models.ldamodel.LdaSeqModel.update``
    files = {"pkg/__init__.py": "def helper():\n    return 1\n", "pkg/fit.py": _INIT_OPTIONS}
    inp = project_input(tmp_path, files, "pkg/fit.py", "fit")
    assert messages(xref_all(inp)) == [
        "`pkg.Model.update` names nothing: module `pkg` has no `Model`"
    ]


_MANAGER = '''
class Manager:
    def __init__(self, directory, options=None):
        """Build it."""
        self._options = options

    def save(self, step, metrics=None):
        """Save.

        Args:
            step: The step.
            metrics: Required if `options.best_fn` is set.
        """
        return step, metrics


class Store:
    def __init__(self, directory):
        """Build it."""
        self.directory = directory

    def save(self, step, metrics=None):
        """Save.

        Args:
            step: The step.
            metrics: Required if `options.best_fn` is set.
        """
        return step, metrics
'''


@pytest.mark.parametrize(
    ("options_module", "control"),
    [
        # a top-level module ``options``: ``Store`` (no ``options`` argument) names its member
        ("options.py", ["`options.best_fn` names nothing: module `options` has no `best_fn`"]),
        # a folder without ``__init__`` inside the package is no import root for files outside
        # it (round 84, optiland's ``optimizer/torch``), so there ``options`` is no module at all
        ("pkg/context/options.py", []),
    ],
    ids=["top-level-module", "module-in-a-non-package-folder"],
)
def test_a_field_of_a_constructor_argument(
    tmp_path: Path, options_module: str, control: list[str]
) -> None:
    # orbax (round 16): ``options`` is also a module elsewhere in the tree, but in a method of a
    # class built with ``options`` it is that argument
    files = {
        "pkg/__init__.py": "",
        options_module: "def make():\n    return 1\n",
        "pkg/manager.py": _MANAGER,
    }

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "pkg/manager.py", qualname)
        return messages(c1_name_unresolved(inp))

    assert found("Manager.save") == []
    # control: the class takes no ``options``
    assert found("Store.save") == control


_PREDICTIVE = '''
class Strategy:
    def exact_predictive_mean(self, test_mean):
        """Mean."""
        return test_mean

    def exact_predictive_covar(self, test_covar):
        """Covariance."""
        return test_covar

    def exact_prediction(self, test_mean, test_covar):
        """Predict.

        :return: A tuple of ``(predictive_mean, predictive_covar)`` where:
            - ``predictive_mean``: the mean
            - ``predictive_covar``: the covariance
        """
        return self.exact_predictive_mean(test_mean), self.exact_predictive_covar(test_covar)

    def exact_prediction_stale(self, test_mean, test_covar):
        """Predict.

        :return: A tuple of the mean and ``predictive_covar``.
        """
        return self.exact_predictive_mean(test_mean), self.exact_predictive_covar(test_covar)
'''


def test_the_items_of_a_tuple_of(tmp_path: Path) -> None:
    def found(qualname: str) -> list[str]:
        return messages(c1_name_unresolved(static_input(tmp_path, _PREDICTIVE, qualname)))

    # gpytorch (round 16): "a tuple of ``(a, b)``" names the returned tuple's items
    assert found("Strategy.exact_prediction") == []
    # control: the same name, no tuple spelling it out
    assert [m.split(";")[0] for m in found("Strategy.exact_prediction_stale")] == [
        "`predictive_covar` names nothing in scope"
    ]


_HANDLER = '''
class IHandler:
    """The interface of a handler.

    .. attribute:: timeout_exception

        The exception raised on a timeout.
    """

    def start(self):
        """Start."""
'''

_CLIENT = '''
from pkg.interfaces import IHandler


def wait(handler: IHandler):
    """Wait; raises :attr:`pkg.interfaces.IHandler.timeout_exception` on a timeout."""
    return handler


def stop(handler: IHandler):
    """Stop; raises :attr:`pkg.interfaces.IHandler.stop_exception` when it cannot."""
    return handler
'''


def test_a_member_the_class_docstring_declares(tmp_path: Path) -> None:
    # kazoo (round 15): an interface's docstring declares what handlers provide
    files = {"pkg/__init__.py": "", "pkg/interfaces.py": _HANDLER, "pkg/client.py": _CLIENT}

    def found(qualname: str) -> list[str]:
        return messages(xref_all(project_input(tmp_path, files, "pkg/client.py", qualname)))

    assert found("wait") == []
    # control: a member the docstring does not declare
    assert [m.split(";")[0] for m in found("stop")] == [
        "`pkg.interfaces.IHandler.stop_exception` names nothing: class `IHandler` has no"
        " `stop_exception`"
    ]


_ERFCX = r'''
def log_erfcx(x):
    """The log of erfcx."""
    return x


def log_abs_u(u: Tensor) -> Tensor:
    """Computes log(abs(u) * Phi(u) / phi(u)), where phi and Phi are the normal pdf
    and cdf, respectively. The function is valid for u < 0.

    NOTE: In single precision arithmetic, the function becomes numerically unstable for
    u < -1e3. For this reason, a second branch in _log_ei_helper is necessary to handle
    this regime, where this function approaches -abs(u)^-2 asymptotically.

    The implementation is based on the following implementation of the logarithm of
    the scaled complementary error function (i.e. erfcx). Since we only require the
    positive branch for _log_ei_helper, log_abs_u does not have a branch,
    but is only valid for u < 0 (so that _neg_inv_sqrt2 * u > 0).

        def logerfcx(x: Tensor) -> Tensor:
            return torch.where(
                x < 0,
                torch.erfc(x.masked_fill(x > 0, 0)).log() + x**2,
                torch.special.erfcx(x.masked_fill(x < 0, 0)).log(),
        )

    Further, it is important for numerical accuracy to move u.abs() into the
    logarithm, rather than adding u.abs().log() to logerfcx. This is the reason
    for the rather complex name of this function: log_abs_u.
    """
    # get_constants_like allocates tensors with the appropriate dtype and device and
    # caches the result, which improves efficiency.
    a, b = get_constants_like(values=(_neg_inv_sqrt2, _log_sqrt_pi_div_2), ref=u)
    return torch.log(torch.special.erfcx(a * u) * u.abs()) + b


def log_abs_u_stale(u):
    """The log of abs(u), as `logerfcx` computes it."""
    return u
'''


def test_a_function_a_code_line_of_the_docstring_defines(tmp_path: Path) -> None:
    def found(qualname: str) -> list[str]:
        return messages(c1_name_unresolved(static_input(tmp_path, _ERFCX, qualname)))

    # botorch's docstring (round 16): ``def logerfcx(...)`` in an indented block without ``::``
    assert found("log_abs_u") == []
    # control: no code defining it
    assert [m.split(";")[0] for m in found("log_abs_u_stale")] == [
        "`logerfcx` names nothing in scope"
    ]
