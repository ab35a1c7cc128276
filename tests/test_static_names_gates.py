"""C1-NAME-UNRESOLVED's general gates (session 8): what makes a bare name in prose a stale name
rather than a term, a family or another system's key.  In the judged findings of rounds 0-8
the true ones nearly all carry a close did-you-mean (``p_value2``/``pvalue2``, ``in_vals``/
``in_values``) and the false ones a distant one or none.  Each gate has a control beside it
that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.checks.static.names_spelling import suggest

from tests.names_helpers import messages, write_project_file
from tests.static_helpers import static_input


@pytest.mark.parametrize(
    ("name", "candidates", "expected"),
    [
        ("p_value2", ["pvalue2"], "pvalue2"),  # one edit
        ("in_vals", ["in_values"], "in_values"),  # two insertions: an abbreviation
        ("set_reference_frames", ["stc_reference_frames"], "stc_reference_frames"),  # long
        ("log_space", ["log_scale"], None),  # two letters replaced: another word
        ("new_function", ["get_function"], None),
        ("n_world", ["iworld"], None),
        ("column_x", ["columns"], None),
        ("_load_rows", ["_read_rows"], "_read_rows"),  # private: the project's own
    ],
)
def test_a_bare_names_suggestion_must_be_a_close_spelling(
    name: str, candidates: list[str], expected: str | None
) -> None:
    assert suggest(name, candidates) == expected


def test_two_replaced_letters_still_suggest_after_an_owner() -> None:
    # after a module or class the member is looked up there: the owner is the evidence
    assert suggest("log_space", ["log_scale"], bare=False) == "log_scale"


_BLOB = '''
def blob_log(image, threshold_rel=None, log_scale=False):
    """Find blobs.

    Parameters
    ----------
    threshold_rel : float, optional
        Calculated as ``max(log_space) * threshold_rel``, {clause}
    """
    return image
'''


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("where ``log_space`` refers to the stack of images computed internally.", []),
        ("where ``log_space`` stands for the stack of images.", []),
        (
            "and ``log_scal`` is used too.",
            ["`log_scal` names nothing in scope; did you mean `log_scale`?"],
        ),
    ],
    ids=["refers-to", "stands-for", "control-typo"],
)
def test_a_term_the_sentence_defines(tmp_path: Path, clause: str, expected: list[str]) -> None:
    # round 7 (scikit-image ``blob_log``): "where ``log_space`` refers to ..." defines the term
    code = _BLOB.replace("{clause}", clause)
    assert messages(c1_name_unresolved(static_input(tmp_path, code, "blob_log"))) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Names are generated as `column_x`, with `x` being an enumeration.", []),
        (
            "Names are generated as `colunms_x`, with `y` being an enumeration.",
            ["`colunms_x` names nothing in scope; did you mean `columns_x`?"],
        ),
    ],
    ids=["pattern", "control-other-symbol"],
)
def test_a_name_pattern_built_from_a_defined_symbol(
    tmp_path: Path, sentence: str, expected: list[str]
) -> None:
    # round 8 (polars ``read_ods``): `column_x`, "with `x` being an enumeration", is a pattern
    code = f'''
    def read(source, columns_x=None, has_header=True):
        """Read a sheet. {sentence}"""
        return source
    '''
    assert messages(c1_name_unresolved(static_input(tmp_path, code, "read"))) == expected


_UFT = '''
def urfft2(inarray):
    return inarray


def ufftn(inarray):
    return inarray


def urfftn(inarray):
    """Transform. {sentence}"""
    return inarray
'''


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The ``urfft`` functions assume real input.", []),
        (
            "The ``urfft3`` function assumes real input.",
            ["`urfft3` names nothing in scope; did you mean `urfft2`?"],
        ),
    ],
    ids=["family-stem", "control-one-typo"],
)
def test_a_stem_naming_a_family_of_functions(
    tmp_path: Path, sentence: str, expected: list[str]
) -> None:
    # round 7 (scikit-image ``uft``): ``urfft`` in ``urfftn``'s docstring names urfft2 and
    # urfftn (the function itself) at once
    code = _UFT.replace("{sentence}", sentence)
    assert messages(c1_name_unresolved(static_input(tmp_path, code, "urfftn"))) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Build the ``arrowSerializationOptions`` sent on ``jobs.query``.", []),
        (
            "Build the ``arrow_serialisation_options`` sent on ``jobs.query``.",
            [
                "`arrow_serialisation_options` names nothing in scope; "
                "did you mean `_arrow_serialization_options`?"
            ],
        ),
    ],
    ids=["camel-key-of-a-private-builder", "control-snake-typo"],
)
def test_a_camel_case_key_of_a_private_snake_case_name(
    tmp_path: Path, sentence: str, expected: list[str]
) -> None:
    # round 7 (google-cloud-bigquery): a REST JSON field in camelCase is what the private
    # ``_arrow_serialization_options`` builds; a Python rename never switches conventions
    code = f'''
    _arrow_serialization_options = {{}}


    def serialization_options(job):
        """{sentence}"""
        return _arrow_serialization_options
    '''
    found = c1_name_unresolved(static_input(tmp_path, code, "serialization_options"))
    assert messages(found) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Most of the keys in job.configuration.query are common.", []),
        ("For ``job.configuration``, see the guide.", []),
        (
            "See job.submit_quer for the request.",
            ["`job.submit_quer` names nothing: module `pkg.job` has no `submit_quer`"],
        ),
        (
            "Most of the keys in ``pkg.job.configuration`` are common.",
            ["`pkg.job.configuration` names nothing: module `pkg.job` has no `configuration`"],
        ),
    ],
    ids=["alias-plain-word", "alias-literal", "control-code-shaped", "control-full-path"],
)
def test_a_plain_word_after_a_local_module_alias(
    tmp_path: Path, sentence: str, expected: list[str]
) -> None:
    # round 7 (google-cloud-bigquery ``_to_query_request``): ``job.configuration.query`` is a
    # REST resource path that starts with the local alias ``job``; a code-shaped member, or a
    # full path from the top-level package, stays reported
    write_project_file(tmp_path, "pkg/__init__.py", "")
    write_project_file(tmp_path, "pkg/job.py", "def submit_query():\n    return 1\n")
    code = f'''
    from pkg import job


    def to_request(config):
        """Build the request. {sentence}"""
        return job.submit_query()
    '''
    found = c1_name_unresolved(static_input(tmp_path, code, "to_request", filename="pkg/req.py"))
    assert [m.split(";")[0] for m in messages(found)] == expected


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("pkg.testing.assert_frame_equal", []),
        ("pkg.tests.helpers", []),
        (
            "pkg.checking.assert_frame_equal",
            ["`pkg.checking.assert_frame_equal` names nothing: module `pkg` has no `checking`"],
        ),
    ],
    ids=["testing", "tests", "control-other-module"],
)
def test_a_test_package_left_out_of_the_tree(
    tmp_path: Path, target: str, expected: list[str]
) -> None:
    # round 8 (polars): See Also ``polars.testing.assert_frame_equal``; test packages are
    # routinely left out of wheels and checked trees, so their absence says nothing
    write_project_file(tmp_path, "pkg/__init__.py", "")
    code = f'''
    def frame_equal(left, right):
        """Compare. See :func:`{target}`."""
        return left == right
    '''
    inp = static_input(tmp_path, code, "frame_equal", filename="pkg/frame.py")
    assert messages(c1_xref_unresolved(inp)) == expected
