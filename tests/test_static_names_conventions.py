"""C1 name rules and the naming conventions of real projects (precision round 0, issue 12):
shape symbols, trailing-underscore twins, camelCase keys of serialised forms, and Sphinx's
package-relative references.  Each pattern has a control that must stay flagged."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved

from tests.names_helpers import both_rules, messages, write_project_file
from tests.static_helpers import run_rule

_IMPUTER = '''
class Imputer:
    def fit(self, X):
        self.n_output_features_ = 3
        self.n_outputs_ = 2
        return self

    def transform(self, X):
        """Impute all missing values in X.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input data.

        Returns
        -------
        X : array-like of shape (n_samples, n_output_features)
            The imputed dataset. ``n_output_features`` is the number of features kept,
            and a list of ``n_outputs`` arrays when there are several outputs; see
            ``n_output_featurez`` too.
        """
        return X
'''


def test_shape_symbols_and_trailing_underscore_twins_are_not_stale_names(tmp_path: Path) -> None:
    findings = run_rule(c1_name_unresolved, tmp_path, _IMPUTER, "Imputer.transform")
    # ``n_output_features`` is a dimension of the documented shape, ``n_outputs`` the quantity
    # the fitted attribute ``n_outputs_`` stores; the misspelt control is still reported
    assert messages(findings) == [
        "`n_output_featurez` names nothing in scope; did you mean `n_output_features_`?"
    ]


def test_camel_case_keys_of_a_schema_are_not_stale_names(tmp_path: Path) -> None:
    code = '''
    def field(min_length: int = 0, max_items: int = 0) -> dict:
        """A schema field.

        :param min_length: the schema gets a ``minLength`` keyword.
        :param max_items: the schema gets a ``maxItems`` keyword, checked like ``max_itmes``.
        """
        return {"minLength": min_length, "maxItems": max_items}
    '''
    findings = run_rule(c1_name_unresolved, tmp_path, code, "field")
    assert messages(findings) == ["`max_itmes` names nothing in scope; did you mean `max_items`?"]


def test_camel_case_control_a_camel_name_with_no_snake_twin_is_judged_as_before(
    tmp_path: Path,
) -> None:
    code = '''
    def loadRows(path: str) -> list:
        """Read rows; see ``loadRow`` for one row."""
        return []
    '''
    findings = run_rule(c1_name_unresolved, tmp_path, code, "loadRows")
    assert messages(findings) == []  # the function's own name is not a did-you-mean for itself


def test_xref_relative_to_the_top_level_package(tmp_path: Path) -> None:
    write_project_file(tmp_path, "pkg/__init__.py", "")
    write_project_file(tmp_path, "pkg/core/__init__.py", "")
    write_project_file(tmp_path, "pkg/computation/__init__.py", "")
    write_project_file(tmp_path, "pkg/computation/rolling.py", "class Coarsen:\n    pass\n")
    write_project_file(tmp_path, "pkg/computation/computation.py", "def apply():\n    pass\n")
    # the file's own ``computation`` is another module, which has no ``rolling``
    code = '''
    from pkg.computation import computation


    def coarsen(data):
        """Coarsen the data.

        See Also
        --------
        :class:`computation.rolling.Coarsen`
        :class:`computation.rolling.Coarsne`
        """
        return data
    '''
    findings = both_rules(tmp_path, code, "coarsen", filename="pkg/core/dataset.py")
    assert messages(findings) == [
        "`computation.rolling.Coarsne` names nothing: module `pkg.computation.rolling` has no "
        "`Coarsne`; did you mean `Coarsen`?"
    ]
    assert [f.rule for f in findings] == ["C1-XREF-UNRESOLVED"]


def test_xref_package_relative_does_not_hide_a_missing_module(tmp_path: Path) -> None:
    write_project_file(tmp_path, "pkg/__init__.py", "")
    code = '''
    def run(data):
        """Run it; see :func:`pkg.helpers.prepare`."""
        return data
    '''
    findings = run_rule(c1_xref_unresolved, tmp_path, code, "run", filename="pkg/mod.py")
    assert len(findings) == 1 and "pkg.helpers.prepare" in findings[0].message
