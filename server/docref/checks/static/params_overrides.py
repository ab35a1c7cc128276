"""The parameters an abstract method's overrides take, when its own signature leaves them out.

argopy's ``ArgoIndexSearchEngine`` (round 96) declares every search as ``@abstractmethod def
wmo(self)`` and documents ``WMOs`` and ``nrows`` under Parameters: the parameters its two
implementations (the pandas and the pyarrow ``SearchEngine``) take.  The stub's docstring states
the interface; its signature is elided.  So an entry of a method that is abstract or a stub
(:func:`.params_entries.abstract_hook`) and takes nothing but its receiver is read against the
parameters of its overrides in reach (:mod:`.overriders`).  An entry no override takes is still
reported, and a stub whose own signature lists parameters is a contract of its own: an entry
only an override takes beside it stays reported (as an abstract constructor taking most entries
does, :mod:`tests.test_static_abstract_backend`).  An override taking ``**kwargs`` (argopy's
``lon(self, BOX=None, nrows=None, **kwargs)`` hands ``ge``/``le`` on to its box parser) may
receive any documented name, as a function of its own with ``**kwargs`` may: the stub's
entries are then all read as taken.
"""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.overriders import overriders
from docref.checks.static.params_common import documented_names
from docref.checks.static.params_entries import abstract_hook
from docref.graph.model import RECEIVER_NAMES

__all__ = ["elided_interface_parameters"]


def elided_interface_parameters(inp: StaticInput) -> set[str]:
    """The parameter names the overrides of an abstract or stub method with an elided
    signature take (see the module docstring); empty for any other function."""
    fn = inp.function
    if inp.file.language != "python" or any(p.name not in RECEIVER_NAMES for p in fn.params):
        return set()
    if not abstract_hook(inp):
        return set()
    taken: set[str] = set()
    for _path, override in overriders(inp):
        if any(p.kind == "kwarg" for p in override.params):
            return {name for _segment, _shown, name in documented_names(inp)}
        taken |= {p.name for p in override.params if p.name not in RECEIVER_NAMES}
    return taken
