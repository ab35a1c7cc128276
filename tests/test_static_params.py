"""C1-PARAM-UNKNOWN on real indexed files (Google, NumPy, reST, Epydoc, Javadoc)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from docref.checks.static.params import c1_param_unknown, closest_parameter
from docref.checks.static.params_suggest import _osa_distance
from docref.core.findings import Criterion, Finding, Tier

from .static_helpers import run_rule, static_input


def _names(findings: list[Finding]) -> list[str]:
    return [f.message for f in findings]


def test_google_typo_did_you_mean(tmp_path: Path) -> None:
    code = '''
    class Reader:
        def read_lines(self, path: str, length: int) -> list[str]:
            """Read lines.

            Args:
                path (str): The file.
                lenght (int): How many.
            """
            return []
    '''
    inp = static_input(tmp_path, code, "Reader.read_lines")
    findings = c1_param_unknown(inp)
    assert len(findings) == 1
    f = findings[0]
    assert f.message == (
        'documents parameter "lenght", but read_lines() has no such parameter; '
        'did you mean "length"?'
    )
    assert f.rule == "C1-PARAM-UNKNOWN"
    assert f.criterion is Criterion.C1 and f.tier is Tier.STATIC
    assert f.fix_hint == 'rename "lenght" to "length"'
    assert f.segment_text == "lenght (int): How many."
    assert inp.source[f.start : f.end] == "lenght (int): How many."
    assert f.evidence[0].path == "mod.py"
    assert f.evidence[0].line == 2
    assert "def read_lines(self, path: str, length: int)" in f.evidence[0].text


def test_numpy_combined_names_and_unknown(tmp_path: Path) -> None:
    code = '''
    def add(x1, x2, out=None):
        """Add.

        Parameters
        ----------
        x1, x3 : array_like
            Inputs.
        where : bool
            Mask.
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "add")
    assert _names(findings) == [
        'documents parameter "x3", but add() has no such parameter',
        'documents parameter "where", but add() has no such parameter',
    ]
    assert (
        findings[1].fix_hint
        == 'remove "where" or add it to the signature (parameters: x1, x2, out)'
    )


def test_numpy_combined_names_all_known(tmp_path: Path) -> None:
    code = '''
    def add(x1, x2):
        """Add.

        Parameters
        ----------
        x1, x2 : array_like
            Inputs.
        """
    '''
    assert run_rule(c1_param_unknown, tmp_path, code, "add") == []


