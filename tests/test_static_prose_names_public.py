"""C1 stale names of public helpers (session 8): a public helper renamed in its file, a name
the code only mentions in a comment, a module whose ``exec`` runs in a namespace of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_names import RULE_STALE

from tests.names_helpers import xref_all
from tests.static_helpers import run_rule, static_input

HELPERS = """
def raw_add_etag(response):
    return response


def send_from_dir(directory, path):
    return path


def cvrnc_factor():
    return 1.0


"""
GOOGLE = (
    HELPERS
    + '''
def make_conditional(response):
    """Make the response conditional.

    Args:
        response: The response; the `add_etag` method is best called first.
    """
    return raw_add_etag(response)
'''
)
NUMPY = (
    HELPERS
    + '''
def make_conditional(response):
    """Make the response conditional.

    Parameters
    ----------
    response : Response
        Served as is; see ``send_from_directory`` for files.
    """
    return send_from_dir(".", response)
'''
)
REST = (
    HELPERS
    + '''
def make_conditional(response):
    """Make the response conditional.

    The factor is computed by covariance_factor().

    :param response: the response
    """
    return cvrnc_factor() * response
'''
)


@pytest.mark.parametrize(
    ("code", "old", "new"),
    [
        (GOOGLE, "add_etag", "raw_add_etag"),
        (NUMPY, "send_from_directory", "send_from_dir"),
        (REST, "covariance_factor", "cvrnc_factor"),
    ],
    ids=["google-affix", "numpy-abbreviation", "rest-call"],
)
def test_public_helper_renamed_in_its_file(tmp_path: Path, code: str, old: str, new: str) -> None:
    inp = static_input(tmp_path, code, "make_conditional")
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert [inp.source[f.start : f.end].count(old) >= 1 for f in found] == [True]
    assert found[0].fix_hint == f"rename `{old}` to `{new}` in this sentence"


@pytest.mark.parametrize(
    "code",
    [
        # the twin is imported, not defined here: the old name may be another module's
        "from helpers import raw_add_etag\n\n"
        + GOOGLE.replace(HELPERS, "").replace("raw_add_etag(response)", "raw_add_etag(1)"),
        # the helper exists under the name the sentence uses
        GOOGLE.replace("`add_etag` method", "`raw_add_etag` method"),
        # an extended twin needs the sentence to call the name (a signal is no helper) or a
        # call between the two functions (celery: `internal_error` signal, report_internal_error)
        GOOGLE.replace("`add_etag` method", "`add_etag` signal").replace(
            "return raw_add_etag(response)", "return response"
        ),
        # the twin keeps the naming convention (``AddEtag``, an RPC's name)
        GOOGLE.replace("`add_etag` method", "`AddEtag` method"),
        # a plain English word is not matched against helpers (``etag`` next to ``etag_value``)
        GOOGLE.replace("`add_etag` method", "`etag` method").replace(
            "def raw_add_etag", "def etag_value"
        ),
    ],
    ids=["imported-twin", "consistent", "not-called", "convention", "plain-word"],
)
def test_public_helper_controls_are_silent(tmp_path: Path, code: str) -> None:
    assert run_rule(c1_name_unresolved, tmp_path, code, "make_conditional") == []


LINKED = '''
def bag_map_helper(func, *args):
    return map_chunk(func, args)


class Bag:
    def map_partitions_impl(self, func):
        return func

    def apply(self, func):
        """Apply ``func`` to each partition through ``map_partitions``."""
        return self.map_partitions_impl(func)


def map_chunk(f, iters):
    """Map ``f`` across iterables.

    Low-level function used in ``bag_map``, not user facing.
    """
    return f
'''


@pytest.mark.parametrize(
    ("qualname", "old", "new"),
    [
        ("map_chunk", "bag_map", "bag_map_helper"),
        ("Bag.apply", "map_partitions", "map_partitions_impl"),
    ],
    ids=["called-by-the-twin", "calls-the-twin"],
)
def test_a_helper_extended_by_a_word_is_stale_when_a_call_links_them(
    tmp_path: Path, qualname: str, old: str, new: str
) -> None:
    # dask's ``map_chunk``: "used in ``bag_map``" after ``bag_map`` became ``bag_map_helper``,
    # which calls ``map_chunk``; no call word in the sentence, the call graph says which helper
    inp = static_input(tmp_path, LINKED, qualname)
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert [inp.source[f.start : f.end].count(old) >= 1 for f in found] == [True]
    assert found[0].fix_hint == f"rename `{old}` to `{new}` in this sentence"


def test_a_call_link_does_not_make_the_extended_helper_stale_without_one(tmp_path: Path) -> None:
    # control: the same sentence, but ``bag_map_helper`` neither calls ``map_chunk`` nor is
    # called by it -- another function of the module may be what ``bag_map`` means
    code = LINKED.replace("return map_chunk(func, args)", "return func")
    assert run_rule(c1_name_unresolved, tmp_path, code, "map_chunk") == []
    # and the name as it is in the code is silent
    code = LINKED.replace("def bag_map_helper", "def bag_map")
    assert run_rule(c1_name_unresolved, tmp_path / "2", code, "map_chunk") == []
    # a method the class does not call is no evidence either
    code = LINKED.replace("self.map_partitions_impl(func)", "func")
    assert run_rule(c1_name_unresolved, tmp_path / "3", code, "Bag.apply") == []


def test_java_call_in_prose_is_not_judged_as_a_rename(tmp_path: Path) -> None:
    code = """
    package p;
    class A {
        void cvrncFactor() {}
        /** Calls covarianceFactor() first. */
        void run() { cvrncFactor(); }
    }
    """
    inp = static_input(tmp_path, code, "A.run", filename="p/A.java")
    assert [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE] == []


XREF = '''
def send_from_dir(directory, path):
    # renamed from send_from_directory; keep the alias below until 3.0
    return path


def send_file(path):
    """Send a file; use :func:`send_from_directory` for user-provided paths."""
    return send_from_dir(".", path)
'''


def test_a_name_only_a_comment_mentions_names_nothing(tmp_path: Path) -> None:
    found = run_rule(xref_all, tmp_path, XREF, "send_file")
    assert [f.rule for f in found] == ["C1-XREF-UNRESOLVED"]
    # control: the name is in the code (a string literal counts: it may be looked up)
    kept = XREF.replace("return path\n", 'return globals_table["send_from_directory"]\n', 1)
    assert run_rule(xref_all, tmp_path / "2", kept, "send_file") == []


@pytest.mark.parametrize(
    ("line", "flagged"),
    [
        ("exec(code, namespace, local_names)", True),  # its own namespace: no module names
        ('compile(source, "<rules>", "exec")', True),  # "exec" as a string runs nothing
        ("exec(code)", False),  # the module's own namespace: any name may exist
        ("exec(code, globals())", False),
    ],
)
def test_exec_in_a_namespace_of_its_own_keeps_names_judged(
    tmp_path: Path, line: str, flagged: bool
) -> None:
    code = f'''
    def build(code, namespace, local_names, source):
        {line}


    def send_file(path):
        """Send a file; use :func:`send_from_directory` for user-provided paths."""
        return path
    '''
    found = run_rule(xref_all, tmp_path, code, "send_file")
    assert bool(found) is flagged


def test_the_renamed_twin_is_the_did_you_mean_of_a_reference(tmp_path: Path) -> None:
    # seaborn: ``:func:`set_context``` after ``set_context`` became ``set_ctx``; ``set`` (which
    # the old name merely extends) is the wrong fix
    code = '''
    def set(*args):
        return args


    def set_ctx(context=None):
        return context


    def plotting_context(context=None):
        """Return the parameters; see :func:`set_context` to change them."""
        return set_ctx(context)
    '''
    [found] = run_rule(xref_all, tmp_path, code, "plotting_context")
    assert found.message.endswith("did you mean `set_ctx`?")


@pytest.mark.parametrize("before", ["the old", "the former", "the previous", "the deprecated"])
def test_a_name_the_sentence_calls_old_is_history(tmp_path: Path, before: str) -> None:
    # astropy's ``Header.extend``: "compatibility with the old ``Header.fromTxtFile`` method"
    code = f'''
    class Header:
        def fromtextfile(self):
            return self

        def extend(self):
            """Extend it, as {before} :meth:`Header.fromTxtFile` method did."""
    '''
    assert run_rule(xref_all, tmp_path, code, "Header.extend") == []
    # control: the same sentence without the history word
    plain = code.replace(before + " ", "the ")
    assert len(run_rule(xref_all, tmp_path / "2", plain, "Header.extend")) == 1


def test_a_one_word_public_name_is_no_abbreviated_helper(tmp_path: Path) -> None:
    # astropy's ``find_all_wcs``: ``WCSNna`` (a wcslib keyword) next to the class ``WCS``
    code = '''
    class WCS:
        pass


    def find_all_wcs(keysel=None):
        """Find them; *keysel* may hold ``WCSNna`` keywords."""
        return WCS()
    '''
    inp = static_input(tmp_path, code, "find_all_wcs")
    assert [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE] == []


def test_a_name_of_a_module_the_file_imports_whole_resolves(tmp_path: Path) -> None:
    # dask's ``tmpfile``: See Also ``NamedTemporaryFile`` in a file doing ``import tempfile``
    code = """
    import tempfile


    def tmpfile():
        \"\"\"A temporary file name.

        See Also
        --------
        NamedTemporaryFile : Built-in alternative.
        \"\"\"
        return tempfile.mkstemp()
    """
    assert run_rule(xref_all, tmp_path, code, "tmpfile") == []
    # control: a name tempfile does not have
    other = code.replace("NamedTemporaryFile :", "NamedTemporaryFolder :")
    assert len(run_rule(xref_all, tmp_path / "2", other, "tmpfile")) == 1


def test_a_file_mirroring_an_imported_module_names_its_own_neighbours(tmp_path: Path) -> None:
    # dask.array's ``block`` (numpy's API re-implemented, docstrings copied from numpy): See
    # Also ``vsplit``, which numpy has and dask.array does not, is a dead link (TRUE in round
    # 5, silenced by the whole-module sibling rule above until session 10)
    code = """
    import tempfile


    def mkdtemp():
        \"\"\"A temporary folder.

        See Also
        --------
        mkstemp : A temporary file.
        NamedTemporaryFile : A named one.
        \"\"\"
        return tempfile.mkdtemp()


    def mkstemp():
        return tempfile.mkstemp()


    def gettempdir():
        return tempfile.gettempdir()
    """
    found = run_rule(xref_all, tmp_path, code, "mkdtemp")
    assert [f.message for f in found] == ["`NamedTemporaryFile` names nothing in scope"]
    # controls: the file's own neighbour resolves; a file with fewer namesakes (``tmpfile``
    # above) keeps the module's names
    own = code.replace("NamedTemporaryFile : A named one.", "mkstemp : The file.")
    assert run_rule(xref_all, tmp_path / "2", own, "mkdtemp") == []
    fewer = code.replace("def gettempdir():", "def temp_folder():")
    assert run_rule(xref_all, tmp_path / "3", fewer, "mkdtemp") == []


def test_a_one_letter_change_of_a_public_name_is_another_function(tmp_path: Path) -> None:
    # sympy's galoistools: ``gf_sqf`` (square-free) next to ``gf_sqr`` (square)
    code = """
    def gf_sqr(f):
        return f


    def gf_sqf_p(f):
        return f


    def gf_sqf_part(f):
        return f


    def gf_pow(f):
        \"\"\"Power; see ``gf_sqf`` for square-free parts.\"\"\"
        return gf_sqr(f)
    """
    assert run_rule(c1_name_unresolved, tmp_path, code, "gf_pow") == []


def test_a_call_link_extends_a_name_by_one_word_only(tmp_path: Path) -> None:
    # jax's call_tf: "the XLACallModule `function_list` attribute" in a function calling
    # ``add_to_call_tf_concrete_function_list``, five words more: another thing
    code = '''
    def add_to_call_tf_concrete_function_list(fn):
        return fn


    def emit_call(fn):
        """Emit the call; the index is in the module's `function_list` attribute."""
        return add_to_call_tf_concrete_function_list(fn)
    '''
    assert run_rule(c1_name_unresolved, tmp_path, code, "emit_call") == []
    # control: one word more is the renamed helper
    one = code.replace("add_to_call_tf_concrete_function_list", "function_list_impl")
    assert len(run_rule(c1_name_unresolved, tmp_path / "2", one, "emit_call")) == 1


def test_a_call_link_is_no_evidence_when_the_function_itself_extends_the_name(
    tmp_path: Path,
) -> None:
    # sympy's ``gf_sqf_list``: "using ``gf_sqf()``" (the function itself, as its example
    # shows) next to ``gf_sqf_part``, which calls it: the call link picks no twin
    code = """
    def gf_sqf_part(f):
        return gf_sqf_list(f)


    def gf_sqf_list(f):
        \"\"\"Square-free decomposition, computed using ``gf_sqf()``.\"\"\"
        return [f]
    """
    assert run_rule(c1_name_unresolved, tmp_path, code, "gf_sqf_list") == []
    # control: another function's docstring, the same call link
    other = code.replace("def gf_sqf_list", "def sqf_list").replace("gf_sqf_list(f)", "sqf_list(f)")
    assert len(run_rule(c1_name_unresolved, tmp_path / "2", other, "sqf_list")) == 1
