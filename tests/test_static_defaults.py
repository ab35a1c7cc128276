"""C2-DEFAULT-MISMATCH and C2-OPTIONAL-FLAG on real indexed files, per docstring style."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.base import StaticInput
from docref.checks.static.defaults import c2_default_mismatch, documented_default
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.core.findings import Criterion, Finding, Tier
from docref.segments import segment_docstring

from tests.static_helpers import run_rule, static_input


def _optional_any(inp: StaticInput) -> list[Finding]:
    """C2-OPTIONAL-FLAG and its opt-in part (a parameter the body never reads, which these
    tests' stub bodies are): what they test is the claim's detection, not the split
    (tests/test_static_ty12a.py)."""
    return c2_optional_flag(inp) + c2_optional_flag_weak(inp)


def _code(signature: str, doc: str) -> str:
    body = "\n".join(f"    {line}" if line else "" for line in doc.strip("\n").splitlines())
    return f'def {signature}:\n    """Do it.\n\n{body}\n    """\n    return None\n'


_GOOGLE = "Args:\n    x (int): The x. Defaults to {v}.\n    y: The y."
_GOOGLE_OPTIONAL = "Args:\n    x (int, optional): The x. Defaults to {v}.\n    y: The y."
_NUMPY = "Parameters\n----------\nx : int, default {v}\n    The x.\ny : int\n    The y."
_NUMPY_EQ = "Parameters\n----------\nx : int, default={v}\n    The x.\ny : int\n    The y."
_NUMPY_PROSE = (
    "Parameters\n----------\nx : int, optional\n    The x. Default is {v}.\ny : int\n    The y."
)
_REST = ":param x: the x (default: {v})\n:type x: int\n:param y: the y"
_REST_EQ = ":param int x: the x, default={v}\n:param y: the y"
_EPYDOC = "@param x: the x (default: {v})\n@type x: int\n@param y: the y"

_STYLES = {
    "google": _GOOGLE,
    "google-optional": _GOOGLE_OPTIONAL,
    "numpy": _NUMPY,
    "numpy-eq": _NUMPY_EQ,
    "numpy-prose": _NUMPY_PROSE,
    "rest": _REST,
    "rest-eq": _REST_EQ,
    "epydoc": _EPYDOC,
}


@pytest.mark.parametrize("template", list(_STYLES.values()), ids=list(_STYLES))
def test_default_mismatch_per_style(tmp_path: Path, template: str) -> None:
    code = _code("f(y, x=3)", template.format(v=5))
    findings = run_rule(c2_default_mismatch, tmp_path, code, "f")
    assert len(findings) == 1
    finding = findings[0]
    assert finding.rule == "C2-DEFAULT-MISMATCH"
    assert finding.criterion is Criterion.C2
    assert finding.tier is Tier.STATIC
    assert finding.message == 'documents default 5 for "x", but the signature default is 3'
    assert finding.fix_hint == "document the default as 3"
    assert "x" in finding.segment_text


@pytest.mark.parametrize("template", list(_STYLES.values()), ids=list(_STYLES))
def test_matching_default_is_silent_per_style(tmp_path: Path, template: str) -> None:
    code = _code("f(y, x=5)", template.format(v=5))
    assert run_rule(c2_default_mismatch, tmp_path, code, "f") == []


@pytest.mark.parametrize(
    ("documented", "signature"),
    [
        ("5.0", "5"),  # equal values
        ("``5``", "5"),
        ("'utf-8'", '"utf-8"'),
        ("(1, 2)", "(1, 2)"),
        ("True", "True"),
        ("``None``", "None"),
        ("[1, 2]", "(1, 2)"),  # the same sequence written two ways
        ("'lowpass'", "'low'"),  # an alias: one is a prefix of the other
        ("'Density'", "'density'"),
        ("'psd'", "-1"),  # different kinds: a misread entry more likely than a stale default
        ("``[1]``", "1"),  # array_like: a scalar broadcasts
    ],
)
def test_equal_literals_in_any_spelling_are_silent(
    tmp_path: Path, documented: str, signature: str
) -> None:
    code = _code(f"f(y, x={signature})", _GOOGLE.format(v=documented))
    assert run_rule(c2_default_mismatch, tmp_path, code, "f") == []


@pytest.mark.parametrize(
    ("documented", "signature", "shown"),
    [
        ("None", "0", "None"),
        ("'strict'", "'ignore'", "'strict'"),
        ("``True``", "False", "True"),
        ("false", "True", "false"),
        ("-1", "1", "-1"),
        ("[1, 3]", "(1, 2)", "[1, 3]"),
        ("``None``", "'weight'", "None"),
    ],
)
def test_differing_literals_are_reported(
    tmp_path: Path, documented: str, signature: str, shown: str
) -> None:
    code = _code(f"f(y, x={signature})", _GOOGLE.format(v=documented))
    findings = run_rule(c2_default_mismatch, tmp_path, code, "f")
    assert [f.message.split(" for ")[0] for f in findings] == [f"documents default {shown}"]


@pytest.mark.parametrize(
    ("doc", "signature"),
    [
        ("Args:\n    x: The x. Defaults to 30.", "f(x=None)"),  # None: a sentinel
        ("Args:\n    x: The x. Defaults to 30.", "f(x=_MISSING)"),  # a sentinel name
        ("Args:\n    x: The x. Defaults to 30.", "f(x=DEFAULT_TIMEOUT)"),
        ("Args:\n    x: The x. Defaults to 30.", "f(x=float('inf'))"),
        ("Args:\n    x: The x. Defaults to the current directory.", "f(x='.')"),
        ("Args:\n    x: The x. Defaults to DEFAULT_SIZE.", "f(x=4)"),
        ("Args:\n    x: The x. Defaults to 3 if verbose.", "f(x=5)"),
        ("Args:\n    x: The x. Defaults to 3, unless verbose.", "f(x=5)"),
        ("Args:\n    x: The x. Defaults to 1/2.", "f(x=0.25)"),
        ("Args:\n    x: Passed to load(), whose default is 3.", "f(x=5)"),
        ("Args:\n    x: The x. Its default is 3.", "f(x=5)"),
        ('Args:\n    x: Use "[a]" explicitly, but the default is "[b]".', "f(x='c')"),
        ("Args:\n    x: Uses the default encoding.", "f(x='ascii')"),
        ("Args:\n    x: The x. Defaults to 3. The default is 4.", "f(x=5)"),  # self-contradiction
        ("Args:\n    x: The x, by default.", "f(x=5)"),
        ("Args:\n    z: Not a parameter. Defaults to 3.", "f(x=5)"),
        ("Args:\n    *x: Extra. Defaults to 3.", "f(*x)"),
    ],
)
def test_unprovable_defaults_are_silent(tmp_path: Path, doc: str, signature: str) -> None:
    code = _code(signature, doc)
    assert run_rule(c2_default_mismatch, tmp_path, code, "f") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "The default is 3.",
        "Will default to ``3``.",
        "If None, the default of 3 is used.",
        "Must be positive and defaults to 3.",
        "Default value: 3",
    ],
)
def test_clause_openings_of_a_default_statement(tmp_path: Path, sentence: str) -> None:
    code = _code("f(x=5)", f"Args:\n    x: The x. {sentence}")
    findings = run_rule(c2_default_mismatch, tmp_path, code, "f")
    assert [f.message for f in findings] == [
        'documents default 3 for "x", but the signature default is 5'
    ]


def test_thousands_separators_make_one_number(tmp_path: Path) -> None:
    code = _code("f(n=10000)", "Args:\n    n: Upper bound. Default is 10,000.")
    assert run_rule(c2_default_mismatch, tmp_path, code, "f") == []
    code = _code("f(n=1000)", "Args:\n    n: Upper bound. Default is 10,000.")
    findings = run_rule(c2_default_mismatch, tmp_path / "b", code, "f")
    assert [f.message for f in findings] == [
        'documents default 10000 for "n", but the signature default is 1000'
    ]


def test_units_after_the_value_are_allowed(tmp_path: Path) -> None:
    code = _code("f(timeout=10)", "Args:\n    timeout: Seconds to wait. Defaults to 30 seconds.")
    findings = run_rule(c2_default_mismatch, tmp_path, code, "f")
    assert len(findings) == 1
    assert 'default 30 for "timeout"' in findings[0].message


def test_numpy_combined_names_and_literal_set_type(tmp_path: Path) -> None:
    doc = (
        "Parameters\n----------\nmode : {'a', 'b'}, default='a'\n    The mode.\n"
        "x1, x2 : int, default 0\n    Bounds."
    )
    code = _code("f(mode='b', x1=0, x2=1)", doc)
    findings = run_rule(c2_default_mismatch, tmp_path, code, "f")
    assert [f.message for f in findings] == [
        "documents default 'a' for \"mode\", but the signature default is 'b'",
        'documents default 0 for "x2", but the signature default is 1',
    ]


def test_overloads_that_disagree_are_silent(tmp_path: Path) -> None:
    code = '''
    from typing import overload

    @overload
    def f(x: int = ...) -> int: ...
    @overload
    def f(x: str = ...) -> str: ...
    def f(x=3):
        """Do it.

        Args:
            x: The x. Defaults to 5.
        """
        return x
    '''
    assert run_rule(c2_default_mismatch, tmp_path, code, "f") == []


def test_java_files_are_not_judged(tmp_path: Path) -> None:
    code = "class A {\n  /** Does.\n   * @param x the x, default 5\n   */\n  void m(int x) { }\n}\n"
    inp = static_input(tmp_path, code, "A.m", filename="A.java")
    assert c2_default_mismatch(inp) == []
    assert _optional_any(inp) == []


@pytest.mark.parametrize(
    "text",
    [
        "x: The x. Defaults to ``5",  # unterminated inline literal
        "x: The x. Defaults to (1, 2",  # unbalanced bracket
        "x: The x. Defaults to '5",  # unterminated string
        "x: The x. Defaults to 1e999999j.",  # a literal with an odd value
        "x: The x. Defaults to [" + "[" * 300 + "].",  # deep nesting
    ],
)
def test_malformed_default_text_never_raises(text: str) -> None:
    doc = f'"""Do it.\n\nArgs:\n    {text}\n"""'
    parsed = segment_docstring(doc, 0, len(doc), "python")
    entry = next(s for s in parsed.segments if s.kind == "param")
    found = documented_default(entry)
    assert found is None or found.text == "1e999999j"


# ---- C2-OPTIONAL-FLAG ---------------------------------------------------------------------------

_OPTIONAL_STYLES = {
    "google": "Args:\n    x (int, optional): The x.",
    "google-description": "Args:\n    x: Optional. The x.",
    "google-parenthesised": "Args:\n    x: (optional) The x.",
    "numpy": "Parameters\n----------\nx : int, optional\n    The x.",
    "rest": ":param x: the x\n:type x: int, optional",
    "epydoc": "@param x: the x\n@type x: int, optional",
}


@pytest.mark.parametrize("doc", list(_OPTIONAL_STYLES.values()), ids=list(_OPTIONAL_STYLES))
def test_optional_without_default_per_style(tmp_path: Path, doc: str) -> None:
    code = _code("f(x)", doc).replace("return None", "return x")  # a body reading x
    findings = run_rule(_optional_any, tmp_path, code, "f")
    assert len(findings) == 1
    finding = findings[0]
    assert finding.rule == "C2-OPTIONAL-FLAG"
    assert finding.criterion is Criterion.C2
    assert finding.message == (
        'documents "x" as optional, but f() requires it (no default in the signature)'
    )
    assert finding.fix_hint == 'give "x" a default or remove "optional"'


@pytest.mark.parametrize("doc", list(_OPTIONAL_STYLES.values()), ids=list(_OPTIONAL_STYLES))
def test_optional_with_default_is_silent(tmp_path: Path, doc: str) -> None:
    assert run_rule(_optional_any, tmp_path, _code("f(x=None)", doc), "f") == []


def test_keyword_only_without_default_is_required(tmp_path: Path) -> None:
    doc = "Args:\n    x (int, optional): The x."
    assert len(run_rule(_optional_any, tmp_path, _code("f(*, x)", doc), "f")) == 1
    assert run_rule(_optional_any, tmp_path / "b", _code("f(*, x=1)", doc), "f") == []


@pytest.mark.parametrize(
    ("signature", "doc"),
    [
        ("f(*args)", "Args:\n    *args (optional): Extra."),
        ("f(**kwargs)", "Args:\n    **kwargs (optional): Options."),
        ("f(x: Optional[int])", "Args:\n    x (Optional[int]): The x."),  # typing, not the flag
        ("f(x)", "Args:\n    x: An optional callback, or a plain one."),  # prose
        ("f(x)", "Args:\n    x ({'required', 'optional'}): The mode."),
        ("f(y)", "Args:\n    x (int, optional): Not a parameter."),
    ],
)
def test_not_an_optional_flag_claim(tmp_path: Path, signature: str, doc: str) -> None:
    code = "from typing import Optional\n\n" + _code(signature, doc)
    assert run_rule(_optional_any, tmp_path, code, "f") == []


def test_decorators_that_may_supply_defaults_are_silent(tmp_path: Path) -> None:
    code = '''
    import click

    @click.command()
    @click.option("--count", default=1)
    def hello(count):
        """Greet.

        Args:
            count (int, optional): How many times.
        """
    '''
    assert run_rule(_optional_any, tmp_path, code, "hello") == []


def test_plain_decorators_keep_the_rule(tmp_path: Path) -> None:
    code = '''
    class A:
        @staticmethod
        def f(x):
            """Do it.

            Args:
                x (int, optional): The x.
            """
    '''
    assert len(run_rule(_optional_any, tmp_path, code, "A.f")) == 1


def test_one_finding_per_parameter_across_param_and_type_fields(tmp_path: Path) -> None:
    doc = ":param x: Optional. The x.\n:type x: int, optional"
    findings = run_rule(_optional_any, tmp_path, _code("f(x)", doc), "f")
    assert len(findings) == 1
    assert findings[0].segment_text.startswith(":param x:")


def test_string_defaults_that_differ_only_in_spaces_are_the_same() -> None:
    from docref.checks.static.defaults import contradicts

    assert not contradicts("2*n_jobs", "2 * n_jobs")
    assert not contradicts("Low", "lowpass")
    assert contradicts("high", "low")


# ---- precision round 0 (issue 12): patterns from scikit-learn, each with its control


def test_float_literal_with_a_trailing_dot(tmp_path: Path) -> None:
    code = _code("f(tol=1.0e-3)", "Parameters\n----------\ntol : float, default=1.e-3\n    Tol.")
    assert run_rule(c2_default_mismatch, tmp_path, code, "f") == []
    code = _code("f(tol=1.0e-4)", "Parameters\n----------\ntol : float, default=1.e-3\n    Tol.")
    findings = run_rule(c2_default_mismatch, tmp_path / "b", code, "f")
    assert [f.message for f in findings] == [
        'documents default 1.e-3 for "tol", but the signature default is 1.0e-4'
    ]


def test_deprecation_cycle_sentinels_are_not_the_default(tmp_path: Path) -> None:
    doc = "Parameters\n----------\npenalty : str, default='l2'\n    The penalty."
    for sentinel in ('"deprecated"', '"warn"'):
        code = _code(f"f(penalty={sentinel})", doc)
        assert run_rule(c2_default_mismatch, tmp_path / sentinel.strip('"'), code, "f") == []
    # the control: an ordinary string default that differs is still reported
    findings = run_rule(c2_default_mismatch, tmp_path / "c", _code('f(penalty="l1")', doc), "f")
    assert len(findings) == 1


def test_backslashes_follow_the_docstring_escapes(tmp_path: Path) -> None:
    doc = 'Parameters\n----------\npattern : str, default=r"(?u)\\\\b\\\\w\\\\w+\\\\b"\n    Tokens.'
    signature = 'f(pattern=r"(?u)\\b\\w\\w+\\b")'
    # a plain docstring: ``\\b`` in its source is ``\b`` in its text, the signature's value
    assert run_rule(c2_default_mismatch, tmp_path, _code(signature, doc), "f") == []
    # a raw one (scikit-learn's): the default is escaped once more for display
    raw = _code(signature, doc).replace('"""Do it.', 'r"""Do it.')
    assert run_rule(c2_default_mismatch, tmp_path / "raw", raw, "f") == []
    # the control: another regex is still reported, escaped or not
    other = _code('f(pattern=r"(?u)\\b\\w+\\b")', doc)
    assert len(run_rule(c2_default_mismatch, tmp_path / "other", other, "f")) == 1


def test_a_rest_escape_in_the_documented_default_is_its_character(tmp_path: Path) -> None:
    # pandas read_xml: ``default './\\*'`` in a plain docstring is ``'./\*'`` in its text,
    # reST's escape of ``'./*'`` (a bare ``*`` would open emphasis)
    doc = "Parameters\n----------\nxpath : str, optional, default './\\\\*'\n    The XPath."
    code = _code('f(xpath="./*")', doc)
    assert run_rule(c2_default_mismatch, tmp_path, code, "f") == []
    # the control: an escaped default that is another value is still reported
    other = _code('f(xpath="./item")', doc)
    findings = run_rule(c2_default_mismatch, tmp_path / "other", other, "f")
    assert [f.message for f in findings] == [
        'documents default \'./\\*\' for "xpath", but the signature default is "./item"'
    ]


# ---- issue 12, pattern 4: type aliases expand before "the annotation admits None" ----------

_ALIASED = '''
from typing import Callable, Optional, TypeAlias

KeyFunc = Optional[Callable[[str], int]]
Strict = Callable[[str], int]
Maybe: TypeAlias = "int | None"
type Pep695 = str | None

def sort(items, key: KeyFunc, check: Strict, limit: Maybe, label: Pep695):
    """Sort.

    Args:
        items (list): The items.
        key (callable, optional): Sort key, or None.
        check (callable, optional): Validator.
        limit (int, optional): At most this many, or None.
        label (str, optional): A label, or None.
    """
'''


def test_optional_through_a_type_alias_is_silent_unless_it_excludes_none(tmp_path: Path) -> None:
    findings = run_rule(_optional_any, tmp_path, _ALIASED, "sort")
    # ``Strict`` is the control: an alias without None still makes the parameter required
    assert [f.message for f in findings] == [
        'documents "check" as optional, but sort() requires it (no default in the signature)'
    ]


def test_optional_through_an_alias_imported_from_a_project_module(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "kinds.py").write_text(
        "from typing import Callable, Optional\n\n"
        "KeyFunc = Optional[Callable[[str], int]]\n"
        "Strict = Callable[[str], int]\n",
        encoding="utf-8",
    )
    code = '''
    from kinds import KeyFunc, Strict

    def sort(key: KeyFunc, check: Strict):
        """Sort.

        Args:
            key (callable, optional): Sort key, or None.
            check (callable, optional): Validator.
        """
    '''
    findings = run_rule(_optional_any, tmp_path, code, "sort")
    assert [f.message for f in findings] == [
        'documents "check" as optional, but sort() requires it (no default in the signature)'
    ]


@pytest.mark.parametrize(
    ("type_", "flagged"),
    [
        ("float, defaults: 5, 10, 50", []),
        ("float, default: 5, 10, 50", []),
        ("float, defaults: 5, 10, 60", ['documents default 60 for "flag"']),
        ("float, default: 5", ['documents default 5 for "full"', 'documents default 5 for "flag"']),
        ("float, defaults: 5, 10", []),  # two values for three names: which is which is unknown
    ],
)
def test_one_default_per_name_of_a_combined_entry(
    tmp_path: Path, type_: str, flagged: list[str]
) -> None:
    # round 5 (matplotlib ``Barbs``, ``Arc``): ``half, full, flag : float, defaults: 5, 10, 50``
    doc = f"Parameters\n----------\nhalf, full, flag : {type_}\n    Increments."
    code = _code("f(half=5, full=10, flag=50)", doc)
    messages = [f.message for f in run_rule(c2_default_mismatch, tmp_path, code, "f")]
    assert [m.split(", but")[0] for m in messages] == flagged


def test_optional_in_the_overload_that_omits_it(tmp_path: Path) -> None:
    # round 5 (``pyplot.show``): ``show(*, block: bool)`` and ``show(*args)`` overloads; the
    # second leaves ``block`` out, so a caller may too
    code = '''
    from typing import overload

    @overload
    def show(*, block: bool) -> None: ...
    @overload
    def show(*, block: bool, {second}) -> None: ...
    def show(*, block, **kwargs):
        """Show.

        Parameters
        ----------
        block : bool, optional
            Wait.
        """
    '''
    assert run_rule(_optional_any, tmp_path, code.replace("{second}", "x: int"), "show") != []
    code = code.replace("def show(*, block: bool, {second})", "def show(*args: int)")
    code = code.replace("def show(*, block, **kwargs)", "def show(*args, **kwargs)")
    assert run_rule(_optional_any, tmp_path / "2", code, "show") == []


@pytest.mark.parametrize(("test", "flagged"), [("x is None", 0), ("x == 0", 1)])
def test_optional_read_as_may_be_none_when_the_body_tests_it(
    tmp_path: Path, test: str, flagged: int
) -> None:
    # round 5 (matplotlib ``PcolorImage.set_data(self, x, y, A)``: "x, y : optional … If not
    # given" with ``x = default if x is None else x``)
    code = f'''
    def set_data(x, a):
        """Set.

        Parameters
        ----------
        x : array-like, optional
            Boundaries. If not given, ``range(n)``.
        a : array-like
            Data.
        """
        return a if {test} else x
    '''
    assert len(run_rule(_optional_any, tmp_path, code, "set_data")) == flagged


_BASE_WITH_REQUIRE = """
class _Mixin:
    def _require_client(self, client):
        if client is None:
            client = self.client
        return client
"""

_HANDS_ON = '''
from base import _Mixin


class Blob(_Mixin):
    def _do_upload(self, client, generation, size):
        """Upload.

        :param client: (Optional) The client to use.
        :param generation: (Optional) See generations.
        :param size: (Optional) The size.
        """
        client = self._require_client(client)
        return self._send(client, generation, size=size)

    def _send(self, client, generation=None, *, size):
        return client, generation, size
'''


def test_optional_read_as_may_be_none_when_handed_on_to_a_callee(tmp_path: Path) -> None:
    # round 6 (google-cloud-storage ``Blob._do_upload``): ``client`` goes to an inherited
    # ``_require_client`` that tests ``is None``, ``generation`` to a ``None`` default; ``size``
    # to a required keyword-only parameter: still reported
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "base.py").write_text(_BASE_WITH_REQUIRE, encoding="utf-8")
    findings = run_rule(_optional_any, tmp_path, _HANDS_ON, "Blob._do_upload")
    assert [f.message.split('"')[1] for f in findings] == ["size"]


@pytest.mark.parametrize(
    ("doc", "signature", "reported"),
    [
        # round 10 (prefect): the same amount stated in a larger unit
        ("Defaults to 1 hour (3600 seconds).", "f(timeout=3600)", False),
        ("Defaults to 2 minutes.", "f(timeout=120)", False),
        ("Defaults to 500 ms.", "f(timeout=0.5)", False),
        ("Defaults to 1 MiB.", "f(timeout=1048576)", False),
        # round 67 (aiogram): "64 kb" for 65536, kB/MB/GB read in decimal or binary sizes
        ("Defaults to 64 kb.", "f(timeout=65536)", False),
        ("Defaults to 64 KB.", "f(timeout=64000)", False),
        ("Defaults to 2 MB.", "f(timeout=2097152)", False),
        # controls: another amount in bytes, and KiB has one size only
        ("Defaults to 64 kb.", "f(timeout=32768)", True),
        ("Defaults to 64 KiB.", "f(timeout=64000)", True),
        # controls: a unit does not excuse another amount, nor a unit of another dimension
        ("Defaults to 30 seconds.", "f(timeout=60)", True),
        ("Defaults to 1 hour.", "f(timeout=60 * 24)", False),  # not a literal: unprovable
        ("Defaults to 1 hour.", "f(timeout=1440)", True),
        ("Defaults to 2 retries.", "f(timeout=120)", True),
    ],
)
def test_a_default_stated_in_another_unit(
    tmp_path: Path, doc: str, signature: str, reported: bool
) -> None:
    code = _code(signature, f"Args:\n    timeout: How long to wait. {doc}")
    findings = run_rule(c2_default_mismatch, tmp_path, code, "f")
    assert len(findings) == int(reported)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("x : int, default 5", "x"),
        ("max_x : int", "x"),  # inside a longer word: no match
        ("*args : tuple", "args"),  # after ``*``: no match
        ("args, args2 : int", "args2"),
        ("x2 x : int", "x"),  # the second occurrence is the whole word
        ("é_x x", "_x"),  # a Unicode letter is a word character
        ("x٣ x", "x"),  # so is a digit of another script
        ("names (list)", "names (list)"),
        ("", "x"),
    ],
)
def test_entry_name_found_as_the_pattern_finds_it(text: str, name: str) -> None:
    """The description after an entry's name starts where the whole-word pattern the rule
    used before ends (``str.find`` now, no pattern compiled per name)."""
    import re

    from docref.checks.static.defaults_stated import _name_end

    match = re.search(rf"(?<![\w*]){re.escape(name)}(?!\w)", text)
    assert _name_end(text, name) == (match.end() if match else 0)
