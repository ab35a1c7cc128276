"""False-alarm shapes left by rounds 94-97 (session 37, f37), each beside a control where the
docstring really is stale.

hydromt's ``reproject_hydrography_like`` (round 96, C2-DEFAULT-MISMATCH): one NumPy entry names
two parameters and gives each its own default in prose order, "(default "uparea") and flow
direction ("flwdir")"; the first default was read for both names.

minio's ``MinioAdmin.top_locks`` (round 97, C2-PROSE-RETURN-TYPE): "Get a list of the 10 oldest
locks on a MinIO cluster." over ``-> str`` and ``return response.data.decode()``: the text is the
server's JSON payload, which the summary describes by what it holds (as moto's ``json.dumps``
handlers, round 60): the opt-in C2-PROSE-RETURN-WEAK.

azure-servicebus' ``serialize_key_values`` (":return: `xml_parent` is mutated. The returned value
is `None`.", round 77) and clearml's ``Monitor.monitor`` (":return: Function will never return",
round 50), C3-RETURNS-YIELDS: a Returns text whose sentence says the value is None, or that the
call never returns, claims no value.

C2-DEFAULT-MISMATCH, one default written two ways: pydmd's '`uniform`' (markup inside the quotes)
for ``"uniform"`` (round 35), monai's "./cache" for ``"cache"`` (round 50), flopy's one record
``[1.e-6, 6.e-6, 6.e-4]`` for ``[[1.0e-6, 6.0e-6, 6.0e-4]]`` (round 41).

C1-NAME-UNRESOLVED / C1-PROSE-NAME-STALE, the parameter of a callable the sentence hands something
to: "passed directly to the `Scene` object through the `filenames` keyword argument" (satpy, round
59), "pass a list of media ids to the :meth:`update_status` method using the ``media_ids`` param"
(twython, round 73, ``update_status(self, **params)``).

C1-PARAM-UNKNOWN on a class built on ``collections.namedtuple(name, fields)`` that documents the
fields under Parameters while its own ``__new__`` takes other arguments and computes them (iris'
``_CoordMetaData``, round 96, 5 DEBATABLE).

coffea's ``_equal_shape(mod_in: tuple, arr_shape: tuple) -> None`` summarised "Tuple of input
shape and array shape" (round 94, C2-PROSE-RETURN-TYPE): two things over two tuple parameters name
the arguments.  ``test_static_ty12b``'s "A list of samplers." on ``configure(self, samplers: list)
-> None`` stays reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings, project_findings

_REPROJECT = '''
def reproject(ds, uparea_name: str = {uparea}, flwdir_name: str = {flwdir}):
    """Reproject flow direction and upstream area data.

    Parameters
    ----------
    ds : dict
        Hydrography data.
    uparea_name, flwdir_name : str, optional
        Name of upstream area (default "uparea") and flow direction ("flwdir")
        variables in `ds`.
    """
    return ds[uparea_name], ds[flwdir_name]
'''


def _names(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.rsplit(' for "', 1)[1].split('"')[0]
        for f in default_findings(tmp_path, code)
        if f.rule == "C2-DEFAULT-MISMATCH"
    )


def test_multi_name_entry_gives_each_name_its_parenthesised_default(tmp_path: Path) -> None:
    code = _REPROJECT.format(uparea='"uparea"', flwdir='"flwdir"')
    assert _names(tmp_path, code) == []


@pytest.mark.parametrize(
    ("uparea", "flwdir", "reported"),
    [('"area_km2"', '"flwdir"', ["uparea_name"]), ('"uparea"', '"ldd"', ["flwdir_name"])],
    ids=["first-stale", "second-stale"],
)
def test_multi_name_entry_with_a_stale_parenthesised_default_stays_reported(
    tmp_path: Path, uparea: str, flwdir: str, reported: list[str]
) -> None:
    code = _REPROJECT.format(uparea=uparea, flwdir=flwdir)
    assert _names(tmp_path, code) == reported


_SHARED = '''
def limits(low: float = {low}, high: float = {high}):
    """Clip limits.

    Parameters
    ----------
    low, high : float, optional
        Lower and upper limit (default 0.0).
    """
    return low, high
'''


def test_multi_name_entry_with_one_default_still_reads_it_for_every_name(tmp_path: Path) -> None:
    assert _names(tmp_path, _SHARED.format(low="0.0", high="0.0")) == []
    assert _names(tmp_path, _SHARED.format(low="1.0", high="2.0")) == ["high", "low"]


_ADMIN = '''
class Admin:
    def _url_open(self, method: str, command: str):
        return self

    def top_locks(self) -> str:
        """Get a list of the 10 oldest locks on a cluster."""
        response = self._url_open(method="GET", command="top-locks")
        BODY
'''


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return response.data.decode()", []),
        ('return response.read().decode("utf-8")', []),
        # controls: one lock's name, a bytes parameter's own text
        ("return response.name", ["C2-PROSE-RETURN-TYPE"]),
        ('return b"locks".decode()', ["C2-PROSE-RETURN-TYPE"]),
    ],
    ids=["data", "read", "name", "literal"],
)
def test_decoded_payload_described_by_its_container(
    tmp_path: Path, body: str, expected: list[str]
) -> None:
    code = _ADMIN.replace("BODY", body)
    found = default_findings(tmp_path, code)
    assert [f.rule for f in found if f.rule.startswith("C2-PROSE-RETURN")] == expected


_MUTATES = """
def serialize(xml_parent: list, key_values: dict):
    \"\"\"Serialize the key values into the parent.

    :param xml_parent: the parent element
    :param key_values: the values
    :return: ENTRY
    \"\"\"
    while key_values:
        xml_parent.append(key_values.popitem())
