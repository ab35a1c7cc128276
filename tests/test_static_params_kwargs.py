"""C1-PARAM-UNKNOWN in a function taking **kwargs: a documented parameter renamed in the
signature (its twin undocumented, the old name unused) is reported; a forwarded keyword is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.params import c1_param_unknown

from .static_helpers import run_rule

GOOGLE = '''
def get(url, total_attmpts=3, **kwargs):
    """Fetch a page.

    Args:
        url (str): The address.
        total_attempts (int): How many tries.
        kwargs: Passed to the session.
    """
    return session_get(url, total_attmpts, **kwargs)
'''
NUMPY = '''
def plot_joint(func_name, **kwargs):
    """Draw the joint plot.

    Parameters
    ----------
    func : callable
        The plotting function.
    kwargs : key, value mappings
        Passed to ``func_name``.
    """
    return draw(func_name, **kwargs)
'''
REST = '''
def request(method, the_url, **kwargs):
    """Send a request.

    :param method: The verb.
    :param url: The address.
    :param kwargs: Passed on.
    """
    return send(method, the_url, **kwargs)
'''


@pytest.mark.parametrize(
    ("code", "qualname", "old", "new"),
    [
        (GOOGLE, "get", "total_attempts", "total_attmpts"),
        (NUMPY, "plot_joint", "func", "func_name"),
        (REST, "request", "url", "the_url"),
    ],
    ids=["google", "numpy", "rest"],
)
def test_renamed_parameter_under_kwargs(
    tmp_path: Path, code: str, qualname: str, old: str, new: str
) -> None:
    findings = run_rule(c1_param_unknown, tmp_path, code, qualname)
    assert [f.rule for f in findings] == ["C1-PARAM-UNKNOWN"]
    assert f'documents parameter "{old}"' in findings[0].message
    assert f'did you mean "{new}"?' in findings[0].message
    assert findings[0].fix_hint == f'rename "{old}" to "{new}"'
    assert findings[0].segment_text is not None and old in findings[0].segment_text


@pytest.mark.parametrize(
    "code",
    [
        # the twin has an entry of its own: the other name is a forwarded keyword
        GOOGLE.replace(
            "total_attempts (int): How many tries.",
            "total_attempts (int): How many tries.\n        total_attmpts (int): Tries.",
        ),
        # the function reads the documented name from its **kwargs
        GOOGLE.replace(
            "return session_get(", 'kwargs.pop("total_attempts", None)\n    return session_get('
        ),
        # it passes the documented name on by keyword
        GOOGLE.replace("**kwargs)\n", "total_attempts=1, **kwargs)\n"),
        # another function of the file takes that parameter: the keyword may be forwarded
        # (by keyword: had ``total_attmpts`` filled its slot, a ``total_attempts=`` in
        # **kwargs would reach it twice, and the entry is stale: test_static_params_kwargs_flow)
        GOOGLE + "\n\ndef session_get(url, tries, *, total_attempts=1, **kw):\n    return url\n",
        # no parameter is its renamed twin
        GOOGLE.replace("total_attmpts", "retries"),
    ],
    ids=["twin-documented", "popped", "passed-on", "sibling-takes-it", "no-twin"],
)
def test_forwarded_keyword_stays_silent(tmp_path: Path, code: str) -> None:
    assert run_rule(c1_param_unknown, tmp_path, code, "get") == []


KWARGS_PROSE = {
    "google": '''
def render(rows, include_hdr=True, **kwargs):
    """Render the rows.

    Args:
        rows: The rows.
        **kwargs: Passed to the writer; with `include_header` a header comes first.
    """
    return write(rows, include_hdr, **kwargs)
''',
    "numpy": '''
def render(rows, include_hdr=True, **kwargs):
    """Render the rows.

    Parameters
    ----------
    rows : list
        The rows.
    **kwargs
        Passed to the writer; with `include_header` a header comes first.
    """
    return write(rows, include_hdr, **kwargs)
''',
    "rest": '''
def render(rows, include_hdr=True, **kwargs):
    """Render the rows; with ``include_header`` a header comes first.

    :param rows: the rows
    :param kwargs: passed to the writer
    """
    return write(rows, include_hdr, **kwargs)
''',
}


@pytest.mark.parametrize("style", sorted(KWARGS_PROSE))
def test_a_renamed_parameter_named_in_prose_of_a_kwargs_function(
    tmp_path: Path, style: str
) -> None:
    code = KWARGS_PROSE[style]
    found = run_rule(c1_name_unresolved, tmp_path, code, "render")
    assert [(f.rule, f.fix_hint) for f in found] == [
        ("C1-PROSE-NAME-STALE", "rename `include_header` to `include_hdr` in this sentence")
    ]
    # controls: the function reads the keyword, or no parameter is its renamed twin
    pop = '    kwargs.pop("include_header", None)\n'
    read = code.replace("    return write(", pop + "    return write(")
    assert run_rule(c1_name_unresolved, tmp_path / "read", read, "render") == []
    other = code.replace("include_hdr", "with_title")
    assert run_rule(c1_name_unresolved, tmp_path / "other", other, "render") == []


def test_kwargs_prose_takes_only_abbreviated_or_one_edit_twins(tmp_path: Path) -> None:
    # dask's ``read_parquet(..., metadata_task_size=None, **kwargs)`` speaks of the
    # ``_metadata`` file: no renamed parameter, whether private-looking or extended by words
    code = KWARGS_PROSE["google"].replace("include_hdr", "metadata_task_size")
    for old in ("_metadata", "metadata"):
        text = code.replace("`include_header`", f"``{old}``")
        assert run_rule(c1_name_unresolved, tmp_path / old, text, "render") == []


def test_kwargs_prose_takes_no_truncated_twin(tmp_path: Path) -> None:
    # shapely's ``plot_points(..., marker=None, **kwargs)`` names matplotlib's
    # ``markeredgecolor``, passed on: a word cut short is no rename
    code = KWARGS_PROSE["google"].replace("include_hdr", "marker")
    text = code.replace("`include_header`", "`markeredgecolor`")
    assert run_rule(c1_name_unresolved, tmp_path, text, "render") == []


# statsmodels' SimpleTable.__init__ (dba9ee4a, mined drift): ``hmtl_fmt`` documented for the
# parameter ``html_fmt`` beside ``**fmt_dict``
SWAPPED = {
    "google": '''
def table(data, html_fmt=None, **fmt_dict):
    """Make a table.

    Args:
        data (list): The rows.
        hmtl_fmt (dict): HTML formatting options.
        **fmt_dict: General formatting options.
    """
    return build(data, html_fmt, **fmt_dict)
''',
    "numpy": '''
def table(data, html_fmt=None, **fmt_dict):
    """Make a table.

    Parameters
    ----------
    data : list
        The rows.
    hmtl_fmt : dict
        HTML formatting options.
    fmt_dict : dict
        General formatting options.
    """
    return build(data, html_fmt, **fmt_dict)
''',
    "rest": '''
def table(data, html_fmt=None, **fmt_dict):
    """Make a table.

    :param data: The rows.
    :param hmtl_fmt: HTML formatting options.
    :param fmt_dict: General formatting options.
    """
    return build(data, html_fmt, **fmt_dict)
''',
}


@pytest.mark.parametrize("style", sorted(SWAPPED))
def test_a_parameter_spelt_with_two_letters_swapped_under_kwargs(
    tmp_path: Path, style: str
) -> None:
    findings = run_rule(c1_param_unknown, tmp_path, SWAPPED[style], "table")
    assert [f.rule for f in findings] == ["C1-PARAM-UNKNOWN"]
    assert 'documents parameter "hmtl_fmt"' in findings[0].message
    assert findings[0].fix_hint == 'rename "hmtl_fmt" to "html_fmt"'


# an entry for the swapped parameter itself, per style
HTML_ENTRY = {
    "google": "\n        html_fmt (dict): HTML options.",
    "numpy": "\n    html_fmt : dict\n        HTML options.",
    "rest": "\n    :param html_fmt: HTML options.",
}


@pytest.mark.parametrize("style", sorted(SWAPPED))
def test_a_swap_that_proves_no_slip_stays_silent(tmp_path: Path, style: str) -> None:
    code = SWAPPED[style]
    variants = {
        # the swapped parameter documented too: the other name is a forwarded keyword
        "twin-documented": code.replace(
            "HTML formatting options.", "HTML formatting options." + HTML_ENTRY[style]
        ),
        # letters apart swapped: another name, maybe a keyword passed on
        "not-neighbours": code.replace("hmtl_fmt", "ltmh_fmt"),
        # a short name: ``aexs`` beside ``axes`` may as well be a word of another API
        "short": code.replace("html_fmt", "axes").replace("hmtl_fmt", "aexs"),
        # the function reads the swapped name from its **kwargs
        "popped": code.replace(
            "    return build(", '    fmt_dict.pop("hmtl_fmt", None)\n    return build('
        ),
    }
    for label, variant in variants.items():
        assert run_rule(c1_param_unknown, tmp_path / label, variant, "table") == [], label
