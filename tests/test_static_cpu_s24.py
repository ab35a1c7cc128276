"""Session 24 (sp29): cuts of work the cold run did not need, each held to the same results."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from docref.checks.static.names_examples import _numbered_stems
from docref.checks.static.names_local import family_shaped, parameter_family
from docref.checks.static.params import c1_param_unknown
from docref.graph.python_extract import extract_python
from docref.graph.python_members import may_assign_self

from .static_helpers import run_rule

_CANDIDATES = ["hmc_pyro", "nuts_pyro", "min_codepoint", "max_codepoint", "pyro_a", "pyro_b"]


@pytest.mark.parametrize(
    "name", ["_pyro", "_codepoint", "pyro_", "_x_", "pyro", "codepoint", "hmc_pyro", "x"]
)
def test_family_shaped_is_the_precondition_of_a_parameter_family(name: str) -> None:
    # names.py gathers the docstring's words only for a name family_shaped admits: every name
    # parameter_family can hold for must be admitted, or a family would be reported again.
    if parameter_family(name, _CANDIDATES):
        assert family_shaped(name)
    if not family_shaped(name):
        assert not parameter_family(name, [*_CANDIDATES, f"a{name}", f"b{name}", f"{name}a"])


def test_a_suffix_and_a_prefix_are_shaped_a_plain_word_is_not() -> None:
    assert family_shaped("_pyro") and family_shaped("pyro_")
    assert parameter_family("_pyro", _CANDIDATES) and parameter_family("pyro_", _CANDIDATES)
    assert not family_shaped("pyro") and not family_shaped("hmc_pyro")


# the one pattern _numbered_stems ran before (every word of every docstring tried lazily)
_NUMBERED = re.compile(r"(?<![\w.])([A-Za-z_]\w*?[A-Za-z_])(\d+)(?![\w.])")


def _numbered_by_pattern(body: str) -> list[str]:
    numbers: dict[str, set[str]] = {}
    for match in _NUMBERED.finditer(body):
        numbers.setdefault(match[1], set()).add(match[2])
    return [stem for stem, found in numbers.items() if len(found) >= 2 and len(stem) >= 3]


@pytest.mark.parametrize(
    ("body", "stems"),
    [
        ("``func_name1`` and ``func_name2``", ["func_name"]),
        ("shape1, shape2 and shape1 again", ["shape"]),
        ("a1b22 and a1b3", ["a1b"]),
        ("only x1 and x2 (stems under three letters)", []),
        ("np.arr1 and np.arr2: after a dot", []),
        ("float64 only once", []),
        ("é_ab1, é_ab2 (a stem starting with a non-ASCII letter)", []),
        ("ab_1 ab_2 ab٣ ab²", ["ab_"]),
        ("name1. name2.", []),
        ("name1x name2x", []),
    ],
)
def test_numbered_stems_finds_what_the_lazy_pattern_found(body: str, stems: list[str]) -> None:
    assert _numbered_stems(body) == stems == _numbered_by_pattern(body)


def test_numbered_stems_agrees_with_the_pattern_on_random_text() -> None:
    rnd = random.Random(12)
    alphabet = "ab_Z19.0 é²٣x\n"
    for _ in range(20_000):
        body = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 30)))
        assert _numbered_stems(body) == _numbered_by_pattern(body), repr(body)


_STORES = """
class C:
    def plain(self):
        self.a = 1

    def annotated(self):
        self.b: int = 2

    def bare_annotation(self):
        self.c: str

    def pair(self, v):
        x, self.d = v

    def pair_first(self, v):
        self.e, y = v

    def continued(self):
        self \\
            .f \\
            = 3

    def non_ascii(self):
        self.größe = 4

    def nested(self, ok):
        if ok:
            with open("x") as fh:
                self.g = fh

    def reads_only(self):
        return self.a + self.b(self.c)
"""


def test_a_method_body_is_skipped_only_when_it_assigns_no_attribute_of_self() -> None:
    # python_members.may_assign_self gates the statement walk of instance_attributes: every
    # form the walk records must pass it (else an attribute would be lost), and a body that
    # only reads self's attributes is the control the walk is skipped for.
    extract = extract_python(_STORES.encode(), "m.py", "h")
    names = {v.name for v in extract.variables if v.owner == "C"}
    assert names == {"a", "b", "c", "d", "e", "f", "größe", "g"}
    data = _STORES.encode()
    reads = data.index(b"def reads_only")
    assert may_assign_self(data, 0, reads)
    assert not may_assign_self(data, reads, len(data))


_IGNORED = '''
def apply(  {comment}
    x,
):
    """Apply.

    Parameters
    ----------
    x : array
        Input.
    xp : namespace
        Documented for the method that receives it.
    """
'''


def test_numpydoc_ignore_is_read_again_when_the_file_text_changes(tmp_path: Path) -> None:
    # params_common keeps whether the last file text spells "numpydoc" at all, keyed by that
    # text: the same function checked again after an edit that adds (then drops) the
    # project's ``# numpydoc ignore=PR02`` must follow each edit.
    plain = _IGNORED.format(comment="# a comment")
    ignored = _IGNORED.format(comment="# numpydoc ignore=PR02")
    for code, flagged in ((plain, 1), (ignored, 0), (plain, 1), (ignored, 0)):
        found = run_rule(c1_param_unknown, tmp_path, code, "apply")
        assert len(found) == flagged, code
