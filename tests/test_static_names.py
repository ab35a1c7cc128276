"""C1-XREF-UNRESOLVED and C1-NAME-UNRESOLVED on real indexed Python files, per docstring style."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_derived, c1_name_unresolved
from docref.checks.static.names_mentions import find_mentions
from docref.checks.static.names_spelling import hint, suggest
from docref.core.findings import Criterion, Tier

from tests.names_helpers import both_rules, messages, write_project_file, xref_all
from tests.static_helpers import run_rule, static_input

# --------------------------------------------------------------------------- Google


def test_google_backtick_name_did_you_mean(tmp_path: Path) -> None:
    code = '''
    def frobnicate(items):
        return items


    def run(path: str, length: int) -> None:
        """Run the job.

        Args:
            path (str): The file; each line goes through `frobnicate_all`.
            length (int): How many.
        """
    '''
    inp = static_input(tmp_path, code, "run")
    findings = c1_name_unresolved(inp)
    assert len(findings) == 1
    f = findings[0]
    assert f.message == "`frobnicate_all` names nothing in scope; did you mean `frobnicate`?"
    assert f.fix_hint == "rename `frobnicate_all` to `frobnicate`"
    assert f.rule == "C1-NAME-UNRESOLVED"
    assert f.criterion is Criterion.C1 and f.tier is Tier.STATIC
    assert f.segment_text == "path (str): The file; each line goes through `frobnicate_all`."
    assert inp.source[f.start : f.end] == f.segment_text
    assert xref_all(inp) == []


def test_google_self_attribute_missing_from_class(tmp_path: Path) -> None:
    code = '''
    class Widget:
        def __init__(self):
            self._caches = {}

        def clear(self):
            """Empty `self._cache` and reset `self._caches`.

            Returns:
                int: how many entries ``Widget._caches`` held.
            """
            return 0
    '''
    findings = run_rule(c1_name_unresolved, tmp_path, code, "Widget.clear")
    assert messages(findings) == [
        "`self._cache` names nothing: class `Widget` has no `_cache`; did you mean `_caches`?"
    ]
    assert findings[0].fix_hint == "rename `_cache` to `_caches`"


def test_google_resolved_names_are_silent(tmp_path: Path) -> None:
    code = '''
    import json
    from collections import OrderedDict

    LIMIT = 3


    class Base:
        def reset(self):
            pass


    class Store(Base):
        kind = "memory"

        def __init__(self, capacity):
            self.capacity = capacity

        def put(self, key, value):
            """Store `value` under `key`, like `dict.setdefault`.

            Args:
                key: hashed with `hash`; see `Store.kind`, `self.capacity`, `LIMIT`,
                    `json.dumps`, `OrderedDict`, `reset` and :meth:`reset`.
                value: kept in `ordered`, a local.
            """
            ordered = OrderedDict()
            return ordered
    '''
    assert both_rules(tmp_path, code, "Store.put") == []


# --------------------------------------------------------------------------- NumPy


def test_numpy_parameter_typo_and_see_also(tmp_path: Path) -> None:
    code = '''
    def helper(x):
        return x


    def scale(data, length):
        """Scale the data.

        Parameters
        ----------
        data : list
            Values; at most `lenght` of them are used.
        length : int
            How many.

        See Also
        --------
        helpr : Does the work.
        helper
        """
    '''
    inp = static_input(tmp_path, code, "scale")
    assert messages(c1_name_unresolved(inp)) == [
        "`lenght` names nothing in scope; did you mean `length`?"
    ]
    xrefs = xref_all(inp)
    assert messages(xrefs) == ["`helpr` names nothing in scope; did you mean `helper`?"]
    assert xrefs[0].rule == "C1-XREF-UNRESOLVED"
    assert xrefs[0].segment_text == "helpr : Does the work."


def test_numpy_see_also_prose_is_not_a_list_of_names(tmp_path: Path) -> None:
    code = '''
    def scale(data):
        """Scale the data.

        See Also
        --------
        The tutorial for more examples.
        """
    '''
    assert run_rule(xref_all, tmp_path, code, "scale") == []


# --------------------------------------------------------------------------- reST / Sphinx


def test_rest_roles(tmp_path: Path) -> None:
    code = '''
    import os


    class Reader:
        def read(self):
            pass

        def read_all(self, path):
            """Read everything with :meth:`read` and :meth:`~Reader.read`.

            Joins with :func:`os.path.joinx` and hands over to
            :func:`Parse everything <frobnicate_al>`; :meth:`Reader.raed` is gone.
            :class:`!Anything` is not linked and :math:`a_b(x)` is math.

            :param path: the file, see :func:`reed`.
            :type path: :class:`NoSuchType`
            """
    '''
    findings = run_rule(xref_all, tmp_path, code, "Reader.read_all")
    assert messages(findings) == [
        "`os.path.joinx` names nothing: module `os.path` has no `joinx`; did you mean `join`?",
        "`frobnicate_al` names nothing in scope",
        "`Reader.raed` names nothing: class `Reader` has no `raed`; did you mean `read`?",
        "`reed` names nothing in scope; did you mean `read`?",
    ]
    assert findings[1].fix_hint == (
        "name an existing function, class or variable, or remove `frobnicate_al`"
    )
    assert findings[3].segment_text == ":param path: the file, see :func:`reed`."


def test_rest_project_module_member_and_module_role(tmp_path: Path) -> None:
    write_project_file(tmp_path, "pkg/__init__.py", "")
    write_project_file(tmp_path, "pkg/util.py", "def load(path):\n    return path\n")
    code = '''
    from pkg import util


    def run(path):
        """Load with :func:`pkg.util.loda` or `util.load`; see :mod:`pkg.utils`.

        Also :mod:`pkg.util` and :mod:`json`, while :mod:`not_installed_anywhere` may
        exist elsewhere.
        """
        return util.load(path)
    '''
    findings = run_rule(xref_all, tmp_path, code, "run", filename="pkg/main.py")
    assert messages(findings) == [
        "`pkg.util.loda` names nothing: module `pkg.util` has no `loda`; did you mean `load`?",
        "`pkg.utils` names nothing: module `pkg` has no `utils`; did you mean `util`?",
    ]


def test_rest_project_base_class_members(tmp_path: Path) -> None:
    write_project_file(tmp_path, "base.py", "class Base:\n    def close(self):\n        pass\n")
    code = '''
    from base import Base


    class Child(Base):
        def run(self):
            """Call :meth:`close` and then :meth:`clsoe`; see :meth:`Base.close`."""
    '''
    findings = run_rule(xref_all, tmp_path, code, "Child.run")
    assert messages(findings) == ["`clsoe` names nothing in scope; did you mean `close`?"]


# --------------------------------------------------------------------------- Epydoc, plain


def test_epydoc_link_and_code(tmp_path: Path) -> None:
    code = '''
    def helper(x):
        return x


    def run(value):
        """Run through L{helpr} and C{helper_fn()}.

        @param value: passed to L{helper<helper>}.
        """
        return helper(value)
    '''
    inp = static_input(tmp_path, code, "run")
    assert messages(xref_all(inp)) == ["`helpr` names nothing in scope; did you mean `helper`?"]
    # ``helper_fn()`` extends the file's function ``helper`` by one word: a renamed helper's old
    # name (session 11: literals and calls take that evidence as single backticks do)
    assert messages(c1_name_unresolved(inp)) == [
        "`helper_fn` names nothing in scope; did you mean `helper`?"
    ]


def test_plain_call_syntax_and_module_attribute(tmp_path: Path) -> None:
    code = '''
    import os


    def helper(x):
        return x


    def run(value):
        """Run helperz() on the value, then os.path.joinx the parts.

        Afterwards os.path.join is fine, and so are helper(value) and len(value).
        Unmarked words such as frobnicate_all are not judged.
        """
        return helper(value)
    '''
    findings = run_rule(c1_name_unresolved, tmp_path, code, "run")
    assert messages(findings) == [
        "`helperz` names nothing in scope; did you mean `helper`?",
        "`os.path.joinx` names nothing: module `os.path` has no `joinx`; did you mean `join`?",
    ]


def test_parameter_cue_reports_renamed_parameter_without_did_you_mean(tmp_path: Path) -> None:
    code = '''
    def parse(tokens, with_condexpr=True):
        """Parse the tokens.

        The `no_condexpr` parameter is passed on; a callback receives the ``task_status``
        argument.
        """
    '''
    findings = run_rule(c1_name_unresolved, tmp_path, code, "parse")
    assert messages(findings) == ["`no_condexpr` names nothing in scope"]


def test_mention_offsets_point_into_the_source(tmp_path: Path) -> None:
    code = '''
    def run(value):
        """Use :func:`~os.path.join` and ``helper(x)`` and `value`."""
    '''
    inp = static_input(tmp_path, code, "run")
    segment = inp.docstring.segments[0]
    mentions = find_mentions(inp.source, inp.docstring, segment, "python")
    assert [(m.kind, m.target, inp.source[m.start : m.end]) for m in mentions] == [
        ("role", "os.path.join", "~os.path.join"),
        ("literal", "helper", "helper(x)"),
        ("backtick", "value", "value"),
    ]


def test_plain_prose_masks_mail_numbers_and_quotes_with_or_without_an_at_sign(
    tmp_path: Path,
) -> None:
    # the mask of e-mail addresses, numbers and quoted strings takes a faster form when the
    # text has no "@": both forms leave the same names for call syntax and dotted names
    code = '''
    def run(value):
        """Ask help.desk@example.org, see os.path.join and build(). Since 3.2.1 "py.warn" and
        'line.col' are values.

        Calls os.path.join and build(); 2.5.x and "py.warn" are values, not names.
        """
    '''
    inp = static_input(tmp_path, code, "run")
    found = [
        [(m.kind, m.target) for m in find_mentions(inp.source, inp.docstring, s, "python")]
        for s in inp.docstring.segments
    ]
    assert "@" in inp.docstring.segments[0].text and "@" not in inp.docstring.segments[-1].text
    assert found[0] == [("dotted", "os.path.join"), ("call", "build")]
    assert found[-1] == [("dotted", "os.path.join"), ("call", "build")]


# --------------------------------------------------------------------------- did you mean


def test_suggest_rules() -> None:
    assert suggest("lenght", ["length", "path"]) == "length"
    assert suggest("create_entry", ["create_entries", "create_widgets"]) == "create_entries"
    assert suggest("Widgets", ["Widget"], bare=True) is None  # English plural
    assert suggest("path_hook", ["path_hooks"], bare=False) == "path_hooks"
    assert suggest("task_status", ["TaskStatus"]) is None  # a class is not a value
    assert suggest("getValue", ["get_value"]) == "get_value"
    assert suggest("floor", ["__floor__"], strict=True) is None
    assert suggest("none", ["_none"], strict=True) is None
    assert suggest("dumpz", ["dump", "dumps"]) is None  # a tie
    assert suggest("helperz", ["helper"], strict=True) == "helper"
    assert suggest("Square", ["square"], strict=True) is None
    # round 5 (tornado: ``zlib.Decompress.flush``, the documented name of the object's type)
    assert suggest("Decompress", ["compress", "decompressobj"]) is None
    assert suggest("Decompres", ["Decompress"]) == "Decompress"
    assert hint("munge", ["_munge"]) == "_munge"
    assert hint("frobnicate_all", ["frobnicate"]) == "frobnicate"
    assert hint("quote_header_value", ["quote"]) is None


def test_a_name_extending_a_parameter_is_a_derived_value(tmp_path: Path) -> None:
    # ``X_transformed`` is what becomes of the parameter ``X``; the same extension of a
    # function name in scope (``frobnicate_all``, test above) stays a stale helper's name
    code = '''
    def transform(X, y=None):
        """Transform.

        Returns:
            array: The transformed data `X_transformed`, with `y_transformed` if y is given.
        """
        return X
    '''
    assert c1_name_unresolved(static_input(tmp_path, code, "transform")) == []


_HISTORY_DOC = '''
def bind(environ, subdomain=None):
    """Bind.

    Args:
        environ: The environment.
        subdomain: The subdomain.

    {lead}previously this method accepted a bogus `calculate_subdomain` parameter.
    """
'''


def test_a_version_note_tells_of_removed_names(tmp_path: Path) -> None:
    # inside ``.. versionchanged::`` a removed parameter is history; the same sentence as
    # plain prose claims the parameter exists
    note = _HISTORY_DOC.format(lead=".. versionchanged:: 0.5\n       ")
    assert c1_name_unresolved(static_input(tmp_path / "a", note, "bind")) == []
    prose = _HISTORY_DOC.format(lead="Note: ")
    assert len(c1_name_unresolved(static_input(tmp_path / "b", prose, "bind"))) == 1


def test_a_reference_link_names_a_proto_not_python(tmp_path: Path) -> None:
    # round 5 (google-api-core's generated REST transport): ``[Text][proto.name]`` links a
    # protobuf method; the same dotted name as plain prose is a Python reference
    code = """
    import api


    def list_operations(request):
        \"\"\"List.

        Args:
            request: The request message for
                [Operations.ListOperations][api.Operations.ListOperations].
        \"\"\"
    """
    for folder, text in (("a", code), ("b", code.replace("[Operations.ListOperations][", ""))):
        write_project_file(tmp_path / folder, "api.py", "def other():\n    pass\n")
        found = c1_name_unresolved(static_input(tmp_path / folder, text, "list_operations"))
        expected = (
            []
            if folder == "a"
            else ["`api.Operations.ListOperations` names nothing: module `api` has no `Operations`"]
        )
        assert messages(found) == expected


def test_the_parameters_of_a_callable_the_docstring_spells_out(tmp_path: Path) -> None:
    # round 5 (dask ``reduction``): ``chunk: callable(x_chunk, axis)`` defines ``x_chunk``
    code = '''
    def chunked(x):
        return x


    def reduction(x, chunk):
        """Reduce.

        Parameters
        ----------
        x : Array
            The data.
        chunk : {kind}
            Applied to each chunk; `x_chunk` is one block of x.
        """
        return chunk(x)
    '''
    spelled = code.replace("{kind}", "callable(x_chunk, axis)")
    assert c1_name_unresolved(static_input(tmp_path / "a", spelled, "reduction")) == []
    bare = code.replace("{kind}", "callable")
    inp = static_input(tmp_path / "b", bare, "reduction")
    # a parameter plus a word: the opt-in C1-NAME-DERIVED's since session 12
    assert c1_name_unresolved(inp) == []
    found = c1_name_derived(inp)
    assert messages(found) == ["`x_chunk` names nothing in scope; did you mean `chunk`?"]


def test_a_sibling_of_an_imported_name_resolves(tmp_path: Path) -> None:
    # round 5 (tornado ``qs_to_qsl``): ``parse_qs`` is urllib.parse's, the module the file
    # takes ``parse_qsl`` from; a name that module does not have stays unresolved
    code = '''
    from urllib.parse import parse_qsl


    def qs_to_qsl(qs):
        """Convert a result of ``{name}`` back to pairs."""
        return parse_qsl(qs)
    '''
    sibling = code.replace("{name}", "parse_qs")
    assert c1_name_unresolved(static_input(tmp_path / "a", sibling, "qs_to_qsl")) == []
    typo = code.replace("{name}", "parse_qsll")
    found = c1_name_unresolved(static_input(tmp_path / "b", typo, "qs_to_qsl"))
    assert messages(found) == ["`parse_qsll` names nothing in scope; did you mean `parse_qsl`?"]


def test_the_top_level_package_shorthand_of_a_project_class(tmp_path: Path) -> None:
    # round 5 (dask): ``dask.DataFrame`` for ``dask.dataframe.DataFrame`` is the informal
    # spelling of a class the project defines; ``dask.core.DataFrame`` stops at a module
    # that lacks it (a stale path) and stays reported
    code = '''
    import dask


    def handle_out(out):
        """If out is a ``{target}``, overwrite it."""
        return out
    '''
    for folder, target, expected in (
        ("a", "dask.DataFrame", []),
        (
            "b",
            "dask.core.DataFrame",
            ["`dask.core.DataFrame` names nothing: module `dask.core` has no `DataFrame`"],
        ),
    ):
        root = tmp_path / folder
        write_project_file(root, "dask/__init__.py", "")
        write_project_file(root, "dask/core.py", "def get():\n    pass\n")
        write_project_file(root, "dask/frame.py", "class DataFrame:\n    pass\n")
        text = code.replace("{target}", target)
        found = c1_name_unresolved(static_input(root, text, "handle_out", filename="dask/out.py"))
        assert messages(found) == expected


def test_a_lower_camel_member_in_prose_is_another_systems_name(tmp_path: Path) -> None:
    # round 5 (the known open google-auth pattern): the IAM role
    # ``iam.serviceAccountTokenCreator`` next to the project module ``iam``; a snake_case
    # member missing from that module stays reported
    code = """
    from auth import iam


    def refresh(request):
        \"\"\"Refresh. Requires the iam.{member} role on the account.\"\"\"
        return iam.sign(request)
    """
    for folder, member, expected in (
        ("a", "serviceAccountTokenCreator", []),
        ("b", "token_creator_role", ["`iam.token_creator_role` names nothing"]),
    ):
        root = tmp_path / folder
        write_project_file(root, "auth/__init__.py", "")
        write_project_file(root, "auth/iam.py", "def sign(request):\n    return request\n")
        text = code.replace("{member}", member)
        found = c1_name_unresolved(static_input(root, text, "refresh", filename="auth/creds.py"))
        assert [m.split(":")[0] for m in messages(found)] == expected


def test_a_code_marked_permission_starting_with_a_module_name(tmp_path: Path) -> None:
    # round 6 (google-cloud-storage): ``storage.managedFolders.getIamPolicy`` is an IAM
    # permission written as code, next to the project module ``storage``; a snake_case member
    # missing from that module stays reported
    code = """
    from gcs import storage


    def get_policy(request):
        \"\"\"Get the policy. Requires ``storage.{member}.get`` on the folder.\"\"\"
        return storage.send(request)
    """
    for folder, member, expected in (
        ("a", "managedFolders", []),
        ("b", "managed_folders", ["`storage.managed_folders.get` names nothing"]),
    ):
        root = tmp_path / folder
        write_project_file(root, "gcs/__init__.py", "")
        write_project_file(root, "gcs/storage.py", "def send(request):\n    return request\n")
        text = code.replace("{member}", member)
        found = c1_name_unresolved(static_input(root, text, "get_policy", filename="gcs/api.py"))
        assert [m.split(":")[0] for m in messages(found)] == expected


_DEFINES = '''
def get_function():
    return None


def correlation(wcs, n_pix):
    """Correlate.

    The matrix has ``i_world`` rows and ``n_pix`` columns, {clause}

    Parameters
    ----------
    wcs : object
        The WCS.
    n_pix : int
        Pixels.
    name : str, optional
        The name. For example::

            def new_function():
                ...
            old_function = new_function

        and ``new_function`` is then found under its old name.

        .. warning::

            Prose of a directive defines nothing: ``n_pixx`` is a typo.
    """
    # (an assigned local: a loop variable alone is no did-you-mean, tests/test_static_p13c.py)
    iworld = 3
    return wcs, iworld
'''


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        (
            "where ``i_world`` is the number of world axes.",
            ["`n_pixx` names nothing in scope; did you mean `n_pix`?"],
        ),
        (
            "and ``i_world`` holds the number of world axes.",
            [
                "`i_world` names nothing in scope; did you mean `iworld`?",
                "`n_pixx` names nothing in scope; did you mean `n_pix`?",
            ],
        ),
    ],
    ids=["defined-by-where", "not-defined"],
)
def test_names_the_docstring_defines(tmp_path: Path, clause: str, expected: list[str]) -> None:
    # round 6 (astropy ``_pixel_to_world_correlation_matrix``, ``deprecated``): "where ``X``
    # is ..." defines X; a literal block inside an entry defines ``new_function``
    code = _DEFINES.replace("{clause}", clause)
    assert messages(c1_name_unresolved(static_input(tmp_path, code, "correlation"))) == expected


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ("min_codepoint=None, max_codepoint=None", []),
        ("min_codepoint=None, limit=None", ["`_codepoint` names nothing in scope"]),
    ],
    ids=["family-of-two", "one-member"],
)
def test_a_suffix_naming_a_family_of_parameters(
    tmp_path: Path, params: str, expected: list[str]
) -> None:
    # round 6 (hypothesis ``characters``): "the ``_codepoint`` arguments" are min_codepoint and
    # max_codepoint; one parameter ending so is no family
    code = f'''
    def characters({params}):
        """Characters. The ``_codepoint`` arguments must be integers."""
        return 1
    '''
    found = messages(c1_name_unresolved(static_input(tmp_path, code, "characters")))
    assert [m.split(";")[0] for m in found] == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Values are those of the ``parse_stric`` argument of :class:`Unit`.", []),
        (
            "Values are those of the ``parse_stric`` argument.",
            ["`parse_stric` names nothing in scope; did you mean `parse_strict`?"],
        ),
    ],
    ids=["argument-of-another", "own-argument"],
)
def test_a_parameter_of_another_callable(
    tmp_path: Path, sentence: str, expected: list[str]
) -> None:
    # round 6 (astropy ``kepler_fits_reader``, statsmodels ``validate_estimator``): "the
    # ``x`` argument of Unit" / "to gls" names another callable's parameter
    code = f'''
    def reader(filename, parse_strict="warn"):
        """Read. {sentence}"""
        return filename
    '''
    assert messages(c1_name_unresolved(static_input(tmp_path, code, "reader"))) == expected


def test_the_init_module_of_a_package(tmp_path: Path) -> None:
    # round 6 (astropy ``delay_doc_updates``): ``astropy.table.__init__`` is the package's
    # ``__init__.py``; a missing module before it stays reported
    for folder, target, expected in (
        ("a", "pkg.table.__init__", []),
        ("b", "pkg.tabel.__init__", ["`pkg.tabel.__init__` names nothing"]),
    ):
        root = tmp_path / folder
        write_project_file(root, "pkg/__init__.py", "")
        write_project_file(root, "pkg/table/__init__.py", "def read():\n    pass\n")
        code = f'''
        import pkg


        def delay(cls):
            """Delay. See for example the source code of ``{target}``."""
            return cls
        '''
        found = c1_name_unresolved(static_input(root, code, "delay", filename="pkg/io.py"))
        assert [m.split(":")[0] for m in messages(found)] == expected
