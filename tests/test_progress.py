"""The terminal progress bar: what it draws, how often, and when it stays silent."""

from __future__ import annotations

import io
import logging
import os
import threading

import pytest
from docref.console.progress import ProgressBar, progress_wanted


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        if self.closed:  # as a real closed file does
            raise ValueError("I/O operation on closed file")
        return True


class BrokenTTY(FakeTTY):
    def write(self, text: str) -> int:
        raise BrokenPipeError("stderr went away")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def bar_on(stream: io.StringIO, clock: Clock, total: int = 1790) -> ProgressBar:
    """A bar that decides by itself whether ``stream`` gets one, on a wide fake terminal."""
    return ProgressBar(total, stream=stream, clock=clock, columns=200)


def drawn(stream: io.StringIO) -> list[str]:
    """The non-blank lines drawn, in order (each draw starts with a carriage return)."""
    return [part.rstrip() for part in stream.getvalue().split("\r") if part.strip()]


def test_line_shows_counts_bar_and_elapsed_time() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock)
    clock.now += 6.9
    bar.advance(123)
    assert drawn(stream) == ["checking 123/1790 files  [=>                  ] 6.9 s"]
    assert stream.getvalue().startswith("\r")
    assert "\x1b" not in stream.getvalue()


def test_bar_fills_in_proportion_and_ends_full() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock, total=4)
    bar.advance(2)
    clock.now += 1
    bar.advance(2)
    assert drawn(stream) == [
        "checking 2/4 files  [==========>         ] 0.0 s",
        "checking 4/4 files  [====================] 1.0 s",
    ]


def test_unknown_total_shows_a_count_without_a_bar() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock, total=0)
    bar.advance(7)
    assert drawn(stream) == ["checking 7 files  0.0 s"]


def test_redraws_are_throttled_to_ten_a_second() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock, total=1000)
    for _ in range(50):  # same instant: only the first call draws
        bar.advance()
    clock.now += 0.05
    bar.advance()
    assert len(drawn(stream)) == 1
    clock.now += 0.05
    bar.advance()
    assert drawn(stream)[-1].startswith("checking 52/1000 files")
    for _ in range(100):  # 10 s in 0.01 s steps: at most 10 draws a second
        clock.now += 0.01
        bar.advance()
    assert 2 <= len(drawn(stream)) <= 2 + 10
    assert bar.done == 152


def test_the_final_count_is_drawn_even_inside_the_interval() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock, total=3)
    bar.advance(2)
    bar.advance(1)
    assert drawn(stream)[-1].startswith("checking 3/3 files")


def test_nothing_is_written_when_stderr_is_not_a_terminal() -> None:
    stream, clock = io.StringIO(), Clock()
    bar = bar_on(stream, clock, total=10)
    for _ in range(10):
        clock.now += 1
        bar.advance()
    bar.update(10, 10)
    bar.clear()
    bar.close()
    assert not bar.enabled
    assert bar.done == 10
    assert stream.getvalue() == ""


def test_messages_still_reach_a_non_terminal() -> None:
    stream = io.StringIO()
    bar = ProgressBar(5, stream=stream, clock=Clock())
    bar.advance()
    bar.print_above("warning: something")
    assert stream.getvalue() == "warning: something\n"


@pytest.mark.parametrize(
    ("environ", "disabled", "expected"),
    [
        ({}, False, True),
        ({"TERM": "xterm-256color"}, False, True),
        ({"TERM": "dumb"}, False, False),
        ({"NO_COLOR": "1"}, False, True),  # the bar has no colour to take away
        ({}, True, False),
    ],
)
def test_progress_wanted(environ: dict[str, str], disabled: bool, expected: bool) -> None:
    assert progress_wanted(FakeTTY(), disabled=disabled, environ=environ) is expected
    assert progress_wanted(io.StringIO(), disabled=disabled, environ=environ) is False


def test_closed_stream_is_not_a_terminal() -> None:
    stream = FakeTTY()
    stream.close()
    assert progress_wanted(stream, environ={}) is False


def test_clear_and_print_above_keep_the_bar_out_of_messages() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock, total=10)
    bar.advance(3)
    line = "checking 3/10 files  [======>             ] 0.0 s"
    bar.print_above("a message")
    width = len(line)
    assert stream.getvalue() == (
        f"\r{line}" + "\r" + " " * width + "\r" + "a message\n" + f"\r{line}"
    )
    bar.clear()
    assert stream.getvalue().endswith("\r" + " " * width + "\r")
    bar.clear()  # nothing shown any more: nothing written
    assert stream.getvalue().endswith("\r" + " " * width + "\r")


