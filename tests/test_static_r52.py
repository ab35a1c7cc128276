"""Round 52 (session 24): the shapes of its first pass that were false alarms, each beside a
control of the same shape that stays reported, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings, project_findings


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


# --- a Returns section stating the side effect of a function that returns nothing
# (scvi-tools ``reads_to_fragments``: "Adds layer with fragment counts in
# `.layers[fragment_layer]`."; ``SCAR.get_ambient_profile``: "The relevant ambient profile is
# added in `adata.varm`")

_SIDE_EFFECT = {
    "numpy": '''
def to_fragments(data, layer="fragments"):
    """Convert read counts to fragment counts.

    Parameters
    ----------
    data
        The object holding the counts.
    layer
        Key the fragment counts are stored under.

    Returns
    -------
    {text}
    """
    data.layers[layer] = data.counts // 2
''',
    "google": '''
def to_fragments(data, layer="fragments"):
    """Convert read counts to fragment counts.

    Args:
        data: The object holding the counts.
        layer: Key the fragment counts are stored under.

    Returns:
        {text}
    """
    data.layers[layer] = data.counts // 2
''',
    "rest": '''
def to_fragments(data, layer="fragments"):
    """Convert read counts to fragment counts.

    :param data: The object holding the counts.
    :param layer: Key the fragment counts are stored under.
    :returns: {text}
    """
    data.layers[layer] = data.counts // 2
''',
}

_EFFECTS = (
    "Adds layer with fragment counts in `.layers[layer]`.",
    "The fragment counts are added in `data.layers`.",
    "Updates the layers attribute to include the fragment counts.",
    "The counts object, modified in place.",
)
# the same place, but a value is claimed: the function returns nothing, the docstring is wrong
_CLAIMS = (
    "The fragment counts.",
    "Sets of fragment counts, one per layer.",
    "Adds the layer and returns the updated object.",
)


def test_a_returns_text_stating_the_side_effect_of_a_valueless_function_is_no_claim(
    tmp_path: Path,
) -> None:
    for form, code in _SIDE_EFFECT.items():
        for text in _EFFECTS:
            assert _rules(tmp_path, code.replace("{text}", text)) == [], (form, text)


def test_a_returns_text_claiming_a_value_the_function_never_returns_stays_reported(
    tmp_path: Path,
) -> None:
    for form, code in _SIDE_EFFECT.items():
        for text in _CLAIMS:
            found = _rules(tmp_path, code.replace("{text}", text))
            assert found == ["C3-RETURNS-YIELDS"], (form, text)


# --- a Returns section that is only a placeholder the docs build fills in (scvi-tools'
# ``setup_anndata``: docrep's ``%(returns)s``, "None. Adds the following fields: ...")

_PLACEHOLDERS = ("%(returns)s", "{returns}", "${returns}")


def test_a_returns_entry_that_is_only_a_template_placeholder_is_no_claim(
    tmp_path: Path,
) -> None:
    for form, code in _SIDE_EFFECT.items():
        for text in _PLACEHOLDERS:
            assert _rules(tmp_path, code.replace("{text}", text)) == [], (form, text)


def test_a_placeholder_inside_a_returns_sentence_stays_a_claim(tmp_path: Path) -> None:
    for form, code in _SIDE_EFFECT.items():
        found = _rules(tmp_path, code.replace("{text}", "The %(kind)s counts of the layer."))
        assert found == ["C3-RETURNS-YIELDS"], form


# --- NumPy's "name : type" in a Raises entry (spopt ``find_sublist_containing``:
# "exc : LookupError"): the exception is the type, not the variable name.  Google and reST
# write no name before the exception ("LookupError: If ...", ":raises LookupError: If ..."):
# their entries are the controls that an exception the body never raises stays reported.

_RAISES_NAMED = '''
def find(el, groups):
    """Find the group holding el.

    Parameters
    ----------
    el : int
        The element.
    groups : list
        The groups.

    Returns
    -------
    list
        The group.

    Raises
    ------
    exc : {exc}
        If ``el`` is in no group.
    """
    for group in groups:
        if el in group:
            return group
    {tail}
'''

_RAISES_PLAIN = {
    "google": '''
def find(el, groups):
    """Find the group holding el.

    Args:
        el: The element.
        groups: The groups.

    Returns:
        The group.

    Raises:
        LookupError: If ``el`` is in no group.
    """
    for group in groups:
        if el in group:
            return group
    return None
''',
    "rest": '''
def find(el, groups):
    """Find the group holding el.

    :param el: The element.
    :param groups: The groups.
    :returns: The group.
    :raises LookupError: If ``el`` is in no group.
    """
    for group in groups:
        if el in group:
            return group
    return None
''',
}


def _raises(tmp_path: Path, code: str) -> list[str]:
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C3-RAISES"]


def test_a_numpy_raises_entry_naming_a_variable_before_the_exception_is_read_as_the_type(
    tmp_path: Path,
) -> None:
    code = _RAISES_NAMED.replace("{exc}", "LookupError").replace("{tail}", "raise LookupError(el)")
    assert _raises(tmp_path, code) == []


def test_a_named_raises_entry_whose_exception_is_never_raised_stays_reported(
    tmp_path: Path,
) -> None:
    code = _RAISES_NAMED.replace("{exc}", "LookupError").replace("{tail}", "return None")
    assert _raises(tmp_path, code) == [
        "documents raising LookupError, but find() neither raises it nor calls anything that does"
    ]
    for form, plain in _RAISES_PLAIN.items():
        found = _raises(tmp_path, plain)
        assert len(found) == 1 and "documents raising LookupError" in found[0], form


def test_a_named_raises_entry_with_a_misspelt_exception_stays_unresolved(tmp_path: Path) -> None:
    code = _RAISES_NAMED.replace("{exc}", "LookupErr").replace("{tail}", "raise LookupError(el)")
    found = _raises(tmp_path, code)
    assert len(found) == 1 and "`LookupErr` names nothing" in found[0]


# --- a class bound twice at module level (scvi-tools' ``autotune/__init__.py``: a stub class
# for docs builds in one branch, ``from ._experiment import AutotuneExperiment`` in the other):
# the import below the class is the binding that stands, and its class has the member

_REBOUND_INIT = """
import os

