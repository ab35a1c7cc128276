"""Static rules: mechanism gaps behind round 42's false alarms (session 22's public tuning
round: skorch, stanza, torch-geometric, yellowbrick, featuretools), each with a control of
the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import flagged, rule_ids, static_input

_ROLE_LINE_NUMPY = '''
def f(run=None, client=None):
    """Logs to a tracking server.

    Parameters
    ----------
    run : mlflow.entities.Run (default=None)
      Instantiated :py:class:`mlflow.entities.Run` class.
      By default, :py:func:`mlflow.active_run` is used.

    {second}
      {second_text}
    """
    return run, client
'''

_ROLE_LINE_GOOGLE = '''
def f(run=None, client=None):
    """Logs to a tracking server.

    Args:
        run (mlflow.entities.Run): The run.
          Instantiated :py:class:`mlflow.entities.Run` class.
        {second}: {second_text}
    """
    return run, client
'''


@pytest.mark.parametrize(
    ("template", "qualname", "second", "second_text", "expected"),
    [
        (
            _ROLE_LINE_NUMPY,
            "f",
            "client : mlflow.tracking.MlflowClient",
            "Instantiated :obj:`MlflowClient` class.",
            [],
        ),
        (_ROLE_LINE_NUMPY, "f", "clinet : MlflowClient", "The client.", ["clinet"]),
        (_ROLE_LINE_NUMPY, "f", "clinet :class:`Client`", "The client.", []),
        (
            _ROLE_LINE_GOOGLE,
            "f",
            "client (MlflowClient)",
            "Instantiated :py:class:`MlflowClient` class.",
            [],
        ),
        (_ROLE_LINE_GOOGLE, "f", "clinet (MlflowClient)", "The client.", ["clinet"]),
    ],
    ids=[
        "numpy-role",
        "numpy-control-misspelt",
        "numpy-role-after-name",
        "google",
        "google-control",
    ],
)
def test_a_description_line_opening_with_a_word_and_a_role_is_no_entry(
    tmp_path: Path, template: str, qualname: str, second: str, second_text: str, expected: list[str]
) -> None:
    # round 42 (skorch ``MlflowLogger``, 2 FALSE): a NumPy entry's description indented two
    # spaces, "Instantiated :py:class:`mlflow.entities.Run` class.", was read as an entry
    # ``Instantiated : py:class...``.  The colon opens a Sphinx role (numpydoc splits entries
    # on " : ", napoleon skips roles).  A misspelt entry beside it stays reported; a name
    # followed by a role with no separator (``clinet :class:`Client```) is no entry either,
    # as napoleon reads it.
    code = template.format(second=second, second_text=second_text)
    found = flagged(c1_param_unknown, tmp_path, code, qualname)
    assert [f.message.split('"')[1] for f in found] == expected, [f.message for f in found]


_DASHED = '''
def f({params}):
    """Create a lexicon.

    {prefix}param shorthand - language and dataset, eg: vi_vlsp, zh_gsdsimp
    {prefix}param train_path - path to conllu train file
    {prefix}param int count: how many
    """
    return {params}
'''


@pytest.mark.parametrize(
    ("prefix", "params", "expected"),
    [
        (":", "shorthand, train_path, count", []),
        (":", "lexicon, count", ["shorthand"]),
        ("@", "shorthand, train_path, count", []),
        (":", "shorthand, train_path, amount", ["count"]),
    ],
    ids=["rest", "rest-not-a-parameter", "epydoc", "control-typed-field"],
)
def test_a_field_written_with_a_dash_for_its_colon_names_its_first_word(
    tmp_path: Path, prefix: str, params: str, expected: list[str]
) -> None:
    # round 42 (stanza ``create_lexicon``, 1 FALSE + 1 DEB): ``:param shorthand - language and
    # dataset, eg: vi_vlsp`` (a dash where the colon belongs, the description up to a colon
    # inside it) was read as ``:param <type> <name>:`` with the name "eg".  No type is
    # written with a spaced dash: the name is the first word.  A dashed field naming no
    # parameter is reported under its name, and a typed field (``:param int count:``) is
    # still read as type and name.
    code = _DASHED.format(prefix=prefix, params=params)
    found = flagged(c1_param_unknown, tmp_path, code)
    assert [f.message.split('"')[1] for f in found] == expected, [f.message for f in found]


_BRACKETED = '''
from typing import Callable, List


def f(funcs: {annotation}):
    """Benchmark functions.

    {entry}
    """
    return funcs
'''


@pytest.mark.parametrize(
    ("annotation", "entry", "expected"),
    [
        ("List[Callable]", "Args:\n        funcs ([Callable]): The functions.", []),
        (
            "List[Callable]",
            "Parameters\n    ----------\n    funcs : [Callable]\n        The functions.",
            [],
        ),
        ("Callable", "Args:\n        funcs ([Callable]): A function (decorated).", []),
        ("int", "Args:\n        funcs ([Callable]): The functions.", ["C2-PARAM-TYPE"]),
        ("Callable", "Args:\n        funcs ([int]): The numbers.", ["C2-PARAM-TYPE"]),
    ],
    ids=["google-list", "numpy-list", "decoration", "control-int", "control-scalar-list"],
)
def test_one_capitalised_name_in_brackets_may_be_a_list_of_it(
    tmp_path: Path, annotation: str, entry: str, expected: list[str]
) -> None:
    # round 42 (torch-geometric ``benchmark``, 1 FALSE): ``funcs ([Callable])`` for
    # ``funcs: List[Callable]`` -- PyG writes a list of X as ``[X]`` (``[str]``,
    # ``[(Any, )]``); a builtin scalar or a dotted class in brackets was read both ways (the
    # decorated type or a list of it), one capitalised name only as the decoration.  Neither
    # reading fits ``int``, and ``[int]`` is neither a callable nor a list of one.
    code = _BRACKETED.format(annotation=annotation, entry=entry)
    assert rule_ids(c2_param_type, tmp_path, code) == expected


_KEYWORD = '''
def f(ax, xp, y):
    """Draw the projected features.

    Parameters
    ----------
    xp : array-like
        The points.
    y : array-like of shape (n,), optional
        The target.
    """
    {body}
    return ax
'''


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('ax.text(xp, y=0, s="x")', ["C2-OPTIONAL-FLAG-WEAK"]),
        ("ax.scatter(xp, y=y)", ["C2-OPTIONAL-FLAG"]),
        ("ax.scatter(xp, y == 0)", ["C2-OPTIONAL-FLAG"]),
    ],
    ids=["keyword-only", "control-passed", "control-compared"],
)
def test_a_call_keyword_spelt_like_the_parameter_is_no_read_of_it(
    tmp_path: Path, body: str, expected: list[str]
) -> None:
    # round 42 (yellowbrick ``PCA._draw_projection_features``, 1 DEB): the body never reads
    # ``y`` -- ``self.ax.text(..., y=0, ...)`` is matplotlib's keyword -- so "optional" on a
    # parameter the body ignores goes to the opt-in weak rule, as for any unread parameter.
    # Passing it on (``y=y``) or comparing it reads it: still C2-OPTIONAL-FLAG.
    code = _KEYWORD.format(body=body)
    assert rule_ids([c2_optional_flag, c2_optional_flag_weak], tmp_path, code) == expected


_COLUMN = '''
def f(cutoff_time=None, instance_ids=None):
    """Calculate a feature matrix.

    Args:
        cutoff_time (DataFrame): {text}
        instance_ids (list): The instances to calculate features for.
    """
    return cutoff_time, instance_ids
'''


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The ids must be in a column named `instance_id`.", 0),
        ("The ids must be in a column called `instance_id`.", 0),
        ("Only used together with `instance_id`.", 1),
        ("The columns are named after `instance_id`.", 1),
    ],
    ids=["column-named", "column-called", "control-bare", "control-named-after"],
)
def test_a_name_the_sentence_calls_a_column_is_a_label_of_the_data(
    tmp_path: Path, text: str, expected: int
) -> None:
    # round 42 (featuretools ``dfs``, 1 FALSE): "the instance ids ... must be in a column
    # named `instance_id`" names a column of the caller's DataFrame, a string label like a
    # key or an id, not a stale name of ``instance_ids``.  Named bare or "named after" it,
    # it stays reported.  (The mechanism: names_introduced.data_named, nur4's 15fdaa4, which
    # landed the same shape first.)
    code = _COLUMN.format(text=text)
    found = c1_name_unresolved(static_input(tmp_path, code, "f"))
    assert len(found) == expected, [f.message for f in found]
