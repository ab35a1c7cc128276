"""``raises_callees._self_stores``: which methods of a class are parsed to learn what it
stores in ``self.attr`` (``self._transform = Transform()``, trimesh's VoxelGrid, one hop).

Only a method whose text may assign the attribute is parsed (the text filter
``_may_store``): every written form of ``self.attr = call()`` must pass it (else a stored
class would be lost), and a method that only reads, compares or augments the attribute is
the control it skips."""

from __future__ import annotations

import ast

import pytest
from docref.checks.static import raises_callees
from docref.checks.static.raises_callees import _may_store, _self_stores
from docref.checks.static.returns_raises_ast import dotted, function_node
from docref.graph.model import Function
from docref.graph.python_extract import extract_python

_CLASS = """
class Grid:
    def plain(self):
        self._t = Transform()

    def chained(self):
        first = self._t = Transform.from_pitch(1)

    def parenthesised(self):
        (self._t) = make_transform()

    def continued(self):
        self._t \\
            = other.Transform()

    def commented(self):
        (self._t  # the holder
         ) = Transform()

    def receiver_in_brackets(self):
        (self)._t = Transform()

    def nested(self, ok):
        if ok:
            with open("x") as fh:
                self._t = load(fh)

    def reads(self):
        return self._t.pitch

    def compares(self):
        return self._t == Transform()

    def augments(self):
        self._t += Transform()

    def annotated(self):
        self._t: Transform = Transform()

    def other_attribute(self):
        self._tx = Transform()
"""

_ASSIGNING = {
    "plain",
    "chained",
    "parenthesised",
    "continued",
    "commented",
    "receiver_in_brackets",
    "nested",
}


def _every_method_parsed(source: str, attr: str) -> list[str]:
    """What the statement walk finds when every method is parsed (no text filter)."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
            continue
        for target in node.targets:
            if (
                isinstance(target, ast.Attribute)
                and target.attr == attr
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
            ):
                names.append(dotted(node.value.func))
    return [n for n in names if n]


def _stores(source: str, attr: str) -> list[str]:
    data = source.encode()
    fe = extract_python(data, "grid.py", f"h-{hash(source)}")
    raises_callees._STORES.clear()
    return _self_stores(fe, data, "Grid", attr)


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    names: list[str] = []

    def recording(data: bytes, fn: Function) -> object:
        names.append(fn.name)
        return function_node(data, fn)

    monkeypatch.setattr(raises_callees, "function_node", recording)
    return names


def test_every_written_form_of_the_store_is_still_found(parsed: list[str]) -> None:
    found = _stores(_CLASS, "_t")
    assert found == _every_method_parsed(_CLASS, "_t")
    assert found == [
        "Transform",
        "Transform.from_pitch",
        "make_transform",
        "other.Transform",
        "Transform",
        "Transform",
        "load",
    ]


def test_a_method_that_only_reads_compares_or_augments_it_is_not_parsed(
    parsed: list[str],
) -> None:
    _stores(_CLASS, "_t")
    assert set(parsed) == _ASSIGNING


def test_a_non_ascii_method_is_parsed_whatever_its_text_says(parsed: list[str]) -> None:
    # NFKC: the tree may spell a name differently from the bytes, so no text rules it out
    source = "class Grid:\n    def reads(self):\n        return self._t.größe\n"
    assert _stores(source, "_t") == []
    assert parsed == ["reads"]


@pytest.mark.parametrize(
    ("text", "may"),
    [
        (b"self._t = T()", True),
        (b"a = self._t = T()", True),
        (b"(self._t) = T()", True),
        (b"self._t \\\n    = T()", True),
        (b"(self._t  # c\n ) = T()", True),
        (b"self . _t=T()", True),
        (b"return self._t.pitch", False),
        (b"self._t == T()", False),
        (b"self._t += T()", False),
        (b"self._tx = T()", False),
    ],
)
def test_may_store_reads_an_assignment_target_from_the_text(text: bytes, may: bool) -> None:
    assert (_may_store(b"_t").search(text) is not None) is may