def test_rest_param_and_type_reported_once(tmp_path: Path) -> None:
    code = '''
    def connect(host: str, timeout: float) -> None:
        """Connect.

        :param host: The host.
        :param time_out: Seconds.
        :type time_out: float
        :type port: int
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "connect")
    assert [f.segment_text for f in findings] == [":param time_out: Seconds.", ":type port: int"]
    assert findings[0].message.endswith('did you mean "timeout"?')
    assert 'documents parameter "port"' in findings[1].message


def test_epydoc(tmp_path: Path) -> None:
    code = '''
    def scale(value, factor):
        """Scale.

        @param value: v
        @param Factor: f
        @type Factor: float
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "scale")
    assert len(findings) == 1
    assert findings[0].message.endswith('did you mean "factor"?')


def test_javadoc_typo_and_type_parameter(tmp_path: Path) -> None:
    code = """
    package p;

    public class A {
        /**
         * Reads.
         *
         * @param <T> the element type
         * @param lenght the length
         * @param name the name
         * @return the count
         */
        public <T> int read(int length, String name) { return 0; }
    }
    """
    inp = static_input(tmp_path, code, "A.read", filename="p/A.java")
    findings = c1_param_unknown(inp)
    assert len(findings) == 1
    assert findings[0].message == (
        'documents parameter "lenght", but read() has no such parameter; did you mean "length"?'
    )
    assert findings[0].segment_text == "@param lenght the length"
    assert findings[0].evidence[0].path == "p/A.java"


def test_javadoc_did_you_mean_skips_documented_parameters(tmp_path: Path) -> None:
    # round 12 (OpenJFX ``Plugin.paint(g, intX, intY, intWidth, intHeight)``): ``@param x`` was
    # offered ``g``, which its own ``@param g`` documents; the renamed one ends in ``X``
    code = """
    package p;

    public class A {
        /**
         * Paints.
         *
         * @param g the graphics
         * @param x the left
         * @param h the height
         * @param wide the width
         */
        public void paint(Object g, int intX, int intHeight, int w, int v) {}
    }
    """
    inp = static_input(tmp_path, code, "A.paint", filename="p/A.java")
    assert [f.fix_hint for f in c1_param_unknown(inp)] == [
        'rename "x" to "intX"',
        # controls: nothing ends in ``H`` and the edit distance ties (``w``, ``v``); ``wide``
        # is no camelCase tail of anything, so it is offered no name
        'remove "h" or add it to the signature (parameters: g, intX, intHeight, w, v)',
        'remove "wide" or add it to the signature (parameters: g, intX, intHeight, w, v)',
    ]


@pytest.mark.parametrize(
    ("entry", "flagged"),
    [
        # round 12 (OpenJFX ``Window.requestInput(..., Mxx, Mxy, ..., Mzt)``): ``@param M``
        # documents the matrix's twelve parameters at once
        ("M", False),
        ("Mx", False),
        # controls: a prefix of one parameter only is a stale name, and so is a non-prefix
        ("My", True),
        ("N", True),
    ],
)
def test_javadoc_one_entry_for_a_group_of_parameters(
    tmp_path: Path, entry: str, flagged: bool
) -> None:
    code = f"""
    package p;

    public class A {{
        /**
         * Places it.
         *
         * @param {entry} the matrix
         */
        public void place(double Mxx, double Mxy, double Myy) {{}}
    }}
    """
    inp = static_input(tmp_path, code, "A.place", filename="p/A.java")
    assert len(c1_param_unknown(inp)) == (1 if flagged else 0)


def test_kwargs_forwarding_is_silent(tmp_path: Path) -> None:
    code = '''
    def plot(x, **kwargs):
        """Plot.

        Args:
            x: data.
            color (str): forwarded to the backend.
            **kwargs: more options.
        """
    '''
    assert run_rule(c1_param_unknown, tmp_path, code, "plot") == []


def test_star_args_spellings_are_silent(tmp_path: Path) -> None:
    code = '''
    class C:
        def call(self, fn, *args, **kwargs):
            """Call.

            Parameters
            ----------
            fn : callable
                f.
            \\\\*args
                positional.
            \\\\**kwargs
                keywords.
            """

    def g(*args, **kw):
        """G.

        Args:
            args: a.
            *args: b.
            kw: c.
        """
    '''
    assert run_rule(c1_param_unknown, tmp_path, code, "C.call") == []
    assert run_rule(c1_param_unknown, tmp_path / "2", code, "g") == []


def test_star_args_not_in_signature(tmp_path: Path) -> None:
    code = '''
    def h(a):
        """H.

        Args:
            a: a.
            *args: gone.
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "h")
    assert _names(findings) == ['documents parameter "*args", but h() has no such parameter']


def test_self_documented_and_overload_union(tmp_path: Path) -> None:
    code = '''
    from typing import overload

    class C:
        @overload
        def f(self, a: int) -> int: ...
        @overload
        def f(self, b: str) -> str: ...
        def f(self, a=None, b=None):
            """F.

            Args:
                self: the instance.
                a: an int.
                b: a str.
            """
    '''
    inp = static_input(tmp_path, code, "C.f")
    assert c1_param_unknown(inp) == []


def test_overload_union_when_implementation_is_narrow(tmp_path: Path) -> None:
    code = '''
    from typing import overload

    @overload
    def f(a: int) -> int: ...
    @overload
    def f(b: str) -> str: ...
    def f(*args):
        """F.

        Args:
            a: an int.
            b: a str.
            c: stale.
        """
    '''
    inp = static_input(tmp_path, code, "f")
    findings = c1_param_unknown(inp)
    assert [f.segment_text for f in findings] == ["c: stale."]


