"""C3-RAISES follows the callbacks a write into an observed container fires (session 18):
urwid's ``Pile.__init__`` registers ``self._contents.set_validate_contents_modified(
self._validate_contents_modified)``, and the ``contents`` setter's ``self._contents[:] =
new_contents`` runs that validator, which raises ``PileError`` (round 25: three FALSE).
Controls: a body that only rebinds an attribute, and a raising method nothing hands over as a
callback, stay reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.returns_raises import c3_raises_unraised

from tests.names_helpers import messages
from tests.static_helpers import project_input

_PILE = '''
class PileError(Exception):
    pass


class MonitoredList(list):
    def set_validate(self, callback):
        self._validate = callback


class Pile:
    def __init__(self, widgets):
        self._contents = MonitoredList(widgets)
        self._contents.set_validate(self._validate_modified)

    def _validate_modified(self, slc, new_items):
        if not all(isinstance(w, tuple) for w in new_items):
            raise PileError("added content invalid")

    def _check_focus(self, position):
        if position < 0:
            raise PileError("no such position")

    def set_contents(self, new_contents):
        """Replace the contents.

        :raises PileError: an item is not a valid ``(widget, options)`` pair.
        """
        self._contents[:] = new_contents

    def add(self, widget):
        """Add a widget.

        :raises PileError: the widget is not a valid ``(widget, options)`` pair.
        """
        self._contents.append(widget)

    def rebind(self, new_contents):
        """Rebind the contents.

        :raises PileError: an item is not a valid ``(widget, options)`` pair.
        """
        self._contents = new_contents
'''


def _found(tmp_path: Path, qualname: str, code: str = _PILE) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/pile.py": code}
    return messages(c3_raises_unraised(project_input(tmp_path, files, "pkg/pile.py", qualname)))


def test_a_write_into_an_observed_container_runs_its_validator(tmp_path: Path) -> None:
    assert _found(tmp_path / "a", "Pile.set_contents") == []
    assert _found(tmp_path / "b", "Pile.add") == []


def test_a_rebinding_or_a_method_nobody_registers_stays_reported(tmp_path: Path) -> None:
    # controls: ``self._contents = ...`` fires no callback; without the registration the
    # validator is one more method nobody calls, like ``_check_focus``
    assert _found(tmp_path / "a", "Pile.rebind") == [
        "documents raising PileError, but rebind() neither raises it nor calls anything that does"
    ]
    unregistered = _PILE.replace(
        "        self._contents.set_validate(self._validate_modified)\n", ""
    )
    assert _found(tmp_path / "b", "Pile.set_contents", unregistered) == [
        "documents raising PileError, but set_contents() neither raises it nor calls anything "
        "that does"
    ]
