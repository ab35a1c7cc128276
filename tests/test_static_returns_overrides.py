"""C3-RETURNS-YIELDS on a base method whose project override returns the documented value
(session 18, round 22: s3transfer's ``TaskSemaphore.acquire`` returns nothing, its
``SlidingWindowSemaphore`` override returns the token both document).  Controls: an override
that returns nothing either, and a method nothing overrides, stay reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.returns_raises import c3_returns_without_value

from tests.names_helpers import messages
from tests.static_helpers import project_input

_BASE = '''
class TaskSemaphore:
    def acquire(self, tag, blocking=True):
        """Acquire the semaphore.

        :returns: A token to use when releasing the semaphore
        """
        self._semaphore.acquire(blocking)

    def release(self, tag, token):
        """Release the semaphore.

        :returns: The count left
        """
        self._semaphore.release()
'''

_SUB = """
from pkg.base import TaskSemaphore


class SlidingWindowSemaphore(TaskSemaphore):
    def acquire(self, tag, blocking=True):
        self._count += 1
        return self._count

    def release(self, tag, token):
        self._count -= 1
"""


def _found(tmp_path: Path, qualname: str, sub: str = _SUB) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/base.py": _BASE, "pkg/window.py": sub}
    return messages(
        c3_returns_without_value(project_input(tmp_path, files, "pkg/base.py", qualname))
    )


def test_an_override_returning_the_value_speaks_for_the_interface(tmp_path: Path) -> None:
    assert _found(tmp_path, "TaskSemaphore.acquire") == []


def test_an_override_returning_nothing_or_none_at_all_stays_reported(tmp_path: Path) -> None:
    # controls: ``release`` is overridden by a method that returns nothing either; without the
    # subclass nothing overrides ``acquire``
    assert _found(tmp_path / "a", "TaskSemaphore.release") == [
        "documents a return value, but release() never returns one"
    ]
    assert _found(tmp_path / "b", "TaskSemaphore.acquire", "X = 1\n") == [
        "documents a return value, but acquire() never returns one"
    ]
