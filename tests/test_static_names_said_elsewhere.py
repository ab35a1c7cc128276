"""Round 57 (session 26): a name the sentence gives to another library, or says does not exist.

pythainlp's "The `replace_wrep` function of `fastai` does not work well with Thai" names
fastai's function (not an old name of ``replace_wrep_post``); textacy's "there is no analogous
``write_json_mash()`` function" denies the name.  Controls: the same names without those words,
and a name said to be a function of a capitalised owner (a class), stay reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_STALE = '''
def replace_wrep_post(toks):
    """Replace repetitions at the character level.

    {sentence}
    """
    return list(toks)


def replace_wrep_post_nonum(toks):
    """Replace repetitions, numbers left out."""
    return list(toks)
'''

_DENIED = '''
def write_json(data, path):
    """Write JSON data to ``path``."""
    return data, path


def read_json_mash(path):
    """Read a mash of JSON lines.

    {sentence}
    """
    return path
'''


def _rules(tmp_path: Path, template: str, sentence: str) -> list[str]:
    return [f.rule for f in default_findings(tmp_path, template.format(sentence=sentence))]


@pytest.mark.parametrize(
    "sentence",
    [
        "The `replace_wrep` function of `fastai` does not work well with Thai.",
        "The ``replace_wrep`` method from the ``fastai`` library does not work well with Thai.",
    ],
)
def test_name_said_to_be_another_librarys_is_not_stale(tmp_path: Path, sentence: str) -> None:
    assert _rules(tmp_path, _STALE, sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "The `replace_wrep` function does not work well with Thai.",
        "The `replace_wrep` method of `Tokenizer` does not work well with Thai.",
        "The `replace_wrep` function of the tokenizer does not work well with Thai.",
    ],
)
def test_name_of_this_code_or_a_class_stays_stale(tmp_path: Path, sentence: str) -> None:
    assert _rules(tmp_path, _STALE, sentence) == ["C1-PROSE-NAME-STALE"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Note that there is no analogous ``write_json_mash()`` function.",
        "There are no such `write_json_mash` helpers.",
    ],
)
def test_name_in_a_denial_is_no_reference(tmp_path: Path, sentence: str) -> None:
    assert _rules(tmp_path, _DENIED, sentence) == []


def test_name_referenced_without_a_denial_stays_reported(tmp_path: Path) -> None:
    sentence = "Write it back with ``write_json_mash()``."
    assert _rules(tmp_path, _DENIED, sentence) == ["C1-NAME-UNRESOLVED"]