def test_closest_parameter() -> None:
    assert closest_parameter("lenght", ["path", "length"]) == "length"
    assert closest_parameter("maxSize", ["max_size", "min_size"]) == "max_size"
    assert closest_parameter("MAX_SIZE", ["max_size"]) == "max_size"
    assert closest_parameter("colour", ["color", "size"]) == "color"
    assert closest_parameter("x3", ["x1", "x2"]) is None  # a tie: no guess
    assert closest_parameter("totally", ["path"]) is None


def test_swapped_name_and_type(tmp_path: Path) -> None:
    code = '''
    def decimal(size: int, separator: str = " ") -> str:
        """Format.

        Args:
            int (size): A file size.
            separator (str): The separator.
        """
        return ""
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "decimal")
    assert _names(findings) == [
        'documents parameter "int", but decimal() has no such parameter; '
        'name and type look swapped (parameter "size")'
    ]
    assert findings[0].fix_hint == 'document "size" as the name and "int" as its type'


def test_plain_dotted_import_is_not_an_alias(tmp_path: Path) -> None:
    from docref.checks.static.params import import_aliases

    inp = static_input(
        tmp_path,
        '''
        import collections.abc
        import datetime as dt
        from typing import Optional as Opt


        def f(x: int) -> None:
            """Do.

            Args:
                x (int): X.
            """
        ''',
        "f",
    )
    assert import_aliases(inp.file, inp.function) == {"dt": "datetime", "Opt": "typing.Optional"}


def test_keyword_documented_for_its_trailing_underscore_parameter(tmp_path: Path) -> None:
    # issue 12, pattern 6: ``class`` cannot be a parameter, ``class_`` is PEP 8's spelling
    code = '''
    def find(tag, class_=None, type_=None):
        """Find elements.

        :param tag: The tag.
        :param class: The CSS class.
        :param type: The kind.
        :param klass: Misspelled.
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "find")
    assert [f.message.split(";")[0] for f in findings] == [
        'documents parameter "klass", but find() has no such parameter'
    ]


def test_trailing_underscore_needs_a_reserved_name(tmp_path: Path) -> None:
    # the control: ``colour`` is no keyword or builtin, so it does not stand for ``colour_``
    code = '''
    def paint(colour_=None):
        """Paint.

        :param colour: The colour.
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "paint")
    assert len(findings) == 1 and '"colour"' in findings[0].message


_VIEWS = '''
from functools import cached_property


class BaseView:
    def __call__(self, nbunch=None, weight=None):
        return self


class DegreeView(BaseView):
    pass


class Forwarding:
    def __call__(self, *args, **kwargs):
        return self


class Graph:
    @cached_property
    def degree(self):
        """A view of node degrees, also callable as G.degree().

        Parameters
        ----------
        nbunch : node or container of nodes
        weight : string or None
        nbunchh : a typo the view's __call__ does not take either
        """
        return DegreeView(self)

    @property
    def edges(self):
        """Edges, also callable as G.edges(nbunch, data).

        Parameters
        ----------
        nbunch : nodes
        data : bool
        keys : not in the pseudo-signature
        """
        return self._edges

    @property
    def size(self):
        """The size.

        Parameters
        ----------
        weight : str
        """
        return sum(self._sizes)

    @property
    def forwarded(self):
        """Forwarded.

        Parameters
        ----------
        anything : object
        """
        return Forwarding()
'''


def test_property_entries_are_checked_against_the_returned_call(tmp_path: Path) -> None:
    # issue 12, pattern 1: the returned class's __call__ (through a project base)
    findings = run_rule(c1_param_unknown, tmp_path, _VIEWS, "Graph.degree")
    assert [f.message.split(";")[0] for f in findings] == [
        'documents parameter "nbunchh", but degree() has no such parameter'
    ]


def test_property_entries_are_checked_against_a_pseudo_signature(tmp_path: Path) -> None:
    findings = run_rule(c1_param_unknown, tmp_path, _VIEWS, "Graph.edges")
    assert [f.message for f in findings] == [
        'documents parameter "keys", but edges() has no such parameter'
    ]


