"""C1 name rules, session 15 (issue 12, held-out rounds 17 and 19): names a static reader
resolves through a mechanism the earlier rules lacked, each beside a control that stays
reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved

from tests.names_helpers import messages, xref_all
from tests.static_helpers import project_input, static_input

_PLUGINS = '''
def list_stage_plugins(stage_name):
    """The plugin names of one stage."""
    return [stage_name]
'''

_TRANSPILE = '''
def transpile(circuits, layout_method=None, stage_plugins=None):
    """Transpile.

    Args:
        circuits: The circuits.
        stage_plugins: More plugins.
        layout_method: The plugin of the ``layout`` stage. You can see a list of installed
            plugins by using :func:`~.list_stage_plugins` with ``"layout"`` for the
            ``stage_name`` argument.
    """
    return circuits


def transpile_stale(circuits, layout_method=None, stage_plugins=None):
    """Transpile.

    Args:
        circuits: The circuits.
        stage_plugins: More plugins.
        layout_method: The plugin of the ``layout`` stage. You can see a list of installed
            plugins by using :func:`~.list_stage_plugins` with ``"layout"`` for the
            ``stage_label`` argument.
    """
    return circuits


def transpile_elsewhere(circuits, layout_method=None, stage_plugins=None):
    """Transpile.

    Args:
        circuits: The circuits, see :func:`~.list_stage_plugins`.
        stage_plugins: More plugins.
        layout_method: The plugin of the ``layout`` stage, in the ``stage_name`` argument.
    """
    return circuits
'''


def test_a_parameter_of_the_function_the_sentence_cross_references(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/plugin.py": _PLUGINS, "pkg/compiler.py": _TRANSPILE}

    def found(qualname: str) -> list[str]:
        inp = project_input(tmp_path, files, "pkg/compiler.py", qualname)
        return messages(c1_name_unresolved(inp))

    # ``stage_name`` is list_stage_plugins's parameter, which the sentence links to (1 hop)
    assert found("transpile") == []
    # controls: no parameter of the referenced function; the link in another sentence
    assert found("transpile_stale") == ["`stage_label` names nothing in scope"]
    assert found("transpile_elsewhere") == ["`stage_name` names nothing in scope"]


_HOOKS = '''
class Job:
    def __getattr__(self, item):
        """Forwards to the job, see :meth:`object.__getattr__`."""
        return item

    def __setstate__(self, state):
        """Restores the state, see :meth:`object.__setstate__` and ``object.__len__``."""
        self.state = state

    def restore(self):
        """Restores, see :meth:`object.__setstat__`."""
        return 1
'''


def test_the_data_model_hooks_the_reference_files_under_object(tmp_path: Path) -> None:
    def found(qualname: str) -> list[str]:
        inp = static_input(tmp_path, _HOOKS, qualname)
        return messages(xref_all(inp) + c1_name_unresolved(inp))

    assert found("Job.__getattr__") == []
    assert found("Job.__setstate__") == []
    # control: no such hook in the reference, and none on the runtime ``object``
    assert found("Job.restore") == [
        "`object.__setstat__` names nothing: builtin `object` has no `__setstat__`;"
        " did you mean `__setstate__`?"
    ]
