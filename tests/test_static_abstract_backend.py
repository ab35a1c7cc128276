"""Round 57 (session 26): an abstract base class documenting its backend's constructor.

arcade's abstract ``Buffer(ctx)`` documents ``reserve`` and ``usage``, which only the OpenGL
backend's ``OpenGLBuffer(ctx, reserve, usage)`` takes: interface documentation, not a stale
entry.  An entry no subclass takes stays reported, and so does the same docstring on a
concrete class (a subclass taking the name does not make a concrete class's call accept it),
and an entry only a subclass takes beside an abstract constructor taking most entries
(poppy's ``BaseWavefront`` documenting ``pixelscale``, round 55 TRUE).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_DOCSTRINGS = {
    "google": '''"""A buffer on the device.

    Args:
        ctx: the context
        data: the bytes
        reserve: bytes to reserve
        target: ignored
    """''',
    "numpy": '''"""A buffer on the device.

    Parameters
    ----------
    ctx : Context
        the context
    data : bytes
        the bytes
    reserve : int
        bytes to reserve
    target : int
        ignored
    """''',
    "rest": '''"""A buffer on the device.

    :param ctx: the context
    :param data: the bytes
    :param reserve: bytes to reserve
    :param target: ignored
    """''',
}

_BASE = """
from abc import ABC, ABCMeta, abstractmethod


class Buffer({bases}):
    {doc}

    def __init__(self, ctx):
        self.ctx = ctx

    {abstract}def read(self):
        return b""
"""

_BACKEND = """
from pkg.buffer import Buffer


class DeviceBuffer(Buffer):
    def __init__(self, ctx, data=b"", reserve=0):
        super().__init__(ctx)
        self.reserve = reserve or len(data)

    def read(self):
        return bytes(self.reserve)
"""


def _unknown(tmp_path: Path, style: str, *, bases: str, abstract: str) -> list[str]:
    base = _BASE.format(doc=_DOCSTRINGS[style], bases=bases, abstract=abstract)
    files = {"pkg/__init__.py": "", "pkg/buffer.py": base, "pkg/device.py": _BACKEND}
    return sorted(
        f.message.split('"')[1]
        for f in project_findings(tmp_path, files, "pkg/buffer.py")
        if f.rule == "C1-PARAM-UNKNOWN"
    )


@pytest.mark.parametrize("style", sorted(_DOCSTRINGS))
@pytest.mark.parametrize(
    ("bases", "abstract"), [("ABC", ""), ("metaclass=ABCMeta", ""), ("", "@abstractmethod\n    ")]
)
def test_abstract_base_documents_what_its_backend_takes(
    tmp_path: Path, style: str, bases: str, abstract: str
) -> None:
    # ``data`` and ``reserve`` are the backend's; ``target`` no subclass takes: still reported
    assert _unknown(tmp_path, style, bases=bases, abstract=abstract) == ["target"]


@pytest.mark.parametrize("style", sorted(_DOCSTRINGS))
def test_concrete_base_documenting_a_subclass_parameter_stays_reported(
    tmp_path: Path, style: str
) -> None:
    assert _unknown(tmp_path, style, bases="", abstract="") == ["data", "reserve", "target"]


_FULL_BASE = '''
from abc import ABC


class Wave(ABC):
    """A wavefront.

    Args:
        wavelength: the wavelength
        npix: the pixels across
        diam: the diameter
        pixelscale: the pixel scale
    """

    def __init__(self, wavelength, npix, diam):
        self.shape = (wavelength, npix, diam)
'''

_FULL_SUB = """
from pkg.wave import Wave


class Wavefront(Wave):
    def __init__(self, wavelength, npix, diam, pixelscale=None):
        super().__init__(wavelength, npix, diam)
        self.pixelscale = pixelscale
"""


def test_abstract_base_taking_most_entries_keeps_a_subclass_only_entry_reported(
    tmp_path: Path,
) -> None:
    # poppy's ``BaseWavefront`` (round 55, TRUE): its own constructor takes three of the four
    # entries; the fourth, which only a subclass takes, is stale here
    files = {"pkg/__init__.py": "", "pkg/wave.py": _FULL_BASE, "pkg/front.py": _FULL_SUB}
    found = project_findings(tmp_path, files, "pkg/wave.py")
    assert [f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN"] == [
        "pixelscale"
    ]
