"""Session 22 (weak): shapes of the rules weak at first sight, each with a control of the same
shape that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.return_weak import c2_return_type_weak, c3_returns_weak
from docref.checks.static.runner import check_file, rules_for
from docref.checks.static.types_rules import c2_param_weak
from docref.checks.types import parse_doc_readings

from tests.static_helpers import default_findings, indexed_project, project_findings, rule_ids


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


# --- items of a tuple closing a chain of ``of`` phrases (round 24, pyqtgraph ``setTicks``)

TICKS_NUMPY = '''
def set_ticks(ticks: list[list[tuple[float, str]]] | None) -> None:
    """Set the ticks.

    Parameters
    ----------
    ticks : list of list of float, str or None
        Explicitly set tick display information.
    """
    print(ticks)
'''

TICKS_GOOGLE = '''
def set_ticks(ticks: list[tuple[float, str]]) -> None:
    """Set the ticks.

    Args:
        ticks (list of float, str): Explicitly set tick display information.
    """
    print(ticks)
'''

TICKS_REST = '''
def set_ticks(ticks: list[tuple[float, str]]) -> None:
    """Set the ticks.

    :param ticks: Explicitly set tick display information.
    :type ticks: list of float, str
    """
    print(ticks)
'''


def test_items_closing_an_of_chain_fill_the_annotated_tuple(tmp_path: Path) -> None:
    for code in (TICKS_NUMPY, TICKS_GOOGLE, TICKS_REST):
        assert _rules(tmp_path, code) == []


def test_items_closing_an_of_chain_against_other_items_stay_reported(tmp_path: Path) -> None:
    # the same words where the annotation's tuple holds other items: no reading matches
    assert _rules(tmp_path, TICKS_NUMPY.replace("tuple[float, str]", "tuple[bytes, int]")) == [
        "C2-PARAM-TYPE"
    ]
    for code in (TICKS_GOOGLE, TICKS_REST):
        assert _rules(tmp_path, code.replace("tuple[float, str]", "tuple[bytes, int]")) == [
            "C2-PARAM-TYPE"
        ]
    # a dict where the documented list of pairs is: no reading matches either
    assert _rules(tmp_path, TICKS_GOOGLE.replace("list[tuple[float, str]]", "dict[str, int]")) == [
        "C2-PARAM-TYPE"
    ]


def test_the_readings_of_items_closing_an_of_chain() -> None:
    def rendered(text: str) -> list[str | None]:
        return [r.render() if r is not None else None for r in parse_doc_readings(text)]

    assert rendered("list of list of float, str or None") == [
        "list[list[float]] | str | None",
        "list[list[tuple[float, str]]] | None",
    ]
    assert rendered("list of int, str")[-1] == "list[tuple[int, str]]"
    assert rendered("tuple of int, str")[-1] == "tuple[int, str]"
    # a mapping's items are no tuple; an item that is no single type word gives no reading
    assert len(rendered("list of float, the label")) == 1
    assert len(rendered("dict of str, int")) == 1


# --- ``[str]`` (a list of str) as a member of a ``|`` union (round 35, pypsa ``busmap_by_stubs``)

BRACKET_LIST = {
    "numpy": '''
def busmap(attrs: Iterable[str] | None = None) -> None:
    """Cluster the buses.

    Parameters
    ----------
    attrs : None|[str]
        Bus attributes the clusters have to agree on.
    """
    print(attrs)
''',
    "google": '''
def busmap(attrs: Iterable[str] | None = None) -> None:
    """Cluster the buses.

    Args:
        attrs (None | [str]): Bus attributes the clusters have to agree on.
    """
    print(attrs)
''',
    "rest": '''
def busmap(attrs: Iterable[str] | None = None) -> None:
    """Cluster the buses.

    :param attrs: Bus attributes the clusters have to agree on.
    :type attrs: [str] | None
    """
    print(attrs)
''',
}


def test_a_bracketed_list_in_a_union_is_a_list(tmp_path: Path) -> None:
    for code in BRACKET_LIST.values():
        code = "from collections.abc import Iterable\n" + code
        assert _rules(tmp_path, code) == []


def test_a_bracketed_list_in_a_union_against_a_mapping_stays_reported(tmp_path: Path) -> None:
    for code in BRACKET_LIST.values():
        code = code.replace("Iterable[str] | None", "dict[str, int] | None")
        assert _rules(tmp_path, code) == ["C2-PARAM-TYPE"]


def test_the_reading_of_a_bracketed_list_in_a_union() -> None:
    assert [r.render() if r else None for r in parse_doc_readings("None|[str]")] == [
        "list[str] | None"
    ]
    # a Callable's parameter list stays one
    readings = parse_doc_readings("Callable[[int], str] | None")
    assert [r.render() if r else None for r in readings] == ["Callable[[int], str] | None"]


# --- a generator's Returns: one item "for each" thing (round 36, smbprotocol ``_resolve_dfs``)

EACH = {
    "google": '''
def resolve(targets):
    """Resolve the targets.

    Returns:
        A new Open for each DFS target that was resolved.
    """
    for target in targets:
        yield target
''',
    "numpy": '''
def resolve(targets):
    """Resolve the targets.

    Returns
    -------
    A new Open for each DFS target that was resolved.
    """
    for target in targets:
        yield target
''',
    "rest": '''
def resolve(targets):
    """Resolve the targets.

    :return: A new Open for each DFS target that was resolved.
    """
    for target in targets:
        yield target
''',
}


def _returns_rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code) if f.rule.startswith("C3-RET"))


def test_a_generator_returning_one_item_for_each_thing_is_weak(tmp_path: Path) -> None:
    for code in EACH.values():
        assert _returns_rules(tmp_path, code) == []
        # the opt-in C3-RETURNS-WEAK keeps it
        assert rule_ids(c3_returns_weak, tmp_path, code, "resolve") == ["C3-RETURNS-WEAK"]


def test_a_generator_returning_a_container_for_each_thing_stays_reported(tmp_path: Path) -> None:
    # the container is claimed: "A list of Opens, one for each target" is what callers expect
    for code in EACH.values():
        code = code.replace("A new Open for each", "A list of Opens, one for each")
        assert _returns_rules(tmp_path, code) == ["C3-RETURNS-YIELDS"]
    # and without the per-item cue the plain claim stays reported
    for code in EACH.values():
        code = code.replace("A new Open for each DFS target that was resolved.", "A new Open.")
        assert _returns_rules(tmp_path, code) == ["C3-RETURNS-YIELDS"]


# --- a project decorator calling the body with rebuilt arguments (round 35, gwpy ``@with_open``)

WITH_OPEN = '''
from functools import wraps
from typing import IO


def with_open(func=None, mode="r", pos=0):
    """Open the chosen argument."""
    def _decorator(func):
        @wraps(func)
        def wrapped(*args, **kwargs):
            source = args[pos]
            if not hasattr(source, "read"):
                with open(source, mode=mode) as fobj:
                    newargs = list(args)
                    newargs[pos] = fobj
                    return func(*newargs, **kwargs)
            return func(*args, **kwargs)
        return wrapped
    if func:
        return _decorator(func)
    return _decorator


@with_open
def read_config(source: IO) -> list:
    """Parse a configuration file.

    Parameters
    ----------
    source : str
        Path of the configuration file to parse.

    Returns
    -------
    list
        The channels.
    """
    return source.readlines()
'''

TIMED = WITH_OPEN.replace(
    "                with open(source, mode=mode) as fobj:\n"
    "                    newargs = list(args)\n"
    "                    newargs[pos] = fobj\n"
    "                    return func(*newargs, **kwargs)\n",
    "                print(source)\n",
)


def test_a_decorator_rebuilding_the_arguments_demotes_the_param_type(tmp_path: Path) -> None:
    assert _rules(tmp_path, WITH_OPEN) == []
    google = WITH_OPEN.replace(
        "    Parameters\n    ----------\n    source : str\n        Path of the configuration"
        " file to parse.\n",
        "    Args:\n        source (str): Path of the configuration file to parse.\n",
    )
    rest = WITH_OPEN.replace(
        "    Parameters\n    ----------\n    source : str\n        Path of the configuration"
        " file to parse.\n",
        "    :param source: Path of the configuration file to parse.\n    :type source: str\n",
    )
    assert google != WITH_OPEN and rest != WITH_OPEN
    for code in (google, rest):
        assert _rules(tmp_path, code) == []
    # the opt-in C2-PARAM-TYPE-WEAK keeps it
    assert rule_ids(c2_param_weak, tmp_path, WITH_OPEN, "read_config") == ["C2-PARAM-TYPE-WEAK"]


def test_a_decorator_handing_on_its_own_arguments_keeps_the_param_type(tmp_path: Path) -> None:
    # a wrapper calling the body with the caller's ``*args`` changes nothing: still reported
    assert "newargs" not in TIMED
    assert _rules(tmp_path, TIMED) == ["C2-PARAM-TYPE"]
    # and so does the undecorated function
    assert _rules(tmp_path, WITH_OPEN.replace("@with_open\n", "")) == ["C2-PARAM-TYPE"]


def test_a_decorator_from_another_module_rebuilding_the_arguments(tmp_path: Path) -> None:
    head, _, body = WITH_OPEN.partition("@with_open\n")
    files = {"io_utils.py": head, "reader.py": "from io_utils import with_open\n" + body}
    reader = files["reader.py"].replace("def read_config", "@with_open\ndef read_config")
    files["reader.py"] = "from typing import IO\n" + reader
    assert [f.rule for f in project_findings(tmp_path, files, "reader.py")] == []
    plain = dict(files, **{"io_utils.py": TIMED.partition("@with_open\n")[0]})
    assert [f.rule for f in project_findings(tmp_path / "b", plain, "reader.py")] == [
        "C2-PARAM-TYPE"
    ]


# --- a bare ``filter``/``type`` under Returns: a value's name or a template's placeholder
# (round 35 gwpy ``notch``; round 9 pint ``get_base_units``, round 38 datasette's copy)

WORD_RETURNS = {
    "numpy": '''
def notch(x) -> tuple[int, int]:
    """Make a notch.

    Returns
    -------
    filter
        The formatted filter.
    """
    return (x, x)
''',
    "google": '''
def notch(x) -> tuple[int, int]:
    """Make a notch.

    Returns:
        type: multiplicative factor, plain units
    """
    return (x, x)
''',
    "rest": '''
def notch(x) -> tuple[int, int]:
    """Make a notch.

    :returns: The formatted filter.
    :rtype: filter
    """
    return (x, x)
''',
}


def test_a_bare_word_builtin_under_returns_is_weak(tmp_path: Path) -> None:
    for code in WORD_RETURNS.values():
        assert _rules(tmp_path, code) == []
        assert rule_ids(c2_return_type_weak, tmp_path, code, "notch") == ["C2-RETURN-TYPE-WEAK"]


def test_a_type_word_under_returns_stays_reported(tmp_path: Path) -> None:
    typed = {
        "numpy": WORD_RETURNS["numpy"].replace("    filter\n", "    str\n"),
        "google": WORD_RETURNS["google"].replace("type: multiplicative", "str: multiplicative"),
        "rest": WORD_RETURNS["rest"].replace(":rtype: filter", ":rtype: str"),
    }
    for style, code in typed.items():
        assert code != WORD_RETURNS[style]
        assert _rules(tmp_path, code) == ["C2-RETURN-TYPE"]
    # a parametrised ``type[X]`` is a type claim: compared as before
    code = WORD_RETURNS["google"].replace("type: multiplicative", "type[int]: multiplicative")
    assert _rules(tmp_path, code) == ["C2-RETURN-TYPE"]


# --- the type of a deprecated parameter (round 33, fpdf2 ``Template.__init__``'s ``infile``)

DEPRECATED = {
    "google": '''
import os


def template(elements: list, infile: bytes | None = None) -> None:
    """Make a template.

    Args:
        elements (list): The elements.
        infile (str): [**DEPRECATED since 2.2.0**] unused, will be removed.
    """
    print(elements, infile)
''',
    "numpy": '''
import os


def template(elements: list, infile: bytes | None = None) -> None:
    """Make a template.

    Parameters
    ----------
    elements : list
        The elements.
    infile : str
        Deprecated since 2.2.0: unused, will be removed.
    """
    print(elements, infile)
''',
    "rest": '''
import os


def template(elements: list, infile: bytes | None = None) -> None:
    """Make a template.

    :param list elements: The elements.
    :param str infile: (deprecated) unused, will be removed.
    """
    print(elements, infile)
''',
}


def test_the_type_of_a_deprecated_parameter_is_weak(tmp_path: Path) -> None:
    for code in DEPRECATED.values():
        assert _rules(tmp_path, code) == []
        assert rule_ids(c2_param_weak, tmp_path, code, "template") == ["C2-PARAM-TYPE-WEAK"]


def test_the_type_of_a_parameter_in_use_stays_reported(tmp_path: Path) -> None:
    for code in DEPRECATED.values():
        for word in ("[**DEPRECATED since 2.2.0**] ", "Deprecated since 2.2.0: ", "(deprecated) "):
            code = code.replace(word, "")
        assert "eprecated" not in code and "DEPRECATED" not in code
        assert _rules(tmp_path, code) == ["C2-PARAM-TYPE"]


# --- a record's field described "optional" (round 16 azure, round 17 python-telegram-bot,
# round 43 libcloud ``CloudStackAffinityGroup``)

RECORD = {
    "rest": '''
class AffinityGroup:
    """An affinity group."""

    def __init__(self, group_id, description):
        """
        :param group_id: the group id
        :param description: optional description of the affinity group
        """
        self.group_id = group_id
        self.description = description
''',
    "google": '''
class Address:
    """An address.

    Args:
        street (:obj:`str`): First line.
        description (:obj:`str`): Optional. The state.
    """

    def __init__(self, street, description):
        self.street = street
        self.description = description
''',
    "numpy": '''
class Schema:
    """A schema.

    Parameters
    ----------
    name : str
        The name.
    description : str
        Optional namespace the record belongs to.
    """

    def __init__(self, name, description):
        self.name = name
        self.description = description
''',
}


def _optional_rules(tmp_path: Path, code: str) -> list[str]:
    # C2-OPTIONAL-FLAG is opt-in since session 23: enabled, it still leaves these to -WEAK
    graph = indexed_project(tmp_path, {"m.py": code}, root="ws", cache="cache")
    found = check_file(graph, "m.py", rules_for(("C2-OPTIONAL-FLAG",))).findings
    return sorted(f.rule for f in found if "OPTIONAL" in f.rule)


def _weak_optional_rules(tmp_path: Path, code: str) -> list[str]:
    graph = indexed_project(tmp_path, {"m.py": code}, root="weak", cache="weak-cache")
    found = check_file(graph, "m.py", rules_for(("C2-OPTIONAL-FLAG-WEAK",))).findings
    return sorted(f.rule for f in found if "OPTIONAL" in f.rule)


def test_a_stored_field_described_optional_is_weak(tmp_path: Path) -> None:
    for style, code in RECORD.items():
        assert _optional_rules(tmp_path, code) == [], style
        assert _weak_optional_rules(tmp_path, code) == ["C2-OPTIONAL-FLAG-WEAK"], style


def test_a_field_computed_with_defaulted_or_typed_optional_stays_reported(tmp_path: Path) -> None:
    for style, code in RECORD.items():
        # the constructor computes with it: required
        computed = code.replace(
            "self.description = description", "self.description = description.strip()"
        )
        assert _optional_rules(tmp_path, computed) == ["C2-OPTIONAL-FLAG"], style
        # the entry states a default the signature lacks
        defaulted = code.replace(
            "description of the affinity group", "description. Defaults to the name."
        ).replace("Optional. The state.", "Optional. The state. Defaults to the name.")
        defaulted = defaulted.replace("belongs to.", "belongs to. Defaults to the name.")
        assert _optional_rules(tmp_path, defaulted) == ["C2-OPTIONAL-FLAG"], style
    # "optional" in the type slot is the rule's plain claim
    typed = RECORD["numpy"].replace(
        "description : str\n        Optional namespace",
        "description : str, optional\n        Namespace",
    )
    assert _optional_rules(tmp_path, typed) == ["C2-OPTIONAL-FLAG"]


# --- an accessor class documenting its variadic call's arguments (round 35, gwpy's
# ``SegmentListWrite`` documents ``target`` of ``SegmentList.write(target, ...)``)

_ACCESSOR_BASE = '''
class UnifiedWrite:
    """Base ``Class.write()`` implementation."""

    def __init__(self, instance, cls, registry=None):
        self._instance = instance
        self.registry = registry

    def __call__(self, *args, **kwargs):
        """Execute ``instance.write()``."""
        return self.registry.write(self._instance, *args, **kwargs)
'''

ACCESSOR = {
    "numpy": '''

class SegmentListWrite(UnifiedWrite):
    """Write this `SegmentList` to a file.

    Parameters
    ----------
    target : `str`
        Output filename.
    """
''',
    "google": '''

class SegmentListWrite(UnifiedWrite):
    """Write this `SegmentList` to a file.

    Args:
        target (str): Output filename.
    """
''',
    "rest": '''

class SegmentListWrite(UnifiedWrite):
    """Write this `SegmentList` to a file.

    :param str target: Output filename.
    """
''',
}


def test_an_accessor_documenting_its_call_is_silent(tmp_path: Path) -> None:
    compile(_ACCESSOR_BASE, "base", "exec")  # the fixture parses
    for style, code in ACCESSOR.items():
        assert _rules(tmp_path, _ACCESSOR_BASE + code) == [], style


def test_an_accessor_with_its_own_constructor_stays_reported(tmp_path: Path) -> None:
    own_init = "\n    def __init__(self, instance):\n        super().__init__(instance, None)\n"
    for style, code in ACCESSOR.items():
        # a constructor of its own: the docstring documents it
        assert _rules(tmp_path, _ACCESSOR_BASE + code + own_init) == ["C1-PARAM-UNKNOWN"], style
    # a base without a call: the docstring documents the constructor
    uncalled = _ACCESSOR_BASE.split("    def __call__")[0]
    assert _rules(tmp_path, uncalled + ACCESSOR["google"]) == ["C1-PARAM-UNKNOWN"]
    # a docstring naming a constructor parameter documents the constructor
    named = ACCESSOR["numpy"].replace(
        "    target : `str`", "    instance : object\n        The instance.\n    target : `str`"
    )
    assert _rules(tmp_path, _ACCESSOR_BASE + named) == ["C1-PARAM-UNKNOWN"]


def test_a_deprecation_helpers_own_entry_keeps_its_type(tmp_path: Path) -> None:
    # "the deprecated function" describes what the helper deprecates, not the parameter
    # (dask's ``_deprecated``, datasets' ``deprecated``: recall.py's type mutations)
    code = '''
def deprecated(use_instead: bytes | None = None, help_message: bytes | None = None):
    """Mark a function as deprecated.

    Parameters
    ----------
    use_instead : str, optional
        Name of function to use in place of the deprecated function.
    help_message : str, optional
        An optional message to guide the user on how to switch to non-deprecated usage.
    """
    return use_instead, help_message
'''
    assert _rules(tmp_path, code) == ["C2-PARAM-TYPE", "C2-PARAM-TYPE"]
