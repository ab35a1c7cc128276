"""A metaclass with ``__call__`` that a base brings decides what ``C(...)`` accepts: the class
docstring is not checked against the class's own ``__init__`` (round 75, backtrader)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.runner import FileReport, check_file, rules_for
from docref.graph.project import ProjectGraph

# backtrader's shape: ``MetaBase.__call__`` runs the constructor chain, ``MetaParams`` turns
# a ``params`` tuple into keywords; six's ``with_metaclass`` sets the metaclass of a base
META = """
def with_metaclass(meta, *bases):
    class metaclass(meta):
        def __new__(cls, name, this_bases, d):
            return meta(name, bases, d)
    return type.__new__(metaclass, "temporary_class", (), {})


class MetaBase(type):
    def __call__(cls, *args, **kwargs):
        obj = cls.__new__(cls)
        obj.__init__()
        return obj


class MetaParams(MetaBase):
    pass


def traced(method):
    return method


class Singleton(type):
    _instances = {}

    @traced
    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]


class SingletonParams(MetaParams):
    def __call__(cls, *args, **kwargs):
        return super().__call__(*args, **kwargs)


class SingletonBase(metaclass=Singleton):
    pass


class SingletonParamsBase(with_metaclass(SingletonParams, object)):
    pass


class Registry(type):
    def __new__(mcs, name, bases, namespace):
        return super().__new__(mcs, name, bases, namespace)


class ParamsBase(with_metaclass(MetaParams, object)):
    pass


class KeywordBase(metaclass=MetaParams):
    pass


class RegisteredBase(with_metaclass(Registry, object)):
    pass


class RegisteredKeywordBase(metaclass=Registry):
    pass
"""

STORE = '''
from pkg.meta import {base}


class Store({base}):
    """A store.

    Params:

      - ``token`` (default: ``None``): API access token
    """

    params = (("token", None),)

    def __init__(self):
        self.token = self.params.token
'''


def _check(tmp_path: Path, files: dict[str, str]) -> FileReport:
    root = tmp_path / "ws"
    for name, code in {"pkg/__init__.py": "", "pkg/meta.py": META, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    return check_file(graph, "pkg/store.py", rules_for(()))


def _unknown(report: FileReport) -> list[str]:
    return [f.message for f in report.findings if f.rule == "C1-PARAM-UNKNOWN"]


@pytest.mark.parametrize("base", ["ParamsBase", "KeywordBase", "SingletonParamsBase"])
def test_a_base_whose_metaclass_defines_call_leaves_the_class_unchecked(
    tmp_path: Path, base: str
) -> None:
    # ``__call__`` is on MetaParams' base MetaBase: the metaclass's bases are followed too,
    # also past a ``__call__`` that only forwards (backtrader's MetaSingleton)
    report = _check(tmp_path, {"pkg/store.py": STORE.format(base=base)})
    assert _unknown(report) == [] and report.errors == []


@pytest.mark.parametrize("base", ["RegisteredBase", "RegisteredKeywordBase", "SingletonBase"])
def test_a_base_whose_metaclass_has_no_call_keeps_the_check(tmp_path: Path, base: str) -> None:
    # no ``__call__``, or one handing ``*args, **kwargs`` on unchanged (pennylane, pyro, a
    # singleton): ``__init__`` gets the caller's arguments
    report = _check(tmp_path, {"pkg/store.py": STORE.format(base=base)})
    assert _unknown(report) == ['documents parameter "token", but Store() has no such parameter']


def test_the_metaclass_is_found_through_a_star_reexport_and_two_classes_up(
    tmp_path: Path,
) -> None:
    # backtrader: ``import backtrader as bt`` ... ``class BackBroker(bt.BrokerBase)``, where
    # the package ``__init__`` re-exports with ``from .broker import *``
    files = {
        "pkg/__init__.py": "from .meta import *\nfrom .middle import *\n",
        "pkg/middle.py": "from pkg.meta import ParamsBase\n\n\nclass Middle(ParamsBase):\n"
        "    pass\n",
        "pkg/store.py": STORE.format(base="Middle")
        .replace("from pkg.meta import Middle", "import pkg as bt")
        .replace("class Store(Middle)", "class Store(bt.Middle)"),
    }
    assert _unknown(_check(tmp_path, files)) == []


def test_a_six_style_metaclass_of_the_class_itself_is_its_own_metaclass(tmp_path: Path) -> None:
    # ``with_metaclass(M, object)`` is read as ``metaclass=M``: any metaclass but ABCMeta
    # named by the class itself leaves it unchecked, as the keyword always did
    own = STORE.format(base="with_metaclass(Registry, object)").replace(
        "from pkg.meta import with_metaclass(Registry, object)",
        "from pkg.meta import Registry, with_metaclass",
    )
    assert _unknown(_check(tmp_path, {"pkg/store.py": own})) == []
    abc = own.replace("Registry", "ABCMeta").replace(
        "from pkg.meta import ABCMeta, with_metaclass",
        "from abc import ABCMeta\nfrom pkg.meta import with_metaclass",
    )
    assert _unknown(_check(tmp_path / "abc", {"pkg/store.py": abc})) == [
        'documents parameter "token", but Store() has no such parameter'
    ]