def test_property_without_a_known_call_is_silent(tmp_path: Path) -> None:
    # neither a pseudo-signature nor a returned class with __call__; or one taking anything
    assert run_rule(c1_param_unknown, tmp_path, _VIEWS, "Graph.size") == []
    assert run_rule(c1_param_unknown, tmp_path, _VIEWS, "Graph.forwarded") == []


_IGNORED = '''
def apply(  # numpydoc ignore={codes}
    x,
):
    """Apply.

    Parameters
    ----------
    x : array
        Input.
    xp : namespace
        Documented for the method that receives it.
    """
'''


@pytest.mark.parametrize(
    ("codes", "flagged"), [("PR02", False), ("PR01,PR02", False), ("PR01,RT01", True)]
)
def test_numpydoc_ignore_of_unknown_parameters(tmp_path: Path, codes: str, flagged: bool) -> None:
    # the project told numpydoc's validation that the documented parameters are not the
    # signature's (PR02); other codes switch off other checks and keep this one
    findings = run_rule(c1_param_unknown, tmp_path, _IGNORED.format(codes=codes), "apply")
    assert len(findings) == (1 if flagged else 0)


_KWARGS_DOC = '''
def make(name{rest}):
    """Make.

    :param name: The name.
    :param kwargs: The same keyword arguments that :class:`Field` receives.
    """
'''


@pytest.mark.parametrize(
    ("rest", "flagged"),
    [(", *, required=False, allow_none=None", False), (", required=False", True)],
    ids=["keyword-only", "positional"],
)
def test_kwargs_entry_for_keyword_only_parameters(tmp_path: Path, rest: str, flagged: bool) -> None:
    # marshmallow's fields document ``kwargs`` for the keyword-only parameters they take from
    # Field; with no keyword-only parameter there is nothing the entry can stand for
    findings = run_rule(c1_param_unknown, tmp_path, _KWARGS_DOC.format(rest=rest), "make")
    assert len(findings) == (1 if flagged else 0)


_ITEMS_OF_ARGS = '''
class Line:
    def set_data(self, {star}):
        """Set the data.

        Parameters
        ----------
        x : array-like
            The x data.
        y : array-like
            The y data.
        """
'''


@pytest.mark.parametrize(
    ("star", "flagged"), [("*args", 0), ("*by", 2), ("data", 2)], ids=["args", "by", "none"]
)
def test_items_of_generic_args_documented_by_name(tmp_path: Path, star: str, flagged: int) -> None:
    # round 5 (matplotlib ``set_data_3d(*args)``, ``set_bounds(*args)``): the items of a
    # generic *args are documented one by one; a specific ``*by`` is one parameter
    # (dask's ``_cov_chunk(df, *by)`` documenting ``std`` stays flagged)
    code = _ITEMS_OF_ARGS.format(star=star)
    findings = run_rule(c1_param_unknown, tmp_path, code, "Line.set_data")
    assert len(findings) == flagged


def test_items_of_args_near_miss_of_a_parameter_stays_flagged(tmp_path: Path) -> None:
    code = '''
    def stem(*args, linefmt=None):
        """Stem plot.

        Parameters
        ----------
        locs : array-like
            Positions.
        linefmt_ : str
            Line format.
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "stem")
    assert [f.message for f in findings] == [
        'documents parameter "linefmt_", but stem() has no such parameter; did you mean "linefmt"?'
    ]


_FACTORY = '''
def xfail(request):
    """Return a function that marks the running test.

    Parameters
    ----------
    reason : str
        Why.
    strict : bool, optional
        Strict.
    """

    def {inner}(reason, strict=None):
        request.mark(reason, strict)

    return {returned}
'''


@pytest.mark.parametrize(
    ("inner", "returned", "flagged"), [("_", "_", 0), ("_", "None", 2)], ids=["returned", "kept"]
)
def test_factory_documents_the_function_it_returns(
    tmp_path: Path, inner: str, returned: str, flagged: int
) -> None:
    # round 5 (dask's ``xfail`` fixture): the entries are the returned function's parameters;
    # a nested function that is not returned documents nothing of the factory
    code = _FACTORY.format(inner=inner, returned=returned)
    assert len(run_rule(c1_param_unknown, tmp_path, code, "xfail")) == flagged


_DATAPATH = '''
def datapath(strict_data_files):
    """Get the path to a data file.

    Parameters
    ----------
    path : str
        Path to the file, relative to ``pandas/tests/``
    """

    def deco(SIGNATURE):
        return os.path.join(BASE, *args)

    return deco