def test_close_erases_and_stops_drawing() -> None:
    stream, clock = FakeTTY(), Clock()
    with bar_on(stream, clock, total=10) as bar:
        bar.advance(5)
    written = stream.getvalue()
    assert written.endswith("\r" + " " * len(drawn(stream)[0]) + "\r")
    clock.now += 5
    bar.advance(5)
    assert stream.getvalue() == written


def test_a_shorter_line_overwrites_the_longer_one_completely() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock, total=0)
    bar.update(1000, 10000)
    clock.now += 1
    bar.update(5, 10)
    first, second = stream.getvalue().split("\r")[1:]
    assert second.rstrip() == "checking 5/10 files  [==========>         ] 1.0 s"
    assert len(second) == len(first)


def test_line_is_cut_to_the_terminal_width() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = ProgressBar(1790, stream=stream, clock=clock, columns=30)
    bar.advance(123)
    assert drawn(stream) == ["checking 123/1790 files  [=>"]
    assert all(len(part) <= 29 for part in stream.getvalue().split("\r"))


def test_update_fits_the_index_progress_callback() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = ProgressBar(0, label="indexing", stream=stream, clock=clock, columns=200)
    bar.update(50, 200)
    assert drawn(stream) == ["indexing 50/200 files  [=====>              ] 0.0 s"]


def test_advance_is_thread_safe() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = bar_on(stream, clock, total=8000)

    def work() -> None:
        for _ in range(1000):
            bar.advance()

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert bar.done == 8000
    assert drawn(stream)[-1].startswith("checking 8000/8000 files  [====================]")
    # draws never interleave: every drawn line is a whole line
    assert all(line.startswith("checking ") and line.endswith(" s") for line in drawn(stream))


def test_a_broken_stream_turns_the_bar_off_instead_of_failing() -> None:
    bar = ProgressBar(10, stream=BrokenTTY(), clock=Clock(), columns=80)
    assert bar.enabled
    bar.advance()
    assert not bar.enabled
    bar.advance()
    bar.print_above("lost, but no crash")
    bar.close()
    assert bar.done == 2


# ---------------------------------------------------------------- stages, as `docref check` runs


def test_for_stderr_follows_the_terminal_and_the_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.setattr("sys.stderr", FakeTTY())
    assert ProgressBar.for_stderr().enabled
    assert not ProgressBar.for_stderr(enabled=False).enabled
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert not ProgressBar.for_stderr().enabled


def test_stages_restart_the_count_and_erase_the_bar_when_done() -> None:
    stream, clock = FakeTTY(), Clock()
    bar = ProgressBar(0, stream=stream, clock=clock, columns=200)
    with bar.stage("indexing") as indexing:
        indexing.update(10, 20)
        clock.now += 2
    after_first = stream.getvalue()
    assert after_first.endswith("\r" + " " * len(drawn(stream)[0]) + "\r")
    with bar.stage("asking the model", unit="checks", total=4) as asking:
        asking.advance()
    assert drawn(stream) == [
        "indexing 10/20 files  [==========>         ] 0.0 s",
        "asking the model 1/4 checks  [=====>              ] 0.0 s",
    ]
    assert bar.done == 1 and bar.total == 4


def test_a_log_record_during_a_stage_erases_the_bar_first() -> None:
    stream, clock = FakeTTY(), Clock()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("docref: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        bar = ProgressBar(0, stream=stream, clock=clock, columns=200)
        with bar.stage("checking", total=10) as checking:
            checking.advance(3)
            logging.getLogger("docref.test").warning("cache write failed")
        line = "checking 3/10 files  [======>             ] 0.0 s"
        blank = "\r" + " " * len(line) + "\r"
        assert stream.getvalue() == f"\r{line}{blank}docref: cache write failed\n"
        assert handler.filters == []  # nothing left behind on the handler
    finally:
        root.removeHandler(handler)


class SizelessTTY(FakeTTY):
    def fileno(self) -> int:
        return 2


def test_a_terminal_reporting_zero_columns_falls_back_to_columns_env(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # pseudo-terminals that never had a size set (script, some CI runners) report 0 columns
    monkeypatch.setattr("os.get_terminal_size", lambda fd: os.terminal_size((0, 0)))
    monkeypatch.setenv("COLUMNS", "30")
    monkeypatch.setenv("LINES", "20")
    stream = SizelessTTY()
    bar = ProgressBar(1790, stream=stream, clock=Clock())
    bar.advance(123)
    assert drawn(stream) == ["checking 123/1790 files  [=>"]
