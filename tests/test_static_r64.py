"""Round 64 (session 27): the shapes of its first pass that were false alarms, each beside a
control of the same shape that stays reported, in Google, NumPy and reST forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings


def _param_unknown(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.split('"')[1]
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PARAM-UNKNOWN"
    )


# --- a class docstring listing its public methods, each method's signature line with that
# method's own parameter section nested under it (airbyte-cdk's ``TestReader``: "Public
# Methods: run_test_read(source, config, ...) -> StreamRead:" then "Parameters: source ...",
# round 64, 5 FALSE): the entries document the method written above them, not the
# constructor.  An entry under the signature line that is no argument of that call, and a
# stale entry of the class's own section, stay reported.

_METHODS_GOOGLE = '''
class Reader:
    """Reads a stream.

    Args:
        limit: the most records to read.
        OWN

    Public Methods:
        read(source, config, state=None) -> list:

            Reads the records of ``source``.

            Parameters:
                source (Source): where the records come from.
                config (dict): the settings.
                NESTED
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def read(self, source, config, state=None):
        """Read."""
        return [source, config, state, self.limit]
'''

_METHODS_NUMPY = '''
class Reader:
    """Reads a stream.

    Parameters
    ----------
    limit : int
        The most records to read.
    OWN

    Methods
    -------
    read(source, config, state=None)
        Reads the records of ``source``.

        Parameters
        ----------
        source : Source
            Where the records come from.
        config : dict
            The settings.
        NESTED
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def read(self, source, config, state=None):
        """Read."""
        return [source, config, state, self.limit]
'''

_METHODS_REST = '''
class Reader:
    """Reads a stream.

    :param limit: the most records to read.
    OWN

    Public methods:

    read(source, config, state=None)
        Reads the records of ``source``.

        :param source: where the records come from.
        :param config: the settings.
        NESTED
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def read(self, source, config, state=None):
        """Read."""
        return [source, config, state, self.limit]
'''

_ENTRY = {
    "Google": "{name} (int): a value.",
    "NumPy": "{name} : int\n            A value.",
    "reST": ":param {name}: a value.",
}


def _entry(style: str, name: str, nested: bool) -> str:
    text = _ENTRY[style].format(name=name)
    if style == "NumPy" and not nested:
        return text.replace("\n            ", "\n        ")
    return text


@pytest.mark.parametrize(
    ("style", "form"),
    [("Google", _METHODS_GOOGLE), ("NumPy", _METHODS_NUMPY), ("reST", _METHODS_REST)],
    ids=["Google", "NumPy", "reST"],
)
@pytest.mark.parametrize(
    ("own", "nested", "expected"),
    [
        (None, "state", []),
        # controls: a nested entry that is no argument of the call written above it, and a
        # stale entry of the class's own section
        (None, "timeout", ["timeout"]),
        ("max_pages", "state", ["max_pages"]),
    ],
)
def test_entries_nested_under_another_methods_signature_document_that_method(
    tmp_path: Path, style: str, form: str, own: str | None, nested: str, expected: list[str]
) -> None:
    if style == "NumPy":
        # numpydoc's "Methods" section ends the class's Parameters, and the sections nested
        # under its lines are not read as the class's: only the own entry can be reported
        expected = [n for n in expected if n != nested]
    code = form.replace("NESTED", _entry(style, nested, nested=True))
    code = code.replace(
        "    OWN\n", "" if own is None else f"    {_entry(style, own, nested=False)}\n"
    )
    assert _param_unknown(tmp_path, code) == expected


# --- "a list of" said of a ``str`` parameter that holds the list as one string, as a web
# API takes it (atlassian-python-api's Jira wrappers: "The list of fields to return" on
# ``fields: str = "*all"``, "A list of status values ... accepts a comma-separated list" on
# ``Optional[str] = None``; round 64, 4 FALSE, 1 DEB): the entry says the list is delimited,
# or the code's default is a string.  Without either ("List of task names" on
# ``Optional[str] = None``, clearml's TRUE of round 43) the claim stays reported.

_LIST_GOOGLE = '''
def f(SIGNATURE) -> dict:
    """Search.

    Args:
        fields: ENTRY
    """
    return {"fields": fields}
'''

_LIST_NUMPY = '''
def f(SIGNATURE) -> dict:
    """Search.

    Parameters
    ----------
    fields
        ENTRY
    """
    return {"fields": fields}
'''

_LIST_REST = '''
def f(SIGNATURE) -> dict:
    """Search.

    :param fields: ENTRY
    """
    return {"fields": fields}