"""


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("`xml_parent` is mutated. The returned value is `None`.", []),
        ("Function will never return", []),
        ("The result is None.", []),
        # controls: a value described, None only under a condition, a value after the None
        ("`xml_parent` is mutated. The returned value is the new element.", ["C3-RETURNS-YIELDS"]),
        ("The returned value is `None` when empty.", ["C3-RETURNS-YIELDS"]),
        ("The returned value is None. Otherwise returns the count.", ["C3-RETURNS-YIELDS"]),
        ("Function will never return a list.", ["C3-RETURNS-YIELDS"]),
    ],
)
def test_returns_text_saying_the_value_is_none(
    tmp_path: Path, entry: str, expected: list[str]
) -> None:
    code = _MUTATES.replace("ENTRY", entry)
    found = default_findings(tmp_path, code)
    assert [f.rule for f in found if f.rule.startswith("C3-")] == expected


_WRITTEN = """
def compress(snapshots, value=SIGNATURE):
    \"\"\"Compress the snapshots.

    :param snapshots: the snapshots
    :param value: the value to use. Default value is DOCUMENTED.
    \"\"\"
    return snapshots, value
"""


@pytest.mark.parametrize(
    ("signature", "documented", "expected"),
    [
        ('"uniform"', "'`uniform`'", []),
        ('"cache"', '"./cache"', []),
        ('"./cache"', '"cache"', []),
        ("[[1.0e-6, 6.0e-6, 6.0e-4]]", "[1.e-6, 6.e-6, 6.e-4]", []),
        # controls: another choice marked up, another directory, another record
        ('"uniform"', "'`sparse`'", ["value"]),
        ('"cache"', '"./tmp"', ["value"]),
        ('"cache"', '"../cache"', ["value"]),
        ("[[1.0e-6, 6.0e-6, 6.0e-4]]", "[1.e-5, 6.e-6, 6.e-4]", ["value"]),
        ("[[1.0, 2.0], [3.0, 4.0]]", "[1.0, 2.0]", ["value"]),
    ],
    ids=[
        "marked",
        "dot-slash",
        "dot-slash-sig",
        "record",
        "marked-other",
        "dir-other",
        "parent",
        "record-other",
        "two-records",
    ],
)
def test_one_default_written_two_ways(
    tmp_path: Path, signature: str, documented: str, expected: list[str]
) -> None:
    code = _WRITTEN.replace("SIGNATURE", signature).replace("DOCUMENTED", documented)
    assert _names(tmp_path, code) == expected


_SCENE = """
class Scene:
    def __init__(self, SCENE_PARAMS):
        self.files = [SCENE_PARAMS]


