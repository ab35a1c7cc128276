"""Prose shapes read in session 32 (sh32b): a string is a sequence ("Generate a sequence of
random moves" over ``-> str``, round 79 axelrod), with the list claim beside it kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import (
    c2_prose_return_items,
    c2_prose_return_type,
    c2_prose_return_weak,
)

from tests.static_helpers import static_input


def _flagged(tmp_path: Path, code: str) -> list[str]:
    inp = static_input(tmp_path, code, "f")
    rules = (c2_prose_return_type, c2_prose_return_weak, c2_prose_return_items)
    return [inp.source[f.start : f.end] for rule in rules for f in rule(inp)]


MOVES = '''
import random


def f(length: int) -> {ret}:
    """{summary}"""
    return "".join(random.choice("CD") for _ in range(length))
'''


@pytest.mark.parametrize(
    "summary",
    ["Generate a sequence of random moves.", "Return the sequence of moves played."],
)
def test_a_string_is_a_sequence(tmp_path: Path, summary: str) -> None:
    assert _flagged(tmp_path, MOVES.format(summary=summary, ret="str")) == []


@pytest.mark.parametrize(
    ("summary", "ret"),
    [
        ("Generate a list of random moves.", "str"),  # a list is no string
        ("Return the sequence of moves played.", "int"),  # nor is a count a sequence
    ],
)
def test_a_list_claim_over_a_string_stays(tmp_path: Path, summary: str, ret: str) -> None:
    assert len(_flagged(tmp_path, MOVES.format(summary=summary, ret=ret))) == 1


ALIAS = '''
def eci2geodetic(x, y, z, ell=None, deg=True):
    """Convert ECI coordinates to geodetic coordinates.

    Parameters
    ----------
    x : float
        ECI x-location
    y : float
        ECI y-location
    z : float
        ECI z-location
    ell : Ellipsoid, optional
        planet ellipsoid model
    deg : bool, optional
        if True, degrees

    SENTENCE
    """
    return ecef2geodetic(x, y, z, ell, deg)


def ecef2geodetic(x, y, z, ell, deg):
    return x, y, z
'''


def _stale(tmp_path: Path, sentence: str) -> list[str]:
    inp = static_input(tmp_path, ALIAS.replace("SENTENCE", sentence), "eci2geodetic")
    return [f.message for f in c1_name_unresolved(inp) if f.rule == "C1-PROSE-NAME-STALE"]


@pytest.mark.parametrize(
    "sentence",
    [
        "eci2geodetic() a.k.a. eci2lla()",  # round 79, pymap3d: MATLAB's name for it
        "Also known as ``eci2lla()`` in MATLAB.",
        "eci2lla() (aka eci2geodetic) is the MATLAB name.",
    ],
)
def test_an_alias_is_no_old_name(tmp_path: Path, sentence: str) -> None:
    assert _stale(tmp_path, sentence) == []


def test_a_stale_name_beside_no_alias_cue_stays(tmp_path: Path) -> None:
    # the same name with no alias word: the old name of ``ell`` by the contraction rule
    assert _stale(tmp_path, "The result depends on eci2lla().") != []


FLATTENED = '''
class ParticipantList:
    def create(self, identity=None, messaging_binding_address=None,
               messaging_binding_proxy_address=None):
        """Create the participant.

        :param identity: A unique string identifier for the participant.
        :param messaging_binding_address: The address of the participant's device. This field
            (with `proxy_address`) is only null when the participant uses an SDK endpoint.
        :param messaging_binding_proxy_address: The address of the Twilio phone number.
        """
        return self._create(identity, messaging_binding_address, messaging_binding_proxy_address)

    def _create(self, identity, address, proxy):
        return {
            "Identity": identity,
            "MessagingBinding.Address": address,
            KEY: proxy,
        }
'''


@pytest.mark.parametrize(
    ("key", "flagged"),
    [
        # round 76, twilio: the parameter goes out as the nested object's field
        ('"MessagingBinding.ProxyAddress"', False),
        # a flat key: nothing says `proxy_address` is a field of a nested object (darts'
        # ``value_y_offset`` named `y_offset`, round 21 TRUE, has no dotted key either)
        ('"MessagingBindingProxyAddress"', True),
        # a dotted key of another parameter's path
        ('"Proxy.Address"', True),
    ],
)
def test_a_nested_field_of_a_flattened_parameter(tmp_path: Path, key: str, flagged: bool) -> None:
    inp = static_input(tmp_path, FLATTENED.replace("KEY", key), "ParticipantList.create")
    stale = [f.message for f in c1_name_unresolved(inp) if f.rule == "C1-PROSE-NAME-STALE"]
    assert bool(stale) is flagged, stale


TYPE_WORD = '''
def integer(i: {ann}) -> int:
    """Parse an integer.

    :param i: {text}
    """
    return int(i)
'''


@pytest.mark.parametrize(
    ("text", "ann", "flagged"),
    [
        ("integer string", "str", False),  # round 76, twilio: a string holding an integer
        ("An integer string to parse.", "str", False),
        ("An integer representing the value.", "str", True),  # control: the integer itself
    ],
)
def test_a_type_word_before_string_is_no_claim(
    tmp_path: Path, text: str, ann: str, flagged: bool
) -> None:
    inp = static_input(tmp_path, TYPE_WORD.format(text=text, ann=ann), "integer")
    found = [f.message for f in c2_prose_param_type(inp)]
    assert bool(found) is flagged, found
