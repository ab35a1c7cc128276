"""A one-line progress bar on stderr for long CLI runs, with no dependency.

``checking 123/1790 files  [=>                  ] 6.9 s`` is redrawn in place with ``\\r``, at
most ten times a second, and only when stderr is a terminal: piped or captured output (CI logs,
the language server, ``2> file``) never sees it.  It uses no colour and no escape sequences,
so ``NO_COLOR`` needs nothing more; ``TERM=dumb`` terminals (editor shell buffers) that do not
honour ``\\r`` get no bar at all, as does ``--no-progress``.  Anything else written to the
stream while the bar is shown must go through :meth:`ProgressBar.print_above` (or follow
:meth:`ProgressBar.clear`) so the bar never ends up in the middle of a message; during a
:meth:`ProgressBar.stage`, log records sent to the same stream clear the bar by themselves.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import TracebackType
from typing import TextIO

__all__ = ["ProgressBar", "progress_wanted"]

BAR_WIDTH = 20
MIN_INTERVAL_S = 0.1


def progress_wanted(
    stream: TextIO, *, disabled: bool = False, environ: Mapping[str, str] | None = None
) -> bool:
    """Whether a bar belongs on ``stream``: a terminal, not ``TERM=dumb``, not ``disabled``."""
    env = os.environ if environ is None else environ
    if disabled or env.get("TERM", "") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # closed or not a real stream
        return False


class ProgressBar:
    """Counts finished items and redraws one status line; every method is thread-safe.

    With ``enabled`` left as ``None`` the bar decides by :func:`progress_wanted`; a disabled
    bar counts but writes nothing except what :meth:`print_above` is given.  ``clock``
    (seconds, monotonic) and ``columns`` (terminal width) exist so tests need no real time and
    no real terminal.
    """

    def __init__(
        self,
        total: int,
        *,
        label: str = "checking",
        unit: str = "files",
        stream: TextIO | None = None,
        enabled: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
        min_interval: float = MIN_INTERVAL_S,
        columns: int | None = None,
    ) -> None:
        self.total = max(0, total)
        self.done = 0
        self.label = label
        self.unit = unit
        self._stream = sys.stderr if stream is None else stream
        self._enabled = progress_wanted(self._stream) if enabled is None else enabled
        self._clock = clock
        self._min_interval = min_interval
        self._columns = columns
        self._started = clock()
        self._last_draw: float | None = None
        self._shown = 0  # characters of the bar now on the terminal line
        self._lock = threading.Lock()

    @classmethod
    def for_stderr(cls, *, enabled: bool = True) -> ProgressBar:
        """A bar on stderr for a run of :meth:`stage`; drawn only if ``enabled`` and
        :func:`progress_wanted` agree."""
        return cls(0, stream=sys.stderr, enabled=enabled and progress_wanted(sys.stderr))

    @property
    def enabled(self) -> bool:
        return self._enabled

    @contextmanager
    def stage(self, label: str, *, unit: str = "files", total: int = 0) -> Iterator[ProgressBar]:
        """Count a new stage from zero (elapsed time too) and erase the bar when it ends.

        Records that the root logger's handlers write to this bar's stream erase the bar
        first, so a warning logged mid-stage is never glued to the end of the bar.
        """
        with self._lock:
            self._erase()
            self.label, self.unit = label, unit
            self.total, self.done = max(0, total), 0
            self._started, self._last_draw = self._clock(), None
        handlers = [
            h for h in logging.getLogger().handlers if getattr(h, "stream", None) is self._stream
        ]
        for handler in handlers:
            handler.addFilter(self._clear_before_log)
        try:
            yield self
        finally:
            for handler in handlers:
                handler.removeFilter(self._clear_before_log)
            self.clear()

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more finished items and redraw if the last draw is old enough."""
        with self._lock:
            self.done += n
            self._maybe_draw()

    def update(self, done: int, total: int) -> None:
        """Set both counts; its signature fits ``ProjectGraph.index``'s ``progress`` callback."""
        with self._lock:
            self.done, self.total = done, max(0, total)
            self._maybe_draw()

    def clear(self) -> None:
        """Erase the bar from the terminal line (the next redraw brings it back)."""
        with self._lock:
            self._erase()

    def print_above(self, message: str) -> None:
        """Write ``message`` and a newline with the bar out of the way, then redraw it."""
        with self._lock:
            self._erase()
            self._write(message + "\n")
            if self._last_draw is not None:
                self._draw()

    def close(self) -> None:
        """Erase the bar for good; later calls count but draw nothing."""
        with self._lock:
            self._erase()
            self._enabled = False

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def render(self, width: int) -> str:
        """The status line for the current counts, cut to ``width`` characters."""
        elapsed = max(0.0, self._clock() - self._started)
        if self.total > 0:
            filled = min(BAR_WIDTH, BAR_WIDTH * self.done // self.total)
            bar = "=" * filled
            if filled < BAR_WIDTH:
                bar = (bar + ">").ljust(BAR_WIDTH)
            text = f"{self.label} {self.done}/{self.total} {self.unit}  [{bar}] {elapsed:.1f} s"
        else:
            text = f"{self.label} {self.done} {self.unit}  {elapsed:.1f} s"
        return text[: max(0, width)]

    def _clear_before_log(self, record: logging.LogRecord) -> bool:
        self.clear()
        return True

    # ---- drawing (called with the lock held) ---------------------------------------------

    def _maybe_draw(self) -> None:
        if not self._enabled:
            return
        now = self._clock()
        finished = self.total > 0 and self.done >= self.total
        if self._last_draw is None or finished or now - self._last_draw >= self._min_interval:
            self._last_draw = now
            self._draw()

    def _draw(self) -> None:
        if not self._enabled:
            return
        # one column short of the width: writing the last column wraps on many terminals,
        # and a wrapped line can no longer be redrawn with \r
        line = self.render(self._width() - 1)
        if not line and not self._shown:
            return
        padding = " " * max(0, self._shown - len(line))
        self._write("\r" + line + padding)
        self._shown = len(line) + len(padding)

    def _erase(self) -> None:
        if self._enabled and self._shown:
            self._write("\r" + " " * self._shown + "\r")
            self._shown = 0

    def _width(self) -> int:
        if self._columns is not None:
            return self._columns
        try:
            columns = os.get_terminal_size(self._stream.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
        # a pseudo-terminal that never had its size set reports 0 columns
        return columns if columns > 0 else shutil.get_terminal_size().columns

    def _write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):
            # a closed or broken stderr must not stop the run the bar reports on
            self._enabled = False
            self._shown = 0
