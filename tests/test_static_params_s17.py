"""C1-PARAM-UNKNOWN false-alarm mechanisms of session 17, each with a control beside it."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_HOOKS = '''
from abc import ABC, abstractmethod


class Transformer(ABC):
    @staticmethod
    @abstractmethod
    def ts_transform(series, params):
        """Transform one series.

        Parameters
        ----------
        series
            The series.
        params
            The parameters.
        args
            Any positional arguments given to ``transform`` besides the series.
        kwargs
            Any keyword arguments given to ``transform``.
        """
        pass

    def ts_inverse(self, series):
        """Invert one series.

        Parameters
        ----------
        series
            The series.
        *args
            Passed on by ``inverse``.
        **kwargs
            Passed on by ``inverse``.
        """
        raise NotImplementedError

    @abstractmethod
    def ts_fit(self, series):
        """Fit.

        Parameters
        ----------
        series
            The series.
        params
            Stale: the hook takes no params.
        """

    @abstractmethod
    def run_fixture(self, fixture_func, kwrgs):
        """Run a fixture.

        :param fixture_func: The fixture.
        :param kwargs: Renamed in the signature (a near miss): stale.
        """

    def transform(self, series):
        """Transform.

        Parameters
        ----------
        series
            The series.
        kwargs
            Stale: this method takes no keywords.
        """
        return self.ts_transform(series, {})
'''


def _findings(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted((f.qualname, f.message.split(",")[0]) for f in default_findings(tmp_path, code))


def test_an_abstract_hook_documents_what_its_implementations_receive(tmp_path: Path) -> None:
    # round 21 (darts' ``ts_transform``, ``ts_inverse_transform``): an abstract method or a stub
    # documents the ``*args``/``**kwargs`` its implementations are called with, which its own
    # signature leaves out.  Controls: a stale ordinary name on an abstract hook, ``kwargs``
    # on a concrete method that takes none, and ``kwargs`` on a hook whose parameter it is,
    # renamed (anyio's ``run_asyncgen_fixture``, a recall mutation), stay reported
    assert _findings(tmp_path, _HOOKS) == [
        ("Transformer.run_fixture", 'documents parameter "kwargs"'),
        ("Transformer.transform", 'documents parameter "kwargs"'),
        ("Transformer.ts_fit", 'documents parameter "params"'),
    ]


_UNDERSCORED = '''
class _Plugin:
    """Install a package.

    Parameters
    ----------
    install_fn
        The installer.
    """

    def __init__(self, _install_fn):
        self._install_fn = _install_fn


def _drop_nodes(_errors, dropped):
    """Drop nodes.

    :param errors: The errors.
    :param dropped: The nodes.
    """
    return [e for e in _errors if e not in dropped]


def add_index(name, _override=False):
    """Add an index.

    :param name: The name.
    :param override: Replace an existing index.
    """
    return name, _override
'''


def test_a_private_callable_documents_a_parameter_without_its_underscore(tmp_path: Path) -> None:
    # rounds 16 (cerberus ``_drop_nodes_from_errorpaths``: ``errors`` for ``_errors``) and 21
    # (distributed ``_InstallNannyPlugin``: ``install_fn`` for ``_install_fn``): internal code
    # whose entry drops the underscore.  Control: a public function (sphinx's
    # ``add_index_to_domain``, judged TRUE: ``override=`` raises a TypeError) stays reported
    assert _findings(tmp_path, _UNDERSCORED) == [("add_index", 'documents parameter "override"')]


_SUMMED = '''
class LambdaCallback:
    """Create a callback on the fly.

    Args:
        **kwargs: hooks supported by Callback
    """

    def __init__(self, setup=None, teardown=None, on_fit_start=None):
        self.hooks = (setup, teardown, on_fit_start)


class TokenGenerator:
    """A token generator.

    :param issuer: The issuer.
    :param \\\\*\\\\*kwargs: Other parameters are inherited from the base generator.
    """

    def __init__(self, issuer, alg="RS256", refresh_generator=None, expires_generator=None):
        self.issuer = issuer


def union(*other):
    """Union.

    :param \\\\*other: The selects.
    :param \\\\**kwargs: keyword arguments to be passed to the union.
    """
    return other


def scale(value, factor=2, offset=0):
    """Scale.

    :param value: The value.
    :param factor: The factor.
    :param kwargs: Not used.
    """
    return value * factor + offset
'''


def test_kwargs_summing_up_undocumented_optional_parameters(tmp_path: Path) -> None:
    # rounds 15 (pytorch-lightning ``LambdaCallback``) and 20 (authlib
    # ``JWTBearerTokenGenerator``): a ``**kwargs`` entry on a function without one stands for
    # two or more optional parameters that have no entry of their own.  Controls: sqlalchemy's
    # ``union(*other)`` (judged TRUE: every optional parameter documented) and a function
    # leaving one optional parameter undocumented stay reported
    assert _findings(tmp_path, _SUMMED) == [
        ("scale", 'documents parameter "kwargs"'),
        ("union", 'documents parameter "**kwargs"'),
    ]
