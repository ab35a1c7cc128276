"""Static rules: session-25 recall of renamed parameters in prose (pr25), opt-in.  A
code-marked name that is no parameter of the function, that only other code of the file uses
(another function's parameter), is reported by the opt-in C1-PROSE-NAME-ELSEWHERE when one
parameter the docstring names nowhere is its renamed twin -- the same value under qualifying
words (``timeout`` -> ``the_timeout``), the word written shorter (``default`` -> ``dflt``), a
code-shaped name extended or abbreviated (``quiet_exceptions`` -> ``input_quiet_exceptions``)
-- even when no word calls it a parameter.  Before, that rule left plain words alone and
matched the code-shaped ones against documented parameters too.  The default rule stayed
silent on an affixed twin: on real code such names were 15 TRUE of 28 (PRECISION.md, "Session
25 recall (pr25)"); a twin written shorter is the default rule's since session 33 (pr33), one
under qualifying words before the name (``the_timeout``, ``input_quiet_exceptions``) since
session 34 (pr34: the FALSE rows had words after it or labelled a returned tuple's part).
Controls of the same shape (the twin documented, an attribute, a key the code reads,
``**kwargs``, a twin naming another value or a flag about it) stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.runner import check_file, rules_for
from docref.core.findings import Finding

from tests.static_helpers import default_findings, indexed_project

# the other function's parameters make the names resolve in the file
_OTHER = '''

def put(item, timeout=None, default=None, quiet_exceptions=()):
    """Put an item."""
    return item, timeout, default, quiet_exceptions
'''

# tornado's ``Queue.get`` (recall, heldout): ``timeout`` -> ``the_timeout``, the sentence
# outside any parameter entry
_GOOGLE = '''
def get(block, the_timeout=None):
    """Remove and return an item from the queue.

    ``timeout`` may be a number denoting a time, or a timedelta object.

    Args:
        block (bool): Whether to wait.
    """
    return block, the_timeout
'''

_NUMPY = '''
def get(block, the_timeout=None):
    """Remove and return an item from the queue.

    `timeout` may be a number denoting a time, or a timedelta object.

    Parameters
    ----------
    block : bool
        Whether to wait.
    """
    return block, the_timeout
'''

# scrapy's ``StatsCollector.get_value`` (recall, heldout2): reST emphasis for parameters,
# ``default`` -> ``dflt``, the word written shorter
_REST = '''
def get_value(key, dflt=None):
    """Return the value of the *key* stat, or *default* if it is not set.

    :param key: The stat's name.
    """
    return key, dflt
'''

# tornado's ``with_timeout`` (recall, heldout): a code-shaped name extended by a word
_CODE_SHAPED = '''
def with_timeout(future, input_quiet_exceptions=()):
    """Wrap a future in a timeout.

    Exceptions of the types in ``quiet_exceptions`` are not logged.
    """
    return future, input_quiet_exceptions
'''


_RULE = "C1-PROSE-NAME-ELSEWHERE"
# session 33: a twin written shorter (``default`` -> ``dflt``) is the default rule's
_RULES = (_RULE, "C1-PROSE-NAME-STALE")


def _opt_in(tmp_path: Path, code: str) -> list[Finding]:
    graph = indexed_project(tmp_path, {"m.py": code}, root="ws", cache="cache")
    return [f for f in check_file(graph, "m.py", rules_for(_RULES)).findings if f.rule in _RULES]


def _stale(tmp_path: Path, code: str) -> list[tuple[str, str, str]]:
    return sorted(
        (f.qualname, f.message.split("`")[1], f.message.split("`")[3])
        for f in _opt_in(tmp_path, code)
    )


@pytest.mark.parametrize(
    ("code", "expected", "rule"),
    [
        (_GOOGLE, ("get", "timeout", "the_timeout"), "C1-PROSE-NAME-STALE"),
        (_NUMPY, ("get", "timeout", "the_timeout"), "C1-PROSE-NAME-STALE"),
        # words added after the name: as often another thing made of the value (a cutout of a
        # mask), the opt-in rule's
        (
            _GOOGLE.replace("the_timeout", "timeout_secs"),
            ("get", "timeout", "timeout_secs"),
            _RULE,
        ),
        (_REST, ("get_value", "default", "dflt"), "C1-PROSE-NAME-STALE"),
        (
            _CODE_SHAPED,
            ("with_timeout", "quiet_exceptions", "input_quiet_exceptions"),
            "C1-PROSE-NAME-STALE",
        ),
    ],
)
def test_a_name_used_elsewhere_renamed_to_an_unnamed_parameter_is_reported(
    tmp_path: Path, code: str, expected: tuple[str, str, str], rule: str
) -> None:
    assert _stale(tmp_path, code + _OTHER) == [expected]
    (found,) = _opt_in(tmp_path / "m", code + _OTHER)
    assert "is used only by other code of the file" in found.message
    assert found.message.endswith("which the docstring names nowhere")
    assert found.rule == rule
    # the default rules say nothing of a twin with words after the name: on real code as
    # often another thing's name; a twin written shorter (session 33) or qualified by words
    # before the name (session 34) is theirs
    default = [f.rule for f in default_findings(tmp_path / "d", code + _OTHER) if "C1-" in f.rule]
    assert default == ([] if rule == _RULE else [rule])


@pytest.mark.parametrize("code", [_GOOGLE, _NUMPY, _REST, _CODE_SHAPED])
def test_the_current_name_in_the_prose_stays_silent(tmp_path: Path, code: str) -> None:
    # consistent: the sentence names the parameter the function has
    fixed = code
    for old, new in (("timeout`", "the_timeout`"), ("*default*", "*dflt*")):
        fixed = fixed.replace(old, new)
    fixed = fixed.replace("``quiet_exceptions``", "``input_quiet_exceptions``")
    assert fixed != code
    assert _stale(tmp_path, fixed + _OTHER) == []


_ENTRIES = {
    "google": ("    Args:\n", "    Args:\n        the_timeout: The deadline.\n"),
    "numpy": ("        Whether to wait.\n", "        Whether to wait.\n    the_timeout : float\n"),
    "rest": (
        ":param key: The stat's name.\n",
        ":param key: The stat's name.\n    :param dflt: x\n",
    ),
}


@pytest.mark.parametrize(
    ("code", "entry"),
    [(_GOOGLE, _ENTRIES["google"]), (_NUMPY, _ENTRIES["numpy"]), (_REST, _ENTRIES["rest"])],
)
def test_a_twin_the_docstring_documents_leaves_the_name_to_other_code(
    tmp_path: Path, code: str, entry: tuple[str, str]
) -> None:
    # the docstring describes the twin already, so the marked name is something else (session
    # 10's judged false alarms: ``sample_weight`` beside a documented ``check_sample_weight``)
    changed = code.replace(*entry)
    assert changed != code
    assert _stale(tmp_path, changed + _OTHER) == []


_KWARGS = ("=None):\n", "=None, **kwargs):\n")
# the function's own code reads the name (a key of a mapping it is given)
_KEY_TIMEOUT = (
    "    return block, ",
    '    block = {"timeout": block}["timeout"]\n    return block, ',
)


@pytest.mark.parametrize(
    ("code", "edit"),
    [
        # the function takes **kwargs: the name may be a keyword passed on
        (_GOOGLE, _KWARGS),
        (_NUMPY, _KWARGS),
        (_REST, _KWARGS),
        (_CODE_SHAPED, ("=()):\n", "=(), **kwargs):\n")),
        (_GOOGLE, _KEY_TIMEOUT),
        (_NUMPY, _KEY_TIMEOUT),
        (_REST, ("    return key, ", '    key = {"default": key}["default"]\n    return key, ')),
        (
            _CODE_SHAPED,
            (
                "    return future, ",
                '    future = {"quiet_exceptions": future}\n    return future, ',
            ),
        ),
    ],
    ids=[
        "google-kwargs",
        "numpy-kwargs",
        "rest-kwargs",
        "code-shaped-kwargs",
        "google-key",
        "numpy-key",
        "rest-key",
        "code-shaped-key",
    ],
)
def test_controls_stay_silent(tmp_path: Path, code: str, edit: tuple[str, str]) -> None:
    changed = code.replace(*edit)
    assert changed != code
    if code is _CODE_SHAPED and "kwargs" in edit[1]:
        # a code-shaped name the opt-in rule matched before, any parameter: not by the twin
        messages = [f.message for f in _opt_in(tmp_path, changed + _OTHER)]
        assert not any(m.endswith("names nowhere") for m in messages)
        return
    assert _stale(tmp_path, changed + _OTHER) == []


def test_an_attribute_of_the_class_stays_silent(tmp_path: Path) -> None:
    # ``timeout`` is the queue's own attribute: a name the method sees, not an old parameter
    code = '''
class Queue:
    """A queue."""

    def __init__(self):
        self.timeout = None

    def get(self, block, the_timeout=None):
        """Remove and return an item from the queue.

        ``timeout`` may be a number denoting a time, or a timedelta object.

        Args:
            block (bool): Whether to wait.
        """
        return block, the_timeout
'''
    assert _stale(tmp_path, code + _OTHER) == []


@pytest.mark.parametrize(
    ("name", "param"),
    [
        # a word added that names another value: the list of names is no renamed ``name``
        ("name", "name_list"),
        # ``path`` and ``patch``: one consonant apart, another word
        ("path", "patch"),
        # ``timeout`` cut short of a longer parameter: a word of another name
        ("timeout", "timeouts_by_host"),
    ],
)
def test_a_parameter_naming_another_value_is_no_twin(tmp_path: Path, name: str, param: str) -> None:
    code = f'''
def setdefault(key, {param}=None):
    """Set the *key* component in the *{name}* setting.

    :param key: The component.
    """
    return key, {param}


def other(name=None, path=None, timeout=None):
    """Other."""
    return name, path, timeout
'''
    assert _stale(tmp_path, code) == []


def test_emphasis_without_a_twin_stays_silent(tmp_path: Path) -> None:
    # reST emphasis for stress: no parameter is the word renamed
    code = _REST.replace("*default* if", "*not* if").replace("def get_value", "def get_value2")
    assert _stale(tmp_path, code + _OTHER.replace("default=None", "not_=None")) == []


def test_a_flag_about_the_value_is_no_twin(tmp_path: Path) -> None:
    # kornia's ``_restore_float_dtype`` (session 25's precision pass): "explicit ``centers``"
    # is the value the caller passes another function; ``auto_centers: bool`` is a flag about
    # it, no renamed ``centers``
    code = '''
def restore(hist, auto_centers: bool):
    """Hand back the dtype.

    An integer image or explicit ``centers`` keep the promoted dtype.
    """
    return hist, auto_centers


def histogram(image, centers=None):
    """Histogram."""
    return image, centers
'''
    assert _stale(tmp_path / "a", code) == []
    # control: the same twin not annotated as a flag is the value renamed
    renamed = code.replace("auto_centers: bool", "auto_centers")
    assert _stale(tmp_path / "b", renamed) == [("restore", "centers", "auto_centers")]
