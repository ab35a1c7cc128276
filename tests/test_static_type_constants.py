"""A documented type naming a namespace of constants (flytekit's ``ResourceType``, a plain
class of upper-case ``TASK = ...`` names: ``:rtype: ResourceType`` on ``-> int``, round 103,
judged FALSE) means one of its values: the type oracle does not answer for it, for the return
rule and the parameter rule (whose project-class finding is the opt-in C2-PARAM-TYPE-WEAK).
Controls that stay reported: the same entries naming a class with a method, and one with a
lower-case member."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.runner import check_file, rules_for

from tests.static_helpers import indexed_project

_IDENTIFIER = """
from proto import identifier_pb2


class ResourceType(object):
    UNSPECIFIED = identifier_pb2.UNSPECIFIED
    TASK = identifier_pb2.TASK
    WORKFLOW = identifier_pb2.WORKFLOW


class Handle:
    TASK = 1
    WORKFLOW = 2

    def describe(self):
        return "handle"


class Kind:
    TASK = 1
    label = "kind"
"""

_REFERENCE = """
from ids import {cls}


class Reference:
    def __init__(self, resource_type: int) -> None:
        self._resource_type = resource_type

    @property
    def resource_type(self) -> int:
        \"\"\"
        The type of reference.
        :rtype: ids.{cls}
        \"\"\"
        return self._resource_type

    def with_type(self, resource_type: int) -> None:
        \"\"\"
        Sets the type.
        :param {cls} resource_type: the type
        \"\"\"
        self._resource_type = resource_type
"""


def _rules(tmp_path: Path, cls: str) -> list[str]:
    files = {"ids.py": _IDENTIFIER, "ref.py": _REFERENCE.format(cls=cls)}
    graph = indexed_project(tmp_path, files)
    found = check_file(graph, "ref.py", rules_for(("C2-PARAM-TYPE-WEAK",))).findings
    return sorted(f.rule for f in found if f.rule.startswith("C2-"))


def test_a_namespace_of_constants_names_one_of_its_values(tmp_path: Path) -> None:
    assert _rules(tmp_path, "ResourceType") == []


@pytest.mark.parametrize("cls", ["Handle", "Kind"])
def test_a_class_with_a_method_or_a_lower_case_member_stays_a_type(
    tmp_path: Path, cls: str
) -> None:
    assert _rules(tmp_path, cls) == ["C2-PARAM-TYPE-WEAK", "C2-RETURN-TYPE"]
