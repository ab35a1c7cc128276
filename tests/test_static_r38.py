"""Static rules: mechanism gaps behind round 38's false alarms (session 21's public tuning
round: music21, moviepy), each with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import project_input, static_input

_SLICED = '''
class Clip:
    def __init__(self):
        self.start = 0
        self.end = None

    def subclipped(self, start_time=0, end_time=None):
        """Cut the clip."""
        return self

    def __getitem__(self, key):
        """Support slicing over a clip.

        {example}
        If ``t_start`` is not given, default to ``0``.
        """
        return self.subclipped(key.start or 0, key.stop)
'''


@pytest.mark.parametrize(
    ("example", "expected"),
    [
        ("So, ``clip[t_start:t_end]`` is equivalent to ``clip.subclipped(t_start, t_end)``.", 0),
        ("``clip[t_start:t_end:speed]`` also changes the speed.", 0),
        ("``clip[t_start]`` is the frame at a time.", 1),
        ("So, ``clip.subclipped(t_start, t_end)`` cuts the clip.", 1),
        ("Slicing cuts the clip.", 1),
    ],
    ids=["slice", "slice-with-step", "control-index", "control-call-only", "control-none"],
)
def test_the_bounds_of_a_slice_the_docstring_writes_are_its_placeholders(
    tmp_path: Path, example: str, expected: int
) -> None:
    # round 38 (moviepy ``Clip.__getitem__``, 1 FALSE): "``clip[t_start:t_end]`` is
    # equivalent to ... If ``t_start`` is not given" -- the slice's bounds are the example's
    # names for the start and end, not a stale name of ``start``.  A name the docstring only
    # indexes with, passes to a call or does not write at all stays reported.
    code = _SLICED.format(example=example)
    found = c1_name_unresolved(static_input(tmp_path, code, "Clip.__getitem__"))
    assert len(found) == expected, [f.message for f in found]


_STREAM_BASE = '''
class Stream:
    """A stream of events."""

    def makeVoices(self, *, inPlace=False):
        """Make voices."""
        return self

    def __iter__(self):
        return StreamIterator(self)


class StreamIterator:
    """Iterate over a stream."""
'''

_SPINE = """
from pkg import {module}


class SpineCollection:
    def makeVoices(self) -> None:
        '''
        make voices for each spine -- why not just run
        {mention} ? because we have more information here
        '''
"""


@pytest.mark.parametrize(
    ("module", "mention", "expected"),
    [
        ("stream", "stream.makeVoices()", 0),
        ("stream", "stream.makeVoicez()", 1),
        ("stream", "stream.makeNotes()", 1),
        ("stream", "stream.StreamIterator()", 1),
        ("tools", "tools.makeVoices()", 1),
    ],
    ids=[
        "eponymous-class-method",
        "control-misspelt",
        "control-no-such-method",
        "control-in-the-class-file",
        "control-other-module",
    ],
)
def test_a_module_name_as_the_noun_of_its_eponymous_class(
    tmp_path: Path, module: str, mention: str, expected: int
) -> None:
    # round 38 (music21 ``SpineCollection.makeVoices``, 1 FALSE): "why not just run
    # stream.makeVoices()" -- ``stream`` is the module ``music21.stream``, whose class
    # ``Stream`` has ``makeVoices``: a stream object's method, the lowercase noun of the class
    # the module is named for.  A method that class lacks (a name only its file's code uses,
    # ``StreamIterator``, included), or a module with no class of its own name (``tools`` has
    # ``Helper.makeVoices``), stays reported.  (Only a two-part path is read so: round 5's full
    # path ``dask.array.numblocks`` for ``dask.array.Array.numblocks`` was TRUE.)
    files = {
        "pkg/__init__.py": "",
        "pkg/stream/__init__.py": "from pkg.stream.base import Stream\n",
        "pkg/stream/base.py": _STREAM_BASE,
        "pkg/tools/__init__.py": "from pkg.tools.base import Helper\n",
        "pkg/tools/base.py": _STREAM_BASE.replace("class Stream", "class Helper"),
        "pkg/spine.py": _SPINE.format(module=module, mention=mention),
    }
    inp = project_input(tmp_path, files, "pkg/spine.py", "SpineCollection.makeVoices")
    found = c1_name_unresolved(inp)
    assert len(found) == expected, [f.message for f in found]


_BYTES_DOCS = {
    "plain": '"""Return {claim} for this MIDI event."""',
    "Google": '"""Encode the event.\n\n    Returns:\n        {claim} for this MIDI event.\n    """',
    "reST": '"""Encode the event.\n\n    :returns: {claim} for this MIDI event.\n    """',
}

_EVENT = """
def get_bytes(event) -> {returned}:
    {doc}
    return bytes(event)
"""


@pytest.mark.parametrize("style", sorted(_BYTES_DOCS))
@pytest.mark.parametrize(
    ("claim", "returned", "expected"),
    [
        ("a set of bytes", "bytes", 0),
        ("a set of characters", "str", 0),
        ("a set of bytes", "str", 1),
        ("a set of byte codes", "bytes", 1),
        ("a set of messages", "bytes", 1),
    ],
    ids=[
        "bytes-of-bytes",
        "characters-of-str",
        "control-bytes-of-str",
        "control-compound",
        "control-other-items",
    ],
)
def test_a_set_of_the_returned_kind_is_a_quantity_not_the_set_type(
    tmp_path: Path, style: str, claim: str, returned: str, expected: int
) -> None:
    # round 38 (music21 ``MidiEvent.getBytes``, 1 FALSE): "Return a set of bytes" on
    # ``-> bytes`` -- "a set of" counts out the bytes a bytes object is made of, as "some
    # bytes" would.  Said of a ``str``, the bytes contradict it; a set of anything else
    # (``byte codes``, ``messages``) is the set type: both stay reported.
    doc = _BYTES_DOCS[style].format(claim=claim)
    code = _EVENT.format(doc=doc, returned=returned)
    found = c2_prose_return_type(static_input(tmp_path, code, "get_bytes"))
    assert len(found) == expected, [f.message for f in found]
