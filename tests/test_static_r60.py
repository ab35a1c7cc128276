"""Round 60 (session 26): the shapes of its first pass that were false alarms, each beside a
control of the same shape that stays reported, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.return_weak import c3_returns_weak
from docref.checks.static.returns_raises import c3_returns_vs_yields, c3_returns_without_value

from tests.static_helpers import default_findings, rule_ids

_C3_RULES = (c3_returns_without_value, c3_returns_vs_yields, c3_returns_weak)

# --- "None" quoted as a literal under Returns (polyfactory's ``seed_random`` and
# ``validate_max_digits``: ":returns: 'None'") says the call returns None, as a bare "None"
# does; a quoted value or a value in words stays a claim on a function that returns nothing.

_NONE_REST = '''
def f(value: int) -> None:
    """Seed the generator.

    :param value: the seed
    :returns: ENTRY
    """
    print(value)
'''

_NONE_GOOGLE = '''
def f(value: int) -> None:
    """Seed the generator.

    Args:
        value: the seed

    Returns:
        ENTRY
    """
    print(value)
'''

_NONE_NUMPY = '''
def f(value: int) -> None:
    """Seed the generator.

    Parameters
    ----------
    value : int
        The seed.

    Returns
    -------
    ENTRY
    """
    print(value)
'''


@pytest.mark.parametrize(
    "form", [_NONE_REST, _NONE_GOOGLE, _NONE_NUMPY], ids=["reST", "Google", "NumPy"]
)
@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("'None'", []),
        ('"None"', []),
        ("'None'.", []),
        # controls: a quoted value, a value in words; the bare word was silent already
        ("'seeded'", ["C3-RETURNS-YIELDS"]),
        ("the seeded generator", ["C3-RETURNS-YIELDS"]),
        ("None", []),
    ],
)
def test_returns_quoted_none_claims_no_value(
    tmp_path: Path, form: str, entry: str, expected: list[str]
) -> None:
    assert rule_ids(_C3_RULES, tmp_path, form.replace("ENTRY", entry)) == expected


# --- an API handler that returns a serializer's text (moto's ``route53resolver`` responses:
# "Returns list of all Resolver rules, filtered if specified." over ``-> str`` and ``return
# json.dumps(response)``): the container is the payload the text holds, the opt-in
# C2-PROSE-RETURN-WEAK.  The same claim over text joined from the items (a string, not a
# serialized list) and over a body that returns other text on one path stays reported.

_HANDLER = {
    "rest": '''
import json


class Handler:
    def list_rules(self, token: str) -> str:
        """CLAIM

        :param token: the page token
        :returns: ENTRY
        """
        BODY
''',
    "google": '''
import json


class Handler:
    def list_rules(self, token: str) -> str:
        """CLAIM

        Args:
            token: the page token

        Returns:
            ENTRY
        """
        BODY
''',
    "numpy": '''
import json


class Handler:
    def list_rules(self, token: str) -> str:
        """CLAIM

        Parameters
        ----------
        token : str
            The page token.
        """
        BODY
''',
}

_SERIALIZED = 'return json.dumps({"Rules": [token], "NextToken": token})'
_JOINED = 'return ", ".join([token, token])'
_MIXED = (
    'if token:\n            return json.dumps({"Rules": [token]})\n        return token.upper()'
)


def _prose_return_ids(tmp_path: Path, form: str, claim: str, body: str) -> list[str]:
    code = _HANDLER[form].replace("CLAIM", claim).replace("ENTRY", "the rules")
    code = code.replace("BODY", body)
    sub = tmp_path / str(len(list(tmp_path.iterdir())))
    found = default_findings(sub, code)
    return [f.rule for f in found if f.rule.startswith("C2-PROSE-RETURN")]


@pytest.mark.parametrize("form", ["rest", "google", "numpy"])
@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (_SERIALIZED, []),
        (_SERIALIZED.replace("json.dumps", "yaml.safe_dump"), []),
        # controls: text joined from the items, a path returning other text
        (_JOINED, ["C2-PROSE-RETURN-TYPE"]),
        (_MIXED, ["C2-PROSE-RETURN-TYPE"]),
    ],
)
def test_serialized_payload_described_by_its_container(
    tmp_path: Path, form: str, body: str, expected: list[str]
) -> None:
    claim = "Returns list of all rules, filtered if specified."
    assert _prose_return_ids(tmp_path, form, claim, body) == expected


@pytest.mark.parametrize("form", ["rest", "google"])
@pytest.mark.parametrize(
    ("body", "expected"), [(_SERIALIZED, []), (_JOINED, ["C2-PROSE-RETURN-TYPE"])]
)
def test_serialized_payload_in_the_returns_entry(
    tmp_path: Path, form: str, body: str, expected: list[str]
) -> None:
    code = _HANDLER[form].replace("CLAIM", "List the rules.").replace("BODY", body)
    code = code.replace("ENTRY", "a list of all rules")
    found = default_findings(tmp_path, code)
    assert [f.rule for f in found if f.rule.startswith("C2-PROSE-RETURN")] == expected


# --- a Google entry whose closing parenthesis was forgotten (mealpy's MVO: ``wep_max (float:
# Wormhole Existence Probability (max in Eq.(3.3) paper, default = 1.0`` under ``wep_min
# (float): ..., default = 0.2``): napoleon reads the line at the entries' indent as the next
# entry, so its default is ``wep_max``'s, not a second one of ``wep_min``.  A wrong default of
# either entry stays reported, and a line whose parenthesis closes later is prose.

_UNCLOSED = '''
def run(epoch=100, wep_min=0.2, wep_max=1.0):
    """Run the optimiser.

    Args:
        epoch (int): maximum number of iterations, default = 100
        wep_min (float): Wormhole Existence Probability (min in Eq.(3.3) paper, default = MIN
        wep_max (float: Wormhole Existence Probability (max in Eq.(3.3) paper, default = MAX
    """
    return epoch * wep_min * wep_max
'''


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        ("0.2", "1.0", []),
        # controls: either entry's own default wrong
        ("0.5", "1.0", ['"wep_min"']),
        ("0.2", "2.0", ['"wep_max"']),
    ],
)
def test_google_entry_with_its_parenthesis_left_open(
    tmp_path: Path, low: str, high: str, expected: list[str]
) -> None:
    code = _UNCLOSED.replace("MIN", low).replace("MAX", high)
    found = [f for f in default_findings(tmp_path, code) if f.rule == "C2-DEFAULT-MISMATCH"]
    assert [f.message.split(" for ")[1].split(",")[0] for f in found] == expected


_WRAPPED = '''
def run(epoch=100, scale=0.2):
    """Run the optimiser.

    Args:
        epoch (int): maximum number of iterations; the scale is read
        scale (see below: the factor) as given, default = 0.5
    """
    return epoch * scale
'''


def test_google_line_whose_parenthesis_closes_stays_prose(tmp_path: Path) -> None:
    # the line is the wrapped end of ``epoch``'s description: "default = 0.5" stays epoch's
    found = [f for f in default_findings(tmp_path, _WRAPPED) if f.rule == "C2-DEFAULT-MISMATCH"]
    assert [f.message for f in found] == [
        'documents default 0.5 for "epoch", but the signature default is 100'
    ]


# --- a default that is a translation key, documented by its English text (pygame-gui's
# ``UIFileDialog(window_title="pygame-gui.file_dialog_title_bar")``: "defaults to 'File
# Dialog'"): the title the reader sees.  A text naming a word the key lacks, and a plain
# string default, stay reported.

_KEYED = {
    "rest": '''
def dialog(window_title: str = "KEY"):
    """Open a dialog.

    :param window_title: The title for the window, defaults to 'TEXT'
    """
    return window_title
''',
    "google": '''
def dialog(window_title: str = "KEY"):
    """Open a dialog.

    Args:
        window_title (str): The title for the window. Defaults to 'TEXT'.
    """
    return window_title
''',
    "numpy": '''
def dialog(window_title: str = "KEY"):
    """Open a dialog.

    Parameters
    ----------
    window_title : str, default 'TEXT'
        The title for the window.
    """
    return window_title
''',
}


@pytest.mark.parametrize("form", ["rest", "google", "numpy"])
@pytest.mark.parametrize(
    ("key", "text", "expected"),
    [
        ("pygame-gui.file_dialog_title_bar", "File Dialog", []),
        ("pygame-gui.colour_picker_title_bar", "Colour Picker", []),
        # controls: a word the key lacks, a plain string default
        ("pygame-gui.file_dialog_title_bar", "Open File", ["C2-DEFAULT-MISMATCH"]),
        ("file_dialog", "File Dialog", ["C2-DEFAULT-MISMATCH"]),
    ],
)
def test_default_key_documented_by_its_text(
    tmp_path: Path, form: str, key: str, text: str, expected: list[str]
) -> None:
    code = _KEYED[form].replace("KEY", key).replace("TEXT", text)
    found = default_findings(tmp_path, code)
    assert [f.rule for f in found if f.rule == "C2-DEFAULT-MISMATCH"] == expected