def update_status(**params):
    return params
"""

_FIND = """
from pkg.scene import Scene


def find_files(fs=None, base_dir=None):
    '''Find the files to read.

    The returned dictionary can be passed directly to RECIPIENT through the
    `base_dirs` keyword argument.

    :param fs: the file system
    :param base_dir: where to look
    '''
    return Scene, {"files": [fs, base_dir]}
"""


@pytest.mark.parametrize(
    ("scene_params", "recipient", "expected"),
    [
        ("base_dirs=None", "the `Scene` object", []),
        ("filenames=None", ":meth:`update_status`", []),
        ("filenames=None", "the `Reader` class", []),  # outside the project: not checked
        # controls: a recipient that takes neither the name nor **kwargs; no recipient marked
        ("filenames=None", "the `Scene` object", ["base_dirs"]),
        ("filenames=None", "the scene", ["base_dirs"]),
    ],
    ids=["takes-it", "kwargs", "external", "takes-other", "unmarked"],
)
def test_parameter_of_the_recipient_the_sentence_names(
    tmp_path: Path, scene_params: str, recipient: str, expected: list[str]
) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/scene.py": _SCENE.replace("SCENE_PARAMS", scene_params),
        "pkg/find.py": _FIND.replace("RECIPIENT", recipient),
    }
    found = project_findings(tmp_path, files, "pkg/find.py")
    names = [f.message.split("`")[1] for f in found if f.rule.startswith("C1-")]
    assert sorted(names) == expected


_META = """
from collections import namedtuple


class _CoordMetaData(namedtuple("CoordMetaData", FIELDS)):
    '''Container for the metadata of a coordinate.

    Parameters
    ----------
    defn : str
        The metadata.
    dims : tuple
        The dimensions.
    points_dtype : str
        The points dtype.
    **kwargs : dict, optional
        More metadata.
    '''

    def __new__(mcs, coord, dims):
        return super().__new__(mcs, coord.metadata, dims, coord.dtype, {})
"""


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ('["defn", "dims", "points_dtype", "kwargs"]', []),
        ('"defn dims points_dtype kwargs"', []),
        # control: a documented field the base no longer has
        ('["defn", "dims", "dtype", "kwargs"]', ["points_dtype"]),
    ],
    ids=["list", "string", "renamed-field"],
)
def test_namedtuple_fields_documented_by_the_class(
    tmp_path: Path, fields: str, expected: list[str]
) -> None:
    found = default_findings(tmp_path, _META.replace("FIELDS", fields))
    unknown = [f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN"]
    assert unknown == expected


_SHAPES = """
def validate(model_shape: tuple, array) -> None:
    def _equal_shape(SIGNATURE) -> None:
        '''SUMMARY'''
        assert len(mod_in) == len(arr_shape), "Mismatch number of axis"

    _equal_shape(model_shape, array.shape)
"""


@pytest.mark.parametrize(
    ("signature", "summary", "expected"),
    [
        ("mod_in: tuple, arr_shape: tuple", "Tuple of input shape and array shape", []),
        ("mod_in: tuple, arr_shape: tuple", "Tuple of input shape, and array shape.", []),
        # controls: one parameter of the kind; one thing named over two
        (
            "mod_in: tuple, arr_shape",
            "Tuple of input shape and array shape",
            ["C2-PROSE-RETURN-TYPE"],
        ),
        ("mod_in: tuple, arr_shape: tuple", "Tuple of input shapes", ["C2-PROSE-RETURN-TYPE"]),
    ],
    ids=["two-of-two", "comma", "one-param", "one-thing"],
)
def test_summary_naming_the_arguments_on_none(
    tmp_path: Path, signature: str, summary: str, expected: list[str]
) -> None:
    code = _SHAPES.replace("SIGNATURE", signature).replace("SUMMARY", summary)
    found = default_findings(tmp_path, code)
    assert [f.rule for f in found if f.rule.startswith("C2-PROSE-RETURN")] == expected
