"""C2 type rules, session 13: a documented parameter type the annotation leaves out that the
code takes (rounds 11-15 judged these "the annotation is the side to fix"), each with a
control of the same shape that stays reported.  Numbers: benchmarks/PRECISION.md,
"Session 13: C2 shapes (p13b)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.types_rules import c2_param_type, c2_param_weak, c2_return_type

from tests.static_helpers import cli_findings, cli_project, flagged

_PARAM = '''
from pathlib import Path
from typing import Mapping, Optional

import numpy as np


def f(SIGNATURE):
    """Do it.

    Parameters
    ----------
    ENTRY
        The value.
    """
    BODY
'''


def _param(signature: str, entry: str, body: str = "return None") -> str:
    code = _PARAM.replace("SIGNATURE", signature).replace("ENTRY", entry)
    return code.replace("BODY", body)


@pytest.mark.parametrize(
    ("signature", "entry", "body", "reported"),
    [
        # round 14 (pyvista ``read_keyword``, nibabel ``Recoder``): a class is a callable, the
        # docstring names the wider kind the body calls
        ("converter: type | None = None", "converter : callable, optional", "return 1", False),
        ("maker: type[Mapping] = dict", "maker : callable, optional", "return maker()", False),
        # control: a callable documented for a string is still a contradiction
        ("criterion: str = 'mse'", "criterion : callable", "return criterion", True),
        # round 15 (librosa ``dtype_r2c``): numpy's scalar types are dtype specifiers (in the
        # normaliser since p13a's 8dea3cd)
        ("default: Optional[type] = np.complex64", "default : np.dtype, optional", "", False),
        # control: a numpy dtype documented for a string parameter stays reported
        ("default: str = 'x'", "default : np.dtype", "return default", True),
        # round 14 (napari ``PerfmonConfig``): the body converts to the documented type
        (
            "config_path: str | None",
            "config_path : Path",
            "return Path(config_path).read_text()",
            False,
        ),
        ("data: list", "data : ndarray", "return np.asarray(data).sum()", False),
        # controls: no conversion in the body; a conversion of another parameter; a
        # conversion to a builtin (a ``str`` parsed by ``int(x)`` is what the annotation says)
        ("config_path: str | None", "config_path : Path", "return config_path", True),
        ("path: str, other: str", "path : Path", "return Path(other), path", True),
        ("count: str", "count : int", "return int(count)", True),
    ],
)
def test_a_documented_type_the_body_takes(
    tmp_path: Path, signature: str, entry: str, body: str, reported: bool
) -> None:
    code = _param(signature, entry, body or "return None")
    assert bool(flagged([c2_param_type, c2_param_weak], tmp_path, code)) is reported


@pytest.mark.parametrize(
    ("signature", "entry", "blamed"),
    [
        # round 15 (sktime ``AutoTS``): ``model_list: list = "superfast"`` documented ``str``:
        # the default contradicts its own annotation, as the docstring says: the finding
        # blames the annotation
        ('model_list: list = "superfast"', "model_list : str", True),
        # a recall mutation's shape: ``name: str = "x"`` whose annotation became ``bytes``
        ('name: bytes = "x"', "name : str", True),
        # controls: a default of the annotated type; a default of a third type; no default
        ("model_list: list = ['a']", "model_list : str", False),
        ("model_list: list = 3", "model_list : str", False),
        ("model_list: list", "model_list : str", False),
    ],
)
def test_a_default_that_contradicts_its_annotation_blames_the_annotation(
    tmp_path: Path, signature: str, entry: str, blamed: bool
) -> None:
    code = _param(signature, entry, "return None")
    (flag,) = flagged([c2_param_type, c2_param_weak], tmp_path, code)
    assert flag.rule == "C2-PARAM-TYPE"
    assert flag.message.startswith("the annotation of ") is blamed, flag.message
    if blamed:
        assert "as documented" in flag.message
    else:
        assert flag.message.startswith("documents ")


# --------------------------------------------------------------------------- round 16

_GOOGLE = '''
from typing import IO, Any, AnyStr, Callable, List, Optional, TypedDict, TypeVar, Union

from typing_extensions import Unpack

Pair = TypeVar("Pair", str, bytes)
Bound = TypeVar("Bound", bound="Base")


class Base:
    """A base."""


class Perms(TypedDict, total=False):
    """Permissions."""

    read: bool


def f(SIGNATURE) -> RETURNS:
    """Do it.

    Args:
        ENTRY

    Returns:
        RESULT
    """
    return None
'''


def _google(signature: str, entry: str, returns: str = "None", result: str = "Nothing.") -> str:
    code = _GOOGLE.replace("SIGNATURE", signature).replace("ENTRY", entry)
    return code.replace("RETURNS", returns).replace("RESULT", result)


@pytest.mark.parametrize(
    ("signature", "entry", "reported"),
    [
        # round 16 (asyncssh): a constrained TypeVar stands for the union of its constraints
        ("data: AnyStr", "data (str or bytes): The data.", False),
        ("data: Optional[AnyStr] = None", "data (str or bytes): The data.", False),
        ("data: Pair", "data (bytes): The data.", False),
        # ... and a bound one for its bound (a documented subclass is narrower)
        ("data: Bound", "data (Base): The data.", False),
        # controls: a type outside the constraints, or unrelated to the bound (silent before:
        # an unread TypeVar was an unknown name)
        ("data: AnyStr", "data (int): The data.", True),
        ("data: Pair", "data (int): The data.", True),
        ("data: Bound", "data (int): The data.", True),
        # round 16 (azure-core): Exception is a BaseException, narrower than the annotation
        ("error: Optional[BaseException]", "error (Exception): The error.", False),
        ("error: KeyError", "error (LookupError): The error.", False),
        # control: unrelated builtin exceptions stay a contradiction
        ("error: KeyError", "error (ValueError): The error.", True),
        # round 16 (azure-core): ``*requests: X`` documented as the list the arguments form
        ("*requests: int", "*requests (list[int]): The requests.", False),
        ("*requests: int", "*requests (tuple[int, ...]): The requests.", False),
        ("*items: Union[int, str]", "*items (List[Union[str, int]]): The roles.", False),
        # control: a list of another item type
        ("*requests: int", "*requests (list[str]): The requests.", True),
        # round 16 (discord.py): ``**perms: Unpack[TD]`` documented by its values' type
        ("**perms: Unpack[Perms]", "**perms (bool): The permissions.", False),
        # control: a plain ``**kwargs: int`` documented as another type stays reported
        ("**perms: int", "**perms (str): The permissions.", True),
        # round 16 (discord.py): a class documented for a callable parameter
        ("cls: Callable[[int], Base] = Base", "cls (Type[Base]): The class.", False),
        # control: a callable documented for an int parameter
        ("cls: int = 1", "cls (Callable): The class.", True),
        # round 16 (azure-storage-blob): AnyStr inside a union
        ("body: Optional[Union[AnyStr, IO]] = None", "body (bytes): The body.", False),
    ],
)
def test_round_16_parameter_types(
    tmp_path: Path, signature: str, entry: str, reported: bool
) -> None:
    found = flagged([c2_param_type, c2_param_weak], tmp_path, _google(signature, entry))
    assert bool(found) is reported, found


@pytest.mark.parametrize(
    ("returns", "result", "reported"),
    [
        # round 16 (pymatgen): one ``Type: description`` line per tuple item
        (
            "tuple[str | None, Base | None]",
            "str: Label for it.\n        Base: Describe all of it\n            over two lines.",
            False,
        ),
        # control: one entry whose description holds a colon further on stays one type
        (
            "tuple[str | None, Base | None]",
            "str: Label for it.\n            Note: more of the label.",
            True,
        ),
        ("tuple[str, int]", "str: Label for it.", True),
    ],
)
def test_google_returns_lines_per_tuple_item(
    tmp_path: Path, returns: str, result: str, reported: bool
) -> None:
    code = _google("x: int", "x (int): The x.", returns, result)
    assert bool(flagged(c2_return_type, tmp_path, code)) is reported


@pytest.mark.parametrize(
    ("annotation", "text", "reported"),
    [
        # round 16 (litestar): "string keyed" / "string values" qualify the head noun
        ("dict[str, Any]", "A string keyed dictionary of response headers.", False),
        ("dict[str, Any]", "A string keyed mapping of arbitrary values.", False),
        ("tuple[str, ...]", "The string values extracted from the url.", False),
        # control: the string itself is still a string claim
        ("dict[str, Any]", "A string of header lines.", True),
    ],
)
def test_string_as_a_modifier_is_no_string_claim(
    tmp_path: Path, annotation: str, text: str, reported: bool
) -> None:
    code = _google(f"headers: {annotation}", f"headers: {text}")
    found = flagged(c2_prose_param_type, tmp_path, code)
    assert bool(found) is reported, found
    returned = _google("x: int", "x (int): The x.", annotation, text)
    assert bool(flagged(c2_prose_return_type, tmp_path, returned)) is reported


# --------------------------------------------------------------------------- opt-in shape

_PARTIAL = '''
def load(cols: str | int) -> None:
    """Load.

    Args:
        cols (str or list of str): The columns.
    """


def size(count: str) -> None:
    """Size.

    Args:
        count (int or float): How many.
    """
'''


def test_a_union_that_partly_agrees_is_opt_in(tmp_path: Path) -> None:
    # rounds 0-16 (xarray, statsmodels, scikit-bio, discord.py, lightgbm): a documented union
    # sharing a member with the annotation, each naming one the other lacks: 0 of 9 TRUE
    root = cli_project(tmp_path, _PARTIAL)
    found = {}
    for label, flags in (("default", []), ("opt-in", ["--extend-select", "C2-PARAM-PARTIAL"])):
        found[label] = {f["qualname"]: f["rule"] for f in cli_findings(root, *flags)}
    # control: a union none of whose members agrees stays C2-PARAM-TYPE by default
    assert found["default"] == {"size": "C2-PARAM-TYPE"}
    assert found["opt-in"] == {"size": "C2-PARAM-TYPE", "load": "C2-PARAM-PARTIAL"}


# --------------------------------------------------------------------------- round 17

_R17 = '''
from typing import Callable, Optional, Sequence

from pkg import lighting
from pkg.base import Base


class Tele:
    """A bot."""

    def request(self, return_type: Optional[type[Base]] = None) -> None:
        """Ask.

        Args:
            return_type (:class:`pkg.Base`, optional): Deserialized into an instance of
                this class.
        """

    def lights(self, lights: Sequence[lighting.Light]) -> None:
        """Set.

        Parameters
        ----------
        lights : [pkg.lighting.Light]
            The lights.
        """

    def rank(self, activation_fn: Optional[Callable] = None) -> None:
        """Rank.

        Args:
            activation_fn ([type], optional): [description]
        """

    def other(self, return_type: Optional[type[Base]] = None) -> None:
        """Ask.

        Args:
            return_type (int, optional): The class.
        """

    def many(self, dag: int) -> "tuple[list[Base], list[int] | list[str]]":
        """Blocks.

        Args:
            dag (int): The dag.

        Returns:
            List[Base]: a list of blocks
            Union[List[int], List[str]]: the processing order
        """
        return [], []
'''


@pytest.mark.parametrize(
    ("qualname", "reported"),
    [
        # round 17 (python-telegram-bot): ``:class:`X``` for ``type[X]``, X imported from a
        # private module of the package
        ("Tele.request", False),
        # round 17 (trimesh): ``[pkg.Class]`` is a list of the class too
        ("Tele.lights", False),
        # round 17 (sentence-transformers): an unfilled ``[type]`` template
        ("Tele.rank", False),
        # round 17 (qiskit): Google Returns lines per tuple item, nested brackets
        ("Tele.many", False),
        # control: an int for a class parameter stays reported
        ("Tele.other", True),
    ],
)
def test_round_17_types(tmp_path: Path, qualname: str, reported: bool) -> None:
    from tests.static_helpers import project_input

    files = {
        "pkg/__init__.py": "from pkg.base import Base\n",
        "pkg/base.py": 'class Base:\n    """A base."""\n',
        "pkg/lighting.py": 'class Light:\n    """A light."""\n',
        "pkg/mod.py": _R17,
    }
    inp = project_input(tmp_path, files, "pkg/mod.py", qualname)
    found = c2_param_type(inp) + c2_param_weak(inp) + c2_return_type(inp)
    assert bool(found) is reported, found


@pytest.mark.parametrize(
    ("signature", "entry", "returns", "result", "reported"),
    [
        # round 17 (bs4): ``*features: str`` "A list of features": the arguments together
        ("*features: str", "features: A list of feature names.", "None", "Nothing.", False),
        # control: a plain ``str`` parameter said to be a list stays reported
        ("features: str", "features: A list of feature names.", "None", "Nothing.", True),
        # round 17 (torchmetrics): "a dictionary name" is the name of a dictionary, a str
        ("x: int", "x (int): The x.", "str", "A dictionary name for the order.", False),
        ("x: int", "x (int): The x.", "str", "A dictionary of the orders.", True),
    ],
)
def test_round_17_prose(
    tmp_path: Path, signature: str, entry: str, returns: str, result: str, reported: bool
) -> None:
    code = _google(signature, entry, returns, result)
    found = flagged([c2_prose_param_type, c2_prose_return_type], tmp_path, code)
    assert bool(found) is reported, found