'''


@pytest.mark.parametrize(
    ("signature", "flagged"),
    [
        ("*args", []),
        ("*args, strict=True", []),
        ("*parts", ["path"]),
        ("name, *, strict", ["path"]),
    ],
    ids=["generic-args", "generic-args-keyword", "specific-varargs", "no-varargs"],
)
def test_a_factory_documenting_the_items_of_its_returned_functions_args(
    tmp_path: Path, signature: str, flagged: list[str]
) -> None:
    # round 19 (pandas' ``datapath`` fixture hands out ``deco(*args)``): ``path`` is an item
    # of the returned function's generic ``*args``; the controls: a specific ``*parts`` is one
    # parameter, and without ``*args`` the name is unknown
    code = _DATAPATH.replace("SIGNATURE", signature)
    findings = run_rule(c1_param_unknown, tmp_path, code, "datapath")
    assert [f.message.split('"')[1] for f in findings] == flagged


def test_a_factory_documenting_its_own_parameters_keeps_them_judged(tmp_path: Path) -> None:
    # recall (flax ``scan`` returns a function taking ``*args``): a docstring documenting the
    # factory's own parameters documents its signature, so a renamed one stays reported
    code = _DATAPATH.replace("SIGNATURE", "*args").replace(
        "    path : str\n", "    strict_data_files : bool\n        Strict.\n    path : str\n"
    )
    findings = run_rule(c1_param_unknown, tmp_path, code, "datapath")
    assert [f.message.split('"')[1] for f in findings] == ["path"]


@pytest.mark.parametrize(("entry", "flagged"), [("None", 0), ("Nothing", 1)])
def test_numpydoc_none_means_no_parameters(tmp_path: Path, entry: str, flagged: int) -> None:
    code = f'''
    def colors():
        """Return the colours.

        Parameters
        ----------
        {entry}

        Returns
        -------
        list
        """
    '''
    assert len(run_rule(c1_param_unknown, tmp_path, code, "colors")) == flagged


_DECORATED = '''
from deco import {decorator}


@{decorator}(replace_names=["x"])
def plot(x):
    """Plot.

    Parameters
    ----------
    x : array
        The data.
    data : indexable object, optional
        Where names are looked up.
    """
'''

_DECORATORS = """
import functools


def preprocess(func=None, *, replace_names=None):
    def inner(ax, *args, data=None, **kwargs):
        return func(ax, *args, **kwargs)
    return inner


def logged(func=None, *, replace_names=None):
    @functools.wraps(func)
    def inner(*args, **kwargs):
        return func(*args, **kwargs)
    return inner
"""


@pytest.mark.parametrize(("decorator", "flagged"), [("preprocess", 0), ("logged", 1)])
def test_a_project_decorator_adds_its_wrappers_parameters(
    tmp_path: Path, decorator: str, flagged: int
) -> None:
    # round 5 (matplotlib ``@_preprocess_data()`` adds ``data``); a wrapper that adds no named
    # parameter leaves the entry unknown
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "deco.py").write_text(_DECORATORS, encoding="utf-8")
    code = _DECORATED.format(decorator=decorator)
    assert len(run_rule(c1_param_unknown, tmp_path, code, "plot")) == flagged


_KEYWORD_DECORATED = '''
import statsmodels
from deco import mentioning, popping, reading


@DECORATOR
def plot(x):
    """Plot.

    Parameters
    ----------
    x : array
        The data.
    data : indexable object, optional
        Where names are looked up.
    """
