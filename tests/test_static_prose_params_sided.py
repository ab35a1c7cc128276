"""Session 39 (ps39): a contradicted prose parameter claim goes to the opt-in
C2-PROSE-PARAM-LOOSE when something besides it sides with the annotation -- the docstring's
own ``:type`` field, a default the entry states, the default's items, a pack annotation --
and stays C2-PROSE-PARAM-TYPE when nothing does (the shape of a recall mutation: the annotation
changed, all else kept), in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_loose, c2_prose_param_type

from tests.static_helpers import static_input

_FORMS = {
    "google": '''
def f(SIG) -> None:
    """Use a value.

    Args:
        value: CLAIM
    """
''',
    "numpy": '''
def f(SIG) -> None:
    """Use a value.

    Parameters
    ----------
    value
        CLAIM
    """
''',
    "rest": '''
def f(SIG) -> None:
    """Use a value.

    :param value: CLAIM
    """
''',
}

TYPE, LOOSE = "C2-PROSE-PARAM-TYPE", "C2-PROSE-PARAM-LOOSE"


def _rules(tmp_path: Path, code: str) -> list[str]:
    inp = static_input(tmp_path, code, "f")
    return [f.rule for f in c2_prose_param_type(inp)] + [f.rule for f in c2_prose_param_loose(inp)]


@pytest.mark.parametrize("form", sorted(_FORMS))
@pytest.mark.parametrize(
    ("signature", "claim", "rule"),
    [
        # the entry states a default that is a module's constant: an int option (urllib3's
        # ``cert_reqs``, round 11); a stated True/False keeps the flag firm (a recall mutation)
        (
            "value: int | None = None",
            "Whether to verify. This defaults to ``ssl.CERT_REQUIRED``.",
            LOOSE,
        ),
        ("value: int | None = None", "Whether to verify.", TYPE),
        ("value: int = False", "Whether to verify. Defaults to ``False``.", TYPE),
        # the entry states a default of the annotation's kind (dowhy's ``required_variables``,
        # round 52); a stated default of the claim's kind keeps it firm
        ("value: bool = True", "The list of variables to use. This is ``True`` by default.", LOOSE),
        ("value: bool = True", "The list of variables to use.", TYPE),
        ("value: str = 'a'", "Number of retries. Defaults to ``'a'``.", None),  # quoted: as text
        ("value: str = ''", "Number of retries. Defaults to 3.", TYPE),
        # a count said of a bare tuple whose default holds numbers (monai's ``decoder_channels``,
        # round 50); the same words on a tuple of strings, or an empty one, stay firm
        ("value: tuple = (256, 128, 64)", "number of output channels for all feature maps.", LOOSE),
        ("value: tuple = ('a', 'b')", "number of output channels for all feature maps.", TYPE),
        ("value: tuple = ()", "number of output channels for all feature maps.", TYPE),
        # ``*value: tuple`` annotates the pack, not each item (neomodel's ``*props``, round 80);
        # an item type the claim contradicts stays firm
        ("*value: tuple", "dict of properties to create the nodes.", LOOSE),
        ("*value: int", "dict of properties to create the nodes.", TYPE),
        ("**value: dict", "A string naming the file.", LOOSE),
        ("**value: int", "A string naming the file.", TYPE),
    ],
)
def test_sided_claims(
    tmp_path: Path, form: str, signature: str, claim: str, rule: str | None
) -> None:
    code = _FORMS[form].replace("SIG", signature).replace("CLAIM", claim)
    assert _rules(tmp_path, code) == ([rule] if rule else [])


_TYPED = '''
def f(value: ANN = None) -> None:
    """Use a value.

    TYPES
    :param value: List of turn types to avoid.
    """
'''


@pytest.mark.parametrize(
    ("annotation", "types", "rule"),
    [
        # reST's own type field agrees with the annotation (routingpy, round 77): loose
        ("Optional[str]", ":type value: str", LOOSE),
        ("Optional[str]", ":type value: ``str``", LOOSE),
        # no type field, or one that says the claim's kind (cltk's second ``:type strict: list``
        # over ``strict: bool``, round 102: TRUE), or one that disagrees with both: firm
        ("Optional[str]", "", TYPE),
        ("bool", ":type value: bool\n    :type value: list", TYPE),
        ("Optional[str]", ":type value: ``list`` of ``str``", TYPE),
        ("Optional[str]", ":type value: int", TYPE),
    ],
)
def test_rest_type_field(tmp_path: Path, annotation: str, types: str, rule: str) -> None:
    code = _TYPED.replace("ANN", annotation).replace("TYPES", types)
    assert _rules(tmp_path, code) == [rule]
