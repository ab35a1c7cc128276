"""Static rules: a module that sets names through ``globals()`` under literal keys keeps its
other names known (session 34, pr34).  flax's ``nnx.graphlib`` swaps in compiled classes with
``globals()['IndexMap'] = flaxlib.IndexMap``; any ``globals()`` made every bare name of the
module unknown, so a renamed ``current_update_context`` (recall: -> ``cur_update_context``)
named in ``:func:`` roles was missed.  Such an assignment creates the one name its key spells:
a closed set, as a ``def`` is.  A computed key, ``globals().update`` or a read of
``globals()`` leaves the module's names unknown, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.names_helpers import messages, xref_all
from tests.static_helpers import run_rule

_GRAPHLIB = '''
import flaxlib

if flaxlib.available:
    globals()['IndexMap'] = flaxlib.IndexMap


def cur_update_context(tag):
    return tag


def update_context(tag):
    """Create an update context.

    The context can be accessed using :func:`current_update_context`.
    """
    return cur_update_context(tag)
'''

_STALE = ["`current_update_context` names nothing in scope; did you mean `cur_update_context`?"]


@pytest.mark.parametrize("quote", ["'", '"'])
def test_a_literal_key_keeps_the_modules_names_known(tmp_path: Path, quote: str) -> None:
    code = _GRAPHLIB.replace("'IndexMap'", f"{quote}IndexMap{quote}")
    assert messages(run_rule(xref_all, tmp_path, code, "update_context")) == _STALE


@pytest.mark.parametrize(
    "setter",
    [
        # the key computed: any name may be made
        "globals()[name] = flaxlib.IndexMap",
        "globals()[f'Index{name}'] = flaxlib.IndexMap",
        "globals().update(flaxlib.exports)",
        # a read of the module's namespace, as the lazy-module idiom passes it on
        "sys.modules[__name__] = LazyModule(__name__, globals()['__file__'])",
    ],
    ids=["name-key", "f-string-key", "update", "read"],
)
def test_other_uses_of_globals_leave_the_names_unknown(tmp_path: Path, setter: str) -> None:
    code = _GRAPHLIB.replace("globals()['IndexMap'] = flaxlib.IndexMap", setter)
    assert setter in code
    assert run_rule(xref_all, tmp_path, code, "update_context") == []


def test_controls_the_name_kept_or_set_by_the_literal_key(tmp_path: Path) -> None:
    consistent = _GRAPHLIB.replace("cur_update_context", "current_update_context")
    assert run_rule(xref_all, tmp_path / "kept", consistent, "update_context") == []
    # the name the assignment makes is known: no stale name
    made = _GRAPHLIB.replace(":func:`current_update_context`", ":class:`IndexMap`")
    assert run_rule(xref_all, tmp_path / "made", made, "update_context") == []