if os.environ.get("DOCS_BUILD"):

    class Experiment:
        \"\"\"Unavailable in docs builds.\"\"\"

else:
    from ._impl import Experiment
"""
# the import first, a fallback class when it fails (the third binding scvi-tools has)
_FALLBACK_INIT = """
try:
    from ._impl import Experiment
except ImportError:

    class Experiment:
        \"\"\"Unavailable without the extra.\"\"\"
"""
_REBOUND_IMPL = """
class Experiment:
    \"\"\"An experiment.\"\"\"

    def __init__(self):
        self.results = None
"""
_WRAPPED_INIT = """
from ._impl import Experiment


class Experiment(Experiment):
    \"\"\"The experiment with a report.\"\"\"

    def report(self):
        \"\"\"Print the report.\"\"\"
"""
_XREF_USER = {
    "numpy": '''
def run(config):
    """Run a sweep.

    Parameters
    ----------
    config : dict
        The settings.

    Returns
    -------
    object
        The experiment; its results are in :attr:`~pkg.Experiment.{member}`.
    """
    return config
''',
    "google": '''
def run(config):
    """Run a sweep.

    Args:
        config: The settings.

    Returns:
        The experiment; its results are in :attr:`~pkg.Experiment.{member}`.
    """
    return config
''',
    "rest": '''
def run(config):
    """Run a sweep.

    :param config: The settings.
    :returns: The experiment; its results are in :attr:`~pkg.Experiment.{member}`.
    """
    return config
''',
}


def _xref(tmp_path: Path, init: str, user: str) -> list[str]:
    files = {"pkg/__init__.py": init, "pkg/_impl.py": _REBOUND_IMPL, "pkg/tune.py": user}
    # a project of its own each time: the index cache of one is no input of the next
    found = project_findings(tmp_path / str(len(list(tmp_path.iterdir()))), files, "pkg/tune.py")
    return [f.message for f in found if f.rule == "C1-XREF-UNRESOLVED"]


def test_a_class_rebound_by_an_import_below_it_is_resolved_through_the_import(
    tmp_path: Path,
) -> None:
    for form, user in _XREF_USER.items():
        for init in (_REBOUND_INIT, _FALLBACK_INIT):
            assert _xref(tmp_path, init, user.replace("{member}", "results")) == [], form


def test_a_member_neither_binding_has_stays_reported(tmp_path: Path) -> None:
    for form, user in _XREF_USER.items():
        for init in (_REBOUND_INIT, _FALLBACK_INIT):
            found = _xref(tmp_path, init, user.replace("{member}", "result_grid"))
            assert len(found) == 1 and "has no `result_grid`" in found[0], form


def test_a_class_subclassing_the_import_it_shadows_stays_the_binding(tmp_path: Path) -> None:
    user = _XREF_USER["google"]
    assert _xref(tmp_path, _WRAPPED_INIT, user.replace("{member}", "report")) == []
    found = _xref(tmp_path, _WRAPPED_INIT, user.replace("{member}", "summary"))
    assert len(found) == 1 and "has no `summary`" in found[0]


# --- a default stated for each branch of a condition (scvi-tools' ``return_numpy``: "If
# either `n_samples=1` or `return_mean=True`, defaults to `False`. Otherwise, it defaults to
# `True`."): no one default is stated

_CONDITIONAL_DEFAULT = {
    "numpy": '''
def expression(n_samples=1, as_array=False):
    """Return the expression.

    Parameters
    ----------
    n_samples : int
        Number of samples.
    as_array : bool
        Return an array instead of a frame. {text}

    Returns
    -------
    object
        The expression.
    """
    return n_samples if as_array else [n_samples]
''',
    "google": '''
def expression(n_samples=1, as_array=False):
    """Return the expression.

    Args:
        n_samples (int): Number of samples.
        as_array (bool): Return an array instead of a frame. {text}

    Returns:
        The expression.
    """
    return n_samples if as_array else [n_samples]
''',
    "rest": '''
def expression(n_samples=1, as_array=False):
    """Return the expression.

    :param int n_samples: Number of samples.
    :param bool as_array: Return an array instead of a frame. {text}
    :returns: The expression.
    """
    return n_samples if as_array else [n_samples]
''',
}


def _defaults(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return [f.message for f in found if f.rule == "C2-DEFAULT-MISMATCH"]


def test_a_default_stated_for_each_branch_of_a_condition_is_no_one_default(
    tmp_path: Path,
) -> None:
    text = "If `n_samples=1`, defaults to `False`. Otherwise, it defaults to `True`."
    for form, code in _CONDITIONAL_DEFAULT.items():
        assert _defaults(tmp_path, code.replace("{text}", text)) == [], form


def test_a_plain_default_beside_a_conditional_one_stays_reported(tmp_path: Path) -> None:
    for text in (
        "If `n_samples=1`, a frame is returned. Defaults to `True`.",
        "Otherwise, it defaults to `True`.",
    ):
        for form, code in _CONDITIONAL_DEFAULT.items():
            found = _defaults(tmp_path, code.replace("{text}", text))
            assert len(found) == 1 and "documents default True" in found[0], (form, text)