'''

_MORE_DECORATORS = """
def popping(func):
    def inner(*args, **kwargs):
        data = kwargs.pop("data", None)
        return func(*args, **kwargs), data
    return inner


def reading(func):
    def inner(*args, **kwargs):
        return func(*args, **kwargs), kwargs.get("other")
    return inner


def mentioning(func):
    def inner(*args, **kwargs):
        '''Hands every keyword on; kwargs.pop("data") is for func.'''
        return func(*args, **kwargs)
    return inner
"""


@pytest.mark.parametrize(
    ("decorator", "flagged"),
    [
        ("popping", 0),  # astropy's @fitter_unit_support: kwargs.pop("equivalencies")
        ("reading", 1),  # reads another keyword: data stays unknown
        ("mentioning", 1),  # its docstring names the keyword, its code does not take it
        ('statsmodels.deprecate_kwarg("data", "x")', 0),  # names the deprecated keyword
        ('statsmodels.deprecate_kwarg("other", "x")', 1),
    ],
    ids=[
        "wrapper-pops-it",
        "wrapper-reads-another",
        "docstring-only",
        "named-keyword",
        "named-other",
    ],
)
def test_a_decorator_taking_a_keyword_for_the_function(
    tmp_path: Path, decorator: str, flagged: int
) -> None:
    # round 6: a keyword the decorator's wrapper takes out of **kwargs, or that a decorator is
    # handed by name, is a parameter of the call
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "deco.py").write_text(_MORE_DECORATORS, encoding="utf-8")
    code = _KEYWORD_DECORATED.replace("DECORATOR", decorator)
    assert len(run_rule(c1_param_unknown, tmp_path, code, "plot")) == flagged


@pytest.mark.parametrize(
    ("signature", "flagged"),
    [
        ("first, /, *others, match=None", 0),
        ("first, *others, match=None", 1),  # ``first`` can be passed by name: document it
        ("first, /, match=None", 1),  # no *varargs for "args" to sum up
    ],
    ids=["positional-only-and-varargs", "no-positional-only", "no-varargs"],
)
def test_args_entry_for_positional_only_and_varargs(
    tmp_path: Path, signature: str, flagged: int
) -> None:
    # round 6 (pytest ``RaisesGroup(expected_exception, /, *other_exceptions)``): ``:param
    # args:`` sums up the positional arguments whose names no caller can use
    code = f'''
    def group(self, {signature}):
        """Group.

        :param args: Any number of exception types.
        :param match: A pattern.
        """
    '''
    assert len(run_rule(c1_param_unknown, tmp_path, code, "group")) == flagged


@pytest.mark.parametrize(
    ("signature", "flagged"),
    [
        ("__name_pos=None, __type_pos=None, /, *columns, nullable=None", []),
        ("__name_pos=None, __type_pos=None, /, *columns, nullable=None, **kw", []),
        # the control: the same names without ``/`` are keywords a caller writes
        ("__name_pos=None, __type_pos=None, *columns, nullable=None", ["__name", "__type"]),
        ("__name_pos=None, __type_pos=None, *columns, nullable=None, **kw", ["__name", "__type"]),
        # the control: a label of nothing positional-only stays reported
        ("__name_pos=None, /, __type_pos=None, *columns, nullable=None", ["__type"]),
    ],
    ids=["positional-only", "positional-only-kwargs", "keywords", "keywords-kwargs", "one"],
)
def test_an_entry_labelling_a_positional_only_argument(
    tmp_path: Path, signature: str, flagged: list[str]
) -> None:
    # round 19 (sqlalchemy ``mapped_column(__name_pos, __type_pos, /, *columns, ...)``): the
    # entries ``__name``/``__type`` label positional-only arguments, whose names are no part
    # of the call; with **kw the rename would otherwise be provable (params_kwargs)
    code = f'''
    def mapped_column({signature}):
        """A column.

        :param __name: The column's name; positional only.
        :param __type: The column's type; positional only.
        :param nullable: Whether NULL is allowed.
        """
        return (__name_pos, __type_pos, columns, nullable)
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "mapped_column")
    assert [f.message.split('"')[1] for f in findings] == flagged