'''


@pytest.mark.parametrize(
    "form", [_LIST_GOOGLE, _LIST_NUMPY, _LIST_REST], ids=["Google", "NumPy", "reST"]
)
@pytest.mark.parametrize(
    ("signature", "entry", "expected"),
    [
        ('fields: str = "*all"', "The list of fields to return for each issue.", []),
        ("fields: str = ''", "The list of fields to return for each issue.", []),
        (
            "fields: Optional[str] = None",
            "A list of status values. This parameter accepts a comma-separated list.",
            [],
        ),
        ("fields: str = None", "A list of names, separated by commas.", []),
        # controls: no delimiter said and no string default; a list said of an int
        (
            "fields: Optional[str] = None",
            "List of task names to filter by.",
            ["C2-PROSE-PARAM-TYPE"],
        ),
        ("fields: str", "The list of fields to return for each issue.", ["C2-PROSE-PARAM-TYPE"]),
        ("fields: int = 0", "A list of fields, separated by commas.", ["C2-PROSE-PARAM-TYPE"]),
    ],
)
def test_list_said_of_a_string_holding_it_delimited(
    tmp_path: Path, form: str, signature: str, entry: str, expected: list[str]
) -> None:
    code = "from typing import Optional\n" + form.replace("SIGNATURE", signature).replace(
        "ENTRY", entry
    )
    found = [
        f.rule for f in default_findings(tmp_path, code) if f.rule.startswith("C2-PROSE-PARAM")
    ]
    assert found == expected


# --- the documented return type is what awaiting (or ``async with``) the returned object
# gives: aioftp's ``upload_stream()`` annotated
# ``-> AsyncEnterableInstanceProtocol[DataConnectionThrottleStreamIO]`` (a project Protocol
# with ``__await__``/``__aenter__``) documented ``:rtype: DataConnectionThrottleStreamIO``
# (round 64, 3 FALSE); ``Awaitable[list]`` documented ``list`` was accepted already.  Another
# type documented, or a generic project class that is not awaitable, stays reported.

_AWAITED_HEAD = """
from typing import Any, Awaitable, Generator, Generic, Protocol, TypeVar

T = TypeVar("T", covariant=True)


class Stream:
    def read(self) -> bytes:
        return b""


class Enterable(Protocol[T]):
    async def __aenter__(self) -> T: ...
    async def __aexit__(self, *args: Any) -> None: ...
    def __await__(self) -> Generator[None, None, T]: ...


class Box(Generic[T]):
    def get(self) -> T: ...


def opened() -> Any:
    return Stream()

"""

_AWAITED_REST = '''
def upload(path: str) -> ANNOTATION:
    """Open a stream for writing.

    :param path: where to write
    :rtype: DOCUMENTED
    """
    return opened()
'''

_AWAITED_GOOGLE = '''
def upload(path: str) -> ANNOTATION:
    """Open a stream for writing.

    Args:
        path: where to write

    Returns:
        DOCUMENTED: the stream
    """
    return opened()
'''

_AWAITED_NUMPY = '''
def upload(path: str) -> ANNOTATION:
    """Open a stream for writing.

    Parameters
    ----------
    path : str
        Where to write.

    Returns
    -------
    DOCUMENTED
        The stream.
    """
    return opened()
'''


@pytest.mark.parametrize(
    "form", [_AWAITED_REST, _AWAITED_GOOGLE, _AWAITED_NUMPY], ids=["reST", "Google", "NumPy"]
)
@pytest.mark.parametrize(
    ("annotation", "documented", "expected"),
    [
        ("Enterable[Stream]", "Stream", []),
        ("Awaitable[list]", "list", []),
        # controls: another type than the awaited one; a generic class that is not awaitable
        ("Enterable[Stream]", "int", ["C2-RETURN-TYPE"]),
        ("Box[Stream]", "Stream", ["C2-RETURN-TYPE"]),
    ],
)
def test_return_documented_as_the_awaited_value(
    tmp_path: Path, form: str, annotation: str, documented: str, expected: list[str]
) -> None:
    code = _AWAITED_HEAD + form.replace("ANNOTATION", annotation).replace("DOCUMENTED", documented)
    found = [f.rule for f in default_findings(tmp_path, code) if f.rule.startswith("C2-RETURN")]
    assert found == expected


# --- a format-template default documented with its placeholders named (flask-caching's
# ``cached(key_prefix="view/%s")``: "Default 'view/%(request.path)s'", round 64, 1 FALSE):
# the same template, its ``%s`` said with what fills it.  Other text around the placeholder,
# or more placeholders than the template has, stays reported.

_TEMPLATE_REST = '''
def cached(key_prefix: str = SIGNATURE) -> str:
    """Cache a view.

    :param key_prefix: Default DOCUMENTED. Beginning of the cache key.
    """
    return key_prefix % "path"
'''

_TEMPLATE_GOOGLE = '''
def cached(key_prefix: str = SIGNATURE) -> str:
    """Cache a view.

    Args:
        key_prefix: Beginning of the cache key. Defaults to DOCUMENTED.
    """
    return key_prefix % "path"
'''

_TEMPLATE_NUMPY = '''
def cached(key_prefix: str = SIGNATURE) -> str:
    """Cache a view.

    Parameters
    ----------
    key_prefix : str, default DOCUMENTED
        Beginning of the cache key.
    """
    return key_prefix % "path"
'''


@pytest.mark.parametrize(
    "form", [_TEMPLATE_REST, _TEMPLATE_GOOGLE, _TEMPLATE_NUMPY], ids=["reST", "Google", "NumPy"]
)
@pytest.mark.parametrize(
    ("signature", "documented", "expected"),
    [
        ('"view/%s"', "'view/%(request.path)s'", []),
        ('"view/{}"', "'view/{path}'", []),
        # controls: other text around the placeholder; one placeholder more than the template
        ('"view/%s"', "'cache/%(request.path)s'", ["C2-DEFAULT-MISMATCH"]),
        ('"view/%s"', "'view/%(request.path)s/%(query)s'", ["C2-DEFAULT-MISMATCH"]),
    ],
)
def test_template_default_documented_with_named_placeholders(
    tmp_path: Path, form: str, signature: str, documented: str, expected: list[str]
) -> None:
    code = form.replace("SIGNATURE", signature).replace("DOCUMENTED", documented)
    found = [f.rule for f in default_findings(tmp_path, code) if f.rule == "C2-DEFAULT-MISMATCH"]
    assert found == expected
