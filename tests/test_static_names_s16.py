"""C1-PROSE-NAME-STALE, session 16 (issue 12's name-drift recall), each beside controls.

An ALL_CAPS constant renamed while the prose kept its old name, judged only against the
constants the function's own code uses (environment variables, keys and names defined
elsewhere stay silent); a parameter renamed to its words run together (``skip_nans`` ->
``skipna``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings


def _found(tmp_path: Path, code: str, filename: str = "m.py") -> list[tuple[str, str]]:
    """(rule, flagged text) of the default rules' findings on ``code``."""
    findings = project_findings(tmp_path, {filename: code}, filename)
    source = (tmp_path / "proj" / filename).read_text(encoding="utf-8")
    return [(f.rule, source[f.start : f.end]) for f in findings]


CONSTANT = {
    "google": '''
MAX_ATTEMPTS = 5


def may_retry(attempts: int) -> bool:
    """Whether a job may run again: at most `{old}` times.

    Args:
        attempts: How often it ran.

    Returns:
        Whether it may.
    """
    return attempts < MAX_ATTEMPTS
''',
    "numpy": '''
WINDOW_SIZE = 5


def smooth(values: list[float], win: int = WINDOW_SIZE) -> list[float]:
    """Smooth a series.

    The window defaults to ``{old}``.

    Parameters
    ----------
    values : list of float
        The series.
    win : int, optional
        The window length.

    Returns
    -------
    list of float
        The smoothed series.
    """
    return values[:win]
''',
    "rest": '''
DEFAULT_ENC = "utf-8"


def read_text(path: str) -> str:
    """Read a whole file, decoded with ``{old}``.

    :param path: The file.
    :returns: Its text.
    """
    with open(path, encoding=DEFAULT_ENC) as fh:
        return fh.read()
''',
}
RENAMED = {"google": "MAX_RETRIES", "numpy": "WINDOW_LEN", "rest": "DEFAULT_ENCODING"}
CURRENT = {"google": "MAX_ATTEMPTS", "numpy": "WINDOW_SIZE", "rest": "DEFAULT_ENC"}


@pytest.mark.parametrize("style", sorted(CONSTANT))
def test_a_renamed_constant_the_function_uses(tmp_path: Path, style: str) -> None:
    code = CONSTANT[style]
    [(rule, text)] = _found(tmp_path / "bad", code.format(old=RENAMED[style]))
    assert rule == "C1-PROSE-NAME-STALE" and RENAMED[style] in text
    # control: the sentence names the constant as it is
    assert _found(tmp_path / "good", code.format(old=CURRENT[style])) == []


JAVA_CONSTANT = """
class C {{
    static final int MAX_ATTEMPTS = 5;

    /**
     * Whether a job may run again: at most {{@code {old}}} times.
     *
     * @param attempts how often it ran
     * @return whether it may
     */
    public boolean mayRetry(int attempts) {{
        return attempts < MAX_ATTEMPTS;
    }}
}}
"""


def test_javadoc_renamed_constant(tmp_path: Path) -> None:
    [(rule, text)] = _found(tmp_path / "bad", JAVA_CONSTANT.format(old="MAX_RETRIES"), "C.java")
    assert rule == "C1-PROSE-NAME-STALE" and "MAX_RETRIES" in text
    good = JAVA_CONSTANT.format(old="MAX_ATTEMPTS")
    assert _found(tmp_path / "good", good, "C.java") == []


SILENT = '''
import os

MAX_ATTEMPTS = 5
MAX_TIMEOUT = 3
RETRY_LIMIT = 2


def env(attempts: int) -> bool:
    """At most ``MAX_RETRIES`` times, unless the environment variable says otherwise."""
    return attempts < MAX_ATTEMPTS


def read(attempts: int) -> bool:
    """At most ``MAX_RETRIES`` times."""
    return attempts < int(os.environ.get("MAX_RETRIES", MAX_ATTEMPTS))


def two(attempts: int) -> bool:
    """At most ``MAX_RETRIES`` times."""
    return attempts < MAX_ATTEMPTS + MAX_TIMEOUT


def unrelated(attempts: int) -> bool:
    """At most ``MAX_RETRIES`` times."""
    return attempts < RETRY_LIMIT


def nothing(attempts: int) -> bool:
    """At most ``SOME_CONSTANT`` times."""
    return attempts < 3
'''


@pytest.mark.parametrize("function", ["env", "read", "two", "unrelated", "nothing"])
def test_caps_names_that_stay_silent(tmp_path: Path, function: str) -> None:
    # an environment variable, a name read as a string, two twins, no twin, nothing used
    findings = project_findings(tmp_path, {"m.py": SILENT}, "m.py")
    assert [f for f in findings if f.qualname == function] == []


def test_a_caps_name_defined_elsewhere_in_the_project(tmp_path: Path) -> None:
    other = "MAX_RETRIES = 3\n"
    code = CONSTANT["google"].format(old="MAX_RETRIES")
    assert project_findings(tmp_path, {"m.py": code, "other.py": other}, "m.py") == []


# --- a parameter renamed to its words run together (``skip_nans`` -> ``skipna``) ------------

RUN_TOGETHER = {
    "google": '''
def total(values: list[float], {param}: bool = True) -> float:
    """Sum a series; NaNs are left out unless `{old}` is False.

    Args:
        values: The series.
        {param}: Leave NaNs out.
    """
    return sum(values)
''',
    "numpy": '''
def total(values: list[float], {param}: bool = True) -> float:
    """Sum a series.

    NaNs are left out unless ``{old}`` is False.

    Parameters
    ----------
    values : list of float
        The series.
    {param} : bool, default True
        Leave NaNs out.
    """
    return sum(values)
''',
    "rest": '''
def total(values: list[float], {param}: bool = True) -> float:
    """Sum a series; NaNs are left out unless ``{old}`` is False.

    :param values: The series.
    :param {param}: Leave NaNs out.
    """
    return sum(values)
''',
}


@pytest.mark.parametrize("style", sorted(RUN_TOGETHER))
def test_a_parameter_renamed_to_its_words_run_together(tmp_path: Path, style: str) -> None:
    code = RUN_TOGETHER[style]
    [(rule, text)] = _found(tmp_path / "bad", code.format(param="skipna", old="skip_nans"))
    assert rule == "C1-PROSE-NAME-STALE" and "skip_nans" in text
    # control: the sentence names the parameter as it is
    assert _found(tmp_path / "good", code.format(param="skipna", old="skipna")) == []


@pytest.mark.parametrize(
    ("old", "param"),
    [
        ("skip_rows", "skipna"),  # a word that is not the parameter's
        ("max_iter", "maxiter"),  # the same letters joined: a spelling, not this rule's
        ("use_cache", "cache"),  # a leading word dropped
    ],
)
def test_names_not_run_together_stay_silent(tmp_path: Path, old: str, param: str) -> None:
    code = RUN_TOGETHER["google"].format(param=param, old=old)
    assert [r for r, _t in _found(tmp_path, code) if r == "C1-PROSE-NAME-STALE"] == []