@pytest.mark.parametrize(
    ("signature", "entry", "flagged"),
    [
        ("column, *additional_columns, group=None", "\\\\*columns", []),
        ("column, *additional_columns, group=None", "\\\\*cols", []),
        # the controls: no star, no *varargs, a *varargs with its own entry
        ("column, *additional_columns, group=None", "columns", ["columns"]),
        ("column, group=None", "\\\\*columns", ["*columns"]),
        (
            "column, *more, group=None",
            "\\\\*columns:\n            Columns.\n        :param more",
            ["*columns"],
        ),
    ],
    ids=["group", "abbreviated", "no-star", "no-varargs", "varargs-documented"],
)
def test_a_starred_entry_for_a_parameter_and_the_varargs_after_it(
    tmp_path: Path, signature: str, entry: str, flagged: list[str]
) -> None:
    # round 19 (sqlalchemy ``deferred(column, *additional_columns, ...)``): ``:param
    # \\*columns:`` documents the first column and the rest together
    code = f'''
    def deferred({signature}):
        """Defer columns.

        :param {entry}: columns to be mapped.
        :param group: A group name.
        """
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "deferred")
    assert [f.message.split('"')[1] for f in findings] == flagged


@pytest.mark.parametrize(("marker", "flagged"), [("TODO", 0), ("weights", 1)])
def test_a_note_marker_inside_parameters(tmp_path: Path, marker: str, flagged: int) -> None:
    # round 6 (statsmodels ``GMM.gradient_momcond``): "TODO: looks like not used yet" under
    # Parameters is a note; another capitalised word stays an unknown entry
    code = f'''
    def gradient(params, epsilon=1e-4):
        """Gradient.

        Parameters
        ----------
        params : ndarray
            The parameters.
        epsilon : float
            The step.

        {marker}: looks like not used yet
              missing argument `weights`
        """
        return params
    '''
    assert len(run_rule(c1_param_unknown, tmp_path, code, "gradient")) == flagged


@pytest.mark.parametrize(
    ("description", "flagged"), [("see `Base`", 0), ("extra values", 2)], ids=["see", "own"]
)
def test_args_kwargs_entry_referring_to_another_signature(
    tmp_path: Path, description: str, flagged: int
) -> None:
    # round 6 (astropy ``UnknownUncertainty``): "args, kwargs : see `NDUncertainty`" sums up the
    # arguments of another signature; described as values of its own, they stay unknown
    code = f'''
    def make(array=None, copy=True):
        """Make.

        Parameters
        ----------
        args, kwargs :
            {description}
        """
        return array
    '''
    assert len(run_rule(c1_param_unknown, tmp_path, code, "make")) == flagged


def _full_osa(a: str, b: str) -> int:
    """The textbook optimal string alignment distance, every cell of the table."""
    table = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, table[i - 2][j - 2] + 1)
            table[i][j] = best
    return table[len(a)][len(b)]


def test_banded_distance_is_the_full_tables_capped() -> None:
    words = [""] + ["".join(p) for n in range(1, 5) for p in itertools.product("ab_", repeat=n)]
    for a in words:
        for b in words:
            full = _full_osa(a, b)
            for limit in (1, 2):
                assert _osa_distance(a, b, limit) == min(full, limit + 1), (a, b, limit)


@pytest.mark.parametrize(
    ("heading", "message"),
    [
        ("Returns", '"Returns:" is indented into the parameter section'),
        ("returned", 'documents parameter "returned", but'),
    ],
    ids=["heading", "control"],
)
def test_a_section_heading_indented_into_args(tmp_path: Path, heading: str, message: str) -> None:
    # round 16 (cirq ``factor``, botorch ``boltzmann_sample``): ``Returns:`` indented into
    # Args is a heading napoleon renders as one more parameter; the finding names the slip,
    # not a stale parameter; the control, a lower-case word, stays an unknown parameter
    code = f'''
    def sample(values, eta=1.0):
        """Sample.

        Args:
            values: The values.
            eta: The temperature.

            {heading}:
            A tensor of indices.
        """
        return values
    '''
    findings = run_rule(c1_param_unknown, tmp_path, code, "sample")
    assert len(findings) == 1
    assert findings[0].message.startswith(message)
    assert ("dedent" in (findings[0].fix_hint or "")) == (heading == "Returns")
